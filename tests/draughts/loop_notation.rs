//! Issue 17: a capture whose route passes a square twice (a loop) is
//! written so that `parse_move` reads it back as itself.

use rulebook::draughts::Russian;
use rulebook::Game;

/// The position the catalog's proptest found (seed 12476946847717201917):
/// the man on h4 takes g5 to f6, is crowned on d8, and comes back to f6.
const LOOP: &str = "W:Wa1,a3,c1,d2,e1,e3,g1,h4:Bb4,b8,c7,e5,e7,g5,h8";

#[test]
fn a_capture_that_comes_back_to_a_square_reads_back_as_itself() {
    let position = Russian::from_fen(LOOP).unwrap();
    let legal = position.legal_moves();
    let looped = legal
        .iter()
        .find(|mv| mv.to_string() == "h4:f6:d8:a5:c3:f6")
        .copied()
        .expect("the looping capture is legal");
    // Written out: `h4:f6` alone reads as one jump to a player.
    let text = position.move_text(&looped);
    assert_eq!(text, "h4:f6:d8:a5:c3:f6");
    assert_eq!(position.parse_move(&text), Ok(looped), "{text}");
    // Read, though: it is the only legal capture from h4 that ends on f6.
    assert_eq!(position.parse_move("h4:f6"), Ok(looped));
    assert_eq!(position.parse_move("h4:a5:f6"), Ok(looped));
    for mv in legal.iter() {
        let text = position.move_text(mv);
        assert_eq!(position.parse_move(&text).as_ref(), Ok(mv), "{text}");
        let full = mv.to_string();
        assert_eq!(position.parse_move(&full).as_ref(), Ok(mv), "{full}");
    }
}
