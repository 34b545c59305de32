//! [`Evaluation`]: a hand-set evaluation of English checkers positions for
//! [`AlphaBeta`](crate::search::AlphaBeta), and the dead-draw judgement of
//! the checkers [`engine`](super::engine).

use super::geometry::{coordinates, Bitboard, BOTTOM_ROW, SQUARE_COUNT, TOP_ROW};
use super::moves::Move;
use super::piece::Player;
use super::position::{Checkers, MAX_PIECES_PER_SIDE};
use super::side::{shift35, shift4};
use crate::draughts::eval::{move_hint, trade_down};
use crate::search::Evaluator;

pub use crate::draughts::MAN_VALUE;
/// A king: worth a third more than a man (it moves both ways).
pub const KING_VALUE: i32 = 133;

/// The most pieces on the board (both sides at the start).
const ALL_PIECES: i32 = 2 * MAX_PIECES_PER_SIDE as i32;

/// Per empty square a piece can step to (both sides counted).
const MOBILITY: i32 = 2;
/// Per man on its own back row while the opponent still has men to crown:
/// back men guard the crowning squares.
const BACK_RANK: i32 = 6;
/// Extra for the *bridge* (Red's men on 1 and 3, White's on 30 and 32),
/// the back-row pair that alone keeps most crowning attempts out.
const BRIDGE: i32 = 10;
/// Per man on the four central squares 14, 15, 18, 19.
const CENTRAL_MAN: i32 = 4;
/// Per king on the eight central squares.
const CENTRAL_KING: i32 = 6;
/// Per king on the side edges (columns a and h), where it controls half as
/// many squares.
const EDGE_KING: i32 = -6;
/// Tempo: per row a man has advanced, times `(pieces off the board - 3) / 3`:
/// slightly negative while the board is full (keep the formation; do not
/// rush men forward to be swapped off), rising to about +6 a row in the
/// endgame (race to crown).
const TEMPO_PIECES_OFFSET: i32 = 3;
const TEMPO_PIECES_PER_STEP: i32 = 3;
/// The side ahead in material, with this many pieces or fewer left, hunts:
/// each of its kings loses this much per square of distance to the
/// nearest enemy piece...
const HUNT_MAX_PIECES: i32 = 12;
const HUNT_PER_SQUARE: i32 = 3;
/// ...and each king of the side behind gains this much in a double corner
/// (1/5 or 28/32), the only place where a lone king cannot be trapped.
const DOUBLE_CORNER: i32 = 12;

/// Row masks: row `r` holds squares `4r + 1 ..= 4r + 4`.
const fn row(r: u32) -> Bitboard {
    0xF << (4 * r)
}

/// `planes[b]`: the squares whose number of rows forward (from the
/// player's home row, 0 to 7) has bit `b` set.
const fn advance_planes(red: bool) -> [Bitboard; 3] {
    let mut planes = [0; 3];
    let mut r = 0;
    while r < 8 {
        let forward = if red { r } else { 7 - r };
        let mut b = 0;
        while b < 3 {
            if forward & (1 << b) != 0 {
                planes[b] |= row(r);
            }
            b += 1;
        }
        r += 1;
    }
    planes
}
const RED_ADVANCE_PLANES: [Bitboard; 3] = advance_planes(true);
const WHITE_ADVANCE_PLANES: [Bitboard; 3] = advance_planes(false);
/// Squares 14, 15, 18, 19.
const CENTER_FOUR: Bitboard = 1 << 13 | 1 << 14 | 1 << 17 | 1 << 18;
/// Squares 10, 11, 14, 15, 18, 19, 22, 23.
const CENTER_EIGHT: Bitboard = CENTER_FOUR | 1 << 9 | 1 << 10 | 1 << 21 | 1 << 22;
/// Squares 4, 5, 12, 13, 20, 21, 28, 29: the side edges.
const SIDE_EDGES: Bitboard =
    1 << 3 | 1 << 4 | 1 << 11 | 1 << 12 | 1 << 19 | 1 << 20 | 1 << 27 | 1 << 28;
/// Squares 1, 5, 28 and 32: the two double corners.
const DOUBLE_CORNERS: Bitboard = 1 << 0 | 1 << 4 | 1 << 27 | 1 << 31;
/// Red's bridge, squares 1 and 3; White's, 30 and 32.
const RED_BRIDGE: Bitboard = 1 << 0 | 1 << 2;
const WHITE_BRIDGE: Bitboard = 1 << 29 | 1 << 31;

/// A hand-set evaluation of checkers positions, in hundredths of a man,
/// from the point of view of the player to move.
///
/// The terms, each weighted by a named constant of this module:
/// - **material**: a man [`MAN_VALUE`] = 100, a king [`KING_VALUE`] = 133;
/// - **trading down**: the side ahead gains a share of its lead for every
///   piece off the board, so it welcomes even exchanges;
/// - **mobility**: 2 per empty square a piece can step to;
/// - **back rank**: 6 per man on its own back row, 10 more for the bridge,
///   while the opponent has men to crown;
/// - **centre**: men on the four central squares, kings on the central
///   eight; kings on the side edges lose a little;
/// - **tempo** (the men's total advance): slightly negative with a full
///   board, rising to about 6 per row in the endgame;
/// - **endgame hunt**: with 12 pieces or fewer, the side ahead wants its
///   kings near the enemy pieces, and the side behind wants its kings in
///   the double corners.
///
/// The weights were set by hand and checked by matches (see the crate's
/// `engine_match` example), not tuned automatically.
///
/// ```
/// use rulebook::checkers::{Checkers, Evaluation};
/// use rulebook::search::Evaluator;
///
/// let eval = Evaluation::new();
/// // The start is symmetric: even.
/// assert_eq!(eval.evaluate(&Checkers::default()), 0);
/// // Red to move, a man up.
/// let ahead = Checkers::from_fen("B:W21,22:B1,2,3").unwrap();
/// assert!(eval.evaluate(&ahead) > 100);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Evaluation {
    _hand_set: (),
}

impl Evaluation {
    /// The evaluation with its hand-set weights.
    pub const fn new() -> Evaluation {
        Evaluation { _hand_set: () }
    }

    /// Whether `position` is a dead draw: no men on the board and as many
    /// kings on each side (neither side can force a win).
    pub fn is_dead_draw(position: &Checkers) -> bool {
        position.man_count(Player::Red) == 0
            && position.man_count(Player::White) == 0
            && position.king_count(Player::Red) == position.king_count(Player::White)
    }
}

/// The side-to-move-independent terms of one side, for `player`.
fn side_terms(position: &Checkers, player: Player, pieces_off: i32) -> i32 {
    let own = position.pieces(player);
    let opponent = position.pieces(player.opponent());
    let kings = own & position.kings;
    let men = own & !position.kings;
    let empty = !(position.red | position.white);
    // Red's men move toward larger square numbers ("down"), White's up.
    let (down, home_row, bridge) = match player {
        Player::Red => (true, TOP_ROW, RED_BRIDGE),
        Player::White => (false, BOTTOM_ROW, WHITE_BRIDGE),
    };
    let count = |set: Bitboard| set.count_ones() as i32;

    let mut value = MAN_VALUE * count(men) + KING_VALUE * count(kings);

    // Each of a piece's two steps one way is in exactly one of the two
    // shift classes, so the two counts together count every (piece, step)
    // pair once.
    let steps = |movers: Bitboard, down: bool| {
        count(shift4(movers, down) & empty) + count(shift35(movers, down) & empty)
    };
    let mobility = steps(own, down) + steps(kings, !down);
    value += MOBILITY * mobility;

    let opponent_men = opponent & !position.kings;
    if opponent_men != 0 {
        value += BACK_RANK * count(men & home_row);
        if men & bridge == bridge {
            value += BRIDGE;
        }
    }

    value += CENTRAL_MAN * count(men & CENTER_FOUR);
    value += CENTRAL_KING * count(kings & CENTER_EIGHT);
    value += EDGE_KING * count(kings & SIDE_EDGES);

    // The rows each man has advanced, summed bit by bit of the row number.
    let planes = match player {
        Player::Red => RED_ADVANCE_PLANES,
        Player::White => WHITE_ADVANCE_PLANES,
    };
    let advance = count(men & planes[0]) + 2 * count(men & planes[1]) + 4 * count(men & planes[2]);
    value += advance * (pieces_off - TEMPO_PIECES_OFFSET) / TEMPO_PIECES_PER_STEP;
    value
}

/// The sum, over `kings`, of the distance from each to the nearest of
/// `enemies` (Chebyshev distance on the 8x8 board: king steps).
fn hunt_distance(kings: Bitboard, enemies: Bitboard) -> i32 {
    let mut total = 0;
    let mut rest = kings;
    while rest != 0 {
        let from = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (row, col) = coordinates(from);
        let mut nearest = i32::MAX;
        let mut targets = enemies;
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let (r, c) = coordinates(to);
            let distance = (row.abs_diff(r)).max(col.abs_diff(c)) as i32;
            nearest = nearest.min(distance);
        }
        if nearest != i32::MAX {
            total += nearest;
        }
    }
    total
}

impl Evaluator<Checkers> for Evaluation {
    fn evaluate(&self, position: &Checkers) -> i32 {
        let pieces = (position.red | position.white).count_ones() as i32;
        let pieces_off = ALL_PIECES - pieces;
        let material = |player: Player| {
            MAN_VALUE * position.man_count(player) as i32
                + KING_VALUE * position.king_count(player) as i32
        };
        let lead = material(Player::Red) - material(Player::White);
        let mut red_view = side_terms(position, Player::Red, pieces_off)
            - side_terms(position, Player::White, pieces_off);
        // Trading down when ahead, the family's term: a man up with four
        // pieces left is worth about 1.4 men.
        red_view += trade_down(lead, pieces_off, ALL_PIECES);
        if pieces <= HUNT_MAX_PIECES && lead != 0 {
            let (ahead, behind) = if lead > 0 {
                (Player::Red, Player::White)
            } else {
                (Player::White, Player::Red)
            };
            let ahead_kings = position.pieces(ahead) & position.kings;
            let behind_kings = position.pieces(behind) & position.kings;
            let hunt = -HUNT_PER_SQUARE * hunt_distance(ahead_kings, position.pieces(behind))
                - DOUBLE_CORNER * (behind_kings & DOUBLE_CORNERS).count_ones() as i32;
            red_view += if lead > 0 { hunt } else { -hunt };
        }
        match position.turn {
            Player::Red => red_view,
            Player::White => -red_view,
        }
    }

    fn move_hint(&self, position: &Checkers, mv: Move) -> i32 {
        let from = 1 << mv.start_index();
        let to: Bitboard = 1 << mv.end_index();
        let crowning_row = match position.turn {
            Player::Red => BOTTOM_ROW,
            Player::White => TOP_ROW,
        };
        let crowns = position.kings & from == 0 && to & crowning_row != 0;
        move_hint(mv.capture_count(), crowns)
    }
}

const _: () = assert!(SQUARE_COUNT == 32);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::eval::{HINT_CROWNING, HINT_PER_CAPTURE};
    use crate::Game;

    fn eval(fen: &str) -> i32 {
        Evaluation::new().evaluate(&Checkers::from_fen(fen).unwrap())
    }

    #[test]
    fn symmetric_positions_are_even_and_sides_are_mirrored() {
        assert_eq!(
            eval("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"),
            0
        );
        // The same position with the colours swapped (square s <-> 33 - s)
        // and the other side to move has the same value.
        assert_eq!(eval("B:W24,K19,30:B1,K10,6"), eval("W:W32,K23,27:B9,K14,3"));
    }

    #[test]
    fn more_material_is_better_and_a_king_beats_a_man() {
        assert!(eval("B:W25:B1,2") > MAN_VALUE / 2);
        assert!(eval("W:W25:B1,2") < -MAN_VALUE / 2);
        assert!(eval("B:W25:BK14") > eval("B:W25:B14"));
    }

    #[test]
    fn the_side_ahead_wants_to_trade_and_to_hunt() {
        // Two kings against one: nearer the enemy king is better.
        assert!(eval("B:WK32:BK23,K27") > eval("B:WK32:BK1,K5"));
        // A lone king in the double corner is harder to trap.
        assert!(eval("W:WK32:BK14,K15") > eval("W:WK30:BK14,K15"));
    }

    #[test]
    fn hints_rank_captures_by_size_and_crowning_moves_first() {
        let position = Checkers::from_fen("B:W15,23,24:B10,11").unwrap();
        let eval = Evaluation::new();
        for mv in position.legal_moves() {
            assert_eq!(
                eval.move_hint(&position, mv),
                HINT_PER_CAPTURE * mv.capture_count() as i32
            );
        }
        let crowning = Checkers::from_fen("B:W5:B25").unwrap();
        let moves = crowning.legal_moves();
        assert!(moves
            .iter()
            .all(|&mv| eval.move_hint(&crowning, mv) == HINT_CROWNING));
    }

    #[test]
    fn dead_draws_are_equal_kings_only() {
        let dead = |fen: &str| Evaluation::is_dead_draw(&Checkers::from_fen(fen).unwrap());
        assert!(dead("B:WK32:BK1"));
        assert!(dead("W:WK32,K31:BK1,K2"));
        assert!(!dead("B:WK32:BK1,K2"));
        assert!(!dead("B:W32:BK1"));
        assert!(!dead("B:WK32,K28:BK1,9"));
    }
}
