//! Levels of play for checkers: [`engine`] builds the computer player of
//! level 1 (weakest) to [`MAX_LEVEL`].

use super::eval::Evaluation;
use super::learned::LearnedEvaluation;
use super::position::Checkers;
use crate::book::{BookBuilder, OpeningBook};
use crate::search::{Engine, Evaluator, LevelError, LevelTable, Limits};
use std::sync::Arc;

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
/// From level [`FIRST_BOOK_LEVEL`] on it plays from the shipped opening
/// book ([`shipped_book`]) while the game is in it, with the seed
/// [`BOOK_SEED`] (change it with [`Engine::set_book_seed`], drop the book
/// with [`Engine::without_book`]).
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

/// The first level whose engine plays from the opening book: levels 1 and
/// 2, made for beginners, play as they always did.
pub const FIRST_BOOK_LEVEL: u32 = 3;

/// The seed of the book's draws in the engines of [`engine`] and
/// [`engine_with`].
pub const BOOK_SEED: u64 = 0;

/// The opening book shipped with the crate, built from the 22,621 games of
/// the Open Checkers Archive 2.0: the positions of their first 24 plies
/// reached in at least 10 games (7,503 positions, 120 KB). Rebuild it with
/// `cargo run --release --example opening_book -- build english
/// OCA_2.0.pdn --min-games 10 --max-plies 24 --out book/checkers.book`
/// (the same bytes every time; `docs/search.md` says why these limits).
///
/// ```
/// let book = rulebook::checkers::shipped_book();
/// assert_eq!(book.games(), 22_621);
/// assert_eq!(book.moves(&rulebook::checkers::Checkers::default()).len(), 7);
/// ```
pub fn shipped_book() -> Arc<OpeningBook<Checkers>> {
    // Checked by the tests: the shipped bytes read; an empty book would
    // only mean that the engine searches from the first move.
    Arc::new(
        OpeningBook::from_bytes(CHECKERS_BOOK).unwrap_or_else(|_| BookBuilder::new(0).build(1)),
    )
}

/// The bytes of [`shipped_book`].
const CHECKERS_BOOK: &[u8] = include_bytes!("../../../book/checkers.book");

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
    let engine = LEVELS.alpha_beta(level, evaluation, Some(Evaluation::is_dead_draw))?;
    Ok(if level >= FIRST_BOOK_LEVEL {
        engine.with_book(shipped_book(), BOOK_SEED)
    } else {
        engine
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_is_a_level_and_engines_get_their_limits() {
        crate::search::check_levels(&super::LEVELS, super::DEFAULT_LEVEL, super::engine);
    }

    #[test]
    fn the_shipped_book_reads_and_holds_what_its_docs_say() {
        use crate::book::OpeningBook;
        use crate::checkers::Checkers;
        use crate::Game;
        let book = OpeningBook::<Checkers>::from_bytes(super::CHECKERS_BOOK).unwrap();
        assert_eq!(
            (book.len(), book.games(), book.min_games(), book.max_plies()),
            (7_503, 22_621, 10, 24)
        );
        let start = Checkers::default();
        assert_eq!(book.stats(&start).map(|(games, _)| games), Some(22_621));
        // Every game of the archive starts with one of the seven first
        // moves, each played in more than 2,000 games.
        let first = book.moves(&start);
        assert_eq!(first.len(), 7);
        assert_eq!(first.iter().map(|m| m.games).sum::<u32>(), 22_621);
        assert!(first.iter().all(|m| m.games > 2_000));
        // Levels from FIRST_BOOK_LEVEL on play from it; level 2 searches.
        let mut level3 = super::engine(super::FIRST_BOOK_LEVEL).unwrap();
        let thought = level3.think(start);
        assert_eq!(thought.nodes, 0);
        assert!(first.iter().any(|m| Some(m.mv) == thought.best_move));
        assert!(super::engine(2).unwrap().think(start).nodes > 0);
        assert!(super::engine(2).unwrap().book().is_none());
        // The start with White to move is out of book (Python's tests
        // search from it).
        let other_side = Checkers::from_fen("W:W21-32:B1-12").unwrap();
        assert!(book.moves(&other_side).is_empty());
        // Following the book from the start stays in it for several plies.
        let mut position = start;
        let mut rng = crate::SplitMix64::new(5);
        let mut plies = 0;
        while let Some(mv) = book.choose(&position, &mut rng) {
            position.apply(mv).unwrap();
            plies += 1;
        }
        assert!((4..=30).contains(&plies), "{plies}");
    }
}
