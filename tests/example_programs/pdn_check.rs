//! `cargo run --example pdn_check`: streams a PDN file (or standard input)
//! game by game and reports what reads and replays.

use crate::support::run_example;

/// What the example prints for the Tinsley collection: the counts asserted
/// by `tests/checkers/pdn_tinsley.rs` (the one game that does not replay
/// holds 126 of the 36,112 move words).
const TINSLEY_REPORT: &str = "\
replay error: game 541 (Event \"Petal 1981, game 18\"): move 62, Red 32-28 (line 5588, column 5) \
cannot be played: 32-28 is not a legal move in this position; legal moves: 16-19, 16-20, \
28-24, 28-32, 29-25
games: 724
read errors: 0
replayed: 723
replay errors: 1
results of the replayed games: 1-0 66, 0-1 124, 1/2-1/2 533, * 0
moves in the replayed games: 35986
";

#[test]
fn the_tinsley_file_reads_from_a_file_and_from_standard_input() {
    let from_file = run_example("pdn_check", &["tests/data/tinsley.pdn"], b"");
    assert_eq!(String::from_utf8_lossy(&from_file.stdout), TINSLEY_REPORT);
    assert_eq!(from_file.status.code(), Some(1), "one game does not replay");
    let text = std::fs::read("tests/data/tinsley.pdn").unwrap();
    let from_stdin = run_example("pdn_check", &[], &text);
    assert_eq!(from_stdin.stdout, from_file.stdout);
}

#[test]
fn a_clean_file_exits_with_0_and_a_missing_file_with_2() {
    let output = run_example(
        "pdn_check",
        &[],
        b"[Event \"a\"]\n1. 11-15 23-19 0-1\n\n[Event \"b\"]\n1. 9-13 *\n",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with("games: 2\nread errors: 0\nreplayed: 2\n"),
        "{stdout}"
    );
    assert!(stdout.contains("results of the replayed games: 1-0 0, 0-1 1, 1/2-1/2 0, * 1\n"));
    assert_eq!(output.status.code(), Some(0));
    let missing = run_example("pdn_check", &["no/such/file.pdn"], b"");
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot open no/such/file.pdn"));
}
