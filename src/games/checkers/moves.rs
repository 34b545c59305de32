//! [`Move`]: one checkers move, a quiet step or a complete multi-jump, and
//! its PDN text (`11-15`, `22x15x8`).

use core::fmt;
use core::str::FromStr;

use super::geometry::{Bitboard, Direction, JUMP_LANDING, NEIGHBOR};
use super::square::Square;
use crate::draughts::split_squares;

/// The most jumps one move can make.
///
/// Proof: a jump moves a piece two rows and two columns, so every landing
/// square of one move lies on rows of the same parity as its start. The
/// jumped squares lie between two such rows and away from the board's edge
/// columns: 3 rows x 3 columns = 9 squares. Each piece is jumped at most once
/// per move, so a move makes at most 9 jumps.
pub const MAX_JUMPS: usize = 9;

/// Bits of [`Move`]'s path per jump (a [`Direction`] code).
const DIRECTION_BITS: u32 = 2;
const DIRECTION_MASK: u32 = (1 << DIRECTION_BITS) - 1;

/// One move: a man or king stepping to a neighbouring square, or a
/// complete capture, i.e. every jump of a multi-jump with its path.
///
/// A move is small and `Copy`, and knows its own geometry (it does not need
/// a position to list its squares). Two captures that take the same pieces
/// and land on the same square but visit different squares (a king's ring
/// capture, clockwise or not) are different moves.
///
/// `Display` writes PDN: `11-15` for a step, the full path `22x15x8` for a
/// capture. `FromStr` reads the same and checks the geometry only; to read
/// a move against a position (short forms such as `22x8`), use
/// [`Checkers::parse_move`](super::Checkers::parse_move).
///
/// Stored in 8 bytes: the captured squares as a bitboard, and one `u32`
/// packing the path's direction codes (2 bits per jump, first jump in the
/// low bits), the start and end squares (5 bits each) and the number of
/// jumps (4 bits).
///
/// `Default` is the step `1-5`: a placeholder that fills the unused slots of
/// a [`MoveList`](crate::MoveList), chosen so that, like every `Move`, it
/// is a real move whose text reads back to it.
///
/// Invariants: `jumps <= MAX_JUMPS`; for a step, `jumps == 0`, no captured
/// squares, no path bits, and `to` neighbours `from`; for a capture, the
/// path holds `jumps` direction codes, `captured` the jumped squares and
/// `to` the last landing square. Equal geometry means equal fields.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
pub struct Move {
    captured: Bitboard,
    packed: u32,
}

/// The square indices of [`Move::default`], the step `1-5`.
const DEFAULT_STEP: (usize, usize) = (0, 4);

impl Default for Move {
    /// The step `1-5` (see [`Move`]).
    fn default() -> Move {
        debug_assert!(Direction::of_step(DEFAULT_STEP.0, DEFAULT_STEP.1).is_some());
        Move::step(DEFAULT_STEP.0, DEFAULT_STEP.1)
    }
}

/// Bits of the packed path: [`MAX_JUMPS`] direction codes.
const PATH_BITS: u32 = DIRECTION_BITS * MAX_JUMPS as u32;
const PATH_MASK: u32 = (1 << PATH_BITS) - 1;
/// Bits of a square index.
const SQUARE_BITS: u32 = 5;
const SQUARE_MASK: u32 = (1 << SQUARE_BITS) - 1;
const FROM_SHIFT: u32 = PATH_BITS;
const TO_SHIFT: u32 = FROM_SHIFT + SQUARE_BITS;
const JUMPS_SHIFT: u32 = TO_SHIFT + SQUARE_BITS;
/// The jump count fits in the bits that are left.
const _: () = assert!(MAX_JUMPS < 1 << (u32::BITS - JUMPS_SHIFT));

impl Move {
    /// A move from square index `from` to `to` with no jumps.
    #[inline(always)]
    const fn pack(from: usize, to: usize) -> Move {
        Move {
            captured: 0,
            packed: ((from as u32) << FROM_SHIFT) | ((to as u32) << TO_SHIFT),
        }
    }

    /// A quiet step between two neighbouring square indices.
    #[inline(always)]
    pub(crate) const fn step(from: usize, to: usize) -> Move {
        Move::pack(from, to)
    }

    /// A capture that has not jumped yet, starting from square index `from`.
    #[inline(always)]
    pub(crate) const fn capture_start(from: usize) -> Move {
        Move::pack(from, from)
    }

    /// The number of jumps.
    #[inline(always)]
    const fn jumps(self) -> u32 {
        self.packed >> JUMPS_SHIFT
    }

    /// The direction codes of the jumps.
    #[inline(always)]
    const fn directions(self) -> u32 {
        self.packed & PATH_MASK
    }

    /// This capture extended by one jump in direction `d`, over square index
    /// `over`, landing on `landing`.
    ///
    /// Precondition: fewer than [`MAX_JUMPS`] jumps so far and `over` not
    /// jumped yet.
    #[inline(always)]
    pub(crate) const fn with_jump(self, d: Direction, over: usize, landing: usize) -> Move {
        let jumps = self.jumps();
        debug_assert!((jumps as usize) < MAX_JUMPS);
        debug_assert!(self.captured & (1 << over) == 0);
        let kept = self.packed & !(SQUARE_MASK << TO_SHIFT);
        Move {
            captured: self.captured | (1 << over),
            packed: (kept
                | (d.code() << (DIRECTION_BITS * jumps))
                | ((landing as u32) << TO_SHIFT))
                + (1 << JUMPS_SHIFT),
        }
    }

    /// The square the moving piece starts on.
    #[inline]
    pub const fn from(self) -> Square {
        Square::new_unchecked(self.start_index())
    }

    /// The square the moving piece ends on (equal to [`from`](Move::from)
    /// for a capture that goes round a ring back to its start).
    #[inline]
    pub const fn to(self) -> Square {
        Square::new_unchecked(self.end_index())
    }

    /// Whether this move captures (jumps) at least one piece.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.jumps() > 0
    }

    /// The number of pieces this move captures (0 for a step).
    #[inline]
    pub const fn capture_count(self) -> usize {
        self.jumps() as usize
    }

    /// The squares the moving piece visits, in order: the start square,
    /// then each landing square. A step yields 2 squares; a capture of `n`
    /// pieces yields `n + 1`. Does not allocate.
    pub fn path(self) -> Path {
        Path {
            next: Some(self.from()),
            directions: self.directions(),
            jumps_left: self.jumps() as u8,
            step_to: (!self.is_capture()).then(|| self.to()),
        }
    }

    /// The direction of the move's first hop: its step, or its first
    /// jump. Reads the packed move (no path walk): for the environment's
    /// mask, written once per legal move at every step.
    #[inline]
    pub(crate) fn first_direction(self) -> Option<Direction> {
        if self.is_capture() {
            Some(Direction::from_code(self.directions() & DIRECTION_MASK))
        } else {
            Direction::of_step(self.start_index(), self.end_index())
        }
    }

    /// The squares of the captured pieces, in the order they are jumped.
    /// Empty for a step. Does not allocate.
    pub fn captured(self) -> Captured {
        Captured {
            at: self.start_index() as u8,
            directions: self.directions(),
            jumps_left: self.jumps() as u8,
        }
    }

    /// The captured squares as a bitboard (bit `i` = square `i + 1`).
    #[inline(always)]
    pub(crate) const fn captured_mask(self) -> Bitboard {
        self.captured
    }

    /// Square index of the start.
    #[inline(always)]
    pub(crate) const fn start_index(self) -> usize {
        ((self.packed >> FROM_SHIFT) & SQUARE_MASK) as usize
    }

    /// Square index of the end.
    #[inline(always)]
    pub(crate) const fn end_index(self) -> usize {
        ((self.packed >> TO_SHIFT) & SQUARE_MASK) as usize
    }
}

/// The squares a [`Move`] visits, from [`Move::path`].
#[derive(Clone, Debug)]
pub struct Path {
    next: Option<Square>,
    directions: u32,
    jumps_left: u8,
    step_to: Option<Square>,
}

impl Iterator for Path {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        let current = self.next?;
        self.next = if self.jumps_left > 0 {
            let d = (self.directions & DIRECTION_MASK) as usize;
            self.directions >>= DIRECTION_BITS;
            self.jumps_left -= 1;
            Some(Square::new_unchecked(usize::from(
                JUMP_LANDING[d][current.index()],
            )))
        } else {
            self.step_to.take()
        };
        Some(current)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::from(self.next.is_some())
            + usize::from(self.jumps_left)
            + usize::from(self.step_to.is_some());
        (left, Some(left))
    }
}

impl ExactSizeIterator for Path {}

/// The captured squares of a [`Move`], from [`Move::captured`].
#[derive(Clone, Debug)]
pub struct Captured {
    at: u8,
    directions: u32,
    jumps_left: u8,
}

impl Iterator for Captured {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        if self.jumps_left == 0 {
            return None;
        }
        let d = (self.directions & DIRECTION_MASK) as usize;
        self.directions >>= DIRECTION_BITS;
        self.jumps_left -= 1;
        let at = usize::from(self.at);
        self.at = JUMP_LANDING[d][at];
        Some(Square::new_unchecked(usize::from(NEIGHBOR[d][at])))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::from(self.jumps_left);
        (left, Some(left))
    }
}

impl ExactSizeIterator for Captured {}

impl Ord for Move {
    /// By start square, then end square, then number of jumps, then path:
    /// a total order that agrees with `==` (as [`Column`](crate::connect4::Column)'s
    /// does), so moves can be keys of ordered maps and sets.
    fn cmp(&self, other: &Move) -> core::cmp::Ordering {
        let key = |mv: &Move| {
            (
                mv.start_index(),
                mv.end_index(),
                mv.jumps(),
                mv.directions(),
                mv.captured,
            )
        };
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.is_capture() { 'x' } else { '-' };
        for (i, square) in self.path().enumerate() {
            if i > 0 {
                write!(f, "{separator}")?;
            }
            write!(f, "{square}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// Why text is not a [`Move`] (see [`Move`]'s `FromStr`).
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum ParseMoveError {
    /// Not squares joined by `-` or `x`.
    #[error(
        "`{text}` is not a move: write square numbers joined by `-` (like 11-15) or `x` (like 22x15x8)"
    )]
    Syntax {
        /// The text that was read.
        text: String,
    },
    /// A square number outside `1..=32`.
    #[error("`{text}` names square {number}, which does not exist: squares are numbered 1 to 32")]
    SquareOutOfRange {
        /// The text that was read.
        text: String,
        /// The number that is out of range (saturated at `u32::MAX`).
        number: u32,
    },
    /// More squares than any move can visit.
    #[error("`{text}` lists more squares than any move visits (at most {max})", max = MAX_JUMPS + 1)]
    TooLong {
        /// The text that was read.
        text: String,
    },
    /// A `-` move that is not a single step to a diagonal neighbour.
    #[error("{from}-{to} is not a move to a diagonally neighbouring square")]
    NotAStep {
        /// The start square.
        from: Square,
        /// The square that does not neighbour it.
        to: Square,
    },
    /// A `-` move with more than two squares.
    #[error(
        "`{text}`: a move without capture goes from one square to a neighbouring one, like 11-15"
    )]
    StepChain {
        /// The text that was read.
        text: String,
    },
    /// An `x` leg that is not a jump.
    #[error("{from}x{to} is not a jump: a capture lands two squares away along a diagonal")]
    NotAJump {
        /// Where the jump starts.
        from: Square,
        /// Where it would land.
        to: Square,
    },
    /// A path that jumps the same square twice.
    #[error("`{text}` jumps the piece on square {square} twice, which the rules forbid")]
    JumpedTwice {
        /// The text that was read.
        text: String,
        /// The square jumped twice.
        square: Square,
    },
}

/// How the squares of move text are joined.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Separator {
    /// `-`: a step.
    Dash,
    /// `x`: a capture.
    Cross,
}

/// The squares of move text, read without interpreting the geometry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveText {
    squares: [Square; MAX_JUMPS + 1],
    len: usize,
    pub(crate) separator: Separator,
}

impl MoveText {
    /// Reads `text`: at least two square numbers joined by `-` or `x`/`X`.
    /// Surrounding whitespace is ignored. Real PDN files mix the separators
    /// (`14-23x32`), so any `x` makes the text read as a capture.
    pub(crate) fn read(text: &str) -> Result<MoveText, ParseMoveError> {
        let trimmed = text.trim();
        let syntax = || ParseMoveError::Syntax {
            text: text.to_owned(),
        };
        let separator = if trimmed.contains(['x', 'X']) {
            Separator::Cross
        } else if trimmed.contains('-') {
            Separator::Dash
        } else {
            return Err(syntax());
        };
        let (squares, len) = split_squares(
            trimmed,
            &['-', 'x', 'X'],
            Square::new_unchecked(0),
            |token| {
                if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(syntax());
                }
                let number = token.parse::<u32>().unwrap_or(u32::MAX);
                Square::try_from(number).map_err(|_| ParseMoveError::SquareOutOfRange {
                    text: text.to_owned(),
                    number,
                })
            },
            || ParseMoveError::TooLong {
                text: text.to_owned(),
            },
        )?;
        debug_assert!(len >= 2, "a separator was found, so there are two tokens");
        Ok(MoveText {
            squares,
            len,
            separator,
        })
    }

    /// The squares in the order written.
    pub(crate) fn squares(&self) -> &[Square] {
        &self.squares[..self.len]
    }

    /// The first square.
    pub(crate) fn first(&self) -> Square {
        self.squares[0]
    }

    /// The last square.
    pub(crate) fn last(&self) -> Square {
        self.squares[self.len - 1]
    }

    /// The move these squares describe geometrically, exactly as written.
    pub(crate) fn exact_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let squares = self.squares();
        match self.separator {
            Separator::Dash => {
                if squares.len() != 2 {
                    return Err(ParseMoveError::StepChain {
                        text: text.to_owned(),
                    });
                }
                let (from, to) = (squares[0], squares[1]);
                Direction::of_step(from.index(), to.index())
                    .map(|_| Move::step(from.index(), to.index()))
                    .ok_or(ParseMoveError::NotAStep { from, to })
            }
            Separator::Cross => {
                let mut mv = Move::capture_start(squares[0].index());
                for pair in squares.windows(2) {
                    let (from, to) = (pair[0], pair[1]);
                    let d = Direction::of_jump(from.index(), to.index())
                        .ok_or(ParseMoveError::NotAJump { from, to })?;
                    let over = usize::from(NEIGHBOR[d as usize][from.index()]);
                    if mv.captured & (1 << over) != 0 {
                        return Err(ParseMoveError::JumpedTwice {
                            text: text.to_owned(),
                            square: Square::new_unchecked(over),
                        });
                    }
                    // At most MAX_JUMPS + 1 squares were read, so at most
                    // MAX_JUMPS jumps are added here.
                    mv = mv.with_jump(d, over, to.index());
                }
                Ok(mv)
            }
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads PDN move text: `11-15` (a step to a diagonal neighbour) or
    /// `22x15x8` (each leg a jump, no square jumped twice). The geometry is
    /// checked; legality needs a position
    /// ([`Checkers::parse_move`](super::Checkers::parse_move)).
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        MoveText::read(text)?.exact_move(text)
    }
}

impl TryFrom<String> for Move {
    type Error = ParseMoveError;
    fn try_from(text: String) -> Result<Move, ParseMoveError> {
        text.parse()
    }
}

impl From<Move> for String {
    fn from(mv: Move) -> String {
        mv.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    #[test]
    fn step_round_trip() {
        let mv: Move = "11-15".parse().unwrap();
        assert_eq!(mv.from(), sq(11));
        assert_eq!(mv.to(), sq(15));
        assert!(!mv.is_capture());
        assert_eq!(mv.path().collect::<Vec<_>>(), vec![sq(11), sq(15)]);
        assert_eq!(mv.captured().count(), 0);
        assert_eq!(mv.to_string(), "11-15");
    }

    #[test]
    fn capture_round_trip() {
        let mv: Move = "22x15x8".parse().unwrap();
        assert_eq!(mv.from(), sq(22));
        assert_eq!(mv.to(), sq(8));
        assert_eq!(mv.capture_count(), 2);
        assert_eq!(mv.path().collect::<Vec<_>>(), vec![sq(22), sq(15), sq(8)]);
        assert_eq!(mv.captured().collect::<Vec<_>>(), vec![sq(18), sq(11)]);
        assert_eq!(mv.to_string(), "22x15x8");
    }

    #[test]
    fn the_default_move_is_a_step_that_reads_back() {
        let default = Move::default();
        assert_eq!(default.to_string(), "1-5");
        assert_eq!("1-5".parse::<Move>(), Ok(default));
        assert!(!default.is_capture());
    }

    #[test]
    fn errors() {
        assert!(matches!(
            "11-17".parse::<Move>(),
            Err(ParseMoveError::NotAStep { .. })
        ));
        assert!(matches!(
            "11x15".parse::<Move>(),
            Err(ParseMoveError::NotAJump { .. })
        ));
        assert!(matches!(
            "11-33".parse::<Move>(),
            Err(ParseMoveError::SquareOutOfRange { number: 33, .. })
        ));
        assert!(matches!(
            "11".parse::<Move>(),
            Err(ParseMoveError::Syntax { .. })
        ));
        assert!(matches!(
            "11-15x18".parse::<Move>(),
            Err(ParseMoveError::NotAJump { .. })
        ));
        // PDN files mix the separators; any `x` reads as a capture.
        assert_eq!(
            "14-23x32".parse::<Move>().map(|mv| mv.to_string()),
            Ok("14x23x32".to_owned())
        );
        assert!(matches!(
            "1-5-9".parse::<Move>(),
            Err(ParseMoveError::StepChain { .. })
        ));
        assert!(matches!(
            "15x22x15".parse::<Move>(),
            Err(ParseMoveError::JumpedTwice { .. })
        ));
    }
}
