//! Which agent environment a game name and its parameters make: the one
//! place the Python environments (`VectorEnv`, PettingZoo, Gymnasium)
//! turn a user's `game` string into generic code over
//! [`Environment`](rulebook::agent::Environment).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use rulebook::agent::Environment;
use rulebook::catalog::Described;
use rulebook::Game;

use crate::errors::IllegalActionError;
#[cfg(doc)]
use crate::errors::ParseError;
use crate::games::{spec_of, DynGame, PyGame};
use pyo3::exceptions::PyValueError;
use rulebook::catalog::GameSpec;

/// What an environment type needs to be driven from Python.
pub(crate) trait AgentEnvironment:
    Environment<Game: Described> + Send + Sync + 'static
{
    /// The position as the console draws it.
    fn render(&self) -> String;
}

impl<E> AgentEnvironment for E
where
    E: Environment<Game: Described> + Send + Sync + 'static,
{
    fn render(&self) -> String {
        self.position().to_string()
    }
}

/// The truncation of games that may never end (checkers), in actions, when
/// the caller does not choose one: OpenSpiel's checkers limit.
const DEFAULT_MAX_STEPS: u32 = 1000;

/// The step limit of `E`'s games from the caller's `max_steps`: `Some(0)`
/// means none, `None` the default (none for games that always end, else
/// [`DEFAULT_MAX_STEPS`]).
pub(crate) fn step_limit<E: Environment>(max_steps: Option<u32>) -> Option<u32> {
    match max_steps {
        Some(0) => None,
        Some(max) => Some(max),
        None => <E::Game as Game>::MAX_PLIES
            .is_none()
            .then_some(DEFAULT_MAX_STEPS),
    }
}

/// Generic code run on the environment a name makes.
pub(crate) trait EnvironmentVisitor {
    /// What the visit returns.
    type Output;
    /// Called with the environment at the game's start.
    fn visit<E: AgentEnvironment>(self, start: E) -> Self::Output;
}

/// The library's visitor of an environment, calling ours.
struct Visit<V>(V);

impl<V: EnvironmentVisitor> rulebook::catalog::EnvironmentVisitor for Visit<V> {
    type Output = V::Output;
    fn visit<E>(self, start: E) -> V::Output
    where
        E: Environment + Send + Sync + 'static,
        E::Game: Described,
    {
        self.0.visit(start)
    }
}

/// Runs `visitor` on the environment of `game` with the keyword
/// `parameters` (`rows`, `columns`, `inarow` for `connectx`): the
/// library's [`GameSpec::visit_environment`], one code path for every
/// game.
///
/// # Errors
///
/// [`ParseError`] for an unknown name or parameter (the message lists the
/// accepted ones) or parameters the game refuses.
pub(crate) fn visit_environment<V: EnvironmentVisitor>(
    game: &str,
    parameters: Option<&Bound<'_, PyDict>>,
    visitor: V,
) -> PyResult<V::Output> {
    Ok(spec_of(game, parameters)?.visit_environment(Visit(visitor)))
}

/// The actions of the move in progress in `env`: those that lead from
/// `from_position(env.position())` to `env` (empty between moves). Found
/// by replaying the prefixes of the position's legal moves: no state is
/// kept for it on the hot path.
pub(crate) fn actions_in_progress<E: Environment>(env: &E) -> Vec<usize> {
    let between = E::from_position(env.position().clone());
    if &between == env {
        return Vec::new();
    }
    for mv in env.position().legal_moves().iter().copied() {
        let Ok(actions) = between.actions_of_move(mv) else {
            continue;
        };
        let mut state = between.clone();
        for (index, &action) in actions.iter().enumerate() {
            if state.apply_action(action).is_err() {
                break;
            }
            if &state == env {
                return actions[..=index].to_vec();
            }
        }
    }
    debug_assert!(false, "no prefix of a legal move reaches the environment");
    Vec::new()
}

/// The environment of `start`'s game at `game` (a position of the same
/// game and size), then `actions` (the move in progress).
///
/// # Errors
///
/// `ValueError` for a position of another game or size;
/// [`IllegalActionError`] for an action that is not legal on the way
/// (naming it).
pub(crate) fn environment_at<E: AgentEnvironment>(
    start: &E,
    game: &dyn DynGame,
    actions: &[usize],
) -> PyResult<E> {
    let expected = Described::spec(start.position());
    let position = game
        .as_any()
        .downcast_ref::<E::Game>()
        .filter(|position| Described::spec(*position) == expected)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "this environment plays {expected}, not {}",
                game.spec()
            ))
        })?;
    let mut env = E::from_position(position.clone());
    for (index, &action) in actions.iter().enumerate() {
        env.apply_action(action).map_err(|error| {
            IllegalActionError::new_err(format!(
                "action {action} (number {index} of the move in progress): {error}"
            ))
        })?;
    }
    Ok(env)
}

/// `game` as a Python `rulebook.Game` of its class (`rulebook.Connect4`,
/// `rulebook.Checkers`, ...), as the package's `_CLASSES` names them.
pub(crate) fn game_object<'py>(
    py: Python<'py>,
    game: Box<dyn DynGame>,
) -> PyResult<Bound<'py, PyAny>> {
    let classes = py.import("rulebook")?.getattr("_CLASSES")?;
    let class = classes.get_item(game.spec().name())?;
    let object = match game.spec() {
        GameSpec::ConnectX(parameters) => {
            let keywords = PyDict::new(py);
            keywords.set_item("rows", parameters.rows())?;
            keywords.set_item("columns", parameters.columns())?;
            keywords.set_item("inarow", parameters.in_a_row())?;
            class.call((), Some(&keywords))?
        }
        _ => class.call0()?,
    };
    object.cast::<PyGame>()?.borrow_mut().set_inner(game);
    Ok(object)
}
