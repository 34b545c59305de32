//! Move generation and making moves for [`Checkers`]. Nothing here
//! allocates.
//!
//! Generation is written once, generic over the side to move ([`Side`]),
//! and lists the moves in a fixed order: when any capture exists, only
//! captures, by start square, each piece's paths depth-first in direction
//! order; otherwise steps by start square, then by destination (which is
//! also direction order).

use super::geometry::{
    Bitboard, Direction, BOTTOM_ROW, JUMP_LANDING, JUMP_MASK, NEIGHBOR, NEIGHBOR_MASK,
    SQUARE_COUNT, TOP_ROW,
};
use super::moves::Move;
use super::piece::Player;
use super::position::{Checkers, Moves, MAX_MOVES};
use super::side::{jumpers_toward, steppers_toward, RedSide, Side, WhiteSide};

/// The slots of a move list being filled (see `MoveList::filled_by`).
type Slots = [Move; MAX_MOVES];

/// The row where `player`'s men are crowned.
#[inline(always)]
const fn crowning_row(player: Player) -> Bitboard {
    match player {
        Player::Red => BOTTOM_ROW,
        Player::White => TOP_ROW,
    }
}

/// A position seen from the side to move.
#[derive(Clone, Copy)]
struct View {
    own: Bitboard,
    own_kings: Bitboard,
    opponent: Bitboard,
    empty: Bitboard,
}

impl View {
    /// `position` seen by `S`.
    #[inline(always)]
    fn of<S: Side>(position: &Checkers) -> View {
        let own = position.pieces(S::PLAYER);
        View {
            own,
            own_kings: own & position.kings,
            opponent: position.pieces(S::PLAYER.opponent()),
            empty: !(position.red | position.white),
        }
    }

    /// The pieces that can jump.
    #[inline(always)]
    fn jumpers<S: Side>(&self) -> Bitboard {
        let mut jumpers = jumpers_toward(self.own, self.opponent, self.empty, S::DOWN);
        if self.own_kings != 0 {
            jumpers |= jumpers_toward(self.own_kings, self.opponent, self.empty, !S::DOWN);
        }
        jumpers
    }

    /// The pieces that can step.
    #[inline(always)]
    fn steppers<S: Side>(&self) -> Bitboard {
        let mut steppers = steppers_toward(self.own, self.empty, S::DOWN);
        if self.own_kings != 0 {
            steppers |= steppers_toward(self.own_kings, self.empty, !S::DOWN);
        }
        steppers
    }

    /// Writes every legal move into `slots`, in the module's order, and
    /// returns how many.
    #[inline(always)]
    fn write_moves<S: Side>(&self, slots: &mut Slots) -> usize {
        let mut len = 0;
        let jumpers = self.jumpers::<S>();
        if jumpers != 0 {
            let mut rest = jumpers;
            while rest != 0 {
                let from = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let start = Move::capture_start(from);
                // The moving piece's own square counts as empty: a king may
                // come back to it around a ring.
                let empty = self.empty | (1 << from);
                len = if self.own_kings & (1 << from) != 0 {
                    jump_from(
                        slots,
                        len,
                        start,
                        from,
                        &Direction::ALL,
                        self.opponent,
                        empty,
                    )
                } else {
                    jump_from(
                        slots,
                        len,
                        start,
                        from,
                        &S::MAN_DIRECTIONS,
                        self.opponent,
                        empty,
                    )
                };
            }
            return len;
        }
        let mut steppers = self.steppers::<S>();
        while steppers != 0 {
            let from = steppers.trailing_zeros() as usize % SQUARE_COUNT;
            steppers &= steppers - 1;
            // All ones for a king, none for a man.
            let king = ((self.own_kings >> from) & 1).wrapping_neg();
            let mut targets = (S::MAN_STEPS[from] | (S::BACK_STEPS[from] & king)) & self.empty;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                len = Moves::write_slot(slots, len, Move::step(from, to));
            }
        }
        len
    }
}

impl Checkers {
    /// Whether the side to move has a legal move.
    pub(super) fn has_legal_move(&self) -> bool {
        match self.turn {
            Player::Red => View::of::<RedSide>(self).has_move::<RedSide>(),
            Player::White => View::of::<WhiteSide>(self).has_move::<WhiteSide>(),
        }
    }

    /// Whether the side to move has a step to play and no jump (a quiet
    /// position, not over).
    pub(super) fn is_quiet(&self) -> bool {
        fn quiet<S: Side>(view: &View) -> bool {
            view.jumpers::<S>() == 0 && view.steppers::<S>() != 0
        }
        match self.turn {
            Player::Red => quiet::<RedSide>(&View::of::<RedSide>(self)),
            Player::White => quiet::<WhiteSide>(&View::of::<WhiteSide>(self)),
        }
    }

    /// Writes every legal move into `slots` and returns how many: captures
    /// (only captures when there is one) by start square, each piece's
    /// paths depth-first in direction order; otherwise steps by start
    /// square, then destination.
    #[inline(always)]
    pub(super) fn write_moves(&self, slots: &mut Slots) -> usize {
        match self.turn {
            Player::Red => View::of::<RedSide>(self).write_moves::<RedSide>(slots),
            Player::White => View::of::<WhiteSide>(self).write_moves::<WhiteSide>(slots),
        }
    }

    /// Plays `mv` for the side to move without checking it.
    ///
    /// Precondition: `mv` is legal here. Postcondition: the type's
    /// invariants hold (asserted in debug builds).
    #[inline(always)]
    pub(super) fn play_unchecked(&mut self, mv: Move) {
        let from = 1 << mv.start_index();
        let to = 1 << mv.end_index();
        let captured = mv.captured_mask();
        let (own, opponent) = match self.turn {
            Player::Red => (&mut self.red, &mut self.white),
            Player::White => (&mut self.white, &mut self.red),
        };
        // Written so that a ring capture (from == to) keeps its piece.
        *own = (*own & !from) | to;
        *opponent &= !captured;
        let was_king = self.kings & from != 0;
        self.kings &= !(from | captured);
        if was_king || to & crowning_row(self.turn) != 0 {
            self.kings |= to;
        }
        self.turn = self.turn.opponent();
        self.debug_assert_invariants();
    }
}

impl View {
    /// Whether `S`, to move, has a legal move.
    #[inline(always)]
    fn has_move<S: Side>(&self) -> bool {
        self.steppers::<S>() != 0 || self.jumpers::<S>() != 0
    }
}

/// Writes into `slots` from `len` on every complete capture that extends
/// `so_far`, whose piece stands on `at`, by jumps in `directions`; returns
/// the new length.
///
/// `prey` holds the opponent's pieces not yet jumped; `empty` includes the
/// capturing piece's start square. Captured pieces stay on the board until
/// the move ends, so they can neither be jumped again (they are not prey)
/// nor landed on (they are not empty).
fn jump_from<const K: usize>(
    slots: &mut Slots,
    mut len: usize,
    so_far: Move,
    at: usize,
    directions: &[Direction; K],
    prey: Bitboard,
    empty: Bitboard,
) -> usize {
    let mut extended = false;
    for &d in directions {
        let over = NEIGHBOR_MASK[d as usize][at];
        if over & prey != 0 && JUMP_MASK[d as usize][at] & empty != 0 {
            extended = true;
            let landing = usize::from(JUMP_LANDING[d as usize][at]);
            let next = so_far.with_jump(d, usize::from(NEIGHBOR[d as usize][at]), landing);
            len = jump_from(slots, len, next, landing, directions, prey & !over, empty);
        }
    }
    if !extended && so_far.is_capture() {
        len = Moves::write_slot(slots, len, so_far);
    }
    len
}
