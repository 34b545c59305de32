//! [`Move`]: one draughts move, a quiet move or a complete capture with its
//! route, and [`Moves`], the list of a position's legal moves.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use super::engine::MAX_PATH;
use super::geometry::{diagonal_between, line_between};
use super::notation::{read_square, square_hint, write_square, Square};
use super::rules::Rules;

/// The most squares a move visits: its start and one landing per piece
/// taken (a capture takes at most 20 pieces; see the proof at
/// [`MAX_CAPTURES`]).
pub const MAX_MOVE_SQUARES: usize = MAX_PATH;

/// The most pieces one capture takes.
///
/// Proof: a captured piece needs a square before it and one beyond it on
/// the line of the capture, so it stands on an inner square, never on the
/// board's edge; and a side has at most 20 pieces (10x10: 32 inner
/// squares, 20 pieces; 8x8: 18 inner squares, 12 pieces).
pub const MAX_CAPTURES: usize = MAX_PATH - 1;

/// One move of variant `R`: a quiet move, or a complete capture with the
/// squares that tell its route.
///
/// A capture is written by its turning points: its start, each square
/// where the piece changes direction, its end. A man or a short-ranged
/// king jumps one piece at a time, so each of its landings is written
/// (`c3:e5:g3`, `1x10x19`); a flying king that takes several pieces on one
/// line does so in one sweep, whichever empty square between them it
/// "stops" on, so the stops are not written (Russian `a1:f6` takes b2 and
/// e5). Two routes that start and end on the same squares and take the
/// same pieces in the same order are one move; two that take the same
/// pieces in another order are one move too in every variant but English
/// ([`CaptureRoutes`](super::CaptureRoutes): the legal move is the route
/// first in square order, and the other route reads as it), and two
/// moves in English (see
/// [`Draughts::perft_every_route`](super::Draughts::perft_every_route) for
/// the convention that counts every route). Which pieces
/// a capture takes follows from the route and the position: every
/// opponent piece on its legs ([`Draughts::captured`](super::Draughts::captured)).
///
/// `Display` writes the route in the variant's notation (`32-28`,
/// `28x19x10`, `c3:e5:g3`, `a1:f6`); `FromStr` reads the same and checks
/// the geometry only (each leg along a diagonal; a Frisian capture's
/// also along a row or column). To read a move against a
/// position, with short forms (`28x10`) and the stops of a flying king
/// written out (`a1:d4:f6`), use
/// [`Draughts::parse_move`](super::Draughts::parse_move); to write the
/// short form a player would, [`Draughts::move_text`](super::Draughts::move_text).
///
/// Equality and hashing are those of the written route (squares and
/// whether it captures): in one position, the route fixes the pieces
/// taken, as the legs between its squares are straight and every
/// opponent piece on them is taken.
///
/// Invariants: `2 <= len <= MAX_MOVE_SQUARES`; each square index is on the
/// board; squares past `len` are 0; a quiet move has exactly two squares
/// and takes nothing; a capture takes at least one piece per leg.
pub struct Move<R> {
    squares: [u8; MAX_PATH],
    len: u8,
    capture: bool,
    /// Pieces taken (not part of the identity: see the type's docs).
    taken: u8,
    variant: PhantomData<fn() -> R>,
}

impl<R> Clone for Move<R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R> Copy for Move<R> {}
impl<R> PartialEq for Move<R> {
    fn eq(&self, other: &Self) -> bool {
        (self.squares, self.len, self.capture) == (other.squares, other.len, other.capture)
    }
}
impl<R> Eq for Move<R> {}
impl<R> core::hash::Hash for Move<R> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        if self.capture {
            (self.squares, self.len, self.capture).hash(state);
        } else {
            // A quiet move is its two squares: one word (the search hashes
            // every quiet move it orders into its history).
            state.write_u16(u16::from(self.squares[0]) | u16::from(self.squares[1]) << 8);
        }
    }
}
impl<R> Default for Move<R> {
    /// A placeholder (from and to the first square) for filling arrays;
    /// never legal.
    fn default() -> Self {
        Move {
            squares: [0; MAX_PATH],
            len: 2,
            capture: false,
            taken: 0,
            variant: PhantomData,
        }
    }
}

impl<R: Rules> Move<R> {
    /// A quiet move between two dense indices.
    pub(crate) fn quiet(from: usize, to: usize) -> Move<R> {
        let mut squares = [0; MAX_PATH];
        squares[0] = from as u8;
        squares[1] = to as u8;
        Move {
            squares,
            len: 2,
            capture: false,
            taken: 0,
            variant: PhantomData,
        }
    }

    /// A capture written by the dense indices `route` (start, turning
    /// points or landings, end) that takes `taken` pieces.
    ///
    /// Precondition: `2 <= route.len() <= MAX_PATH`, and `taken` is at
    /// least the number of legs.
    pub(crate) fn capture(route: impl IntoIterator<Item = usize>, taken: usize) -> Move<R> {
        let mut squares = [0; MAX_PATH];
        let mut len = 0;
        for (slot, index) in squares.iter_mut().zip(route) {
            *slot = index as u8;
            len += 1;
        }
        debug_assert!(len >= 2 && taken + 1 >= usize::from(len));
        Move {
            squares,
            len,
            capture: true,
            taken: taken as u8,
            variant: PhantomData,
        }
    }

    /// The dense indices visited.
    #[inline]
    pub(crate) fn indices(&self) -> &[u8] {
        &self.squares[..usize::from(self.len)]
    }

    /// The square the piece starts on.
    pub fn from(&self) -> Square<R> {
        Square::new_unchecked(usize::from(self.squares[0]))
    }

    /// The square the piece ends on (the start again for a capture that
    /// goes round a ring back to it).
    pub fn to(&self) -> Square<R> {
        Square::new_unchecked(usize::from(self.squares[usize::from(self.len) - 1]))
    }

    /// Whether this move captures.
    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// How many pieces the move takes (0 for a quiet move). Exact for a
    /// move of [`legal_moves`](crate::Game::legal_moves) or
    /// [`Draughts::parse_move`](super::Draughts::parse_move); a move read
    /// by `FromStr`, without a position, counts one piece per leg, which a
    /// flying king's long leg may exceed
    /// ([`Draughts::captured`](super::Draughts::captured) tells them).
    pub fn capture_count(&self) -> usize {
        usize::from(self.taken)
    }

    /// The squares written, in order: the start, each turning point (each
    /// landing of a man or a short-ranged king), the end. Two squares for
    /// a quiet move.
    pub fn path(&self) -> impl ExactSizeIterator<Item = Square<R>> + Clone + '_ {
        self.indices()
            .iter()
            .map(|&index| Square::new_unchecked(usize::from(index)))
    }
}

impl<R: Rules> fmt::Display for Move<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.capture {
            R::NOTATION.capture_separator()
        } else {
            '-'
        };
        for (i, &index) in self.indices().iter().enumerate() {
            if i > 0 {
                write!(f, "{separator}")?;
            }
            write_square(f, R::NOTATION, R::SIZE, usize::from(index))?;
        }
        Ok(())
    }
}

impl<R: Rules> fmt::Debug for Move<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// Why text is not a [`Move`] of the variant (geometry only).
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum ParseMoveError {
    /// Not squares joined by `-`, `x` or `:`.
    #[error("`{text}` is not a move: write squares joined by - (a move) or x or : (a capture), like {example}")]
    Syntax {
        /// The text that was read.
        text: String,
        /// What a move looks like in this variant.
        example: &'static str,
    },
    /// A token that is no square of the board.
    #[error("`{token}` in `{text}` is not a square of the {variant} board ({expected})")]
    Square {
        /// The text that was read.
        text: String,
        /// The token that is not a square.
        token: String,
        /// The variant.
        variant: &'static str,
        /// What squares look like.
        expected: &'static str,
    },
    /// More squares than any move visits.
    #[error("`{text}` lists more squares than any move visits (at most {MAX_MOVE_SQUARES})")]
    TooLong {
        /// The text that was read.
        text: String,
    },
    /// A quiet move with more than two squares.
    #[error("`{text}`: a move without capture goes from one square to another, like {example}")]
    QuietChain {
        /// The text that was read.
        text: String,
        /// What a move looks like in this variant.
        example: &'static str,
    },
    /// Two squares of a move that are not on one diagonal (nor, for a
    /// Frisian capture, on one row or column), or too far
    /// apart for the variant.
    #[error("`{text}`: {from} to {to} is not {what}")]
    Geometry {
        /// The text that was read.
        text: String,
        /// The first square of the leg, as written.
        from: String,
        /// The second square of the leg, as written.
        to: String,
        /// What the leg should have been.
        what: &'static str,
    },
}

/// An example move for error messages.
pub(crate) fn example<R: Rules>() -> &'static str {
    match (R::NOTATION, R::SIZE) {
        (super::Notation::Algebraic { capture: ':' }, _) => "c3-d4 or c3:e5",
        (super::Notation::Algebraic { .. }, _) => "c3-d4 or c3xe5",
        (_, 10) => "32-28 or 28x19",
        _ => "11-15 or 22x15",
    }
}

/// The squares of move text (`trimmed`, split at `separators`), each token
/// read by `square`, and how many: at most `N`, else `too_long()`. The
/// family's reading of move text before its geometry, for checkers' square
/// numbers and every variant's notation.
///
/// # Errors
///
/// The first token's error from `square`, or `too_long()` for more than `N`
/// squares.
pub(crate) fn split_squares<T: Copy, E, const N: usize>(
    trimmed: &str,
    separators: &[char],
    fill: T,
    mut square: impl FnMut(&str) -> Result<T, E>,
    too_long: impl Fn() -> E,
) -> Result<([T; N], usize), E> {
    let mut squares = [fill; N];
    let mut len = 0;
    for token in trimmed.split(separators) {
        let value = square(token)?;
        *squares.get_mut(len).ok_or_else(&too_long)? = value;
        len += 1;
    }
    Ok((squares, len))
}

/// Move text split into squares, before the geometry is checked.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveText {
    squares: [u8; MAX_PATH],
    len: usize,
    pub(crate) capture: bool,
}

impl MoveText {
    /// Reads squares of `R`'s board joined by `-`, `x`/`X` or `:`. Any
    /// capture separator makes the text a capture (real records mix them).
    pub(crate) fn read<R: Rules>(text: &str) -> Result<MoveText, ParseMoveError> {
        let trimmed = text.trim();
        let capture = trimmed.contains(['x', 'X', ':']);
        if !capture && !trimmed.contains('-') {
            return Err(ParseMoveError::Syntax {
                text: text.to_owned(),
                example: example::<R>(),
            });
        }
        let (squares, len) = split_squares(
            trimmed,
            &['-', 'x', 'X', ':'],
            0,
            |token| {
                let token = token.trim();
                if token.is_empty() {
                    return Err(ParseMoveError::Syntax {
                        text: text.to_owned(),
                        example: example::<R>(),
                    });
                }
                let index = read_square(R::NOTATION, R::SIZE, token).ok_or_else(|| {
                    ParseMoveError::Square {
                        text: text.to_owned(),
                        token: token.to_owned(),
                        variant: R::NAME,
                        expected: square_hint::<R>(),
                    }
                })?;
                Ok(index as u8)
            },
            || ParseMoveError::TooLong {
                text: text.to_owned(),
            },
        )?;
        Ok(MoveText {
            squares,
            len,
            capture,
        })
    }

    /// The dense indices, in the order written.
    pub(crate) fn indices(&self) -> impl ExactSizeIterator<Item = usize> + Clone + '_ {
        self.squares[..self.len].iter().map(|&i| usize::from(i))
    }

    /// The move these squares describe, checking each leg's geometry.
    pub(crate) fn exact_move<R: Rules>(&self, text: &str) -> Result<Move<R>, ParseMoveError> {
        let squares = &self.squares[..self.len];
        let name = |i: u8| Square::<R>::new_unchecked(usize::from(i)).to_string();
        if !self.capture && squares.len() != 2 {
            return Err(ParseMoveError::QuietChain {
                text: text.to_owned(),
                example: example::<R>(),
            });
        }
        for pair in squares.windows(2) {
            let (from, to) = (usize::from(pair[0]), usize::from(pair[1]));
            let distance = if self.capture {
                // Frisian captures may go along rows and columns too.
                line_between::<R>(from, to).map(|between| between.count() + 1)
            } else {
                diagonal_between(R::SIZE, from, to).map(|(_, between)| between.count() + 1)
            };
            let (ok, what) = match (self.capture, R::FLYING_KINGS) {
                (false, false) => (
                    distance == Some(1),
                    "a step to a diagonally neighbouring square",
                ),
                (false, true) => (distance.is_some(), "a move along a diagonal"),
                (true, false) => (
                    distance == Some(2),
                    "a jump: a capture lands two squares away along a diagonal",
                ),
                (true, true) => (
                    distance.is_some_and(|d| d >= 2),
                    "a capture leg: along a diagonal, with a square in between",
                ),
            };
            if !ok {
                return Err(ParseMoveError::Geometry {
                    text: text.to_owned(),
                    from: name(pair[0]),
                    to: name(pair[1]),
                    what,
                });
            }
        }
        let indices = squares.iter().map(|&i| usize::from(i));
        Ok(if self.capture {
            Move::capture(indices, squares.len() - 1)
        } else {
            Move::quiet(usize::from(squares[0]), usize::from(squares[1]))
        })
    }
}

impl<R: Rules> FromStr for Move<R> {
    type Err = ParseMoveError;

    /// Reads the full route in the variant's notation (see [`Move`]); the
    /// geometry is checked, legality needs a position.
    fn from_str(text: &str) -> Result<Move<R>, ParseMoveError> {
        MoveText::read::<R>(text)?.exact_move(text)
    }
}

impl<R: Rules> TryFrom<String> for Move<R> {
    type Error = ParseMoveError;
    fn try_from(text: String) -> Result<Move<R>, ParseMoveError> {
        text.parse()
    }
}

impl<R: Rules> From<Move<R>> for String {
    fn from(mv: Move<R>) -> String {
        mv.to_string()
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<R: Rules> serde::Serialize for Move<R> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de, R: Rules> serde::Deserialize<'de> for Move<R> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Moves kept inline in [`Moves`] before it spills to the heap.
///
/// Quiet moves never exceed it: along one diagonal line, each empty
/// square is the target of at most two king moves (from the nearest
/// pieces on each side), and each square lies on two lines, so a side has
/// at most 4 x (empty squares) moves; a king also has at most 17 moves on
/// 10x10 (13 on 8x8). With `k` pieces, min(17k, 4(50 - k)) <= 160 on
/// 10x10 and min(13k, 4(32 - k)) <= 96 on 8x8.
///
/// Captures can have far more when every order in which a king can take
/// the same pieces is a move ([`EveryRoute`](super::EveryRoute), and
/// English). "Random178" of the FMJD forum's perft thread
/// (`B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46`) has
/// 178 capture routes (14 distinct sets of 14 pieces, its 14 legal
/// moves). No useful
/// bound is proven for routes, so the list stays correct by moving to the
/// heap in such positions; an inline array big enough for them would make
/// every `legal_moves` call pay for it.
pub const INLINE_MOVES: usize = 160;

/// The legal moves of a position: a [`SpillList`](crate::SpillList) that
/// holds up to [`INLINE_MOVES`] moves inline (no heap allocation) and
/// moves to the heap only in the rare position with more. Derefs to a
/// slice.
pub type Moves<R> = crate::SpillList<Move<R>, INLINE_MOVES>;

/// The by-value iterator of [`Moves`].
pub type IntoIter<R> = crate::SpillIter<Move<R>, INLINE_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::rules::{EnglishRules, InternationalRules, RussianRules};

    #[test]
    fn text_round_trips_and_geometry() {
        let mv: Move<InternationalRules> = "32-28".parse().unwrap();
        assert_eq!(mv.to_string(), "32-28");
        let mv: Move<InternationalRules> = "46x5".parse().unwrap();
        assert_eq!((mv.to_string().as_str(), mv.capture_count()), ("46x5", 1));
        let mv: Move<RussianRules> = "c3:e5:g3".parse().unwrap();
        assert_eq!(mv.to_string(), "c3:e5:g3");
        assert_eq!(mv.to_string().parse::<Move<RussianRules>>(), Ok(mv));
        let mv: Move<RussianRules> = "c3xe5".parse().unwrap();
        assert_eq!(mv.to_string(), "c3:e5");
        assert!(matches!(
            "32-26".parse::<Move<InternationalRules>>(),
            Err(ParseMoveError::Geometry { .. })
        ));
        assert!(matches!(
            "1-10".parse::<Move<EnglishRules>>(),
            Err(ParseMoveError::Geometry { .. })
        ));
        assert!(matches!(
            "32x28".parse::<Move<InternationalRules>>(),
            Err(ParseMoveError::Geometry { .. })
        ));
        assert!(matches!(
            "32-51".parse::<Move<InternationalRules>>(),
            Err(ParseMoveError::Square { .. })
        ));
        assert!(matches!(
            "32".parse::<Move<InternationalRules>>(),
            Err(ParseMoveError::Syntax { .. })
        ));
        assert!(matches!(
            "32-28-23".parse::<Move<InternationalRules>>(),
            Err(ParseMoveError::QuietChain { .. })
        ));
    }
}
