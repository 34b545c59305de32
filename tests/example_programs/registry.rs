//! Every game and variant of the library's registry
//! (`rulebook::catalog::GameSpec::ALL`, `rulebook::draughts::Variant::ALL`)
//! reaches every example that names games: a game registered once is
//! accepted by each door without a list of its own.

use crate::support::run_example;

use rulebook::catalog::{Described, GameSpec, GameVisitor, Variant};
use rulebook::draughts;

/// The legal moves at the start, as the library counts them.
struct StartMoves;

impl GameVisitor for StartMoves {
    type Output = usize;
    fn visit<G: Described>(self, start: G) -> usize {
        start.legal_moves().len()
    }
}

/// `output`'s stdout, after checking that it exited with 0.
fn succeeded(what: &str, output: &std::process::Output) -> String {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{what}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn perft_counts_every_game_of_the_catalog() {
    for spec in GameSpec::ALL {
        let output = run_example("perft", &[spec.name(), "1"], b"");
        let out = succeeded(spec.name(), &output);
        let expected = format!("perft(1) = {}\n", spec.visit(StartMoves));
        assert!(out.starts_with(&expected), "{spec}: {out}");
    }
}

#[test]
fn the_draughts_examples_accept_every_variant() {
    for variant in Variant::ALL {
        let name = variant.name();
        let output = run_example("draughts", &["--variant", name], b"quit\n");
        succeeded(&format!("draughts --variant {name}"), &output);
    }
    for variant in draughts::Variant::ALL {
        let name = variant.name();
        let output = run_example("draughts_moves", &[name, "read"], b"");
        succeeded(&format!("draughts_moves {name}"), &output);
        let output = run_example("pdn_check", &["--variant", name], b"");
        succeeded(&format!("pdn_check --variant {name}"), &output);
    }
}

#[test]
fn engine_match_plays_every_game_of_the_catalog() {
    for spec in GameSpec::ALL {
        let name = spec.to_string();
        let output = run_example(
            "engine_match",
            &[&name, "random", "random", "--games", "2", "--quiet"],
            b"",
        );
        let out = succeeded(&format!("engine_match {name}"), &output);
        assert!(out.contains(": 2 games in "), "{name}: {out}");
    }
}

#[test]
fn the_play_console_starts_every_game_of_the_catalog() {
    for spec in GameSpec::ALL {
        let output = run_example("play", &[spec.name()], b"moves\nquit\n");
        let out = succeeded(&format!("play {}", spec.name()), &output);
        assert!(out.starts_with(&spec.title()), "{spec}: {out}");
        assert!(out.contains("Legal moves: "), "{spec}: {out}");
    }
    let output = run_example("play", &["chess"], b"");
    assert_eq!(output.status.code(), Some(2));
}

/// Turkish draughts, which has no console of its own: a step, then a
/// king's capture typed one hop at a time, back over its start square.
#[test]
fn the_play_console_takes_a_capture_hop_by_hop() {
    let fen = "W:WKb2,h1:Bb4,d6,e3,c2,b7,h8";
    let output = run_example(
        "play",
        &[
            "turkish",
            "--position",
            fen,
            "--computer",
            "black",
            "--level",
            "1",
        ],
        b"b2-b3\nb2 b6\ne6\ne2\nmoves\nb2\nb8\nquit\n",
    );
    let out = succeeded("play turkish", &output);
    assert!(out.contains("white, b2-b6-e6-e2 so far"), "{out}");
    assert!(out.contains("Legal moves: b2xb8\n"), "{out}");
    assert!(out.contains("black plays h8-"), "{out}");
    // The refused step is answered with the game's own message.
    assert!(out.contains("b2-b3 is not a legal move"), "{out}");
}
