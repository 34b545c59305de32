//! The games the Hub program plays: every draughts variant
//! (`rulebook::draughts::Variant`, by its Hub name) and Turkish draughts
//! (`turkish`, this crate's name: Scan has none), each through the Hub
//! text its library module writes.

use std::path::Path;
use std::sync::Arc;

use rulebook::book::OpeningBook;
use rulebook::draughts::{self, Draughts, HubError, Rules, RulesVisitor, Variant};
use rulebook::endgame::Tablebase;
use rulebook::search::{Evaluator, Oracle};
use rulebook::turkish::{self, Turkish};
use rulebook::{DrawRules, Game};

/// What a session needs of its game: Hub text, an evaluation, the draw
/// rules, endgame databases.
pub trait HubGame:
    Game<Move: Send, Moves: Send, Player: Send, Ending: Send> + Copy + Default + Send + 'static
{
    /// The evaluation of the session's search.
    type Eval: Evaluator<Self> + Send + 'static;
    /// The draw rules a game is played under.
    const DRAW_RULES: DrawRules;
    /// A fresh evaluation.
    fn evaluation() -> Self::Eval;
    /// Reads a position in Hub text.
    fn parse_hub_position(text: &str) -> Result<Self, HubError>;
    /// A legal move in Hub text.
    fn hub_move(&self, mv: &Self::Move) -> String;
    /// Reads a move in Hub text against the legal moves.
    fn parse_hub_move(&self, text: &str) -> Result<Self::Move, HubError>;
    /// The game's endgame databases in `dir`.
    fn open_endgame(dir: &Path) -> Result<Arc<dyn Oracle<Self>>, String>;
    /// The opening book the crate ships for the game, if any.
    fn book() -> Option<Arc<OpeningBook<Self>>>;
}

impl<R: Rules> HubGame for Draughts<R> {
    type Eval = draughts::EngineEvaluation<R>;
    const DRAW_RULES: DrawRules = R::DRAW_RULES;
    fn evaluation() -> Self::Eval {
        draughts::EngineEvaluation::new()
    }
    fn parse_hub_position(text: &str) -> Result<Self, HubError> {
        draughts::parse_hub_position::<R>(text)
    }
    fn hub_move(&self, mv: &Self::Move) -> String {
        draughts::hub_move(self, mv)
    }
    fn parse_hub_move(&self, text: &str) -> Result<Self::Move, HubError> {
        draughts::parse_hub_move(self, text)
    }
    fn open_endgame(dir: &Path) -> Result<Arc<dyn Oracle<Self>>, String> {
        match Tablebase::<R>::open(dir) {
            Ok(tablebase) => Ok(Arc::new(tablebase)),
            Err(problem) => Err(problem.to_string()),
        }
    }
    fn book() -> Option<Arc<OpeningBook<Self>>> {
        draughts::shipped_book::<R>()
    }
}

impl HubGame for Turkish {
    type Eval = turkish::Evaluation;
    const DRAW_RULES: DrawRules = turkish::DRAW_RULES;
    fn evaluation() -> Self::Eval {
        turkish::Evaluation::new()
    }
    fn parse_hub_position(text: &str) -> Result<Self, HubError> {
        turkish::parse_hub_position(text)
    }
    fn hub_move(&self, mv: &Self::Move) -> String {
        turkish::hub_move(self, mv)
    }
    fn parse_hub_move(&self, text: &str) -> Result<Self::Move, HubError> {
        turkish::parse_hub_move(self, text)
    }
    fn open_endgame(_: &Path) -> Result<Arc<dyn Oracle<Self>>, String> {
        Err("Turkish draughts has no endgame databases".to_owned())
    }
    fn book() -> Option<Arc<OpeningBook<Self>>> {
        None
    }
}

/// The Hub name of Turkish draughts.
const TURKISH: &str = "turkish";

/// A game the `variant` parameter names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HubVariant {
    /// A draughts variant.
    Draughts(Variant),
    /// Turkish draughts.
    Turkish,
}

impl HubVariant {
    /// The game named `name` in Hub's `variant` parameter.
    pub fn from_hub_name(name: &str) -> Option<HubVariant> {
        if name == TURKISH {
            Some(HubVariant::Turkish)
        } else {
            Variant::from_hub_name(name).map(HubVariant::Draughts)
        }
    }

    /// Its name in Hub's `variant` parameter.
    pub fn hub_name(self) -> &'static str {
        match self {
            HubVariant::Draughts(variant) => variant.hub_name(),
            HubVariant::Turkish => TURKISH,
        }
    }

    /// Every game's Hub name (`normal` is International), joined by
    /// `separator`.
    pub fn names(separator: &str) -> String {
        let mut names: Vec<&str> = Variant::ALL.map(Variant::hub_name).to_vec();
        names.push(TURKISH);
        names.join(separator)
    }

    /// What `make` makes for this game.
    pub fn visit<V: GameVisitor>(self, make: V) -> V::Output {
        /// A draughts variant's rules, to `make`.
        struct ByRules<V>(V);
        impl<V: GameVisitor> RulesVisitor for ByRules<V> {
            type Output = V::Output;
            fn visit<R: Rules>(self) -> V::Output {
                self.0.visit::<Draughts<R>>()
            }
        }
        match self {
            HubVariant::Draughts(variant) => variant.visit_rules(ByRules(make)),
            HubVariant::Turkish => make.visit::<Turkish>(),
        }
    }
}

/// Something made for one game type (a session).
pub trait GameVisitor {
    /// What is made.
    type Output;
    /// Makes it for `G`.
    fn visit<G: HubGame>(self) -> Self::Output;
}
