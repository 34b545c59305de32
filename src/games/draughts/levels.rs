//! Levels of play for every draughts variant: [`engine`] builds the
//! computer player of level 1 (weakest) to [`MAX_LEVEL`].

use super::engine_eval::EngineEvaluation;
use super::eval::Evaluation;
use super::position::Draughts;
use super::rules::Rules;
use crate::book::{BookBuilder, OpeningBook};
use crate::search::{Engine, Evaluator, LevelError, LevelTable, Limits};
use std::sync::Arc;

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
/// [`Evaluation`] (with its ProbCut margin, which levels 1 and 2 search
/// too shallow to use), from level [`FIRST_LEARNED_LEVEL`] on the
/// [`EngineEvaluation`] (the learned evaluation where the crate ships
/// weights: International and the 8x8 variants), the level's node or
/// depth limit, a draw margin of [`DRAW_MARGIN`], and
/// [`Evaluation::is_dead_draw`] for draw offers.
///
/// From level [`FIRST_BOOK_LEVEL`] on, in the variants with a shipped
/// opening book ([`shipped_book`]: International and Russian), it plays
/// from the book while the game is in it, with the seed [`BOOK_SEED`]
/// (change it with [`Engine::set_book_seed`], drop the book with
/// [`Engine::without_book`]).
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
    if level < FIRST_LEARNED_LEVEL {
        engine_with(level, Evaluation::<R>::new())
    } else {
        engine_with(level, EngineEvaluation::<R>::new())
    }
}

/// The first level whose engine judges with the [`EngineEvaluation`]: the
/// learned evaluation in the variants with shipped weights
/// (International and the 8x8 variants); levels 1 and 2, made for
/// beginners, keep the hand-set one and play as they always did.
pub const FIRST_LEARNED_LEVEL: u32 = 3;

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
    let engine = LEVELS.alpha_beta(level, evaluation, Some(dead_draw))?;
    Ok(match shipped_book::<R>() {
        Some(book) if level >= FIRST_BOOK_LEVEL => engine.with_book(book, BOOK_SEED),
        _ => engine,
    })
}

/// The first level whose engine plays from the opening book: levels 1 and
/// 2, made for beginners, play as they always did.
pub const FIRST_BOOK_LEVEL: u32 = 3;

/// The seed of the book's draws in the engines of [`engine`] and
/// [`engine_with`].
pub const BOOK_SEED: u64 = 0;

/// The bytes of the International book.
const INTERNATIONAL_BOOK: &[u8] = include_bytes!("../../../book/international.book");
/// The bytes of the Russian book.
const RUSSIAN_BOOK: &[u8] = include_bytes!("../../../book/russian.book");

/// The opening book shipped with the crate for variant `R`, if there is
/// one: built from the records of real games the project holds, the
/// positions of their first 24 plies reached in at least 3 games.
///
/// - International: 85 games (the 2003 world championship, the 2003 Dutch
///   championship in Amsterdam, the 1996 Dutch championship and a
///   professional league; PDN 3.0 standard repository): 67 positions, 1
///   KB, about 3 plies of book a game.
/// - Russian: the 153 games of the 1947 USSR championship: 180 positions,
///   3 KB, about 9 plies a game.
///
/// So few games make a thin book: it varies the first moves with moves
/// masters played, no more (`docs/draughts-engine.md`). The other
/// variants have none. Rebuild them with the `opening_book` example
/// (`build international FILES... --min-games 3 --max-plies 24`).
///
/// ```
/// use rulebook::draughts::{self, InternationalRules, ItalianRules};
///
/// let book = draughts::shipped_book::<InternationalRules>().unwrap();
/// assert_eq!(book.games(), 85);
/// assert!(draughts::shipped_book::<ItalianRules>().is_none());
/// ```
pub fn shipped_book<R: Rules>() -> Option<Arc<OpeningBook<Draughts<R>>>> {
    let bytes = match R::NAME {
        "international" => INTERNATIONAL_BOOK,
        "russian" => RUSSIAN_BOOK,
        _ => return None,
    };
    // Checked by the tests: the shipped bytes read; an empty book would
    // only mean that the engine searches from the first move.
    Some(Arc::new(
        OpeningBook::from_bytes(bytes).unwrap_or_else(|_| BookBuilder::new(0).build(1)),
    ))
}

#[cfg(test)]
mod tests {
    use crate::draughts::InternationalRules;

    #[test]
    fn the_default_is_a_level_and_engines_get_their_limits() {
        let engine = super::engine::<InternationalRules>;
        crate::search::check_levels(&super::LEVELS, super::DEFAULT_LEVEL, engine);
    }

    #[test]
    fn the_shipped_books_read_and_hold_what_their_docs_say() {
        use crate::book::OpeningBook;
        use crate::draughts::{International, Russian, RussianRules};
        use crate::Game;
        let international =
            OpeningBook::<International>::from_bytes(super::INTERNATIONAL_BOOK).unwrap();
        assert_eq!(
            (
                international.len(),
                international.games(),
                international.min_games()
            ),
            (67, 85, 3)
        );
        let russian = OpeningBook::<Russian>::from_bytes(super::RUSSIAN_BOOK).unwrap();
        assert_eq!(
            (russian.len(), russian.games(), russian.min_games()),
            (180, 153, 3)
        );
        // Each book is of its own variant only.
        assert!(OpeningBook::<Russian>::from_bytes(super::INTERNATIONAL_BOOK).is_err());
        // The engine plays a move of the book from the start.
        let start = Russian::default();
        let mut engine = super::engine::<RussianRules>(super::FIRST_BOOK_LEVEL).unwrap();
        let thought = engine.think(start);
        assert_eq!(thought.nodes, 0);
        let moves = russian.moves(&start);
        assert!(moves.iter().any(|m| Some(m.mv) == thought.best_move));
        assert!(start.legal_moves().contains(&thought.best_move.unwrap()));
        // The start with Black to move is out of book (Python's tests
        // search from it).
        let other_side = International::from_fen("B:W31-50:B1-20").unwrap();
        assert!(international.moves(&other_side).is_empty());
    }
}
