//! Kaggle ConnectX's board encoding for Connect Four: written, read back,
//! and every malformed or impossible board refused with a reason.

use rulebook::connect4::{Connect4, KaggleBoardError, ParseBoardError, Player, PositionError};
use rulebook::connectx::Parameters;
use rulebook::Game;

/// The 42 cells as Python prints them: `[0, 0, 1, ...]`.
fn python(cells: &[u8]) -> String {
    format!("{cells:?}")
}

#[test]
fn cells_are_row_major_top_row_first() {
    // X in column 3, then O on top of it.
    let cells = Connect4::from_moves("44").unwrap().to_kaggle_board();
    let mut expected = [0; 42];
    expected[5 * 7 + 3] = 1; // bottom row
    expected[4 * 7 + 3] = 2; // the row above
    assert_eq!(cells, expected);
    assert_eq!(Player::X.kaggle_mark(), 1);
    assert_eq!(Player::O.kaggle_mark(), 2);
    assert_eq!(Player::from_kaggle_mark(2), Some(Player::O));
    assert_eq!(Player::from_kaggle_mark(0), None);
    assert_eq!(Player::from_kaggle_mark(3), None);
}

#[test]
fn every_position_of_a_game_round_trips() {
    for first in 1..=7 {
        let mut game = Connect4::default();
        let mut moves = first;
        while let Some(&mv) = game
            .legal_moves()
            .get(moves % 7)
            .or(game.legal_moves().first())
        {
            game.apply(mv).unwrap();
            moves = moves * 3 + 1;
            let cells = game.to_kaggle_board();
            assert_eq!(Connect4::from_kaggle_board(&cells), Ok(game));
            let wide: Vec<i64> = cells.iter().map(|&c| i64::from(c)).collect();
            assert_eq!(Connect4::from_kaggle_board(&wide), Ok(game));
            assert_eq!(Connect4::parse_kaggle_board(&python(&cells)), Ok(game));
            // The side to act is the observation's mark.
            let x = cells.iter().filter(|&&c| c == 1).count();
            let o = cells.iter().filter(|&&c| c == 2).count();
            let mark = if x == o { 1 } else { 2 };
            assert_eq!(Player::from_kaggle_mark(mark), Some(game.to_move()));
        }
    }
}

#[test]
fn text_forms() {
    let game = Connect4::from_moves("4").unwrap();
    let cells = game.to_kaggle_board();
    let digits: String = cells.iter().map(|c| c.to_string()).collect();
    let json = format!(
        "[{}]",
        digits
            .chars()
            .map(String::from)
            .collect::<Vec<_>>()
            .join(",")
    );
    for text in [python(&cells), json, digits.clone(), format!(" {digits}\n")] {
        assert_eq!(Connect4::parse_kaggle_board(&text), Ok(game), "{text:?}");
    }
}

#[test]
fn malformed_boards_say_what_is_wrong() {
    assert_eq!(
        Connect4::from_kaggle_board(&[0_u8; 41]),
        Err(KaggleBoardError::WrongLength {
            parameters: Parameters::CONNECT_FOUR,
            found: 41
        })
    );
    assert_eq!(
        Connect4::parse_kaggle_board("[0, 0]"),
        Err(KaggleBoardError::WrongLength {
            parameters: Parameters::CONNECT_FOUR,
            found: 2
        })
    );
    assert_eq!(
        Connect4::parse_kaggle_board(""),
        Err(KaggleBoardError::WrongLength {
            parameters: Parameters::CONNECT_FOUR,
            found: 0
        })
    );

    let mut cells = [0_i32; 42];
    cells[40] = 3;
    let error = Connect4::from_kaggle_board(&cells).unwrap_err();
    assert_eq!(
        error,
        KaggleBoardError::InvalidCell {
            index: 40,
            row: 5,
            column: 5,
            value: 3
        }
    );
    assert_eq!(
        error.to_string(),
        "cell 40 (row 5 from the top, column 5) is 3: cells are 0 (empty), 1 or 2"
    );
    cells[40] = -1;
    assert!(matches!(
        Connect4::from_kaggle_board(&cells),
        Err(KaggleBoardError::InvalidCell { value: -1, .. })
    ));

    let mut text = vec!["0"; 42];
    text[7] = "x";
    assert_eq!(
        Connect4::parse_kaggle_board(&text.join(" ")),
        Err(KaggleBoardError::NotANumber {
            index: 7,
            text: "x".into()
        })
    );
    let mut digits = "0".repeat(42);
    digits.replace_range(3..4, "é");
    assert!(matches!(
        Connect4::parse_kaggle_board(&digits),
        Err(KaggleBoardError::NotANumber { index: 3, .. })
    ));
}

#[test]
fn impossible_boards_are_refused() {
    // A token in the second row from the bottom over an empty cell.
    let mut cells = [0_u8; 42];
    cells[4 * 7 + 2] = 1;
    assert_eq!(
        Connect4::from_kaggle_board(&cells),
        Err(KaggleBoardError::Board(ParseBoardError::FloatingToken {
            row: 1,
            col: 2
        }))
    );
    // O has a token and X none: O never moves first.
    let mut cells = [0_u8; 42];
    cells[35] = 2;
    assert_eq!(
        Connect4::from_kaggle_board(&cells),
        Err(KaggleBoardError::Position(PositionError::TokenCounts {
            x: 0,
            o: 1
        }))
    );
}
