//! Turkish draughts' perft: [`perft_plain`](crate::perft_plain)'s walk
//! with one move list per ply reused (no list built and dropped per node)
//! and the leaves counted in bulk one ply above them.

use super::movegen::generate_routes;
use super::{Moves, Turkish};

/// The number of move sequences of `depth` plies from `position`: equal to
/// [`perft_plain`](crate::perft_plain)'s count.
///
/// Allocates only in a position with more than
/// [`INLINE_MOVES`](super::INLINE_MOVES) moves; recursion depth `depth`.
pub(super) fn count(position: &Turkish, depth: u32) -> u64 {
    let mut moves = Moves::new();
    match depth {
        0 => 1,
        _ => walk(position, depth, &mut moves, true),
    }
}

impl Turkish {
    /// Perft counting every capture route: two routes that differ only in
    /// where a king lands between two pieces it takes on one line count
    /// twice (they are one move of [`legal_moves`](crate::Game::legal_moves),
    /// which [`perft`](crate::perft) counts). The convention of kish's
    /// perft and of the published counts from depth 7 (10,782,382 and
    /// 123,290,300; one move per result gives 10,782,308 at depth 7).
    ///
    /// Allocates only where [`perft`](crate::perft) does.
    pub fn perft_every_route(&self, depth: u32) -> u64 {
        let mut moves = Moves::new();
        match depth {
            0 => 1,
            _ => walk(self, depth, &mut moves, false),
        }
    }
}

/// [`count`] for `depth >= 1`, with `moves` a list to fill at this ply;
/// `distinct`: one capture per result, else every route.
fn walk(position: &Turkish, depth: u32, moves: &mut Moves, distinct: bool) -> u64 {
    generate_routes(position.sides(), moves, distinct);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut children = Moves::new();
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = *position;
        child.play_route(mv);
        total += walk(&child, depth - 1, &mut children, distinct);
    }
    total
}
