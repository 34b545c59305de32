//! Perft: counting move sequences, the standard proof of a move generator.

use crate::Game;

/// The number of distinct move sequences of exactly `depth` plies from
/// `game`. A finished game has no moves, so it counts 0 at any depth above
/// 0; depth 0 counts 1 (the empty sequence).
///
/// Calls [`Game::perft`], which a game may override with a faster walk.
/// Never allocates on the heap.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    game.perft(depth)
}

/// The plain recursive walk behind the default [`Game::perft`], counting
/// the last ply in bulk (the length of the move list) rather than playing it.
pub(crate) fn generic_perft<G: Game>(game: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.legal_moves().len() as u64,
        _ => {
            let mut total = 0;
            for mv in game.legal_moves() {
                let mut child = game.clone();
                child.apply_unchecked(mv);
                total += generic_perft(&child, depth - 1);
            }
            total
        }
    }
}
