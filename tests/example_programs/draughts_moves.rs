//! `cargo run --example draughts_moves`: positions and their legal moves in
//! the canonical text the pydraughts cross-check compares
//! (`scripts/crosscheck_pydraughts.py`).

use crate::support::run_example;

#[test]
fn a_fen_read_prints_its_moves_with_the_pieces_taken_in_order() {
    // Issue 17's sweep: the king on a1 takes b2 and e5 in one move, listed once.
    let fen = "B:Wa3,b2,d2,e1,e3,e5,f2,g1,g3,h2:BKa1,a7,b8,c7,d6,d8,e7,f8,g7,h6,h8";
    let input = format!("{fen}\nW:W31:B\nnot a fen\n");
    let output = run_example("draughts_moves", &["russian", "read"], input.as_bytes());
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], format!("{fen}\ta1>f6:b2,e5 d6>f4:e5"));
    // Numbers read too: square 31 is e1, and the man there has two moves.
    assert_eq!(lines[1], "W:We1:B\te1>d2 e1>f2");
    assert!(lines[2].starts_with("error\tnot a fen\t"), "{stdout}");
}

#[test]
fn random_positions_repeat_by_seed_and_bad_arguments_exit_2() {
    let run = |seed: &str| {
        let output = run_example(
            "draughts_moves",
            &["international", "random", "50", "--seed", seed],
            b"",
        );
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let first = run("5");
    assert_eq!(first.lines().count(), 50);
    assert!(first.lines().all(|line| line.split('\t').count() == 2));
    assert_eq!(first, run("5"));
    assert_ne!(first, run("6"));
    for args in [
        &["chess", "read"][..],
        &["russian"],
        &["russian", "random", "x"],
    ] {
        let output = run_example("draughts_moves", args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}
