//! Plays computer players against each other and counts the results: the
//! strength figures of the README and the release notes come from here.
//!
//! ```text
//! cargo run --release --example engine_match -- <GAME> <A> <B>
//!     [--games N] [--opening-plies K] [--seed S] [--threads T] [--quiet]
//!     [--first-game F] [--results FILE] [--endgame DIR] [--endgame-pieces N]
//!     [--balanced M] [--move-limit N]
//! ```
//!
//! GAME is any game of the catalog's registry, by its
//! `rulebook::catalog::GameSpec` name: `connect4`, `connectx` (with its
//! size: `connectx:8x9x5`), `checkers`, a draughts variant
//! (`international`, `brazilian`, `russian`, ...), `othello`, `turkish`,
//! ..., each played under its draw rules (`Described::draw_rules`). A game
//! added to the registry plays here with nothing to add.
//!
//! A player is one of:
//! - `random`: a uniformly random legal move;
//! - `greedy`: a move that wins at once if there is one, else the move
//!   that captures the most pieces (`Described::captured`: Othello's
//!   flipped discs), else a random move;
//! - `level:N`: the game's computer player of level N
//!   (`Described::engine`: `rulebook::checkers::engine(N)`,
//!   `rulebook::draughts::engine(N)`, ...);
//! - `time:MS`, `nodes:N`, `depth:N`: the engine of the strongest level
//!   that searches within limits, searching MS milliseconds, N nodes (or
//!   playouts, for ConnectX's Monte Carlo levels), or N plies a move (for
//!   Connect Four, `level:7` is the perfect player, which takes no limits:
//!   these are level 6's engine);
//! - `mcts:N`: Monte Carlo tree search with N playouts a move;
//! - `hub:N:PROGRAM` (draughts variants): another program speaking Hub
//!   (version 2, as the `hub` example does), searching N nodes a move
//!   (`level nodes=N`): for instance an earlier build of the `hub` example,
//!   to measure a change of the search against the version before it at
//!   equal nodes. The program is started once per game.
//!
//! An engine player (`level:`, `time:`, `nodes:`, `depth:`) of checkers or
//! a draughts variant (the games with more than one evaluation; the others
//! refuse these with a message) may end in `@hand` or `@learned`: the same engine
//! judging positions with the hand-set evaluation or with the learned one
//! (`rulebook::checkers::LearnedEvaluation` with the shipped weights)
//! instead of the level's own: `depth:6@learned` against `depth:6@hand`
//! compares the evaluations at equal search. `@weights=FILE` plays the
//! learned evaluation (`checkers::LearnedEvaluation`,
//! `draughts::LearnedEvaluation`) with the weights FILE, made by the
//! `trainer` workspace member.
//!
//! An engine player ending in `+endgame` (after any `@...`:
//! `level:5+endgame`, `nodes:100000@hand+endgame`) probes the endgame
//! databases of `--endgame DIR` (checkers and draughts variants; built by
//! the `endgame` example) in its search and plays their move in a position
//! they hold (`Engine::with_endgame`); `--endgame-pieces N` reads only the
//! databases up to N pieces (e.g. while a larger build is still going).
//! The databases are read once and shared by every game and thread.
//!
//! Engines of checkers, International and Russian play from the crate's
//! opening book while the game is in it (`Engine::with_book`; levels from
//! 3 on, and `time:`, `nodes:`, `depth:`), each player drawing the book's
//! moves with its own seed from `--seed`; an engine player ending in
//! `+nobook` (last: `level:5+endgame+nobook`) searches every move instead.
//! The summary counts each side's book moves.
//!
//! Games come in pairs: both games of a pair start with the same random
//! opening of K plies (default 4; 0 for none) and A plays first in one and
//! second in the other. With `--balanced M` an opening is kept only when
//! the game's strongest engine, searching `BALANCE_DEPTH` plies with the
//! game's own evaluation (no book, no databases), scores it within M of
//! even (in the engine's units: hundredths of a man in checkers and
//! draughts); the pair draws random openings until one is (at most
//! `BALANCE_TRIES`, then it keeps the closest). A random opening can give
//! a man away, and then each side wins the game it plays with the man up:
//! such pairs say nothing of strength and `--balanced` leaves them out.
//! Checkers games are played under the tournament
//! draw rules (threefold repetition, 40 moves each without a capture or a
//! man's move), every game under its own; a game still going after 500
//! plies is scored a draw. `--move-limit N` replaces the game's move limit
//! with N moves a side without an irreversible move (in draughts: no
//! capture and no man's move), as a referee would adjudicate: Spanish and
//! Czech draughts have none, so their drawn king endings otherwise run to
//! the 500-ply cap.
//! Random players and openings come from the seed (default 1), so with
//! node- or depth-limited engines a run is the same on every machine and
//! with any number of threads.
//!
//! Prints one line per game (unless `--quiet`), then A's wins, draws and
//! losses, A's share of the decided games, and each side's thinking time
//! and speed. Bad arguments print the usage on stderr and exit with code 2.
//!
//! Long matches need not be played in one go. Games are numbered 1 to N
//! and each is the same whenever it is played (its opening and random
//! players come from the seed and its number), so `--first-game F` plays
//! games F to N only. `--results FILE` appends each game's result to FILE
//! as soon as it ends (a first line names the match: game, players,
//! opening plies, seed); run again with the same FILE, the match skips the
//! games the file already holds and counts them in the summary, so a
//! stopped match goes on where it was and loses at most the games that
//! were being played. A FILE of another match is refused.

#[path = "support/output.rs"]
mod output;
use output::outln;

use std::fs::File;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rulebook::catalog::{Described, GameSpec, GameVisitor, SpecError};
use rulebook::checkers::{self, Checkers};
use rulebook::draughts::{self, Draughts};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rulebook::endgame::Tablebase;
use rulebook::search::{Engine, Limits, Mcts, Oracle};
use rulebook::{DrawRules, EndReason, Game, Match, Outcome, SplitMix64};

const USAGE: &str = "\
usage: engine_match <GAME> <A> <B> [--games N] [--opening-plies K]
                    [--seed S] [--threads T] [--quiet] [--first-game F]
                    [--results FILE] [--endgame DIR] [--endgame-pieces N]
                    [--balanced M] [--move-limit N]

games: {games}
  (connectx takes its size: connectx:ROWSxCOLUMNSxN, e.g. connectx:8x9x5)
players: random | greedy | level:N | time:MS | nodes:N | depth:N | mcts:N | hub:N:PROGRAM
  an engine player ending in +nobook (last) leaves out the opening book
  an engine player may end in @hand or @learned (checkers, draughts): its
  evaluation, the hand-set or the shipped learned one (checkers, International), instead of
  the level's own; @weights=FILE: the learned one with the weights FILE (made
  by the trainer; checkers or draughts); hub: players play draughts variants
  --games N          games to play (default 10; pairs with colours swapped)
  --opening-plies K  random plies before the players take over (default 4)
  --seed S           seed of the random players and openings (default 1)
  --threads T        games played at once (default 1)
  --quiet            print only the summary
  --first-game F     play games F to N only (default 1): each game is the
                     same whatever else is played
  --results FILE     append each game's result to FILE as it ends; run
                     again with FILE, skip the games it holds and count them
  --endgame DIR      the endgame databases of the players ending in +endgame
                     (e.g. level:5+endgame; checkers and draughts variants)
  --endgame-pieces N read the databases only up to N pieces (default: all)
  --balanced M       keep only openings a search scores within M of even
                     (hundredths of a man in checkers and draughts)
  --move-limit N     draw after N moves a side without a capture or a man's
                     move (an irreversible move), in place of the game's
                     own move limit";

/// The usage text, with the games of the registry.
fn usage() -> String {
    USAGE.replace("{games}", &GameSpec::NAMES.join(", "))
}

/// [`run`] for any game of the catalog, with what every game offers.
struct RunGame<'a>(&'a Options);

impl GameVisitor for RunGame<'_> {
    type Output = Result<(), String>;
    fn visit<G: Described>(self, start: G) -> Result<(), String> {
        run(self.0, Arena::new(start, Extras::NONE)?)
    }
}

/// [`run`] for a draughts variant, with its evaluations, Hub and endgame
/// databases.
struct RunDraughts<'a>(&'a Options);

impl draughts::RulesVisitor for RunDraughts<'_> {
    type Output = Result<(), String>;
    fn visit<R: draughts::Rules>(self) -> Result<(), String> {
        run(
            self.0,
            Arena::new(Draughts::<R>::default(), draughts_extras())?,
        )
    }
}

/// Plays the match of `options` in the game it names: every game of the
/// registry, checkers and the draughts variants with their extras.
fn play_match(options: &Options) -> Result<(), String> {
    let spec: GameSpec = options.game.parse().map_err(|e: SpecError| e.to_string())?;
    match spec {
        GameSpec::Checkers => run(options, Arena::new(Checkers::default(), checkers_extras())?),
        GameSpec::Draughts(variant) => variant.rules().visit_rules(RunDraughts(options)),
        other => other.visit(RunGame(options)),
    }
}

/// The exit code for bad arguments.
const USAGE_ERROR: u8 = 2;
/// A game this long is stopped and scored a draw.
const MAX_GAME_PLIES: usize = 500;

/// A player, as the command line names it.
#[derive(Clone, Debug)]
enum Spec {
    Random,
    Greedy,
    Level(u32, Eval),
    Time(u64, Eval),
    Nodes(u64, Eval),
    Depth(u32, Eval),
    Mcts(u64),
    /// A Hub program and its nodes a move.
    Hub(u64, String),
}

/// The evaluation of an engine player.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Eval {
    /// The one `engine(level)` uses.
    Level,
    /// The hand-set evaluation.
    Hand,
    /// The learned evaluation.
    Learned,
    /// The learned evaluation with weights read from a file.
    Weights(&'static [u8]),
}

/// The match's header names the evaluation, not the weights' bytes.
impl std::fmt::Debug for Eval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Eval::Level => f.write_str("Level"),
            Eval::Hand => f.write_str("Hand"),
            Eval::Learned => f.write_str("Learned"),
            Eval::Weights(bytes) => write!(f, "Weights({} bytes)", bytes.len()),
        }
    }
}

impl Spec {
    /// The player `text` names, and whether it ends in `+endgame`.
    fn parse_with_endgame(text: &str) -> Result<(Spec, bool), String> {
        match text.strip_suffix("+endgame") {
            Some(engine) => {
                let spec = Spec::parse(engine)?;
                if matches!(
                    spec,
                    Spec::Random | Spec::Greedy | Spec::Mcts(_) | Spec::Hub(..)
                ) {
                    return Err(format!("player {text:?} has no search to probe databases"));
                }
                Ok((spec, true))
            }
            None => Ok((Spec::parse(text)?, false)),
        }
    }

    fn parse(text: &str) -> Result<Spec, String> {
        let (text, eval) = match text.split_once('@') {
            None => (text, Eval::Level),
            Some((engine, "hand")) => (engine, Eval::Hand),
            Some((engine, "learned")) => (engine, Eval::Learned),
            Some((engine, file)) if file.starts_with("weights=") => {
                let path = &file["weights=".len()..];
                let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
                (engine, Eval::Weights(Box::leak(bytes.into_boxed_slice())))
            }
            Some((_, other)) => {
                return Err(format!(
                    "player {text:?}: unknown evaluation {other:?} (hand or learned)"
                ))
            }
        };
        let spec = Self::parse_engine(text, eval)?;
        if eval != Eval::Level && matches!(spec, Spec::Random | Spec::Greedy | Spec::Mcts(_)) {
            return Err(format!("player {text:?} has no evaluation to choose"));
        }
        Ok(spec)
    }

    fn parse_engine(text: &str, eval: Eval) -> Result<Spec, String> {
        let number = |value: &str| {
            value
                .parse::<u64>()
                .map_err(|_| format!("player {text:?}: {value:?} is not a whole number"))
        };
        let small = |value: &str| {
            number(value).and_then(|n| {
                u32::try_from(n).map_err(|_| format!("player {text:?}: {n} is too large"))
            })
        };
        match text.split_once(':') {
            None if text == "random" => Ok(Spec::Random),
            None if text == "greedy" => Ok(Spec::Greedy),
            Some(("level", n)) => Ok(Spec::Level(small(n)?, eval)),
            Some(("time", ms)) => Ok(Spec::Time(number(ms)?, eval)),
            Some(("nodes", n)) => Ok(Spec::Nodes(number(n)?, eval)),
            Some(("depth", n)) => Ok(Spec::Depth(small(n)?, eval)),
            Some(("mcts", n)) => Ok(Spec::Mcts(number(n)?)),
            Some(("hub", rest)) => match rest.split_once(':') {
                Some((n, program)) if !program.is_empty() => {
                    Ok(Spec::Hub(number(n)?, program.to_owned()))
                }
                _ => Err(format!("player {text:?}: say hub:NODES:PROGRAM")),
            },
            _ => Err(format!("unknown player {text:?}")),
        }
    }
}

/// What this program can do with some games only, beyond what every game
/// of the catalog offers through `Described` (levels, draw rules,
/// captures): choosing an engine's evaluation, Hub programs, endgame
/// databases. Every game of the registry plays without them.
struct Extras<G: Game> {
    /// The engine of a level judging with the evaluation a player names
    /// after `@`; `None` when the game has one evaluation.
    evaluations: Option<EngineWith<G>>,
    /// The Hub protocol's name and notation of the game, for `hub:`
    /// players; `None` when Hub does not play it.
    hub: Option<HubNotation<G>>,
    /// Opens the game's endgame databases in a directory (up to a number
    /// of pieces, or every one there); `None` when it has none.
    endgame: Option<OpenEndgame<G>>,
}

/// Builds the engine of a level judging with an evaluation.
type EngineWith<G> = fn(u32, Eval) -> Result<Engine<G>, String>;

/// Opens endgame databases in a directory, up to a number of pieces or
/// every one there.
type OpenEndgame<G> = fn(&Path, Option<u32>) -> Result<Arc<dyn Oracle<G>>, String>;

impl<G: Game> Extras<G> {
    /// Nothing beyond `Described`.
    const NONE: Extras<G> = Extras {
        evaluations: None,
        hub: None,
        endgame: None,
    };
}

/// A game's Hub notation.
struct HubNotation<G: Game> {
    /// The game's name in Hub's `variant` parameter.
    variant: &'static str,
    /// The position in Hub text.
    position: fn(&G) -> String,
    /// A move in Hub text.
    write_move: fn(&G, G::Move) -> String,
    /// A move read from Hub text.
    read_move: fn(&G, &str) -> Result<G::Move, String>,
}

/// The databases of variant `R` in `dir`, up to `pieces` pieces or every
/// one there.
fn open_tablebase<R: draughts::Rules>(
    dir: &Path,
    pieces: Option<u32>,
) -> Result<Tablebase<R>, String> {
    match pieces {
        Some(pieces) => Tablebase::<R>::open_pieces(dir, pieces),
        None => Tablebase::<R>::open(dir),
    }
    .map_err(|e| e.to_string())
}

/// English checkers: the hand-set, the shipped learned and a trained
/// evaluation, and the English endgame databases.
fn checkers_extras() -> Extras<Checkers> {
    Extras {
        evaluations: Some(|level, eval| {
            match eval {
                Eval::Level => checkers::engine(level),
                Eval::Hand => checkers::engine_with(level, checkers::Evaluation::new()),
                Eval::Learned => {
                    checkers::engine_with(level, checkers::LearnedEvaluation::shipped())
                }
                Eval::Weights(bytes) => checkers::engine_with(
                    level,
                    checkers::LearnedEvaluation::from_bytes(bytes).map_err(|e| e.to_string())?,
                ),
            }
            .map_err(|e| e.to_string())
        }),
        hub: None,
        endgame: Some(|dir, pieces| {
            Ok(Arc::new(open_tablebase::<draughts::EnglishRules>(
                dir, pieces,
            )?))
        }),
    }
}

/// A draughts variant: the hand-set, the shipped learned (International)
/// and a trained evaluation, Hub, and
/// the variant's endgame databases.
fn draughts_extras<R: draughts::Rules>() -> Extras<Draughts<R>> {
    Extras {
        evaluations: Some(|level, eval| {
            match eval {
                Eval::Level => draughts::engine::<R>(level),
                Eval::Hand => draughts::engine_with(level, draughts::Evaluation::<R>::new()),
                Eval::Learned => match draughts::LearnedEvaluation::<R>::shipped() {
                    Some(learned) => draughts::engine_with(level, learned),
                    None => {
                        return Err(format!(
                            "the crate ships no learned weights for {}: use @weights=FILE",
                            R::NAME
                        ))
                    }
                },
                Eval::Weights(bytes) => draughts::engine_with(
                    level,
                    draughts::LearnedEvaluation::<R>::from_bytes(bytes)
                        .map_err(|e| e.to_string())?,
                ),
            }
            .map_err(|e| e.to_string())
        }),
        hub: draughts::Variant::from_name(R::NAME).map(|variant| HubNotation {
            variant: variant.hub_name(),
            position: draughts::hub_position,
            write_move: |position, mv| draughts::hub_move(position, &mv),
            read_move: |position, text| {
                draughts::parse_hub_move(position, text).map_err(|e| e.to_string())
            },
        }),
        endgame: Some(|dir, pieces| Ok(Arc::new(open_tablebase::<R>(dir, pieces)?))),
    }
}

/// The game a match is played in: its start position, what this program
/// can do with it beyond `Described`, and the level that `time:`,
/// `nodes:` and `depth:` set the limits of.
struct Arena<G: Described> {
    start: G,
    extras: Extras<G>,
    /// The strongest level whose engine searches within limits (Connect
    /// Four's perfect player, which takes none, is not it).
    search_level: u32,
}

impl<G: Described> Arena<G> {
    /// The arena of `start`, with `extras`.
    ///
    /// # Errors
    ///
    /// When no level of the game searches within limits.
    fn new(start: G, extras: Extras<G>) -> Result<Arena<G>, String> {
        let search_level = G::levels()
            .rev()
            .find(|&level| {
                start
                    .engine(level)
                    .is_ok_and(|engine| engine.limits() != Limits::NONE)
            })
            .ok_or_else(|| format!("no level of {} searches within limits", start.spec()))?;
        Ok(Arena {
            start,
            extras,
            search_level,
        })
    }

    /// The computer player of `level` with evaluation `eval`.
    fn engine(&self, level: u32, eval: Eval) -> Result<Engine<G>, String> {
        match (eval, self.extras.evaluations) {
            (_, Some(evaluations)) => evaluations(level, eval),
            (Eval::Level, None) => self.start.engine(level).map_err(|e| e.to_string()),
            (_, None) => Err(format!(
                "{} has one evaluation: drop @hand, @learned or @weights=FILE (they choose the \
                 evaluation of checkers and the draughts variants)",
                self.start.spec().title()
            )),
        }
    }

    /// The title of the game, for messages.
    fn title(&self) -> String {
        self.start.spec().title()
    }
}

/// A player taking part in one game.
enum Player<'a, G: Game> {
    Random(SplitMix64),
    Greedy(SplitMix64),
    Engine(Box<Engine<G>>),
    Hub(HubProgram, &'a HubNotation<G>),
}

/// A Hub program playing one game: its pipes, and its nodes a move.
struct HubProgram {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
    nodes: u64,
}

impl HubProgram {
    /// Starts `program`, sets `variant`, and waits for `ready`.
    fn start(program: &str, variant: &str, nodes: u64) -> Result<HubProgram, String> {
        use std::process::{Command, Stdio};
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        let input = child.stdin.take().ok_or("no pipe")?;
        let output = std::io::BufReader::new(child.stdout.take().ok_or("no pipe")?);
        let mut hub = HubProgram {
            child,
            input,
            output,
            nodes,
        };
        hub.send("hub")?;
        hub.until("wait")?;
        hub.send(&format!("set-param name=variant value={variant}"))?;
        hub.send("init")?;
        hub.until("ready")?;
        hub.send("new-game")?;
        Ok(hub)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the Hub program does not read: {e}"))
    }

    /// The lines up to and including the first starting with `command`.
    fn until(&mut self, command: &str) -> Result<Vec<String>, String> {
        use std::io::BufRead;
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("the Hub program's output: {e}"))?;
            if read == 0 {
                return Err(format!("the Hub program ended before `{command}`"));
            }
            let line = line.trim_end().to_owned();
            let done = line.split(' ').next() == Some(command);
            lines.push(line);
            if done {
                return Ok(lines);
            }
        }
    }

    /// The program's move in `game`, with the nodes of its last `info`.
    fn choose<G: Game>(
        &mut self,
        notation: &HubNotation<G>,
        game: &Match<G>,
    ) -> Result<(G::Move, u64), String> {
        let mut position = game.start().clone();
        let mut moves = Vec::new();
        for &mv in game.history() {
            moves.push((notation.write_move)(&position, mv));
            position.apply_unchecked(mv);
        }
        self.send(&format!(
            "pos pos={} moves=\"{}\"",
            (notation.position)(game.start()),
            moves.join(" ")
        ))?;
        self.send(&format!("level nodes={}", self.nodes))?;
        self.send("go think")?;
        let lines = self.until("done")?;
        let field = |line: &str, name: &str| {
            line.split(' ')
                .find_map(|word| word.strip_prefix(name)?.strip_prefix('='))
                .map(|value| value.trim_matches('"').to_owned())
        };
        let nodes = lines
            .iter()
            .rev()
            .find_map(|line| field(line, "nodes")?.parse().ok())
            .unwrap_or(0);
        let done = lines.last().map(String::as_str).unwrap_or("");
        let text = field(done, "move").ok_or_else(|| format!("no move in `{done}`"))?;
        Ok(((notation.read_move)(&position, &text)?, nodes))
    }
}

impl Drop for HubProgram {
    fn drop(&mut self) {
        let _ = self.send("quit");
        if self.child.wait().is_err() {
            let _ = self.child.kill();
        }
    }
}

/// Thinking time and nodes of one side over the whole match.
#[derive(Clone, Copy, Default)]
struct Work {
    moves: u64,
    /// Moves played from the opening book (no node searched).
    book_moves: u64,
    nodes: u64,
    time: Duration,
    longest: Duration,
}

impl<'a, G: Described> Player<'a, G> {
    /// The player of `spec` in `arena`, an engine probing `endgame` when
    /// given.
    fn with_endgame(
        arena: &'a Arena<G>,
        spec: Spec,
        seed: u64,
        endgame: Option<&Arc<dyn Oracle<G>>>,
        book: bool,
    ) -> Result<Player<'a, G>, String> {
        let player = match Player::new(arena, spec, seed)? {
            Player::Engine(engine) if !book => Player::Engine(Box::new(engine.without_book())),
            Player::Engine(mut engine) => {
                engine.set_book_seed(seed);
                Player::Engine(engine)
            }
            player => player,
        };
        Ok(match (player, endgame) {
            (Player::Engine(engine), Some(endgame)) => {
                Player::Engine(Box::new(engine.with_endgame(Arc::clone(endgame))))
            }
            (player, _) => player,
        })
    }

    fn new(arena: &'a Arena<G>, spec: Spec, seed: u64) -> Result<Player<'a, G>, String> {
        let strongest = |limits: Limits, eval: Eval| -> Result<Player<G>, String> {
            let mut engine = arena.engine(arena.search_level, eval)?;
            engine.set_limits(limits);
            Ok(Player::Engine(Box::new(engine)))
        };
        match spec {
            Spec::Random => Ok(Player::Random(SplitMix64::new(seed))),
            Spec::Greedy => Ok(Player::Greedy(SplitMix64::new(seed))),
            Spec::Level(level, eval) => Ok(Player::Engine(Box::new(arena.engine(level, eval)?))),
            Spec::Time(ms, eval) => strongest(Limits::time(Duration::from_millis(ms)), eval),
            Spec::Nodes(nodes, eval) => strongest(Limits::nodes(nodes), eval),
            Spec::Depth(depth, eval) => strongest(Limits::depth(depth), eval),
            Spec::Mcts(playouts) => Ok(Player::Engine(Box::new(Engine::new(
                Mcts::new(seed),
                Limits::nodes(playouts),
            )))),
            Spec::Hub(nodes, program) => {
                let notation = arena.extras.hub.as_ref().ok_or_else(|| {
                    format!(
                        "Hub programs play the draughts variants only, not {}",
                        arena.title()
                    )
                })?;
                let program = HubProgram::start(&program, notation.variant, nodes)?;
                Ok(Player::Hub(program, notation))
            }
        }
    }

    /// The move this player chooses in `game` (not over).
    fn choose(&mut self, game: &Match<G>, work: &mut Work) -> Result<G::Move, String> {
        let position = game.position();
        let moves = position.legal_moves();
        Ok(match self {
            Player::Random(rng) => moves[rng.below(moves.len())],
            Player::Greedy(rng) => {
                let wins_now = |&mv: &G::Move| {
                    position
                        .after(mv)
                        .is_ok_and(|next| next.outcome() == Some(Outcome::Win(position.to_move())))
                };
                if let Some(&mv) = moves.iter().find(|mv| wins_now(mv)) {
                    return Ok(mv);
                }
                let captures = |mv: G::Move| position.captured(mv).len();
                let most = moves.iter().map(|&mv| captures(mv)).max();
                let best: Vec<G::Move> = moves
                    .iter()
                    .copied()
                    .filter(|&mv| Some(captures(mv)) == most)
                    .collect();
                best[rng.below(best.len())]
            }
            Player::Engine(engine) => {
                let result = engine.think(game);
                work.moves += 1;
                work.book_moves += u64::from(result.nodes == 0);
                work.nodes += result.nodes;
                work.time += result.elapsed;
                work.longest = work.longest.max(result.elapsed);
                result.best_move.unwrap_or(moves[0])
            }
            Player::Hub(program, notation) => {
                let started = Instant::now();
                let (mv, nodes) = program.choose(notation, game)?;
                let elapsed = started.elapsed();
                work.moves += 1;
                work.nodes += nodes;
                work.time += elapsed;
                work.longest = work.longest.max(elapsed);
                mv
            }
        })
    }
}

/// The parsed command line.
struct Options {
    game: String,
    a: Spec,
    b: Spec,
    games: usize,
    opening_plies: usize,
    seed: u64,
    threads: usize,
    quiet: bool,
    /// The index of the first game to play (`--first-game` minus one).
    first_game: usize,
    /// Where each game's result is appended as it ends.
    results: Option<PathBuf>,
    /// The players as the command line names them, for the results file.
    players_text: [String; 2],
    /// Whether A and B probe the endgame databases.
    endgame_players: [bool; 2],
    /// Whether A and B play without the opening book.
    no_book: [bool; 2],
    endgame_dir: Option<PathBuf>,
    endgame_pieces: Option<u32>,
    /// The largest score (either way) of an opening kept, if openings are
    /// balanced.
    balanced: Option<u32>,
    /// The move limit that replaces the game's own (`--move-limit`).
    move_limit: Option<u32>,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut positional = Vec::new();
    let mut options = Options {
        game: String::new(),
        a: Spec::Random,
        b: Spec::Random,
        games: 10,
        opening_plies: 4,
        seed: 1,
        threads: 1,
        quiet: false,
        first_game: 0,
        results: None,
        players_text: [String::new(), String::new()],
        endgame_players: [false; 2],
        no_book: [false; 2],
        endgame_dir: None,
        endgame_pieces: None,
        balanced: None,
        move_limit: None,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut number = |flag: &str| -> Result<u64, String> {
            let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
            value
                .parse()
                .map_err(|_| format!("{flag} takes a whole number, not {value:?}"))
        };
        match arg.as_str() {
            "--games" => options.games = number(arg)? as usize,
            "--opening-plies" => options.opening_plies = number(arg)? as usize,
            "--seed" => options.seed = number(arg)?,
            "--threads" => options.threads = (number(arg)? as usize).max(1),
            "--quiet" => options.quiet = true,
            "--first-game" => {
                let first = number(arg)?;
                if first == 0 {
                    return Err("--first-game counts from 1".to_owned());
                }
                options.first_game = usize::try_from(first - 1).unwrap_or(usize::MAX);
            }
            "--results" => {
                let file = rest.next().ok_or("--results needs a file")?;
                options.results = Some(PathBuf::from(file));
            }
            "--endgame" => {
                let dir = rest.next().ok_or("--endgame needs a directory")?;
                options.endgame_dir = Some(PathBuf::from(dir));
            }
            "--endgame-pieces" => {
                let pieces = number(arg)?;
                options.endgame_pieces =
                    Some(u32::try_from(pieces).map_err(|_| format!("{pieces} pieces: too many"))?);
            }
            "--balanced" => {
                let margin = number(arg)?;
                options.balanced =
                    Some(u32::try_from(margin).map_err(|_| format!("{margin}: too large"))?);
            }
            "--move-limit" => {
                let limit = number(arg)?;
                if limit == 0 {
                    return Err("--move-limit takes at least 1 move".to_owned());
                }
                options.move_limit =
                    Some(u32::try_from(limit).map_err(|_| format!("{limit}: too large"))?);
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag:?}")),
            _ => positional.push(arg.as_str()),
        }
    }
    let [game, a, b] = positional[..] else {
        return Err(format!(
            "expected a game and two players, got {} argument(s)",
            positional.len()
        ));
    };
    options.game = game.to_owned();
    fn no_book(text: &str) -> Option<&str> {
        text.strip_suffix("+nobook")
    }
    options.players_text = [a.to_owned(), b.to_owned()];
    options.no_book = [no_book(a).is_some(), no_book(b).is_some()];
    let (a, a_endgame) = Spec::parse_with_endgame(no_book(a).unwrap_or(a))?;
    let (b, b_endgame) = Spec::parse_with_endgame(no_book(b).unwrap_or(b))?;
    options.a = a;
    options.b = b;
    options.endgame_players = [a_endgame, b_endgame];
    if options.endgame_players.contains(&true) != options.endgame_dir.is_some() {
        return Err("--endgame DIR and a player ending in +endgame go together".to_owned());
    }
    Ok(options)
}

/// The result of one game for player A.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    /// The result's word in a results file.
    fn name(self) -> &'static str {
        match self {
            Score::Win => "win",
            Score::Draw => "draw",
            Score::Loss => "loss",
        }
    }

    /// The result a results file's word names.
    fn from_name(name: &str) -> Option<Score> {
        [Score::Win, Score::Draw, Score::Loss]
            .into_iter()
            .find(|score| score.name() == name)
    }
}

/// The first line of a match's results file: what makes its games the
/// same games (the game, the players, the opening plies, the balance of
/// the openings, the move limit and the seed).
fn match_header(options: &Options) -> String {
    let balanced = options
        .balanced
        .map(|margin| format!(" --balanced {margin}"))
        .unwrap_or_default();
    let move_limit = options
        .move_limit
        .map(|limit| format!(" --move-limit {limit}"))
        .unwrap_or_default();
    format!(
        "# engine_match {} {} {} --opening-plies {}{balanced}{move_limit} --seed {}",
        options.game,
        options.players_text[0],
        options.players_text[1],
        options.opening_plies,
        options.seed
    )
}

/// The draw rules the match's games are played under: the game's own, with
/// `--move-limit` in place of its move limit.
fn draw_rules<G: Described>(options: &Options) -> DrawRules {
    let own = G::draw_rules();
    DrawRules {
        move_limit: options.move_limit.or(own.move_limit),
        ..own
    }
}

/// An opening played out: the game after it, and its moves as text.
type Opening<G> = (Match<G>, Vec<String>);

/// The depth of the search that judges an opening under `--balanced`.
const BALANCE_DEPTH: u32 = 8;

/// How many random openings a pair draws under `--balanced` before it
/// keeps the closest to even.
const BALANCE_TRIES: usize = 200;

/// The opening of a pair: `options.opening_plies` random plies drawn from
/// `rng`, or under `--balanced` the first of up to [`BALANCE_TRIES`] such
/// openings that a [`BALANCE_DEPTH`]-ply search scores within the margin
/// (else the closest to even).
fn draw_opening<G: Described>(
    options: &Options,
    arena: &Arena<G>,
    rng: &mut SplitMix64,
) -> Result<Opening<G>, String> {
    let random_opening = |rng: &mut SplitMix64| -> Result<Opening<G>, String> {
        let mut game = Match::with_rules(arena.start.clone(), draw_rules::<G>(options));
        let mut opening = Vec::new();
        while opening.len() < options.opening_plies && !game.is_over() {
            let moves = game.position().legal_moves();
            let mv = moves[rng.below(moves.len())];
            game.play(mv).map_err(|e| e.to_string())?;
            opening.push(mv.to_string());
        }
        Ok((game, opening))
    };
    let Some(margin) = options.balanced else {
        return random_opening(rng);
    };
    let mut judge = arena
        .engine(arena.search_level, Eval::Level)?
        .without_book();
    judge.set_limits(Limits::depth(BALANCE_DEPTH));
    let mut closest: Option<(u32, Opening<G>)> = None;
    for _ in 0..BALANCE_TRIES {
        let (game, opening) = random_opening(rng)?;
        if game.is_over() {
            continue;
        }
        let imbalance = judge.think(&game).score.value().unsigned_abs();
        if imbalance <= margin {
            return Ok((game, opening));
        }
        if closest.as_ref().map_or(true, |(best, _)| imbalance < *best) {
            closest = Some((imbalance, (game, opening)));
        }
    }
    match closest {
        Some((_, kept)) => Ok(kept),
        None => random_opening(rng),
    }
}

/// Opens the results file `path` of the match `header` for appending,
/// creating it (with `header` as its first line) if it does not exist, and
/// returns the games it already holds: each game's index and A's result.
///
/// # Errors
///
/// When the file cannot be read or written, or names another match.
fn open_results(path: &Path, header: &str) -> Result<(File, Vec<(usize, Score)>), String> {
    let at = |e: std::io::Error| format!("{}: {e}", path.display());
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(at(e)),
    };
    let mut done: Vec<(usize, Score)> = Vec::new();
    let mut lines = text.lines();
    if let Some(first) = lines.next() {
        if first != header {
            return Err(format!(
                "{} holds the results of another match ({first:?}), not of {header:?}",
                path.display()
            ));
        }
    }
    for line in lines {
        // `N<tab>result<tab>the game's line`; a line that a stopped run cut
        // short, or a game held twice, is skipped (the game is played again).
        let mut fields = line.splitn(3, '\t');
        let (Some(number), Some(result)) = (fields.next(), fields.next()) else {
            continue;
        };
        let (Ok(number), Some(score)) = (number.parse::<usize>(), Score::from_name(result)) else {
            continue;
        };
        if number > 0 && done.iter().all(|&(index, _)| index != number - 1) {
            done.push((number - 1, score));
        }
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(at)?;
    if text.is_empty() {
        writeln!(file, "{header}").map_err(at)?;
    } else if !text.ends_with('\n') {
        writeln!(file).map_err(at)?;
    }
    Ok((file, done))
}

/// Plays game `index` of the match: returns A's result and a line
/// describing the game.
fn play_game<G: Described>(
    options: &Options,
    arena: &Arena<G>,
    endgame: Option<&Arc<dyn Oracle<G>>>,
    index: usize,
    work: &mut [Work; 2],
) -> Result<(Score, String), String> {
    let pair = (index / 2) as u64;
    let seed = options.seed.wrapping_mul(1_000_003).wrapping_add(pair);
    // The opening: the same for both games of a pair.
    let mut opening_rng = SplitMix64::new(seed ^ 0x5eed);
    let (mut game, opening) = draw_opening(options, arena, &mut opening_rng)?;
    // A moves first in even games.
    let a_first = index % 2 == 0;
    let first_player = arena.start.to_move();
    let a_side = if a_first {
        first_player
    } else {
        G::opponent(first_player)
    };
    // A's player draws from seed + 1, B's from seed + 2.
    let player = |side: usize| {
        Player::with_endgame(
            arena,
            [&options.a, &options.b][side].clone(),
            seed.wrapping_add(side as u64 + 1),
            endgame.filter(|_| options.endgame_players[side]),
            !options.no_book[side],
        )
    };
    let (mut a, mut b) = (player(0)?, player(1)?);
    while !game.is_over() && game.history().len() < MAX_GAME_PLIES {
        let mv = if game.to_move() == a_side {
            a.choose(&game, &mut work[0])?
        } else {
            b.choose(&game, &mut work[1])?
        };
        game.play(mv).map_err(|e| e.to_string())?;
    }
    let (score, how) = match game.result() {
        None => (Score::Draw, "draw (game too long)".to_owned()),
        Some(result) => {
            let score = match result.outcome {
                Outcome::Draw => Score::Draw,
                Outcome::Win(winner) if winner == a_side => Score::Win,
                Outcome::Win(_) => Score::Loss,
            };
            let reason = match result.reason {
                EndReason::Rules(ending) => ending.to_string(),
                other => format!("{other:?}").to_lowercase(),
            };
            (score, format!("{} ({reason})", result.outcome))
        }
    };
    let line = format!(
        "game {:>3}: A plays {a_side}, opening [{}], {how} after {} plies",
        index + 1,
        opening.join(" "),
        game.history().len()
    );
    Ok((score, line))
}

/// Plays the whole match in `arena`, `threads` games at a time.
fn run<G: Described>(options: &Options, arena: Arena<G>) -> Result<(), String> {
    let (results_file, earlier) = match &options.results {
        Some(path) => {
            let (file, done) = open_results(path, &match_header(options))?;
            (Some(Mutex::new(file)), done)
        }
        None => (None, Vec::new()),
    };
    // The games of this run held by the results file are not played again.
    let range = options.first_game..options.games;
    let earlier: Vec<(usize, Score)> = earlier
        .into_iter()
        .filter(|(index, _)| range.contains(index))
        .collect();
    let to_play: Vec<usize> = range
        .filter(|&index| earlier.iter().all(|&(done, _)| done != index))
        .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(earlier.iter().map(|&(_, score)| score).collect::<Vec<_>>());
    let totals = Mutex::new([Work::default(); 2]);
    let failure = Mutex::new(None);
    let endgame = match &options.endgame_dir {
        Some(dir) => {
            let open = arena.extras.endgame.ok_or_else(|| {
                format!(
                    "{} has no endgame databases: --endgame and +endgame are for checkers and \
                     the draughts variants",
                    arena.title()
                )
            })?;
            Some(open(dir, options.endgame_pieces)?)
        }
        None => None,
    };
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| loop {
                let Some(&index) = to_play.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    return;
                };
                let mut work = [Work::default(); 2];
                match play_game(options, &arena, endgame.as_ref(), index, &mut work) {
                    Ok((score, line)) => {
                        if !options.quiet {
                            outln!("{line}");
                        }
                        if let Some(file) = &results_file {
                            let record = format!("{}\t{}\t{line}\n", index + 1, score.name());
                            let mut file = file.lock().unwrap();
                            if let Err(e) = file.write_all(record.as_bytes()) {
                                *failure.lock().unwrap() = Some(format!("the results file: {e}"));
                                return;
                            }
                        }
                        results.lock().unwrap().push(score);
                        let mut totals = totals.lock().unwrap();
                        for (total, game) in totals.iter_mut().zip(work) {
                            total.moves += game.moves;
                            total.book_moves += game.book_moves;
                            total.nodes += game.nodes;
                            total.time += game.time;
                            total.longest = total.longest.max(game.longest);
                        }
                    }
                    Err(message) => {
                        *failure.lock().unwrap() = Some(message);
                        return;
                    }
                }
            });
        }
    });
    if let Some(message) = failure.into_inner().unwrap() {
        return Err(message);
    }
    let results = results.into_inner().unwrap();
    let count = |score| results.iter().filter(|&&s| s == score).count();
    let (wins, draws, losses) = (count(Score::Win), count(Score::Draw), count(Score::Loss));
    let decided = wins + losses;
    let with_endgame = |on: bool| if on { " +endgame" } else { "" };
    let without_book = |on: bool| if on { " +nobook" } else { "" };
    let before = match (&options.results, earlier.len()) {
        (Some(path), count) if count > 0 => {
            format!(" (and {count} played before, from {})", path.display())
        }
        _ => String::new(),
    };
    outln!(
        "A = {:?}{}{}, B = {:?}{}{}: {} games in {:.1} s{before}",
        options.a,
        with_endgame(options.endgame_players[0]),
        without_book(options.no_book[0]),
        options.b,
        with_endgame(options.endgame_players[1]),
        without_book(options.no_book[1]),
        results.len() - earlier.len(),
        started.elapsed().as_secs_f64()
    );
    outln!("A: {wins} wins, {draws} draws, {losses} losses");
    if decided > 0 {
        outln!(
            "A won {:.1}% of the {decided} decided games",
            100.0 * wins as f64 / decided as f64
        );
    }
    for (name, work) in ["A", "B"].iter().zip(totals.into_inner().unwrap()) {
        if work.moves > 0 {
            let seconds = work.time.as_secs_f64();
            outln!(
                "{name}: {} moves ({} from the book, {:.1} a game), {:.1} ms a move (longest {:.0} ms), {:.0} k nodes a move, {:.0} k nodes/s",
                work.moves,
                work.book_moves,
                work.book_moves as f64 / results.len().max(1) as f64,
                1000.0 * seconds / work.moves as f64,
                work.longest.as_secs_f64() * 1000.0,
                work.nodes as f64 / work.moves as f64 / 1000.0,
                work.nodes as f64 / seconds.max(f64::MIN_POSITIVE) / 1000.0
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        outln!("{}", usage());
        return ExitCode::SUCCESS;
    }
    let outcome = parse_args(&args).and_then(|options| play_match(&options));
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}\n\n{}", usage());
            ExitCode::from(USAGE_ERROR)
        }
    }
}
