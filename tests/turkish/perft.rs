//! Perft from the start against the published counts.
//!
//! # Source: kish 1.1 (crates.io, `Board::perft`), and the independent
//! count quoted in rulebook issue 33; pydraughts 0.6's 85146 at depth 5
//! is wrong (see docs/turkish.md).

use rulebook::turkish::Turkish;
use rulebook::Game;

/// Perft from the start, depths 1 to 8.
const START_COUNTS: [u64; 8] = [8, 64, 708, 7538, 85090, 931312, 10782382, 123290300];

#[test]
fn start_position_to_depth_5_and_the_plain_walk_agrees() {
    let start = Turkish::default();
    for (depth, &expected) in (1..=5).zip(&START_COUNTS) {
        assert_eq!(start.perft(depth), expected, "depth {depth}");
    }
    assert_eq!(rulebook::perft_plain(&start, 4), START_COUNTS[3]);
}

#[test]
#[ignore = "long: the long-checks run"]
fn start_position_to_depth_8() {
    let start = Turkish::default();
    for (depth, &expected) in (6..=8).zip(&START_COUNTS[5..]) {
        assert_eq!(start.perft(depth), expected, "depth {depth}");
    }
}
