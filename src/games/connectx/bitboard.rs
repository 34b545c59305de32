//! A padded bitboard with the size read at run time: Connect Four's layout
//! (see `connect4/bitboard.rs`) for any board whose cells fit in a `u64` or
//! a `u128`. The perft's fast path uses it; the position itself keeps its
//! column words ([`Board`]).
//!
//! Column `c`, row `r` is bit `c * stride + r` with `stride = rows + 1`:
//! each column has one empty *sentinel* bit above its top row, so shifting
//! a set of tokens along a line direction never wraps a line from one
//! column into the next, whatever the number of rows.

use core::ops::{Add, BitAnd, BitOr, BitXor, Not, Shl, Shr};

use super::lines::ColumnBits;
use super::{Board, Parameters, Player, MAX_IN_A_ROW};

/// An unsigned integer used as a bitboard (`u64` or `u128`).
pub(crate) trait Word:
    Copy
    + Eq
    + Add<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// No bits.
    const ZERO: Self;
    /// The number of bits.
    const BITS: u32;
    /// A column word in the low bits.
    fn from_column(bits: ColumnBits) -> Self;
    /// The number of set bits.
    fn count(self) -> u32;
    /// The index of the lowest set bit (`BITS` when none).
    fn lowest(self) -> u32;
    /// `self` without its lowest set bit.
    fn without_lowest(self) -> Self;
}

macro_rules! word {
    ($word:ty) => {
        impl Word for $word {
            const ZERO: Self = 0;
            const BITS: u32 = <$word>::BITS;
            #[inline(always)]
            fn from_column(bits: ColumnBits) -> Self {
                Self::from(bits)
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}
word!(u64);
word!(u128);

/// The layout of one board size in a `W`: where the cells are.
///
/// Invariant: `columns * stride <= W::BITS` (every cell and sentinel has a
/// bit), so every shift along a line that fits on the board is shorter
/// than the word: `(in_a_row - 1) * stride < columns * stride` for a row,
/// and for a diagonal (`in_a_row <= rows` too) `(in_a_row - 1) * (stride +
/// 1)` is below both `columns * stride` when `columns <= stride` and
/// `stride * stride <= columns * stride` otherwise.
pub(crate) struct Geometry<W> {
    /// Bits per column: the rows plus the sentinel.
    stride: u32,
    /// Tokens in a line that wins.
    in_a_row: u32,
    /// Whether a line fits in a column (`in_a_row <= rows`).
    lines_up: bool,
    /// Whether a line fits in a row (`in_a_row <= columns`).
    lines_across: bool,
    /// One bit per column, in row 0.
    bottom_row: W,
    /// One bit per column, in the top row.
    top_row: W,
    /// Every cell of the board (no sentinel bits).
    cells: W,
}

impl<W: Word> Geometry<W> {
    /// The layout of `parameters`, or `None` when the board does not fit
    /// in a `W`.
    pub(crate) fn new(parameters: Parameters) -> Option<Geometry<W>> {
        let (rows, columns) = (parameters.rows() as u32, parameters.columns() as u32);
        let stride = rows + 1;
        if columns * stride > W::BITS {
            return None;
        }
        let bottom_row = (0..columns).fold(W::ZERO, |bits, col| {
            bits | W::from_column(1) << (col * stride)
        });
        let full_column = W::from_column(ColumnBits::MAX) >> (ColumnBits::BITS - rows);
        let cells = (0..columns).fold(W::ZERO, |bits, col| bits | full_column << (col * stride));
        Some(Geometry {
            stride,
            in_a_row: parameters.in_a_row() as u32,
            lines_up: parameters.in_a_row() <= parameters.rows(),
            lines_across: parameters.in_a_row() <= parameters.columns(),
            bottom_row,
            top_row: bottom_row << (rows - 1),
            cells,
        })
    }

    /// `player`'s tokens on `board`.
    pub(crate) fn stones(&self, board: &Board, player: Player) -> W {
        (0..board.columns()).fold(W::ZERO, |bits, col| {
            bits | W::from_column(board.column_bits(player, col)) << (col as u32 * self.stride)
        })
    }

    /// The lowest empty cell of every column that is not full.
    #[inline(always)]
    pub(crate) fn playable_cells(&self, occupied: W) -> W {
        (occupied + self.bottom_row) & self.cells
    }

    /// One bit per column, in the top row.
    #[inline(always)]
    pub(crate) fn top_row(&self) -> W {
        self.top_row
    }

    /// Tokens in a line that wins.
    #[inline(always)]
    pub(crate) fn in_a_row(&self) -> usize {
        self.in_a_row as usize
    }

    /// The empty cells that would complete a line for `stones` along the
    /// shift `step` (whether or not they can be played now): a cell with
    /// `a` tokens in a row on one side and `NEEDED - a` on the other.
    ///
    /// Preconditions: `NEEDED == in_a_row - 1` (a constant, so that the
    /// loops unroll); a line along `step` fits on the board (so the shifts
    /// stay inside the word; see the invariant).
    #[inline(always)]
    fn completing_along<const NEEDED: usize>(&self, stones: W, step: u32) -> W {
        debug_assert!(NEEDED + 1 == self.in_a_row() && NEEDED as u32 * step < W::BITS);
        // after[b]: the cells with `b` tokens in a row just after them.
        let mut after = [!W::ZERO; MAX_IN_A_ROW];
        for b in 1..=NEEDED {
            after[b] = after[b - 1] & stones >> (b as u32 * step);
        }
        let mut wins = after[NEEDED];
        // before: the cells with `a` tokens in a row just before them.
        let mut before = !W::ZERO;
        for a in 1..=NEEDED {
            before = before & stones << (a as u32 * step);
            wins = wins | (before & after[NEEDED - a]);
        }
        wins
    }

    /// The empty cells that would complete a line for `stones`.
    ///
    /// Precondition: `NEEDED == in_a_row - 1`.
    #[inline(always)]
    pub(crate) fn winning_cells<const NEEDED: usize>(&self, stones: W, occupied: W) -> W {
        let mut wins = W::ZERO;
        if self.lines_up {
            // Vertical: only the tokens below count (those above are empty).
            let mut below = !W::ZERO;
            for distance in 1..=NEEDED as u32 {
                below = below & stones << distance;
            }
            wins = below;
            if self.lines_across {
                wins = wins
                    | self.completing_along::<NEEDED>(stones, self.stride - 1)
                    | self.completing_along::<NEEDED>(stones, self.stride + 1);
            }
        }
        if self.lines_across {
            wins = wins | self.completing_along::<NEEDED>(stones, self.stride);
        }
        wins & self.cells & !occupied
    }
}
