//! Board geometry for 8x8 and 10x10 boards: the playable squares as bits of
//! a `u64` with "ghost" bits that make every diagonal step one fixed shift.
//!
//! The dark squares are numbered `0..SIZE²/2` row by row from the top-left
//! ("dense index", square number minus one in International and English
//! numbering). Row `r` holds `H = SIZE / 2` squares: on even rows at
//! columns 1, 3, ..., on odd rows at columns 0, 2, .... Two rows take
//! `SIZE + 1` bits: `H` for the even row, `H` for the odd row and one ghost
//! bit that is never a square. Dense index `i` on row `r` is bit
//! `i + r / 2`. With this layout a step down-left is `<< H`, down-right
//! `<< H + 1`, up-left `>> H + 1` and up-right `>> H`, on every row: a step
//! off the left or right edge lands on a ghost bit, a step off the top or
//! bottom leaves the valid bits, and masks with the (valid) empty squares
//! drop both.

use super::rules::Rules;

/// A set of squares in the padded layout.
pub(crate) type Bitboard = u64;

/// The four diagonal directions, in the order generation tries them.
/// "Up" is toward row 0 (Black's home side), "left" toward column 0.
pub(crate) const UP_LEFT: usize = 0;
pub(crate) const UP_RIGHT: usize = 1;
pub(crate) const DOWN_LEFT: usize = 2;
pub(crate) const DOWN_RIGHT: usize = 3;
/// All four directions.
pub(crate) const DIRECTIONS: [usize; 4] = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];

/// The orthogonal directions, in which only the variants with
/// [`Rules::ORTHOGONAL_CAPTURES`] capture (Frisian): one step is to the
/// next dark square along a column (two rows) or a row (two columns).
/// Numbered after the diagonal ones so that [`reverse`] pairs them too.
pub(crate) const UP: usize = 4;
pub(crate) const LEFT: usize = 5;
pub(crate) const RIGHT: usize = 6;
pub(crate) const DOWN: usize = 7;

/// The opposite direction (diagonal or orthogonal).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn reverse(d: usize) -> usize {
    if d < 4 {
        3 - d
    } else {
        11 - d
    }
}

/// Marks "no square" in the index tables.
pub(crate) const NO_SQUARE: u8 = u8::MAX;

/// The largest board.
pub(crate) const MAX_SIZE: usize = 10;
/// The most dark squares of any board.
pub(crate) const MAX_SQUARES: usize = MAX_SIZE * MAX_SIZE / 2;

/// The bit of dense index `i` on a `size` board.
pub(crate) const fn bit_of(size: usize, i: usize) -> u32 {
    let h = size / 2;
    (i + (i / h) / 2) as u32
}

const fn valid_mask(size: usize) -> Bitboard {
    let mut mask = 0;
    let mut i = 0;
    while i < size * size / 2 {
        mask |= 1 << bit_of(size, i);
        i += 1;
    }
    mask
}

pub(crate) const fn row_mask(size: usize, row: usize) -> Bitboard {
    let h = size / 2;
    let mut mask = 0;
    let mut k = 0;
    while k < h {
        mask |= 1 << bit_of(size, row * h + k);
        k += 1;
    }
    mask
}

const fn index_table(size: usize) -> [u8; 64] {
    let mut table = [NO_SQUARE; 64];
    let mut i = 0;
    while i < size * size / 2 {
        table[bit_of(size, i) as usize] = i as u8;
        i += 1;
    }
    table
}

const INDEX_OF_BIT_8: [u8; 64] = index_table(8);
const INDEX_OF_BIT_10: [u8; 64] = index_table(10);

/// The geometry of `R`'s board, as constants. Implemented for every
/// [`Rules`].
pub(crate) trait Geometry: Rules {
    /// Squares per row.
    const H: u32 = (Self::SIZE / 2) as u32;
    /// Playable squares.
    const SQUARES: usize = Self::SIZE * Self::SIZE / 2;
    /// Every playable square.
    const VALID: Bitboard = valid_mask(Self::SIZE);
    /// Row 0: where White men are crowned.
    const TOP_ROW: Bitboard = row_mask(Self::SIZE, 0);
    /// The last row: where Black men are crowned.
    const BOTTOM_ROW: Bitboard = row_mask(Self::SIZE, Self::SIZE - 1);
    /// Black's start: the first `START_ROWS` rows.
    const BLACK_START: Bitboard = {
        let mut mask = 0;
        let mut row = 0;
        while row < Self::START_ROWS {
            mask |= row_mask(Self::SIZE, row);
            row += 1;
        }
        mask
    };
    /// The squares at the left end of their row (no square two columns
    /// to their left).
    const LEFT_END: Bitboard = column_end(Self::SIZE, false);
    /// The squares at the right end of their row.
    const RIGHT_END: Bitboard = column_end(Self::SIZE, true);
    /// White's start: the last `START_ROWS` rows.
    const WHITE_START: Bitboard = {
        let mut mask = 0;
        let mut row = Self::SIZE - Self::START_ROWS;
        while row < Self::SIZE {
            mask |= row_mask(Self::SIZE, row);
            row += 1;
        }
        mask
    };
}

impl<R: Rules> Geometry for R {}

/// The first (`right == false`) or last square of every row.
const fn column_end(size: usize, right: bool) -> Bitboard {
    let h = size / 2;
    let mut mask = 0;
    let mut row = 0;
    while row < size {
        let k = if right { h - 1 } else { 0 };
        mask |= 1 << bit_of(size, row * h + k);
        row += 1;
    }
    mask
}

/// Every square of `b` moved one step in direction `d` (squares that
/// leave the board land on ghost or invalid bits: mask the result). The
/// orthogonal directions ([`UP`], ...) step to the next dark square along
/// the column or row; the row steps drop the squares that would leave
/// their row.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn step<R: Geometry>(b: Bitboard, d: usize) -> Bitboard {
    match d {
        UP_LEFT => b >> (R::H + 1),
        UP_RIGHT => b >> R::H,
        DOWN_LEFT => b << R::H,
        DOWN_RIGHT => b << (R::H + 1),
        UP => b >> (2 * R::H + 1),
        LEFT => (b & !R::LEFT_END) >> 1,
        RIGHT => (b & !R::RIGHT_END) << 1,
        _ => b << (2 * R::H + 1),
    }
}

/// The bit index of dense index `i`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn bit_of_index<R: Geometry>(i: usize) -> u32 {
    bit_of(R::SIZE, i)
}

/// The dense index of bit `bit`, or [`NO_SQUARE`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn index_of_bit<R: Geometry>(bit: u32) -> u8 {
    let table = if R::SIZE == 10 {
        &INDEX_OF_BIT_10
    } else {
        &INDEX_OF_BIT_8
    };
    table[(bit & 63) as usize]
}

/// The (row, column) of dense index `i`, row 0 at the top, column 0 at the
/// left (as White sees the board in International numbering).
pub(crate) const fn coordinates(size: usize, i: usize) -> (usize, usize) {
    let h = size / 2;
    let row = i / h;
    let col = 2 * (i % h) + if row % 2 == 0 { 1 } else { 0 };
    (row, col)
}

/// The dense index at (row, column), or `None` off the board or on a light
/// square.
pub(crate) const fn index_at(size: usize, row: usize, col: usize) -> Option<usize> {
    if row >= size || col >= size || (row + col) % 2 == 0 {
        None
    } else {
        Some(row * (size / 2) + col / 2)
    }
}

/// The squares strictly between two dense indices on one diagonal, as
/// dense indices, and the direction from `from` to `to`; `None` when they
/// are not on one diagonal (or equal).
pub(crate) fn diagonal_between(
    size: usize,
    from: usize,
    to: usize,
) -> Option<(usize, impl Iterator<Item = usize>)> {
    let (r0, c0) = coordinates(size, from);
    let (r1, c1) = coordinates(size, to);
    let (dr, dc) = (r1 as i32 - r0 as i32, c1 as i32 - c0 as i32);
    if dr == 0 || dr.abs() != dc.abs() {
        return None;
    }
    let d = match (dr < 0, dc < 0) {
        (true, true) => UP_LEFT,
        (true, false) => UP_RIGHT,
        (false, true) => DOWN_LEFT,
        (false, false) => DOWN_RIGHT,
    };
    let (sr, sc) = (dr.signum(), dc.signum());
    let steps = dr.abs();
    let between = (1..steps).filter_map(move |k| {
        let row = r0 as i32 + k * sr;
        let col = c0 as i32 + k * sc;
        index_at(size, row as usize, col as usize)
    });
    Some((d, between))
}

/// The squares strictly between two dense indices on one line a capture
/// of `R` may follow (a diagonal; with [`Rules::ORTHOGONAL_CAPTURES`],
/// also a row or a column, through the dark squares on it), as dense
/// indices; `None` when they are on no such line (or equal).
pub(crate) fn line_between<R: Rules>(
    from: usize,
    to: usize,
) -> Option<impl Iterator<Item = usize>> {
    let size = R::SIZE;
    let (r0, c0) = coordinates(size, from);
    let (r1, c1) = coordinates(size, to);
    let (dr, dc) = (r1 as i32 - r0 as i32, c1 as i32 - c0 as i32);
    let diagonal = dr != 0 && dr.abs() == dc.abs();
    let orthogonal = R::ORTHOGONAL_CAPTURES && (dr == 0) != (dc == 0) && (dr + dc) % 2 == 0;
    if !diagonal && !orthogonal {
        return None;
    }
    // One step to the next dark square along the line.
    let (sr, sc) = if diagonal {
        (dr.signum(), dc.signum())
    } else {
        (2 * dr.signum(), 2 * dc.signum())
    };
    let steps = if dr != 0 { dr / sr } else { dc / sc };
    Some((1..steps).filter_map(move |k| {
        let row = r0 as i32 + k * sr;
        let col = c0 as i32 + k * sc;
        index_at(size, row as usize, col as usize)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::rules::{EnglishRules, InternationalRules};

    fn check_steps<R: Geometry>() {
        for i in 0..R::SQUARES {
            let (row, col) = coordinates(R::SIZE, i);
            let bit = 1u64 << bit_of_index::<R>(i);
            for (d, (dr, dc)) in [(-1i32, -1i32), (-1, 1), (1, -1), (1, 1)]
                .into_iter()
                .enumerate()
            {
                let expected = index_at(
                    R::SIZE,
                    (row as i32 + dr) as usize,
                    (col as i32 + dc) as usize,
                )
                .filter(|_| row as i32 + dr >= 0 && col as i32 + dc >= 0)
                .map_or(0, |j| 1u64 << bit_of_index::<R>(j));
                assert_eq!(step::<R>(bit, d) & R::VALID, expected, "{i} {d}");
            }
        }
    }

    #[test]
    fn steps_agree_with_coordinates() {
        check_steps::<InternationalRules>();
        check_steps::<EnglishRules>();
        assert_eq!(InternationalRules::VALID.count_ones(), 50);
        assert_eq!(EnglishRules::VALID.count_ones(), 32);
        assert_eq!(InternationalRules::WHITE_START.count_ones(), 20);
        assert_eq!(EnglishRules::BLACK_START.count_ones(), 12);
    }
}
