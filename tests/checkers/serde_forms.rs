//! Serde: players as plain values, squares and moves as their text (a
//! square's number is read too);
//! positions as FEN text, validated when read.
#![cfg(feature = "serde")]

use rulebook::checkers::{Checkers, Move, Player, Square};
use rulebook::Game;

#[test]
fn player_and_square() {
    assert_eq!(serde_json::to_string(&Player::Red).unwrap(), "\"Red\"");
    assert_eq!(
        serde_json::from_str::<Player>("\"White\"").unwrap(),
        Player::White
    );
    // The draughts family's one square: its text, as draughts squares
    // (`"c3"`) and moves (`"22x15x8"`) are written.
    assert_eq!(
        serde_json::to_string(&Square::new(17).unwrap()).unwrap(),
        "\"17\""
    );
    for json in ["32", "\"32\""] {
        assert_eq!(
            serde_json::from_str::<Square>(json).unwrap(),
            Square::new(32).unwrap(),
            "{json}"
        );
    }
    let error = serde_json::from_str::<Square>("33").unwrap_err();
    assert!(
        error.to_string().contains("square 33 does not exist"),
        "{error}"
    );
    let error = serde_json::from_str::<Square>("-1").unwrap_err();
    assert!(
        error.to_string().contains("square -1 does not exist"),
        "{error}"
    );
    let error = serde_json::from_str::<Square>("\"a1\"").unwrap_err();
    assert!(
        error
            .to_string()
            .contains("`a1` is not a square of the english board"),
        "{error}"
    );
    let error = serde_json::from_str::<Square>("[1]").unwrap_err();
    assert!(
        error.to_string().contains("a square of the english board"),
        "{error}"
    );
}

#[test]
fn move_as_text() {
    let mv: Move = "22x15x8".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"22x15x8\"");
    assert_eq!(serde_json::from_str::<Move>("\"22x15x8\"").unwrap(), mv);
    let error = serde_json::from_str::<Move>("\"11-17\"").unwrap_err();
    assert!(
        error.to_string().contains("not a move to a diagonally"),
        "{error}"
    );
}

#[test]
fn position_as_fen_text() {
    let mut game = Checkers::default();
    game.apply("11-15".parse().unwrap()).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(
        json,
        "\"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15\""
    );
    assert_eq!(serde_json::from_str::<Checkers>(&json).unwrap(), game);
    let error = serde_json::from_str::<Checkers>("\"B:W21:B30\"").unwrap_err();
    assert!(
        error.to_string().contains("Black man on square 30"),
        "{error}"
    );
}
