//! Levels of play for Connect Four: [`engine`] builds the computer player
//! of level 1 (weakest) to [`MAX_LEVEL`].
//!
//! Every level is the generic [`AlphaBeta`](crate::search::AlphaBeta) search with the Connect Four
//! [`Evaluation`]. A perfect-play level (a solver) can join as a further
//! level: [`engine`] returns an [`Engine`], which takes any
//! [`Searcher`](crate::search::Searcher).

use super::eval::Evaluation;
use super::Connect4;
use crate::search::{self, Engine, LevelError, Limits};

/// The strongest level.
pub const MAX_LEVEL: u32 = 6;

/// The level of play to use when nobody chooses: the strongest that answers
/// within about a second a move on a 2-core machine.
pub const DEFAULT_LEVEL: u32 = 6;

/// The search limits of each level, weakest first: levels 1 to 3 look a
/// fixed number of plies ahead, levels 4 and up search a fixed number of
/// nodes (the same moves on every machine), ten times more each.
const LEVEL_LIMITS: [Limits; MAX_LEVEL as usize] = [
    Limits::depth(1),
    Limits::depth(2),
    Limits::depth(4),
    Limits::nodes(20_000),
    Limits::nodes(200_000),
    Limits::nodes(2_000_000),
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
/// the strongest): alpha-beta with the Connect Four [`Evaluation`] and the
/// level's depth or node limit.
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn engine(level: u32) -> Result<Engine<Connect4>, LevelError> {
    search::alpha_beta_engine(&LEVEL_LIMITS, level, Evaluation::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_a_level_and_engines_get_their_limits() {
        assert!((1..=MAX_LEVEL).contains(&DEFAULT_LEVEL));
        assert_eq!(engine(2).unwrap().limits(), LEVEL_LIMITS[1]);
        assert!(engine(0).is_err());
    }
}
