//! Draughts notation: squares, moves and FEN in each variant's notation,
//! short move forms against a position, and errors that name what is
//! wrong.

use rulebook::draughts::{
    Color, FenError, International, Italian, ParseMoveError, PositionError, ResolveMoveError,
    Russian, Setup, Spanish,
};
use rulebook::Game;

#[test]
fn start_positions_in_fen() {
    assert_eq!(
        International::default().to_fen(),
        format!("W:W{}:B{}", list(31..=50), list(1..=20))
    );
    assert_eq!(
        Russian::default().to_fen(),
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Bb6,b8,a7,c7,d6,d8,e7,f6,f8,g7,h6,h8"
            .replace("Bb6,b8,a7", "Ba7,b6,b8")
    );
    assert_eq!(
        International::from_fen("W:W31-50:B1-20"),
        Ok(International::default())
    );
    assert_eq!(
        Russian::from_fen("W:W21-32:B1-12"),
        Ok(Russian::default()),
        "numbers are read in algebraic variants"
    );
    // Italian: White on 21-32; Spanish: White on 1-12.
    assert_eq!(Italian::from_fen("W:W21-32:B1-12"), Ok(Italian::default()));
    assert_eq!(Spanish::from_fen("W:W1-12:B21-32"), Ok(Spanish::default()));
}

fn list(range: core::ops::RangeInclusive<u32>) -> String {
    range.map(|n| n.to_string()).collect::<Vec<_>>().join(",")
}

#[test]
fn fen_round_trips_through_play() {
    let mut game = Russian::default();
    let mut international = International::default();
    for ply in 0..60 {
        assert_eq!(Russian::from_fen(&game.to_fen()), Ok(game));
        assert_eq!(
            International::from_fen(&international.to_fen()),
            Ok(international)
        );
        let moves = game.legal_moves();
        let Some(&mv) = moves.get(ply % moves.len().max(1)) else {
            break;
        };
        game.apply(mv).unwrap();
        let moves = international.legal_moves();
        let Some(&mv) = moves.get((ply * 7) % moves.len().max(1)) else {
            break;
        };
        international.apply(mv).unwrap();
    }
    // Kings are written with K, and read in either list order.
    let position = International::from_fen("B:BK17,K24:W6,9,K31").unwrap();
    assert_eq!(position.to_fen(), "B:W6,9,K31:BK17,K24");
}

#[test]
fn fen_errors_name_the_field_and_token() {
    let error = |fen: &str| International::from_fen(fen).unwrap_err();
    assert!(matches!(
        error("W:W31"),
        FenError::FieldCount { found: 2, .. }
    ));
    assert_eq!(
        error("X:W31:B1"),
        FenError::SideToMove { token: "X".into() }
    );
    assert_eq!(
        error("W:Q31:B1"),
        FenError::ListColor {
            token: "Q31".into()
        }
    );
    assert!(matches!(
        error("W:W31:W1"),
        FenError::SameColorTwice {
            color: Color::White
        }
    ));
    let bad = error("W:W31,51:B1");
    assert!(
        matches!(&bad, FenError::BadSquare { token, color: Color::White, .. } if token == "51"),
        "{bad:?}"
    );
    assert!(
        bad.to_string().contains("`51` in White's piece list"),
        "{bad}"
    );
    assert!(
        matches!(error("W:W31,c3:B1"), FenError::BadSquare { .. }),
        "no letters on a numbered board"
    );
    assert!(matches!(error("W:W31-29:B1"), FenError::BadSquare { .. }));
    assert!(matches!(
        error("W:W31:B1,31"),
        FenError::ListedTwice {
            color: Color::Black,
            ..
        }
    ));
    assert_eq!(
        error("W:W3:B1"),
        FenError::Invalid(PositionError::ManOnCrowningRow {
            color: Color::White,
            square: "3".into()
        })
    );
    assert_eq!(
        error("W:W11-31:B45"),
        FenError::Invalid(PositionError::TooManyPieces {
            color: Color::White,
            count: 21,
            max: 20
        })
    );
    assert_eq!(error("W:W:B"), FenError::Invalid(PositionError::Empty));
    // Algebraic variants name squares their way.
    let error = Russian::from_fen("W:Wa2:Bh8").unwrap_err();
    assert!(error.to_string().contains("`a2`"), "{error}");
    let error = Russian::from_fen("W:Wa1:Bc1").unwrap_err();
    assert!(error.to_string().contains("c1"), "{error}");
    // Setup is the parse step alone: a crowned-row man is fine there.
    let setup: Setup<rulebook::draughts::InternationalRules> = "W:W3:B1".parse().unwrap();
    assert_eq!(setup.to_string(), "W:W3:B1");
}

#[test]
fn move_text_in_each_notation() {
    let russian = Russian::default();
    let mv = russian.parse_move("c3-d4").unwrap();
    assert_eq!(mv.to_string(), "c3-d4");
    assert_eq!(
        Russian::default().parse_move("22-18"),
        Ok(mv),
        "numbers read too"
    );
    assert_eq!(
        Italian::default()
            .parse_move("21-17")
            .map(|m| m.to_string()),
        Ok("21-17".into())
    );
    assert!(matches!(
        "32-26".parse::<rulebook::draughts::Move<rulebook::draughts::InternationalRules>>(),
        Err(ParseMoveError::Geometry { .. })
    ));
    assert!(matches!(
        International::default().parse_move("32-26"),
        Err(ResolveMoveError::NoMatch { .. })
    ));
    assert!(matches!(
        International::default().parse_move("32-99"),
        Err(ResolveMoveError::Parse(ParseMoveError::Square { .. }))
    ));
    let error = International::default().parse_move("31-22").unwrap_err();
    assert!(matches!(error, ResolveMoveError::NoMatch { .. }));
    assert!(
        error.to_string().contains("legal moves: 31-26, 31-27"),
        "{error}"
    );
}

#[test]
fn short_forms_and_ambiguity() {
    // The king on 1 takes 12 and 29 on one diagonal; between them it may
    // "stop" on 18 or 23, which makes no second move (issue 17): one
    // capture per end square, written by its turning points.
    let position = International::from_fen("W:WK1,37,46:BK12,K29").unwrap();
    let legal: Vec<String> = position
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(legal, ["1x34", "1x40", "1x45"]);
    let mv = position.parse_move("1x34").unwrap();
    assert_eq!(position.parse_move("1x23x34"), Ok(mv), "a stop written out");
    assert_eq!(position.parse_move("1x18x34"), Ok(mv));
    assert_eq!(position.move_text(&mv), "1x34");
    assert_eq!(
        position.parse_move("1-23-34"),
        Ok(mv),
        "the separator is not trusted"
    );
    // A capture with one route reads and writes short.
    let position = International::from_fen("W:W33:B28,29,19").unwrap();
    let mv = position.parse_move("33x13").unwrap();
    assert_eq!(mv.to_string(), "33x24x13");
    assert_eq!(position.move_text(&mv), "33x13");
    assert_eq!(
        position
            .captured(&mv)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["29", "19"]
    );
}

/// A square is its text in the variant's notation; its number is read too.
#[cfg(feature = "serde")]
#[test]
fn squares_serialize_as_their_text() {
    use rulebook::draughts::{InternationalRules, RussianRules, Square};
    let c3: Square<RussianRules> = "c3".parse().unwrap();
    assert_eq!(serde_json::to_string(&c3).unwrap(), "\"c3\"");
    assert_eq!(
        serde_json::from_str::<Square<RussianRules>>("\"c3\"").unwrap(),
        c3
    );
    assert_eq!(
        serde_json::from_str::<Square<RussianRules>>(&c3.number().to_string()).unwrap(),
        c3
    );
    let fifty = Square::<InternationalRules>::new(50).unwrap();
    assert_eq!(serde_json::to_string(&fifty).unwrap(), "\"50\"");
    let error = serde_json::from_str::<Square<InternationalRules>>("51").unwrap_err();
    assert!(
        error
            .to_string()
            .contains("square 51 does not exist: squares are numbered 1 to 50"),
        "{error}"
    );
    let error = serde_json::from_str::<Square<RussianRules>>("\"a2\"").unwrap_err();
    assert!(
        error
            .to_string()
            .contains("`a2` is not a square of the russian board"),
        "{error}"
    );
}
