//! Levels of play for Connect Four: [`engine`] builds the computer player
//! of level 1 (weakest) to [`MAX_LEVEL`].
//!
//! Levels 1 to [`MAX_SEARCH_LEVEL`] are the generic
//! [`AlphaBeta`](crate::search::AlphaBeta) search with the Connect Four
//! [`Evaluation`]; the top level, [`PERFECT_LEVEL`], is the
//! [`PerfectPlayer`] (the solver).

use super::eval::Evaluation;
use super::perfect::PerfectPlayer;
use super::Connect4;
use crate::search::{Engine, LevelError, LevelTable, Limits};

/// The strongest level that searches with alpha-beta (and so takes other
/// [`Limits`], e.g. a time per move, through [`Engine::set_limits`]).
pub const MAX_SEARCH_LEVEL: u32 = 6;

/// The level of perfect play: the [`PerfectPlayer`].
pub const PERFECT_LEVEL: u32 = MAX_SEARCH_LEVEL + 1;

/// The strongest level.
pub const MAX_LEVEL: u32 = PERFECT_LEVEL;

/// The level of play to use when nobody chooses: the strongest that answers
/// within about a second a move on a 2-core machine. That is the perfect
/// player: the builtin book covers every game to 13 stones, and later
/// positions solve in milliseconds (the longest answer measured in 820
/// games against other players was 164 ms; see the README).
pub const DEFAULT_LEVEL: u32 = PERFECT_LEVEL;

/// The search limits of the search levels, weakest first: levels 1 to 3
/// look a fixed number of plies ahead, levels 4 and up search a fixed
/// number of nodes (the same moves on every machine), ten times more each.
const SEARCH_LEVELS: LevelTable<{ MAX_SEARCH_LEVEL as usize }> = LevelTable::new([
    Limits::depth(1),
    Limits::depth(2),
    Limits::depth(4),
    Limits::nodes(20_000),
    Limits::nodes(200_000),
    Limits::nodes(2_000_000),
]);

/// The search limits of level `level` ([`Limits::NONE`] for
/// [`PERFECT_LEVEL`], which plays perfectly whatever the limits).
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn level_limits(level: u32) -> Result<Limits, LevelError> {
    if level == PERFECT_LEVEL {
        return Ok(Limits::NONE);
    }
    SEARCH_LEVELS.limits(level).map_err(|_| out_of_range(level))
}

/// The computer player of level `level` (1 is the weakest, [`MAX_LEVEL`]
/// the strongest): up to [`MAX_SEARCH_LEVEL`], alpha-beta with the Connect
/// Four [`Evaluation`] and the level's depth or node limit; at
/// [`PERFECT_LEVEL`], the [`PerfectPlayer`] with the builtin book.
///
/// # Errors
///
/// [`LevelError`] when `level` is not in `1..=MAX_LEVEL`.
pub fn engine(level: u32) -> Result<Engine<Connect4>, LevelError> {
    if level == PERFECT_LEVEL {
        return Ok(Engine::new(PerfectPlayer::new(), Limits::NONE));
    }
    SEARCH_LEVELS
        .alpha_beta(level, Evaluation::new(), None)
        .map_err(|_| out_of_range(level))
}

/// The error for a level outside `1..=MAX_LEVEL`.
fn out_of_range(level: u32) -> LevelError {
    LevelError {
        requested: level,
        max: MAX_LEVEL,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_a_level_and_engines_get_their_limits() {
        assert!((1..=MAX_LEVEL).contains(&DEFAULT_LEVEL));
        assert_eq!(engine(2).unwrap().limits(), Limits::depth(2));
        assert_eq!(engine(PERFECT_LEVEL).unwrap().limits(), Limits::NONE);
        assert_eq!(level_limits(PERFECT_LEVEL), Ok(Limits::NONE));
        for level in [0, MAX_LEVEL + 1] {
            let refused = LevelError {
                requested: level,
                max: MAX_LEVEL,
            };
            assert_eq!(engine(level).unwrap_err(), refused);
            assert_eq!(level_limits(level), Err(refused));
        }
    }
}
