//! The fast perft behind `Checkers`' [`Game::perft`](crate::Game::perft).
//!
//! Same rules as [`movegen`](super::movegen), laid out for speed: the side
//! to move is a const generic (so "forward" is a fixed shift direction),
//! the board is seen as own/opponent bitboards, steps are enumerated per
//! shift class straight from bitboards, captures are walked depth-first on
//! the square tables without building [`Move`](super::Move) values, and the
//! last ply is counted in bulk (popcounts for steps). Children are copies;
//! nothing allocates. `tests/checkers_perft.rs` checks it against the plain
//! walk through `legal_moves` + `apply_unchecked`.

use super::geometry::{Bitboard, BOTTOM_ROW, JUMP_LANDING, JUMP_MASK, NEIGHBOR_MASK, TOP_ROW};
use super::piece::Player;
use super::position::Checkers;

/// Even-row squares not on the right edge (they step by 5 down, 3 up).
const EVEN_NOT_RIGHT: Bitboard = 0x0707_0707;
/// Odd-row squares not on the left edge (they step by 3 down, 5 up).
const ODD_NOT_LEFT: Bitboard = 0xE0E0_E0E0;
/// Odd-row squares.
const ODD_ROWS: Bitboard = 0xF0F0_F0F0;

/// Direction indices (see `geometry::Direction`).
const UP: [usize; 2] = [0, 1];
const DOWN: [usize; 2] = [2, 3];
const ALL: [usize; 4] = [0, 1, 2, 3];

/// A position from the mover's side. `RED` (a const parameter of the
/// functions below) says whether the mover is Red, i.e. moves down.
#[derive(Clone, Copy)]
struct Board {
    own: Bitboard,
    opponent: Bitboard,
    kings: Bitboard,
}

/// One step toward larger numbers when `DOWN_`, else smaller: the "4" shift
/// class (the same index offset on every row).
#[inline(always)]
const fn shift4<const DOWN_: bool>(b: Bitboard) -> Bitboard {
    if DOWN_ {
        b << 4
    } else {
        b >> 4
    }
}

/// One step in the other shift class (by 5 or 3 depending on the row).
#[inline(always)]
const fn shift35<const DOWN_: bool>(b: Bitboard) -> Bitboard {
    if DOWN_ {
        ((b & EVEN_NOT_RIGHT) << 5) | ((b & ODD_NOT_LEFT) << 3)
    } else {
        ((b & EVEN_NOT_RIGHT) >> 3) | ((b & ODD_NOT_LEFT) >> 5)
    }
}

/// The start index of a "35"-class step that landed on `to`.
#[inline(always)]
const fn source35<const DOWN_: bool>(to: u32) -> u32 {
    let on_odd_row = (1u32 << to) & ODD_ROWS != 0;
    match (DOWN_, on_odd_row) {
        // Down: even rows step +5 onto odd rows, odd rows +3 onto even.
        (true, true) => to - 5,
        (true, false) => to - 3,
        // Up: even rows step -3 onto odd rows, odd rows -5 onto even.
        (false, true) => to + 3,
        (false, false) => to + 5,
    }
}

/// The start index of a "4"-class step that landed on `to`.
#[inline(always)]
const fn source4<const DOWN_: bool>(to: u32) -> u32 {
    if DOWN_ {
        to - 4
    } else {
        to + 4
    }
}

/// The squares of `movers` that can jump in the two directions of
/// `DOWN_` (toward larger numbers when true) given `empty` and `prey`.
/// A jump is a step of one shift class then one of the other, in either
/// order; both orders keep the direction, since the "4" class alternates
/// between left and right from row to row.
#[inline(always)]
fn jumpers_toward<const DOWN_: bool>(
    movers: Bitboard,
    prey: Bitboard,
    empty: Bitboard,
) -> Bitboard {
    // Walk back from the landing squares: reverse steps go the other way.
    (shift4_rev::<DOWN_>(shift35_rev::<DOWN_>(empty) & prey)
        | shift35_rev::<DOWN_>(shift4_rev::<DOWN_>(empty) & prey))
        & movers
}

#[inline(always)]
const fn shift4_rev<const DOWN_: bool>(b: Bitboard) -> Bitboard {
    if DOWN_ {
        b >> 4
    } else {
        b << 4
    }
}

#[inline(always)]
const fn shift35_rev<const DOWN_: bool>(b: Bitboard) -> Bitboard {
    if DOWN_ {
        ((b & EVEN_NOT_RIGHT) >> 3) | ((b & ODD_NOT_LEFT) >> 5)
    } else {
        ((b & EVEN_NOT_RIGHT) << 5) | ((b & ODD_NOT_LEFT) << 3)
    }
}

impl Board {
    #[inline(always)]
    fn empty(&self) -> Bitboard {
        !(self.own | self.opponent)
    }

    /// The mover's pieces that can jump. `RED` moves down.
    #[inline(always)]
    fn jumpers<const RED: bool>(&self) -> Bitboard {
        let empty = self.empty();
        let mut jumpers = jumpers_toward::<RED>(self.own, self.opponent, empty);
        let kings = self.own & self.kings;
        if kings != 0 {
            jumpers |= if RED {
                jumpers_toward::<false>(kings, self.opponent, empty)
            } else {
                jumpers_toward::<true>(kings, self.opponent, empty)
            };
        }
        jumpers
    }

    /// The number of steps (call only when there is no capture).
    #[inline(always)]
    fn count_steps<const RED: bool>(&self) -> u64 {
        let empty = self.empty();
        let mut count = (shift4::<RED>(self.own) & empty).count_ones()
            + (shift35::<RED>(self.own) & empty).count_ones();
        let kings = self.own & self.kings;
        if kings != 0 {
            count += (shift4_rev::<RED>(kings) & empty).count_ones()
                + (shift35_rev::<RED>(kings) & empty).count_ones();
        }
        u64::from(count)
    }

    /// The number of legal moves.
    #[inline(always)]
    fn count_moves<const RED: bool>(&self) -> u64 {
        let jumpers = self.jumpers::<RED>();
        if jumpers == 0 {
            return self.count_steps::<RED>();
        }
        let empty = self.empty();
        let men = jumpers & !self.kings;
        let mut count = 0;
        if men != 0 {
            count += men_capture_count::<RED>(men, self.opponent, empty);
        }
        let mut kings = jumpers & self.kings;
        while kings != 0 {
            let from = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            count += count_paths(from, &ALL, self.opponent, empty | (1 << from));
        }
        count
    }

    /// The position after a man's step, seen from the next mover.
    #[inline(always)]
    fn after_man_step<const RED: bool>(&self, from: u32, to: u32) -> Board {
        let to_bit = 1 << to;
        let crown = if RED { BOTTOM_ROW } else { TOP_ROW };
        Board {
            own: self.opponent,
            opponent: self.own ^ (1 << from) ^ to_bit,
            kings: self.kings | (to_bit & crown),
        }
    }

    /// The position after a king's step, seen from the next mover.
    #[inline(always)]
    fn after_king_step(&self, from: u32, to: u32) -> Board {
        let moved = (1 << from) | (1 << to);
        Board {
            own: self.opponent,
            opponent: self.own ^ moved,
            kings: self.kings ^ moved,
        }
    }

    /// The position after a capture, seen from the next mover.
    #[inline(always)]
    fn after_capture<const RED: bool>(
        &self,
        from: usize,
        to: usize,
        captured: Bitboard,
        king: bool,
    ) -> Board {
        let (from_bit, to_bit) = (1 << from, 1 << to);
        let crown = if RED { BOTTOM_ROW } else { TOP_ROW };
        let kings = self.kings & !captured & !from_bit;
        let kings = if king {
            kings | to_bit
        } else {
            kings | (to_bit & crown)
        };
        Board {
            own: self.opponent & !captured,
            // `& !from | to` keeps the piece on a ring capture (from == to).
            opponent: (self.own & !from_bit) | to_bit,
            kings,
        }
    }
}

/// The number of complete capture paths of the men `men` (all able to
/// jump), in bulk: the landing squares of first jumps are bitboards, and
/// only those from which a man can jump on are followed square by square.
///
/// Sound for men only: they jump forward, so the piece just captured and
/// the square just left lie behind and cannot affect the next jump.
#[inline(always)]
fn men_capture_count<const RED: bool>(men: Bitboard, prey: Bitboard, empty: Bitboard) -> u64 {
    // The two kinds of jump: a "4"-class step then a "35"-class one, or
    // the reverse; each landing square comes from exactly one man.
    let landings = [
        shift35::<RED>(shift4::<RED>(men) & prey) & empty,
        shift4::<RED>(shift35::<RED>(men) & prey) & empty,
    ];
    let directions: &[usize] = if RED { &DOWN } else { &UP };
    let mut count = 0;
    for landing in landings {
        let mut going_on = jumpers_toward::<RED>(landing, prey, empty);
        count += u64::from((landing & !going_on).count_ones());
        while going_on != 0 {
            let at = going_on.trailing_zeros() as usize;
            going_on &= going_on - 1;
            count += count_paths(at, directions, prey, empty);
        }
    }
    count
}

/// The number of complete capture paths from `at` (the piece has left its
/// start square, which `empty` includes).
fn count_paths(at: usize, directions: &[usize], prey: Bitboard, empty: Bitboard) -> u64 {
    let mut count = 0;
    let mut extended = false;
    for &d in directions {
        let over = NEIGHBOR_MASK[d][at];
        if over & prey != 0 && JUMP_MASK[d][at] & empty != 0 {
            extended = true;
            let landing = usize::from(JUMP_LANDING[d][at]);
            count += count_paths(landing, directions, prey & !over, empty);
        }
    }
    count + u64::from(!extended)
}

/// Calls `visit(landing, captured)` for every complete capture path from
/// `at` that has already captured `captured` (non-empty when called from
/// outside).
fn for_each_path<F: FnMut(usize, Bitboard)>(
    at: usize,
    directions: &[usize],
    prey: Bitboard,
    empty: Bitboard,
    captured: Bitboard,
    visit: &mut F,
) {
    let mut extended = false;
    for &d in directions {
        let over = NEIGHBOR_MASK[d][at];
        if over & prey != 0 && JUMP_MASK[d][at] & empty != 0 {
            extended = true;
            let landing = usize::from(JUMP_LANDING[d][at]);
            for_each_path(
                landing,
                directions,
                prey & !over,
                empty,
                captured | over,
                visit,
            );
        }
    }
    if !extended {
        visit(at, captured);
    }
}

/// Perft with the mover fixed at compile time.
///
/// Precondition: `depth >= 1`.
fn perft_from<const RED: bool>(board: &Board, depth: u32) -> u64 {
    debug_assert!(depth >= 1);
    if depth == 1 {
        return board.count_moves::<RED>();
    }
    let next = |child: &Board| {
        if RED {
            perft_from::<false>(child, depth - 1)
        } else {
            perft_from::<true>(child, depth - 1)
        }
    };
    let mut total = 0;
    let jumpers = board.jumpers::<RED>();
    if jumpers != 0 {
        let mut rest = jumpers;
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let empty = board.empty() | (1 << from);
            let king = board.kings & (1 << from) != 0;
            let directions: &[usize] = if king {
                &ALL
            } else if RED {
                &DOWN
            } else {
                &UP
            };
            for_each_path(
                from,
                directions,
                board.opponent,
                empty,
                0,
                &mut |to, captured| {
                    total += next(&board.after_capture::<RED>(from, to, captured, king));
                },
            );
        }
        return total;
    }
    let empty = board.empty();
    let men = board.own & !board.kings;
    let kings = board.own & board.kings;
    let mut targets = shift4::<RED>(men) & empty;
    while targets != 0 {
        let to = targets.trailing_zeros();
        targets &= targets - 1;
        total += next(&board.after_man_step::<RED>(source4::<RED>(to), to));
    }
    let mut targets = shift35::<RED>(men) & empty;
    while targets != 0 {
        let to = targets.trailing_zeros();
        targets &= targets - 1;
        total += next(&board.after_man_step::<RED>(source35::<RED>(to), to));
    }
    if kings != 0 {
        total += king_steps::<RED>(board, kings, empty, &next);
        // The same kings stepping the other way.
        total += if RED {
            king_steps::<false>(board, kings, empty, &next)
        } else {
            king_steps::<true>(board, kings, empty, &next)
        };
    }
    total
}

/// The sum of `next` over the kings' steps toward larger numbers when
/// `DOWN_`, else smaller.
#[inline(always)]
fn king_steps<const DOWN_: bool>(
    board: &Board,
    kings: Bitboard,
    empty: Bitboard,
    next: &impl Fn(&Board) -> u64,
) -> u64 {
    let mut total = 0;
    let mut targets = shift4::<DOWN_>(kings) & empty;
    while targets != 0 {
        let to = targets.trailing_zeros();
        targets &= targets - 1;
        total += next(&board.after_king_step(source4::<DOWN_>(to), to));
    }
    let mut targets = shift35::<DOWN_>(kings) & empty;
    while targets != 0 {
        let to = targets.trailing_zeros();
        targets &= targets - 1;
        total += next(&board.after_king_step(source35::<DOWN_>(to), to));
    }
    total
}

/// Perft of `position` to `depth`: the number of move sequences of exactly
/// `depth` plies. Never allocates.
pub(super) fn perft(position: &Checkers, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (own, opponent) = match position.turn {
        Player::Red => (position.red, position.white),
        Player::White => (position.white, position.red),
    };
    let board = Board {
        own,
        opponent,
        kings: position.kings,
    };
    match position.turn {
        Player::Red => perft_from::<true>(&board, depth),
        Player::White => perft_from::<false>(&board, depth),
    }
}
