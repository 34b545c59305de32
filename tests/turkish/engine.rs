//! The computer players: each level beats the one below in paired games
//! from random openings (seeded), and an engine finds a winning capture.

use rulebook::turkish::{self, Color, Turkish};
use rulebook::{Game, Outcome};

use crate::ladder::ladder_match;

#[test]
fn an_engine_takes_the_capture_that_wins() {
    // Taking the last piece wins at once, wherever the king lands.
    let game = Turkish::from_fen("W:WKa1,h3:Ba5").unwrap();
    let mut engine = turkish::engine(1).unwrap();
    let best = engine.think(game).best_move.unwrap();
    assert_eq!(
        game.after(best).unwrap().outcome(),
        Some(Outcome::Win(Color::White))
    );
}

#[test]
#[ignore = "long: the long-checks run"]
fn each_level_beats_the_one_below() {
    for (weak, seed) in [(1, 0x7a3b_0001), (2, 0x7a3b_0002)] {
        let (strong_points, weak_points) = ladder_match(weak + 1, weak, 6, seed).points();
        eprintln!("level {} against level {weak}, seed {seed:#x}: {strong_points} to {weak_points} points (2 a win)", weak + 1);
        assert!(
            strong_points > weak_points,
            "level {} against level {weak}: {strong_points} to {weak_points} (seed {seed:#x})",
            weak + 1
        );
    }
}
