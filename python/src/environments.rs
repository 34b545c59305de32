//! Which agent environment a game name and its parameters make: the one
//! place the Python environments (`VectorEnv`, PettingZoo, Gymnasium)
//! turn a user's `game` string into generic code over
//! [`Environment`](rulebook::agent::Environment).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use rulebook::agent::Environment;
use rulebook::catalog::Described;
use rulebook::Game;

#[cfg(doc)]
use crate::errors::ParseError;
use crate::games::spec_of;
#[cfg(doc)]
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
