//! Entering a draughts move the way a person plays it at a board: a
//! capture **one hop at a time**, asked for again from each landing square
//! until the capture is complete (the checkers example's way, for every
//! variant).
//!
//! [`Draughts::enter_move`] reads what the player typed and says whether it
//! is a complete legal move ([`Entry::Complete`](crate::hops::Entry::Complete))
//! or the first hops of a capture that must go on
//! ([`Entry::Capturing`](crate::hops::Entry::Capturing), whose
//! [`PartialCapture::enter`](crate::hops::PartialCapture::enter) reads the
//! next hop): the family's hop-by-hop entry ([`crate::hops`]), with the
//! draughts rules for short forms and precedence. A capture the precedence
//! rules refuse (a shorter capture when the majority rule wants a longer
//! one, a man's capture when a king's must come first) gets an error that
//! explains the rule:
//! [`EnterMoveError::PrecedenceRefused`](crate::hops::EnterMoveError::PrecedenceRefused).

use super::engine::{BlackSide, Capture, Path, Sink, WhiteSide};
use super::geometry::index_of_bit;
use super::moves::{Move, MoveText, ParseMoveError};
use super::notation::{ParseSquareError, Square};
use super::piece::Color;
use super::position::{Draughts, Skip};
use super::rules::{CaptureRoutes, Precedence, Rules};
use crate::hops::HopEntry;
use crate::Game;

/// What the typed text amounts to in the position: the family's
/// [`Entry`](crate::hops::Entry) for [`Draughts<R>`].
pub type Entry<R> = crate::hops::Entry<Draughts<R>>;

/// The hops of a capture typed so far: the family's
/// [`PartialCapture`](crate::hops::PartialCapture) for [`Draughts<R>`].
pub type PartialCapture<R> = crate::hops::PartialCapture<Draughts<R>>;

/// Why typed text is not a move (or the next hop of one): the family's
/// [`EnterMoveError`](crate::hops::EnterMoveError) for [`Draughts<R>`].
pub type EnterMoveError<R> = crate::hops::EnterMoveError<Draughts<R>>;

/// The dense indices of `squares`.
fn indices<R: Rules>(squares: &[Square<R>]) -> Vec<u8> {
    squares.iter().map(|square| square.index() as u8).collect()
}

impl<R: Rules> HopEntry for Draughts<R> {
    type Square = Square<R>;
    type ParseMoveError = ParseMoveError;
    type ParseSquareError = ParseSquareError;
    const HOP: &'static str = "capture";
    const CAPTURE_COMPULSORY: &'static str = "you have a capture, and capturing is compulsory";
    const GOES_ON: &'static str = "must capture on, landing on";

    fn read_squares(text: &str) -> Result<Vec<Square<R>>, ParseMoveError> {
        let written = MoveText::read::<R>(text)?;
        Ok(written.indices().map(Square::new_unchecked).collect())
    }

    /// Text without a separator: a square of the variant's notation.
    fn read_landing(text: &str) -> Option<Result<Square<R>, ParseSquareError>> {
        (!text.is_empty() && !text.contains(['-', 'x', 'X', ':'])).then(|| text.parse())
    }

    fn is_capture(mv: Move<R>) -> bool {
        mv.is_capture()
    }

    fn goes(mv: Move<R>, from: Square<R>, to: Square<R>) -> bool {
        mv.indices() == [from.index() as u8, to.index() as u8]
    }

    /// The typed squares must follow a legal capture hop by hop (the stops
    /// a flying king makes between two pieces on one line may be typed or
    /// left out); a short form that names one legal capture is that
    /// capture; a capture the precedence rules refuse gets
    /// [`EnterMoveError::PrecedenceRefused`](crate::hops::EnterMoveError::PrecedenceRefused).
    fn resolve_capture(
        &self,
        typed: &[Square<R>],
        text: &str,
        continuing: Option<&PartialCapture<R>>,
    ) -> Result<Entry<R>, EnterMoveError<R>> {
        resolve_capture(self, typed, text, continuing)
    }

    fn next_landings(&self, so_far: &[Square<R>]) -> Vec<Square<R>> {
        next_landings(self, &indices(so_far))
    }
}

/// Collects every capture, whatever the precedence rules say.
struct AllCaptures<R: Rules>(Vec<Move<R>>);

impl<R: Rules> Sink for AllCaptures<R> {
    const PATH: bool = true;
    fn complete(&mut self, capture: Capture, path: &Path) {
        let route = path
            .written()
            .map(|bit| usize::from(index_of_bit::<R>(u32::from(bit))));
        self.0
            .push(Move::capture(route, capture.captured.count_ones() as usize));
    }
}

impl<R: Rules> Draughts<R> {
    /// Reads a move typed by a player: a quiet move (`32-28`), or a capture
    /// typed one hop at a time (`28x19`, then `19x10` when asked), with all
    /// its hops on one line (`28x19x10`), or in short form (`28x10`) when
    /// that names one legal capture. The separator is not trusted, only the
    /// squares. Does not change the position.
    ///
    /// # Errors
    ///
    /// [`EnterMoveError::Parse`] for text that is not move notation;
    /// [`EnterMoveError::GameOver`]; [`EnterMoveError::NotLegal`] (listing
    /// the legal moves); [`EnterMoveError::CaptureRequired`] for a quiet
    /// move while a capture is available;
    /// [`EnterMoveError::PrecedenceRefused`] for a capture the precedence
    /// rules refuse (explaining the rule).
    pub fn enter_move(&self, text: &str) -> Result<Entry<R>, EnterMoveError<R>> {
        crate::hops::enter_move(self, text)
    }

    /// Every capture sequence, ignoring the precedence rules (allocates:
    /// for explaining refusals, not for play).
    fn all_captures(&self) -> Vec<Move<R>> {
        let mut sink = AllCaptures(Vec::new());
        let board = self.board();
        match self.turn {
            Color::White => board.for_each_capture::<R, WhiteSide, _>(&mut sink),
            Color::Black => board.for_each_capture::<R, BlackSide, _>(&mut sink),
        }
        sink.0
    }
}

/// The precedence rule of `R`, in a sentence.
fn precedence_rule<R: Rules>(longest: usize) -> String {
    match R::PRECEDENCE {
        Precedence::Free => "another capture must be chosen".to_owned(),
        Precedence::Majority => format!(
            "the capture that takes the most pieces is compulsory ({longest} here; kings and men count the same)"
        ),
        Precedence::MajorityThenKings => format!(
            "the capture that takes the most pieces is compulsory ({longest} here), and among those the one that takes the most kings"
        ),
        Precedence::Italian => format!(
            "the capture that takes the most pieces is compulsory ({longest} here); then a capture by a king, then the most kings, then the one that meets a king first"
        ),
        Precedence::KingFirst => "when a king can capture, a king's capture must be chosen".to_owned(),
        Precedence::Value => "the capture that takes the most value is compulsory (a man 1, a king a little less than 2), and among those a capture by a king".to_owned(),
    }
}

/// How many pieces of capture `mv` the squares `typed` (the start, then
/// landings) have taken so far, if they follow it hop by hop (the stops a
/// flying king makes between two pieces on one line may be typed or
/// left out).
fn typed_so_far<R: Rules>(position: &Draughts<R>, mv: &Move<R>, typed: &[u8]) -> Option<usize> {
    position.follows(mv, typed, Skip::Unwritten, false)
}

/// Resolves the squares of a capture typed so far.
fn resolve_capture<R: Rules>(
    position: &Draughts<R>,
    squares: &[Square<R>],
    text: &str,
    continuing: Option<&PartialCapture<R>>,
) -> Result<Entry<R>, EnterMoveError<R>> {
    let typed = &indices(squares)[..];
    let legal = position.legal_moves();
    if legal.is_empty() {
        return Err(EnterMoveError::GameOver);
    }
    // Hops follow any route of a legal capture (a ring taken either way
    // round), and a complete route is the capture listed for its pieces.
    let routes = position.moves_listing(CaptureRoutes::Every);
    let complete = routes
        .iter()
        .filter(|mv| {
            mv.indices() == typed || typed_so_far(position, mv, typed) == Some(mv.capture_count())
        })
        .find_map(|route| position.listed_as(route, &legal));
    if let Some(complete) = complete {
        return Ok(Entry::Complete(complete));
    }
    let begins = |mv: &Move<R>| typed_so_far(position, mv, typed).is_some_and(|taken| taken >= 1);
    if typed.len() >= 2 && routes.iter().any(begins) {
        return Ok(Entry::Capturing(PartialCapture::new(*position, squares)));
    }
    // A short form (start and end, or some of the landings) that names
    // exactly one legal capture is taken as that capture.
    if continuing.is_none() {
        if let Ok(mv) = position.parse_move(text) {
            return Ok(Entry::Complete(mv));
        }
    }
    let captures = legal.to_vec();
    if typed.len() >= 2 && position.all_captures().iter().any(begins) {
        let longest = captures.iter().map(Move::capture_count).max().unwrap_or(0);
        return Err(EnterMoveError::PrecedenceRefused {
            text: text.to_owned(),
            rule: precedence_rule::<R>(longest),
            captures,
        });
    }
    Err(match continuing {
        Some(partial) => partial.not_a_next_hop(text),
        None => EnterMoveError::CaptureRequired {
            text: text.to_owned(),
            captures,
        },
    })
}

/// The distinct squares legal captures land on after `so_far`, by any of
/// their routes.
fn next_landings<R: Rules>(position: &Draughts<R>, so_far: &[u8]) -> Vec<Square<R>> {
    let mut next = 0u64;
    for mv in position.moves_listing(CaptureRoutes::Every).iter() {
        if let Some(taken) = typed_so_far(position, mv, so_far) {
            next |= position.stops_after(mv, taken);
        }
    }
    Square::all()
        .filter(|square| next & (1 << square.index()) != 0)
        .collect()
}
