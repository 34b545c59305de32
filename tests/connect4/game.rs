//! The `Connect4` game: sizes, turns, outcomes, `from_moves` and its errors.

use core::mem::size_of;

use rulebook::connect4::{Board, Column, Connect4, Ending, FromMovesError, Player};
use rulebook::{Game, Outcome, PlayError};

fn col(index: usize) -> Column {
    Column::new(index).unwrap()
}

#[test]
fn sizes_are_pinned() {
    assert_eq!(size_of::<Connect4>(), 16);
    assert_eq!(size_of::<Board>(), 16);
    assert_eq!(size_of::<Column>(), 1);
    assert_eq!(size_of::<Player>(), 1);
    assert_eq!(size_of::<Option<Column>>(), 2);
}

#[test]
fn empty_board_x_to_move_with_seven_moves() {
    let game = Connect4::default();
    assert_eq!(game, Connect4::new());
    assert_eq!(game.to_move(), Player::X);
    assert_eq!(&*game.legal_moves(), &Column::ALL[..]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.ending(), None);
    assert_eq!(game.plies(), 0);
    assert_eq!(Connect4::MAX_PLIES, Some(42));
    assert_eq!(Connect4::opponent(Player::X), Player::O);
}

#[test]
fn turns_alternate_and_tokens_drop() {
    let mut game = Connect4::default();
    game.apply(col(3)).unwrap();
    assert_eq!(game.to_move(), Player::O);
    game.apply(col(3)).unwrap();
    assert_eq!(game.to_move(), Player::X);
    assert_eq!(game.board().piece_at(0, 3), Some(Player::X));
    assert_eq!(game.board().piece_at(1, 3), Some(Player::O));
    assert_eq!(game.plies(), 2);
    assert_eq!(game, Connect4::from_moves("44").unwrap());
}

#[test]
fn vertical_win_ends_the_game() {
    let game = Connect4::from_moves("1212121").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
    assert_eq!(game.ending(), Some(Ending::FourInARow));
    assert_eq!(game.winner(), Some(Player::X));
    assert!(game.legal_moves().is_empty());
    let mut after = game;
    assert_eq!(after.apply(col(4)), Err(PlayError::GameOver));
    assert_eq!(after, game);
}

#[test]
fn o_can_win_too() {
    // O stacks column 2 while X scatters.
    let game = Connect4::from_moves("13537313").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::O)));
    assert_eq!(game.to_move(), Player::X);
}

#[test]
fn full_column_is_illegal_and_state_unchanged() {
    let mut game = Connect4::from_moves("111111").unwrap();
    let before = game;
    assert_eq!(game.apply(col(0)), Err(PlayError::IllegalMove(col(0))));
    assert_eq!(game, before);
    assert_eq!(game.legal_moves().len(), 6);
    assert!(!game.is_legal(col(0)));
}

#[test]
fn full_board_is_a_draw() {
    let mut game = Connect4::from_moves("").unwrap();
    for (i, c) in DRAWN_MOVES.iter().enumerate() {
        game.apply(col(*c))
            .unwrap_or_else(|e| panic!("move {i}: {e}"));
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(game.ending(), Some(Ending::BoardFull));
    assert!(game.board().check_tie());
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.apply(col(0)), Err(PlayError::GameOver));
}

/// 42 moves (0-based) that fill the board without four in a row.
const DRAWN_MOVES: [usize; 42] = [
    0, 1, 0, 1, 0, 1, // cols 0,1 rows 0..2: X O / X O / X O
    1, 0, 1, 0, 1, 0, // rows 3..5 swapped
    2, 3, 2, 3, 2, 3, //
    3, 2, 3, 2, 3, 2, //
    4, 5, 4, 5, 4, 5, //
    5, 4, 5, 4, 5, 4, //
    6, 6, 6, 6, 6, 6,
];

#[test]
fn from_moves_reports_bad_characters_with_index() {
    assert_eq!(
        Connect4::from_moves("4480"),
        Err(FromMovesError::InvalidCharacter {
            character: '8',
            index: 2
        })
    );
    assert_eq!(
        Connect4::from_moves("0"),
        Err(FromMovesError::InvalidCharacter {
            character: '0',
            index: 0
        })
    );
    assert_eq!(
        Connect4::from_moves("44 5"),
        Err(FromMovesError::InvalidCharacter {
            character: ' ',
            index: 2
        })
    );
    let error = Connect4::from_moves("12x").unwrap_err();
    assert_eq!(
        error.to_string(),
        "character 'x' at index 2 is not a column digit from 1 to 7"
    );
}

#[test]
fn from_moves_reports_full_column_and_game_over() {
    let error = Connect4::from_moves("3333333").unwrap_err();
    assert_eq!(
        error,
        FromMovesError::ColumnFull {
            index: 6,
            column: col(2)
        }
    );
    assert_eq!(
        error.to_string(),
        "move '3' at index 6 is illegal: column 3 (columns are 1-7 in this notation) is already full"
    );
    let error = Connect4::from_moves("12121215").unwrap_err();
    assert_eq!(
        error,
        FromMovesError::GameOver {
            index: 7,
            column: col(4)
        }
    );
    assert_eq!(
        error.to_string(),
        "move '5' (columns are 1-7 in this notation) at index 7 comes after the game is already over"
    );
}

#[test]
fn display_is_the_board() {
    let game = Connect4::from_moves("4").unwrap();
    assert_eq!(game.to_string(), game.board().to_string());
    assert!(game.to_string().ends_with("| | | |X| | | |\n"));
}

#[test]
fn every_message_says_how_it_numbers_the_columns() {
    let full = Column::new(0).unwrap();
    let mut game = Connect4::from_moves("111111").unwrap();
    let error = game.apply(full).unwrap_err();
    assert_eq!(
        error.to_string(),
        "column 0 (counting from 0) is not a legal move in this position"
    );
    let mut record = rulebook::Match::new(game);
    assert_eq!(
        record.play(full).unwrap_err().to_string(),
        "column 0 (counting from 0) is not a legal move in this position"
    );
    // The 1-indexed notation says so too.
    assert_eq!(
        Connect4::from_moves("1111111").unwrap_err().to_string(),
        "move '1' at index 6 is illegal: column 1 (columns are 1-7 in this notation) is already full"
    );
    assert_eq!(
        Connect4::from_moves("12121215").unwrap_err().to_string(),
        "move '5' (columns are 1-7 in this notation) at index 7 comes after the game is already over"
    );
    assert_eq!(
        "7".parse::<Column>().unwrap_err().to_string(),
        "column 7 does not exist: the last column is 6"
    );
}

#[test]
fn why_illegal_says_the_column_is_full_or_the_game_over() {
    let game = Connect4::from_moves("111111").unwrap();
    assert_eq!(
        game.why_illegal(col(0)).as_deref(),
        Some("column 0 (counting from 0) is full")
    );
    assert_eq!(game.why_illegal(col(1)), None);
    let won = Connect4::from_moves("1212121").unwrap();
    assert_eq!(
        won.why_illegal(col(3)).as_deref(),
        Some("the game is already over: four in a row")
    );
}

#[test]
fn connectx_messages_say_how_they_number_columns_too() {
    use rulebook::connectx::{self, ConnectX, Parameters};
    let mut game = ConnectX::new(Parameters::new(2, 3, 2).unwrap());
    let first = connectx::Column::new(0).unwrap();
    game.apply(first).unwrap();
    game.apply(first).unwrap();
    assert_eq!(
        game.apply(first).unwrap_err().to_string(),
        "column 0 (counting from 0) is not a legal move in this position"
    );
    assert_eq!(format!("{first}"), "0");
}
