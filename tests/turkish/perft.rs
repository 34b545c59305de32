//! Perft from the start against the published counts.
//!
//! # Source: kish 1.1.7 (crates.io; `Board.perft` of its Python bindings)
//! and the independent count quoted in rulebook issue 33, which count
//! every capture route: 8, 64, 708, 7538, 85090, 931312, 10782382,
//! 123290300. They list a king's capture once per square it may land on
//! between two pieces it takes on one line (kish lists `a5xc5xf5` twice
//! with a king on a5 and men on b5 and e5, by c5 and by d5; the position is
//! in docs/turkish.md); one move per result,
//! as the rules count moves and `legal_moves` lists them, is 74 fewer at
//! depth 7 (measured with kish: 74 such pairs among the depth-6
//! positions). pydraughts 0.6.7's 85146 at depth 5 is wrong (see
//! docs/turkish.md).

use rulebook::turkish::Turkish;
use rulebook::Game;

/// Perft from the start, one move per result, depths 1 to 7.
const START_COUNTS: [u64; 7] = [8, 64, 708, 7538, 85090, 931312, 10782308];

/// Perft from the start counting every capture route (kish), depths 6 to
/// 8: the same as one move per result up to depth 6.
const EVERY_ROUTE_COUNTS: [u64; 3] = [931312, 10782382, 123290300];

#[test]
fn start_position_to_depth_5_and_the_plain_walk_agrees() {
    let start = Turkish::default();
    for (depth, &expected) in (1..=5).zip(&START_COUNTS) {
        assert_eq!(start.perft(depth), expected, "depth {depth}");
        assert_eq!(
            start.perft_every_route(depth),
            expected,
            "every route, depth {depth}"
        );
    }
    assert_eq!(rulebook::perft_plain(&start, 4), START_COUNTS[3]);
}

#[test]
#[ignore = "long: the long-checks run"]
fn start_position_to_depth_8() {
    let start = Turkish::default();
    for (depth, &expected) in (6..=7).zip(&START_COUNTS[5..]) {
        assert_eq!(start.perft(depth), expected, "depth {depth}");
    }
    for (depth, &expected) in (6..=8).zip(&EVERY_ROUTE_COUNTS) {
        assert_eq!(
            start.perft_every_route(depth),
            expected,
            "every route, depth {depth}"
        );
    }
}
