//! Perft: Aart Bik's published table in both conventions, and the fast
//! perft against the plain walk.

use rulebook::othello::Othello;
use rulebook::testing::plain_perft;
use rulebook::{perft_plain, Game};

use super::*;

/// Aart Bik's perft of the start position, depths 1 to 9, a pass counted
/// as a ply (published with his Othello move generator; Edax's `count
/// games` prints the same).
const BIK_PERFT: [u64; 9] = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];

/// The deeper counts of the same table, depths 10 to 12, where games have
/// ended: Bik's generator lets a player with no move always pass, even
/// once the game is over, so a finished game counts 1 at every later
/// depth (`Othello::perft_with_end_passes`).
const DEEP_PERFT_WITH_END_PASSES: [(u32, u64); 3] =
    [(10, 24_571_284), (11, 212_258_800), (12, 1_939_886_636)];

/// The same depths by the rules of the game, where a finished game has no
/// move (`Game::perft`, `perft_plain`): Edax's `perft` prints 24571056 and
/// 212258216 for depths 10 and 11, with 228 and 356 games over at the
/// last ply (which the table above counts once more each, and the
/// earlier ones again: 212258216 + 356 + 228 = 212258800).
const DEEP_PERFT: [(u32, u64); 2] = [(10, 24_571_056), (11, 212_258_216)];

#[test]
fn perft_matches_the_published_table() {
    let start = Othello::default();
    for (depth, &expected) in (1..).zip(BIK_PERFT.iter()) {
        assert_eq!(start.perft(depth), expected, "depth {depth}");
    }
    // The plain walk, through legal_moves and apply_unchecked only.
    for (depth, &expected) in (1..=7).zip(BIK_PERFT.iter()) {
        assert_eq!(perft_plain(&start, depth), expected, "plain, depth {depth}");
    }
}

#[test]
fn the_published_convention_agrees_until_games_end() {
    let start = Othello::default();
    for (depth, &expected) in (1..).zip(BIK_PERFT.iter()) {
        assert_eq!(
            start.perft_with_end_passes(depth),
            expected,
            "depth {depth}"
        );
    }
    assert_eq!(
        start.perft_with_end_passes(10),
        DEEP_PERFT_WITH_END_PASSES[0].1
    );
    assert_eq!(start.perft(10), DEEP_PERFT[0].1);
}

#[test]
#[ignore = "long: about a minute in release"]
fn deeper_perft_matches_the_published_counts_and_the_plain_walk() {
    let start = Othello::default();
    for (depth, expected) in DEEP_PERFT_WITH_END_PASSES {
        assert_eq!(
            start.perft_with_end_passes(depth),
            expected,
            "depth {depth}"
        );
    }
    for (depth, expected) in DEEP_PERFT {
        assert_eq!(start.perft(depth), expected, "depth {depth}");
    }
    assert_eq!(perft_plain(&start, 10), DEEP_PERFT[0].1);
}

#[test]
fn the_fast_perft_equals_the_plain_walk_along_random_games() {
    for position in random_positions(7, 20) {
        for depth in 0..=3 {
            assert_eq!(
                position.perft(depth),
                plain_perft(&position, depth),
                "{position:?} depth {depth}"
            );
        }
    }
}
