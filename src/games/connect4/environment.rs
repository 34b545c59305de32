//! [`Connect4`] as an [`Environment`] for learning agents: 7 actions (the
//! columns) and a 2x6x7 observation — ConnectX's actions and observation
//! at 6x7x4.

use super::bitboard::{cell, COLUMN_STRIDE};
use super::{Column, Connect4, COLUMNS, ROWS};
use crate::agent::{
    apply_single_action, single_action_of_move, swap_plane_groups, write_single_action_mask,
    ActionError, BufferSizeError, Environment, ObservationShape, Progress,
};
use crate::connectx::environment::observation_shape;
use crate::connectx::Parameters;
use crate::{Game, MoveList};

/// The bits of a bitboard's row 0 (one per column, `COLUMN_STRIDE` apart).
const ROW_ZERO: u64 = {
    let mut bits = 0;
    let mut col = 0;
    while col < COLUMNS {
        bits |= cell(0, col);
        col += 1;
    }
    bits
};

/// Multiplying a row's bits by this moves column `c`'s bit to
/// [`ROW_GATHER_SHIFT`]` + c`: the bit `c * COLUMN_STRIDE` times
/// `2^((COLUMN_STRIDE - 1) * (COLUMNS - 1 - c))`. The partial products are
/// distinct powers of two, so nothing carries.
const ROW_GATHER: u64 = {
    let mut multiplier = 0;
    let mut j = 0;
    while j < COLUMNS {
        multiplier |= 1 << ((COLUMN_STRIDE as usize - 1) * j);
        j += 1;
    }
    multiplier
};

/// Where [`ROW_GATHER`] puts column 0's bit.
const ROW_GATHER_SHIFT: usize = (COLUMN_STRIDE as usize - 1) * (COLUMNS - 1);

/// The cells of `row` in `stones` as `COLUMNS` bits, column 0 lowest: the
/// index into [`ROW_VALUES`]. A multiply instead of a test per cell: this
/// runs on every step of a batch of environments.
const fn row_bits(stones: u64, row: usize) -> usize {
    ((((stones >> row) & ROW_ZERO).wrapping_mul(ROW_GATHER) >> ROW_GATHER_SHIFT)
        & ((1 << COLUMNS) - 1)) as usize
}

/// The observation values of a row, for each pattern of its `COLUMNS`
/// cells: bit `c` of the index is column `c`.
static ROW_VALUES: [[f32; COLUMNS]; 1 << COLUMNS] = {
    let mut table = [[0.0; COLUMNS]; 1 << COLUMNS];
    let mut bits = 0;
    while bits < 1 << COLUMNS {
        let mut col = 0;
        while col < COLUMNS {
            if bits & (1 << col) != 0 {
                table[bits][col] = 1.0;
            }
            col += 1;
        }
        bits += 1;
    }
    table
};

/// The observation's shape: 2 planes of 6 rows x 7 columns.
pub const OBSERVATION_SHAPE: ObservationShape = observation_shape(Parameters::CONNECT_FOUR);

/// Connect Four needs no wrapper: every move is one action, so the
/// position is the environment. The actions and the observation are
/// ConnectX's [`Environment`] at 6x7x4:
///
/// - **Actions**: 7; action `c` drops a token in column `c`
///   ([`Column::index`]), left to right; the mask marks the columns that
///   are not full (none once the game is over). This is also Kaggle
///   ConnectX's action numbering.
/// - **Observation**: shape 2x6x7 ([`OBSERVATION_SHAPE`]), 1.0 where a
///   token is and 0.0 elsewhere. Plane [`OWN_PLANE`](super::OWN_PLANE) (0)
///   holds the tokens of the player to move, plane
///   [`OPPONENT_PLANE`](super::OPPONENT_PLANE) (1) the opponent's, so a
///   network sees every position from the mover's side. Row 0 is the
///   bottom row, column 0 the left: value (plane, row, column) is at
///   `plane * 42 + row * 7 + column`, the coordinates of
///   [`Board::piece_at`](super::Board::piece_at).
///
/// ```
/// use rulebook::agent::Environment;
/// use rulebook::connect4::{Connect4, OPPONENT_PLANE, OWN_PLANE};
///
/// let mut env = Connect4::default();
/// env.apply_action(3).unwrap(); // X in column 3; O to move
/// let mut observation = [0.0; 84];
/// env.write_observation(&mut observation).unwrap();
/// let shape = env.observation_shape();
/// assert_eq!(observation[shape.index(OPPONENT_PLANE, 0, 3).unwrap()], 1.0);
/// assert_eq!(observation[shape.index(OWN_PLANE, 0, 3).unwrap()], 0.0);
/// assert_eq!(observation.iter().sum::<f32>(), 1.0);
/// ```
impl Environment for Connect4 {
    crate::agent::own_environment!(Connect4);

    fn action_count(&self) -> usize {
        COLUMNS
    }

    fn observation_shape(&self) -> ObservationShape {
        OBSERVATION_SHAPE
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        write_single_action_mask(self, COLUMNS, mask, Column::index)
    }

    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        OBSERVATION_SHAPE.check_observation(observation)?;
        let own = self.board().stones(self.to_move());
        let opponent = self.board().stones(self.to_move().opponent());
        let (own_plane, opponent_plane) = observation.split_at_mut(ROWS * COLUMNS);
        let rows = own_plane
            .chunks_exact_mut(COLUMNS)
            .zip(opponent_plane.chunks_exact_mut(COLUMNS));
        for (row, (own_row, opponent_row)) in rows.enumerate() {
            own_row.copy_from_slice(&ROW_VALUES[row_bits(own, row)]);
            opponent_row.copy_from_slice(&ROW_VALUES[row_bits(opponent, row)]);
        }
        Ok(())
    }

    /// The acting player's view with the two planes swapped: the waiting
    /// player's tokens in plane [`OWN_PLANE`](super::OWN_PLANE), as PettingZoo's
    /// `connect_four_v3` shows the board to the player not to move.
    fn write_waiting_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        self.write_observation(observation)?;
        swap_plane_groups(observation, ROWS * COLUMNS, 1);
        Ok(())
    }

    fn apply_action(&mut self, action: usize) -> Result<Progress<Column>, ActionError> {
        apply_single_action(self, action, COLUMNS, Column::new(action))
    }

    fn actions_of_move(&self, mv: Column) -> Result<MoveList<usize, 1>, ActionError> {
        single_action_of_move(self, mv, mv.index())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_bits_gathers_every_cell_of_the_row() {
        // Every single cell, then a few dense patterns.
        for row in 0..ROWS {
            for col in 0..COLUMNS {
                assert_eq!(row_bits(cell(row, col), row), 1 << col);
                for other in (0..ROWS).filter(|&r| r != row) {
                    assert_eq!(row_bits(cell(other, col), row), 0);
                }
            }
        }
        let full: u64 = (0..ROWS)
            .flat_map(|row| (0..COLUMNS).map(move |col| cell(row, col)))
            .fold(0, |bits, bit| bits | bit);
        for row in 0..ROWS {
            assert_eq!(row_bits(full, row), (1 << COLUMNS) - 1);
            let checker = (0..COLUMNS)
                .filter(|col| (row + col) % 2 == 0)
                .fold(0, |bits, col| bits | cell(row, col));
            let expected = (0..COLUMNS)
                .filter(|col| (row + col) % 2 == 0)
                .fold(0, |bits, col| bits | (1 << col));
            assert_eq!(row_bits(checker | (full & !ROW_ZERO << row), row), expected);
        }
    }
}
