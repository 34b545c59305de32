//! The Tic-tac-toe example: a third game written outside the crate
//! (`examples/tictactoe/game.rs`, included here as a module) passes the
//! conformance kit and the agreed counts, and its console plays.

#[path = "../../examples/tictactoe/game.rs"]
#[allow(dead_code)] // the example's main uses what this test does not
mod game;
use crate::support;

use game::{Cell, Mark, TicTacToe};
use rulebook::testing::{check_contract, Config};
use rulebook::{count_games, perft, Game, Outcome};

/// Perft from the empty board, depths 1 to 9 (the number of ways to fill
/// `depth` cells, less the sequences that stop at a win before `depth`).
const PERFT: [u64; 9] = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];

#[test]
fn the_game_keeps_the_contract() {
    let candidates = (0..=10).filter_map(Cell::new);
    let config = Config::<TicTacToe>::new()
        .seed(2024)
        .playouts(300)
        .perft_depth(3)
        .candidate_moves(candidates);
    let summary = check_contract(&config).unwrap();
    assert_eq!(summary.finished_games, 300);
    assert!(summary.longest_playout <= 9);
    // 5,478 positions are reachable; 300 games see a good share.
    assert!(summary.distinct_positions > 1_000, "{summary:?}");
}

#[test]
fn perft_counts_move_sequences_of_exactly_n_plies() {
    let start = TicTacToe::default();
    for (depth, expected) in (1..).zip(PERFT) {
        assert_eq!(perft(&start, depth), expected, "depth {depth}");
    }
    assert_eq!(perft(&start, 10), 0, "no game lasts 10 plies");
}

#[test]
fn count_games_counts_the_255168_complete_games() {
    let start = TicTacToe::default();
    assert_eq!(count_games(&start, 9), 255_168);
    assert_eq!(count_games(&start, 20), 255_168);
    // Games end at ply 5 at the earliest: 1,440 wins for X there.
    assert_eq!(count_games(&start, 4), 0);
    assert_eq!(count_games(&start, 5), 1_440);
    // The games that last all nine plies are what perft(9) counts.
    assert_eq!(count_games(&start, 9) - count_games(&start, 8), PERFT[8]);
}

#[test]
fn hand_checked_positions() {
    let mut game = TicTacToe::default();
    for cell in [1, 4, 2, 5, 3] {
        game.apply(Cell::new(cell).unwrap()).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::Win(Mark::X)));
    assert!(game.legal_moves().is_empty());
    assert_eq!(
        game.to_string(),
        " X | X | X\n---+---+---\n O | O | 6\n---+---+---\n 7 | 8 | 9\n"
    );
    assert_eq!("0".parse::<Cell>().ok(), None);
    assert_eq!(" 9 ".parse::<Cell>().ok(), Cell::new(9));
}

/// Runs the example with `input`; returns stdout (asserting exit 0 and an
/// empty stderr).
fn run(args: &[&str], input: &str) -> String {
    let output = support::run_example("tictactoe", args, input.as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "stderr: {stderr}");
    assert_eq!(stderr, "");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_console_plays_refuses_bad_input_and_undoes() {
    let output = run(
        &[],
        "5\n5\nx\n10\n1\nundo\nundo\nundo\n5\n1\n3\n7\n4\n6\n8\n2\n9\n1\n2\nquit\n",
    );
    assert!(output.contains("Cell 5 is taken."), "{output}");
    assert!(output.contains("\"x\" is not a cell: type a number from 1 to 9."));
    assert!(output.contains("\"10\" is not a cell"));
    assert!(output.contains("Nothing to undo."), "{output}");
    // X 5, O 1, X 3, O 7, X 4, O 6, X 8, O 2, X 9: no line, a draw.
    assert!(output.contains("Draw: the board is full."), "{output}");
    // Then a new game, two moves, and quit.
    let (_, second) = output.split_once("New game.\n").unwrap();
    assert!(second.contains(" X | O | 3\n"), "{second}");
    assert!(
        second.ends_with("Player X, your cell (1-9, undo, quit)? "),
        "{second}"
    );
    // End of input quits cleanly too.
    let output = run(&[], "1\n");
    assert!(
        output.ends_with("your cell (1-9, undo, quit)? \n"),
        "{output:?}"
    );
}

#[test]
fn the_console_prints_the_counts() {
    let output = run(&["perft"], "");
    let last = output.lines().last().unwrap();
    assert_eq!(
        last.split_whitespace().collect::<Vec<_>>(),
        ["9", "127872", "255168"]
    );
}
