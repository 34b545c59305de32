//! Perft from the start position: the published counts (OEIS A133046;
//! Aart Bik's and Martin Fierz's perft tables).
//!
//! Depths 11 and 12 (388,623,673 leaves) are `#[ignore]`d in the default
//! (unoptimised) run; run them, with times, by
//! `cargo test --release --test checkers perft -- --ignored --nocapture`.

use rulebook::checkers::Checkers;
use rulebook::perft;

use rulebook::testing::plain_perft;

/// Perft of the start position, depths 1.. (A133046).
const START_PERFT: [u64; 12] = [
    7,
    49,
    302,
    1_469,
    7_361,
    36_768,
    179_740,
    845_931,
    3_963_680,
    18_391_564,
    85_242_128,
    388_623_673,
];

/// Checks perft(`depth`) from the start and prints the time and rate (seen
/// with `--nocapture`).
fn check_start(depth: u32) {
    let expected = START_PERFT[depth as usize - 1];
    let start = std::time::Instant::now();
    assert_eq!(
        perft(&Checkers::default(), depth),
        expected,
        "perft({depth})"
    );
    let seconds = start.elapsed().as_secs_f64();
    let rate = expected as f64 / seconds / 1e6;
    println!("perft({depth}) = {expected} in {seconds:.3} s: {rate:.1} M leaves/s");
}

#[test]
fn start_perft_depths_1_to_9() {
    for depth in 1..=9 {
        check_start(depth);
    }
}

#[test]
fn start_perft_depth_10() {
    check_start(10);
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn start_perft_depth_11() {
    check_start(11);
}

#[test]
#[ignore = "388 million leaves; run with --ignored in release"]
fn start_perft_depth_12() {
    check_start(12);
}

/// The override must agree with the plain generic walk through
/// `legal_moves` + `apply_unchecked`.
#[test]
fn override_matches_generic_walk() {
    for depth in 0..=7 {
        assert_eq!(
            perft(&Checkers::default(), depth),
            plain_perft(&Checkers::default(), depth)
        );
    }
}
