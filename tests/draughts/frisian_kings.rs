//! Frisian's limit on a king's quiet moves in a row
//! ([`Rules::SAME_KING_MOVES`]): at most three by the same king while its
//! side still has men; a capture, a man's move or another king's move
//! starts the count again. The run is part of the position and of its FEN
//! (`:RW37/3`).
//!
//! # Source: the rule as the Frisian federation's rules state it (via
//! lidraughts' and pydraughts' rules pages, Wikipedia's "Frisian draughts",
//! mindsports.nl), and Scan 3.1's `Pos::succ` and `gen_moves` (the same
//! king's count per side, cleared by any other move or when the side has
//! no men). Perft counts of Scan 3.1's generator through the driver of
//! `scripts/crosscheck_scan_frisian.py` (mode `perft-read`).

use rulebook::draughts::{Color, FenError, Frisian, Frysk, International, PositionError, Rules};
use rulebook::{perft_plain, Game};

/// Plays `texts` in turn from `fen`.
fn after<R: Rules>(fen: &str, texts: &[&str]) -> rulebook::draughts::Draughts<R> {
    let mut game = rulebook::draughts::Draughts::<R>::from_fen(fen).unwrap();
    for text in texts {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.apply(mv).unwrap();
    }
    game
}

/// The start squares of the legal moves.
fn starts<R: Rules>(game: &rulebook::draughts::Draughts<R>) -> Vec<String> {
    let mut starts: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|mv| mv.from().to_string())
        .collect();
    starts.dedup();
    starts
}

/// The run of `color`, as text.
fn run<R: Rules>(game: &rulebook::draughts::Draughts<R>, color: Color) -> Option<(String, u8)> {
    game.king_run(color)
        .map(|(square, count)| (square.to_string(), count))
}

const KING_AND_MAN: &str = "W:W50,K46:B6";
const THREE_KING_MOVES: [&str; 6] = ["46-37", "6-11", "37-46", "11-17", "46-37", "17-21"];

#[test]
fn the_same_king_rests_after_three_quiet_moves() {
    let game = after::<rulebook::draughts::FrisianRules>(KING_AND_MAN, &THREE_KING_MOVES);
    assert_eq!(run(&game, Color::White), Some(("37".into(), 3)));
    assert_eq!(game.to_fen(), "W:WK37,50:B21:RW37/3");
    assert_eq!(starts(&game), ["50"]);
    assert!(game.parse_move("37-46").is_err());
    // A man's move ends the run: the king may move again, three times.
    let game = after::<rulebook::draughts::FrisianRules>(&game.to_fen(), &["50-45", "21-26"]);
    assert_eq!(run(&game, Color::White), None);
    assert!(starts(&game).contains(&"37".to_owned()));
    // Black has no king: no run of its own.
    assert_eq!(run(&game, Color::Black), None);
}

#[test]
fn another_kings_move_starts_a_new_run() {
    let game = after::<rulebook::draughts::FrisianRules>(
        "W:W50,K46,K48:B6",
        &["46-37", "6-11", "37-46", "11-17", "48-42", "17-21"],
    );
    assert_eq!(run(&game, Color::White), Some(("42".into(), 1)));
    assert!(starts(&game).contains(&"46".to_owned()));
}

#[test]
fn a_resting_king_still_captures_and_the_capture_ends_its_run() {
    // The king on 37 has made three quiet moves; it may still take 32.
    let game = Frisian::from_fen("W:W50,K37:B6,28:RW37/3").unwrap();
    let moves: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["37x5", "37x10", "37x14", "37x19", "37x23"]);
    let after = game.after(game.legal_moves()[0]).unwrap();
    assert_eq!(run(&after, Color::White), None);
}

#[test]
fn a_side_with_kings_only_has_no_limit() {
    let game = after::<rulebook::draughts::FrisianRules>(
        "W:WK46:B6",
        &[
            "46-37", "6-11", "37-46", "11-17", "46-37", "17-21", "37-46", "21-26",
        ],
    );
    assert_eq!(run(&game, Color::White), None);
    assert!(starts(&game).contains(&"46".to_owned()));
}

#[test]
fn losing_the_last_man_or_the_running_king_ends_the_run() {
    for (fen, capture) in [
        // Black's man on 39 takes White's last man, on 44.
        ("B:W44,K37:B39:RW37/2", "39x50"),
        // Black's man on 28 takes the running king on 33.
        ("B:W50,K33:B28,K1:RW33/2", "28x39"),
    ] {
        let game = Frisian::from_fen(fen).unwrap();
        let after = game.after(game.parse_move(capture).unwrap()).unwrap();
        assert_eq!(after.king_run(Color::White), None, "{fen} {capture}");
    }
}

#[test]
fn frysk_keeps_the_limit() {
    let game = after::<rulebook::draughts::FryskRules>(KING_AND_MAN, &THREE_KING_MOVES);
    assert_eq!(starts(&game), ["50"]);
    assert_eq!(Frysk::from_fen("W:WK37,50:B21:RW37/3").unwrap(), game);
}

#[test]
fn the_run_costs_no_room() {
    // The runs fill bytes the position's alignment leaves free: every
    // variant's position is still 32 bytes.
    assert_eq!(core::mem::size_of::<Frisian>(), 32);
    assert_eq!(core::mem::size_of::<International>(), 32);
}

#[test]
fn the_run_is_part_of_the_position() {
    let with = Frisian::from_fen("W:WK37,50:B21:RW37/2").unwrap();
    let without = Frisian::from_fen("W:WK37,50:B21").unwrap();
    assert_ne!(with, without);
    assert_ne!(with.key(), without.key());
    // FEN: read back, either order, with move counters; written after the lists.
    assert_eq!(Frisian::from_fen(&with.to_fen()).unwrap(), with);
    let both = Frisian::from_fen("B:WK37,50:BK1,21:H3:RB1/1:RW37/3:F20").unwrap();
    assert_eq!(both.to_fen(), "B:WK37,50:BK1,21:RW37/3:RB1/1");
    assert_eq!(Frisian::from_fen(&both.to_fen()).unwrap(), both);
}

#[test]
fn runs_the_rules_cannot_reach_are_refused() {
    for (fen, wrong) in [
        ("W:WK37,50:B21:RW37/4", "at most 3"),
        ("W:WK37,50:B21:RW38/2", "no White king"),
        ("W:W37,50:B21:RW37/2", "no White king"),
        ("W:WK37,K50:B21:RW37/2", "no men"),
    ] {
        match Frisian::from_fen(fen) {
            Err(FenError::Invalid(error @ PositionError::KingRun { .. })) => {
                assert!(error.to_string().contains(wrong), "{fen}: {error}");
            }
            other => panic!("{fen}: {other:?}"),
        }
    }
    for bad in [
        "W:WK37,50:B21:RW37",
        "W:WK37,50:B21:RX37/2",
        "W:WK37,50:B21:RW37/0",
        "W:WK37,50:B21:RW99/1",
        "W:WK37,50:B21:RW37/1:RW37/1",
    ] {
        assert!(
            matches!(Frisian::from_fen(bad), Err(FenError::KingRun { .. })),
            "{bad}: {:?}",
            Frisian::from_fen(bad)
        );
    }
    // A variant without the limit has no runs to read.
    assert!(matches!(
        International::from_fen("W:WK37,50:B21:RW37/1"),
        Err(FenError::FieldCount { .. })
    ));
}

/// Positions where the limit bites inside the tree, and perft there: the
/// bitboard perft (exact until the limit can bite) with the plies through
/// the move list above it, against the walk through `legal_moves`
/// (`perft_plain`) and Scan 3.1's generator.
#[test]
fn perft_where_the_limit_bites() {
    // A run of 3 at the root: the king on 37 rests.
    let resting = Frisian::from_fen("W:WK37,50:B21:RW37/3").unwrap();
    // No run at the root, kings and men on both sides: the fourth quiet
    // move of one king comes up from ply 6.
    let open = Frisian::from_fen("W:W45,50,K46:B1,6,K10").unwrap();
    for game in [resting, open] {
        for depth in 1..=7 {
            let plain = perft_plain(&game, depth);
            assert_eq!(
                rulebook::perft(&game, depth),
                plain,
                "{game:?} depth {depth}"
            );
            assert_eq!(
                game.perft_every_route(depth),
                plain,
                "{game:?} depth {depth}"
            );
        }
    }
}
