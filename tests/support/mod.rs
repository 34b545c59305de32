//! Helpers shared by the integration tests: running the built example
//! programs as a user would. (The plain perft walk that the fast walks are
//! checked against is `rulebook::testing::plain_perft`.)

#![allow(dead_code)] // each test file uses a different part of this

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary of example `name`, built for the profile the tests run in.
///
/// Tests run from `target/<profile>/deps/`; a plain `cargo test` builds the
/// examples into `target/<profile>/examples/` first. A filtered run
/// (`cargo test --test X`) does not, so when the binary is missing this
/// asks cargo to build it.
pub fn example_binary(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("path of the test binary");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("tests run from target/<profile>/deps");
    let binary = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    if !binary.exists() {
        let status = Command::new(env!("CARGO"))
            .args(["build", "--example", name])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .expect("run cargo build --example");
        assert!(status.success(), "cargo build --example {name} failed");
    }
    assert!(binary.exists(), "no example binary at {}", binary.display());
    binary
}

/// Runs example `name` with `args` in the directory `dir`, feeding it
/// `input` on standard input, and waits for it to finish.
pub fn run_example_in(name: &str, dir: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut command = Command::new(example_binary(name));
    command.current_dir(dir).args(args);
    run_fed(command, input)
}

/// Runs `command` (an example set up by the caller: arguments, directory,
/// environment), feeding it `input` on standard input, and waits for it
/// to finish with its output captured.
///
/// A program may end without reading all of its input (a usage error
/// ends it at once): the broken pipe that writing to it then meets is not a
/// failure of the run; its status and output tell what it did.
pub fn run_fed(mut command: Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let written = child.stdin.take().expect("piped stdin").write_all(input);
    if let Err(error) = written {
        assert_eq!(
            error.kind(),
            std::io::ErrorKind::BrokenPipe,
            "the example's input could not be written: {error}"
        );
    }
    child.wait_with_output().expect("the example finishes")
}

/// Runs example `name` with `args` from the crate's directory, feeding it
/// `input`.
pub fn run_example(name: &str, args: &[&str], input: &[u8]) -> Output {
    run_example_in(name, Path::new(env!("CARGO_MANIFEST_DIR")), args, input)
}

/// The file `name` of `tests/data/`.
pub fn data_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Checks `actual` against the expected file `name` in `tests/data/`,
/// showing the first lines that differ. Under `RULEBOOK_BLESS=1` the file
/// is rewritten first (review the diff).
pub fn assert_matches_file(actual: &str, name: &str) {
    let expected_path = data_file(name);
    if std::env::var_os("RULEBOOK_BLESS").is_some() {
        std::fs::write(&expected_path, actual).expect("write the expected file");
    }
    let expected = std::fs::read_to_string(&expected_path).expect("the expected file");
    if actual != expected {
        let first_difference = actual
            .lines()
            .zip(expected.lines())
            .position(|(got, want)| got != want)
            .unwrap_or(actual.lines().count().min(expected.lines().count()));
        let from = |text: &str| {
            text.lines()
                .skip(first_difference)
                .take(5)
                .collect::<Vec<_>>()
                .join("\n")
        };
        panic!(
            "the output differs from {} from line {}:\n--- got ---\n{}\n--- expected ---\n{}",
            expected_path.display(),
            first_difference + 1,
            from(actual),
            from(&expected),
        );
    }
}

/// Plays the console session `tests/data/{example}_session_{name}.input.txt`
/// with example `example` in `dir` with `args`; checks a clean exit, an
/// empty stderr and the whole output against
/// `{example}_session_{name}.output.txt`, and returns the output.
pub fn check_session_in(example: &str, dir: &Path, name: &str, args: &[&str]) -> String {
    let input = std::fs::read(data_file(&format!("{example}_session_{name}.input.txt")))
        .expect("the session's input file");
    let output = run_example_in(example, dir, args, &input);
    let stdout = String::from_utf8(output.stdout).expect("the example prints UTF-8");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "",
        "session {name} wrote to stderr"
    );
    assert!(output.status.success(), "session {name}: {}", output.status);
    assert_matches_file(&stdout, &format!("{example}_session_{name}.output.txt"));
    stdout
}

/// The moves a console transcript announces (`Red plays 11-15.`, `White
/// plays 22-18 (depth 3, score +7 for White).`), each read by `parse` in
/// the position it is played in and played in `game`; `Took back N
/// moves.` and `Played N moves again.` (`undo`, `redo`) are followed too.
/// Panics, naming the line, at a move that is not legal.
pub fn replay_announced<G: rulebook::Game, E: std::fmt::Display>(
    transcript: &str,
    mut game: rulebook::Match<G>,
    players: [&str; 2],
    parse: impl Fn(&G, &str) -> Result<G::Move, E>,
) -> rulebook::Match<G> {
    let count = |rest: &str| -> usize {
        let number = rest.split(' ').next().and_then(|n| n.parse().ok());
        number.expect("a number of moves")
    };
    for line in transcript.lines() {
        if let Some(rest) = line.strip_prefix("Took back ") {
            for _ in 0..count(rest) {
                game.undo().expect("a move to take back");
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("Played ") {
            for _ in 0..count(rest) {
                game.redo().expect("a move to play again");
            }
            continue;
        }
        let Some(rest) = players
            .iter()
            .find_map(|player| line.strip_prefix(&format!("{player} plays ")))
        else {
            continue;
        };
        let text = rest.split([' ', '.']).next().expect("a move after `plays`");
        let mv = parse(game.position(), text).unwrap_or_else(|error| panic!("{line}: {error}"));
        game.play(mv)
            .unwrap_or_else(|error| panic!("{line}: {error}"));
    }
    game
}
