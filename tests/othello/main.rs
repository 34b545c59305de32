//! Othello (`cargo test --test othello`): perft against Aart Bik's
//! published table (a pass counted as a ply) and the plain walk, the
//! conformance kit, board text and move errors, passes and the end,
//! symmetry, the environment, the computer player, and the console example
//! played by piped input. Shared positions are here.

#[path = "../support/mod.rs"]
mod support;

mod perft;
mod play;
mod rules;

use rulebook::othello::Othello;
use rulebook::Game;

/// A wipeout: Black has every disc but one empty square, White (to
/// move) none; neither can move.
pub const WIPEOUT: &str = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX- O";

/// A full board, Black to move with 33 discs to 31: the player to move
/// has won.
pub fn full_board_black_ahead() -> Othello {
    format!("{}{} X", "X".repeat(33), "O".repeat(31))
        .parse()
        .unwrap()
}

/// White to move must pass: Black on a1 and b1, White on c1. White
/// flanks nothing (west of c1 the black line runs to the edge); Black may
/// play d1.
pub fn must_pass_position() -> Othello {
    format!("XXO{} O", "-".repeat(61)).parse().unwrap()
}

/// Random positions along random games, from a seed.
pub fn random_positions(seed: u64, games: usize) -> Vec<Othello> {
    let mut rng = rulebook::SplitMix64::new(seed);
    let mut next = move |bound: usize| rng.below(bound);
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
