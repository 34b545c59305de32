//! Games as environments for learning agents: a fixed set of numbered
//! actions, a legal-action mask and an observation tensor, as OpenSpiel,
//! PettingZoo or Kaggle's ConnectX present games to a neural network.
//!
//! This module owns the interface, [`Environment`], and its vocabulary:
//! [`ObservationShape`], [`Progress`], [`ActionError`],
//! [`BufferSizeError`]. The games implement it:
//!
//! | environment | actions | observation |
//! |---|---|---|
//! | [`Connect4`](crate::connect4::Connect4) | 7: the column | 2x6x7: the mover's tokens, the opponent's |
//! | [`HopByHop`](crate::checkers::HopByHop) (checkers) | 128: a square and a direction, one per hop | 6x8x4: men, kings of each side, the jumping piece, the pieces jumped |
//! | [`Othello`](crate::othello::Othello) | 65: the square, or the pass | 2x8x8: the mover's discs, the opponent's |
//! | [`draughts::HopByHop`](crate::draughts::HopByHop) (every variant) | 1,800 (10x10) or 896 (8x8): a square, a direction and a range, one per piece taken | 6x10x5 or 6x8x4: checkers' planes |
//! | [`turkish::HopByHop`](crate::turkish::HopByHop) | 1,792: a square, an orthogonal direction and a range, one per piece taken | 6x8x8: checkers' planes over every square |
//!
//! The hop-by-hop environments number their actions alike,
//! [`HopActions`]; [`catalog::GameSpec::visit_environment`](crate::catalog::GameSpec::visit_environment)
//! gives the environment of any game by name.
//!
//! Each game's documentation gives the exact encoding.
//!
//! Everything writes into the caller's buffers and never allocates, so an
//! agent can run millions of steps with two buffers:
//!
//! ```
//! use rulebook::agent::Environment;
//! use rulebook::connect4::Connect4;
//! use rulebook::Game;
//!
//! let mut env = Connect4::default();
//! let mut mask = vec![false; env.action_count()];
//! let mut observation = vec![0.0_f32; env.observation_shape().len()];
//! while !env.position().is_over() {
//!     env.legal_action_mask(&mut mask).unwrap();
//!     env.write_observation(&mut observation).unwrap();
//!     // A policy would read `observation` here; take the first legal action.
//!     let action = mask.iter().position(|&legal| legal).unwrap();
//!     env.apply_action(action).unwrap();
//! }
//! assert!(env.position().outcome().is_some());
//! ```

mod error;
pub(crate) mod hop_view;
mod hops;
mod shape;
mod single;

pub use error::{ActionError, Buffer, BufferSizeError};
pub(crate) use hop_view::{clear_mask, turn_to_waiting, HopPlanes};
pub use hops::{HopActions, HOP_DIRECTIONS, HOP_DIRECTIONS_WITH_ROWS};
pub(crate) use shape::swap_plane_groups;
pub use shape::ObservationShape;
pub(crate) use single::{
    apply_single_action, own_environment, single_action_of_move, write_single_action_mask,
};

use core::fmt::Debug;
use core::ops::Deref;

use crate::Game;

/// What [`Environment::apply_action`] did.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Progress<M> {
    /// The action completed this move: the position changed and the
    /// opponent acts next (unless the game is over).
    Completed(M),
    /// The action is one step of a move that goes on (e.g. one hop of a
    /// multi-jump): the same player acts again, and
    /// [`position`](Environment::position) is unchanged until the move
    /// completes.
    Continues,
}

/// A game seen as an environment for a learning agent: actions numbered
/// `0..action_count()`, a mask of the legal ones, and an observation
/// tensor of a documented shape, from the point of view of the player to
/// act.
///
/// A move of the game is one action or several (e.g. a checkers
/// multi-jump as one action per hop, which keeps the action space small
/// and fixed). Between moves, the environment stands on a
/// [`position`](Environment::position) of the game; the player to act is
/// always `position().to_move()`, and the game is over when
/// `position().is_over()` (score it with
/// [`outcome_for`](Game::outcome_for)).
///
/// ```
/// use rulebook::agent::Environment;
/// use rulebook::checkers::HopByHop;
/// use rulebook::connect4::Connect4;
/// use rulebook::{Game, PlayerOutcome};
///
/// /// Episodes of an agent that takes the last legal action; the outcome
/// /// of each for the player who acted last.
/// fn episodes<E: Environment>(env: &mut E, count: usize) -> Vec<Option<PlayerOutcome>> {
///     let mut mask = vec![false; env.action_count()];
///     let mut outcomes = Vec::new();
///     for _ in 0..count {
///         env.reset();
///         let mut last_to_act = env.position().to_move();
///         for _ in 0..1_000 {
///             if env.position().is_over() {
///                 break;
///             }
///             env.legal_action_mask(&mut mask).unwrap();
///             let action = mask.iter().rposition(|&legal| legal).unwrap();
///             last_to_act = env.position().to_move();
///             env.apply_action(action).unwrap();
///         }
///         outcomes.push(env.position().outcome_for(last_to_act));
///     }
///     outcomes
/// }
///
/// // The same agent code drives any environment. In Connect Four it
/// // fills columns 6, 5 and 4, and X's token in column 3 wins.
/// let win = Some(PlayerOutcome::Win);
/// assert_eq!(episodes(&mut Connect4::default(), 2), [win, win]);
/// assert_eq!(episodes(&mut HopByHop::default(), 1).len(), 1);
/// ```
///
/// # Contract
///
/// Implementations uphold these; `rulebook::testing::check_environment`
/// (feature `testing`) checks them on random playouts.
///
/// - `action_count()` and `observation_shape()` never change for a given
///   environment (they may depend on its board size, chosen at run time).
/// - `legal_action_mask` marks exactly the actions that `apply_action`
///   accepts; none once the game is over.
/// - `apply_action` refuses anything else with an [`ActionError`],
///   leaving the environment unchanged.
/// - For every legal move `mv` between moves, `actions_of_move(mv)` lists
///   the actions that play it, in order: each but the last returns
///   [`Progress::Continues`], the last [`Progress::Completed`]`(mv)`, after
///   which `position()` is the position after `mv`.
///   [`move_of_actions`](Environment::move_of_actions) inverts it.
/// - The buffer methods check the buffer's length first and return a
///   [`BufferSizeError`] (writing nothing) unless it is exactly
///   `action_count()` / `observation_shape().len()`; they overwrite every
///   value, and the observation is a function of the state.
/// - No method allocates, except on an error path.
///
/// # Implementing it
///
/// Document in the type's docs: what each action number means, the
/// observation's planes and orientation, and the point of view (this
/// crate's games show the player to act as "own", so one network plays
/// both sides). Use [`BufferSizeError::check`] at the top of the buffer
/// methods. A game whose every move is one action can make the game type
/// itself the environment (`type Game = Self`, `position` returns `self`,
/// as [`Connect4`](crate::connect4::Connect4) does); a game whose moves
/// take several actions wraps its position with the move in progress (as
/// [`HopByHop`](crate::checkers::HopByHop) does for checkers).
pub trait Environment: Clone + PartialEq + Debug {
    /// The game being played.
    type Game: Game;
    /// The actions of one move: a fixed-capacity list (no allocation),
    /// e.g. a [`MoveList<usize, N>`](crate::MoveList).
    type Actions: Deref<Target = [usize]> + IntoIterator<Item = usize>;

    /// The environment at `position`, between moves.
    fn from_position(position: Self::Game) -> Self;

    /// The position of the game: the one before the move in progress, if a
    /// move is being made action by action.
    fn position(&self) -> &Self::Game;

    /// The number of distinct actions; actions are numbered
    /// `0..action_count()`.
    fn action_count(&self) -> usize;

    /// The shape of the observation tensor.
    fn observation_shape(&self) -> ObservationShape;

    /// Writes the legal-action mask: `mask[a]` is `true` iff action `a` is
    /// legal now. All `false` once the game is over.
    ///
    /// # Errors
    ///
    /// [`BufferSizeError`] unless `mask.len() == action_count()`; nothing
    /// is written.
    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError>;

    /// Writes the observation tensor (flat, in the order of
    /// [`ObservationShape::index`]), from the point of view of the player
    /// to act.
    ///
    /// # Errors
    ///
    /// [`BufferSizeError`] unless `observation.len() ==
    /// observation_shape().len()`; nothing is written.
    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError>;

    /// Writes the observation as the player *not* to act sees the state
    /// (same shape and encoding as
    /// [`write_observation`](Environment::write_observation), from the
    /// other side), for front doors that show each player its own view,
    /// such as PettingZoo's `observe(agent)`.
    ///
    /// The default writes the acting player's view: games whose
    /// observation depends on the point of view override it, as this
    /// crate's games do.
    ///
    /// # Errors
    ///
    /// As [`write_observation`](Environment::write_observation).
    fn write_waiting_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        self.write_observation(observation)
    }

    /// Plays `action` for the player to act.
    ///
    /// # Errors
    ///
    /// [`ActionError::OutOfRange`], [`ActionError::GameOver`] or
    /// [`ActionError::Illegal`]; the environment is unchanged.
    fn apply_action(
        &mut self,
        action: usize,
    ) -> Result<Progress<<Self::Game as Game>::Move>, ActionError>;

    /// The actions that play `mv`, in order.
    ///
    /// # Errors
    ///
    /// [`ActionError::GameOver`] once the game is over;
    /// [`ActionError::IllegalMove`] when `mv` is not a legal move of
    /// `position()`, or a move is already in progress.
    fn actions_of_move(&self, mv: <Self::Game as Game>::Move)
        -> Result<Self::Actions, ActionError>;

    /// The move that `actions` make from this state (the inverse of
    /// [`actions_of_move`](Environment::actions_of_move)), without changing
    /// the environment.
    ///
    /// # Errors
    ///
    /// The first action's [`ActionError`];
    /// [`ActionError::IncompleteMove`] when the actions stop before the
    /// move is complete (an empty list included);
    /// [`ActionError::TrailingAction`] when an action follows the one that
    /// completed it.
    fn move_of_actions(
        &self,
        actions: &[usize],
    ) -> Result<<Self::Game as Game>::Move, ActionError> {
        let mut state = self.clone();
        for (index, &action) in actions.iter().enumerate() {
            if let Progress::Completed(mv) = state.apply_action(action)? {
                return match actions.get(index + 1) {
                    None => Ok(mv),
                    Some(_) => Err(ActionError::TrailingAction { index: index + 1 }),
                };
            }
        }
        Err(ActionError::IncompleteMove)
    }

    /// Whether `action` is legal now (what `legal_action_mask` writes for
    /// it).
    fn is_legal_action(&self, action: usize) -> bool {
        self.clone().apply_action(action).is_ok()
    }

    /// Starts a new episode: back to the start position of the game being
    /// played, between moves (any move in progress is dropped).
    ///
    /// Postconditions: `position()` is the start position;
    /// `action_count()` and `observation_shape()` are unchanged.
    ///
    /// The default is `from_position(Self::Game::default())`, right for a
    /// game with one start position. An environment whose start depends on
    /// parameters chosen at run time overrides it to keep them (as
    /// [`ConnectX`](crate::connectx::ConnectX) keeps its board size).
    ///
    /// ```
    /// use rulebook::agent::Environment;
    /// use rulebook::connectx::{ConnectX, Parameters};
    ///
    /// let parameters = Parameters::new(8, 9, 5).unwrap();
    /// let mut env = ConnectX::new(parameters);
    /// env.apply_action(4).unwrap();
    /// env.reset();
    /// assert_eq!(env, ConnectX::new(parameters));
    /// ```
    fn reset(&mut self) {
        *self = Self::from_position(Self::Game::default());
    }
}
