//! The command line (`examples/endgame.rs`): build, probe, and refuse a
//! damaged database with an error and a non-zero exit.

use crate::files::scratch_dir;
use crate::support::run_example;

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
