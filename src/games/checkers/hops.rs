//! Entering a move the way Microsoft's Checkers asks for it: a capture is
//! typed **one jump at a time**, and after each jump the player is asked to
//! go on from the landing square until no jump is left.
//!
//! [`Checkers::enter_move`] reads what the player typed in a position and
//! says whether it is a complete legal move ([`Entry::Complete`]) or the
//! first jumps of a capture that must go on ([`Entry::Capturing`], whose
//! [`PartialCapture::enter`] reads the next jump): the draughts family's
//! hop-by-hop entry ([`crate::hops`]), with checkers' rule for a capture
//! typed to a later square. Refusals are
//! [`EnterMoveError`]s whose messages say why: a quiet move while a jump is
//! available names the jumps; a capture typed straight to its final square
//! asks for one jump at a time.
//!
//! Typing every jump on one line (`22x15x8`) is accepted too. The separator
//! is not trusted, only the squares: `22-15` is the jump 22x15 when that is
//! what the squares say.

use super::moves::MoveText;
use super::{Checkers, Move, ParseMoveError, ParseSquareError, Square, MAX_JUMPS};
use crate::hops::{HopEntry, Route, RouteEntry};
use crate::Game;

/// What the typed text amounts to in the position: the family's
/// [`Entry`](crate::hops::Entry) for [`Checkers`].
pub type Entry = crate::hops::Entry<Checkers>;

/// The jumps of a capture typed so far, one jump at a time: the family's
/// [`PartialCapture`](crate::hops::PartialCapture) for [`Checkers`].
pub type PartialCapture = crate::hops::PartialCapture<Checkers>;

/// Why typed text is not a move (or the next jump of a move): the
/// family's [`EnterMoveError`](crate::hops::EnterMoveError) for
/// [`Checkers`].
pub type EnterMoveError = crate::hops::EnterMoveError<Checkers>;

/// The most squares a capture visits: its start and one landing per jump.
pub(crate) const MAX_PATH_SQUARES: usize = MAX_JUMPS + 1;

/// The legal moves of `legal` with their paths, as the hop-by-hop core
/// ([`Route`]) reads routes.
pub(crate) fn paths(legal: &[Move]) -> impl Iterator<Item = (Move, super::moves::Path)> + '_ {
    legal.iter().map(|&mv| (mv, mv.path()))
}

impl HopEntry for Checkers {
    type Square = Square;
    type ParseMoveError = ParseMoveError;
    type ParseSquareError = ParseSquareError;
    const HOP: &'static str = "jump";
    const CAPTURE_COMPULSORY: &'static str = "you have a jump, and a jump must be taken";
    const GOES_ON: &'static str = "must jump on, to";

    fn read_squares(text: &str) -> Result<Vec<Square>, ParseMoveError> {
        Ok(MoveText::read(text)?.squares().to_vec())
    }

    /// Digits alone: a square number.
    fn read_landing(text: &str) -> Option<Result<Square, ParseSquareError>> {
        (!text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())).then(|| text.parse())
    }

    fn is_capture(mv: Move) -> bool {
        mv.is_capture()
    }

    fn goes(mv: Move, from: Square, to: Square) -> bool {
        mv.from() == from && mv.to() == to
    }

    /// The typed squares must follow a legal capture's path jump by jump
    /// from its start; a capture typed to a later square is refused
    /// ([`EnterMoveError::OneHopAtATime`](crate::hops::EnterMoveError::OneHopAtATime)).
    fn resolve_capture(
        &self,
        typed: &[Square],
        text: &str,
        continuing: Option<&PartialCapture>,
    ) -> Result<Entry, EnterMoveError> {
        let legal = self.legal_moves();
        if legal.is_empty() {
            return Err(EnterMoveError::GameOver);
        }
        match crate::hops::route_entry(typed, paths(&legal)) {
            RouteEntry::Complete(complete) => return Ok(Entry::Complete(complete)),
            RouteEntry::InProgress => {
                debug_assert!(typed.len() < MAX_PATH_SQUARES, "a proper prefix of a path");
                return Ok(Entry::Capturing(PartialCapture::new(*self, typed)));
            }
            RouteEntry::NoMove => {}
        }
        if let Some((from, to)) = skipped_jump(&legal, typed) {
            return Err(EnterMoveError::OneHopAtATime {
                text: text.to_owned(),
                from,
                to,
            });
        }
        Err(match continuing {
            Some(partial) => partial.not_a_next_hop(text),
            None => EnterMoveError::CaptureRequired {
                text: text.to_owned(),
                captures: legal.to_vec(),
            },
        })
    }

    fn next_landings(&self, so_far: &[Square]) -> Vec<Square> {
        let Some(route) = Route::<Square, MAX_PATH_SQUARES>::from_squares(so_far) else {
            return Vec::new();
        };
        let legal = self.legal_moves();
        let mut next: Vec<Square> = route.next_squares(paths(&legal)).collect();
        next.sort_unstable();
        next.dedup();
        next
    }
}

impl Checkers {
    /// Reads a move typed by a player, who types a capture one jump at a
    /// time (as Microsoft's Checkers asks) or all of its jumps on one line.
    /// The separator is not trusted, only the squares.
    ///
    /// - In a position without captures, `11-15` is a step; it must be
    ///   legal.
    /// - When a capture is available, only captures are legal: the text
    ///   must be the first jump(s) of one, from its start square, each jump
    ///   typed (`22x15`, or `22x15x8`).
    ///
    /// Does not change the position.
    ///
    /// # Errors
    ///
    /// [`EnterMoveError::Parse`](crate::hops::EnterMoveError::Parse) for
    /// text that is not move notation (a square off the board included);
    /// `GameOver`; `NotLegal` (the error lists the legal moves);
    /// `CaptureRequired` for anything but a capture while a capture is
    /// available (the error names the captures); `OneHopAtATime` for a
    /// capture typed straight to a later square.
    pub fn enter_move(&self, text: &str) -> Result<Entry, EnterMoveError> {
        crate::hops::enter_move(self, text)
    }
}

/// When `typed` follows a legal capture but skips some of its landing
/// squares, the first jump that was skipped.
fn skipped_jump(legal: &[Move], typed: &[Square]) -> Option<(Square, Square)> {
    legal.iter().find_map(|&mv| {
        let path: Vec<Square> = mv.path().collect();
        if path.first() != typed.first() || !is_subsequence(typed, &path) {
            return None;
        }
        // The first place where the typed squares leave the path.
        let agreed = typed
            .iter()
            .zip(&path)
            .take_while(|(typed, visited)| typed == visited)
            .count();
        let from = *path.get(agreed.checked_sub(1)?)?;
        let to = *path.get(agreed)?;
        Some((from, to))
    })
}

/// Whether `typed` appears in order within `path`.
fn is_subsequence(typed: &[Square], path: &[Square]) -> bool {
    let mut rest = path.iter();
    typed
        .iter()
        .all(|square| rest.any(|visited| visited == square))
}
