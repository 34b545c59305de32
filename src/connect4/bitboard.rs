//! The bit layout shared by [`Board`](super::Board), the game and the fast
//! perft: one `u64` per player, win tests by shifts.
//!
//! Column `c`, row `r` (row 0 at the bottom) is bit `c * COLUMN_STRIDE + r`.
//! Each column has one spare *sentinel* bit above its top row, which is never
//! set. Because of that gap, shifting a set of stones by one of the four
//! direction steps never wraps a line from one column into the next.

use super::{COLUMNS, ROWS, WIN_LENGTH};

/// Bits per column: the playable rows plus the sentinel bit.
pub(crate) const COLUMN_STRIDE: u32 = ROWS as u32 + 1;

/// Shift that moves a stone one row up (same column).
pub(crate) const STEP_VERTICAL: u32 = 1;
/// Shift that moves a stone one column to the right (same row).
pub(crate) const STEP_HORIZONTAL: u32 = COLUMN_STRIDE;
/// Shift that moves a stone one column right and one row down (`\`).
pub(crate) const STEP_DIAGONAL_DOWN: u32 = COLUMN_STRIDE - 1;
/// Shift that moves a stone one column right and one row up (`/`).
pub(crate) const STEP_DIAGONAL_UP: u32 = COLUMN_STRIDE + 1;

/// The four line directions, as shifts.
pub(crate) const DIRECTIONS: [u32; 4] = [
    STEP_VERTICAL,
    STEP_HORIZONTAL,
    STEP_DIAGONAL_DOWN,
    STEP_DIAGONAL_UP,
];

/// One bit per column, in row 0.
pub(crate) const BOTTOM_ROW: u64 = {
    let mut bits = 0;
    let mut col = 0;
    while col < COLUMNS {
        bits |= 1 << (col as u32 * COLUMN_STRIDE);
        col += 1;
    }
    bits
};

/// The bits of one full column.
pub(crate) const COLUMN_BITS: u64 = (1 << ROWS) - 1;

/// Every playable cell (no sentinel bits).
pub(crate) const PLAYABLE: u64 = BOTTOM_ROW * COLUMN_BITS;

/// One bit per column, in the top row.
pub(crate) const TOP_ROW: u64 = BOTTOM_ROW << (ROWS - 1);

// The shift-and-mask tests below find runs of exactly four (two doublings).
const _: () = assert!(WIN_LENGTH == 4);
// 7 columns of 7 bits fit in a u64.
const _: () = assert!(COLUMNS as u32 * COLUMN_STRIDE <= u64::BITS);

/// The bit of the cell at `row`, `col`.
///
/// Precondition: `row < ROWS` and `col < COLUMNS` (debug-asserted).
#[inline]
pub(crate) const fn cell(row: usize, col: usize) -> u64 {
    debug_assert!(row < ROWS && col < COLUMNS);
    1 << (col as u32 * COLUMN_STRIDE + row as u32)
}

/// The playable bits of column `col`.
///
/// Precondition: `col < COLUMNS` (debug-asserted).
#[inline]
pub(crate) const fn column_mask(col: usize) -> u64 {
    debug_assert!(col < COLUMNS);
    COLUMN_BITS << (col as u32 * COLUMN_STRIDE)
}

/// The start bits of every run of four in direction `step`.
#[inline(always)]
const fn run_starts(stones: u64, step: u32) -> u64 {
    let pairs = stones & (stones >> step);
    pairs & (pairs >> (2 * step))
}

/// Whether `stones` hold four in a row in any direction.
#[inline(always)]
pub(crate) const fn has_four(stones: u64) -> bool {
    (run_starts(stones, STEP_VERTICAL)
        | run_starts(stones, STEP_HORIZONTAL)
        | run_starts(stones, STEP_DIAGONAL_DOWN)
        | run_starts(stones, STEP_DIAGONAL_UP))
        != 0
}

/// Whether the single-bit `cell` lies on a run of four of `stones` in
/// direction `step`: a run covering `cell` starts at `cell`, or 1, 2 or 3
/// steps before it.
#[inline]
pub(crate) const fn four_through(stones: u64, cell: u64, step: u32) -> bool {
    let possible_starts = cell | cell >> step | cell >> (2 * step) | cell >> (3 * step);
    run_starts(stones, step) & possible_starts != 0
}

/// The lowest empty cell of every column that is not full.
#[inline(always)]
pub(crate) const fn playable_cells(occupied: u64) -> u64 {
    (occupied + BOTTOM_ROW) & PLAYABLE
}

/// The empty cells that would complete four in a row for `stones`
/// (whether or not they can be played now).
#[inline(always)]
pub(crate) const fn winning_cells(stones: u64, occupied: u64) -> u64 {
    let s = stones;
    // Vertical: three below.
    let mut wins = (s << 1) & (s << 2) & (s << 3);
    let mut i = 1;
    while i < DIRECTIONS.len() {
        let d = DIRECTIONS[i];
        // Two stones on one side, then one more on either side.
        let left_pair = (s << d) & (s << (2 * d));
        wins |= left_pair & (s << (3 * d));
        wins |= left_pair & (s >> d);
        let right_pair = (s >> d) & (s >> (2 * d));
        wins |= right_pair & (s << d);
        wins |= right_pair & (s >> (3 * d));
        i += 1;
    }
    wins & (PLAYABLE ^ occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_constants() {
        assert_eq!(BOTTOM_ROW.count_ones(), 7);
        assert_eq!(PLAYABLE.count_ones(), 42);
        assert_eq!(TOP_ROW, BOTTOM_ROW << 5);
        assert_eq!(cell(0, 1), 1 << 7);
        assert_eq!(column_mask(6).count_ones(), 6);
    }

    #[test]
    fn lines_do_not_wrap_between_columns() {
        // Top of column 0 and bottom of column 1 are not a vertical line.
        let stones = cell(4, 0) | cell(5, 0) | cell(0, 1) | cell(1, 1);
        assert!(!has_four(stones));
        let stones = cell(2, 0) | cell(3, 0) | cell(4, 0) | cell(5, 0);
        assert!(has_four(stones));
    }

    #[test]
    fn winning_cells_finds_the_gap() {
        let stones = cell(0, 0) | cell(0, 1) | cell(0, 3);
        assert_eq!(winning_cells(stones, stones), cell(0, 2));
    }
}
