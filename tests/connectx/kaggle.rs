//! Kaggle ConnectX's board encoding for ConnectX of any configuration:
//! written, read back, the same as Connect Four's at 6x7x4, and every
//! malformed or impossible board refused with a reason.

use proptest::prelude::*;
use proptest::sample::Index;
use rulebook::connect4::Connect4;
use rulebook::connectx::{
    ConnectX, KaggleBoardError, Parameters, ParseBoardError, Player, PositionError,
};
use rulebook::Game;

/// The game `indices` choose on a board of `parameters`.
fn random_game(parameters: Parameters, indices: &[Index]) -> ConnectX {
    let mut game = ConnectX::new(parameters);
    for index in indices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.apply(moves[index.index(moves.len())]).unwrap();
    }
    game
}

proptest! {
    /// Every position of random games on random sizes round-trips through
    /// the cells and their text, and the marks count the side to act.
    #[test]
    fn random_positions_round_trip(
        (rows, columns) in (1..=16usize, 1..=16usize).prop_filter("room for a line", |&(r, c)| r.max(c) >= 2),
        indices in proptest::collection::vec(any::<Index>(), 0..=256),
    ) {
        let parameters = Parameters::new(rows, columns, 2.max(rows.max(columns) / 2)).unwrap();
        let game = random_game(parameters, &indices);
        let cells = game.to_kaggle_board();
        prop_assert_eq!(cells.len(), rows * columns);
        prop_assert_eq!(ConnectX::from_kaggle_board(parameters, &cells), Ok(game));
        prop_assert_eq!(ConnectX::parse_kaggle_board(parameters, &format!("{cells:?}")), Ok(game));
        // Top row first: the first row holds tokens only in full columns.
        for (col, &cell) in cells.iter().take(columns).enumerate() {
            prop_assert_eq!(cell != 0, game.board().height(col) == Some(rows));
        }
        let x = cells.iter().filter(|&&cell| cell == 1).count();
        let o = cells.iter().filter(|&&cell| cell == 2).count();
        let mark = if x == o { 1 } else { 2 };
        prop_assert_eq!(Player::from_kaggle_mark(mark), Some(game.to_move()));
    }

    /// At 6x7x4 the encoding is Connect Four's.
    #[test]
    fn connect_four_size_is_connect4s_encoding(indices in proptest::collection::vec(any::<Index>(), 0..=42)) {
        let mut connect4 = Connect4::default();
        for index in &indices {
            let moves = connect4.legal_moves();
            if moves.is_empty() {
                break;
            }
            connect4.apply(moves[index.index(moves.len())]).unwrap();
        }
        let connectx = ConnectX::from(connect4);
        prop_assert_eq!(connectx.to_kaggle_board(), connect4.to_kaggle_board().to_vec());
        let text = format!("{:?}", connect4.to_kaggle_board());
        prop_assert_eq!(
            ConnectX::parse_kaggle_board(Parameters::CONNECT_FOUR, &text),
            Ok(connectx)
        );
    }
}

#[test]
fn malformed_boards_say_what_is_wrong() {
    let parameters = Parameters::new(2, 3, 2).unwrap();
    assert_eq!(
        ConnectX::from_kaggle_board(parameters, &[0_u8; 5]),
        Err(KaggleBoardError::WrongLength {
            parameters,
            found: 5
        })
    );
    assert_eq!(
        ConnectX::parse_kaggle_board(parameters, "[0, 0, 0, 0, 0, 0, 0]")
            .unwrap_err()
            .to_string(),
        "a Kaggle board of 2x3x2 has 6 cells (2 rows of 3), found 7"
    );
    assert_eq!(
        ConnectX::parse_kaggle_board(parameters, "000 00x"),
        Err(KaggleBoardError::NotANumber {
            index: 1,
            text: "00x".into()
        })
    );
    assert_eq!(
        ConnectX::from_kaggle_board(parameters, &[0, 0, 0, 0, 3, 0]),
        Err(KaggleBoardError::InvalidCell {
            index: 4,
            row: 1,
            column: 1,
            value: 3
        })
    );
    // X on the top row of column 0 with nothing below.
    assert_eq!(
        ConnectX::parse_kaggle_board(parameters, "100000"),
        Err(KaggleBoardError::Board(ParseBoardError::FloatingToken {
            row: 1,
            col: 0
        }))
    );
    assert_eq!(
        ConnectX::parse_kaggle_board(parameters, "000220"),
        Err(KaggleBoardError::Position(PositionError::TokenCounts {
            x: 0,
            o: 2
        }))
    );
    // Six digits with no separator, and the same with separators.
    let game = ConnectX::parse_kaggle_board(parameters, "000120").unwrap();
    assert_eq!(
        ConnectX::parse_kaggle_board(parameters, " 0,0,0 1 2 0\n"),
        Ok(game)
    );
    assert_eq!(game.to_move(), Player::X);
}
