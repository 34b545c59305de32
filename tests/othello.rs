//! Othello: perft against Aart Bik's published table (a pass counted as a
//! ply), the fast perft against the plain one, the conformance kit, board
//! text and move errors, passes and the end, symmetry, the environment, the
//! computer player, and the console example played by piped input.

mod support;

use rulebook::agent::Environment;
use rulebook::othello::{
    self, Ending, Move, MoveError, Othello, ParseBoardError, Player, Square, Symmetry,
    ACTION_COUNT, PASS_ACTION,
};
use rulebook::search::Evaluator;
use rulebook::testing::{check_contract, check_environment, plain_perft, Config};
use rulebook::{perft_plain, Game, Match, Outcome, PlayerOutcome};

/// Aart Bik's perft of the start position, depths 1 to 9, a pass counted
/// as a ply (published with his Othello move generator; Edax's `count
/// games` prints the same).
const BIK_PERFT: [u64; 9] = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];

/// The deeper counts of the same table, depths 10 to 12, where games have
/// ended: Bik's generator lets a player with no move always pass and ends
/// the game after two passes, so each finished game counts its two passes
/// (`Othello::perft_with_end_passes`).
const DEEP_PERFT_WITH_END_PASSES: [(u32, u64); 3] =
    [(10, 24_571_284), (11, 212_258_800), (12, 1_939_886_636)];

/// The same depths by the rules of the game, where a finished game has no
/// move (`Game::perft`, `perft_plain`): Edax's `perft` prints 24571056 and
/// 212258216 for depths 10 and 11, with 228 and 356 games over at the
/// last ply (which the table above counts once more each, and the 228
/// again at depth 11: 212258216 + 356 + 228 = 212258800).
const DEEP_PERFT: [(u32, u64); 2] = [(10, 24_571_056), (11, 212_258_216)];

/// A wipeout: Black has every disc but one empty square, White (to
/// move) none; neither can move.
const WIPEOUT: &str = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX- O";

/// A full board, Black to move with 33 discs to 31: the player to move
/// has won.
fn full_board_black_ahead() -> Othello {
    format!("{}{} X", "X".repeat(33), "O".repeat(31))
        .parse()
        .unwrap()
}

/// White to move must pass: Black on a1 and b1, White on c1. White
/// flanks nothing (west of c1 the black line runs to the edge); Black may
/// play d1.
fn must_pass_position() -> Othello {
    format!("XXO{} O", "-".repeat(61)).parse().unwrap()
}

#[test]
fn perft_matches_the_published_table() {
    let start = Othello::default();
    for (depth, &expected) in (1..).zip(BIK_PERFT.iter()) {
        assert_eq!(start.perft(depth), expected, "depth {depth}");
    }
    // The plain walk, through legal_moves and apply_unchecked only.
    for (depth, &expected) in (1..=7).zip(BIK_PERFT.iter()) {
        assert_eq!(perft_plain(&start, depth), expected, "plain, depth {depth}");
    }
}

#[test]
fn the_published_convention_agrees_until_games_end() {
    let start = Othello::default();
    for (depth, &expected) in (1..).zip(BIK_PERFT.iter()) {
        assert_eq!(
            start.perft_with_end_passes(depth),
            expected,
            "depth {depth}"
        );
    }
    assert_eq!(
        start.perft_with_end_passes(10),
        DEEP_PERFT_WITH_END_PASSES[0].1
    );
    assert_eq!(start.perft(10), DEEP_PERFT[0].1);
}

#[test]
#[ignore = "long: about a minute in release"]
fn deeper_perft_matches_the_published_counts_and_the_plain_walk() {
    let start = Othello::default();
    for (depth, expected) in DEEP_PERFT_WITH_END_PASSES {
        assert_eq!(
            start.perft_with_end_passes(depth),
            expected,
            "depth {depth}"
        );
    }
    for (depth, expected) in DEEP_PERFT {
        assert_eq!(start.perft(depth), expected, "depth {depth}");
    }
    assert_eq!(perft_plain(&start, 10), DEEP_PERFT[0].1);
}

/// Random positions along random games, from a seed.
fn random_positions(seed: u64, games: usize) -> Vec<Othello> {
    let mut state = seed;
    let mut next = move |bound: usize| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        (rulebook::mix64(state) % bound as u64) as usize
    };
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut game = Othello::default();
        while !game.is_over() {
            positions.push(game);
            let moves = game.legal_moves();
            game.apply(moves[next(moves.len())]).unwrap();
        }
        positions.push(game);
    }
    positions
}

#[test]
fn the_fast_perft_equals_the_plain_walk_along_random_games() {
    for position in random_positions(7, 20) {
        for depth in 0..=3 {
            assert_eq!(
                position.perft(depth),
                plain_perft(&position, depth),
                "{position:?} depth {depth}"
            );
        }
    }
}

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

#[test]
fn the_evaluation_prefers_corners_and_the_engine_takes_them() {
    // Black to move may take the corner a1 (flanking b2 up to c3) or the
    // X-square g7 next to the empty corner h8 (flanking f6 up to e5).
    let text = "------------------------------------------------------------ X";
    let mut board: Vec<char> = text[..64].chars().collect();
    board[9] = 'O'; // b2
    board[18] = 'X'; // c3
    board[27] = 'O'; // d4
    board[36] = 'X'; // e5
    board[45] = 'O'; // f6
    let position: Othello = format!("{} X", board.iter().collect::<String>())
        .parse()
        .unwrap();
    let a1 = Move::Place(Square::new(0).unwrap());
    let g7 = Move::Place("g7".parse().unwrap());
    assert_eq!(&*position.legal_moves(), &[a1, g7]);
    let mut engine = othello::engine(3).unwrap();
    assert_eq!(engine.think(position).best_move, Some(a1));
    // From White's side (to move next): worse after the corner.
    let evaluation = othello::Evaluation::new();
    let after_corner = evaluation.evaluate(&position.after(a1).unwrap());
    let after_x_square = evaluation.evaluate(&position.after(g7).unwrap());
    assert!(
        after_corner < after_x_square,
        "{after_corner} {after_x_square}"
    );
}

#[test]
fn the_strongest_level_beats_the_weakest() {
    let mut strong = othello::engine(othello::MAX_LEVEL - 1).unwrap();
    let mut weak = othello::engine(1).unwrap();
    let mut game = Match::new(Othello::default());
    while !game.is_over() {
        let engine = if game.to_move() == Player::Black {
            &mut strong
        } else {
            &mut weak
        };
        let mv = engine.think(&game).best_move.unwrap();
        game.play(mv).unwrap();
    }
    let position = game.position();
    assert_eq!(
        position.outcome(),
        Some(Outcome::Win(Player::Black)),
        "{position}"
    );
}

/// The console's input for a game where the computer plays White
/// against a player who always types the first legal move (`pass` when
/// forced), after a few bad lines, a hint and an undo; and the final
/// position. The engine here is asked exactly what the console's is, in
/// the same order, so it makes the same moves.
fn scripted_game(level: u32) -> (String, Othello) {
    let mut engine = othello::engine(level).unwrap();
    engine.new_game();
    let mut game = Match::new(Othello::default());
    let mut input = String::from("help\nmoves\nz9\na1\nhint\n");
    engine.think(&game);
    let mut undone = false;
    while !game.is_over() {
        if game.to_move() == Player::White {
            let mv = engine.think(&game).best_move.unwrap();
            game.play(mv).unwrap();
            continue;
        }
        if !undone && game.history().len() == 6 {
            // Black's fourth turn: take back White's reply and Black's
            // third move.
            input.push_str("undo\n");
            game.undo().unwrap();
            game.undo().unwrap();
            undone = true;
        }
        let mv = game.position().legal_moves()[0];
        input.push_str(&format!("{mv}\n"));
        game.play(mv).unwrap();
    }
    input.push_str("n\n");
    (input, *game.position())
}

#[test]
fn the_console_plays_a_whole_game_against_the_computer_by_piped_input() {
    let level = 1;
    let (input, end) = scripted_game(level);
    let level_text = level.to_string();
    let output = support::run_example(
        "othello",
        &["--computer", "white", "--level", &level_text],
        input.as_bytes(),
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}\n{stdout}");
    assert!(
        stdout.starts_with("The computer (level 1) plays White."),
        "{stdout}"
    );
    assert!(stdout.contains("Commands:"), "{stdout}");
    assert!(stdout.contains("Legal moves: d3, c4, f5, e6."), "{stdout}");
    assert!(
        stdout.contains("\"z9\" is not a move: write a square"),
        "{stdout}"
    );
    assert!(
        stdout.contains("A1 is not a legal move in this position: the disc would flank no line"),
        "{stdout}"
    );
    assert!(stdout.contains("Hint: "), "{stdout}");
    assert!(stdout.contains("Took back "), "{stdout}");
    assert!(stdout.contains("White (computer) plays "), "{stdout}");
    let (black, white) = (end.disc_count(Player::Black), end.disc_count(Player::White));
    let result = match end.outcome().unwrap() {
        Outcome::Win(winner) => format!("{winner} wins, {black} to {white}."),
        Outcome::Draw => format!("A draw, {black} to {white}."),
    };
    assert!(stdout.contains(&format!("{end}\n{result}\n")), "{stdout}");
    assert!(stdout.ends_with("Play again? Y/N "), "{stdout}");
}
