//! [`EnvironmentVisitor`], what [`GameSpec::visit_environment`](super::GameSpec::visit_environment)
//! calls: the one place that turns a game's name
//! into its learning-agent [`Environment`], for generic front doors (the
//! Python package's PettingZoo, Gymnasium and batch environments).

use super::Described;
use crate::agent::Environment;

/// Generic work over a game's [`Environment`], written once: what
/// [`GameSpec::visit_environment`](super::GameSpec::visit_environment) calls with the environment of the game
/// a user named (as [`GameVisitor`](super::GameVisitor) is for the game
/// itself).
pub trait EnvironmentVisitor {
    /// What the visit returns (the same for every game).
    type Output;

    /// Does the work with `start`, the environment at the spec's start
    /// position, between moves.
    fn visit<E>(self, start: E) -> Self::Output
    where
        E: Environment + Send + Sync + 'static,
        E::Game: Described;
}
