//! [`DistinctRoutes`]: a draughts position seen under the other counting
//! convention, where captures that take the same pieces to the same square
//! by different routes are one move.

use super::moves::{Move, Moves};
use super::piece::Color;
use super::position::{Draughts, Ending};
use super::rules::Rules;
use crate::game::apply_checked;
use crate::{Game, Outcome, PlayError};

/// A draughts position whose legal moves list one route per distinct
/// capture: of the captures with the same start, end and captured pieces
/// that leave the same position, only the first in
/// [`Draughts::legal_moves`](crate::Game::legal_moves) order. Its
/// [`perft`](crate::perft) is [`Draughts::perft_distinct`] (the "drop"
/// count of the perft tables), so generic tools (`perft_divide`,
/// `perft_parallel`) count either way.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DistinctRoutes<R: Rules>(pub Draughts<R>);

impl<R: Rules> Game for DistinctRoutes<R> {
    type Player = Color;
    type Move = Move<R>;
    type Moves = Moves<R>;
    type Ending = Ending;
    const MAX_PLIES: Option<u32> = None;

    fn to_move(&self) -> Color {
        self.0.to_move()
    }

    fn opponent(player: Color) -> Color {
        player.opponent()
    }

    /// Quadratic in the captures of two or more pieces (they are few);
    /// does not allocate beyond [`Moves`].
    fn legal_moves(&self) -> Moves<R> {
        let after = |mv: &Move<R>| self.0.after(*mv).unwrap_or(self.0);
        let mut distinct = Moves::new();
        for &mv in self.0.legal_moves().iter() {
            let coincides = mv.capture_count() >= 2
                && distinct.iter().any(|other| {
                    other.capture_count() >= 2
                        && other.from() == mv.from()
                        && other.to() == mv.to()
                        && after(other) == after(&mv)
                });
            if !coincides {
                distinct.push(mv);
            }
        }
        distinct
    }

    fn apply(&mut self, mv: Move<R>) -> Result<(), PlayError<Move<R>>> {
        apply_checked(self, mv, |game| game.0.ending().is_some(), Game::is_legal)
    }

    fn apply_unchecked(&mut self, mv: Move<R>) {
        self.0.apply_unchecked(mv);
    }

    fn outcome(&self) -> Option<Outcome<Color>> {
        self.0.outcome()
    }

    fn ending(&self) -> Option<Ending> {
        self.0.ending()
    }

    fn is_irreversible(&self, mv: Move<R>) -> bool {
        self.0.is_irreversible(mv)
    }

    fn perft(&self, depth: u32) -> u64 {
        self.0.perft_distinct(depth)
    }
}
