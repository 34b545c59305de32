//! Board geometry: the 32 playable squares as bits of a `u32`, the four
//! diagonal directions, and precomputed neighbour tables.
//!
//! Bit `i` stands for PDN square `i + 1`. Row `r` (0 at the top, Red's side)
//! holds squares `4r + 1 ..= 4r + 4`; on even rows they sit on columns
//! 1, 3, 5, 7 and on odd rows on columns 0, 2, 4, 6. A diagonal step is
//! therefore a shift by 3, 4 or 5 bits depending on the row's parity, and a
//! jump (two steps in one direction) is always a shift by 7 or 9.

/// A set of squares: bit `i` is PDN square `i + 1`.
pub(crate) type Bitboard = u32;

/// The number of playable squares.
pub(crate) const SQUARE_COUNT: usize = 32;
/// Squares per row.
pub(crate) const SQUARES_PER_ROW: usize = 4;
/// Rows (and columns) of the board.
pub(crate) const BOARD_SIZE: usize = 8;

/// Squares on odd rows (1, 3, 5, 7): columns 0, 2, 4, 6.
pub(crate) const ODD_ROWS: Bitboard = 0xF0F0_F0F0;
/// Even-row squares not on the right edge (column 7).
pub(crate) const EVEN_NOT_RIGHT: Bitboard = 0x0707_0707;
/// Odd-row squares not on the left edge (column 0).
pub(crate) const ODD_NOT_LEFT: Bitboard = 0xE0E0_E0E0;

/// Row 0, squares 1–4: where White men are crowned.
pub(crate) const TOP_ROW: Bitboard = 0x0000_000F;
/// Row 7, squares 29–32: where Red men are crowned.
pub(crate) const BOTTOM_ROW: Bitboard = 0xF000_0000;

/// One of the four diagonal directions. "Up" is toward square 1 (Red's home
/// row), "left" toward the column of square 5.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Direction {
    /// Toward smaller square numbers, left.
    UpLeft = 0,
    /// Toward smaller square numbers, right.
    UpRight = 1,
    /// Toward larger square numbers, left.
    DownLeft = 2,
    /// Toward larger square numbers, right.
    DownRight = 3,
}

impl Direction {
    /// All four, in the order move generation tries them. For a given
    /// square this order visits neighbours in increasing square number.
    pub(crate) const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The direction with the given two-bit code.
    #[inline]
    pub(crate) const fn from_code(code: u32) -> Direction {
        match code & 3 {
            0 => Direction::UpLeft,
            1 => Direction::UpRight,
            2 => Direction::DownLeft,
            _ => Direction::DownRight,
        }
    }

    /// The two-bit code stored in move paths.
    #[inline]
    pub(crate) const fn code(self) -> u32 {
        self as u32
    }

    /// The row and column change of one step.
    const fn delta(self) -> (i32, i32) {
        match self {
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }

    /// The square index one step from index `from` this way, if on the
    /// board.
    pub(crate) fn step_from(self, from: usize) -> Option<usize> {
        let to = *NEIGHBOR[self as usize].get(from)?;
        (to != NO_SQUARE).then_some(usize::from(to))
    }

    /// The square index a jump from index `from` this way lands on, if on
    /// the board.
    pub(crate) fn jump_from(self, from: usize) -> Option<usize> {
        let to = *JUMP_LANDING[self as usize].get(from)?;
        (to != NO_SQUARE).then_some(usize::from(to))
    }

    /// The direction of a step from `from` to `to` (indices 0..32), if
    /// `to` is a diagonal neighbour of `from`.
    pub(crate) fn of_step(from: usize, to: usize) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&d| usize::from(NEIGHBOR[d as usize][from]) == to)
    }

    /// The direction of a jump from `from` to `to` (indices 0..32), if
    /// `to` is two diagonal steps away from `from` in one direction.
    pub(crate) fn of_jump(from: usize, to: usize) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&d| usize::from(JUMP_LANDING[d as usize][from]) == to)
    }
}

/// Marks "no such square" in the index tables.
pub(crate) const NO_SQUARE: u8 = u8::MAX;

/// The (row, column) of square index `i`.
pub(crate) const fn coordinates(i: usize) -> (usize, usize) {
    let row = i / SQUARES_PER_ROW;
    let col = 2 * (i % SQUARES_PER_ROW) + if row % 2 == 0 { 1 } else { 0 };
    (row, col)
}

/// The square index at (row, column), or [`NO_SQUARE`] when off the board
/// or on a light square.
pub(crate) const fn index_at(row: i32, col: i32) -> u8 {
    let size = BOARD_SIZE as i32;
    if row < 0 || row >= size || col < 0 || col >= size || (row + col) % 2 == 0 {
        NO_SQUARE
    } else {
        (row as usize * SQUARES_PER_ROW + col as usize / 2) as u8
    }
}

const fn neighbor_table(distance: i32) -> [[u8; SQUARE_COUNT]; 4] {
    let mut table = [[NO_SQUARE; SQUARE_COUNT]; 4];
    let mut d = 0;
    while d < 4 {
        let (dr, dc) = Direction::from_code(d as u32).delta();
        let mut i = 0;
        while i < SQUARE_COUNT {
            let (row, col) = coordinates(i);
            table[d][i] = index_at(row as i32 + distance * dr, col as i32 + distance * dc);
            i += 1;
        }
        d += 1;
    }
    table
}

/// `NEIGHBOR[d][i]`: the square one step from `i` in direction `d`.
pub(crate) const NEIGHBOR: [[u8; SQUARE_COUNT]; 4] = neighbor_table(1);
/// `JUMP_LANDING[d][i]`: the square two steps from `i` in direction `d`.
pub(crate) const JUMP_LANDING: [[u8; SQUARE_COUNT]; 4] = neighbor_table(2);

const fn mask_table(indices: [[u8; SQUARE_COUNT]; 4]) -> [[Bitboard; SQUARE_COUNT]; 4] {
    let mut table = [[0; SQUARE_COUNT]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < SQUARE_COUNT {
            if indices[d][i] != NO_SQUARE {
                table[d][i] = 1 << indices[d][i];
            }
            i += 1;
        }
        d += 1;
    }
    table
}

/// `NEIGHBOR_MASK[d][i]`: the bit of [`NEIGHBOR`]`[d][i]`, 0 when none.
pub(crate) const NEIGHBOR_MASK: [[Bitboard; SQUARE_COUNT]; 4] = mask_table(NEIGHBOR);
/// `JUMP_MASK[d][i]`: the bit of [`JUMP_LANDING`]`[d][i]`, 0 when none.
pub(crate) const JUMP_MASK: [[Bitboard; SQUARE_COUNT]; 4] = mask_table(JUMP_LANDING);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_neighbours_in_pdn_numbers() {
        // Square 9 (index 8) steps down to 13 and 14; square 12 only to 16.
        assert_eq!(NEIGHBOR[Direction::DownLeft as usize][8], 12);
        assert_eq!(NEIGHBOR[Direction::DownRight as usize][8], 13);
        assert_eq!(NEIGHBOR[Direction::DownLeft as usize][11], 15);
        assert_eq!(NEIGHBOR[Direction::DownRight as usize][11], NO_SQUARE);
        // 22 jumps over 18 to 15 (indices 21 -> 14), and over 17 to 13.
        assert_eq!(JUMP_LANDING[Direction::UpRight as usize][21], 14);
        assert_eq!(JUMP_LANDING[Direction::UpLeft as usize][21], 12);
    }
}
