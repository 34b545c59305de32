//! Levels of play for ConnectX: [`engine`] builds the computer player of
//! level 1 (weakest) to [`MAX_LEVEL`] for a board of any size.
//!
//! ConnectX has no evaluation of its own (one would have to fit every
//! board size and line length), so its computer player is the generic
//! Monte Carlo tree search, which needs only the rules: every game of the
//! crate gets a computer player through the [`Game`](crate::Game) trait
//! alone. On the 6x7x4 board, [`connect4::engine`](crate::connect4::engine)
//! is stronger.

use super::ConnectX;
use crate::search::{Engine, LevelError, LevelTable, Limits};

/// The level of play to use when nobody chooses: the strongest that answers
/// within about a second a move on a 2-core machine on the largest board
/// (16x16: a playout of up to 256 plies). Smaller boards answer sooner.
pub const DEFAULT_LEVEL: u32 = 5;

/// The seed of the engines' playouts: the same moves in every run.
const SEED: u64 = 0x00c0_ffee;

/// The playouts of each level, weakest first: four times more each level.
const LEVELS: LevelTable<6> = LevelTable::new([
    Limits::nodes(100),
    Limits::nodes(400),
    Limits::nodes(1_600),
    Limits::nodes(6_400),
    Limits::nodes(25_600),
    Limits::nodes(102_400),
]);

/// The strongest level.
pub const MAX_LEVEL: u32 = LEVELS.max_level();

/// The search limits (playouts) of level `level`.
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn level_limits(level: u32) -> Result<Limits, LevelError> {
    LEVELS.limits(level)
}

/// The computer player of level `level` (1 is the weakest, [`MAX_LEVEL`]
/// the strongest): Monte Carlo tree search with a fixed seed and the
/// level's number of playouts, so it makes the same moves on every machine.
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn engine(level: u32) -> Result<Engine<ConnectX>, LevelError> {
    LEVELS.mcts(level, SEED)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_a_level_and_engines_get_their_limits() {
        crate::search::check_levels(&LEVELS, DEFAULT_LEVEL, engine);
        assert_eq!(engine(3).unwrap().limits(), Limits::nodes(1_600));
    }
}
