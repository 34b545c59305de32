//! Finding (and when needed, building) an example's binary for tests that
//! run it as a user would.

use std::path::PathBuf;
use std::process::Command;

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
        .and_then(|deps| deps.parent())
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
