//! The Turkish level ladder: each level of `turkish::engine` against the
//! one below, in pairs of games from seeded random openings with the
//! colours swapped (the harness of `tests/turkish/engine.rs`), under
//! `turkish::DRAW_RULES`. The table of docs/turkish.md.
//!
//! ```text
//! cargo run --release --example turkish_ladder -- STRONG WEAK PAIRS SEED
//! ```
//!
//! Pair `i` (from 0) opens with the random plies of seed `SEED + i`.
//! After each pair, prints a line: the levels, the games so far, and the
//! stronger level's wins, draws and losses and both levels' points (2 a
//! win, 1 a draw), so that a run cut short still counts.

use std::process::ExitCode;

#[path = "../tests/turkish/ladder.rs"]
mod ladder;

const USAGE: &str = "usage: turkish_ladder STRONG WEAK PAIRS SEED (levels 1 to 5; PAIRS pairs of games; SEED a whole number)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Option<Vec<u64>> = args.iter().map(|a| a.parse().ok()).collect();
    let Some([strong, weak, pairs, seed]) = numbers
        .as_deref()
        .map(<[u64]>::to_vec)
        .and_then(|v| <[u64; 4]>::try_from(v).ok())
    else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let max = u64::from(rulebook::turkish::MAX_LEVEL);
    if !(1..=max).contains(&strong) || !(1..=max).contains(&weak) {
        eprintln!("levels are 1 to {max}\n{USAGE}");
        return ExitCode::from(2);
    }
    let Ok(pairs) = usize::try_from(pairs) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let mut total = ladder::Tally::default();
    for pair in 0..pairs {
        let tally = ladder::ladder_match(strong as u32, weak as u32, 1, seed + pair as u64);
        total.wins += tally.wins;
        total.draws += tally.draws;
        total.losses += tally.losses;
        let (a, b) = total.points();
        println!(
            "turkish level {strong} vs level {weak}: {} games (seeds {seed}..={}): +{} ={} -{}, points {a} to {b}",
            2 * (pair + 1),
            seed + pair as u64,
            total.wins,
            total.draws,
            total.losses
        );
    }
    ExitCode::SUCCESS
}
