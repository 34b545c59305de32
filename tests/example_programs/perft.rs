//! Runs the built `perft` example as a user would: counts, divide output,
//! start positions, progress on stderr, and bad arguments (usage on
//! stderr, exit code 2, no panic).

use crate::support;

use std::process::{Command, Output};

use rulebook::checkers::Checkers;
use rulebook::connect4::Connect4;
use rulebook::{perft_divide, Game};

/// The exit code of a usage error.
const USAGE_ERROR: i32 = 2;

fn run(args: &[&str]) -> Output {
    Command::new(support::example_binary("perft"))
        .args(args)
        .output()
        .expect("run the perft example")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 output")
}

/// Runs a count that must succeed; returns stdout.
fn count(args: &[&str]) -> String {
    let output = run(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        stderr(&output)
    );
    stdout(&output)
}

#[test]
fn counts_time_and_speed() {
    let out = count(&["checkers", "6"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "perft(6) = 36768");
    assert!(
        lines[1].starts_with("time: ") && lines[1].ends_with(" s"),
        "{out}"
    );
    assert!(lines[2].starts_with("leaves/s: "), "{out}");

    assert!(count(&["connect4", "7", "--threads", "2"]).starts_with("perft(7) = 823536\n"));
    assert!(count(&["connect4", "0"]).starts_with("perft(0) = 1\n"));
    assert!(count(&["checkers", "3", "--threads", "0"]).starts_with("perft(3) = 302\n"));
}

#[test]
fn progress_names_each_root_move_on_stderr() {
    let output = run(&["checkers", "5", "--threads", "2"]);
    assert_eq!(output.status.code(), Some(0));
    let progress = stderr(&output);
    let mut moves: Vec<&str> = progress
        .lines()
        .map(|line| line.split(' ').nth(1).expect("[i/n] move: count"))
        .collect();
    moves.sort_unstable();
    let mut expected = [
        "9-13:", "9-14:", "10-14:", "10-15:", "11-15:", "11-16:", "12-16:",
    ];
    expected.sort_unstable();
    assert_eq!(moves, expected, "{progress}");
}

#[test]
fn divide_lists_each_root_move_in_order() {
    let out = count(&["connect4", "5", "--divide", "--threads", "2"]);
    let expected: String = perft_divide(&Connect4::default(), 5)
        .iter()
        .map(|(mv, n)| format!("{mv}: {n}\n"))
        .collect();
    assert!(
        out.starts_with(&format!("{expected}\nperft(5) = 16807\n")),
        "{out}"
    );

    let start = "11-15 23-19";
    let mut game = Checkers::default();
    for text in start.split(' ') {
        game.apply(game.parse_move(text).unwrap()).unwrap();
    }
    let out = count(&["checkers", "4", "--moves", start, "--divide"]);
    let expected: String = perft_divide(&game, 4)
        .iter()
        .map(|(mv, n)| format!("{mv}: {n}\n"))
        .collect();
    assert!(out.starts_with(&expected), "{out}");
}

#[test]
fn plain_walk_prints_the_same_count() {
    for (args, count_line) in [
        (&["checkers", "6", "--plain"][..], "perft(6) = 36768"),
        (
            &["connect4", "6", "--plain", "--threads", "1"],
            "perft(6) = 117649",
        ),
        (
            &["connect4", "3", "--plain", "--moves", "1212121"],
            "perft(3) = 0",
        ),
        (&["checkers", "0", "--plain"], "perft(0) = 1"),
    ] {
        let out = count(args);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{args:?}: {out}");
        assert_eq!(lines[0], count_line, "{args:?}");
        assert!(lines[1].starts_with("time: "), "{out}");
        assert!(lines[2].starts_with("leaves/s: "), "{out}");
    }
    let start = "11-15 23-19";
    let mut game = Checkers::default();
    for text in start.split(' ') {
        game.apply(game.parse_move(text).unwrap()).unwrap();
    }
    let expected = format!("perft(5) = {}\n", rulebook::perft(&game, 5));
    assert!(count(&["checkers", "5", "--plain", "--moves", start]).starts_with(&expected));
}

#[test]
fn start_from_fen_or_moves() {
    let fen = Checkers::default().to_fen();
    assert!(count(&["checkers", "4", "--fen", &fen]).starts_with("perft(4) = 1469\n"));
    assert!(
        count(&["checkers", "2", "--fen", "W:WK10,K27,29:BK14,K18,3,5"]).starts_with(&format!(
            "perft(2) = {}\n",
            rulebook::perft(
                &Checkers::from_fen("W:WK10,K27,29:BK14,K18,3,5").unwrap(),
                2
            )
        ))
    );
    let c4 = Connect4::from_moves("4453").unwrap();
    let expected = format!("perft(4) = {}\n", rulebook::perft(&c4, 4));
    assert!(count(&["connect4", "4", "--moves", "4453"]).starts_with(&expected));
    assert!(count(&["connect4", "4", "--fen", &c4.text()]).starts_with(&expected));
    // A finished game has no moves.
    assert!(count(&["connect4", "3", "--moves", "1212121"]).starts_with("perft(3) = 0\n"));
}

#[test]
fn bad_arguments_print_the_usage_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "expected a game and a depth, got 0"),
        (&["checkers"], "expected a game and a depth, got 1"),
        (&["chess", "3"], "unknown game \"chess\""),
        (
            &["checkers", "-1"],
            "the depth must be a whole number of plies, not \"-1\"",
        ),
        (&["checkers", "deep"], "not \"deep\""),
        (&["checkers", "3", "4"], "got 3 argument(s)"),
        (&["checkers", "3", "--fast"], "unknown option \"--fast\""),
        (&["checkers", "3", "--threads"], "--threads needs a value"),
        (&["checkers", "3", "--threads", "two"], "not \"two\""),
        (&["checkers", "3", "--fen"], "--fen needs a value"),
        (
            &["checkers", "3", "--fen", "B:W1:B1", "--moves", "11-15"],
            "at most one of --fen and --moves",
        ),
        (&["checkers", "3", "--fen", "B:W21:B30"], "--fen: "),
        (
            &["checkers", "3", "--moves", "11-15 11-15"],
            "--moves: 11-15: ",
        ),
        (&["connect4", "3", "--moves", "48"], "--moves: "),
        (&["connect4", "3", "--fen", "XX"], "--fen: "),
        (
            &["checkers", "3", "--plain", "--divide"],
            "--plain counts on one thread",
        ),
        (
            &["connect4", "3", "--plain", "--threads", "2"],
            "--plain counts on one thread",
        ),
    ];
    for (args, message) in cases {
        let output = run(args);
        assert_eq!(output.status.code(), Some(USAGE_ERROR), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let error = stderr(&output);
        assert!(error.starts_with("error: "), "{args:?}: {error}");
        assert!(error.contains(message), "{args:?}: {error}");
        assert!(error.contains("usage: perft <"), "{error}");
        assert!(!error.contains("panicked"), "{error}");
    }
}

#[test]
fn draughts_variants_in_both_conventions() {
    assert!(count(&["international", "5"]).starts_with("perft(5) = 27117\n"));
    assert!(count(&["russian", "8", "--routes"]).starts_with("perft(8) = 929905\n"));
    assert!(count(&["russian", "8", "--distinct"]).starts_with("perft(8) = 929899\n"));
    // Without a flag, the variant's own count: captures to one result once.
    assert!(count(&["russian", "8"]).starts_with("perft(8) = 929899\n"));
    let divided = count(&["pool", "8", "--distinct", "--divide", "--threads", "2"]);
    assert!(divided.contains("\nperft(8) = 929896\n"), "{divided}");
    assert!(divided.starts_with("9-13: "), "{divided}");
    assert!(count(&["russian", "2", "--moves", "c3-d4 f6-e5"]).starts_with("perft(2) = "));
    assert!(count(&["italian", "1", "--fen", "W:W30,26:B1,3"]).starts_with("perft(1) = 3\n"));
    for (args, message) in [
        (
            &["checkers", "3", "--distinct"][..],
            "--routes and --distinct are for the draughts variants",
        ),
        (
            &["czech", "3", "--routes", "--distinct"][..],
            "at most one of --routes and --distinct",
        ),
        (&["spanish", "3", "--fen", "W:W1:B1"][..], "--fen: "),
        (
            &["dutch", "3"][..],
            "international, brazilian, russian, pool, italian, spanish, czech",
        ),
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(USAGE_ERROR), "{args:?}");
        let error = stderr(&output);
        assert!(error.contains(message), "{args:?}: {error}");
    }
}

/// `--fen` works for every draughts variant, in its own notation: from the
/// start position written as a FEN the count is the published one (the
/// start-position counts of `tests/draughts/perft.rs`), and a set-up
/// position counts the moves worked out by hand.
#[test]
fn draughts_fen_start_for_every_variant() {
    for (variant, fen, count_at_5) in [
        ("international", "W:W31-50:B1-20", 27117),
        (
            "brazilian",
            "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
            7473,
        ),
        ("russian", "W:W21-32:B1-12", 7482),
        ("pool", "B:W21-32:B1-12", 7482),
        ("italian", "W:W21-32:B1-12", 7361),
        // Spanish numbers the mirrored board: White's men stand on 1-12.
        ("spanish", "W:W1-12:B21-32", 7361),
        ("czech", "W:W21-32:B1-12", 7361),
    ] {
        let out = count(&[variant, "5", "--fen", fen]);
        assert!(
            out.starts_with(&format!("perft(5) = {count_at_5}\n")),
            "{variant} {fen}: {out}"
        );
    }
    // A flying king on a1 takes the man on d4 and may land on e5, f6, g7
    // or h8: four moves (it cannot take again).
    for variant in ["russian", "brazilian", "czech"] {
        let out = count(&[variant, "1", "--fen", "W:WKa1:Bd4,h6"]);
        assert!(out.starts_with("perft(1) = 4\n"), "{variant}: {out}");
    }
}

/// A reader that goes away before the counts are printed (`perft ... |
/// head -1` closing the pipe): the example stops quietly with exit code 0,
/// it does not panic.
#[test]
fn a_closed_output_stops_the_example_quietly() {
    let mut child = Command::new(support::example_binary("perft"))
        .args(["checkers", "7", "--divide"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run the perft example");
    // Close the reading end before the example has written anything.
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("wait for the example");
    let errors = stderr(&output);
    assert!(!errors.contains("panicked"), "{errors}");
    assert_eq!(output.status.code(), Some(0), "{errors}");
}

/// A game of the catalog without a start reader of its own here (Turkish
/// draughts) is counted through its `Described` texts, divide included.
#[test]
fn a_catalog_game_counts_from_its_fen_and_moves() {
    use rulebook::catalog::Described;
    use rulebook::turkish::Turkish;

    let start = Turkish::default();
    let out = count(&["turkish", "4"]);
    assert!(
        out.starts_with(&format!("perft(4) = {}\n", start.perft(4))),
        "{out}"
    );
    let mut after = start;
    after
        .apply(Described::parse_move(&start, "d3-d4").unwrap())
        .unwrap();
    let out = count(&["turkish", "2", "--moves", "d3-d4", "--divide"]);
    for (mv, below) in perft_divide(&after, 2) {
        assert!(out.contains(&format!("{mv}: {below}\n")), "{mv}: {out}");
    }
    // The king's five-piece capture is its only move.
    let out = count(&[
        "turkish",
        "1",
        "--fen",
        "W:WKb2:Bb4,d6,e3,c2,b7",
        "--divide",
    ]);
    assert!(out.starts_with("b2xb6xe6xe2xb2xb8: 1\n"), "{out}");

    for args in [
        &["turkish", "1", "--fen", "W:x"][..],
        &["turkish", "1", "--moves", "d3-d5"],
        &["turkish", "1", "--threads", "2"],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(USAGE_ERROR), "{args:?}");
        assert!(stderr(&output).starts_with("error: "), "{args:?}");
    }
}
