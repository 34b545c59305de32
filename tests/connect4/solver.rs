//! Real-world check of the rules: a small test-only solver, written only
//! against the public `Game` API, must reproduce the exact scores of Pascal
//! Pons' Connect Four benchmark positions (`tests/data/Test_L3_R1`, see
//! `tests/data/README.md`). If the rules (drops, wins in every direction,
//! turn order, draws) were wrong anywhere, the game values would differ.

use rulebook::connect4::{Column, Connect4, CELLS};
use rulebook::{Game, Outcome};

const END_EASY: &str = include_str!("../data/Test_L3_R1");
const MIDDLE_EASY: &str = include_str!("../data/Test_L2_R1");

/// Columns searched centre first: strong moves first make alpha-beta cut
/// sooner. (The order does not change the value, only the speed.)
const SEARCH_ORDER: [usize; 7] = [3, 2, 4, 1, 5, 0, 6];

/// The benchmark's score of a win by the player to move, who plays the
/// winning move as ply `plies + 1`: `22 - stones the winner has played`,
/// i.e. `(CELLS + 1 - plies) / 2`.
fn win_score(plies: u32) -> i32 {
    (CELLS as i32 + 1 - plies as i32) / 2
}

/// The score of an unfinished position for the player to move: positive
/// for a win (the sooner, the larger), 0 for a draw, negative for a loss.
/// Negamax with alpha-beta within `(alpha, beta)`.
fn negamax(game: &Connect4, mut alpha: i32, mut beta: i32) -> i32 {
    let moves = game.legal_moves();
    debug_assert!(!moves.is_empty(), "searched a finished game");
    // A win now beats anything else.
    for &mv in moves.iter() {
        let child = game.after(mv).expect("legal move");
        if let Some(Outcome::Win(_)) = child.outcome() {
            return win_score(game.plies());
        }
    }
    // No immediate win: the best is winning with our next stone.
    let best_possible = win_score(game.plies() + 2);
    if beta > best_possible {
        beta = best_possible;
        if alpha >= beta {
            return beta;
        }
    }
    for index in SEARCH_ORDER {
        let mv = Column::new(index).expect("column index");
        if !moves.contains(&mv) {
            continue;
        }
        let child = game.after(mv).expect("legal move");
        let score = match child.outcome() {
            Some(Outcome::Draw) => 0,
            Some(Outcome::Win(_)) => unreachable!("immediate wins are handled above"),
            None => -negamax(&child, -beta, -alpha),
        };
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// The exact score of `game`, found by narrowing a null window (as the
/// benchmark's own solver does): far fewer nodes than one full-window search.
fn solve(game: &Connect4) -> i32 {
    let mut low = -win_score(game.plies() + 1);
    let mut high = win_score(game.plies());
    while low < high {
        let mut mid = low + (high - low) / 2;
        if mid <= 0 && low / 2 < mid {
            mid = low / 2;
        } else if mid >= 0 && high / 2 > mid {
            mid = high / 2;
        }
        let score = negamax(game, mid, mid + 1);
        if score <= mid {
            high = score;
        } else {
            low = score;
        }
    }
    low
}

/// The `(moves, score)` lines of a benchmark file.
fn positions(data: &str) -> impl Iterator<Item = (usize, &str, i32)> {
    data.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(number, line)| {
            let (moves, score) = line.split_once(' ').expect("\"<moves> <score>\"");
            (
                number + 1,
                moves,
                score.trim().parse().expect("integer score"),
            )
        })
}

#[test]
fn win_score_formula_matches_the_benchmark_definition() {
    // X wins with its 4th stone (ply 7, 6 played before): 22 - 4.
    assert_eq!(win_score(6), 18);
    // O wins with its 21st stone on the last cell: 22 - 21.
    assert_eq!(win_score(41), 1);
    // A quick real check: X to move completes a vertical four at once.
    let game = Connect4::from_moves("121212").unwrap();
    assert_eq!(solve(&game), 18);
}

#[test]
fn end_game_benchmark_scores_are_reproduced_exactly() {
    let mut checked = 0;
    for (line, moves, expected) in positions(END_EASY) {
        let game = Connect4::from_moves(moves)
            .unwrap_or_else(|error| panic!("line {line}: {moves}: {error}"));
        assert_eq!(game.outcome(), None, "line {line}: finished game");
        assert_eq!(solve(&game), expected, "line {line}: {moves}");
        checked += 1;
    }
    assert_eq!(checked, 1000);
}

#[test]
fn middle_game_benchmark_positions_parse_and_are_unfinished() {
    let mut checked = 0;
    for (line, moves, score) in positions(MIDDLE_EASY) {
        let game = Connect4::from_moves(moves)
            .unwrap_or_else(|error| panic!("line {line}: {moves}: {error}"));
        assert_eq!(game.plies() as usize, moves.len(), "line {line}");
        assert_eq!(game.outcome(), None, "line {line}: finished game");
        assert!(!game.legal_moves().is_empty(), "line {line}");
        // Scores lie within what the remaining stones allow.
        assert!(score.abs() <= win_score(game.plies()), "line {line}");
        checked += 1;
    }
    assert_eq!(checked, 1000);
}

/// Exact scores for the middle-game positions: `step` 1 checks all of
/// them (about 5 s of CPU at opt-level 3), larger steps a subset.
fn check_middle_game_scores(step: usize) -> usize {
    let mut checked = 0;
    for (line, moves, expected) in positions(MIDDLE_EASY).step_by(step) {
        let game = Connect4::from_moves(moves).unwrap();
        assert_eq!(solve(&game), expected, "line {line}: {moves}");
        checked += 1;
    }
    checked
}

/// A deterministic tenth of the middle-game set (lines 1, 11, 21, ...).
#[test]
fn middle_game_benchmark_scores_every_tenth_position() {
    assert_eq!(check_middle_game_scores(10), 100);
}

/// The whole middle-game set. Run with
/// `cargo test --release --test connect4 solver -- --ignored`.
#[test]
#[ignore = "about 5 s of CPU: run on demand"]
fn middle_game_benchmark_scores_all_positions() {
    assert_eq!(check_middle_game_scores(1), 1000);
}
