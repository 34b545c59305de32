//! [`Solver`]: the exact game-theoretic value of any Connect Four position,
//! the moves that keep it, and the [`Book`] of opening scores that makes
//! the first plies instant.
//!
//! Scores follow the convention of the classic benchmark files: for the side
//! to move, positive if it wins, negative if it loses, 0 for a draw; the
//! magnitude is 22 minus the number of stones the winner has played when
//! the game ends under perfect play (a win with one's 21st stone is +1, a
//! win with one's 4th stone +18).
//!
//! Inside (one concept per file): `position` (bitboards relative to the
//! side to move), `table` (the transposition table), `sorter` (move
//! ordering), `search` (negamax with null windows), `book` and `opening`
//! (the complete opening book).

mod book;
mod opening;
mod position;
mod search;
mod sorter;
mod table;

pub use book::{Book, BookError, FORMAT_VERSION, MAX_BOOK_DEPTH};
pub use opening::opening_positions;
pub use table::{TableSizeError, DEFAULT_TABLE_BITS, MAX_TABLE_BITS, MIN_TABLE_BITS};

use super::{Column, Connect4, Moves};
use crate::search::StopSignal;
use crate::Game;
use position::Position;
use search::{Search, CENTRE_FIRST};
use table::TranspositionTable;

/// Why a position cannot be solved.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SolveError {
    /// The game is over: someone has four in a row or the board is full.
    #[error("the game is over: there is nothing to solve")]
    GameOver,
}

/// A Connect Four solver: exact scores ([`score`](Solver::score)), win /
/// draw / loss ([`weak_score`](Solver::weak_score)) and every best move
/// ([`best_moves`](Solver::best_moves)).
///
/// It keeps a transposition table (64 MiB by default, see
/// [`with_table_bits`](Solver::with_table_bits)) between calls: later calls
/// on related positions reuse what earlier ones learnt. Results never depend
/// on the table's contents, only the time does; [`reset`](Solver::reset)
/// clears it.
///
/// Speed: near the end of the game a position solves in microseconds, in
/// the middle game in tens of microseconds to milliseconds, from about 12
/// stones in under a second, and in the opening in seconds to minutes (the
/// empty board: about ten minutes on a shared 2-core machine). With
/// [`Solver::with_book`] and the [`Book`] of [`Book::builtin`],
/// [`best_move`](Solver::best_move) answers the positions of the book's
/// lines of play without search (see the README for what the shipped book
/// covers).
///
/// ```
/// use rulebook::connect4::{Column, Connect4, Solver};
///
/// let mut solver = Solver::new();
/// // X to move wins at once with the fourth stone in column 0.
/// let game = Connect4::from_moves("121212").unwrap();
/// assert_eq!(solver.score(&game), Ok(18));
/// assert_eq!(solver.weak_score(&game), Ok(1));
/// assert_eq!(solver.best_moves(&game).unwrap().as_slice(), [Column::new(0).unwrap()]);
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    search: Search,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default table of 2^[`DEFAULT_TABLE_BITS`]
    /// entries (64 MiB) and no book.
    ///
    /// If that much memory cannot be had, the table is the smallest
    /// supported size instead (slower, still exact).
    pub fn new() -> Solver {
        Solver::with_table_bits(DEFAULT_TABLE_BITS)
            .or_else(|_| Solver::with_table_bits(MIN_TABLE_BITS))
            .unwrap_or_else(|_| Solver::tiny())
    }

    /// The last resort of [`Solver::new`]: a table of the smallest size
    /// allocated the ordinary way.
    fn tiny() -> Solver {
        // MIN_TABLE_BITS is in range by definition; only allocation could
        // fail above, and this is a few KiB.
        let table = TranspositionTable::new(MIN_TABLE_BITS).unwrap_or_else(|_| unreachable!());
        Solver::from_table(table)
    }

    fn from_table(table: TranspositionTable) -> Solver {
        Solver {
            search: Search {
                table,
                nodes: 0,
                book: None,
                checkpoint: u64::MAX,
                node_limit: u64::MAX,
                stop: None,
                gave_up: false,
            },
        }
    }

    /// A solver whose table has `2^bits` entries of 8 bytes (`bits` =
    /// 23 is 64 MiB). A bigger table helps on hard opening positions.
    ///
    /// # Errors
    ///
    /// [`TableSizeError::OutOfRange`] unless
    /// `MIN_TABLE_BITS <= bits <= MAX_TABLE_BITS`;
    /// [`TableSizeError::OutOfMemory`] if the memory cannot be allocated.
    pub fn with_table_bits(bits: u32) -> Result<Solver, TableSizeError> {
        TranspositionTable::new(bits).map(Solver::from_table)
    }

    /// The solver, answering positions in `book` from it.
    pub fn with_book(mut self, book: Book) -> Solver {
        self.search.book = Some(book);
        self
    }

    /// The book in use, if any.
    pub fn book(&self) -> Option<&Book> {
        self.search.book.as_ref()
    }

    /// log2 of the number of table entries.
    pub fn table_bits(&self) -> u32 {
        self.search.table.bits()
    }

    /// Clears the transposition table and the node counter.
    pub fn reset(&mut self) {
        self.search.table.clear();
        self.search.nodes = 0;
    }

    /// Positions searched since the last [`reset`](Solver::reset): the
    /// measure of work, independent of the machine.
    pub fn node_count(&self) -> u64 {
        self.search.nodes
    }

    /// The exact score of `game` for the side to move (see the module docs
    /// for the scale): from `-(42 - plies) / 2` (lose with the opponent's
    /// next stone) to `(43 - plies) / 2` (win with this stone).
    ///
    /// # Errors
    ///
    /// [`SolveError::GameOver`] if the game is over.
    pub fn score(&mut self, game: &Connect4) -> Result<i32, SolveError> {
        let pos = unfinished(game)?;
        Ok(self.search.solve(&pos, false))
    }

    /// Like [`score`](Solver::score), but gives up once the search has
    /// visited `max_nodes` positions (counted from the call), or once the
    /// [stop signal](Solver::with_stop_signal) is raised: `Ok(None)` then.
    /// The table keeps what the search proved before it gave up (nothing
    /// after that point is stored), so a later call on a related position
    /// starts from it. For a time budget or to sort positions by
    /// difficulty.
    ///
    /// # Errors
    ///
    /// [`SolveError::GameOver`] if the game is over.
    pub fn score_within(
        &mut self,
        game: &Connect4,
        max_nodes: u64,
    ) -> Result<Option<i32>, SolveError> {
        let pos = unfinished(game)?;
        Ok(self.within(max_nodes, |search| search.solve(&pos, false)))
    }

    /// [`weak_score`](Solver::weak_score) within `max_nodes` positions and
    /// the stop signal, as [`score_within`](Solver::score_within).
    ///
    /// # Errors
    ///
    /// [`SolveError::GameOver`] if the game is over.
    pub fn weak_score_within(
        &mut self,
        game: &Connect4,
        max_nodes: u64,
    ) -> Result<Option<i32>, SolveError> {
        let pos = unfinished(game)?;
        Ok(self.within(max_nodes, |search| search.solve(&pos, true)))
    }

    /// [`move_scores`](Solver::move_scores) within `max_nodes` positions
    /// (for all the moves together) and the stop signal, as
    /// [`score_within`](Solver::score_within).
    ///
    /// # Errors
    ///
    /// [`SolveError::GameOver`] if the game is over.
    pub fn move_scores_within(
        &mut self,
        game: &Connect4,
        max_nodes: u64,
    ) -> Result<Option<[Option<i32>; 7]>, SolveError> {
        unfinished(game)?;
        self.limited(max_nodes, |solver| solver.move_scores(game))
            .transpose()
    }

    /// [`best_moves`](Solver::best_moves) within `max_nodes` positions and
    /// the stop signal, as [`score_within`](Solver::score_within).
    ///
    /// # Errors
    ///
    /// [`SolveError::GameOver`] if the game is over.
    pub fn best_moves_within(
        &mut self,
        game: &Connect4,
        max_nodes: u64,
    ) -> Result<Option<Moves>, SolveError> {
        unfinished(game)?;
        self.limited(max_nodes, |solver| solver.best_moves(game))
            .transpose()
    }

    /// The solver, watching `stop` in its `_within` searches
    /// ([`score_within`](Solver::score_within) and the others): raising it
    /// from another thread makes the running one give up within a few
    /// milliseconds, as its node limit would. The searches that must
    /// answer ([`score`](Solver::score), [`best_move`](Solver::best_move),
    /// ...) ignore it. A clone of the solver watches the same flag.
    ///
    /// ```
    /// use rulebook::connect4::{Connect4, Solver};
    /// use rulebook::search::StopSignal;
    ///
    /// let stop = StopSignal::new();
    /// let mut solver = Solver::new().with_stop_signal(stop.clone());
    /// stop.stop(); // e.g. from another thread, while the search runs
    /// assert_eq!(solver.score_within(&Connect4::new(), u64::MAX), Ok(None));
    /// stop.reset();
    /// let near_the_end = Connect4::from_moves("121212").unwrap();
    /// assert_eq!(solver.score_within(&near_the_end, u64::MAX), Ok(Some(18)));
    /// ```
    pub fn with_stop_signal(mut self, stop: StopSignal) -> Solver {
        self.search.stop = Some(stop);
        self
    }

    /// Runs `run` on the search as a limited search of `max_nodes`; `None`
    /// if it gave up (the table holds only what was proved before).
    fn within<T>(&mut self, max_nodes: u64, run: impl FnOnce(&mut Search) -> T) -> Option<T> {
        self.limited(max_nodes, |solver| run(&mut solver.search))
    }

    /// [`Solver::within`] for code on the whole solver.
    fn limited<T>(&mut self, max_nodes: u64, run: impl FnOnce(&mut Solver) -> T) -> Option<T> {
        let start = self.search.nodes;
        self.search.begin_limit(start.saturating_add(max_nodes));
        let value = run(self);
        if self.search.end_limit() {
            return None;
        }
        Some(value)
    }

    /// Only the outcome under perfect play, for the side to move: `1` win,
    /// `0` draw, `-1` loss (the sign of [`score`](Solver::score)). Faster
    /// than the exact score.
    ///
    /// # Errors
    ///
    /// [`SolveError::GameOver`] if the game is over.
    pub fn weak_score(&mut self, game: &Connect4) -> Result<i32, SolveError> {
        let pos = unfinished(game)?;
        Ok(self.search.solve(&pos, true))
    }

    /// The exact score of each legal move for the side to move (`None` for
    /// a full column), on the scale of [`score`](Solver::score) for the
    /// player who moves now. A move that completes four scores
    /// `(43 - plies) / 2`; a move that fills the board without a four, 0.
    ///
    /// # Errors
    ///
    /// [`SolveError::GameOver`] if the game is over.
    pub fn move_scores(&mut self, game: &Connect4) -> Result<[Option<i32>; 7], SolveError> {
        let pos = unfinished(game)?;
        let mut scores = [None; 7];
        for column in Column::ALL {
            let cell = pos.playable_in(column);
            if cell == 0 {
                continue;
            }
            scores[column.index()] = Some(self.move_score(&pos, cell));
        }
        Ok(scores)
    }

    /// The score for the mover of playing `cell` in `pos`.
    fn move_score(&mut self, pos: &Position, cell: u64) -> i32 {
        if pos.own_threats() & cell != 0 {
            return pos.win_now_score();
        }
        let child = pos.after(cell);
        if child.is_full() {
            0
        } else {
            -self.search.solve(&child, false)
        }
    }

    /// Every legal move that keeps the best score — a winning move that
    /// wins soonest, a drawing move if there is no win, or a losing move
    /// that loses latest (the longest resistance) — in column order. Empty
    /// only for a finished game, which is an error.
    ///
    /// Playing any of them at every turn is perfect play; choosing among
    /// them at random varies the games.
    ///
    /// # Errors
    ///
    /// [`SolveError::GameOver`] if the game is over.
    pub fn best_moves(&mut self, game: &Connect4) -> Result<Moves, SolveError> {
        let pos = unfinished(game)?;
        let mut best = Moves::new();
        if pos.can_win_next() {
            // Exactly the moves that complete four.
            let wins = pos.own_threats() & pos.playable();
            for column in Column::ALL {
                if pos.playable_in(column) & wins != 0 {
                    best.push(column);
                }
            }
            return Ok(best);
        }
        let target = self.search.solve(&pos, false);
        for column in Column::ALL {
            let cell = pos.playable_in(column);
            if cell == 0 {
                continue;
            }
            if self.keeps_score(&pos.after(cell), target) {
                best.push(column);
            }
        }
        debug_assert!(!best.is_empty());
        Ok(best)
    }

    /// Whether the move to `child` keeps the score `target` of its parent:
    /// iff the opponent's score in `child` is at most `-target`. The book
    /// (if any) answers at once; otherwise one null-window test instead of
    /// a solve, most often cut by the table's move.
    fn keeps_score(&mut self, child: &Position, target: i32) -> bool {
        if child.is_full() {
            target == 0
        } else if child.can_win_next() {
            -child.win_now_score() >= target
        } else {
            !self.search.at_least(child, 1 - target)
        }
    }

    /// One move that keeps the best score (one of
    /// [`best_moves`](Solver::best_moves)): the first in centre-first
    /// order (columns 3, 2, 4, 1, 5, 0, 6, counted from 0), so the same
    /// position always gets the same answer. Cheaper than `best_moves`: it
    /// stops at the first move that keeps the score, and with a book it
    /// answers from the book when the book has the position and that move's
    /// result (as [`Book::builtin`] has along its lines of play).
    ///
    /// Playing it at every turn is perfect play: a won position is won as
    /// fast as possible, a drawn one never lost, a lost one lost as late as
    /// possible.
    ///
    /// # Errors
    ///
    /// [`SolveError::GameOver`] if the game is over.
    pub fn best_move(&mut self, game: &Connect4) -> Result<Column, SolveError> {
        self.best_move_with_score(game).map(|(column, _)| column)
    }

    /// [`best_move`](Solver::best_move) and the position's exact score
    /// (as [`score`](Solver::score) gives it) at the cost of `best_move`
    /// alone: the move a perfect player plays, and what it leads to.
    ///
    /// # Errors
    ///
    /// [`SolveError::GameOver`] if the game is over.
    pub fn best_move_with_score(&mut self, game: &Connect4) -> Result<(Column, i32), SolveError> {
        let pos = unfinished(game)?;
        let order = CENTRE_FIRST.map(|index| Column::ALL[index]);
        if pos.can_win_next() {
            let wins = pos.own_threats() & pos.playable();
            if let Some(&column) = order.iter().find(|&&c| pos.playable_in(c) & wins != 0) {
                return Ok((column, pos.win_now_score()));
            }
        }
        let target = self.search.solve(&pos, false);
        // A child the book has with the opposite score keeps the score; the
        // first such in this order is the move `best_move` without the book
        // finds (the earlier ones do not keep the score, and book scores
        // are exact), so the book's lines of play are followed.
        for column in order {
            let cell = pos.playable_in(column);
            if cell != 0 && self.search.book_score(&pos.after(cell)) == Some(-target) {
                return Ok((column, target));
            }
        }
        let mut last = None;
        for column in order {
            let cell = pos.playable_in(column);
            if cell == 0 {
                continue;
            }
            last = Some(column);
            if self.keeps_score(&pos.after(cell), target) {
                return Ok((column, target));
            }
        }
        // Some move keeps the score by definition of the score; the last
        // legal move is a safe answer should that ever fail.
        debug_assert!(false, "no move keeps the score {target}");
        last.map(|column| (column, target))
            .ok_or(SolveError::GameOver)
    }
}

/// The solver's view of `game`, or the error for a finished game.
fn unfinished(game: &Connect4) -> Result<Position, SolveError> {
    if game.outcome().is_some() {
        return Err(SolveError::GameOver);
    }
    Ok(Position::from_game(game))
}
