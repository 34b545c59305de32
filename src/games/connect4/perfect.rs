//! [`PerfectPlayer`]: the [`Solver`] as a computer player, the strongest
//! level of [`engine`](super::engine).

use std::time::Instant;

use super::{Book, Column, Connect4, Solver, CELLS};
use crate::search::{Limits, Progress, Root, Score, SearchResult, Searcher};

/// A computer player that plays perfectly: every move is
/// [`Solver::best_move`], so a won position is won as fast as possible, a
/// drawn one is never lost, and a lost one is lost as late as possible.
///
/// It plays the same move in the same position (centre-first among equal
/// moves) and follows the lines of [`Book::builtin`], which it answers
/// without search: the book holds every game in which the player has
/// played this way from the empty board, whatever the opponent played, up
/// to 13 stones; after that the solver answers in milliseconds. A position
/// off those lines (one set up, or reached with another player's moves)
/// with few stones can take seconds to minutes.
///
/// As a [`Searcher`] it ignores [`Limits`]: a perfect move cannot be cut
/// short. Its [`SearchResult`] holds the exact outcome as a proven
/// [`Score`] (a win or loss with its distance in plies, or
/// [`Score::DRAW`]), `depth` the plies left to the end of the game under
/// perfect play, and a principal variation of the move alone. The solver's
/// table is kept from one move to the next (the next position's search
/// reuses it) until [`clear`](Searcher::clear).
///
/// ```
/// use rulebook::connect4::{Column, Connect4, PerfectPlayer};
/// use rulebook::search::{Limits, Score, Searcher};
///
/// let mut player = PerfectPlayer::new();
/// // X to move: column 0 (counting from 0) completes four at once.
/// let game = Connect4::from_moves("121212").unwrap();
/// let result = player.search(game, Limits::NONE);
/// assert_eq!(result.best_move, Some(Column::new(0).unwrap()));
/// assert_eq!(result.score, Score::win_in(1));
/// ```
#[derive(Clone, Debug)]
pub struct PerfectPlayer {
    solver: Solver,
}

impl Default for PerfectPlayer {
    fn default() -> PerfectPlayer {
        PerfectPlayer::new()
    }
}

impl PerfectPlayer {
    /// A perfect player with the default solver table and the builtin
    /// opening book.
    ///
    /// The builtin book is checked when loaded; should it ever fail that
    /// check, the player plays without it (just as perfectly, slower in
    /// the opening).
    pub fn new() -> PerfectPlayer {
        let solver = Solver::new();
        let solver = match Book::builtin() {
            Ok(book) => solver.with_book(book),
            Err(_) => solver,
        };
        PerfectPlayer::with_solver(solver)
    }

    /// A perfect player that plays with `solver` (its table size and
    /// book).
    pub fn with_solver(solver: Solver) -> PerfectPlayer {
        PerfectPlayer { solver }
    }

    /// The solver it plays with.
    pub fn solver(&self) -> &Solver {
        &self.solver
    }
}

impl Searcher<Connect4> for PerfectPlayer {
    fn think(
        &mut self,
        root: &Root<Connect4>,
        _limits: Limits,
        progress: &mut dyn FnMut(&Progress<'_, Column>),
    ) -> SearchResult<Column> {
        let start = Instant::now();
        let game = root.position();
        let nodes_before = self.solver.node_count();
        let Ok((column, score)) = self.solver.best_move_with_score(game) else {
            return SearchResult::game_over(game, start.elapsed());
        };
        let (score, depth) = proven_score(score, game.plies());
        let result = SearchResult {
            best_move: Some(column),
            score,
            pv: vec![column],
            depth,
            nodes: self.solver.node_count().saturating_sub(nodes_before),
            elapsed: start.elapsed(),
        };
        progress(&result.progress());
        result
    }

    fn clear(&mut self) {
        self.solver.reset();
    }
}

/// A solver score (see [`Solver::score`]) of a position after `plies`
/// plies as a search [`Score`], with the plies left to the end of the game
/// under perfect play.
///
/// The winner of a game with score `s` wins with its stone number
/// `22 - |s|`; the side to move has placed `plies / 2` stones and moves
/// first from here, its opponent `(plies + 1) / 2` and moves second.
fn proven_score(score: i32, plies: u32) -> (Score, u32) {
    const STONES_PLUS_ONE: u32 = CELLS as u32 / 2 + 1;
    let winning_stone = STONES_PLUS_ONE.saturating_sub(score.unsigned_abs());
    if score > 0 {
        let distance = (2 * winning_stone.saturating_sub(plies / 2)).saturating_sub(1);
        (Score::win_in(distance), distance)
    } else if score < 0 {
        let distance = 2 * winning_stone.saturating_sub(plies.div_ceil(2));
        (Score::loss_in(distance), distance)
    } else {
        (Score::DRAW, CELLS as u32 - plies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_scores_count_plies_to_the_winning_stone() {
        // X to move after 6 plies wins with its 4th stone: this ply.
        assert_eq!(proven_score(18, 6), (Score::win_in(1), 1));
        // O to move after 7 plies, X wins with its 5th stone: ply 9,
        // two plies from now.
        assert_eq!(proven_score(-17, 7), (Score::loss_in(2), 2));
        // The empty board: X wins with its 21st stone, the 41st ply.
        assert_eq!(proven_score(1, 0), (Score::win_in(41), 41));
        // O to move after X's first stone in the centre: lost with X's
        // 21st stone, 40 plies from now.
        assert_eq!(proven_score(-1, 1), (Score::loss_in(40), 40));
        assert_eq!(proven_score(0, 10), (Score::DRAW, 32));
    }
}
