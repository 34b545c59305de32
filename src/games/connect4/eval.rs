//! [`Evaluation`]: a hand-set evaluation of Connect Four positions for
//! [`AlphaBeta`](crate::search::AlphaBeta): threats and central stones.

use super::bitboard::{winning_cells, COLUMN_STRIDE, PLAYABLE};
use super::{Column, Connect4, Player, COLUMNS, ROWS, WIN_LENGTH};
use crate::search::Evaluator;
use crate::Game;

/// Per *threat*: an empty cell that would complete four in a row for a
/// player (whether or not it can be played yet). The unit of the
/// evaluation.
pub const THREAT_VALUE: i32 = 100;
/// Extra per threat on a row of the owner's parity (X: rows 1, 3, 5
/// counted from 1 at the bottom; O: rows 2, 4, 6): in the endgame, when
/// the columns fill up, those are the threats that get played out.
const GOOD_PARITY_THREAT: i32 = 50;
/// Per line of four through a stone's cell (3 to 13 lines): central stones
/// take part in more possible fours.
const PER_LINE_THROUGH_STONE: i32 = 3;
/// Move-ordering hint per column nearer the centre.
const HINT_PER_CENTRAL_STEP: i32 = 10;

/// Rows 1, 3 and 5 counted from 1 at the bottom (indices 0, 2, 4): where
/// X's threats count most.
const ODD_ROWS: u64 = {
    let mut rows = 0;
    let mut col = 0;
    while col < COLUMNS as u32 {
        rows |= 0b10101 << (col * COLUMN_STRIDE);
        col += 1;
    }
    rows
};
/// Rows 2, 4 and 6: where O's threats count most.
const EVEN_ROWS: u64 = PLAYABLE & !ODD_ROWS;

/// The number of lines of four (in any direction) through each cell, bit
/// by bit: `LINE_COUNT_BITS[b]` holds the cells whose count has bit `b`
/// set, so that `sum(popcount(stones & LINE_COUNT_BITS[b]) << b)` is the
/// total for a set of stones (four popcounts instead of one per cell).
const LINE_COUNT_BITS: [u64; LINE_COUNT_WIDTH] = line_count_bits();
/// Bits of the largest count (13, at the centre).
const LINE_COUNT_WIDTH: usize = 4;

/// Whether (`row`, `col`) is on the board.
const fn on_board((row, col): (i32, i32)) -> bool {
    row >= 0 && row < ROWS as i32 && col >= 0 && col < COLUMNS as i32
}

/// The number of lines of four through cell (`row`, `col`).
const fn lines_through(row: i32, col: i32) -> usize {
    let directions = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let mut lines = 0;
    let mut d = 0;
    while d < directions.len() {
        let (dr, dc) = directions[d];
        // A line starting `back` cells before this one.
        let mut back = 0;
        while back < WIN_LENGTH as i32 {
            let start = (row - back * dr, col - back * dc);
            let end = (
                start.0 + (WIN_LENGTH as i32 - 1) * dr,
                start.1 + (WIN_LENGTH as i32 - 1) * dc,
            );
            if on_board(start) && on_board(end) {
                lines += 1;
            }
            back += 1;
        }
        d += 1;
    }
    lines
}

const fn line_count_bits() -> [u64; LINE_COUNT_WIDTH] {
    let mut planes = [0; LINE_COUNT_WIDTH];
    let mut col = 0;
    while col < COLUMNS {
        let mut row = 0;
        while row < ROWS {
            let lines = lines_through(row as i32, col as i32);
            assert!(lines < 1 << LINE_COUNT_WIDTH);
            let cell = 1 << (col as u32 * COLUMN_STRIDE + row as u32);
            let mut b = 0;
            while b < LINE_COUNT_WIDTH {
                if lines & (1 << b) != 0 {
                    planes[b] |= cell;
                }
                b += 1;
            }
            row += 1;
        }
        col += 1;
    }
    planes
}

/// The number of lines of four through `stones`' cells, summed.
fn lines_through_stones(stones: u64) -> u32 {
    LINE_COUNT_BITS
        .iter()
        .enumerate()
        .map(|(b, &plane)| (stones & plane).count_ones() << b)
        .sum()
}

/// A hand-set evaluation of Connect Four positions, from the point of view
/// of the player to move: [`THREAT_VALUE`] (100) per threat (an empty cell
/// that would complete four), 50 more for a threat on a row of its
/// owner's parity, and 3 per line of four through each stone (central
/// stones count more); the opponent's the same, subtracted.
///
/// ```
/// use rulebook::connect4::{Connect4, Evaluation};
/// use rulebook::search::Evaluator;
///
/// let eval = Evaluation::new();
/// assert_eq!(eval.evaluate(&Connect4::default()), 0);
/// // X has three in a row on the bottom row (two threats); O to move.
/// let game = Connect4::from_moves("27374").unwrap();
/// assert!(eval.evaluate(&game) < 0);
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
}

/// The terms of `player`'s stones on `game`'s board.
fn side_terms(game: &Connect4, player: Player) -> i32 {
    let board = game.board();
    let stones = board.stones(player);
    let threats = winning_cells(stones, board.occupied());
    let good_rows = match player {
        Player::X => ODD_ROWS,
        Player::O => EVEN_ROWS,
    };
    let lines = lines_through_stones(stones);
    THREAT_VALUE * threats.count_ones() as i32
        + GOOD_PARITY_THREAT * (threats & good_rows).count_ones() as i32
        + PER_LINE_THROUGH_STONE * lines as i32
}

impl Evaluator<Connect4> for Evaluation {
    fn evaluate(&self, game: &Connect4) -> i32 {
        let me = game.to_move();
        side_terms(game, me) - side_terms(game, me.opponent())
    }

    /// Central columns first.
    fn move_hint(&self, _game: &Connect4, mv: Column) -> i32 {
        let centre = Column::MAX_INDEX / 2;
        let away = mv.index().abs_diff(centre) as i32;
        HINT_PER_CENTRAL_STEP * (centre as i32 - away)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_through_cells_match_the_known_table() {
        // The classic table of lines of four through each cell.
        let bottom = [3, 4, 5, 7, 5, 4, 3];
        let third = [5, 8, 11, 13, 11, 8, 5];
        for col in 0..COLUMNS {
            assert_eq!(lines_through(0, col as i32), bottom[col]);
            assert_eq!(lines_through(5, col as i32), bottom[col]);
            assert_eq!(lines_through(2, col as i32), third[col]);
        }
        // 69 lines of four, each through 4 cells.
        assert_eq!(lines_through_stones(PLAYABLE), 69 * 4);
        let centre = 1 << (3 * COLUMN_STRIDE + 2);
        assert_eq!(lines_through_stones(centre), 13);
        assert_eq!(ODD_ROWS.count_ones() + EVEN_ROWS.count_ones(), 42);
    }

    #[test]
    fn threats_and_centre_count() {
        let eval = Evaluation::new();
        // X to move; X's central stone (7 lines) against O's corner stone
        // (3 lines).
        let centre = Connect4::from_moves("41").unwrap();
        assert_eq!(eval.evaluate(&centre), PER_LINE_THROUGH_STONE * (7 - 3));
        // O to move: the same from the other side.
        let centre = Connect4::from_moves("4").unwrap();
        assert_eq!(eval.evaluate(&centre), -PER_LINE_THROUGH_STONE * 7);
        // X to move with an open three in the bottom row.
        let three = Connect4::from_moves("314151").unwrap();
        // Two threats on X's good row, O's one on its own good row, and the
        // lines through the stones: (5 + 7 + 5) for X, (3 + 4 + 5) for O.
        let threats = 2 * (THREAT_VALUE + GOOD_PARITY_THREAT) - (THREAT_VALUE + GOOD_PARITY_THREAT);
        let lines = PER_LINE_THROUGH_STONE * ((5 + 7 + 5) - (3 + 4 + 5));
        assert_eq!(eval.evaluate(&three), threats + lines);
        let hints: Vec<i32> = Column::ALL
            .iter()
            .map(|&c| eval.move_hint(&three, c))
            .collect();
        assert_eq!(hints, [0, 10, 20, 30, 20, 10, 0]);
    }
}
