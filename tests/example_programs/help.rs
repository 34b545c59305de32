//! Every example answers `--help` (and `-h`) with its usage on stdout and
//! exit code 0, without reading any input.

use crate::support::run_example;

#[test]
fn every_example_answers_help_with_its_usage() {
    for (example, usage) in [
        (
            "connect4",
            "usage: connect4 [--rows R] [--columns C] [--in-a-row K]",
        ),
        ("checkers", "usage: checkers [--save FILE]"),
        ("perft", "usage: perft <"),
        ("pdn_check", "usage: pdn_check [--variant NAME] [FILE]"),
        ("tictactoe", "usage: tictactoe [perft]"),
        ("draughts", "usage: draughts --variant <"),
        ("draughts_moves", "usage: draughts_moves <variant>"),
        ("c4solve", "usage: c4solve [--weak]"),
        ("c4positions", "usage: c4positions --stage"),
        ("c4book", "usage: c4book --depth N"),
        ("search", "usage: search <connect4|checkers>"),
        ("engine_match", "usage: engine_match <GAME> <A> <B>"),
        ("checkers_engine", "usage: checkers_engine [--level N]"),
        ("opening_book", "usage: opening_book build GAME FILE..."),
    ] {
        for flag in ["--help", "-h"] {
            let output = run_example(example, &[flag], b"");
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(
                output.status.success(),
                "{example} {flag}: {:?}\n{}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
            assert!(
                stdout.starts_with(usage),
                "{example} {flag} printed:\n{stdout}"
            );
            assert!(output.stderr.is_empty(), "{example} {flag} wrote to stderr");
        }
    }
}
