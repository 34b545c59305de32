//! [`Connect4`] as an [`Environment`] for learning agents: 7 actions (the
//! columns) and a 2x6x7 observation — ConnectX's actions and observation
//! at 6x7x4.

use super::{Column, Connect4, COLUMNS};
use crate::agent::{ActionError, BufferSizeError, Environment, ObservationShape, Progress};
use crate::connectx::environment::{
    apply_column, column_actions, observation_shape, write_column_mask, write_planes,
};
use crate::connectx::{self, Parameters};
use crate::{Game, MoveList};

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
        write_column_mask(self, COLUMNS, mask)
    }

    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        let board = connectx::Board::from(*self.board());
        write_planes(&board, self.to_move(), observation)
    }

    fn apply_action(&mut self, action: usize) -> Result<Progress<Column>, ActionError> {
        apply_column(self, action, COLUMNS, Column::new(action))
    }

    fn actions_of_move(&self, mv: Column) -> Result<MoveList<usize, 1>, ActionError> {
        column_actions(self, mv)
    }
}
