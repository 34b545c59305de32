//! [`Connect4`] as an [`Environment`] for learning agents: 7 actions (the
//! columns) and a 2x6x7 observation.

use super::bitboard::cell;
use super::{Column, Connect4, COLUMNS, ROWS};
use crate::agent::{
    swap_plane_groups, ActionError, Buffer, BufferSizeError, Environment, ObservationShape,
    Progress,
};
use crate::{Game, MoveList, PlayError};

/// The planes of the observation: the tokens of the player to move, then
/// the opponent's.
const PLANES: usize = 2;
/// The observation's plane of the player to move's tokens.
pub const OWN_PLANE: usize = 0;
/// The observation's plane of the opponent's tokens.
pub const OPPONENT_PLANE: usize = 1;

/// The observation's shape: 2 planes of 6 rows x 7 columns.
pub const OBSERVATION_SHAPE: ObservationShape = ObservationShape::new(PLANES, ROWS, COLUMNS);

/// Connect Four needs no wrapper: every move is one action, so the
/// position is the environment.
///
/// - **Actions**: 7; action `c` drops a token in column `c`
///   ([`Column::index`]), left to right; the mask marks the columns that
///   are not full (none once the game is over). This is also Kaggle
///   ConnectX's action numbering.
/// - **Observation**: shape 2x6x7 ([`OBSERVATION_SHAPE`]), 1.0 where a
///   token is and 0.0 elsewhere. Plane [`OWN_PLANE`] (0) holds the tokens
///   of the player to move, plane [`OPPONENT_PLANE`] (1) the opponent's,
///   so a network sees every position from the mover's side. Row 0 is the
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
    type Game = Connect4;
    /// One action per move.
    type Actions = MoveList<usize, 1>;

    fn from_position(position: Connect4) -> Connect4 {
        position
    }

    fn position(&self) -> &Connect4 {
        self
    }

    fn action_count(&self) -> usize {
        COLUMNS
    }

    fn observation_shape(&self) -> ObservationShape {
        OBSERVATION_SHAPE
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(Buffer::Mask, COLUMNS, mask.len())?;
        mask.fill(false);
        for column in self.legal_moves() {
            mask[column.index()] = true;
        }
        Ok(())
    }

    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(
            Buffer::Observation,
            OBSERVATION_SHAPE.len(),
            observation.len(),
        )?;
        let own = self.board().stones(self.to_move());
        let opponent = self.board().stones(self.to_move().opponent());
        let (own_plane, opponent_plane) = observation.split_at_mut(ROWS * COLUMNS);
        for row in 0..ROWS {
            for col in 0..COLUMNS {
                let bit = cell(row, col);
                let at = row * COLUMNS + col;
                own_plane[at] = f32::from(u8::from(own & bit != 0));
                opponent_plane[at] = f32::from(u8::from(opponent & bit != 0));
            }
        }
        Ok(())
    }

    /// The acting player's view with the two planes swapped: the waiting
    /// player's tokens in plane [`OWN_PLANE`], as PettingZoo's
    /// `connect_four_v3` shows the board to the player not to move.
    fn write_waiting_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        self.write_observation(observation)?;
        swap_plane_groups(observation, ROWS * COLUMNS, 1);
        Ok(())
    }

    fn apply_action(&mut self, action: usize) -> Result<Progress<Column>, ActionError> {
        let column = Column::new(action).ok_or(ActionError::OutOfRange {
            action,
            count: COLUMNS,
        })?;
        match self.apply(column) {
            Ok(()) => Ok(Progress::Completed(column)),
            Err(PlayError::GameOver) => Err(ActionError::GameOver),
            Err(PlayError::IllegalMove(_)) => Err(ActionError::Illegal { action }),
        }
    }

    fn actions_of_move(&self, mv: Column) -> Result<MoveList<usize, 1>, ActionError> {
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(ActionError::IllegalMove);
        }
        let mut actions = MoveList::new();
        actions.push(mv.index());
        Ok(actions)
    }
}
