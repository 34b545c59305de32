//! The rules: the conformance kit, passes and the end, board text and
//! move errors, symmetry, the environment.

use rulebook::agent::Environment;
use rulebook::othello::{
    Ending, Move, MoveError, Othello, ParseBoardError, Player, Square, Symmetry, ACTION_COUNT,
    PASS_ACTION,
};
use rulebook::testing::{check_contract, check_environment, Config};
use rulebook::{Game, Outcome, PlayerOutcome};

use super::*;

#[test]
fn the_kit_passes() {
    let config = Config::<Othello>::new()
        .seed(23)
        .playouts(60)
        .perft_depth(2)
        .candidate_moves(Square::all().map(Move::Place).chain([Move::Pass]))
        .start_position(must_pass_position());
    let summary = check_contract(&config).unwrap();
    assert!(summary.finished_games >= 30, "{summary:?}");
    let summary = check_environment::<Othello>(&Config::new().seed(5).playouts(30)).unwrap();
    assert_eq!(summary.finished_games, 30);
}

#[cfg(feature = "serde")]
#[test]
fn the_kit_passes_with_serde_round_trips() {
    let config = Config::<Othello>::new()
        .playouts(10)
        .position_round_trip(|game| Ok(serde_json::from_str(&serde_json::to_string(game)?)?))
        .move_round_trip(|mv| Ok(serde_json::from_str(&serde_json::to_string(mv)?)?));
    check_contract(&config).unwrap();
    assert_eq!(serde_json::to_string(&Move::Pass).unwrap(), "\"pass\"");
    let start = serde_json::to_string(&Othello::default()).unwrap();
    assert_eq!(start, format!("\"{}\"", Othello::default().text()));
}

#[test]
fn a_pass_is_the_only_move_when_forced_and_the_end_counts_discs() {
    let game = must_pass_position();
    assert_eq!(game.to_move(), Player::White);
    assert!(game.must_pass());
    assert_eq!(&*game.legal_moves(), &[Move::Pass]);
    let error = game.parse_move("d1").unwrap_err();
    assert!(matches!(error, MoveError::Illegal { .. }));
    assert!(error.to_string().ends_with("legal moves: pass"), "{error}");
    let mut after = game;
    after.apply(Move::Pass).unwrap();
    assert_eq!(after.to_move(), Player::Black);
    assert_eq!(&*after.legal_moves(), &["d1".parse().unwrap()]);
    let error = after.parse_move("pass").unwrap_err();
    assert!(
        error.to_string().contains("only when no disc move"),
        "{error}"
    );

    // The end: a full board with the player to move ahead, a wipeout.
    let full = full_board_black_ahead();
    assert!(full.legal_moves().is_empty());
    assert_eq!(full.ending(), Some(Ending::BoardFull));
    assert_eq!(full.outcome(), Some(Outcome::Win(Player::Black)));
    assert_eq!(full.outcome_for(full.to_move()), Some(PlayerOutcome::Win));
    let wipeout: Othello = WIPEOUT.parse().unwrap();
    assert_eq!(wipeout.ending(), Some(Ending::NoMoves));
    assert_eq!(wipeout.outcome(), Some(Outcome::Win(Player::Black)));
    assert!(matches!(
        wipeout.parse_move("h8"),
        Err(MoveError::GameOver(Ending::NoMoves))
    ));
    let drawn: Othello = format!("{}{} O", "X".repeat(32), "O".repeat(32))
        .parse()
        .unwrap();
    assert_eq!(drawn.outcome(), Some(Outcome::Draw));
}

#[test]
fn bad_text_gets_an_error_naming_what_is_wrong_and_the_legal_moves() {
    let start = Othello::default();
    for (text, expected) in [
        ("z9", "\"z9\" is not a move"),
        (
            "d4",
            "d4 is not a legal move in this position: the square is taken",
        ),
        (
            "a1",
            "a1 is not a legal move in this position: the disc would flank no line",
        ),
        (
            "pass",
            "pass is not a legal move in this position: a player may pass only",
        ),
    ] {
        let message = start.parse_move(text).unwrap_err().to_string();
        assert!(message.starts_with(expected), "{message}");
        assert!(
            message.ends_with("legal moves: d3, c4, f5, e6"),
            "{message}"
        );
    }
    let a1 = Move::Place(Square::new(0).unwrap());
    let why = start.why_illegal(a1).unwrap();
    assert!(why.ends_with("legal moves: d3, c4, f5, e6"), "{why}");

    let start_text = start.text();
    let board = &start_text[..64];
    assert_eq!(
        "---".parse::<Othello>(),
        Err(ParseBoardError::WrongLength { found: 3 })
    );
    assert_eq!(board.parse::<Othello>(), Err(ParseBoardError::SideMissing));
    let error = format!("{}*{} X", &board[..10], &board[11..])
        .parse::<Othello>()
        .unwrap_err();
    assert_eq!(
        error,
        ParseBoardError::UnknownChar {
            square: "c2".parse().unwrap(),
            found: '*'
        }
    );
    for error in [
        ParseBoardError::WrongLength { found: 3 },
        ParseBoardError::SideMissing,
        ParseBoardError::UnknownSide { found: "W".into() },
    ] {
        assert!(!error.to_string().is_empty());
    }
    assert!(Othello::from_discs(1, 1, Player::Black).is_err());
}

#[test]
fn symmetric_positions_share_a_canonical_key_and_their_counts() {
    for position in random_positions(11, 3).into_iter().step_by(7) {
        let key = position.canonical_key();
        for symmetry in Symmetry::ALL {
            let image = symmetry.position(&position);
            assert_eq!(image.canonical_key(), key);
            assert_eq!(image.canonical(), position.canonical());
            assert_eq!(image.perft(2), position.perft(2));
            let mut moves: Vec<Move> = position
                .legal_moves()
                .iter()
                .map(|&mv| symmetry.mv(mv))
                .collect();
            moves.sort();
            let mut image_moves = image.legal_moves().to_vec();
            image_moves.sort();
            assert_eq!(moves, image_moves);
            assert_eq!(symmetry.inverse().position(&image), position);
        }
        let (canonical, symmetry) = position.canonical_with_symmetry();
        assert_eq!(symmetry.position(&position), canonical);
    }
    // The start has 4 symmetries: the half turn and the two diagonals.
    let start = Othello::default();
    let fixed = Symmetry::ALL
        .iter()
        .filter(|symmetry| symmetry.position(&start) == start)
        .count();
    assert_eq!(fixed, 4);
}

#[test]
fn the_environment_numbers_squares_and_the_pass() {
    let mut env = must_pass_position();
    let mut mask = [false; ACTION_COUNT];
    env.legal_action_mask(&mut mask).unwrap();
    assert_eq!(mask.iter().filter(|&&legal| legal).count(), 1);
    assert!(mask[PASS_ACTION]);
    env.apply_action(PASS_ACTION).unwrap();
    let mut observation = [0.0; 128];
    env.write_observation(&mut observation).unwrap();
    // Black to move: the own plane holds a1 and b1 (actions 0 and 1),
    // the opponent's c1.
    assert_eq!(observation[..3], [1.0, 1.0, 0.0]);
    assert_eq!(observation[64 + 2], 1.0);
    assert_eq!(observation.iter().sum::<f32>(), 3.0);
    assert!(env.apply_action(ACTION_COUNT).is_err());
    assert_eq!(Move::from_action(19).unwrap().to_string(), "d3");
}
