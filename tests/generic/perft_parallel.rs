//! `perft_parallel`, `perft_divide` and `perft_parallel_divide` on the real
//! games: the same counts as `perft`, for every thread count.

use std::sync::Mutex;

use rulebook::checkers::Checkers;
use rulebook::connect4::Connect4;
use rulebook::{perft, perft_divide, perft_parallel, perft_parallel_divide, Game};

/// 0 = every core; 3 does not divide 7 root moves evenly.
const THREAD_COUNTS: [usize; 4] = [1, 2, 3, 0];

/// Perft of the empty Connect Four board, depths 0..=8.
const CONNECT4_PERFT: [u64; 9] = [1, 7, 49, 343, 2401, 16807, 117649, 823536, 5673234];

/// Perft of the checkers start position, depths 0..=8 (OEIS A133046).
const CHECKERS_PERFT: [u64; 9] = [1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931];

/// Every count under every thread count equals `perft`, and the divided
/// counts list the root moves in order, sum to the total and are each
/// reported once.
fn check_all_counts<G>(game: &G, depth: u32, expected: u64)
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
{
    assert_eq!(perft(game, depth), expected, "perft {depth}");
    let divided = perft_divide(game, depth);
    if depth > 0 {
        assert_eq!(divided.iter().map(|&(_, n)| n).sum::<u64>(), expected);
        let moves: Vec<G::Move> = divided.iter().map(|&(mv, _)| mv).collect();
        assert_eq!(moves, &*game.legal_moves());
    } else {
        assert!(divided.is_empty());
    }
    for threads in THREAD_COUNTS {
        assert_eq!(
            perft_parallel(game, depth, threads),
            expected,
            "depth {depth}, {threads} threads"
        );
        let reported = Mutex::new(Vec::new());
        let parallel = perft_parallel_divide(game, depth, threads, |mv, n| {
            reported.lock().unwrap().push((mv, n));
        });
        assert_eq!(parallel, divided, "depth {depth}, {threads} threads");
        let reported = reported.into_inner().unwrap();
        assert_eq!(reported.len(), divided.len());
        assert!(divided.iter().all(|entry| reported.contains(entry)));
    }
}

#[test]
fn connect4_from_the_empty_board() {
    for (depth, &expected) in CONNECT4_PERFT.iter().enumerate() {
        check_all_counts(&Connect4::default(), depth as u32, expected);
    }
}

#[test]
fn checkers_from_the_start() {
    for (depth, &expected) in CHECKERS_PERFT.iter().enumerate() {
        check_all_counts(&Checkers::default(), depth as u32, expected);
    }
}

#[test]
fn connect4_near_the_end_where_subtrees_finish() {
    // Four columns full and wins close by: many subtrees end early, some
    // root moves win at once (a finished child counts 0 below it).
    let game = Connect4::from_moves("4444441111112222225").unwrap();
    assert_eq!(game.outcome(), None);
    // O must block column 3 (index 2), or X completes the bottom row there
    // and O has no reply: 4 x 4 sequences after the block, 3 x 4 otherwise.
    let divided = perft_divide(&game, 3);
    assert_eq!(divided.len(), 4);
    assert!(divided
        .iter()
        .all(|&(mv, n)| n == if mv.index() == 2 { 16 } else { 12 }));
    for depth in 0..=7 {
        check_all_counts(&game, depth, perft(&game, depth));
    }
    let won = Connect4::from_moves("1212121").unwrap();
    for depth in 0..=3 {
        check_all_counts(&won, depth, u64::from(depth == 0));
    }
}

#[test]
fn checkers_with_kings_and_captures() {
    // Kings on both sides, a capture available for White.
    let game = Checkers::from_fen("W:WK10,K27,29:BK14,K18,3,5").unwrap();
    assert!(game.legal_moves().iter().all(|mv| mv.is_capture()));
    for depth in 0..=7 {
        check_all_counts(&game, depth, perft(&game, depth));
    }
}

#[test]
fn a_root_move_that_wins_is_reported_with_zero() {
    // X wins with column 1 (index 0): four in a column.
    let game = Connect4::from_moves("121212").unwrap();
    let divided = perft_parallel_divide(&game, 3, 2, |_, _| {});
    let winning = divided[0];
    assert_eq!(winning.0.index(), 0);
    assert_eq!(winning.1, 0, "nothing follows a win");
    assert_eq!(
        divided.iter().map(|&(_, n)| n).sum::<u64>(),
        perft(&game, 3)
    );
}
