//! Published endings: their verdicts, and the wins played out to the end
//! by `Tablebase::best_move` for both sides.

use rulebook::draughts::{English, EnglishRules};
use rulebook::endgame::{Tablebase, Value};
use rulebook::Game;

/// Plays `fen` out with `best_move` for both sides; the side to move must
/// win within `limit` plies. Returns the plies.
fn play_out(tablebase: &Tablebase<EnglishRules>, fen: &str, limit: u32) -> u32 {
    let mut position = English::from_fen(fen).unwrap();
    let winner = position.to_move();
    let mut plies = 0;
    while let Some(mv) = tablebase.best_move(&position).unwrap().best_move {
        position = position.after(mv).unwrap();
        plies += 1;
        assert!(plies <= limit, "{fen}: no win in {limit} plies");
    }
    assert_ne!(position.to_move(), winner, "{fen}: the winner lost");
    assert!(position.legal_moves().is_empty());
    plies
}

/// Source: Edward Lasker, *Chess and Checkers: the Way to Mastership*
/// (1918), diagram 88: a king against a king, "White wins by playing
/// 32-27" (White has the opposition); "If it had been Black's move ... he
/// would have gained the opposition by 26-31" and drawn.
#[test]
fn lasker_king_against_king() {
    let tablebase = Tablebase::<EnglishRules>::build_in_memory(2, |_| {}).unwrap();
    let white_to_move = English::from_fen("W:WK32:BK26").unwrap();
    let verdict = tablebase.best_move(&white_to_move).unwrap();
    assert_eq!(verdict.value, Value::Win);
    assert_eq!(
        white_to_move.move_text(&verdict.best_move.unwrap()),
        "32-27"
    );
    let black_to_move = English::from_fen("B:WK32:BK26").unwrap();
    assert_eq!(tablebase.probe(&black_to_move), Some(Value::Draw));
    play_out(&tablebase, "W:WK32:BK26", 40);
}

/// Source: American Checker Federation, "Standard Positions: winning 1st
/// Position" (acfcheckers.com/std2.html): White king 15 and man 20
/// against Red king 28 and man 12, White to move wins (15-19, 20-16, ...:
/// White crowns its man, then drives the Red king out of the double
/// corner with two kings while holding the man on 12).
#[test]
#[ignore = "long: the long-checks run"]
fn first_position() {
    let tablebase = Tablebase::<EnglishRules>::build_in_memory(4, |_| {}).unwrap();
    let first = English::from_fen("W:WK15,20:BK28,12").unwrap();
    let verdict = tablebase.best_move(&first).unwrap();
    assert_eq!(verdict.value, Value::Win);
    // The ACF's solution takes 23 moves (45 plies) against Red's best
    // defence; the databases' winner may be quicker, never slower than
    // the defence allows.
    let plies = play_out(&tablebase, "W:WK15,20:BK28,12", 200);
    assert!(plies > 10, "{plies} plies");
}
