//! Levels of play for Othello: [`engine`] builds the computer player of
//! level 1 (weakest) to [`MAX_LEVEL`].

use super::eval::Evaluation;
use super::Othello;
use crate::search::{Engine, LevelError, LevelTable, Limits};

/// The search limits of each level, weakest first: the usual table
/// (levels 1 and 2 look 1 and 3 plies ahead; levels 3 to 5 search 10,000
/// to 1,000,000 nodes, the same moves on every machine).
const LEVELS: LevelTable<5> = LevelTable::STANDARD;

/// The strongest level.
pub const MAX_LEVEL: u32 = LEVELS.max_level();

/// The level of play to use when nobody chooses: level 4, 100,000 nodes a
/// move, a fraction of a second on one core.
pub const DEFAULT_LEVEL: u32 = 4;

/// The search limits of level `level`.
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn level_limits(level: u32) -> Result<Limits, LevelError> {
    LEVELS.limits(level)
}

/// The computer player of level `level` (1 is the weakest, [`MAX_LEVEL`]
/// the strongest): alpha-beta with the Othello [`Evaluation`] and the
/// level's depth or node limit. Near the end the search reaches the
/// finished positions and plays the endgame exactly.
///
/// ```
/// use rulebook::othello::{self, Othello};
/// use rulebook::Game;
///
/// let mut engine = othello::engine(2).unwrap();
/// let thought = engine.think(Othello::default());
/// assert!(Othello::default().is_legal(thought.best_move.unwrap()));
/// ```
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn engine(level: u32) -> Result<Engine<Othello>, LevelError> {
    LEVELS.alpha_beta(level, Evaluation::new(), None)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_is_a_level_and_engines_get_their_limits() {
        crate::search::check_levels(&super::LEVELS, super::DEFAULT_LEVEL, super::engine);
    }
}
