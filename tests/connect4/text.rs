//! The compact position text of `Connect4` (and serde): round trips, and
//! every kind of impossible position rejected with a named reason.

use rulebook::connect4::{
    Board, Connect4, ParseBoardError, ParsePositionError, Player, PositionError,
};
use rulebook::connectx::Parameters;
use rulebook::Game;

const EMPTY: &str = "......./......./......./......./......./.......";

fn parse(text: &str) -> Result<Connect4, ParsePositionError> {
    text.parse()
}

fn invalid(text: &str) -> PositionError {
    match parse(text) {
        Err(ParsePositionError::Position(error)) => error,
        other => panic!("{text}: expected a position error, got {other:?}"),
    }
}

fn malformed(text: &str) -> ParseBoardError {
    match parse(text) {
        Err(ParsePositionError::Board(error)) => error,
        other => panic!("{text}: expected a board error, got {other:?}"),
    }
}

#[test]
fn text_round_trips_for_positions_along_real_games() {
    let lines = include_str!("../data/Test_L3_R1").lines().take(50);
    for line in lines {
        let moves = line.split(' ').next().unwrap();
        for end in 0..=moves.len() {
            let game = Connect4::from_moves(&moves[..end]).unwrap();
            assert_eq!(parse(&game.text()), Ok(game), "{}", &moves[..end]);
            assert_eq!(String::from(game), game.text());
        }
    }
}

#[test]
fn text_of_simple_positions() {
    assert_eq!(Connect4::default().text(), EMPTY);
    assert_eq!(parse(EMPTY), Ok(Connect4::default()));
    let game = parse("......./......./......./......./...O.../...X...").unwrap();
    assert_eq!(game, Connect4::from_moves("44").unwrap());
    assert_eq!(game.to_move(), Player::X);
    // A won position is valid text; it is finished.
    let won = Connect4::from_moves("1212121").unwrap();
    assert_eq!(
        won.text(),
        "......./......./X....../XO...../XO...../XO....."
    );
    assert_eq!(parse(&won.text()), Ok(won));
}

#[test]
fn malformed_text_names_the_problem() {
    let wrong_row_count = |found| ParseBoardError::WrongRowCount {
        parameters: Parameters::CONNECT_FOUR,
        expected: 6,
        found,
    };
    assert_eq!(malformed(""), wrong_row_count(1));
    assert_eq!(
        malformed("......./......./......./......./......."),
        wrong_row_count(5)
    );
    assert_eq!(
        malformed("......./......./......./......./......./......"),
        ParseBoardError::WrongRowLength {
            row: 0,
            cells: 6,
            expected: 7
        }
    );
    assert_eq!(
        malformed("......./......./......./......./......./...x..."),
        ParseBoardError::InvalidCharacter {
            character: 'x',
            row: 0,
            col: 3
        }
    );
    let floating = malformed("......./......./......./......./...X.../.......");
    assert_eq!(floating, ParseBoardError::FloatingToken { row: 1, col: 3 });
    assert_eq!(
        floating.to_string(),
        "the token at row 1, column 3 floats above an empty cell"
    );
}

#[test]
fn wrong_token_counts_are_rejected() {
    // O moved first.
    assert_eq!(
        invalid("......./......./......./......./......./...O..."),
        PositionError::TokenCounts { x: 0, o: 1 }
    );
    // X moved twice in a row.
    let error = invalid("......./......./......./......./......./..XX...");
    assert_eq!(error, PositionError::TokenCounts { x: 2, o: 0 });
    assert_eq!(
        error.to_string(),
        "X has 2 tokens and O has 0: X moves first, so X must have as many tokens as O or one more"
    );
}

#[test]
fn both_players_with_four_in_a_row_is_rejected() {
    assert_eq!(
        invalid("......./......./XO...../XO...../XO...../XO....."),
        PositionError::BothInARow { in_a_row: 4 }
    );
}

#[test]
fn a_move_after_the_winner_is_rejected() {
    // X has four, and O moved afterwards (counts equal: X to move).
    assert_eq!(
        invalid("......./......./X....../XO...../XO...../XOO...."),
        PositionError::MovedAfterWin {
            player: Player::X,
            in_a_row: 4
        }
    );
}

#[test]
fn playing_on_after_a_win_is_rejected() {
    // X: column 0 rows 0..=3 and column 6 rows 0..=3 (two fours); O: columns
    // 2 and 3 rows 0..=2 plus column 4 row 0 (7 stones, X has 8).
    let text = "......./......./X.....X/X.OO..X/X.OO..X/X.OOO.X";
    assert_eq!(
        invalid(text),
        PositionError::PlayedOnAfterWin {
            player: Player::X,
            in_a_row: 4
        }
    );
}

#[test]
fn a_last_mover_without_a_top_token_is_rejected() {
    // O moved last, but both columns have X on top.
    assert_eq!(
        invalid("......./......./......./......./XX...../OO....."),
        PositionError::NoLastMove { player: Player::O }
    );
}

#[test]
fn from_board_accepts_what_from_moves_builds() {
    let game = Connect4::from_moves("4453").unwrap();
    assert_eq!(Connect4::from_board(*game.board()), Ok(game));
    let board = Board::parse_text(&game.text()).unwrap();
    assert_eq!(Connect4::from_board(board), Ok(game));
}

#[cfg(feature = "serde")]
mod serde_form {
    use super::*;
    use rulebook::connect4::{Column, Ending};

    #[test]
    fn positions_serialize_as_their_text_and_round_trip() {
        let game = Connect4::from_moves("4453").unwrap();
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(json, format!("\"{}\"", game.text()));
        assert_eq!(serde_json::from_str::<Connect4>(&json).unwrap(), game);
    }

    #[test]
    fn impossible_positions_do_not_deserialize() {
        let json = "\"......./......./......./......./......./...O...\"";
        let error = serde_json::from_str::<Connect4>(json).unwrap_err();
        assert!(
            error.to_string().contains("X has 0 tokens and O has 1"),
            "{error}"
        );
        assert!(serde_json::from_str::<Connect4>("\"nonsense\"").is_err());
        assert!(serde_json::from_str::<Connect4>("17").is_err());
    }

    #[test]
    fn moves_players_and_endings_round_trip() {
        for column in Column::ALL {
            let json = serde_json::to_string(&column).unwrap();
            assert_eq!(json, column.to_string());
            assert_eq!(serde_json::from_str::<Column>(&json).unwrap(), column);
        }
        assert!(serde_json::from_str::<Column>("7").is_err());
        assert_eq!(serde_json::to_string(&Player::O).unwrap(), "\"O\"");
        assert_eq!(serde_json::from_str::<Player>("\"X\"").unwrap(), Player::X);
        let json = serde_json::to_string(&Ending::FourInARow).unwrap();
        assert_eq!(
            serde_json::from_str::<Ending>(&json).unwrap(),
            Ending::FourInARow
        );
    }
}
