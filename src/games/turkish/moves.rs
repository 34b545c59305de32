//! [`Move`]: one Turkish draughts move, a step or a complete capture with
//! every landing square, its text (`d3-d4`, `d3xd5xf5`) and
//! [`ParseMoveError`].

use core::fmt;
use core::str::FromStr;

use super::geometry::{Direction, SIZE, SQUARES};
use super::Square;

/// The most pieces one capture takes: all of the opponent's (a side has at
/// most [`MAX_PIECES`](super::MAX_PIECES)).
pub const MAX_CAPTURES: usize = super::MAX_PIECES as usize;

/// The most squares a move's route holds: its start and one landing per
/// piece taken.
pub const MAX_ROUTE: usize = MAX_CAPTURES + 1;

/// One move: a step (a man one square forward or sideways, a king any
/// distance along a rank or file) or a capture written by its start and
/// the square it lands on after each piece it takes.
///
/// Text: `d3-d4` for a step, `d3xd5xf5` for a capture, each landing
/// written (a king's landing is any empty square beyond the piece it
/// takes, so every landing is needed to say which route it takes). Which
/// pieces a capture takes follows from the route and the position: on
/// each leg, the one opponent piece between its ends.
/// [`FromStr`] checks the geometry only (each leg along a rank or file);
/// [`Turkish::parse_move`](super::Turkish::parse_move) reads a move
/// against a position, short forms (`d3xf5`: start and end) included.
///
/// Two capture routes with the same start, end and pieces taken are one
/// move: the position lists the first it finds (in generation order),
/// and `parse_move` reads the others as it.
///
/// Invariants: `2 <= len <= MAX_ROUTE`; squares are on the board; squares
/// past `len` are 0; a step has two squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    squares: [u8; MAX_ROUTE],
    len: u8,
    capture: bool,
}

impl Default for Move {
    /// A placeholder (`a1-a1`) for filling arrays; never legal.
    fn default() -> Move {
        Move {
            squares: [0; MAX_ROUTE],
            len: 2,
            capture: false,
        }
    }
}

impl Move {
    /// A step from `from` to `to` (indices).
    pub(crate) fn step(from: usize, to: usize) -> Move {
        debug_assert!(from < SQUARES && to < SQUARES);
        let mut squares = [0; MAX_ROUTE];
        squares[0] = from as u8;
        squares[1] = to as u8;
        Move {
            squares,
            len: 2,
            capture: false,
        }
    }

    /// A capture along `route` (start, then each landing).
    ///
    /// Precondition: `2 <= route.len() <= MAX_ROUTE`.
    pub(crate) fn capture(route: &[u8]) -> Move {
        debug_assert!((2..=MAX_ROUTE).contains(&route.len()));
        let mut squares = [0; MAX_ROUTE];
        squares[..route.len()].copy_from_slice(route);
        Move {
            squares,
            len: route.len() as u8,
            capture: true,
        }
    }

    /// The square the piece starts on.
    pub fn from(self) -> Square {
        square_at(self.squares[0])
    }

    /// The square the piece ends on.
    pub fn to(self) -> Square {
        square_at(self.squares[self.len as usize - 1])
    }

    /// Whether the move captures.
    pub fn is_capture(self) -> bool {
        self.capture
    }

    /// The route: the start, then each landing (a step: start and end).
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.route().iter().map(|&index| square_at(index))
    }

    /// The route as indices.
    pub(crate) fn route(&self) -> &[u8] {
        &self.squares[..self.len as usize]
    }

    /// How many pieces a capture takes (one per leg), 0 for a step.
    pub fn captures(self) -> usize {
        if self.capture {
            self.len as usize - 1
        } else {
            0
        }
    }
}

/// The square of an index below 64.
fn square_at(index: u8) -> Square {
    Square::new(index as usize).unwrap_or_default()
}

impl fmt::Display for Move {
    /// `d3-d4` or `d3xd5xf5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.capture { "x" } else { "-" };
        for (index, square) in self.squares().enumerate() {
            if index > 0 {
                f.write_str(separator)?;
            }
            write!(f, "{square}")?;
        }
        Ok(())
    }
}

/// Why a text is not a move.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("{text:?} is not a Turkish draughts move: {reason} (write a step as d3-d4, a capture by its landings as d3xd5xf5)")]
pub struct ParseMoveError {
    /// The text read.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

/// Reads a square `a1`..`h8` (either case), or `None`.
pub(crate) fn read_square(text: &str) -> Option<Square> {
    let &[file, rank] = text.trim().as_bytes() else {
        return None;
    };
    let column = file.to_ascii_lowercase().wrapping_sub(b'a') as usize;
    let row = rank.wrapping_sub(b'1') as usize;
    (column < SIZE && row < SIZE)
        .then(|| Square::at(column, row))
        .flatten()
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `d3-d4` or `d3xd5xf5` (`:` also separates a capture's
    /// squares; whitespace around the text is ignored).
    ///
    /// # Errors
    ///
    /// [`ParseMoveError`] when the text is not squares joined by one kind
    /// of separator, a step has more than two squares, a capture more
    /// than [`MAX_ROUTE`], or a leg is not along a rank or file.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let written = Move::read_squares(text)?;
        if !written.capture && written.len > 2 {
            return Err(ParseMoveError {
                text: text.to_owned(),
                reason: "a step has two squares",
            });
        }
        for leg in written.route().windows(2) {
            if Direction::between(leg[0] as usize, leg[1] as usize).is_none() {
                return Err(ParseMoveError {
                    text: text.to_owned(),
                    reason: "each leg goes along a rank or a file",
                });
            }
        }
        Ok(written)
    }
}

impl Move {
    /// The squares of `text` and whether it is a capture, without checking
    /// the geometry between them (a short form, `b2xb8`, skips landings).
    ///
    /// # Errors
    ///
    /// [`ParseMoveError`] when the text is not squares joined by one kind
    /// of separator, or has fewer than two or more than [`MAX_ROUTE`].
    pub(crate) fn read_squares(text: &str) -> Result<Move, ParseMoveError> {
        let error = |reason| ParseMoveError {
            text: text.to_owned(),
            reason,
        };
        let trimmed = text.trim();
        let capture = trimmed.contains(['x', 'X', ':']);
        if capture && trimmed.contains('-') {
            return Err(error("it mixes `-` with `x`"));
        }
        let mut squares = [0u8; MAX_ROUTE];
        let mut len = 0;
        for part in trimmed.split(['x', 'X', ':', '-']) {
            let square = read_square(part).ok_or_else(|| error("a square is not a1 to h8"))?;
            if len == MAX_ROUTE {
                return Err(error("it has more landings than a capture can have"));
            }
            squares[len] = square.index() as u8;
            len += 1;
        }
        if len < 2 {
            return Err(error("a move needs at least two squares"));
        }
        Ok(Move {
            squares,
            len: len as u8,
            capture,
        })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_geometry_is_checked() {
        for text in ["d3-d4", "d3xd5xf5", "a1xa8xh8xh1", "d2-d8"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        assert_eq!("D3:D5".parse::<Move>().unwrap().to_string(), "d3xd5");
        for bad in ["d3", "d3-e4", "d3xe4", "d3-d4-d5", "d3xd5-d6", "i1-i2", ""] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
