//! English checkers' computer player and referee behind a small line
//! protocol on standard input and output, for match scripts that play it
//! against another program (`scripts/darkhorse_match.py` plays it against
//! DarkHorse).
//!
//! ```text
//! cargo run --release --example checkers_engine -- [--level N] [--hand | --weights FILE]
//!     [--endgame DIR [--endgame-pieces N]] [--no-book] [--book-seed S]
//! ```
//!
//! The player is `rulebook::checkers::engine(N)` (default: the strongest
//! level; it judges positions with the learned evaluation from
//! `checkers::FIRST_LEARNED_LEVEL` on, with the hand-set one under
//! `--hand`, with the learned evaluation of the weights FILE the trainer
//! made under `--weights FILE`); with `--endgame DIR` it probes the
//! English endgame databases in DIR (built by the `endgame` example; only those of up to N pieces
//! with `--endgame-pieces N`, e.g. while a larger build is going). From
//! level 3 on it plays from the shipped opening book
//! (`rulebook::checkers::shipped_book`, the Open Checkers Archive's first
//! 24 plies) while the game is in it: `go` then answers at once with
//! `depth=0 nodes=0`; the book's draws are seeded with S (`--book-seed`,
//! default 0) and go on from game to game, so that `new` games vary;
//! `--no-book` searches every move. The game is a
//! `rulebook::Match` under the tournament draw rules (threefold
//! repetition; 40 moves each without a capture or a man's move), so this
//! program is also the referee: every move of either side goes through
//! `play`, which takes only a legal move.
//!
//! A move is written `from>to` for a quiet move and `from>to:c1,c2,...`
//! for a capture (`c1,c2,...` the squares of the pieces taken, in the
//! order they are taken); squares are numbered 1 to 32 as in English
//! checkers. One answer line per command:
//!
//! - `new` starts a game from the start position: `ok`;
//! - `moves`: `moves M1 M2 ...`, the legal moves (`moves -` for none);
//! - `play M` plays the legal move with M's start, end and set of taken
//!   squares: `ok ongoing`, or `ok over <result> <reason>` when the game
//!   has ended (`Red-wins` (Red is the first player, PDN's Black),
//!   `White-wins` or `draw`, and the reason, spaces written as `-`); a move
//!   that is not legal gets `error ...` and changes nothing;
//! - `go MS` lets the player think MS milliseconds on the position (it
//!   plays nothing): `move M depth=D nodes=N score=S time=MS`;
//! - `fen`: `fen <the position's FEN>`;
//! - `quit` or the end of the input ends the program. Anything else gets
//!   `error ...`.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use rulebook::checkers::{self, Checkers, Move};
use rulebook::draughts::EnglishRules;
use rulebook::endgame::Tablebase;
use rulebook::search::{Engine, Limits};
use rulebook::{DrawRules, EndReason, Game, Match};

const USAGE: &str = "usage: checkers_engine [--level N] [--hand | --weights FILE] \
     [--endgame DIR [--endgame-pieces N]] [--no-book] [--book-seed S]";

/// The command line's choices.
struct Options {
    level: u32,
    hand: bool,
    weights: Option<PathBuf>,
    endgame: Option<PathBuf>,
    endgame_pieces: Option<u32>,
    no_book: bool,
    book_seed: u64,
}

/// The options, or `None` when help was asked for.
fn parse_options() -> Result<Option<Options>, String> {
    let mut options = Options {
        level: checkers::MAX_LEVEL,
        hand: false,
        weights: None,
        endgame: None,
        endgame_pieces: None,
        no_book: false,
        book_seed: checkers::BOOK_SEED,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--level" => {
                let text = args.next().ok_or("--level needs a number")?;
                options.level = text
                    .parse()
                    .map_err(|_| format!("--level {text} is not a number"))?;
            }
            "--hand" => options.hand = true,
            "--weights" => {
                options.weights = Some(args.next().ok_or("--weights needs a file")?.into());
            }
            "--no-book" => options.no_book = true,
            "--book-seed" => {
                let text = args.next().ok_or("--book-seed needs a number")?;
                options.book_seed = text
                    .parse()
                    .map_err(|_| format!("--book-seed {text} is not a number"))?;
            }
            "--help" | "-h" => return Ok(None),
            "--endgame" => {
                options.endgame = Some(args.next().ok_or("--endgame needs a directory")?.into());
            }
            "--endgame-pieces" => {
                let text = args.next().ok_or("--endgame-pieces needs a number")?;
                options.endgame_pieces = Some(
                    text.parse()
                        .map_err(|_| format!("--endgame-pieces {text} is not a number"))?,
                );
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if options.hand && options.weights.is_some() {
        return Err("--hand and --weights each choose the evaluation: give one".into());
    }
    Ok(Some(options))
}

/// The player the options ask for.
fn build_engine(options: &Options) -> Result<Engine<Checkers>, String> {
    let engine = if options.hand {
        checkers::engine_with(options.level, checkers::Evaluation::new())
    } else if let Some(path) = &options.weights {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        // The evaluation borrows its weights for the program's life.
        let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        let evaluation = checkers::LearnedEvaluation::from_bytes(bytes)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        checkers::engine_with(options.level, evaluation)
    } else {
        checkers::engine(options.level)
    }
    .map_err(|e| e.to_string())?;
    let mut engine = if options.no_book {
        engine.without_book()
    } else {
        engine
    };
    engine.set_book_seed(options.book_seed);
    Ok(match &options.endgame {
        Some(dir) => {
            let tablebase = match options.endgame_pieces {
                Some(pieces) => Tablebase::<EnglishRules>::open_pieces(dir, pieces),
                None => Tablebase::<EnglishRules>::open(dir),
            }
            .map_err(|e| e.to_string())?;
            engine.with_endgame(Arc::new(tablebase))
        }
        None => engine,
    })
}

/// `mv` in the protocol's text: `from>to[:taken,...]`.
fn move_text(mv: Move) -> String {
    let mut text = format!("{}>{}", mv.from(), mv.to());
    let taken: Vec<String> = mv.captured().map(|square| square.to_string()).collect();
    if !taken.is_empty() {
        text.push(':');
        text.push_str(&taken.join(","));
    }
    text
}

/// A move's start, end and sorted taken squares, as numbers.
fn move_key(text: &str) -> Option<(u8, u8, Vec<u8>)> {
    let (squares, taken) = text.split_once(':').unwrap_or((text, ""));
    let (from, to) = squares.split_once('>')?;
    let mut taken: Vec<u8> = taken
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().ok())
        .collect::<Option<_>>()?;
    taken.sort_unstable();
    Some((from.parse().ok()?, to.parse().ok()?, taken))
}

/// The status after a move: `ongoing` or `over <result> <reason>`.
fn status(game: &Match<Checkers>) -> String {
    match game.result() {
        None => "ongoing".to_owned(),
        Some(result) => {
            let reason = match result.reason {
                EndReason::Rules(ending) => ending.to_string(),
                other => format!("{other:?}").to_lowercase(),
            };
            let outcome = result.outcome.to_string();
            format!(
                "over {} {}",
                outcome.replace(' ', "-"),
                reason.replace(' ', "-")
            )
        }
    }
}

/// The answer to one command line.
fn answer(line: &str, game: &mut Match<Checkers>, engine: &mut Engine<Checkers>) -> String {
    let mut words = line.split_whitespace();
    match (words.next(), words.next()) {
        (Some("new"), None) => {
            *game = Match::with_rules(Checkers::new(), DrawRules::TOURNAMENT);
            engine.new_game();
            "ok".to_owned()
        }
        (Some("moves"), None) => {
            let moves: Vec<String> = game
                .position()
                .legal_moves()
                .into_iter()
                .map(move_text)
                .collect();
            if moves.is_empty() {
                "moves -".to_owned()
            } else {
                format!("moves {}", moves.join(" "))
            }
        }
        (Some("play"), Some(text)) => {
            if game.is_over() {
                return "error the game is over".to_owned();
            }
            let Some(key) = move_key(text) else {
                return format!("error cannot read the move {text}");
            };
            let legal = game.position().legal_moves();
            let Some(&mv) = legal
                .iter()
                .find(|&&mv| move_key(&move_text(mv)).as_ref() == Some(&key))
            else {
                return format!(
                    "error {text} is not a legal move in {}",
                    game.position().to_fen()
                );
            };
            match game.play(mv) {
                Ok(_) => format!("ok {}", status(game)),
                Err(e) => format!("error {e}"),
            }
        }
        (Some("go"), Some(ms)) => {
            let Ok(ms) = ms.parse::<u64>() else {
                return format!("error go {ms}: not a number of milliseconds");
            };
            if game.is_over() {
                return "error the game is over".to_owned();
            }
            engine.set_limits(Limits::time(Duration::from_millis(ms)));
            let result = engine.think(&*game);
            let mv = result.best_move.unwrap_or(game.position().legal_moves()[0]);
            format!(
                "move {} depth={} nodes={} score={} time={}",
                move_text(mv),
                result.depth,
                result.nodes,
                result.score.to_string().replace(' ', "_"),
                result.elapsed.as_millis()
            )
        }
        (Some("fen"), None) => format!("fen {}", game.position().to_fen()),
        _ => format!("error unknown command: {line}"),
    }
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut engine = match build_engine(&options) {
        Ok(engine) => engine,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut game = Match::with_rules(Checkers::new(), DrawRules::TOURNAMENT);
    let stdout = io::stdout();
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if line == "quit" {
            break;
        }
        if line.is_empty() {
            continue;
        }
        let reply = answer(line, &mut game, &mut engine);
        let mut out = stdout.lock();
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}
