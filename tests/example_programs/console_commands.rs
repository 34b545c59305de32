//! The consoles' commands beyond moves (issue 22, item 7), driven through
//! the built examples with scripted input: `undo`, `redo`, `numbers`,
//! `save FILE` and `--load FILE` in checkers and draughts, the board once
//! a turn with the last move marked, whose view a score is from, the
//! banner; `help`, `undo` and `hint` at Connect Four's column prompt, with
//! the assignment's sample session still byte for byte.
//!
//! The expected boards are not written out here: each check compares the
//! boards the console prints with each other (the board after `undo` is
//! the one before the move) or with what the library says of the same
//! position.

use std::path::{Path, PathBuf};

use rulebook::checkers::pdn::PdnReader;
use rulebook::checkers::Checkers;
use rulebook::connect4::Connect4;
use rulebook::Game;

use crate::support;

/// Runs example `name` with `args` in `dir`, feeding it `input`; returns
/// stdout, asserting success and an empty stderr.
fn run_in(name: &str, dir: &Path, args: &[&str], input: &str) -> String {
    let output = support::run_example_in(name, dir, args, input.as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{name} {args:?}: {stderr}");
    assert_eq!(stderr, "", "{name} {args:?} wrote to stderr");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

fn run(name: &str, args: &[&str], input: &str) -> String {
    run_in(name, Path::new(env!("CARGO_MANIFEST_DIR")), args, input)
}

/// A fresh directory for one test's files.
fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-console-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

/// The boards a checkers or draughts console printed, in order: each
/// block from a `  +----` rule to its legend line (`... to move`).
fn boards(output: &str) -> Vec<String> {
    let mut boards = Vec::new();
    let mut current: Option<String> = None;
    for line in output.lines() {
        if let Some(board) = current.as_mut() {
            board.push_str(line);
            board.push('\n');
            if line.ends_with(" to move") {
                boards.extend(current.take());
            }
        } else if line.starts_with("  +----") {
            current = Some(format!("{line}\n"));
        }
    }
    boards
}

// ---- checkers ----------------------------------------------------------

#[test]
fn checkers_undo_and_redo_bring_back_the_boards() {
    let output = run("checkers", &[], "9-14\nundo\nredo\n");
    let boards = boards(&output);
    assert_eq!(boards.len(), 4, "{output}");
    assert!(output.contains("Took back 1 move.\n"), "{output}");
    assert!(output.contains("Played 1 move again.\n"), "{output}");
    assert_eq!(boards[2], boards[0], "undo shows the start again");
    assert_eq!(boards[3], boards[1], "redo shows the move again");
    assert!(output.contains("Red> redo\n"), "Red is to move after undo");
}

#[test]
fn checkers_marks_the_last_move_and_numbers_every_square() {
    let output = run("checkers", &[], "9-14\nnumbers\nnumbers\n");
    let boards = boards(&output);
    assert_eq!(boards.len(), 4, "{output}");
    // Occupied squares show their numbers: Red's man on square 1.
    assert!(boards[0].contains("| r 1|"), "{}", boards[0]);
    assert!(!boards[0].contains('*'), "no move yet: {}", boards[0]);
    // The man left 9 and stands on 14, both marked; the legend says so.
    assert!(boards[1].contains("|*  9|"), "{}", boards[1]);
    assert!(boards[1].contains("|*r14|"), "{}", boards[1]);
    assert!(
        boards[1].contains("* = the last move, 9-14; White to move"),
        "{}",
        boards[1]
    );
    // `numbers` hides the numbers of occupied squares, empty ones keep
    // theirs; a second `numbers` shows them again.
    assert!(output.contains("Square numbers on occupied squares: hidden.\n"));
    assert!(boards[2].contains("| r  |") && !boards[2].contains("r 1|"));
    assert!(boards[2].contains("|  13|"), "{}", boards[2]);
    assert_eq!(boards[3], boards[1]);
}

#[test]
fn checkers_undo_against_the_computer_takes_back_its_reply_too() {
    let output = run(
        "checkers",
        &["--computer", "white", "--level", "1"],
        "9-14\nundo\n",
    );
    assert!(output.starts_with(
        "Checkers: you play Red against the computer (White, level 1). Red moves first.\n"
    ));
    let boards = boards(&output);
    // Once a turn: the start, after the computer's reply, after undo.
    assert_eq!(boards.len(), 3, "{output}");
    assert!(output.contains("Took back 2 moves.\n"), "{output}");
    assert_eq!(boards[2], boards[0], "both moves are taken back");
    // The human's move is announced, and no board comes before the reply.
    let reply = output.find("White plays ").expect("the computer replies");
    let human = output.find("Red plays 9-14.").expect("the human's move");
    assert!(!output[human..reply].contains("  +----"), "{output}");
    // The score says whose view it is.
    assert!(
        output[reply..]
            .lines()
            .next()
            .unwrap()
            .contains(" for White)."),
        "{output}"
    );
}

#[test]
fn checkers_saves_a_game_and_loads_it_to_continue() {
    let dir = scratch_dir("checkers-save-load");
    let first = run_in("checkers", &dir, &[], "9-14\n22-18\nsave game.pdn\n");
    assert!(
        first.contains("The game so far is saved in game.pdn; continue it with --load game.pdn.\n"),
        "{first}"
    );
    // The file is PDN that the library replays to the same game.
    let text = std::fs::read_to_string(dir.join("game.pdn")).expect("the saved file");
    let record = PdnReader::new(&text).next().expect("a game").expect("PDN");
    let replayed = record.replay().expect("the record replays");
    let mut expected = Checkers::default();
    for mv in ["9-14", "22-18"] {
        expected.apply(expected.parse_move(mv).unwrap()).unwrap();
    }
    assert_eq!(*replayed.position(), expected);

    let second = run_in("checkers", &dir, &["--load", "game.pdn"], "");
    assert!(
        second.contains("Continuing the game of game.pdn after 2 moves: Red to move.\n"),
        "{second}"
    );
    let before = boards(&first);
    let after = boards(&second);
    assert_eq!(after[0], *before.last().unwrap(), "the same board goes on");
    // Taking back the loaded moves works as if they had been typed.
    let undone = run_in("checkers", &dir, &["--load", "game.pdn"], "undo\nundo\n");
    assert_eq!(boards(&undone).last(), before.first());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn checkers_help_lists_the_new_commands_and_save_needs_a_file() {
    let output = run("checkers", &[], "help\nsave\n");
    for command in ["  undo ", "  redo ", "  numbers ", "  save F "] {
        assert!(output.contains(command), "{command:?} missing: {output}");
    }
    assert!(output.contains("Say where: save FILE.\n"), "{output}");
}

// ---- draughts ----------------------------------------------------------

#[test]
fn draughts_undo_save_and_load_work_in_every_notation() {
    let dir = scratch_dir("draughts-save-load");
    for (variant, first, reply) in [
        ("international", "32-28", "19-23"),
        ("russian", "c3-d4", "f6-g5"),
    ] {
        let input = format!("{first}\nundo\nredo\n{reply}\nsave {variant}.pdn\n");
        let output = run_in("draughts", &dir, &["--variant", variant], &input);
        let shown = boards(&output);
        assert_eq!(shown.len(), 5, "{output}");
        assert_eq!(shown[2], shown[0], "{variant}: undo shows the start again");
        assert_eq!(shown[3], shown[1], "{variant}: redo shows the move again");
        assert!(shown[1].contains(&format!("* = the last move, {first}; ")));
        let loaded = run_in(
            "draughts",
            &dir,
            &["--variant", variant, "--load", &format!("{variant}.pdn")],
            "",
        );
        assert!(
            loaded.contains("after 2 moves: White to move.\n"),
            "{loaded}"
        );
        assert_eq!(boards(&loaded)[0], shown[4], "{variant}: the game goes on");
    }
    std::fs::remove_dir_all(&dir).ok();
}

// ---- Connect Four ------------------------------------------------------

const SAMPLE_INPUT: &str = include_str!("../data/connect4_sample_input.txt");
const SAMPLE_OUTPUT: &str = include_str!("../data/connect4_sample_output.txt");
const PROMPT_X: &str = "Player X, what column do you want to place your marker in?\n";

#[test]
fn connect4_sample_session_stays_byte_exact_with_the_words() {
    // The words are read before columns, and no line of the sample is one.
    for word in ["help", "undo", "hint"] {
        assert!(!SAMPLE_INPUT
            .lines()
            .any(|line| line.eq_ignore_ascii_case(word)));
    }
    assert_eq!(run("connect4", &[], SAMPLE_INPUT), SAMPLE_OUTPUT);
}

#[test]
fn connect4_help_lists_the_words_and_asks_again() {
    let empty = Connect4::default().to_string();
    let output = run("connect4", &[], "help\n");
    let help = output
        .strip_prefix(&format!("{empty}{PROMPT_X}"))
        .and_then(|rest| rest.strip_suffix(PROMPT_X))
        .unwrap_or_else(|| panic!("{output}"));
    for word in ["  help ", "  undo ", "  hint "] {
        assert!(help.contains(word), "{word:?} missing: {help}");
    }
}

#[test]
fn connect4_undo_takes_back_the_move() {
    let empty = Connect4::default().to_string();
    let after = Connect4::from_moves("4").unwrap().to_string();
    let output = run("connect4", &[], "3\nundo\nundo\n");
    let prompt_o = PROMPT_X.replace('X', "O");
    assert_eq!(
        output,
        format!("{empty}{PROMPT_X}{after}{prompt_o}{empty}{PROMPT_X}There is no move to take back\n{PROMPT_X}")
    );
}

#[test]
fn connect4_against_the_computer_has_a_banner_and_undo_takes_back_its_reply() {
    let empty = Connect4::default().to_string();
    let output = run(
        "connect4",
        &["--computer", "O", "--level", "1"],
        "3\nundo\n",
    );
    assert!(
        output.starts_with("The computer (level 1) plays O; you play X.\n"),
        "{output}"
    );
    assert!(output.ends_with(&format!("{empty}{PROMPT_X}")), "{output}");
}

#[test]
fn connect4_hint_names_the_winning_column() {
    // X has 0, 1 and 2 on the bottom row, O three in column 6: only
    // column 3 wins at once.
    let output = run("connect4", &[], "0\n6\n1\n6\n2\n6\nhint\n");
    assert!(output.contains("Hint: column 3 (computer: "), "{output}");
    assert!(output.contains(" for X)\n"), "{output}");
}

#[test]
fn connect4_help_flags_are_indented_alike() {
    let output = run("connect4", &["--help"], "");
    let flags: Vec<&str> = output
        .lines()
        .filter(|line| line.trim_start().starts_with("--"))
        .collect();
    assert!(flags.len() >= 5, "{output}");
    for line in flags {
        assert!(line.starts_with("  --"), "{line:?} in {output}");
    }
}
