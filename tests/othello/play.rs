//! Play: the evaluation, the engine by level, and the console example
//! played by piped input.

use rulebook::othello::{self, Move, Othello, Player, Square};
use rulebook::search::Evaluator;
use rulebook::{Game, Match, Outcome};

use super::*;

#[test]
fn the_evaluation_prefers_corners_and_the_engine_takes_them() {
    // Black to move may take the corner a1 (flanking b2 up to c3) or the
    // X-square g7 next to the empty corner h8 (flanking f6 up to e5).
    let mut board = vec!['-'; 64];
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
#[ignore = "long unoptimised: the long-checks run"]
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
