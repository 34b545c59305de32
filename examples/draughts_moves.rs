//! Positions and their legal moves in a canonical text, for cross-checking
//! the draughts variants against another implementation
//! (`scripts/crosscheck_pydraughts.py` compares them with pydraughts).
//!
//! ```text
//! cargo run --release --example draughts_moves -- <variant> random <positions> [--seed S] [--max-plies P]
//! cargo run --release --example draughts_moves -- <variant> read < fens.txt
//! cargo run --release --example draughts_moves -- <variant> perft <depth>
//! cargo run --release --example draughts_moves -- <variant> perft-read <depth> < fens.txt
//! ```
//!
//! Variants: every one of `rulebook::draughts::Variant` (`english`,
//! `international`, `brazilian`, `russian`, `pool`, `italian`, `spanish`,
//! ...).
//!
//! - `random N`: plays random games from the start position (a seeded
//!   xorshift generator, `--seed`, default 1) up to `--max-plies` plies
//!   each (default 300) and prints `N` of the positions met: every
//!   position with a capture to play, one with a king with probability 1/2,
//!   any other with probability 1/16, so that most printed positions have
//!   captures or kings.
//! - `perft D`: prints `rulebook::perft` of the start position at depth
//!   `D` (as `legal_moves` lists the moves).
//! - `read`: reads one FEN per line on standard input and prints each
//!   position read, or `error<TAB>FEN<TAB>reason` for a FEN that does not
//!   read.
//! - `perft-read D`: reads one FEN per line and prints it, a tab, and
//!   `rulebook::perft` of it at depth `D`.
//!
//! The positions `random` prints are printed without Frisian's king runs
//! (`Draughts::king_run`): another program reads a FEN with its runs at
//! zero, so both judge the same position.
//!
//! Each position is one line: our FEN, a tab, and the legal moves sorted
//! and separated by spaces. A move is `start>end` for a quiet move and
//! `start>end:c1,c2,...` for a capture, `c1,c2,...` the squares of the
//! pieces taken in the order they are taken; squares in the variant's
//! notation (`32`, `c3`). `-` stands for no legal move.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use rulebook::draughts::{Color, Draughts, Rules, RulesVisitor, Variant};
use rulebook::Game;

/// The usage text, with the variants' names in place of `{variants}`.
fn usage() -> String {
    USAGE.replace("{variants}", &Variant::names(" "))
}

const USAGE: &str = "\
usage: draughts_moves <variant> random <positions> [--seed S] [--max-plies P]
       draughts_moves <variant> read   (one FEN a line on standard input)
       draughts_moves <variant> perft <depth>   (from the start position)
       draughts_moves <variant> perft-read <depth>   (one FEN a line on standard input)

  variants: {variants}
  prints one line per position: FEN, a tab, the legal moves (start>end[:captured,...])";

/// A small seeded generator (xorshift64*), so that runs repeat.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let value = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        ((value >> 32) as usize) % n
    }
}

/// The position's line: FEN, tab, sorted canonical moves.
fn line<R: Rules>(game: &Draughts<R>) -> String {
    let mut moves: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|mv| {
            let mut text = format!("{}>{}", mv.from(), mv.to());
            if mv.is_capture() {
                let taken: Vec<String> =
                    game.captured(mv).iter().map(ToString::to_string).collect();
                text.push(':');
                text.push_str(&taken.join(","));
            }
            text
        })
        .collect();
    moves.sort();
    let moves = if moves.is_empty() {
        "-".to_owned()
    } else {
        moves.join(" ")
    };
    format!("{}\t{moves}", game.to_fen())
}

/// `game` with no king run counted (the position another program reads
/// from its FEN).
fn without_runs<R: Rules>(game: &Draughts<R>) -> Draughts<R> {
    let mut setup = game.to_setup();
    for color in [Color::White, Color::Black] {
        setup.set_king_run(color, None);
    }
    Draughts::from_setup(&setup).unwrap_or(*game)
}

struct Options {
    mode: String,
    positions: usize,
    seed: u64,
    max_plies: usize,
}

/// Reads one FEN a line on standard input and writes `answer(position,
/// fen)` for each, or `error<TAB>FEN<TAB>reason` for a FEN that does not
/// read.
fn each_fen<R: Rules>(
    out: &mut impl Write,
    answer: impl Fn(&Draughts<R>, &str) -> String,
) -> io::Result<()> {
    for fen in io::stdin().lock().lines() {
        let fen = fen?;
        let fen = fen.trim();
        if fen.is_empty() {
            continue;
        }
        match Draughts::<R>::from_fen(fen) {
            Ok(game) => writeln!(out, "{}", answer(&game, fen))?,
            Err(error) => writeln!(out, "error\t{fen}\t{error}")?,
        }
    }
    out.flush()
}

fn run<R: Rules>(options: &Options) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if options.mode == "read" {
        return each_fen::<R>(&mut out, |game, _| line(game));
    }
    let depth = u32::try_from(options.positions).unwrap_or(u32::MAX);
    if options.mode == "perft" {
        writeln!(out, "{}", rulebook::perft(&Draughts::<R>::default(), depth))?;
        return out.flush();
    }
    if options.mode == "perft-read" {
        return each_fen::<R>(&mut out, |game, fen| {
            format!("{fen}\t{}", rulebook::perft(game, depth))
        });
    }
    let mut random = Random(options.seed.max(1));
    let mut printed = 0;
    while printed < options.positions {
        let mut game = Draughts::<R>::default();
        for _ in 0..options.max_plies {
            if printed >= options.positions {
                break;
            }
            let moves = game.legal_moves();
            // Positions with captures or kings are the interesting ones: a
            // capture is always printed, a king with probability 1/2,
            // anything else 1/16.
            let kings = game.king_count(Color::White) + game.king_count(Color::Black);
            let odds = if moves.first().is_some_and(|mv| mv.is_capture()) {
                1
            } else if kings > 0 {
                2
            } else {
                16
            };
            if random.below(odds) == 0 {
                writeln!(out, "{}", line(&without_runs(&game)))?;
                printed += 1;
            }
            if moves.is_empty() {
                break;
            }
            game.apply_unchecked(moves[random.below(moves.len())]);
        }
    }
    out.flush()
}

fn parse(args: &[String]) -> Result<(String, Options), String> {
    let variant = args.first().ok_or("no variant")?.clone();
    let mode = args.get(1).ok_or("no mode (random or read)")?.clone();
    let mut options = Options {
        mode: mode.clone(),
        positions: 0,
        seed: 1,
        max_plies: 300,
    };
    let mut rest = args[2..].iter();
    if mode == "random" || mode == "perft" || mode == "perft-read" {
        let count = rest.next().ok_or("random and perft need a number")?;
        options.positions = count.parse().map_err(|_| format!("not a count: {count}"))?;
    } else if mode != "read" {
        return Err(format!("unknown mode: {mode}"));
    }
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or(format!("{flag} needs a value"))?;
        let number: u64 = value
            .parse()
            .map_err(|_| format!("not a number: {value}"))?;
        match flag.as_str() {
            "--seed" => options.seed = number,
            "--max-plies" => {
                options.max_plies = usize::try_from(number).map_err(|_| "too many plies")?;
            }
            _ => return Err(format!("unknown flag: {flag}")),
        }
    }
    Ok((variant, options))
}

/// [`run`] for the variant named on the command line.
struct Run<'a>(&'a Options);

impl RulesVisitor for Run<'_> {
    type Output = io::Result<()>;
    fn visit<R: Rules>(self) -> io::Result<()> {
        run::<R>(self.0)
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{}", usage());
        return ExitCode::SUCCESS;
    }
    let (variant, options) = match parse(&args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("draughts_moves: {message}\n{}", usage());
            return ExitCode::from(2);
        }
    };
    let Some(variant) = Variant::from_name(&variant) else {
        eprintln!("draughts_moves: unknown variant {variant}\n{}", usage());
        return ExitCode::from(2);
    };
    let result = variant.visit_rules(Run(&options));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("draughts_moves: {error}");
            ExitCode::FAILURE
        }
    }
}
