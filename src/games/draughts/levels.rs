//! Levels of play for every draughts variant: [`engine`] builds the
//! computer player of level 1 (weakest) to [`MAX_LEVEL`].

use super::eval::Evaluation;
use super::position::Draughts;
use super::rules::Rules;
use crate::search::{Engine, Evaluator, LevelError, LevelTable, Limits};

/// The search limits of each level, weakest first: the usual table
/// (levels 1 and 2 look 1 and 3 plies ahead, plus captures; levels 3 and
/// up search a fixed number of nodes, the same moves on every machine),
/// with 2,000,000 nodes at the top (under a second a move at the search's
/// speed on one core, figures in `docs/draughts-engine.md`).
const LEVELS: LevelTable<5> = LevelTable::STANDARD
    .with_level(5, Limits::nodes(2_000_000))
    .with_draw_margin(DRAW_MARGIN);

/// The strongest level.
pub const MAX_LEVEL: u32 = LEVELS.max_level();

/// The level of play to use when nobody chooses: the strongest that answers
/// within about a second a move on a 2-core machine (figures in
/// `docs/draughts-engine.md`).
pub const DEFAULT_LEVEL: u32 = 5;

/// How far below the engine's score a draw offer must put it before it
/// accepts: a quarter of a man.
pub const DRAW_MARGIN: i32 = 25;

/// The search limits of level `level`.
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn level_limits(level: u32) -> Result<Limits, LevelError> {
    LEVELS.limits(level)
}

/// The computer player of variant `R` at level `level` (1 is the weakest,
/// [`MAX_LEVEL`] the strongest): alpha-beta with the draughts
/// [`Evaluation`], the level's node or depth limit, a draw margin of
/// [`DRAW_MARGIN`], and [`Evaluation::is_dead_draw`] for draw offers.
///
/// Node-limited levels make the same moves on every machine; change the
/// limits with [`Engine::set_limits`] (e.g. to a time per move).
///
/// ```
/// use rulebook::draughts::{self, RussianRules};
/// use rulebook::Match;
///
/// let mut engine = draughts::engine::<RussianRules>(2).unwrap();
/// let game = Match::new(rulebook::draughts::Russian::default());
/// assert!(engine.think(&game).best_move.is_some());
/// ```
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn engine<R: Rules>(level: u32) -> Result<Engine<Draughts<R>>, LevelError> {
    engine_with(level, Evaluation::<R>::new())
}

/// The computer player of variant `R` at level `level` as [`engine`]
/// builds it, but judging positions with `evaluation`: to compare
/// evaluations at equal search (e.g. the hand-set [`Evaluation`] against
/// the [`LearnedEvaluation`](super::LearnedEvaluation)).
///
/// ```
/// use rulebook::draughts::{self, Evaluation, InternationalRules};
/// use rulebook::Match;
///
/// let hand_set = Evaluation::<InternationalRules>::new();
/// let mut engine = draughts::engine_with(2, hand_set).unwrap();
/// let game = Match::new(rulebook::draughts::International::default());
/// assert!(engine.think(&game).best_move.is_some());
/// ```
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn engine_with<R: Rules, E: Evaluator<Draughts<R>> + 'static>(
    level: u32,
    evaluation: E,
) -> Result<Engine<Draughts<R>>, LevelError> {
    let dead_draw: fn(&Draughts<R>) -> bool = Evaluation::is_dead_draw;
    LEVELS.alpha_beta(level, evaluation, Some(dead_draw))
}

#[cfg(test)]
mod tests {
    use crate::draughts::InternationalRules;

    #[test]
    fn the_default_is_a_level_and_engines_get_their_limits() {
        let engine = super::engine::<InternationalRules>;
        crate::search::check_levels(&super::LEVELS, super::DEFAULT_LEVEL, engine);
    }
}
