//! Levels of play for Othello: [`engine`] builds the computer player of
//! level 1 (weakest) to [`MAX_LEVEL`].

use super::eval::Evaluation;
use super::Othello;
use crate::search::{self, Engine, LevelError, Limits};

/// The strongest level.
pub const MAX_LEVEL: u32 = 5;

/// The level of play to use when nobody chooses: level 4, 100,000 nodes a
/// move, a fraction of a second on one core.
pub const DEFAULT_LEVEL: u32 = 4;

/// The search limits of each level, weakest first. Levels 1 and 2 look a
/// fixed number of plies ahead; levels 3 and up search a fixed number of
/// nodes (the same moves on every machine), ten times more each.
const LEVEL_LIMITS: [Limits; MAX_LEVEL as usize] = [
    Limits::depth(1),
    Limits::depth(3),
    Limits::nodes(10_000),
    Limits::nodes(100_000),
    Limits::nodes(1_000_000),
];

/// The search limits of level `level`.
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn level_limits(level: u32) -> Result<Limits, LevelError> {
    search::level_limits(&LEVEL_LIMITS, level)
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
    search::alpha_beta_engine(&LEVEL_LIMITS, level, Evaluation::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_a_level_and_engines_get_their_limits() {
        assert!((1..=MAX_LEVEL).contains(&DEFAULT_LEVEL));
        assert_eq!(engine(2).unwrap().limits(), LEVEL_LIMITS[1]);
        assert!(engine(MAX_LEVEL + 1).is_err());
        assert!(engine(0).is_err());
    }
}
