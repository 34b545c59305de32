//! The opening positions and the complete opening book: every unfinished
//! position with a given number of stones ([`opening_positions`]), and the
//! [`Book`] of every position up to a depth from the exact scores of the
//! deepest ones ([`Book::complete`], negamax over the book itself, no
//! search). What the book generator (`examples/c4book.rs --depth`) and the
//! Python package's `build-book` command share.

use std::collections::BTreeMap;

use super::book::{Book, BookError, MAX_BOOK_DEPTH};
use crate::connect4::{Connect4, CELLS};
use crate::{Game, Outcome};

/// Every unfinished position with exactly `stones` stones, one of each
/// mirror pair (the one [`Connect4::canonical`] gives), in ascending order
/// of [`Connect4::canonical_key`]: the same list on every run.
///
/// Postcondition: no position is over, no two are mirror images.
///
/// ```
/// use rulebook::connect4::opening_positions;
///
/// // Seven first moves, three pairs of mirror images and the centre.
/// assert_eq!(opening_positions(1).len(), 4);
/// ```
pub fn opening_positions(stones: u32) -> Vec<Connect4> {
    let mut level: BTreeMap<u64, Connect4> = BTreeMap::new();
    level.insert(Connect4::new().canonical_key(), Connect4::new());
    for _ in 0..stones.min(CELLS as u32) {
        let mut next = BTreeMap::new();
        for game in level.values() {
            for mv in game.legal_moves() {
                let Ok(child) = game.after(mv) else { continue };
                if child.outcome().is_none() {
                    next.entry(child.canonical_key())
                        .or_insert_with(|| child.canonical().0);
                }
            }
        }
        level = next;
    }
    level.into_values().collect()
}

impl Book {
    /// The book of every unfinished position with at most `depth` stones
    /// whose score follows from `deepest` — exact scores of positions with
    /// exactly `depth` stones (as [`opening_positions`] lists them) — by
    /// negamax over the book, with no search. A shallower position is in
    /// the book only if all its unfinished children are, so a partial
    /// `deepest` gives a partial, still exact, book.
    ///
    /// Precondition: the scores are exact (the book stores them as given).
    ///
    /// # Errors
    ///
    /// As [`Book::new`]: [`BookError::DepthTooLarge`] above
    /// [`MAX_BOOK_DEPTH`]; [`BookError::BadPosition`] for a position of
    /// `deepest` with another number of stones; [`BookError::GameOver`],
    /// [`BookError::BadScore`], [`BookError::Conflict`].
    ///
    /// ```
    /// use rulebook::connect4::{opening_positions, Book, Connect4, Solver};
    ///
    /// // The built-in book answers the one-stone positions at once.
    /// let mut solver = Solver::with_table_bits(16)?.with_book(Book::builtin()?);
    /// let deepest: Vec<_> = opening_positions(1)
    ///     .into_iter()
    ///     .map(|game| (game, solver.score(&game).unwrap()))
    ///     .collect();
    /// let book = Book::complete(1, deepest)?;
    /// assert_eq!(book.len(), 1 + 4); // the empty board, 4 first moves
    /// // X wins from the start, with its last stone (the 21st).
    /// assert_eq!(book.score(&Connect4::new()), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn complete(
        depth: u32,
        deepest: impl IntoIterator<Item = (Connect4, i32)>,
    ) -> Result<Book, BookError> {
        if depth > MAX_BOOK_DEPTH {
            return Err(BookError::DepthTooLarge(depth));
        }
        let mut scores: Vec<(Connect4, i32)> = Vec::new();
        for (index, (game, score)) in deepest.into_iter().enumerate() {
            if game.plies() != depth && game.outcome().is_none() {
                return Err(BookError::BadPosition(index));
            }
            scores.push((game, score));
        }
        let mut book = Book::new(depth, scores.iter().copied())?;
        for stones in (0..depth).rev() {
            for game in opening_positions(stones) {
                if let Some(score) = negamax(&book, &game) {
                    scores.push((game, score));
                }
            }
            book = Book::new(depth, scores.iter().copied())?;
        }
        Ok(book)
    }
}

/// The score of `game` from its children's: a win now scores as the
/// solver counts it, a full board 0, an unfinished child its book score
/// negated; None if the book lacks an unfinished child.
fn negamax(book: &Book, game: &Connect4) -> Option<i32> {
    let stones = game.plies() as i32;
    let mut best = None;
    for mv in game.legal_moves() {
        let child = game.after(mv).ok()?;
        let score = match child.outcome() {
            Some(Outcome::Win(_)) => (CELLS as i32 + 1 - stones) / 2,
            Some(Outcome::Draw) => 0,
            None => -book.score(&child)?,
        };
        best = Some(best.map_or(score, |best: i32| best.max(score)));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::Solver;

    #[test]
    fn opening_positions_count_mirror_pairs_once() {
        // Counted from the definition: every game of `stones` moves, one
        // per canonical key.
        for stones in 0..=4 {
            let canonical = opening_positions(stones);
            let mut all = std::collections::HashSet::new();
            let mut frontier = vec![Connect4::new()];
            for _ in 0..stones {
                frontier = frontier
                    .iter()
                    .flat_map(|game| {
                        game.legal_moves()
                            .into_iter()
                            .filter_map(|mv| game.after(mv).ok())
                            .filter(|child| child.outcome().is_none())
                            .collect::<Vec<_>>()
                    })
                    .collect();
            }
            for game in &frontier {
                all.insert(game.canonical_key());
            }
            assert_eq!(canonical.len(), all.len(), "{stones} stones");
            assert!(canonical.iter().all(|game| game.plies() == stones));
            assert!(canonical
                .windows(2)
                .all(|pair| pair[0].canonical_key() < pair[1].canonical_key()));
        }
    }

    #[test]
    fn the_complete_book_agrees_with_the_built_in_book() {
        // The built-in book answers every one-stone position without
        // search (its lines start with every first move), so the deepest
        // scores are exact and quick even unoptimised.
        let builtin = Book::builtin().unwrap();
        let mut solver = Solver::with_table_bits(16)
            .unwrap()
            .with_book(builtin.clone());
        let depth = 1;
        let deepest: Vec<_> = opening_positions(depth)
            .into_iter()
            .map(|game| (game, solver.score(&game).unwrap()))
            .collect();
        let book = Book::complete(depth, deepest.clone()).unwrap();
        assert_eq!(book.len(), 5);
        for stones in 0..=depth {
            for game in opening_positions(stones) {
                assert!(book.score(&game).is_some());
                assert_eq!(book.score(&game), builtin.score(&game), "{game:?}");
                assert_eq!(book.score(&game.mirrored()), book.score(&game));
            }
        }
        // Without one deepest position, its parent is left out.
        let partial = Book::complete(depth, deepest[1..].iter().copied()).unwrap();
        assert_eq!(partial.score(&deepest[0].0), None);
        assert_eq!(partial.score(&Connect4::new()), None);
        assert_eq!(partial.len(), 3);
        assert_eq!(
            Book::complete(depth, [(Connect4::new(), 1)]),
            Err(BookError::BadPosition(0))
        );
        assert_eq!(
            Book::complete(MAX_BOOK_DEPTH + 1, []),
            Err(BookError::DepthTooLarge(MAX_BOOK_DEPTH + 1))
        );
    }
}
