//! [`ConnectX`] as an [`Environment`] for learning agents: one action per
//! column and a 2 x rows x columns observation, as Connect Four's at 6x7x4.

use super::{Board, Column, ConnectX, Parameters, Player};
use crate::agent::{
    apply_single_action, single_action_of_move, swap_plane_groups, write_single_action_mask,
    ActionError, BufferSizeError, Environment, ObservationShape, Progress,
};
use crate::{Game, MoveList};

/// The planes of the observation: the tokens of the player to move, then
/// the opponent's.
const PLANES: usize = 2;
/// The observation's plane of the player to move's tokens.
pub const OWN_PLANE: usize = 0;
/// The observation's plane of the opponent's tokens.
pub const OPPONENT_PLANE: usize = 1;

const _: () = assert!(OWN_PLANE == 0 && OPPONENT_PLANE == 1);

/// Like Connect Four, ConnectX needs no wrapper: every move is one action,
/// so the position is the environment. The sizes follow the board's
/// [`Parameters`](super::Parameters), fixed for a game:
///
/// - **Actions**: `columns`; action `c` drops a token in column `c`
///   ([`Column::index`]), left to right; the mask marks the columns that
///   are not full (none once the game is over). This is Kaggle ConnectX's
///   action numbering for any configuration.
/// - **Observation**: shape 2 x `rows` x `columns`, 1.0 where a token is
///   and 0.0 elsewhere. Plane [`OWN_PLANE`] (0) holds the tokens of the
///   player to move, plane [`OPPONENT_PLANE`] (1) the opponent's. Row 0 is
///   the bottom row, column 0 the left: value (plane, row, column) is at
///   `(plane * rows + row) * columns + column`, the coordinates of
///   [`Board::piece_at`](super::Board::piece_at).
///
/// At 6x7x4 the actions, masks and observations are exactly
/// [`Connect4`](crate::connect4::Connect4)'s.
///
/// ```
/// use rulebook::agent::Environment;
/// use rulebook::connectx::{ConnectX, Parameters, OPPONENT_PLANE, OWN_PLANE};
///
/// let mut env = ConnectX::new(Parameters::new(8, 9, 5).unwrap());
/// assert_eq!(env.action_count(), 9);
/// env.apply_action(8).unwrap(); // X in column 8; O to move
/// let shape = env.observation_shape();
/// assert_eq!(shape.to_string(), "2x8x9");
/// let mut observation = vec![0.0; shape.len()];
/// env.write_observation(&mut observation).unwrap();
/// assert_eq!(observation[shape.index(OPPONENT_PLANE, 0, 8).unwrap()], 1.0);
/// assert_eq!(observation[shape.index(OWN_PLANE, 0, 8).unwrap()], 0.0);
/// assert!(env.apply_action(9).is_err());
/// ```
impl Environment for ConnectX {
    crate::agent::own_environment!(ConnectX);

    /// Back to the empty board of the same size.
    fn reset(&mut self) {
        *self = ConnectX::new(self.parameters());
    }

    fn action_count(&self) -> usize {
        self.parameters().columns()
    }

    fn observation_shape(&self) -> ObservationShape {
        observation_shape(self.parameters())
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        write_single_action_mask(self, self.action_count(), mask, Column::index)
    }

    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        write_planes(self.board(), self.to_move(), observation)
    }

    /// The acting player's view with the two planes swapped: the waiting
    /// player's tokens in plane [`OWN_PLANE`], as PettingZoo's
    /// `connect_four_v3` shows the board to the player not to move.
    fn write_waiting_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        self.write_observation(observation)?;
        swap_plane_groups(
            observation,
            self.parameters().rows() * self.parameters().columns(),
            1,
        );
        Ok(())
    }

    fn apply_action(&mut self, action: usize) -> Result<Progress<Column>, ActionError> {
        let column = self.parameters().column(action);
        apply_single_action(self, action, self.action_count(), column)
    }

    fn actions_of_move(&self, mv: Column) -> Result<MoveList<usize, 1>, ActionError> {
        single_action_of_move(self, mv, mv.index())
    }
}

/// The observation's shape on a board of `parameters`: 2 planes of
/// `rows` x `columns`.
pub(crate) const fn observation_shape(parameters: Parameters) -> ObservationShape {
    ObservationShape::new(PLANES, parameters.rows(), parameters.columns())
}

/// Writes the observation of `board` for the player to move, `own`: plane
/// [`OWN_PLANE`] holds `own`'s tokens, [`OPPONENT_PLANE`] the others'.
///
/// # Errors
///
/// [`BufferSizeError`] when `observation` does not fit the board's shape.
pub(crate) fn write_planes(
    board: &Board,
    own: Player,
    observation: &mut [f32],
) -> Result<(), BufferSizeError> {
    let shape = observation_shape(board.parameters());
    shape.check_observation(observation)?;
    let opponent = own.opponent();
    let (own_plane, opponent_plane) = observation.split_at_mut(shape.rows * shape.columns);
    let cells = own_plane.iter_mut().zip(opponent_plane);
    for (at, (own_value, opponent_value)) in cells.enumerate() {
        let (row, col) = (at / shape.columns, at % shape.columns);
        let piece = board.piece_at(row, col);
        *own_value = f32::from(u8::from(piece == Some(own)));
        *opponent_value = f32::from(u8::from(piece == Some(opponent)));
    }
    Ok(())
}
