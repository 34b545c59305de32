//! [`GameSpec::visit_environment`]: the one place that turns a game's name
//! into its learning-agent [`Environment`], for generic front doors (the
//! Python package's PettingZoo, Gymnasium and batch environments).

use super::{Described, GameSpec, Variant};
use crate::agent::Environment;
use crate::checkers;
use crate::connect4::Connect4;
use crate::connectx::ConnectX;
use crate::draughts::{
    self, BrazilianRules, CzechRules, InternationalRules, ItalianRules, PoolRules, RussianRules,
    SpanishRules,
};
use crate::othello::Othello;

/// Generic work over a game's [`Environment`], written once: what
/// [`GameSpec::visit_environment`] calls with the environment of the game
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

impl GameSpec {
    /// Calls `visitor` with the learning-agent environment of the game at
    /// its start: the position itself for the one-action-per-move games
    /// (`Connect4`, `ConnectX` of the spec's size, `Othello`),
    /// [`checkers::HopByHop`] for checkers and [`draughts::HopByHop`] of
    /// the variant for the draughts family.
    ///
    /// ```
    /// use rulebook::agent::Environment;
    /// use rulebook::catalog::{Described, EnvironmentVisitor, GameSpec};
    ///
    /// /// (actions, observation shape) of a game's environment.
    /// struct Sizes;
    /// impl EnvironmentVisitor for Sizes {
    ///     type Output = (usize, String);
    ///     fn visit<E>(self, start: E) -> (usize, String)
    ///     where
    ///         E: Environment + Send + Sync + 'static,
    ///         E::Game: Described,
    ///     {
    ///         (start.action_count(), start.observation_shape().to_string())
    ///     }
    /// }
    ///
    /// let sizes = |name: &str| name.parse::<GameSpec>().unwrap().visit_environment(Sizes);
    /// assert_eq!(sizes("connect4"), (7, "2x6x7".to_owned()));
    /// assert_eq!(sizes("checkers"), (128, "6x8x4".to_owned()));
    /// assert_eq!(sizes("international"), (1800, "6x10x5".to_owned()));
    /// assert_eq!(sizes("russian"), (896, "6x8x4".to_owned()));
    /// assert_eq!(sizes("othello"), (65, "2x8x8".to_owned()));
    /// ```
    pub fn visit_environment<V: EnvironmentVisitor>(&self, visitor: V) -> V::Output {
        match *self {
            GameSpec::Connect4 => visitor.visit(Connect4::default()),
            GameSpec::ConnectX(parameters) => visitor.visit(ConnectX::new(parameters)),
            GameSpec::Checkers => visitor.visit(checkers::HopByHop::default()),
            GameSpec::Draughts(variant) => match variant {
                Variant::International => {
                    visitor.visit(draughts::HopByHop::<InternationalRules>::default())
                }
                Variant::Brazilian => {
                    visitor.visit(draughts::HopByHop::<BrazilianRules>::default())
                }
                Variant::Russian => visitor.visit(draughts::HopByHop::<RussianRules>::default()),
                Variant::Pool => visitor.visit(draughts::HopByHop::<PoolRules>::default()),
                Variant::Italian => visitor.visit(draughts::HopByHop::<ItalianRules>::default()),
                Variant::Spanish => visitor.visit(draughts::HopByHop::<SpanishRules>::default()),
                Variant::Czech => visitor.visit(draughts::HopByHop::<CzechRules>::default()),
            },
            GameSpec::Othello => visitor.visit(Othello::default()),
        }
    }
}
