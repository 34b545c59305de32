//! The command line (`examples/endgame.rs`): build, probe, and refuse a
//! damaged database with an error and a non-zero exit.

use std::process::{Command, Output};

use crate::files::scratch_dir;
use crate::support::{example_binary, run_example, run_fed};

#[test]
fn build_then_probe() {
    let dir = scratch_dir("program");
    let dir_text = dir.to_str().unwrap();
    let output = run_example(
        "endgame",
        &["build", "english", "--pieces", "2", "--dir", dir_text],
        b"",
    );
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("2 pieces: 6972 positions"), "{stdout}");

    let input = b"W:WK1:BK32\nB:WK1:BK32\nW:WK1,K2:BK32\nW:W5:BK1\n";
    let output = run_example("endgame", &["probe", "english", "--dir", dir_text], input);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(lines[0].starts_with("draw "), "{stdout}");
    assert!(lines[1].starts_with("draw "), "{stdout}");
    assert_eq!(lines[2], "unknown");
    // White's man on 5 is blocked by the king on 1: lost, no move, at
    // distance 0.
    assert_eq!(lines[3], "loss 0");

    // Corrupted: an error on standard error, exit code 1.
    let path = rulebook::endgame::file::database_path(
        &dir,
        "english",
        rulebook::endgame::Material::new(0, 1, 0, 1),
    );
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[60] ^= 0xff;
    std::fs::write(&path, &bytes).unwrap();
    let output = run_example("endgame", &["probe", "english", "--dir", dir_text], input);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("corrupted"), "{stderr}");

    // Truncated.
    std::fs::write(&path, &bytes[..100]).unwrap();
    let output = run_example("endgame", &["probe", "english", "--dir", dir_text], input);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("truncated"), "{stderr}");

    // Missing.
    std::fs::remove_file(&path).unwrap();
    let output = run_example("endgame", &["probe", "english", "--dir", dir_text], input);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("missing"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_exit_with_code_two() {
    for args in [
        &["build", "english"][..],
        &["probe", "chess"],
        &["dance", "english"],
        &["build", "english", "--pieces", "0"],
    ] {
        let output = run_example("endgame", args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

/// Runs the `endgame` example with `args` and `input` in an environment
/// with only the variables `env` (and `PATH`).
fn run_with_env(args: &[&str], env: &[(&str, &std::path::Path)], input: &[u8]) -> Output {
    let mut command = Command::new(example_binary("endgame"));
    command.args(args).env_clear();
    if let Some(path) = std::env::var_os("PATH") {
        command.env("PATH", path);
    }
    for (name, value) in env {
        command.env(name, value);
    }
    run_fed(command, input)
}

#[test]
fn without_dir_the_databases_go_to_the_cache_directory() {
    let home = scratch_dir("default-dir");
    let probe_input = b"W:WK32:BK26\n";
    let expected_dir = home.join(".cache").join("rulebook").join("endgame");

    // HOME alone: $HOME/.cache/rulebook/endgame, which build creates and
    // probe reads; --help names it.
    let output = run_with_env(&["--help"], &[("HOME", &home)], b"");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("RULEBOOK_ENDGAME_DIR"), "{stdout}");
    assert!(
        stdout.contains(&expected_dir.display().to_string()),
        "{stdout}"
    );
    let output = run_with_env(
        &["build", "english", "--pieces", "2"],
        &[("HOME", &home)],
        b"",
    );
    assert!(output.status.success(), "{output:?}");
    let file = rulebook::endgame::file::database_path(
        &expected_dir,
        "english",
        rulebook::endgame::Material::new(0, 1, 0, 1),
    );
    assert!(file.exists(), "{}", file.display());
    let output = run_with_env(&["probe", "english"], &[("HOME", &home)], probe_input);
    assert!(output.status.success(), "{output:?}");
    assert!(output.stdout.starts_with(b"win 32-27"), "{output:?}");

    // XDG_CACHE_HOME before HOME: nothing there yet, so probe refuses.
    let xdg = home.join("xdg");
    let env = [("HOME", home.as_path()), ("XDG_CACHE_HOME", xdg.as_path())];
    let output = run_with_env(&["probe", "english"], &env, probe_input);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains(&xdg.join("rulebook").join("endgame").display().to_string()),
        "{stderr}"
    );

    // RULEBOOK_ENDGAME_DIR before both, as it is.
    let env = [
        ("HOME", home.as_path()),
        ("XDG_CACHE_HOME", xdg.as_path()),
        ("RULEBOOK_ENDGAME_DIR", expected_dir.as_path()),
    ];
    let output = run_with_env(&["probe", "english"], &env, probe_input);
    assert!(output.status.success(), "{output:?}");
    assert!(output.stdout.starts_with(b"win 32-27"), "{output:?}");

    // None of them: a message, and the usage's exit code.
    let output = run_with_env(&["probe", "english"], &[], probe_input);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("RULEBOOK_ENDGAME_DIR"), "{stderr}");
    std::fs::remove_dir_all(&home).unwrap();
}
