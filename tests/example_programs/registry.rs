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
        let output = run_example(
            "engine_match",
            &[name, "random", "random", "--games", "2", "--quiet"],
            b"",
        );
        succeeded(&format!("engine_match {name}"), &output);
    }
    for variant in draughts::Variant::ALL {
        let name = variant.name();
        let output = run_example("draughts_moves", &[name, "read"], b"");
        succeeded(&format!("draughts_moves {name}"), &output);
        let output = run_example("pdn_check", &["--variant", name], b"");
        succeeded(&format!("pdn_check --variant {name}"), &output);
    }
}
