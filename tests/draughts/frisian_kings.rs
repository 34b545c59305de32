//! Frisian's limit on a king's quiet moves in a row.

use rulebook::draughts::{Color, Frisian};
use rulebook::Game;

#[test]
fn scratch() {
    let mut game = Frisian::from_fen("W:W50,K46:B6").unwrap();
    for text in ["46-37", "6-11", "37-46", "11-17", "46-37", "17-21"] {
        eprintln!("{} {:?}", game.to_fen(), game.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>());
        game.apply(game.parse_move(text).unwrap()).unwrap();
    }
    eprintln!("{} {:?} {:?}", game.to_fen(), game.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(), game.king_run(Color::White));
}
