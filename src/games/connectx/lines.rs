//! Lines of tokens, the geometry behind every win: one player's tokens as
//! [`Stones`] (a 16-bit word per column), and the three questions the
//! rules ask of them: is a cell on a line (walking out from it), and is
//! there a line anywhere.

use super::{MAX_COLUMNS, MAX_ROWS};

/// One column of one player's tokens: bit `r` is row `r` (0 at the
/// bottom). Sixteen bits hold the tallest board.
pub(crate) type ColumnBits = u16;

/// One player's tokens: a word per column; columns and rows beyond the
/// board are empty.
pub(crate) type Stones = [ColumnBits; MAX_COLUMNS];

const _: () = assert!(MAX_ROWS <= ColumnBits::BITS as usize);

/// A step along a line: how the row and the column change.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    rows: isize,
    columns: isize,
}

/// Along a row.
pub(crate) const HORIZONTAL: Step = Step {
    rows: 0,
    columns: 1,
};
/// Up a column.
pub(crate) const VERTICAL: Step = Step {
    rows: 1,
    columns: 0,
};
/// Up and to the right (`/`).
pub(crate) const DIAGONAL_UP: Step = Step {
    rows: 1,
    columns: 1,
};
/// Down and to the right (`\`).
pub(crate) const DIAGONAL_DOWN: Step = Step {
    rows: -1,
    columns: 1,
};

/// Whether `stones` has a token at `row`, `col` (false off the 16 x 16
/// grid; cells of the grid beyond the board are empty).
#[inline(always)]
pub(crate) fn has_token(stones: &Stones, row: usize, col: usize) -> bool {
    row < MAX_ROWS && col < MAX_COLUMNS && (stones[col] >> row) & 1 != 0
}

/// How many tokens of `stones` follow `row`, `col` in a row along `step`,
/// not counting the cell itself; at most `limit`.
#[inline(always)]
fn run_length(stones: &Stones, row: usize, col: usize, step: Step, limit: usize) -> usize {
    let (mut r, mut c) = (row, col);
    let mut length = 0;
    while length < limit {
        // Off the board to the left or below wraps to a huge index, which
        // `has_token` answers `false`.
        r = r.wrapping_add_signed(step.rows);
        c = c.wrapping_add_signed(step.columns);
        if !has_token(stones, r, c) {
            break;
        }
        length += 1;
    }
    length
}

/// Whether `row`, `col`, counted as a token of `stones` whoever holds it,
/// is on a line of `in_a_row` along `step` (either way).
#[inline(always)]
pub(crate) fn line_through(
    stones: &Stones,
    in_a_row: usize,
    row: usize,
    col: usize,
    step: Step,
) -> bool {
    let needed = in_a_row - 1;
    let back = Step {
        rows: -step.rows,
        columns: -step.columns,
    };
    let forward = run_length(stones, row, col, step, needed);
    forward >= needed || forward + run_length(stones, row, col, back, needed) >= needed
}

/// The vertical case of [`line_through`], by bit operations: the runs of
/// tokens just below and just above `row`.
///
/// Precondition: `row < MAX_ROWS`, `col < MAX_COLUMNS`.
#[inline(always)]
fn vertical_line_through(stones: &Stones, in_a_row: usize, row: usize, col: usize) -> bool {
    let bits = u32::from(stones[col]);
    // Move the rows below `row` to the top of a 16-bit word, then count from
    // the top; `row < 16`, so the shifts stay below 32.
    let below = ((bits << (ColumnBits::BITS as usize - row)) as ColumnBits).leading_ones();
    let above = (bits >> (row + 1)).trailing_ones();
    (below + above) as usize + 1 >= in_a_row
}

/// Whether a token at `row`, `col` (placed already or not) is on a line
/// of `in_a_row` of `stones` in any direction: the test after each move.
///
/// Precondition: `row < MAX_ROWS`, `col < MAX_COLUMNS`.
#[inline]
pub(crate) fn completes_line(stones: &Stones, in_a_row: usize, row: usize, col: usize) -> bool {
    vertical_line_through(stones, in_a_row, row, col)
        || line_through(stones, in_a_row, row, col, HORIZONTAL)
        || line_through(stones, in_a_row, row, col, DIAGONAL_UP)
        || line_through(stones, in_a_row, row, col, DIAGONAL_DOWN)
}

/// How a line across columns climbs: the rows it moves per column.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slope {
    /// Along a row.
    Flat,
    /// Up one row per column (`/`).
    Up,
    /// Down one row per column (`\`).
    Down,
}

impl Slope {
    /// Moves the bits of the `i`-th column of a line so that bit `r` is the
    /// line's cell when the line starts at row `r`.
    #[inline(always)]
    fn align(self, bits: u32, i: usize) -> u32 {
        match self {
            Slope::Flat => bits,
            Slope::Up => bits >> i,
            Slope::Down => bits << i,
        }
    }
}

/// Whether `words` (the board's columns, left to right) hold a line of
/// `in_a_row` in any direction.
///
/// One pass of word operations per direction: a line along a column is a
/// run of bits in one word; a line across columns is a bit set in every
/// one of `in_a_row` neighbouring words, once each is aligned for the
/// slope.
pub(crate) fn has_line(words: &[ColumnBits], in_a_row: usize) -> bool {
    let vertical = words.iter().any(|&bits| {
        let bits = u32::from(bits);
        (1..in_a_row).fold(bits, |run, shift| run & (bits >> shift)) != 0
    });
    let across = |slope: Slope| {
        words.windows(in_a_row).any(|window| {
            let aligned = window
                .iter()
                .enumerate()
                .map(|(i, &bits)| slope.align(u32::from(bits), i));
            aligned.fold(u32::MAX, |all, bits| all & bits) != 0
        })
    };
    vertical || across(Slope::Flat) || across(Slope::Up) || across(Slope::Down)
}
