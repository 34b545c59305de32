//! ConnectX's text inputs: parameters, columns, board and position texts
//! (and their JSON forms with `serde`). Every input either reads back to
//! what it says or is refused with a typed error; none panics.

use proptest::prelude::*;
use rulebook::connectx::{
    Board, Column, ConnectX, Parameters, ParametersError, ParseBoardError, ParseColumnError,
    ParseParametersError, ParsePositionError, PlaceTokenError, Player, PositionError,
};
use rulebook::Game;

#[test]
fn position_text_round_trips_with_its_parameters() {
    let mut game = ConnectX::new(Parameters::new(3, 11, 3).unwrap());
    for col in [10, 0, 10, 5] {
        game.apply(Column::new(col).unwrap()).unwrap();
    }
    let text = "3x11x3:.........../..........X/O....O....X";
    assert_eq!(game.text(), text);
    assert_eq!(text.parse::<ConnectX>(), Ok(game));
    assert_eq!(String::from(game), text);
    assert_eq!(ConnectX::try_from(text.to_owned()), Ok(game));
    assert_eq!(game.to_move(), Player::X);
}

#[test]
fn impossible_texts_name_their_problem() {
    assert_eq!(
        ConnectX::parse_text("6x17x4:"),
        Err(ParsePositionError::Board(ParseBoardError::Parameters(
            ParseParametersError::Invalid(ParametersError::Columns(17))
        )))
    );
    assert_eq!(
        ConnectX::parse_text("2x2x2:../OO"),
        Err(ParsePositionError::Position(PositionError::TokenCounts {
            x: 0,
            o: 2
        }))
    );
    let message = ConnectX::parse_text("2x2x3:../..").unwrap_err().to_string();
    assert_eq!(
        message,
        "3 in a row does not fit on a board of 2 rows and 2 columns"
    );
}

#[test]
fn columns_beyond_the_board_are_refused_not_panicked() {
    let parameters = Parameters::new(2, 3, 2).unwrap();
    assert_eq!(
        parameters.parse_column("3"),
        Err(ParseColumnError::AboveMax {
            text: "3".into(),
            last: 2
        })
    );
    assert_eq!(
        parameters.parse_column("three").unwrap_err().to_string(),
        "\"three\" is not a column number: enter a number from 0 to 2"
    );
    // "15" is a Column (of the largest board) but not one of this board.
    let column: Column = "15".parse().unwrap();
    let game = ConnectX::new(parameters);
    assert!(!game.is_legal(column));
    assert_eq!(
        game.after(column),
        Err(rulebook::PlayError::IllegalMove(column))
    );
    let mut board = Board::new(parameters);
    assert_eq!(
        board.place_token(Player::X, usize::MAX),
        Err(PlaceTokenError::NoSuchColumn {
            col: usize::MAX,
            last: 2
        })
    );
    assert_eq!(board.piece_at(usize::MAX, usize::MAX), None);
    assert!(!board.check_for_win(usize::MAX));
    assert!(!board.check_diagonal_win(usize::MAX, 0, Player::X));
}

proptest! {
    /// Any text: refused, or a position whose own text reads back to it.
    #[test]
    fn any_position_text_is_refused_or_read_back(text in "[0-9x:XO./]{0,40}|.{0,40}") {
        if let Ok(game) = ConnectX::parse_text(&text) {
            prop_assert_eq!(ConnectX::parse_text(&game.text()), Ok(game));
        }
    }

    /// Texts that look like positions of small boards, to reach the checks
    /// past the parameters.
    #[test]
    fn small_board_texts_are_refused_or_read_back(
        rows in 1..=4usize,
        columns in 1..=4usize,
        in_a_row in 2..=4usize,
        cells in "[XO.]{16}",
    ) {
        let cells: Vec<char> = cells.chars().collect();
        let rows_text: Vec<String> = cells
            .chunks(columns)
            .take(rows)
            .map(|row| row.iter().collect())
            .collect();
        let text = format!("{rows}x{columns}x{in_a_row}:{}", rows_text.join("/"));
        match ConnectX::parse_text(&text) {
            Ok(game) => {
                prop_assert_eq!(game.text(), text);
                prop_assert_eq!(game.legal_moves().is_empty(), game.outcome().is_some());
            }
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }

    /// Any column text against any board: a column of that board or an
    /// error naming the board's last column.
    #[test]
    fn any_column_text_against_any_board(text in "-?[0-9]{0,22}|.{0,8}", columns in 1..=16usize) {
        let parameters = Parameters::new(16, columns, 2).unwrap();
        match parameters.parse_column(&text) {
            Ok(column) => {
                prop_assert!(column.index() < columns);
                prop_assert_eq!(column.to_string().parse::<Column>(), Ok(column));
            }
            Err(ParseColumnError::AboveMax { last, .. } | ParseColumnError::NotANumber { last, .. }) => {
                prop_assert_eq!(last, columns - 1);
            }
            Err(ParseColumnError::BelowZero { .. }) => prop_assert!(text.starts_with('-')),
        }
    }

    /// Any numbers: valid parameters with those values, or the error of
    /// the first bad one.
    #[test]
    fn any_parameters(rows in 0..=20usize, columns in 0..=20usize, in_a_row in 0..=20usize) {
        match Parameters::new(rows, columns, in_a_row) {
            Ok(parameters) => {
                prop_assert_eq!(
                    (parameters.rows(), parameters.columns(), parameters.in_a_row()),
                    (rows, columns, in_a_row)
                );
                prop_assert!(in_a_row <= rows.max(columns));
            }
            Err(ParametersError::Rows(n)) => prop_assert!(n == rows && !(1..=16).contains(&n)),
            Err(ParametersError::Columns(n)) => prop_assert!(n == columns && !(1..=16).contains(&n)),
            Err(ParametersError::InARow(n)) => prop_assert!(n == in_a_row && !(2..=16).contains(&n)),
            Err(ParametersError::LineDoesNotFit { .. }) => prop_assert!(in_a_row > rows.max(columns)),
        }
    }
}

#[cfg(feature = "serde")]
mod serde_forms {
    use super::*;

    #[test]
    fn json_forms_are_the_validated_texts() {
        let parameters = Parameters::new(9, 9, 5).unwrap();
        assert_eq!(serde_json::to_string(&parameters).unwrap(), r#""9x9x5""#);
        assert_eq!(
            serde_json::from_str::<Parameters>(r#""9x9x5""#).unwrap(),
            parameters
        );
        assert!(serde_json::from_str::<Parameters>(r#""9x9x10""#).is_err());

        let game = ConnectX::new(Parameters::new(2, 3, 2).unwrap())
            .after(Column::new(2).unwrap())
            .unwrap();
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(json, r#""2x3x2:.../..X""#);
        assert_eq!(serde_json::from_str::<ConnectX>(&json).unwrap(), game);
        assert!(serde_json::from_str::<ConnectX>(r#""2x3x2:.../..O""#).is_err());

        assert_eq!(serde_json::to_string(&Column::ALL[15]).unwrap(), "15");
        assert!(serde_json::from_str::<Column>("16").is_err());
    }
}
