//! Runs the `draughts` example as a player would, in every variant: the
//! board, hop-by-hop captures, the majority rule explained, commands, and
//! bad arguments.

use crate::support;

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the example with `args`, types `input`, returns (stdout, stderr,
/// exit code).
fn session(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let mut child = Command::new(support::example_binary("draughts"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the draughts example");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code(),
    )
}

#[test]
fn international_on_a_10x10_board_with_captures_hop_by_hop() {
    // 33-29 18-23 29x18 (forced) 12x23 or 13x22 ... then a refused quiet
    // move, a capture, resignation.
    let input = "33-29\n18-23\n29x18\n12-17\n13x22\nmoves\nresign\nn\n";
    let (out, err, code) = session(&["--variant", "international"], input);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with(
            "Draughts (international): two players at one keyboard. White moves first."
        ),
        "{out}"
    );
    assert!(
        out.contains("+----+----+----+----+----+----+----+----+----+----+"),
        "10x10 board:\n{out}"
    );
    assert!(out.contains("| w50|") || out.contains("| w  |"), "{out}");
    assert!(out.contains("White plays 29x18."), "{out}");
    assert!(
        out.contains(
            "12-17 is not allowed: you have a capture, and capturing is compulsory (12x23, 13x22)."
        ),
        "{out}"
    );
    assert!(out.contains("Black plays 13x22."), "{out}");
    assert!(
        out.contains("White resigns.\nGame over. Black wins: White resigned."),
        "{out}"
    );
    assert!(out.ends_with("Goodbye.\n"), "{out}");
}

#[test]
fn every_variant_plays_and_ends_cleanly() {
    for (variant, first_move) in [
        ("brazilian", "c3-d4"),
        ("russian", "c3-d4"),
        ("pool", "9-13"),
        ("italian", "21-17"),
        ("spanish", "9-13"),
        ("czech", "c3-d4"),
    ] {
        let (out, err, code) = session(
            &["--variant", variant],
            &format!("{first_move}\ndraw\ny\nn\n"),
        );
        assert_eq!(code, Some(0), "{variant}: {err}");
        assert!(
            out.contains(&format!("plays {first_move}.")),
            "{variant}:\n{out}"
        );
        assert!(
            out.contains("Draw.\nGame over. Draw: both players agreed."),
            "{variant}:\n{out}"
        );
        // End of input in the middle of a game exits cleanly.
        let (out, _, code) = session(&["--variant", variant], "moves\n");
        assert_eq!(code, Some(0));
        assert!(
            out.contains("Legal moves: ") && out.ends_with("End of input: goodbye.\n"),
            "{variant}:\n{out}"
        );
    }
}

#[test]
fn the_majority_rule_is_explained_and_captures_go_hop_by_hop() {
    // Brazilian: after 1. a3-b4 f6-e5 2. e3-d4 d6-c5, White's d4xf6 would
    // take one piece, but b4xd6xf4 takes two and the majority rule wants
    // it. Then the capture is typed one hop at a time.
    let input = "a3-b4\nf6-e5\ne3-d4\nd6-c5\nd4xf6\nb4xd6\nhelp\nd6xf4\nresign\nn\n";
    let (out, err, code) = session(&["--variant", "brazilian"], input);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains(
            "d4xf6 is refused: the capture that takes the most pieces is compulsory (2 here; \
             kings and men count the same); the legal captures are b4xd6xf4."
        ),
        "{out}"
    );
    assert!(out.contains("White, capture again from d6> "), "{out}");
    assert!(
        out.contains("Finish the capture: type the next hop from d6, like d6xf4."),
        "{out}"
    );
    assert!(out.contains("White plays b4xf4."), "{out}");
    // Russian (free choice) plays the short capture.
    let (out, _, _) = session(
        &["--variant", "russian"],
        "a3-b4\nf6-e5\ne3-d4\nd6-c5\nd4:f6\nresign\nn\n",
    );
    assert!(out.contains("White plays d4:f6."), "{out}");
}

#[test]
fn bad_arguments_print_the_usage() {
    for args in [
        &[][..],
        &["--variant"][..],
        &["--variant", "dutch"][..],
        &["--colour"][..],
    ] {
        let (out, err, code) = session(args, "");
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains("usage: draughts --variant"), "{err}");
    }
}

/// Draughts has no computer player: `hint` (a command of the checkers
/// example, read by the shared console) stays an unknown word here.
#[test]
fn hint_is_an_unknown_command() {
    let (out, err, code) = session(&["--variant", "russian"], "hint\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("> hint\nUnknown command `hint`: "), "{out}");
    assert!(out.ends_with("End of input: goodbye.\n"), "{out}");
}
