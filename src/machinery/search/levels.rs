//! [`LevelTable`]: the levels of play of a game, weakest first, as the
//! games' `levels.rs` declare them and their `engine(level)` functions
//! build them.

use super::{AlphaBeta, Engine, Evaluator, LevelError, Limits, Mcts};
use crate::Game;

/// The transposition table of the games' alpha-beta engines: 16 MiB.
const ENGINE_TABLE_BYTES: usize = 16 << 20;

/// The search limits of each of a game's `N` levels of play, weakest first
/// (level 1 is `limits[0]`), and how its engines judge draw offers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct LevelTable<const N: usize> {
    /// The limits of each level, weakest first.
    limits: [Limits; N],
    /// The draw margin of the alpha-beta engines (see
    /// [`Engine::with_draw_margin`]), or `None` for the engine's own.
    draw_margin: Option<i32>,
}

impl LevelTable<5> {
    /// The usual five levels: two fixed depths (1 and 3 plies, plus what
    /// the search follows past them), then a fixed number of nodes, ten
    /// times more each level (10,000 to 1,000,000), so that node-limited
    /// levels play the same moves on every machine.
    pub(crate) const STANDARD: LevelTable<5> = LevelTable::new([
        Limits::depth(1),
        Limits::depth(3),
        Limits::nodes(10_000),
        Limits::nodes(100_000),
        Limits::nodes(1_000_000),
    ]);
}

impl<const N: usize> LevelTable<N> {
    /// The table of `limits`, weakest first.
    pub(crate) const fn new(limits: [Limits; N]) -> LevelTable<N> {
        LevelTable {
            limits,
            draw_margin: None,
        }
    }

    /// The same table with level `level` (1-based, in `1..=N`) searching
    /// within `limits`.
    pub(crate) const fn with_level(mut self, level: u32, limits: Limits) -> LevelTable<N> {
        self.limits[level as usize - 1] = limits;
        self
    }

    /// The same table, whose alpha-beta engines accept a draw only when it
    /// is `margin` below their score.
    pub(crate) const fn with_draw_margin(mut self, margin: i32) -> LevelTable<N> {
        self.draw_margin = Some(margin);
        self
    }

    /// The strongest level, `N`.
    pub(crate) const fn max_level(&self) -> u32 {
        N as u32
    }

    /// The limits of `level` (1-based).
    ///
    /// # Errors
    ///
    /// [`LevelError`] when `level` is not in `1..=N`.
    pub(crate) fn limits(&self, level: u32) -> Result<Limits, LevelError> {
        level
            .checked_sub(1)
            .and_then(|index| self.limits.get(index as usize))
            .copied()
            .ok_or(LevelError {
                requested: level,
                max: self.max_level(),
            })
    }

    /// The alpha-beta engine with `evaluator` at `level`, with the table's
    /// draw margin and `dead_draw` (if any) for draw offers.
    ///
    /// # Errors
    ///
    /// [`LevelError`] when `level` is not in `1..=N`.
    pub(crate) fn alpha_beta<G: Game + 'static, E: Evaluator<G> + 'static>(
        &self,
        level: u32,
        evaluator: E,
        dead_draw: Option<fn(&G) -> bool>,
    ) -> Result<Engine<G>, LevelError> {
        let search = AlphaBeta::with_table_bytes(evaluator, ENGINE_TABLE_BYTES);
        let mut engine = Engine::new(search, self.limits(level)?);
        if let Some(margin) = self.draw_margin {
            engine = engine.with_draw_margin(margin);
        }
        if let Some(dead_draw) = dead_draw {
            engine = engine.with_dead_draw(dead_draw);
        }
        Ok(engine)
    }

    /// The Monte Carlo tree search engine with `seed` at `level` (its
    /// limits count playouts).
    ///
    /// # Errors
    ///
    /// [`LevelError`] when `level` is not in `1..=N`.
    pub(crate) fn mcts<G: Game + 'static>(
        &self,
        level: u32,
        seed: u64,
    ) -> Result<Engine<G>, LevelError> {
        Ok(Engine::new(Mcts::new(seed), self.limits(level)?))
    }
}

/// Checks a game's level table and `engine(level)` function: the default
/// level is one of the levels, every level's engine searches within that
/// level's limits, and levels 0 and above the strongest are refused.
#[cfg(test)]
pub(crate) fn check_levels<G: Game, const N: usize>(
    table: &LevelTable<N>,
    default_level: u32,
    engine: impl Fn(u32) -> Result<Engine<G>, LevelError>,
) {
    assert!((1..=table.max_level()).contains(&default_level));
    for level in 1..=table.max_level() {
        assert_eq!(
            engine(level).unwrap().limits(),
            table.limits(level).unwrap()
        );
    }
    for level in [0, table.max_level() + 1] {
        let refused = LevelError {
            requested: level,
            max: table.max_level(),
        };
        assert_eq!(engine(level).unwrap_err(), refused);
        assert_eq!(table.limits(level), Err(refused));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_one_based_and_bounded() {
        let table = LevelTable::new([Limits::depth(1), Limits::nodes(10)]);
        assert_eq!(table.limits(1), Ok(Limits::depth(1)));
        assert_eq!(table.limits(2), Ok(Limits::nodes(10)));
        for level in [0, 3, u32::MAX] {
            assert_eq!(
                table.limits(level),
                Err(LevelError {
                    requested: level,
                    max: 2
                })
            );
        }
        let changed = LevelTable::STANDARD.with_level(5, Limits::nodes(7));
        assert_eq!(changed.limits(5), Ok(Limits::nodes(7)));
        assert_eq!(changed.limits(4), LevelTable::STANDARD.limits(4));
    }
}
