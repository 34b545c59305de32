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
    let mut child = Command::new(example_binary(name))
        .current_dir(dir)
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

/// Runs example `name` with `args` from the crate's directory, feeding it
/// `input`.
pub fn run_example(name: &str, args: &[&str], input: &[u8]) -> Output {
    run_example_in(name, Path::new(env!("CARGO_MANIFEST_DIR")), args, input)
}
