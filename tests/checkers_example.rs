//! Drives the built `checkers` example with scripted sessions and compares
//! its whole output with the expected transcript.
//!
//! Each session is a pair of files in `tests/data/`:
//! `checkers_session_NAME.input.txt` (the bytes typed, one line each) and
//! `checkers_session_NAME.output.txt` (everything the example prints; the
//! example repeats each line it reads when its input is not a terminal, so
//! the transcript reads like a real session). Both files were written for
//! this project: the inputs by hand (the won game is a 21-ply game found by
//! a cooperative search in which White loses every piece), the outputs by
//! running the example and checking every line by hand.
//!
//! `cargo test` builds the examples before running the tests; run it (not
//! only `--test checkers_example`) after changing the example. To rewrite
//! the expected transcripts after a deliberate change, run
//! `RULEBOOK_BLESS=1 cargo test --test checkers_example` and review the
//! diff.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The example binary, built by `cargo test` next to the test binaries:
/// tests run from `target/<profile>/deps/`, examples are in
/// `target/<profile>/examples/`.
fn example_binary() -> PathBuf {
    let test_binary = std::env::current_exe().expect("the test binary's path");
    let profile_dir = test_binary
        .parent()
        .and_then(Path::parent)
        .expect("tests run from target/<profile>/deps");
    let binary = profile_dir
        .join("examples")
        .join(format!("checkers{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.exists(),
        "{} is missing: run `cargo test` (which builds the examples) or `cargo build --example checkers`",
        binary.display()
    );
    binary
}

fn data_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Runs the example with `args`, feeding it `input`.
fn run_example(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(example_binary())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input)
        .expect("the example reads its input");
    child.wait_with_output().expect("the example finishes")
}

/// Plays session `name` and checks the whole output, a clean exit and an
/// empty stderr.
fn check_session(name: &str) {
    let input = std::fs::read(data_file(&format!("checkers_session_{name}.input.txt")))
        .expect("the session's input file");
    let output = run_example(&[], &input);
    let stdout = String::from_utf8(output.stdout).expect("the example prints UTF-8");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "",
        "session {name} wrote to stderr"
    );
    assert!(output.status.success(), "session {name}: {}", output.status);
    let expected_path = data_file(&format!("checkers_session_{name}.output.txt"));
    if std::env::var_os("RULEBOOK_BLESS").is_some() {
        std::fs::write(&expected_path, &stdout).expect("write the expected transcript");
    }
    let expected = std::fs::read_to_string(&expected_path).expect("the session's output file");
    if stdout != expected {
        let first_difference = stdout
            .lines()
            .zip(expected.lines())
            .position(|(got, want)| got != want)
            .unwrap_or(stdout.lines().count().min(expected.lines().count()));
        panic!(
            "session {name}: the output differs from {} from line {}:\n--- got ---\n{}\n--- expected ---\n{}",
            expected_path.display(),
            first_difference + 1,
            stdout.lines().skip(first_difference).take(5).collect::<Vec<_>>().join("\n"),
            expected.lines().skip(first_difference).take(5).collect::<Vec<_>>().join("\n"),
        );
    }
}

#[test]
fn a_game_played_to_a_win() {
    check_session("win");
}

#[test]
fn a_multi_jump_typed_one_hop_at_a_time() {
    check_session("multi_jump");
}

#[test]
fn a_quiet_move_is_refused_while_a_jump_is_available() {
    check_session("refused_quiet");
}

#[test]
fn an_accepted_draw_ends_the_game() {
    check_session("draw_accepted");
}

#[test]
fn a_declined_draw_lets_the_game_go_on() {
    check_session("draw_declined");
}

#[test]
fn a_resignation_ends_the_game_and_another_game_starts() {
    check_session("resignation");
}

#[test]
fn garbage_input_gets_a_message_and_a_new_prompt() {
    check_session("garbage");
}

#[test]
fn end_of_input_at_the_first_prompt_exits_cleanly() {
    check_session("end_of_input");
}

#[test]
fn end_of_input_in_the_middle_of_a_jump_exits_cleanly() {
    check_session("end_mid_jump");
}

#[test]
fn an_unknown_argument_prints_the_usage() {
    let output = run_example(&["--bogus"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "checkers: unknown argument `--bogus`\nusage: checkers [--save FILE]\n"
    );
    let output = run_example(&["--save"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "checkers: --save needs a file name\nusage: checkers [--save FILE]\n"
    );
}
