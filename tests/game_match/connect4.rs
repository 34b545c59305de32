//! `Match<Connect4>`: the match layer on a real game, and Connect Four game
//! records in the 1-indexed digit notation (`to_moves` / `from_moves`).

use rulebook::connect4::{Column, Connect4, Ending, FromMovesError, Player};
use rulebook::{Action, EndReason, Game, Match, MatchError, MatchResult, Outcome, PlayError};

/// A full game that fills the board without four in a row (found by a
/// random playout; checked below).
const FULL_BOARD_DRAW: &str = "122354166514442457356473332237526156171776";

fn column(index: usize) -> Column {
    Column::new(index).expect("a column index")
}

#[test]
fn a_record_reads_back_to_the_same_moves() {
    let record = Match::<Connect4>::from_moves("4453").unwrap();
    assert_eq!(
        record.history(),
        &[column(3), column(3), column(4), column(2)]
    );
    assert_eq!(record.to_moves(), "4453");
    assert_eq!(*record.position(), Connect4::from_moves("4453").unwrap());
    assert_eq!(*record.start(), Connect4::default());
    assert_eq!(record.result(), None);
}

#[test]
fn the_empty_record_is_a_match_with_no_moves() {
    let record = Match::<Connect4>::from_moves("").unwrap();
    assert_eq!(record, Match::new(Connect4::default()));
    assert_eq!(record.to_moves(), "");
}

#[test]
fn every_benchmark_record_round_trips() {
    // Test_L3_R1 and Test_L2_R1: 1000 positions each, as move strings
    // followed by a score (see tests/data/README.md).
    let mut checked = 0;
    for file in ["tests/data/Test_L3_R1", "tests/data/Test_L2_R1"] {
        let text = std::fs::read_to_string(file).expect("test data");
        for line in text.lines() {
            let moves = line.split_whitespace().next().expect("a move string");
            let record = Match::<Connect4>::from_moves(moves).expect(moves);
            assert_eq!(record.to_moves(), moves);
            assert_eq!(*record.position(), Connect4::from_moves(moves).unwrap());
            checked += 1;
        }
    }
    assert_eq!(checked, 2000);
}

#[test]
fn a_bad_record_is_refused_with_the_rules_error() {
    assert_eq!(
        Match::<Connect4>::from_moves("448x"),
        Err(FromMovesError::InvalidCharacter {
            character: '8',
            index: 2
        })
    );
    assert_eq!(
        Match::<Connect4>::from_moves("1111111")
            .unwrap_err()
            .to_string(),
        "move '1' at index 6 is illegal: column 1 (columns are 1-7 in this notation) is already full"
    );
    assert_eq!(
        Match::<Connect4>::from_moves("12121212"),
        Err(FromMovesError::GameOver {
            index: 7,
            column: column(1)
        })
    );
}

#[test]
fn four_in_a_row_ends_the_match_by_the_rules() {
    let record = Match::<Connect4>::from_moves("1212121").unwrap();
    let result = record.result().expect("X has four in a row");
    assert_eq!(
        result,
        MatchResult {
            outcome: Outcome::Win(Player::X),
            reason: EndReason::Rules(Ending::FourInARow)
        }
    );
    assert_eq!(result.to_string(), "X wins: four in a row");
}

#[test]
fn a_full_board_is_a_draw_by_the_rules() {
    let record = Match::<Connect4>::from_moves(FULL_BOARD_DRAW).unwrap();
    assert_eq!(record.history().len(), 42);
    let result = record.result().expect("the board is full");
    assert_eq!(
        result,
        MatchResult {
            outcome: Outcome::Draw,
            reason: EndReason::Rules(Ending::BoardFull)
        }
    );
    assert_eq!(result.to_string(), "Draw: the board is full");
}

#[test]
fn a_full_column_is_refused_and_the_match_is_unchanged() {
    let mut record = Match::<Connect4>::from_moves("111111").unwrap();
    let before = record.clone();
    assert_eq!(
        record.play(column(0)),
        Err(MatchError::Play(PlayError::IllegalMove(column(0))))
    );
    assert_eq!(record, before);
}

#[test]
fn a_server_session_with_offers_and_a_resignation() {
    let mut game = Match::new(Connect4::default());
    game.act(Player::X, Action::Play(column(3))).unwrap();
    assert_eq!(
        game.act(Player::X, Action::Play(column(3))),
        Err(MatchError::NotYourTurn {
            player: Player::X,
            to_move: Player::O
        })
    );
    game.act(Player::O, Action::OfferDraw).unwrap();
    assert_eq!(
        game.act(Player::O, Action::Play(column(2))),
        Err(MatchError::DrawOfferPending {
            offered_by: Player::O,
            answering: Player::X
        })
    );
    game.act(Player::X, Action::DeclineDraw).unwrap();
    game.act(Player::O, Action::Play(column(2))).unwrap();
    game.act(Player::O, Action::Resign).unwrap();
    assert_eq!(
        game.result().map(|result| result.to_string()),
        Some("X wins by resignation".to_owned())
    );
    assert_eq!(game.to_moves(), "43");
}

#[test]
fn undo_and_redo_walk_through_a_won_game() {
    let mut record = Match::<Connect4>::from_moves("1212121").unwrap();
    let won = record.clone();
    for _ in 0..7 {
        assert!(record.undo().is_ok());
    }
    assert_eq!(*record.position(), Connect4::default());
    assert_eq!(record.result(), None);
    for _ in 0..7 {
        assert!(record.redo().is_ok());
    }
    assert_eq!(record, won);
}

#[test]
fn draw_rules_never_fire_in_connect_four() {
    // Every drop is irreversible (the default of `Game::is_irreversible`),
    // so neither repetition nor the move limit can end a game.
    let record = Match::<Connect4>::from_moves(FULL_BOARD_DRAW).unwrap();
    let mut strict = Match::with_rules(
        Connect4::default(),
        rulebook::DrawRules {
            threefold_repetition: true,
            move_limit: Some(1),
        },
    );
    for &mv in record.history() {
        assert!(strict.position().is_irreversible(mv));
        strict.play(mv).unwrap();
    }
    assert_eq!(strict.result(), record.result());
}

#[cfg(feature = "serde")]
#[test]
fn a_connect4_match_serializes_and_reads_back() {
    let mut game = Match::<Connect4>::from_moves("4453").unwrap();
    game.offer_draw().unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let back: Match<Connect4> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
}
