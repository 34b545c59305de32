//! Connect Four text: `Connect4::from_moves` (solver notation), the board
//! text (`Board::parse_text`, `Connect4::parse_text`) and column numbers,
//! on any text. What reads writes back to the same text and is playable.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulebook::connect4::{Board, Column, Connect4, FromMovesError};
use rulebook::{Game, Match};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Connect4::from_moves(text) {
        Ok(game) => {
            assert_eq!(game.plies() as usize, text.chars().count());
            let record = Match::<Connect4>::from_moves(text).expect("the same moves");
            assert_eq!(record.to_moves(), text);
            assert_eq!(record.position(), &game);
            assert_eq!(Connect4::parse_text(&game.text()), Ok(game));
            assert_eq!(game.legal_moves().is_empty(), game.outcome().is_some());
        }
        Err(
            FromMovesError::InvalidCharacter { index, .. }
            | FromMovesError::ColumnFull { index, .. }
            | FromMovesError::GameOver { index, .. },
        ) => {
            assert!(index < text.chars().count());
            assert!(Match::<Connect4>::from_moves(text).is_err());
        }
    }
    match Board::parse_text(text) {
        Ok(board) => {
            assert_eq!(board.text(), text);
            match Connect4::parse_text(text) {
                Ok(game) => {
                    assert_eq!(game.board(), &board);
                    for column in game.legal_moves() {
                        let next = game.after(column).expect("a legal column plays");
                        assert_eq!(Connect4::parse_text(&next.text()), Ok(next));
                    }
                }
                Err(error) => assert!(!error.to_string().is_empty()),
            }
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            assert!(Connect4::parse_text(text).is_err());
        }
    }
    if let Ok(column) = text.parse::<Column>() {
        assert_eq!(column.to_string().parse::<Column>(), Ok(column));
        assert!(column.index() <= Column::MAX_INDEX);
    }
});
