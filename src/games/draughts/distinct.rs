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

/// Captures of two or more pieces [`legal_moves`](crate::Game::legal_moves)
/// remembers inline before spilling to the heap: more than the distinct
/// captures of any position met in play or in the published perft
/// positions ("Random178" has 14).
pub(crate) const LISTED_INLINE: usize = 32;

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

/// The captures of two or more pieces met so far at one position, each
/// with a number of the caller's (the index of its move in the list being
/// built), so that a second route to the same result is recognised. Holds
/// `N` inline; does not allocate unless more are remembered. Creating one
/// writes no array: the inline part is set up by the first capture of two
/// or more pieces (most positions have none), which keeps perft's leaves
/// cheap.
pub(crate) struct SameResult<const N: usize> {
    inline: Option<[(ResultId, u32); N]>,
    len: usize,
    spill: Vec<(ResultId, u32)>,
}

impl<const N: usize> SameResult<N> {
    /// None seen.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn new() -> SameResult<N> {
        SameResult {
            inline: None,
            len: 0,
            spill: Vec::new(),
        }
    }

    /// Forgets every capture (the list was cleared).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    /// The number remembered with the result of `capture`, or `None` after
    /// remembering `capture` with `number`. Captures of fewer than
    /// [`MIN_COINCIDING_CAPTURE`] pieces are never remembered.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn seen_or_insert(&mut self, capture: &Capture, number: usize) -> Option<usize> {
        if capture.captured.count_ones() < MIN_COINCIDING_CAPTURE {
            return None;
        }
        let id = result_id(capture);
        let inline = self.inline.get_or_insert([((0, 0), 0); N]);
        let seen = inline[..self.len]
            .iter()
            .chain(&self.spill)
            .find(|(other, _)| *other == id);
        if let Some(&(_, at)) = seen {
            return Some(at as usize);
        }
        let entry = (id, number as u32);
        match inline.get_mut(self.len) {
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
    seen: &mut SameResult<LISTED_INLINE>,
    routes: CaptureRoutes,
    capture: &Capture,
    mv: Move<R>,
) {
    if routes == CaptureRoutes::OnePerResult {
        if let Some(at) = seen.seen_or_insert(capture, moves.len()) {
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

            fn legal_moves_into(&self, moves: &mut Moves<R>) {
                self.0.moves_listing_into($routes, moves);
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
