//! Levels of play for checkers: [`engine`] builds the computer player of
//! level 1 (weakest) to [`MAX_LEVEL`].

use super::eval::Evaluation;
use super::learned::LearnedEvaluation;
use super::position::Checkers;
use crate::search::{Engine, Evaluator, LevelError, LevelTable, Limits};

/// The search limits of each level, weakest first: the usual table
/// (levels 1 and 2 look 1 and 3 plies ahead, plus captures; levels 3 to 5
/// search 10,000 to 1,000,000 nodes, the same moves on every machine).
const LEVELS: LevelTable<5> = LevelTable::STANDARD.with_draw_margin(DRAW_MARGIN);

/// The strongest level.
pub const MAX_LEVEL: u32 = LEVELS.max_level();

/// The level of play to use when nobody chooses: the strongest that answers
/// within about a second a move on a 2-core machine. Level 5 searches a
/// million nodes, about 0.7 s at the 1.4–1.5 million nodes a second one
/// core of such a machine does (and about 1 s when the machine is busy
/// with other work).
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

/// The computer player of level `level` (1 is the weakest, [`MAX_LEVEL`]
/// the strongest): alpha-beta with the level's node or depth limit, a
/// draw margin of [`DRAW_MARGIN`], and [`Evaluation::is_dead_draw`] for
/// draw offers. From level [`FIRST_LEARNED_LEVEL`] on it judges positions
/// with the learned checkers evaluation ([`LearnedEvaluation::shipped`]),
/// which beats the hand-set [`Evaluation`] at equal search (figures in
/// `docs/learned-eval.md`); the levels below keep the hand-set one, so the
/// ladder's first rungs, made for beginners, play as they always did.
/// [`engine_with`] builds the same player with another evaluation.
///
/// Node-limited levels make the same moves on every machine; change the
/// limits with [`Engine::set_limits`] (e.g. to a time per move).
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn engine(level: u32) -> Result<Engine<Checkers>, LevelError> {
    if level < FIRST_LEARNED_LEVEL {
        engine_with(level, Evaluation::new())
    } else {
        engine_with(level, LearnedEvaluation::shipped())
    }
}

/// The first level whose engine uses the learned evaluation.
pub const FIRST_LEARNED_LEVEL: u32 = 3;

/// The computer player of level `level` as [`engine`] builds it, but
/// judging positions with `evaluation`: to compare evaluations at equal
/// search (e.g. the hand-set [`Evaluation`] against the
/// [`LearnedEvaluation`](super::LearnedEvaluation)).
///
/// ```
/// use rulebook::checkers::{self, Checkers, LearnedEvaluation};
/// use rulebook::Match;
///
/// let mut engine = checkers::engine_with(2, LearnedEvaluation::shipped()).unwrap();
/// assert!(engine.think(&Match::new(Checkers::default())).best_move.is_some());
/// ```
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn engine_with<E: Evaluator<Checkers> + 'static>(
    level: u32,
    evaluation: E,
) -> Result<Engine<Checkers>, LevelError> {
    LEVELS.alpha_beta(level, evaluation, Some(Evaluation::is_dead_draw))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_is_a_level_and_engines_get_their_limits() {
        crate::search::check_levels(&super::LEVELS, super::DEFAULT_LEVEL, super::engine);
    }
}
