//! Othello: perft against Aart Bik's published table (a pass counted as a
//! ply), the fast perft against the plain one, the conformance kit, text
//! and move errors, symmetry, the environment and the computer player.

use rulebook::othello::{Move, Othello, Player};
use rulebook::testing::{check_contract, plain_perft, Config};
use rulebook::{perft_plain, Game, Outcome};

/// Aart Bik's perft of the start position, depths 1 to 9, a pass counted
/// as a ply (published with his Othello move generator; also Edax's
/// `count games`).
const BIK_PERFT: [u64; 9] = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];

/// The deeper counts, depths 10 to 12 (the same sources).
const DEEP_PERFT: [(u32, u64); 3] = [(10, 24571284), (11, 212258800), (12, 1939886636)];

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
#[ignore = "long: about a minute in release"]
fn deeper_perft_matches_the_published_counts_and_the_plain_walk() {
    let start = Othello::default();
    for (depth, expected) in DEEP_PERFT {
        assert_eq!(start.perft(depth), expected, "depth {depth}");
    }
    assert_eq!(perft_plain(&start, 10), DEEP_PERFT[0].1);
}
