//! Runs the built `connect4` example on scripted console input and checks
//! its whole output: the assignment's sample session byte for byte, a tie,
//! bad input, and end of input at each kind of prompt.

use crate::support;

use rulebook::connect4::Connect4;

const SAMPLE_INPUT: &str = include_str!("../data/connect4_sample_input.txt");
const SAMPLE_OUTPUT: &str = include_str!("../data/connect4_sample_output.txt");

const EMPTY_BOARD: &str = "\
|0|1|2|3|4|5|6|
| | | | | | | |
| | | | | | | |
| | | | | | | |
| | | | | | | |
| | | | | | | |
| | | | | | | |
";
const PROMPT_X: &str = "Player X, what column do you want to place your marker in?\n";
const PROMPT_O: &str = "Player O, what column do you want to place your marker in?\n";
const PLAY_AGAIN: &str = "Would you like to play again? Y/N\n";

/// Runs the example with `input` on stdin; returns stdout (asserting exit 0
/// and an empty stderr).
fn run(input: &str) -> String {
    let output = support::run_example("connect4", &[], input.as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "stderr: {stderr}");
    assert_eq!(stderr, "");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// The board after `moves` (1-indexed solver notation).
fn board(moves: &str) -> String {
    Connect4::from_moves(moves).unwrap().to_string()
}

#[test]
fn sample_session_matches_byte_for_byte() {
    assert_eq!(run(SAMPLE_INPUT), SAMPLE_OUTPUT);
}

#[test]
fn sample_data_files_are_consistent() {
    assert_eq!(SAMPLE_INPUT.lines().count(), 24);
    assert!(SAMPLE_OUTPUT.starts_with(EMPTY_BOARD));
    assert!(SAMPLE_OUTPUT.ends_with("Player X Won!\nWould you like to play again? Y/N\n"));
    assert!(!SAMPLE_OUTPUT.contains("Process finished"));
}

#[test]
fn end_of_input_at_the_play_again_question_exits_cleanly() {
    let without_last_answer = SAMPLE_INPUT.strip_suffix("n\n").unwrap();
    assert_eq!(run(without_last_answer), SAMPLE_OUTPUT);
}

#[test]
fn empty_input_shows_the_board_and_one_prompt() {
    assert_eq!(run(""), format!("{EMPTY_BOARD}{PROMPT_X}"));
}

#[test]
fn end_of_input_mid_game_exits_cleanly() {
    // The last line has no newline: still read as a move.
    assert_eq!(
        run("3\n4"),
        format!(
            "{EMPTY_BOARD}{PROMPT_X}{}{PROMPT_O}{}{PROMPT_X}",
            board("4"),
            board("45")
        )
    );
}

#[test]
fn bad_input_gets_a_message_and_the_same_prompt() {
    let output = run("abc\n\n  3  \n-1\n7\n100000000000000000000\n3.5\n");
    let expected = [
        EMPTY_BOARD,
        PROMPT_X,
        "Please enter a column number from 0 to 6\n",
        PROMPT_X,
        "Please enter a column number from 0 to 6\n",
        PROMPT_X,
        &board("4"),
        PROMPT_O,
        "Column cannot be less that 0\n",
        PROMPT_O,
        "Column cannot be greater than 6\n",
        PROMPT_O,
        "Column cannot be greater than 6\n",
        PROMPT_O,
        "Please enter a column number from 0 to 6\n",
        PROMPT_O,
    ]
    .concat();
    assert_eq!(output, expected);
}

#[test]
fn full_column_is_refused_and_the_same_player_asked_again() {
    let output = run("0\n0\n0\n0\n0\n0\n0\n1\n");
    let mut expected = EMPTY_BOARD.to_owned();
    for plies in 1..=6 {
        expected.push_str(if plies % 2 == 1 { PROMPT_X } else { PROMPT_O });
        expected.push_str(&board(&"1".repeat(plies)));
    }
    expected.push_str(PROMPT_X);
    expected.push_str("Column is full\n");
    expected.push_str(PROMPT_X);
    expected.push_str(&board("1111112"));
    expected.push_str(PROMPT_O);
    assert_eq!(output, expected);
}

/// 42 moves (0-based) that fill the board without four in a row.
const DRAWN_GAME: [u8; 42] = [
    0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 2, 3, 2, 3, 2, 3, 3, 2, 3, 2, 3, 2, 4, 5, 4, 5, 4, 5, 5, 4,
    5, 4, 5, 4, 6, 6, 6, 6, 6, 6,
];

const DRAWN_BOARD: &str = "\
|0|1|2|3|4|5|6|
|O|X|O|X|O|X|O|
|O|X|O|X|O|X|X|
|O|X|O|X|O|X|O|
|X|O|X|O|X|O|X|
|X|O|X|O|X|O|O|
|X|O|X|O|X|O|X|
";

#[test]
fn a_tie_shows_the_board_a_tie_message_and_offers_another_game() {
    let mut input: String = DRAWN_GAME.iter().map(|c| format!("{c}\n")).collect();
    input.push_str(" Y \n");
    let output = run(&input);
    let expected_end = format!("{DRAWN_BOARD}It's a tie!\n{PLAY_AGAIN}{EMPTY_BOARD}{PROMPT_X}");
    assert!(
        output.ends_with(&expected_end),
        "output ends with:\n{}",
        &output[output.len().saturating_sub(600)..]
    );
    // Every move was accepted: 42 prompts, 42 boards after moves, plus the
    // first board of each game and the first prompt of the second game.
    assert_eq!(output.matches("what column").count(), 43);
    assert_eq!(output.matches("|0|1|2|3|4|5|6|").count(), 44);
    assert!(!output.contains("Won!"));
}

#[test]
fn play_again_accepts_both_cases_and_re_asks_otherwise() {
    // X wins with four in column 0 twice; answers: "yes" (re-ask), "y", "N".
    let win = "0\n1\n0\n1\n0\n1\n0\n";
    let output = run(&format!("{win}yes\ny\n{win}N\n"));
    assert_eq!(output.matches("Player X Won!\n").count(), 2);
    assert_eq!(output.matches(PLAY_AGAIN).count(), 3);
    assert!(output.ends_with(&format!("Player X Won!\n{PLAY_AGAIN}")));
    assert!(output.contains(&format!("{PLAY_AGAIN}{PLAY_AGAIN}{EMPTY_BOARD}")));
}

/// Runs the example with `args` and `input`; returns stdout (asserting
/// exit 0 and an empty stderr).
fn run_with(args: &[&str], input: &str) -> String {
    let output = support::run_example("connect4", args, input.as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "stderr: {stderr}");
    assert_eq!(stderr, "");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// The columns a transcript's players chose, in order: the line after each
/// prompt when the computer answers it (`3 (computer: ...)`), else the
/// human's `input` lines that were accepted (here: all of them).
fn replay(transcript: &str, mut human: impl Iterator<Item = char>) -> Connect4 {
    let mut game = Connect4::default();
    let mut lines = transcript.lines().peekable();
    while let Some(line) = lines.next() {
        if !line.ends_with("what column do you want to place your marker in?") {
            continue;
        }
        let column = match lines.peek() {
            Some(answer) if answer.contains("(computer: ") => answer.as_bytes()[0],
            _ => human.next().expect("a human move") as u8,
        };
        let column = rulebook::connect4::Column::new(usize::from(column - b'0')).unwrap();
        rulebook::Game::apply(&mut game, column).unwrap();
    }
    game
}

// The human's input of the computer session was written by playing the
// level-1 engine against the example's level-3 computer (a fixed depth:
// the same replies on every machine); the output was checked by hand. Set
// RULEBOOK_BLESS=1 to rewrite the expected output after a deliberate
// change.
#[test]
fn a_scripted_human_against_the_computer_plays_to_the_end() {
    let input = include_str!("../data/connect4_session_computer_o.input.txt");
    let output = run_with(&["--computer", "O", "--level", "3"], input);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/connect4_session_computer_o.output.txt"
    );
    if std::env::var_os("RULEBOOK_BLESS").is_some() {
        std::fs::write(path, &output).unwrap();
    }
    assert_eq!(output, std::fs::read_to_string(path).unwrap());
    // The moves shown make the final board, and its result is announced.
    let humans = input.lines().filter(|line| line.len() == 1 && line != &"n");
    let game = replay(&output, humans.flat_map(str::chars));
    assert_eq!(
        rulebook::Game::outcome(&game),
        Some(rulebook::Outcome::Win(rulebook::connect4::Player::O))
    );
    assert!(output.ends_with(&format!("{game}Player O Won!\n{PLAY_AGAIN}")));
}

#[test]
fn the_computer_plays_a_whole_game_by_itself() {
    let output = run_with(&["--computer", "both", "--level", "2"], "n\n");
    let game = replay(&output, core::iter::empty());
    let ending = match rulebook::Game::outcome(&game) {
        Some(rulebook::Outcome::Win(player)) => format!("Player {player} Won!\n"),
        Some(rulebook::Outcome::Draw) => "It's a tie!\n".to_owned(),
        None => panic!("the game did not end:\n{output}"),
    };
    let banner = "The computer (level 2) plays both X and O.\n";
    assert!(output.starts_with(&format!("{banner}{EMPTY_BOARD}")));
    assert!(output.ends_with(&format!("{game}{ending}{PLAY_AGAIN}")));
    // The same game every time.
    assert_eq!(
        run_with(&["--computer", "both", "--level", "2"], "n\n"),
        output
    );
}

#[test]
fn bad_options_print_the_usage() {
    for (args, message) in [
        (
            &["--computer", "Z"][..],
            "--computer takes X, O or both, not \"Z\"",
        ),
        (&["--computer"][..], "--computer needs X, O or both"),
        (
            &["--level", "0"][..],
            "there is no level 0: levels go from 1 (weakest) to 7",
        ),
        (
            &["--level", "x"][..],
            "--level takes a whole number, not \"x\"",
        ),
        (&["--bogus"][..], "unknown argument \"--bogus\""),
    ] {
        let output = support::run_example("connect4", args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with(&format!("error: {message}\n\nusage: connect4 ")),
            "{stderr}"
        );
        assert!(stderr.contains("--computer P"), "{stderr}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    }
}

#[test]
fn the_computer_plays_connectx_boards_too() {
    let args = [
        "--rows",
        "4",
        "--columns",
        "5",
        "--in-a-row",
        "3",
        "--computer",
        "both",
        "--level",
        "2",
    ];
    let output = run_with(&args, "n\n");
    assert!(
        output.starts_with("The computer (level 2) plays both X and O.\n|0|1|2|3|4|\n"),
        "{output}"
    );
    assert!(output.contains("(computer: depth "), "{output}");
    assert!(
        output.ends_with(&format!("Won!\n{PLAY_AGAIN}"))
            || output.ends_with(&format!("It's a tie!\n{PLAY_AGAIN}")),
        "{output}"
    );
    assert_eq!(run_with(&args, "n\n"), output, "the same game every time");
}

/// The perfect level in the console: the computer's moves are exactly the
/// solver's `best_move` (with the builtin book) in every position, and the
/// game ends as perfect play against this human must. The human's moves
/// are scripted (`human` picks one from the position), so the whole game is
/// worked out with the library first and then played at the console.
fn perfect_computer_session(computer: rulebook::connect4::Player, human: fn(&Connect4) -> usize) {
    use rulebook::connect4::{Book, Column, Solver, PERFECT_LEVEL};
    use rulebook::Game;

    let mut solver = Solver::with_table_bits(20)
        .unwrap()
        .with_book(Book::builtin().unwrap());
    let mut game = Connect4::default();
    let mut input = String::new();
    let mut computer_moves = Vec::new();
    while !game.is_over() {
        let column = if game.to_move() == computer {
            let column = solver.best_move(&game).unwrap();
            computer_moves.push(column);
            column
        } else {
            let column = Column::new(human(&game)).unwrap();
            input.push_str(&format!("{column}\n"));
            column
        };
        game.apply(column).unwrap();
    }
    input.push_str("n\n");
    let side = computer.to_string();
    let level = PERFECT_LEVEL.to_string();
    let output = run_with(&["--computer", &side, "--level", &level], &input);
    let shown: Vec<String> = output
        .lines()
        .filter(|line| line.contains(" (computer: "))
        .map(|line| line[..1].to_owned())
        .collect();
    let expected: Vec<String> = computer_moves.iter().map(|c| c.to_string()).collect();
    assert_eq!(shown, expected, "{output}");
    let humans = input.lines().filter(|line| line != &"n");
    assert_eq!(replay(&output, humans.flat_map(str::chars)), game);
    assert!(output.ends_with(&format!("{game}Player {computer} Won!\n{PLAY_AGAIN}")));
}

#[test]
fn the_perfect_computer_as_x_wins() {
    use rulebook::Game;
    // A human who fills the leftmost open column, then one who plays
    // the rightmost.
    perfect_computer_session(rulebook::connect4::Player::X, |game| {
        game.legal_moves()[0].index()
    });
    perfect_computer_session(rulebook::connect4::Player::X, |game| {
        game.legal_moves().last().unwrap().index()
    });
}

#[test]
fn the_perfect_computer_as_o_punishes_a_weak_start() {
    use rulebook::Game;
    // X starts on the edge and keeps to the rightmost open column: O wins.
    perfect_computer_session(rulebook::connect4::Player::O, |game| {
        game.legal_moves().last().unwrap().index()
    });
}
