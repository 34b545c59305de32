//! The fast perft behind `Checkers`' [`Game::perft`](crate::Game::perft).
//!
//! Same rules as [`movegen`](super::movegen), laid out for speed:
//! - the side to move is a type ([`Side`]), so "forward" is a fixed shift
//!   direction, and the board is seen as own/opponent bitboards;
//! - steps are enumerated per shift class straight from bitboards, and
//!   counted with popcounts at the last ply;
//! - men's captures (almost all captures) are found in bulk from bitboards,
//!   first jumps for all men at once; only men that can jump on are
//!   followed, by shifts. Kings' captures walk the square tables;
//! - no [`Move`](super::Move) values are built; children are copies of a
//!   12-byte board; nothing allocates;
//! - the last two plies are inlined into one loop (a [`Visitor`] that
//!   counts the child's moves).
//!
//! `tests/checkers/perft.rs` and `tests/checkers/playouts.rs` check it
//! against the plain walk through `legal_moves` + `apply_unchecked`, from
//! the start and from positions with kings, multi-jumps and rings.

use super::geometry::{Bitboard, Direction, JUMP_LANDING, JUMP_MASK, NEIGHBOR_MASK, ODD_ROWS};
use super::piece::Player;
use super::position::Checkers;
use super::side::{jumpers_toward, shift35, shift4, RedSide, Side, WhiteSide};

/// A position from the mover's side.
#[derive(Clone, Copy)]
struct Board {
    own: Bitboard,
    opponent: Bitboard,
    kings: Bitboard,
}

/// The start index of a "35"-class step that landed on `to`.
#[inline(always)]
const fn source35(to: u32, down: bool) -> u32 {
    let on_odd_row = (1u32 << to) & ODD_ROWS != 0;
    match (down, on_odd_row) {
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
const fn source4(to: u32, down: bool) -> u32 {
    if down {
        to - 4
    } else {
        to + 4
    }
}

/// `a.count_ones() + b.count_ones()` with one 64-bit count: without a
/// popcount instruction (the x86-64 baseline) this halves the work.
#[inline(always)]
const fn count_both(a: Bitboard, b: Bitboard) -> u32 {
    (((a as u64) << 32) | b as u64).count_ones()
}

impl Board {
    #[inline(always)]
    fn empty(&self) -> Bitboard {
        !(self.own | self.opponent)
    }

    /// The mover's pieces that can jump.
    #[inline(always)]
    fn jumpers<S: Side>(&self) -> Bitboard {
        let empty = self.empty();
        let mut jumpers = jumpers_toward(self.own, self.opponent, empty, S::DOWN);
        let kings = self.own & self.kings;
        if kings != 0 {
            jumpers |= jumpers_toward(kings, self.opponent, empty, !S::DOWN);
        }
        jumpers
    }

    /// The number of steps (call only when there is no capture).
    #[inline(always)]
    fn count_steps<S: Side>(&self) -> u64 {
        let empty = self.empty();
        let mut count = count_both(
            shift4(self.own, S::DOWN) & empty,
            shift35(self.own, S::DOWN) & empty,
        );
        let kings = self.own & self.kings;
        if kings != 0 {
            count += count_both(
                shift4(kings, !S::DOWN) & empty,
                shift35(kings, !S::DOWN) & empty,
            );
        }
        u64::from(count)
    }

    /// The number of legal moves.
    #[inline(always)]
    fn count_moves<S: Side>(&self) -> u64 {
        let jumpers = self.jumpers::<S>();
        if jumpers == 0 {
            return self.count_steps::<S>();
        }
        let empty = self.empty();
        let men = jumpers & !self.kings;
        let mut count = 0;
        if men != 0 {
            count += men_capture_count::<S>(men, self.opponent, empty);
        }
        let mut kings = jumpers & self.kings;
        while kings != 0 {
            let from = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            count += count_paths(from, &Direction::ALL, self.opponent, empty | (1 << from));
        }
        count
    }

    /// The position after a man's step, seen from the next mover.
    #[inline(always)]
    fn after_man_step<S: Side>(&self, from: u32, to: u32) -> Board {
        let to_bit = 1 << to;
        Board {
            own: self.opponent,
            opponent: self.own ^ (1 << from) ^ to_bit,
            kings: self.kings | (to_bit & S::CROWN),
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
    fn after_capture<S: Side>(
        &self,
        from: usize,
        to: usize,
        captured: Bitboard,
        king: bool,
    ) -> Board {
        let (from_bit, to_bit) = (1 << from, 1 << to);
        let kings = self.kings & !captured & !from_bit;
        let kings = if king {
            kings | to_bit
        } else {
            kings | (to_bit & S::CROWN)
        };
        Board {
            own: self.opponent & !captured,
            // `& !from | to` keeps the piece on a ring capture (from == to).
            opponent: (self.own & !from_bit) | to_bit,
            kings,
        }
    }

    /// The sum of `visitor` over the positions after the captures of the
    /// men `men` (all able to jump). First jumps are found in bulk, as in
    /// [`men_capture_count`]; only landings from which the man can jump on
    /// are walked square by square.
    #[inline(always)]
    fn sum_men_captures<S: Side, V: Visitor>(
        &self,
        men: Bitboard,
        empty: Bitboard,
        visitor: &V,
    ) -> u64 {
        let prey = self.opponent;
        let mut total = 0;
        // "4"-class step over the piece, then "35"-class step to land.
        let landings = shift35(shift4(men, S::DOWN) & prey, S::DOWN) & empty;
        let going_on = jumpers_toward(landings, prey, empty, S::DOWN);
        let mut rest = landings;
        while rest != 0 {
            let to = rest.trailing_zeros();
            rest &= rest - 1;
            let over = source35(to, S::DOWN);
            let from = source4(over, S::DOWN);
            total += self.sum_man_capture::<S, V>(from, over, to, going_on, visitor);
        }
        // "35"-class step over the piece, then "4"-class step to land.
        let landings = shift4(shift35(men, S::DOWN) & prey, S::DOWN) & empty;
        let going_on = jumpers_toward(landings, prey, empty, S::DOWN);
        let mut rest = landings;
        while rest != 0 {
            let to = rest.trailing_zeros();
            rest &= rest - 1;
            let over = source4(to, S::DOWN);
            let from = source35(over, S::DOWN);
            total += self.sum_man_capture::<S, V>(from, over, to, going_on, visitor);
        }
        total
    }

    /// The sum of `visitor` after a man's capture that starts with the jump
    /// `from` over `over` to `to`; `going_on` holds the landing squares
    /// from which the man can jump on.
    #[inline(always)]
    fn sum_man_capture<S: Side, V: Visitor>(
        &self,
        from: u32,
        over: u32,
        to: u32,
        going_on: Bitboard,
        visitor: &V,
    ) -> u64 {
        let (from, over, to) = (from as usize, over as usize, to as usize);
        let captured = 1 << over;
        if going_on & (1 << to) == 0 {
            return visitor.visit(&self.after_capture::<S>(from, to, captured, false));
        }
        let mut total = 0;
        for_each_path(
            to,
            &S::MAN_DIRECTIONS,
            self.opponent & !captured,
            !(self.own | self.opponent) | (1 << from),
            captured,
            &mut |end, captured| {
                total += visitor.visit(&self.after_capture::<S>(from, end, captured, false));
            },
        );
        total
    }

    /// The sum of `visitor` over the positions after each legal move.
    #[inline(always)]
    fn sum_children<S: Side, V: Visitor>(&self, visitor: &V) -> u64 {
        let mut total = 0;
        let jumpers = self.jumpers::<S>();
        if jumpers != 0 {
            let empty = self.empty();
            let men = jumpers & !self.kings;
            if men != 0 {
                total += self.sum_men_captures::<S, V>(men, empty, visitor);
            }
            let mut kings = jumpers & self.kings;
            while kings != 0 {
                let from = kings.trailing_zeros() as usize;
                kings &= kings - 1;
                for_each_path(
                    from,
                    &Direction::ALL,
                    self.opponent,
                    empty | (1 << from),
                    0,
                    &mut |to, captured| {
                        total += visitor.visit(&self.after_capture::<S>(from, to, captured, true));
                    },
                );
            }
            return total;
        }
        let empty = self.empty();
        let men = self.own & !self.kings;
        let mut targets = shift4(men, S::DOWN) & empty;
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            total += visitor.visit(&self.after_man_step::<S>(source4(to, S::DOWN), to));
        }
        let mut targets = shift35(men, S::DOWN) & empty;
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            total += visitor.visit(&self.after_man_step::<S>(source35(to, S::DOWN), to));
        }
        let kings = self.own & self.kings;
        if kings != 0 {
            for down in [true, false] {
                let mut targets = shift4(kings, down) & empty;
                while targets != 0 {
                    let to = targets.trailing_zeros();
                    targets &= targets - 1;
                    total += visitor.visit(&self.after_king_step(source4(to, down), to));
                }
                let mut targets = shift35(kings, down) & empty;
                while targets != 0 {
                    let to = targets.trailing_zeros();
                    targets &= targets - 1;
                    total += visitor.visit(&self.after_king_step(source35(to, down), to));
                }
            }
        }
        total
    }
}

/// The number of complete capture paths of the men `men` (all able to
/// jump), in bulk: the landing squares of first jumps are bitboards, and
/// only those from which a man can jump on are followed square by square.
///
/// Sound for men only: they jump forward, so the piece just captured and
/// the square just left lie behind and cannot affect the next jump.
#[inline(always)]
fn men_capture_count<S: Side>(men: Bitboard, prey: Bitboard, empty: Bitboard) -> u64 {
    // The two kinds of jump: a "4"-class step then a "35"-class one, or
    // the reverse; each landing square comes from exactly one man.
    let landings = [
        shift35(shift4(men, S::DOWN) & prey, S::DOWN) & empty,
        shift4(shift35(men, S::DOWN) & prey, S::DOWN) & empty,
    ];
    let going_on = [
        jumpers_toward(landings[0], prey, empty, S::DOWN),
        jumpers_toward(landings[1], prey, empty, S::DOWN),
    ];
    let mut count = u64::from(count_both(
        landings[0] & !going_on[0],
        landings[1] & !going_on[1],
    ));
    for mut rest in going_on {
        while rest != 0 {
            let at = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            count += count_man_paths(1 << at, prey, empty, S::DOWN);
        }
    }
    count
}

/// The number of complete capture paths of a man on `at` (one bit) that
/// is jumping toward larger numbers when `down`. The pieces it has
/// captured and the square it left lie behind it, so `prey` and `empty`
/// need no update along the way.
fn count_man_paths(at: Bitboard, prey: Bitboard, empty: Bitboard, down: bool) -> u64 {
    let via4 = shift35(shift4(at, down) & prey, down) & empty;
    let via35 = shift4(shift35(at, down) & prey, down) & empty;
    if via4 | via35 == 0 {
        return 1;
    }
    let mut count = 0;
    if via4 != 0 {
        count += count_man_paths(via4, prey, empty, down);
    }
    if via35 != 0 {
        count += count_man_paths(via35, prey, empty, down);
    }
    count
}

/// The number of complete capture paths from `at` (the piece has left its
/// start square, which `empty` includes).
///
/// The same walk as [`for_each_path`], kept separate on purpose: counting
/// through `for_each_path` with a closure costs 11% more instructions in a
/// kings endgame (callgrind, `perft -- checkers 8 --fen
/// "W:WK10,K27,29,30:BK14,K18,K3,5,6"`: 78.2 M vs 70.2 M).
fn count_paths(at: usize, directions: &[Direction], prey: Bitboard, empty: Bitboard) -> u64 {
    let mut count = 0;
    let mut extended = false;
    for &d in directions {
        let d = d as usize;
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
/// `at` that has already captured `captured`.
fn for_each_path<F: FnMut(usize, Bitboard)>(
    at: usize,
    directions: &[Direction],
    prey: Bitboard,
    empty: Bitboard,
    captured: Bitboard,
    visit: &mut F,
) {
    let mut extended = false;
    for &d in directions {
        let d = d as usize;
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

/// What [`Board::sum_children`] does with each child. A trait rather than
/// a closure so that the leaf count can be forced inline.
trait Visitor {
    /// The count under `child`.
    fn visit(&self, child: &Board) -> u64;
}

/// Counts the child's moves: the last ply, in bulk.
struct CountMoves<S>(core::marker::PhantomData<S>);

impl<S: Side> Visitor for CountMoves<S> {
    #[inline(always)]
    fn visit(&self, child: &Board) -> u64 {
        child.count_moves::<S>()
    }
}

/// Recurses to `depth` below the child.
struct Recurse<S> {
    depth: u32,
    side: core::marker::PhantomData<S>,
}

impl<S: Side> Visitor for Recurse<S> {
    #[inline(always)]
    fn visit(&self, child: &Board) -> u64 {
        perft_from::<S>(child, self.depth)
    }
}

/// Perft with the mover fixed at compile time. The last two plies are
/// special-cased so that counting the leaves is inlined into the loop over
/// their parents' moves.
///
/// Precondition: `depth >= 1`.
fn perft_from<S: Side>(board: &Board, depth: u32) -> u64 {
    debug_assert!(depth >= 1);
    match depth {
        1 => board.count_moves::<S>(),
        2 => board.sum_children::<S, _>(&CountMoves::<S::Other>(core::marker::PhantomData)),
        _ => board.sum_children::<S, _>(&Recurse::<S::Other> {
            depth: depth - 1,
            side: core::marker::PhantomData,
        }),
    }
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
        Player::Red => perft_from::<RedSide>(&board, depth),
        Player::White => perft_from::<WhiteSide>(&board, depth),
    }
}
