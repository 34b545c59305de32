//! FEN reading and writing, move text, and resolving move text against a
//! position.

use rulebook::checkers::{
    Checkers, FenError, Move, ParseMoveError, Player, PositionError, ResolveMoveError, Setup,
};
use rulebook::draughts::Color;
use rulebook::Game;

const START_FEN: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

#[test]
fn start_fen_round_trips() {
    assert_eq!(Checkers::default().to_fen(), START_FEN);
    assert_eq!(Checkers::from_fen(START_FEN).unwrap(), Checkers::default());
}

#[test]
fn fen_lists_in_either_order_with_ranges_and_kings() {
    let a = Checkers::from_fen("B:W21-32:B1-12").unwrap();
    let b = Checkers::from_fen(" B : B12,11,10,9,5-8,1-4 : W32-21 ").unwrap_err();
    // A descending range is not a range.
    assert_eq!(
        b,
        FenError::BadSquare {
            color: Color::White,
            token: "32-21".into(),
            variant: "english",
            expected: "a number from 1 to 32",
        }
    );
    let c = Checkers::from_fen("B:B12,11,10,9,5-8,1-4:W21-32.").unwrap();
    assert_eq!(a, Checkers::default());
    assert_eq!(c, Checkers::default());
    let kings = Checkers::from_fen("W:WK1-4,K5:BK29-K32,9").unwrap();
    assert_eq!(kings.king_count(Player::White), 5);
    assert_eq!(kings.king_count(Player::Red), 4);
    assert_eq!(kings.man_count(Player::Red), 1);
    assert_eq!(kings.to_fen(), "W:WK1,K2,K3,K4,K5:B9,K29,K30,K31,K32");
    assert_eq!(Checkers::from_fen(&kings.to_fen()).unwrap(), kings);
}

#[test]
fn fen_with_an_empty_list() {
    let game = Checkers::from_fen("W:W:B1").unwrap();
    assert_eq!(game.piece_count(Player::White), 0);
    assert_eq!(game.to_fen(), "W:W:B1");
}

fn fen_error(fen: &str) -> FenError {
    Checkers::from_fen(fen).unwrap_err()
}

#[test]
fn fen_errors_name_field_and_token() {
    let cases: [(&str, FenError, &str); 11] = [
        (
            "B:W21:B1:",
            FenError::FieldCount {
                fen: "B:W21:B1:".into(),
                found: 4,
                example: "B:W21-32:B1-12",
            },
            "has 4",
        ),
        (
            "B:W21",
            FenError::FieldCount {
                fen: "B:W21".into(),
                found: 2,
                example: "B:W21-32:B1-12",
            },
            "has 2",
        ),
        (
            "X:W21:B1",
            FenError::SideToMove { token: "X".into() },
            "`X`",
        ),
        (
            "B:Q21:B1",
            FenError::ListColor {
                token: "Q21".into(),
            },
            "`Q21`",
        ),
        (
            "B:B1:B2",
            FenError::SameColorTwice {
                color: Color::Black,
            },
            "both piece lists are for Black",
        ),
        (
            "B:W2x:B1",
            FenError::BadSquare {
                color: Color::White,
                token: "2x".into(),
                variant: "english",
                expected: "a number from 1 to 32",
            },
            "`2x` in White's piece list",
        ),
        (
            "B:W33:B1",
            FenError::BadSquare {
                color: Color::White,
                token: "33".into(),
                variant: "english",
                expected: "a number from 1 to 32",
            },
            "`33` in White's piece list is not a square of the english board (a number from 1 to 32)",
        ),
        (
            "B:W30-40:B1",
            FenError::BadSquare {
                color: Color::White,
                token: "30-40".into(),
                variant: "english",
                expected: "a number from 1 to 32",
            },
            "`30-40`",
        ),
        (
            "B:W21,21:B1",
            FenError::ListedTwice {
                color: Color::White,
                token: "21".into(),
                square: "21".into(),
            },
            "square 21, which is already listed",
        ),
        (
            "B:W21:B1,K21",
            FenError::ListedTwice {
                color: Color::Black,
                token: "K21".into(),
                square: "21".into(),
            },
            "`K21` in Black's piece list",
        ),
        (
            "B:W:B",
            FenError::Invalid(PositionError::Empty),
            "no pieces",
        ),
    ];
    for (fen, expected, message) in cases {
        let error = fen_error(fen);
        assert_eq!(error, expected, "{fen}");
        assert!(
            error.to_string().contains(message),
            "{fen}: `{error}` should contain `{message}`"
        );
    }
}

#[test]
fn fen_positions_the_rules_forbid() {
    assert_eq!(
        fen_error("B:W21:B30"),
        FenError::Invalid(PositionError::ManOnCrowningRow {
            color: Color::Black,
            square: "30".into()
        })
    );
    assert_eq!(
        fen_error("B:W1:B5"),
        FenError::Invalid(PositionError::ManOnCrowningRow {
            color: Color::White,
            square: "1".into()
        })
    );
    assert!(fen_error("B:W1:B5").to_string().contains("write K1"));
    assert!(Checkers::from_fen("B:WK1:BK30").is_ok());
    assert_eq!(
        fen_error("B:W13-25:B1"),
        FenError::Invalid(PositionError::TooManyPieces {
            color: Color::White,
            count: 13,
            max: 12
        })
    );
}

#[test]
fn setup_parses_without_judging() {
    // Syntax is fine; the rules reject it only when building a position.
    let setup: Setup = "B:W1:B5".parse().unwrap();
    assert_eq!(setup.to_string(), "B:W1:B5");
    assert!(matches!(
        Checkers::from_setup(&setup),
        Err(PositionError::ManOnCrowningRow { .. })
    ));
}

#[test]
fn move_text_round_trips_for_every_legal_move() {
    for fen in [
        START_FEN,
        "B:W14,22,23:B9",
        "B:W7,14,15,22,23:BK10",
        "W:WK18:B1",
    ] {
        let game = Checkers::from_fen(fen).unwrap();
        for mv in game.legal_moves() {
            let text = mv.to_string();
            assert_eq!(text.parse::<Move>(), Ok(mv), "{fen}: {text}");
            assert_eq!(game.parse_move(&text), Ok(mv), "{fen}: {text}");
        }
    }
}

#[test]
fn parse_move_accepts_the_short_form_when_unambiguous() {
    let game = Checkers::from_fen("B:W14,22,23:B9").unwrap();
    assert_eq!(game.parse_move("9x25").unwrap().to_string(), "9x18x25");
    assert_eq!(game.parse_move("9x27").unwrap().to_string(), "9x18x27");
    // PDN files sometimes write a capture with `-`.
    assert_eq!(game.parse_move("9-27").unwrap().to_string(), "9x18x27");
}

#[test]
fn parse_move_accepts_a_step_written_with_x() {
    let game = Checkers::default();
    assert_eq!(game.parse_move("11x15").unwrap().to_string(), "11-15");
    assert_eq!(game.parse_move(" 11-15 ").unwrap().to_string(), "11-15");
}

#[test]
fn parse_move_lists_the_matches_when_ambiguous() {
    // The man on 10 takes 14 and 22, or 15 and 23: both end on 26, but
    // they take other pieces, so `10x26` names no one move.
    let game = Checkers::from_fen("B:W14,15,22,23:B10").unwrap();
    let error = game.parse_move("10x26").unwrap_err();
    let both: Vec<Move> = game.legal_moves().to_vec();
    assert_eq!(
        error,
        ResolveMoveError::Ambiguous {
            text: "10x26".into(),
            candidates: both
        }
    );
    assert_eq!(
        error.to_string(),
        "10x26 matches several legal moves (10x17x26, 10x19x26); write the full path"
    );
    // An intermediate square picks one.
    assert_eq!(game.parse_move("10x17x26").unwrap().to_string(), "10x17x26");
    assert_eq!(game.parse_move("10x19x26").unwrap().to_string(), "10x19x26");
}

/// The king on 10 goes round 14, 22, 23 and 15 either way: two legal
/// moves (English keeps every route, as `Checkers` always has), one
/// resulting position, so `10x10` is read as the first.
#[test]
fn parse_move_reads_a_ring_written_short() {
    let game = Checkers::from_fen("B:W14,15,22,23:BK10").unwrap();
    let routes: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(routes, ["10x17x26x19x10", "10x19x26x17x10"]);
    assert_eq!(game.parse_move("10x10"), Ok(game.legal_moves()[0]));
    // An intermediate square picks a route.
    assert_eq!(
        game.parse_move("10x17x26x10").unwrap().to_string(),
        "10x17x26x19x10"
    );
    assert_eq!(
        game.parse_move("10x19x26x17x10").unwrap().to_string(),
        "10x19x26x17x10"
    );
}

#[test]
fn parse_move_errors() {
    let game = Checkers::default();
    assert_eq!(
        game.parse_move("12-17").unwrap_err().to_string(),
        "12-17 is not a legal move in this position; legal moves: \
         9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16"
    );
    // An incomplete multi-jump is not a move.
    let branch = Checkers::from_fen("B:W14,22,23:B9").unwrap();
    assert!(matches!(
        branch.parse_move("9x18"),
        Err(ResolveMoveError::NoMatch { .. })
    ));
    assert!(matches!(
        game.parse_move("eleven to fifteen"),
        Err(ResolveMoveError::Parse(ParseMoveError::Syntax { .. }))
    ));
    assert!(matches!(
        game.parse_move("11-35"),
        Err(ResolveMoveError::Parse(ParseMoveError::SquareOutOfRange {
            number: 35,
            ..
        }))
    ));
    let over = Checkers::from_fen("B:W5:B").unwrap();
    assert!(over
        .parse_move("1-5")
        .unwrap_err()
        .to_string()
        .ends_with("the game is over"));
}

#[test]
fn move_from_str_checks_geometry() {
    let errors = [
        (
            "11-17",
            "11-17 is not a move to a diagonally neighbouring square",
        ),
        ("11x15", "11x15 is not a jump"),
        (
            "1-5-9",
            "a move without capture goes from one square to a neighbouring one",
        ),
        ("15x22x15", "jumps the piece on square 18 twice"),
        ("0-5", "square 0, which does not exist"),
        ("11--15", "is not a move"),
        ("", "is not a move"),
        (
            "1x10x1x10x1x10x1x10x1x10x1",
            "more squares than any move visits",
        ),
    ];
    for (text, message) in errors {
        let error = text.parse::<Move>().unwrap_err();
        assert!(
            error.to_string().contains(message),
            "{text}: `{error}` should contain `{message}`"
        );
    }
}

/// Real PDN files mix the separators of a multi-jump (`14-23x32`); the text
/// still resolves to the one legal move with those squares.
#[test]
fn mixed_separators_resolve() {
    let game = Checkers::from_fen("B:W18,27:B14").unwrap();
    let mv = game.parse_move("14-23x32").unwrap();
    assert_eq!(mv.to_string(), "14x23x32");
    assert!(game.is_legal(mv));
}

#[test]
fn fen_reads_a_whole_pdn_tag_and_says_when_text_only_looks_like_one() {
    let from_tag = Checkers::from_fen("[FEN \"B:W21,22:B1,2\"]").unwrap();
    assert_eq!(from_tag, Checkers::from_fen("B:W21,22:B1,2").unwrap());
    assert_eq!(
        Checkers::from_fen("  [ FEN  \"W:WK30:B5.\" ]  ").map(|p| p.to_fen()),
        Ok("W:WK30:B5".to_owned())
    );
    for text in [
        "[FEN \"B:W21,22:B1,2\"",
        "[Event \"B:W21:B1\"]",
        "\"B:W21:B1\"",
    ] {
        let error = fen_error(text);
        assert_eq!(
            error,
            FenError::TagForm {
                text: text.into(),
                example: "B:W21-32:B1-12"
            }
        );
        assert!(
            error.to_string().contains("looks like a PDN tag"),
            "{error}"
        );
    }
}

#[test]
fn fen_ignores_the_move_counters_some_writers_add() {
    let plain = Checkers::from_fen("B:W21,22:B1,2").unwrap();
    for text in [
        "B:W21,22:B1,2:H0:F1",
        "B:W21,22:B1,2:H12",
        "B:W21,22:B1,2:F40.",
        "[FEN \"B:W21,22:B1,2:H0:F1\"]",
    ] {
        assert_eq!(Checkers::from_fen(text), Ok(plain), "{text}");
    }
    // Anything else after the lists is still an error.
    for (text, found) in [("B:W21:B1:H", 4), ("B:W21:B1:X3", 4), ("B:W21:B1:H0:W3", 5)] {
        assert_eq!(
            fen_error(text),
            FenError::FieldCount {
                fen: text.into(),
                found,
                example: "B:W21-32:B1-12"
            },
            "{text}"
        );
    }
}
