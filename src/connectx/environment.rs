//! [`ConnectX`] as an [`Environment`] for learning agents: one action per
//! column and a 2 x rows x columns observation, as Connect Four's at 6x7x4.

use super::{Board, Column, ConnectX, Parameters, Player};
use crate::agent::{ActionError, Buffer, BufferSizeError, Environment, ObservationShape, Progress};
use crate::{Game, MoveList, PlayError};

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
    type Game = ConnectX;
    /// One action per move.
    type Actions = MoveList<usize, 1>;

    fn from_position(position: ConnectX) -> ConnectX {
        position
    }

    /// Back to the empty board of the same size.
    fn reset(&mut self) {
        *self = ConnectX::new(self.parameters());
    }

    fn position(&self) -> &ConnectX {
        self
    }

    fn action_count(&self) -> usize {
        self.parameters().columns()
    }

    fn observation_shape(&self) -> ObservationShape {
        observation_shape(self.parameters())
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        write_column_mask(self, self.action_count(), mask)
    }

    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        write_planes(self.board(), self.to_move(), observation)
    }

    fn apply_action(&mut self, action: usize) -> Result<Progress<Column>, ActionError> {
        let column = self.parameters().column(action);
        apply_column(self, action, self.action_count(), column)
    }

    fn actions_of_move(&self, mv: Column) -> Result<MoveList<usize, 1>, ActionError> {
        column_actions(self, mv)
    }
}

/// The observation's shape on a board of `parameters`: 2 planes of
/// `rows` x `columns`.
pub(crate) const fn observation_shape(parameters: Parameters) -> ObservationShape {
    ObservationShape::new(PLANES, parameters.rows(), parameters.columns())
}

/// Marks in `mask` the columns of `game` that take a token (one action per
/// column, `action_count` of them).
///
/// # Errors
///
/// [`BufferSizeError`] when `mask` does not have `action_count` entries.
pub(crate) fn write_column_mask<G: Game>(
    game: &G,
    action_count: usize,
    mask: &mut [bool],
) -> Result<(), BufferSizeError>
where
    G::Move: Into<usize>,
{
    BufferSizeError::check(Buffer::Mask, action_count, mask.len())?;
    mask.fill(false);
    for column in game.legal_moves() {
        mask[column.into()] = true;
    }
    Ok(())
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
    BufferSizeError::check(Buffer::Observation, shape.len(), observation.len())?;
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

/// Plays action `action` (of `action_count`), the drop into `column`
/// (`None` when the action names no column of the board).
///
/// # Errors
///
/// [`ActionError::OutOfRange`] for no column, [`ActionError::GameOver`],
/// [`ActionError::Illegal`] for a full column.
pub(crate) fn apply_column<G: Game>(
    game: &mut G,
    action: usize,
    action_count: usize,
    column: Option<G::Move>,
) -> Result<Progress<G::Move>, ActionError> {
    let column = column.ok_or(ActionError::OutOfRange {
        action,
        count: action_count,
    })?;
    match game.apply(column) {
        Ok(()) => Ok(Progress::Completed(column)),
        Err(PlayError::GameOver) => Err(ActionError::GameOver),
        Err(PlayError::IllegalMove(_)) => Err(ActionError::Illegal { action }),
    }
}

/// The one action of the move `column`.
///
/// # Errors
///
/// [`ActionError::GameOver`], [`ActionError::IllegalMove`] for a full
/// column.
pub(crate) fn column_actions<G: Game>(
    game: &G,
    column: G::Move,
) -> Result<MoveList<usize, 1>, ActionError>
where
    G::Move: Into<usize>,
{
    if game.is_over() {
        return Err(ActionError::GameOver);
    }
    if !game.is_legal(column) {
        return Err(ActionError::IllegalMove);
    }
    let mut actions = MoveList::new();
    actions.push(column.into());
    Ok(actions)
}
