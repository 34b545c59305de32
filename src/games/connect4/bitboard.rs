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

/// The number of cells in `cells`, a set with at most one cell per column
/// (such as [`playable_cells`]): a few operations instead of a popcount,
/// which baseline x86-64 lacks as an instruction.
///
/// Precondition: `cells` is a subset of [`PLAYABLE`] with at most one cell
/// per column (debug-asserted).
#[inline(always)]
pub(crate) const fn count_one_per_column(cells: u64) -> u32 {
    debug_assert!(cells & !PLAYABLE == 0);
    // Adding a full column to a column holding one cell carries into the
    // sentinel bit (and never further: 2^5 + 63 < 2^7); adding it to an
    // empty column does not. So the sentinels mark the columns with a cell.
    let marks = ((cells + PLAYABLE) >> ROWS) & BOTTOM_ROW;
    // Multiplying by BOTTOM_ROW sums the seven 7-bit fields into the field
    // of the last column (each partial sum is at most 7: no carries).
    let sum_field = (COLUMNS as u32 - 1) * COLUMN_STRIDE;
    let count = (marks.wrapping_mul(BOTTOM_ROW) >> sum_field) & COLUMN_FIELD;
    debug_assert!(count == cells.count_ones() as u64);
    count as u32
}

/// The shift that brings the gathered column bits of [`open_columns`] down
/// to bit 0: column `c`'s top-row bit (bit `c * COLUMN_STRIDE` once moved
/// to row 0) is multiplied by `2^(GATHER_SHIFT - (COLUMN_STRIDE - 1) * c)`.
const GATHER_SHIFT: u32 = (COLUMN_STRIDE - 1) * (COLUMNS as u32 - 1);

/// The multiplier of [`open_columns`]: one bit per column.
const GATHER: u64 = {
    let mut bits = 0;
    let mut col = 0;
    while col < COLUMNS as u32 {
        bits |= 1 << (GATHER_SHIFT - (COLUMN_STRIDE - 1) * col);
        col += 1;
    }
    bits
};

/// The columns that are not full, as bit `c` for column `c` (`0..128`).
///
/// The free top-row cells, moved down to row 0 (bit `c * COLUMN_STRIDE`),
/// times [`GATHER`] put column `c`'s bit at `GATHER_SHIFT + c`. No two
/// partial products land on the same bit (so nothing carries) and none but
/// those lands in the seven bits from `GATHER_SHIFT` (`tests` checks every
/// mask).
#[inline(always)]
pub(crate) const fn open_columns(occupied: u64) -> usize {
    let free_tops = (!occupied & TOP_ROW) >> (ROWS - 1);
    ((free_tops.wrapping_mul(GATHER) >> GATHER_SHIFT) & ((1 << COLUMNS) - 1)) as usize
}

/// The bits of one column including its sentinel.
const COLUMN_FIELD: u64 = (1 << COLUMN_STRIDE) - 1;

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
    fn count_one_per_column_counts() {
        assert_eq!(count_one_per_column(0), 0);
        assert_eq!(count_one_per_column(BOTTOM_ROW), 7);
        assert_eq!(count_one_per_column(TOP_ROW), 7);
        assert_eq!(
            count_one_per_column(cell(5, 0) | cell(2, 3) | cell(0, 6)),
            3
        );
        let mixed = cell(0, 0) | cell(1, 1) | cell(2, 2) | cell(3, 3) | cell(4, 4) | cell(5, 5);
        assert_eq!(count_one_per_column(mixed), 6);
    }

    #[test]
    fn open_columns_gathers_every_mask() {
        for open in 0..1_usize << COLUMNS {
            // Fill the columns not in `open` to the top; leave the others
            // at every height below it.
            for height in 0..ROWS {
                let mut occupied = 0;
                for col in 0..COLUMNS {
                    let rows = if open & (1 << col) != 0 { height } else { ROWS };
                    for row in 0..rows {
                        occupied |= cell(row, col);
                    }
                }
                assert_eq!(
                    open_columns(occupied),
                    open,
                    "{open:07b} at height {height}"
                );
            }
        }
    }

    #[test]
    fn winning_cells_finds_the_gap() {
        let stones = cell(0, 0) | cell(0, 1) | cell(0, 3);
        assert_eq!(winning_cells(stones, stones), cell(0, 2));
    }
}
