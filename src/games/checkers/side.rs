//! The side to move as a type ([`Side`]), so that "forward" is known at
//! compile time, and the whole-board shifts that step every square of a
//! set at once. Move generation (`movegen`) and the fast perft (`perft`)
//! are both written once, generic over the side.
//!
//! A diagonal step changes a square's index by 4 on every row (the "4"
//! class), or by 3 or 5 depending on the row's parity (the "35" class).
//! From any square, one class goes left and the other right, so the two
//! classes together are the two diagonal directions toward larger numbers
//! (or smaller ones).

use super::geometry::{
    Bitboard, Direction, BOTTOM_ROW, EVEN_NOT_RIGHT, NEIGHBOR_MASK, ODD_NOT_LEFT, SQUARE_COUNT,
    TOP_ROW,
};
use super::piece::Player;

/// The side to move, as a type.
pub(super) trait Side {
    /// The player.
    const PLAYER: Player;
    /// Whether this side's men move toward larger square numbers.
    const DOWN: bool;
    /// Where this side's men are crowned.
    const CROWN: Bitboard;
    /// The directions of this side's men, in the order moves are listed.
    const MAN_DIRECTIONS: [Direction; 2];
    /// `MAN_STEPS[i]`: the squares a man on square index `i` steps to
    /// (when they are empty).
    const MAN_STEPS: [Bitboard; SQUARE_COUNT] = neighbours_toward(Self::MAN_DIRECTIONS);
    /// `BACK_STEPS[i]`: a king's other two neighbours of square index `i`.
    const BACK_STEPS: [Bitboard; SQUARE_COUNT];
    /// The other side.
    type Other: Side;
}

/// Red: moves down (toward 32).
pub(super) struct RedSide;
/// White: moves up (toward 1).
pub(super) struct WhiteSide;

/// The directions toward larger square numbers.
const DOWNWARD: [Direction; 2] = [Direction::DownLeft, Direction::DownRight];
/// The directions toward smaller square numbers.
const UPWARD: [Direction; 2] = [Direction::UpLeft, Direction::UpRight];

impl Side for RedSide {
    const PLAYER: Player = Player::Red;
    const DOWN: bool = true;
    const CROWN: Bitboard = BOTTOM_ROW;
    const MAN_DIRECTIONS: [Direction; 2] = DOWNWARD;
    const BACK_STEPS: [Bitboard; SQUARE_COUNT] = WhiteSide::MAN_STEPS;
    type Other = WhiteSide;
}

impl Side for WhiteSide {
    const PLAYER: Player = Player::White;
    const DOWN: bool = false;
    const CROWN: Bitboard = TOP_ROW;
    const MAN_DIRECTIONS: [Direction; 2] = UPWARD;
    const BACK_STEPS: [Bitboard; SQUARE_COUNT] = RedSide::MAN_STEPS;
    type Other = RedSide;
}

/// `table[i]`: the neighbours of square index `i` in the two directions
/// `toward`.
const fn neighbours_toward(toward: [Direction; 2]) -> [Bitboard; SQUARE_COUNT] {
    let mut table = [0; SQUARE_COUNT];
    let mut i = 0;
    while i < SQUARE_COUNT {
        table[i] = NEIGHBOR_MASK[toward[0] as usize][i] | NEIGHBOR_MASK[toward[1] as usize][i];
        i += 1;
    }
    table
}

/// Every square of `b` one "4"-class step toward larger numbers when
/// `down`, else smaller.
#[inline(always)]
pub(super) const fn shift4(b: Bitboard, down: bool) -> Bitboard {
    if down {
        b << 4
    } else {
        b >> 4
    }
}

/// Every square of `b` one "35"-class step (by 5 or 3 depending on the
/// row) toward larger numbers when `down`, else smaller.
#[inline(always)]
pub(super) const fn shift35(b: Bitboard, down: bool) -> Bitboard {
    if down {
        ((b & EVEN_NOT_RIGHT) << 5) | ((b & ODD_NOT_LEFT) << 3)
    } else {
        ((b & EVEN_NOT_RIGHT) >> 3) | ((b & ODD_NOT_LEFT) >> 5)
    }
}

/// The squares of `movers` with an empty neighbour in `empty` toward
/// larger numbers when `down`.
#[inline(always)]
pub(super) const fn steppers_toward(movers: Bitboard, empty: Bitboard, down: bool) -> Bitboard {
    // Walk back from the empty squares: reverse steps go the other way.
    (shift4(empty, !down) | shift35(empty, !down)) & movers
}

/// The squares of `movers` that can jump over `prey` into `empty` in the
/// two directions toward larger numbers when `down`. A jump is a step of
/// one shift class then one of the other, in either order; both orders
/// keep the direction.
#[inline(always)]
pub(super) const fn jumpers_toward(
    movers: Bitboard,
    prey: Bitboard,
    empty: Bitboard,
    down: bool,
) -> Bitboard {
    // Walk back from the landing squares: reverse steps go the other way.
    (shift4(shift35(empty, !down) & prey, !down) | shift35(shift4(empty, !down) & prey, !down))
        & movers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::geometry::JUMP_MASK;

    /// The shifts against the tables built from (row, column) coordinates.
    #[test]
    fn shift_classes_are_the_two_diagonal_steps() {
        let toward = |table: &[[Bitboard; SQUARE_COUNT]; 4], dirs: [Direction; 2], i: usize| {
            table[dirs[0] as usize][i] | table[dirs[1] as usize][i]
        };
        for i in 0..SQUARE_COUNT {
            let bit = 1 << i;
            for (down, dirs) in [(true, DOWNWARD), (false, UPWARD)] {
                let steps = shift4(bit, down) | shift35(bit, down);
                assert_eq!(steps, toward(&NEIGHBOR_MASK, dirs, i), "steps from {i}");
                let jumps = shift4(shift35(bit, down), down) | shift35(shift4(bit, down), down);
                assert_eq!(jumps, toward(&JUMP_MASK, dirs, i), "jumps from {i}");
            }
            assert_eq!(RedSide::MAN_STEPS[i], toward(&NEIGHBOR_MASK, DOWNWARD, i));
            assert_eq!(RedSide::BACK_STEPS[i], WhiteSide::MAN_STEPS[i]);
            assert_eq!(WhiteSide::BACK_STEPS[i], RedSide::MAN_STEPS[i]);
        }
    }
}
