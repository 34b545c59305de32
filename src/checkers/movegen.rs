//! Move generation, making moves, and perft for [`Checkers`]. Nothing here
//! allocates.

use super::geometry::{
    reverse, step, Bitboard, Direction, BOTTOM_ROW, JUMP_LANDING, JUMP_MASK, NEIGHBOR,
    NEIGHBOR_MASK, TOP_ROW,
};
use super::moves::Move;
use super::piece::Player;
use super::position::Checkers;

/// The directions a man of `player` moves in.
#[inline(always)]
const fn forward(player: Player) -> [Direction; 2] {
    match player {
        Player::Red => [Direction::DownLeft, Direction::DownRight],
        Player::White => [Direction::UpLeft, Direction::UpRight],
    }
}

/// Whether `d` is forward for `player`'s men.
#[inline(always)]
const fn is_forward(player: Player, d: Direction) -> bool {
    match player {
        Player::Red => matches!(d, Direction::DownLeft | Direction::DownRight),
        Player::White => matches!(d, Direction::UpLeft | Direction::UpRight),
    }
}

/// The row where `player`'s men are crowned.
#[inline(always)]
const fn crowning_row(player: Player) -> Bitboard {
    match player {
        Player::Red => BOTTOM_ROW,
        Player::White => TOP_ROW,
    }
}

/// The side to move's view of a position.
#[derive(Clone, Copy)]
struct Sides {
    own: Bitboard,
    own_kings: Bitboard,
    opponent: Bitboard,
    empty: Bitboard,
    player: Player,
}

impl Checkers {
    #[inline(always)]
    fn sides(&self) -> Sides {
        let own = self.pieces(self.turn);
        Sides {
            own,
            own_kings: own & self.kings,
            opponent: self.pieces(self.turn.opponent()),
            empty: !(self.red | self.white),
            player: self.turn,
        }
    }

    /// The side to move's pieces that can jump now.
    #[inline(always)]
    pub(super) fn jumpers(&self) -> Bitboard {
        let s = self.sides();
        let mut jumpers = 0;
        for d in Direction::ALL {
            let movers = if is_forward(s.player, d) {
                s.own
            } else {
                s.own_kings
            };
            let back = reverse(d);
            jumpers |= step(step(s.empty, back) & s.opponent, back) & movers;
        }
        jumpers
    }

    /// Whether the side to move has a legal move.
    pub(super) fn has_legal_move(&self) -> bool {
        let s = self.sides();
        Direction::ALL.into_iter().any(|d| {
            let movers = if is_forward(s.player, d) {
                s.own
            } else {
                s.own_kings
            };
            step(movers, d) & s.empty != 0
        }) || self.jumpers() != 0
    }

    /// Calls `visit` with every legal move once, in a deterministic order:
    /// by start square, then by direction (so steps come in increasing
    /// destination order).
    #[inline]
    pub(super) fn for_each_move<F: FnMut(Move)>(&self, mut visit: F) {
        let s = self.sides();
        let jumpers = self.jumpers();
        if jumpers != 0 {
            let mut rest = jumpers;
            while rest != 0 {
                let from = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                // The moving piece's own square counts as empty: a king may
                // come back to it around a ring.
                let empty = s.empty | (1 << from);
                if s.own_kings & (1 << from) != 0 {
                    jump_from(
                        Move::capture_start(from),
                        from,
                        &Direction::ALL,
                        s.opponent,
                        empty,
                        &mut visit,
                    );
                } else {
                    jump_from(
                        Move::capture_start(from),
                        from,
                        &forward(s.player),
                        s.opponent,
                        empty,
                        &mut visit,
                    );
                }
            }
            return;
        }
        // For each direction, the pieces that can step that way.
        let can_step = Direction::ALL.map(|d| {
            let movers = if is_forward(s.player, d) {
                s.own
            } else {
                s.own_kings
            };
            step(s.empty, reverse(d)) & movers
        });
        let mut rest = can_step[0] | can_step[1] | can_step[2] | can_step[3];
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for d in Direction::ALL {
                if can_step[d as usize] & (1 << from) != 0 {
                    visit(Move::step(from, usize::from(NEIGHBOR[d as usize][from])));
                }
            }
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

/// Extends the capture `so_far`, whose piece stands on `at`, by every jump
/// in `directions`; calls `visit` with each capture that cannot go on.
///
/// `empty` includes the capturing piece's start square. Captured pieces stay
/// on the board until the move ends, so they can neither be jumped again
/// (checked against `so_far`'s captured set) nor landed on.
#[inline]
fn jump_from<F: FnMut(Move)>(
    so_far: Move,
    at: usize,
    directions: &[Direction],
    opponent: Bitboard,
    empty: Bitboard,
    visit: &mut F,
) {
    let mut extended = false;
    for &d in directions {
        let over = NEIGHBOR_MASK[d as usize][at];
        if over & opponent & !so_far.captured_mask() != 0 && JUMP_MASK[d as usize][at] & empty != 0
        {
            extended = true;
            let landing = usize::from(JUMP_LANDING[d as usize][at]);
            let next = so_far.with_jump(d, usize::from(NEIGHBOR[d as usize][at]), landing);
            jump_from(next, landing, directions, opponent, empty, visit);
        }
    }
    if !extended && so_far.is_capture() {
        visit(so_far);
    }
}
