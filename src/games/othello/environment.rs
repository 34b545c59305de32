//! [`Othello`] as an [`Environment`] for learning agents: 65 actions (the
//! 64 squares and the pass) and a 2x8x8 observation.

use super::{Move, Othello, Square, SIZE};
use crate::agent::{
    apply_single_action, single_action_of_move, write_single_action_mask, ActionError,
    BufferSizeError, Environment, ObservationShape, Progress,
};
use crate::MoveList;

/// The planes of the observation: the discs of the player to move, then
/// the opponent's.
const PLANES: usize = 2;
/// The observation's plane of the player to move's discs.
pub const OWN_PLANE: usize = 0;
/// The observation's plane of the opponent's discs.
pub const OPPONENT_PLANE: usize = 1;

/// The observation's shape: 2 planes of 8 rows x 8 columns.
pub const OBSERVATION_SHAPE: ObservationShape = ObservationShape::new(PLANES, SIZE, SIZE);

/// The action of a pass: the one after the 64 squares.
pub const PASS_ACTION: usize = Square::COUNT;

/// The number of actions: the 64 squares and the pass.
pub const ACTION_COUNT: usize = PASS_ACTION + 1;

impl Move {
    /// The move's action: the square's index (`row * 8 + column`, `a1` =
    /// 0) or [`PASS_ACTION`] (64).
    pub const fn action(self) -> usize {
        match self {
            Move::Place(square) => square.index(),
            Move::Pass => PASS_ACTION,
        }
    }

    /// The move of `action` (0 to 64), or `None` past [`PASS_ACTION`].
    pub const fn from_action(action: usize) -> Option<Move> {
        if action == PASS_ACTION {
            return Some(Move::Pass);
        }
        match Square::new(action) {
            Some(square) => Some(Move::Place(square)),
            None => None,
        }
    }
}

/// Othello needs no wrapper: every move is one action, so the position is
/// the environment.
///
/// - **Actions**: 65 ([`ACTION_COUNT`]); action `s` < 64 puts a disc on
///   the square of index `s` ([`Square::index`]: `row * 8 + column`,
///   `a1` = 0, `h1` = 7, `h8` = 63), action 64 ([`PASS_ACTION`]) passes.
///   The mask marks the legal ones: the disc moves, or the pass alone when
///   the player must pass, none once the game is over.
/// - **Observation**: shape 2x8x8 ([`OBSERVATION_SHAPE`]), 1.0 where a
///   disc is and 0.0 elsewhere. Plane [`OWN_PLANE`] (0) holds the discs of
///   the player to move, plane [`OPPONENT_PLANE`] (1) the opponent's, so a
///   network sees every position from the mover's side. Row 0 is rank 1,
///   column 0 file `a`: value (plane, row, column) is at
///   `plane * 64 + row * 8 + column`, so a square's value in a plane is at
///   its action number.
///
/// ```
/// use rulebook::agent::Environment;
/// use rulebook::othello::{Othello, ACTION_COUNT, OPPONENT_PLANE, OWN_PLANE};
///
/// let mut env = Othello::default();
/// let mut mask = [false; ACTION_COUNT];
/// env.legal_action_mask(&mut mask).unwrap();
/// assert_eq!(mask.iter().filter(|&&legal| legal).count(), 4);
/// env.apply_action(19).unwrap(); // d3 for Black; White to move
/// let mut observation = [0.0; 128];
/// env.write_observation(&mut observation).unwrap();
/// let shape = env.observation_shape();
/// // d3 (row 2, column 3) is the opponent's now.
/// assert_eq!(observation[shape.index(OPPONENT_PLANE, 2, 3).unwrap()], 1.0);
/// assert_eq!(observation[..64].iter().sum::<f32>(), 1.0); // White's e5
/// ```
impl Environment for Othello {
    crate::agent::own_environment!(Othello);

    fn action_count(&self) -> usize {
        ACTION_COUNT
    }

    fn observation_shape(&self) -> ObservationShape {
        OBSERVATION_SHAPE
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        write_single_action_mask(self, ACTION_COUNT, mask, Move::action)
    }

    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        OBSERVATION_SHAPE.check_observation(observation)?;
        let (own, opponent) = self.mover_and_opponent();
        let (own_plane, opponent_plane) = observation.split_at_mut(Square::COUNT);
        for square in 0..Square::COUNT {
            own_plane[square] = f32::from(u8::from(own >> square & 1 == 1));
            opponent_plane[square] = f32::from(u8::from(opponent >> square & 1 == 1));
        }
        Ok(())
    }

    fn apply_action(&mut self, action: usize) -> Result<Progress<Move>, ActionError> {
        apply_single_action(self, action, ACTION_COUNT, Move::from_action(action))
    }

    fn actions_of_move(&self, mv: Move) -> Result<MoveList<usize, 1>, ActionError> {
        single_action_of_move(self, mv, mv.action())
    }
}
