//! The examples' ConnectX modes, run as a user would: the `connect4`
//! console with `--rows`/`--columns`/`--in-a-row`, and `perft connectx`.
//! Bad sizes get a message and exit code 2, never a panic.

use crate::support;

use std::process::Output;

use rulebook::connectx::{Column, ConnectX, Parameters};
use rulebook::{perft, perft_divide, Game};

/// The exit code of a usage error.
const USAGE_ERROR: i32 = 2;

const SAMPLE_INPUT: &str = include_str!("../data/connect4_sample_input.txt");
const SAMPLE_OUTPUT: &str = include_str!("../data/connect4_sample_output.txt");
const PLAY_AGAIN: &str = "Would you like to play again? Y/N\n";

fn prompt(game: &ConnectX) -> String {
    format!(
        "Player {}, what column do you want to place your marker in?\n",
        game.to_move()
    )
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Runs the console with `args` and `input`; returns stdout (asserting
/// exit 0 and an empty stderr).
fn console(args: &[&str], input: &str) -> String {
    let output = support::run_example("connect4", args, input.as_bytes());
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    assert_eq!(stderr, "");
    text(&output.stdout)
}

/// Asserts a usage error: exit 2, nothing on stdout, `message` on stderr.
fn assert_usage_error(output: &Output, message: &str) {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(USAGE_ERROR), "{stderr}");
    assert!(output.stdout.is_empty(), "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains(message), "{message:?} not in {stderr}");
    assert!(stderr.contains("--in-a-row K"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn connect_four_flags_play_the_sample_byte_for_byte() {
    let args = ["--rows", "6", "--columns", "7", "--in-a-row", "4"];
    assert_eq!(console(&args, SAMPLE_INPUT), SAMPLE_OUTPUT);
}

#[test]
fn a_small_board_game_with_bad_input_and_a_win() {
    let parameters = Parameters::new(4, 5, 3).unwrap();
    let args = ["--rows", "4", "--columns", "5", "--in-a-row", "3"];
    // X plays column 4 three times; O answers in column 0. Bad answers on
    // the way: a column past the board, a negative one, and words.
    let input = "4\n0\n5\n4\n-1\nzero\n0\n4\nn\n";
    let mut game = ConnectX::new(parameters);
    let mut expected = game.to_string();
    // The prompt, the move and the board after it.
    let play = |game: &mut ConnectX, expected: &mut String, col: usize| {
        expected.push_str(&prompt(game));
        game.apply(Column::new(col).unwrap()).unwrap();
        expected.push_str(&game.to_string());
    };
    let refuse = |game: &ConnectX, expected: &mut String, message: &str| {
        expected.push_str(&prompt(game));
        expected.push_str(message);
    };
    play(&mut game, &mut expected, 4);
    play(&mut game, &mut expected, 0);
    refuse(&game, &mut expected, "Column cannot be greater than 4\n");
    play(&mut game, &mut expected, 4);
    refuse(&game, &mut expected, "Column cannot be less that 0\n");
    refuse(
        &game,
        &mut expected,
        "Please enter a column number from 0 to 4\n",
    );
    play(&mut game, &mut expected, 0);
    play(&mut game, &mut expected, 4);
    expected.push_str("Player X Won!\n");
    expected.push_str(PLAY_AGAIN);
    assert!(expected.starts_with("|0|1|2|3|4|\n| | | | | |\n"));
    assert_eq!(console(&args, input), expected);
}

#[test]
fn a_one_row_tie_and_a_full_column() {
    // One row of four, three in a row to win: X O X O fills it.
    let output = console(
        &["--rows", "1", "--columns", "4", "--in-a-row", "3"],
        "0\n0\n1\n2\n3\n",
    );
    let tie = "|0|1|2|3|\n|X|O|X|O|\nIt's a tie!\n";
    assert!(output.ends_with(&format!("{tie}{PLAY_AGAIN}")), "{output}");
    assert_eq!(output.matches("Column is full\n").count(), 1);
}

#[test]
fn wide_boards_number_every_column() {
    // Only --columns: the rows and the line keep Connect Four's 6 and 4.
    let output = console(&["--columns", "12"], "11\n");
    let game = ConnectX::new(Parameters::new(6, 12, 4).unwrap());
    let after = game.after(Column::new(11).unwrap()).unwrap();
    assert_eq!(
        output,
        format!("{game}{}{after}{}", prompt(&game), prompt(&after))
    );
    assert!(output.starts_with("| 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|10|11|\n"));
    assert!(output.contains("|  |  |  |  |  |  |  |  |  |  |  | X|\n"));
}

#[test]
fn impossible_console_sizes_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["--rows", "0"], "a board has 1 to 16 rows, not 0"),
        (&["--columns", "17"], "a board has 1 to 16 columns, not 17"),
        (
            &["--in-a-row", "1"],
            "the winning line has 2 to 16 tokens, not 1",
        ),
        (
            &["--rows", "3", "--columns", "3", "--in-a-row", "4"],
            "4 in a row does not fit on a board of 3 rows and 3 columns",
        ),
        (&["--rows"], "--rows needs a value"),
        (&["--rows", "-6"], "--rows takes a whole number, not \"-6\""),
        (
            &["--columns", "99999999999999999999999"],
            "--columns takes a whole number",
        ),
        (&["--size", "6"], "unknown argument \"--size\""),
    ];
    for (args, message) in cases {
        let output = support::run_example("connect4", args, b"");
        assert_usage_error(&output, message);
    }
}

/// Runs `perft` with `args`; returns the output.
fn run_perft(args: &[&str]) -> Output {
    support::run_example("perft", args, b"")
}

/// Runs a count that must succeed; returns its first line.
fn perft_line(args: &[&str]) -> String {
    let output = run_perft(args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    text(&output.stdout)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn perft_counts_connectx_of_any_size() {
    assert_eq!(perft_line(&["connectx", "6"]), "perft(6) = 117649");
    let parameters = Parameters::new(5, 9, 5).unwrap();
    let expected = perft(&ConnectX::new(parameters), 4);
    let args = [
        "connectx",
        "4",
        "--rows",
        "5",
        "--columns",
        "9",
        "--in-a-row",
        "5",
    ];
    assert_eq!(perft_line(&args), format!("perft(4) = {expected}"));
    let args = ["connectx", "3", "--columns", "16", "--threads", "2"];
    assert_eq!(perft_line(&args), "perft(3) = 4096");
}

#[test]
fn perft_connectx_starts_from_moves_or_a_text() {
    let parameters = Parameters::new(4, 5, 3).unwrap();
    let mut game = ConnectX::new(parameters);
    for col in [2, 2, 3] {
        game.apply(Column::new(col).unwrap()).unwrap();
    }
    let expected = format!("perft(4) = {}", perft(&game, 4));
    let size = ["--rows", "4", "--columns", "5", "--in-a-row", "3"];
    let mut args = vec!["connectx", "4", "--moves", "2,2 3"];
    args.extend(size);
    assert_eq!(perft_line(&args), expected);
    let fen = game.text();
    assert_eq!(perft_line(&["connectx", "4", "--fen", &fen]), expected);

    let output = run_perft(&["connectx", "3", "--fen", &fen, "--divide"]);
    let divided: String = perft_divide(&game, 3)
        .iter()
        .map(|(mv, n)| format!("{mv}: {n}\n"))
        .collect();
    assert!(text(&output.stdout).starts_with(&divided));
}

#[test]
fn impossible_perft_arguments_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["connectx", "3", "--rows", "0"], "1 to 16 rows, not 0"),
        (
            &["connectx", "3", "--columns", "17"],
            "1 to 16 columns, not 17",
        ),
        (
            &[
                "connectx",
                "3",
                "--rows",
                "2",
                "--columns",
                "2",
                "--in-a-row",
                "3",
            ],
            "3 in a row does not fit",
        ),
        (&["connectx", "3", "--in-a-row", "x"], "not \"x\""),
        (&["connect4", "3", "--rows", "5"], "are for connectx"),
        (
            &[
                "connectx",
                "3",
                "--fen",
                "4x5x3:...../...../...../.....",
                "--rows",
                "4",
            ],
            "carries its own size",
        ),
        (&["connectx", "3", "--moves", "7"], "the last column is 6"),
        (&["connectx", "3", "--fen", "6x7x4:XX"], "--fen: "),
        (&["connectx", "3", "--fen", "XX"], "--fen: "),
    ];
    for (args, message) in cases {
        assert_usage_error(&run_perft(args), message);
    }
}
