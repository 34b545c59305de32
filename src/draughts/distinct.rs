//! Captures that take the same pieces to the same square by different
//! routes: [`SameResult`], which tells them apart while the legal moves
//! are gathered (so that [`legal_moves`](crate::Game::legal_moves) lists
//! one move per start, end and set of pieces taken when the variant's
//! [`CaptureRoutes`] says so), and the two views of a position under
//! either convention whatever its variant says: [`DistinctRoutes`] and
//! [`EveryRoute`].

use super::engine::Capture;
use super::geometry::Bitboard;
use super::moves::{Move, Moves};
use super::piece::Color;
use super::position::{Draughts, Ending};
use super::rules::{CaptureRoutes, Rules};
use crate::game::apply_checked;
use crate::{Game, Outcome, PlayError};

/// Captures of fewer pieces never coincide: a capture of one piece has one
/// route, and a man's capture of two pieces in the other order would need
/// the second piece to stand where the first one was taken from.
pub(crate) const MIN_COINCIDING_CAPTURE: u32 = 2;

/// Captures of two or more pieces remembered inline before spilling to the
/// heap: more than the distinct captures of any position met in play or
/// in the published perft positions ("Random178" has 14).
const SEEN_INLINE: usize = 32;

/// A capture's result, as far as the capture search tells it: the captured
/// squares, and its start, end and whether the piece ends as a king in one
/// word (bit indices are below 64). Two captures with the same identity
/// leave the same position.
pub(crate) type ResultId = (Bitboard, u32);

/// The [`ResultId`] of `capture`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn result_id(capture: &Capture) -> ResultId {
    (
        capture.captured,
        capture.from | (capture.to << 8) | (u32::from(capture.king_after) << 16),
    )
}

/// The captures of two or more pieces gathered so far at one position,
/// each with the index of its move in the list being built, so that a
/// second route to the same result is recognised (and, when it comes
/// first in square order, replaces the first). Does not allocate unless
/// more than [`SEEN_INLINE`] such captures are listed.
pub(crate) struct SameResult {
    inline: [(ResultId, u32); SEEN_INLINE],
    len: usize,
    spill: Vec<(ResultId, u32)>,
}

impl SameResult {
    /// None seen.
    pub(crate) fn new() -> SameResult {
        SameResult {
            inline: [((0, 0), 0); SEEN_INLINE],
            len: 0,
            spill: Vec::new(),
        }
    }

    /// Forgets every capture (the list was cleared).
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    /// The index of the move already listed with the result of `capture`,
    /// or `None` after remembering that `capture` is about to be listed at
    /// `index`. Captures of fewer than [`MIN_COINCIDING_CAPTURE`] pieces
    /// are never remembered.
    pub(crate) fn listed_or_insert(&mut self, capture: &Capture, index: usize) -> Option<usize> {
        if capture.captured.count_ones() < MIN_COINCIDING_CAPTURE {
            return None;
        }
        let id = result_id(capture);
        let listed = self.inline[..self.len]
            .iter()
            .chain(&self.spill)
            .find(|(seen, _)| *seen == id);
        if let Some(&(_, at)) = listed {
            return Some(at as usize);
        }
        let entry = (id, index as u32);
        match self.inline.get_mut(self.len) {
            Some(slot) => {
                *slot = entry;
                self.len += 1;
            }
            None => self.spill.push(entry),
        }
        None
    }
}

/// Adds capture `mv` (found by the search as `capture`) to `moves` under
/// convention `routes`: a second route to a result already listed is
/// dropped, or replaces the listed one when its route comes first in
/// square order, so that the move kept does not depend on the order of the
/// search.
pub(crate) fn push_capture<R: Rules>(
    moves: &mut Moves<R>,
    seen: &mut SameResult,
    routes: CaptureRoutes,
    capture: &Capture,
    mv: Move<R>,
) {
    if routes == CaptureRoutes::OnePerResult {
        if let Some(at) = seen.listed_or_insert(capture, moves.len()) {
            if let Some(listed) = moves.get_mut(at) {
                if mv.indices() < listed.indices() {
                    *listed = mv;
                }
            }
            return;
        }
    }
    moves.push(mv);
}

/// A draughts position whose legal moves list one route per distinct
/// capture, whatever its variant's [`CaptureRoutes`]: of the captures with
/// the same start, end and captured pieces that leave the same position,
/// only the one whose route comes first in square order. Every variant
/// but English lists its moves so already ([`Draughts::legal_moves`]); on
/// [`English`](super::English) this is the "drop" convention. Its
/// [`perft`](crate::perft) is [`Draughts::perft_distinct`], so generic
/// tools (`perft_divide`, `perft_parallel`) count either way.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DistinctRoutes<R: Rules>(pub Draughts<R>);

/// A draughts position whose legal moves list every route of a capture,
/// whatever its variant's [`CaptureRoutes`]: two captures that take the
/// same pieces to the same square in another order are two moves (routes
/// that take them in the same order are still one). The "keep" convention
/// of the published perft tables: its [`perft`](crate::perft) is
/// [`Draughts::perft_every_route`]. Its moves play on the position
/// ([`Draughts::apply_unchecked`](crate::Game::apply_unchecked) takes any
/// of them), but only the route [`Draughts::legal_moves`] lists is legal
/// there.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct EveryRoute<R: Rules>(pub Draughts<R>);

/// The [`Game`] of a view of [`Draughts`] that lists captures under
/// `$routes`.
macro_rules! view {
    ($view:ident, $routes:expr, $perft:ident) => {
        impl<R: Rules> Game for $view<R> {
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

            fn legal_moves(&self) -> Moves<R> {
                self.0.moves_listing($routes)
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
                self.0.$perft(depth)
            }
        }
    };
}

view!(DistinctRoutes, CaptureRoutes::OnePerResult, perft_distinct);
view!(EveryRoute, CaptureRoutes::Every, perft_every_route);
