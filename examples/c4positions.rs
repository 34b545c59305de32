//! Generates Connect Four benchmark positions in the format of the classic
//! test files (`MOVES SCORE`, moves as 1-indexed column digits), by random
//! play from the empty board, sorted into sets by game stage and difficulty.
//!
//! ```text
//! cargo run --release --example c4positions -- --stage begin --difficulty hard --count 20 --seed 1
//! ```
//!
//! - stage (stones on the board): `begin` 1 to 14, `middle` 15 to 28, `end`
//!   29 to 41 — the bands of the classic files `Test_L1_*`, `Test_L2_*`,
//!   `Test_L3_*`;
//! - difficulty (positions this crate's solver visits for the exact score
//!   from a cleared default table): `easy` below 10^4, `medium` 10^4 to
//!   10^6, `hard` 10^6 and more.
//!
//! The stone count is drawn uniformly in the band, then the moves uniformly
//! among the legal ones (games that end early are drawn again), from a
//! fixed-seed generator: the same arguments give the same file.

use std::process::ExitCode;

use rulebook::connect4::{Connect4, Solver};
use rulebook::Game;

const USAGE: &str = "usage: c4positions --stage begin|middle|end --difficulty easy|medium|hard [--count N] [--seed S]";

/// What `--help` prints after the usage line.
const ABOUT: &str = "\
Generates Connect Four benchmark positions (`MOVES SCORE`, columns 1-7) by
random play, sorted by stage and difficulty; the same arguments give the
same file.
  --stage       begin (1-14 stones), middle (15-28) or end (29-41)
  --difficulty  easy (under 10^4 nodes), medium (up to 10^6) or hard
  --count N     positions to write (default 10)
  --seed S      the random generator's seed (default 1)";

/// Node counts separating the difficulties.
const EASY_BELOW: u64 = 10_000;
const MEDIUM_BELOW: u64 = 1_000_000;

/// A small deterministic generator (xorshift64*): reproducible sets
/// without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

struct Options {
    plies: (u64, u64),
    nodes: (u64, u64),
    count: usize,
    seed: u64,
}

fn parse_options() -> Result<Options, String> {
    let (mut plies, mut nodes, mut count, mut seed) = (None, None, 10, 1);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().ok_or(format!("{arg} needs a value\n{USAGE}"))?;
        match (arg.as_str(), value.as_str()) {
            ("--stage", "begin") => plies = Some((1, 14)),
            ("--stage", "middle") => plies = Some((15, 28)),
            ("--stage", "end") => plies = Some((29, 41)),
            ("--difficulty", "easy") => nodes = Some((0, EASY_BELOW)),
            ("--difficulty", "medium") => nodes = Some((EASY_BELOW, MEDIUM_BELOW)),
            ("--difficulty", "hard") => nodes = Some((MEDIUM_BELOW, u64::MAX)),
            ("--count", n) => count = n.parse().map_err(|_| format!("bad count {n:?}"))?,
            ("--seed", n) => seed = n.parse().map_err(|_| format!("bad seed {n:?}"))?,
            _ => return Err(format!("bad argument {arg} {value}\n{USAGE}")),
        }
    }
    Ok(Options {
        plies: plies.ok_or(USAGE)?,
        nodes: nodes.ok_or(USAGE)?,
        count,
        // xorshift must not start at 0.
        seed: seed | 1,
    })
}

/// A random unfinished position with `plies` stones and its move string.
fn random_position(rng: &mut Rng, plies: u64) -> (Connect4, String) {
    'again: loop {
        let mut game = Connect4::new();
        let mut moves = String::new();
        for _ in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                continue 'again;
            }
            let column = legal[rng.below(legal.len() as u64) as usize];
            game.apply_unchecked(column);
            moves.push(char::from(b'1' + column.index() as u8));
        }
        if game.outcome().is_none() {
            return (game, moves);
        }
    }
}

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{USAGE}\n\n{ABOUT}");
        return ExitCode::SUCCESS;
    }
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let mut rng = Rng(options.seed);
    let mut solver = Solver::new();
    let (low, high) = options.nodes;
    let mut found = 0;
    while found < options.count {
        let (first, last) = options.plies;
        let plies = first + rng.below(last - first + 1);
        let (game, moves) = random_position(&mut rng, plies);
        solver.reset();
        let Ok(Some(score)) = solver.score_within(&game, high) else {
            continue;
        };
        if solver.node_count() >= low {
            println!("{moves} {score}");
            found += 1;
        }
    }
    ExitCode::SUCCESS
}
