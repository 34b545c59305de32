//! Which agent environment a game name and its parameters make: the one
//! place the Python environments (`VectorEnv`, PettingZoo, Gymnasium)
//! turn a user's `game` string into generic code over
//! [`Environment`](rulebook::agent::Environment).

use core::fmt::Display;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use rulebook::agent::Environment;
use rulebook::checkers::HopByHop;
use rulebook::connect4::Connect4;
use rulebook::connectx::{ConnectX, Parameters};

use crate::errors::ParseError;

/// The game names the environments accept.
pub(crate) const ENVIRONMENT_NAMES: &[&str] = &["connect4", "connectx", "checkers"];

/// The keyword parameters of `connectx`, with Connect Four's values as
/// defaults.
const CONNECTX_PARAMETERS: [(&str, usize); 3] = [("rows", 6), ("columns", 7), ("inarow", 4)];

/// What an environment type needs to be driven from Python.
pub(crate) trait AgentEnvironment: Environment + Send + Sync + 'static {
    /// The position as the console draws it.
    fn render(&self) -> String;
}

impl<E> AgentEnvironment for E
where
    E: Environment + Send + Sync + 'static,
    E::Game: Display,
{
    fn render(&self) -> String {
        self.position().to_string()
    }
}

/// Generic code run on the environment a name makes.
pub(crate) trait EnvironmentVisitor {
    /// What the visit returns.
    type Output;
    /// Called with the environment at the game's start.
    fn visit<E: AgentEnvironment>(self, start: E) -> Self::Output;
}

/// Runs `visitor` on the environment of `game` with the keyword
/// `parameters` (`rows`, `columns`, `inarow` for `connectx`).
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
    let name = game.trim().to_ascii_lowercase();
    let accepted: &[(&str, usize)] = if name == "connectx" {
        &CONNECTX_PARAMETERS
    } else {
        &[]
    };
    let mut values = [0usize; CONNECTX_PARAMETERS.len()];
    for (slot, (_, default)) in values.iter_mut().zip(accepted) {
        *slot = *default;
    }
    if let Some(parameters) = parameters {
        for (key, value) in parameters.iter() {
            let key: String = key.extract()?;
            let Some(index) = accepted.iter().position(|(name, _)| *name == key) else {
                let names: Vec<&str> = accepted.iter().map(|(name, _)| *name).collect();
                return Err(ParseError::new_err(format!(
                    "{game} takes no parameter {key:?}{}",
                    if names.is_empty() {
                        String::new()
                    } else {
                        format!(" (its parameters: {})", names.join(", "))
                    }
                )));
            };
            values[index] = value.extract()?;
        }
    }
    match name.as_str() {
        "connect4" => Ok(visitor.visit(Connect4::default())),
        "connectx" => {
            let [rows, columns, in_a_row] = values;
            let parameters = Parameters::new(rows, columns, in_a_row)
                .map_err(|error| ParseError::new_err(error.to_string()))?;
            Ok(visitor.visit(ConnectX::new(parameters)))
        }
        "checkers" => Ok(visitor.visit(HopByHop::default())),
        _ => Err(ParseError::new_err(format!(
            "no environment for game {game:?}: the environments are {}",
            ENVIRONMENT_NAMES.join(", ")
        ))),
    }
}
