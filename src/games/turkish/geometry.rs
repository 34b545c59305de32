//! The board's geometry: the four orthogonal directions, the step from a
//! square in each, the rays, and the squares between two squares of a
//! line, as constant tables (2.5 KiB in all).

/// Squares on a side of the board.
pub const SIZE: usize = 8;

/// Squares on the board: every one is used.
pub const SQUARES: usize = SIZE * SIZE;

/// A direction on the board: up (towards rank 8), down, left (towards
/// file `a`), right.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Direction(u8);

impl Direction {
    /// Towards rank 8: White's forward.
    pub(crate) const UP: Direction = Direction(0);
    /// Towards rank 1: Black's forward.
    pub(crate) const DOWN: Direction = Direction(1);
    /// Towards file `a`.
    pub(crate) const LEFT: Direction = Direction(2);
    /// Towards file `h`.
    pub(crate) const RIGHT: Direction = Direction(3);
    /// Every direction.
    pub(crate) const ALL: [Direction; 4] = [
        Direction::UP,
        Direction::DOWN,
        Direction::LEFT,
        Direction::RIGHT,
    ];
    /// No direction yet (the start of a capture): its reverse is no
    /// direction either, so no turn is forbidden.
    pub(crate) const NONE: Direction = Direction(4);

    /// The opposite direction (the 180° turn a capture may not make).
    #[inline]
    pub(crate) const fn reverse(self) -> Direction {
        match self.0 {
            0 => Direction::DOWN,
            1 => Direction::UP,
            2 => Direction::RIGHT,
            3 => Direction::LEFT,
            _ => Direction::NONE,
        }
    }

    /// The direction from `from` to `to` when both are on one rank or one
    /// file (and differ), else `None`.
    pub(crate) fn between(from: usize, to: usize) -> Option<Direction> {
        let (from_row, from_column) = (from / SIZE, from % SIZE);
        let (to_row, to_column) = (to / SIZE, to % SIZE);
        if from == to || from >= SQUARES || to >= SQUARES {
            None
        } else if from_column == to_column {
            Some(if to_row > from_row {
                Direction::UP
            } else {
                Direction::DOWN
            })
        } else if from_row == to_row {
            Some(if to_column > from_column {
                Direction::RIGHT
            } else {
                Direction::LEFT
            })
        } else {
            None
        }
    }
}

/// "No square": a step off the board.
pub(crate) const OFF: u8 = u8::MAX;

/// `STEPS[direction][square]`: the next square in that direction, or
/// [`OFF`].
const STEPS: [[u8; SQUARES]; 4] = steps();

/// `RAYS[direction][square]`: every square beyond `square` in that
/// direction, up to the edge (`square` itself excluded).
const RAYS: [[u64; SQUARES]; 4] = rays();

const fn steps() -> [[u8; SQUARES]; 4] {
    let mut table = [[OFF; SQUARES]; 4];
    let mut square = 0;
    while square < SQUARES {
        let (row, column) = (square / SIZE, square % SIZE);
        if row + 1 < SIZE {
            table[0][square] = (square + SIZE) as u8;
        }
        if row > 0 {
            table[1][square] = (square - SIZE) as u8;
        }
        if column > 0 {
            table[2][square] = (square - 1) as u8;
        }
        if column + 1 < SIZE {
            table[3][square] = (square + 1) as u8;
        }
        square += 1;
    }
    table
}

const fn rays() -> [[u64; SQUARES]; 4] {
    let steps = steps();
    let mut table = [[0; SQUARES]; 4];
    let mut direction = 0;
    while direction < 4 {
        let mut square = 0;
        while square < SQUARES {
            let mut ray = 0u64;
            let mut next = steps[direction][square];
            while next != OFF {
                ray |= 1 << next;
                next = steps[direction][next as usize];
            }
            table[direction][square] = ray;
            square += 1;
        }
        direction += 1;
    }
    table
}

/// The square one step from `square` in `direction`, or [`OFF`].
///
/// Precondition: `square < 64`, `direction` is not [`Direction::NONE`].
#[inline]
pub(crate) fn step(square: usize, direction: Direction) -> u8 {
    STEPS[direction.0 as usize][square]
}

/// The squares beyond `square` in `direction` (`square` excluded).
#[inline]
pub(crate) fn ray(square: usize, direction: Direction) -> u64 {
    RAYS[direction.0 as usize][square]
}

/// The squares strictly between `from` and `to`, which share a rank or a
/// file; empty otherwise.
#[inline]
pub(crate) fn between(from: usize, to: usize) -> u64 {
    match Direction::between(from, to) {
        Some(direction) => ray(from, direction) & !ray(to, direction) & !(1 << to),
        None => 0,
    }
}

/// Rank 1, where Black's men are crowned.
pub(crate) const RANK_1: u64 = 0xFF;
/// Rank 8, where White's men are crowned.
pub(crate) const RANK_8: u64 = 0xFF << 56;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_rays_and_between_agree() {
        assert_eq!(step(0, Direction::UP), 8);
        assert_eq!(step(0, Direction::LEFT), OFF);
        assert_eq!(step(7, Direction::RIGHT), OFF);
        assert_eq!(ray(0, Direction::RIGHT), 0xFE);
        assert_eq!(between(0, 3), 0b110);
        assert_eq!(between(3, 0), 0b110);
        assert_eq!(between(0, 24), (1 << 8) | (1 << 16));
        assert_eq!(between(0, 9), 0);
        for direction in Direction::ALL {
            assert_eq!(direction.reverse().reverse(), direction);
        }
    }
}
