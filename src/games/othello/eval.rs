//! [`Evaluation`]: a hand-set evaluation of Othello positions for
//! [`AlphaBeta`](crate::search::AlphaBeta): mobility, corners, stable
//! discs and parity, weighed by the stage of the game.

use super::bitboard::moves;
use super::{Move, Othello, Square};
use crate::search::Evaluator;

/// Per corner held: the unit of the evaluation.
pub const CORNER_VALUE: i32 = 100;
/// Per X-square (`b2`, `g2`, `b7`, `g7`) held next to an empty corner: it
/// gives the corner away.
const X_SQUARE_PENALTY: i32 = 60;
/// Per C-square (the edge squares next to a corner) held next to an empty
/// corner.
const C_SQUARE_PENALTY: i32 = 20;
/// Per legal move more than the opponent (current mobility).
const MOBILITY_VALUE: i32 = 12;
/// Per disc of the player's next to an empty square (a frontier disc: it
/// gives the opponent moves), counted against the player.
const FRONTIER_PENALTY: i32 = 4;
/// Per stable disc (one no line can ever turn over).
const STABLE_VALUE: i32 = 15;
/// For having the last move of the game (an odd number of empty squares
/// with the player to move), in the last [`ENDGAME_EMPTIES`] squares.
const PARITY_VALUE: i32 = 20;
/// Per disc more than the opponent, in the last [`ENDGAME_EMPTIES`]
/// squares (the count decides the game).
const ENDGAME_DISC_VALUE: i32 = 6;
/// Empty squares from which the endgame terms count.
const ENDGAME_EMPTIES: u32 = 16;
/// Move-ordering hint for a corner.
const CORNER_HINT: i32 = 1000;
/// Move-ordering hint against an X-square.
const X_SQUARE_HINT: i32 = -500;

/// The four corners.
const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Each corner with its X-square (diagonal neighbour) and its two
/// C-squares (edge neighbours): `(corner, x, c)`.
const CORNER_NEIGHBOURS: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 57) | (1 << 48)),
    (1 << 63, 1 << 54, (1 << 62) | (1 << 55)),
];
/// Files `a` and `h`; ranks 1 and 8.
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = RANK_1 << 56;

/// The squares next to (any of the 8 neighbours of) the squares of
/// `bits`.
const fn neighbours(bits: u64) -> u64 {
    let east = (bits << 1) & !FILE_A;
    let west = (bits >> 1) & !FILE_H;
    let row = bits | east | west;
    (row | (row << 8) | (row >> 8)) & !bits
}

/// For each of the 4 line directions: the shift step, and the squares
/// with no neighbour up the line (higher bits) and down it: the board's
/// edges there.
const LINES: [(u32, u64, u64); 4] = [
    (1, FILE_H, FILE_A),
    (8, RANK_8, RANK_1),
    (7, FILE_A | RANK_8, FILE_H | RANK_1),
    (9, FILE_H | RANK_8, FILE_A | RANK_1),
];

/// The squares of `occupied` whose whole line in the direction of `step`
/// is occupied: full up the line (the square above is full that way, or
/// there is none) and down it. A square's fill reaches one square further
/// each round; 7 rounds cross the board. Shifts that wrap between ranks
/// land on the edge files, which the edges already cover.
const fn full_lines(occupied: u64, step: u32, up_edge: u64, down_edge: u64) -> u64 {
    let (mut up, mut down) = (occupied, occupied);
    let mut round = 0;
    while round < 7 {
        up = occupied & ((up >> step) | up_edge);
        down = occupied & ((down << step) | down_edge);
        round += 1;
    }
    up & down
}

/// The discs of `own` (in a position with `occupied` squares) that can
/// never be turned over, found conservatively: in each line direction, a
/// disc is safe when the line is full, or it stands on the board's edge
/// across that line, or a neighbour on the line is a stable disc of the
/// same player. Grows from the corners until nothing changes.
pub(super) fn stable_discs(own: u64, occupied: u64) -> u64 {
    let full = LINES.map(|(step, up, down)| full_lines(occupied, step, up, down));
    let mut stable = 0;
    loop {
        let mut next = own;
        for (index, &(step, up, down)) in LINES.iter().enumerate() {
            // The horizontal and diagonal shifts wrap between ranks: a
            // wrapped neighbour lands on an edge file, guarded anyway.
            next &= full[index] | up | down | (stable << step) | (stable >> step);
        }
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The evaluation of an Othello position for the player to move, in units
/// where a corner is [`CORNER_VALUE`] (100): corners held (and the
/// squares next to an empty corner held against the player), mobility
/// and frontier discs, stable discs, and in the last 16 empty squares the
/// disc count and the parity of the empty squares (who gets the last
/// move). Finished positions are scored by the search from their outcome.
///
/// ```
/// use rulebook::othello::{Evaluation, Othello};
/// use rulebook::search::Evaluator;
///
/// // The start is symmetric: worth nothing to either side.
/// assert_eq!(Evaluation::new().evaluate(&Othello::default()), 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Evaluation;

impl Evaluation {
    /// The evaluation.
    pub const fn new() -> Evaluation {
        Evaluation
    }
}

/// The terms of one side that do not depend on whose turn it is.
fn side_terms(own: u64, occupied: u64) -> i32 {
    let empty = !occupied;
    let mut value = (own & CORNERS).count_ones() as i32 * CORNER_VALUE;
    for (corner, x, c) in CORNER_NEIGHBOURS {
        if empty & corner != 0 {
            value -= (own & x).count_ones() as i32 * X_SQUARE_PENALTY;
            value -= (own & c).count_ones() as i32 * C_SQUARE_PENALTY;
        }
    }
    value -= (own & neighbours(empty)).count_ones() as i32 * FRONTIER_PENALTY;
    value + stable_discs(own, occupied).count_ones() as i32 * STABLE_VALUE
}

impl Evaluator<Othello> for Evaluation {
    fn evaluate(&self, game: &Othello) -> i32 {
        let (own, opponent) = game.mover_and_opponent();
        let occupied = own | opponent;
        let mobility =
            moves(own, opponent).count_ones() as i32 - moves(opponent, own).count_ones() as i32;
        let mut value =
            side_terms(own, occupied) - side_terms(opponent, occupied) + mobility * MOBILITY_VALUE;
        let empties = (!occupied).count_ones();
        if empties <= ENDGAME_EMPTIES {
            let discs = own.count_ones() as i32 - opponent.count_ones() as i32;
            value += discs * ENDGAME_DISC_VALUE;
            value += if empties % 2 == 1 {
                PARITY_VALUE
            } else {
                -PARITY_VALUE
            };
        }
        value
    }

    /// Corners first, X-squares last.
    fn move_hint(&self, _game: &Othello, mv: Move) -> i32 {
        let Some(square) = mv.square() else {
            return 0;
        };
        let bit = square.bit();
        if bit & CORNERS != 0 {
            CORNER_HINT
        } else if CORNER_NEIGHBOURS.iter().any(|&(_, x, _)| x & bit != 0) {
            X_SQUARE_HINT
        } else {
            edge_distance(square)
        }
    }
}

/// How close `square` is to an edge: 3 on an edge, 0 in the centre (the
/// edges are the better squares, after the corners).
fn edge_distance(square: Square) -> i32 {
    let from_edge = |at: usize| at.min(7 - at) as i32;
    3 - from_edge(square.column()).min(from_edge(square.row()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_full_edges_are_stable() {
        // Black holds a1 and b1; White holds c1: a1 and b1 are stable,
        // c1 is not (d1 is empty).
        let own = 0b11;
        let occupied = 0b111;
        assert_eq!(stable_discs(own, occupied), 0b11);
        assert_eq!(stable_discs(0b100, occupied), 0);
        // A full board: every disc is stable.
        assert_eq!(
            stable_discs(0x00FF_00FF_00FF_00FF, u64::MAX),
            0x00FF_00FF_00FF_00FF
        );
        // The start: nothing is.
        let start = Othello::default();
        let (own, opponent) = start.mover_and_opponent();
        assert_eq!(stable_discs(own, own | opponent), 0);
    }
}
