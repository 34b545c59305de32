//! [`Search`]: the exact game value by negamax alpha-beta over the
//! [`Position`] bitboards, with a transposition table of bounds and best
//! moves, threat-count move ordering, pruning of moves that lose at once,
//! mirror positions sharing table entries, and the score found by a
//! sequence of null-window searches.

use super::super::bitboard::column_mask;
use super::super::{CELLS, COLUMNS};
use super::book::{canonical_key, Book};
use super::position::Position;
use super::sorter::MoveSorter;
use super::table::TranspositionTable;
use crate::search::StopSignal;

/// Columns from the centre out: central stones take part in more lines, so
/// they are tried first when the threat counts tie.
pub(crate) const CENTRE_FIRST: [usize; COLUMNS] = [3, 2, 4, 1, 5, 0, 6];

/// Mirror positions share one table entry up to this many stones: early on
/// mirror transpositions are common; later the extra key costs more than it
/// saves.
const SYMMETRY_PLIES: u32 = 16;

/// Nodes with at least this many stones skip the table: their subtrees
/// are smaller than the cost of a cache miss.
const TABLE_PLIES: i32 = 38;

/// Moves are ordered by threat count below this many stones.
const ORDERING_PLIES: i32 = 43;

/// A sorter item: the column above this bit, the move's threat map below.
const COLUMN_ITEM_SHIFT: u32 = 49;
const THREATS_ITEM_MASK: u64 = (1 << COLUMN_ITEM_SHIFT) - 1;

/// The largest score magnitude, a win with one's first... fourth stone.
const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2;

/// Nodes between two looks at the stop signal in a limited search (a few
/// milliseconds of search).
const STOP_CHECK_NODES: u64 = 1 << 16;

/// The search state: the table, the node counter and the optional book.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    pub(crate) table: TranspositionTable,
    pub(crate) nodes: u64,
    pub(crate) book: Option<Book>,
    /// The next node count at which [`Search::give_up`] is asked
    /// (`u64::MAX`: never, outside a limited search): the one comparison
    /// on the hot path.
    pub(crate) checkpoint: u64,
    /// The node count a limited search gives up after (`u64::MAX`: none).
    pub(crate) node_limit: u64,
    /// Watched by limited searches only.
    pub(crate) stop: Option<StopSignal>,
    /// Whether the limited search running (or last run) gave up: its
    /// values are then meaningless.
    pub(crate) gave_up: bool,
}

impl Search {
    /// Starts a limited search: it gives up once `nodes` passes
    /// `node_limit` or the stop signal is raised.
    pub(crate) fn begin_limit(&mut self, node_limit: u64) {
        self.node_limit = node_limit;
        self.gave_up = false;
        // The first node looks at the stop signal: a search started with
        // the flag raised gives up at once.
        self.checkpoint = self.nodes;
    }

    /// Ends a limited search; whether it gave up.
    pub(crate) fn end_limit(&mut self) -> bool {
        self.node_limit = u64::MAX;
        self.checkpoint = u64::MAX;
        std::mem::take(&mut self.gave_up)
    }

    fn next_checkpoint(&self) -> u64 {
        if self.stop.is_some() {
            self.node_limit
                .min(self.nodes.saturating_add(STOP_CHECK_NODES))
        } else {
            self.node_limit
        }
    }

    /// Called when `nodes` passes the checkpoint: whether to give up now
    /// (the limit is passed or the stop signal raised; then every later
    /// node gives up too), else the next checkpoint is set.
    #[cold]
    #[inline(never)]
    fn give_up(&mut self) -> bool {
        if !self.gave_up {
            let stopped = self.stop.as_ref().is_some_and(StopSignal::is_stopped);
            if self.nodes <= self.node_limit && !stopped {
                self.checkpoint = self.next_checkpoint();
                return false;
            }
            self.gave_up = true;
            self.checkpoint = 0;
        }
        true
    }

    /// The exact score of `pos` for the side to move (or with `weak`, its
    /// sign: -1, 0 or 1).
    ///
    /// Precondition: the game is not over (nobody has four, the board is
    /// not full) (debug-asserted).
    pub(crate) fn solve(&mut self, pos: &Position, weak: bool) -> i32 {
        debug_assert!(!pos.is_full());
        if pos.can_win_next() {
            return if weak { 1 } else { pos.win_now_score() };
        }
        if let Some(book) = &self.book {
            if let Some(score) = book.score_of_key(canonical_key(pos.key()), pos.plies()) {
                return if weak { score.signum() } else { score };
            }
        }
        let plies = pos.plies() as i32;
        let (mut low, mut high) = if weak {
            (-1, 1)
        } else {
            (-(CELLS as i32 - plies) / 2, (CELLS as i32 + 1 - plies) / 2)
        };
        // Narrow [low, high] with null windows around a guess; guesses nearer
        // 0 first, as scores near 0 are cheaper to prove.
        while low < high {
            let mut mid = low + (high - low) / 2;
            if mid <= 0 && low / 2 < mid {
                mid = low / 2;
            } else if mid >= 0 && high / 2 > mid {
                mid = high / 2;
            }
            let found = self.negamax(pos, pos.opponent_threats(), mid, mid + 1);
            if found <= mid {
                high = found;
            } else {
                low = found;
            }
        }
        // A bound found outside the weak window says only its sign.
        if weak {
            low.signum()
        } else {
            low
        }
    }

    /// Whether the score of `pos` is at least `target` (the side to move
    /// wins by at least that much), by one null-window search.
    ///
    /// Precondition: the game is not over and the side to move cannot win
    /// at once (debug-asserted).
    pub(crate) fn at_least(&mut self, pos: &Position, target: i32) -> bool {
        debug_assert!(!pos.is_full() && !pos.can_win_next());
        self.negamax(pos, pos.opponent_threats(), target - 1, target) >= target
    }

    /// The book's score of `pos`, if there is a book and it has `pos`.
    pub(crate) fn book_score(&self, pos: &Position) -> Option<i32> {
        let book = self.book.as_ref()?;
        book.score_of_key(canonical_key(pos.key()), pos.plies())
    }

    /// Negamax alpha-beta. Returns the exact score if it lies strictly in
    /// `(alpha, beta)`; an upper bound `<= alpha` if the score is `<= alpha`;
    /// a lower bound `>= beta` if the score is `>= beta`.
    ///
    /// Precondition: `alpha < beta`; the game is not over and the side to
    /// move cannot win at once; `opponent_threats` is
    /// `pos.opponent_threats()` (debug-asserted).
    pub(crate) fn negamax(
        &mut self,
        pos: &Position,
        opponent_threats: u64,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(!pos.can_win_next() && !pos.is_full());
        debug_assert_eq!(opponent_threats, pos.opponent_threats());
        self.nodes += 1;
        let nodes_before = self.nodes;
        if self.nodes > self.checkpoint && self.give_up() {
            // Given up: the value is meaningless and the caller discards
            // it (and the table, which may now hold wrong bounds).
            return alpha;
        }
        let plies = pos.plies() as i32;
        let moves = pos.non_losing_moves(opponent_threats);
        if moves == 0 {
            // Every move lets the opponent win with its next stone.
            return -(CELLS as i32 - plies) / 2;
        }
        if plies >= CELLS as i32 - 2 {
            // Two cells left, neither side can win with them: a draw.
            return 0;
        }
        // The opponent cannot win with its next stone: we lose, if at all,
        // no sooner than with its stone after that.
        let lowest = -(CELLS as i32 - 2 - plies) / 2;
        if alpha < lowest {
            alpha = lowest;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with this stone: at best with the next one.
        let highest = (CELLS as i32 - 1 - plies) / 2;
        if beta > highest {
            beta = highest;
            if alpha >= beta {
                return beta;
            }
        }

        if plies >= TABLE_PLIES {
            return self.search_moves(pos, moves, alpha, beta, None, None, nodes_before);
        }
        let key = pos.key();
        let (table_key, mirrored) = if (plies as u32) < SYMMETRY_PLIES {
            let mirror = Position::mirror_key(key);
            if mirror < key {
                (mirror, true)
            } else {
                (key, false)
            }
        } else {
            (key, false)
        };
        let mut table_move = None;
        if let Some(entry) = self.table.get(table_key) {
            if alpha < entry.lower {
                alpha = entry.lower;
                if alpha >= beta {
                    return alpha;
                }
            }
            if beta > entry.upper {
                beta = entry.upper;
                if alpha >= beta {
                    return beta;
                }
            }
            table_move = entry.best_move.map(|column| {
                if mirrored {
                    COLUMNS - 1 - usize::from(column)
                } else {
                    usize::from(column)
                }
            });
        }
        if let Some(book) = &self.book {
            let canonical = if mirrored || (plies as u32) < SYMMETRY_PLIES {
                table_key
            } else {
                canonical_key(key)
            };
            if let Some(score) = book.score_of_key(canonical, pos.plies()) {
                return score;
            }
        }

        self.search_moves(
            pos,
            moves,
            alpha,
            beta,
            table_move,
            Some((table_key, mirrored)),
            nodes_before,
        )
    }

    /// The move loop of [`negamax`](Search::negamax): `moves` (the
    /// non-losing ones), the table's move first, then by threat count;
    /// results recorded under `table_key` (with its mirror flag) if given.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &Position,
        moves: u64,
        mut alpha: i32,
        beta: i32,
        table_move: Option<usize>,
        table_key: Option<(u64, bool)>,
        nodes_before: u64,
    ) -> i32 {
        let plies = pos.plies() as i32;
        let alpha_in = alpha;
        let mut best_column = None;
        let mut remaining = moves;
        // The table's best move first, before the others are scored: in
        // the repeated null-window searches it usually cuts off at once.
        if let Some(column) = table_move {
            let cell = moves & column_mask(column);
            if cell != 0 {
                remaining ^= cell;
                let threats = pos.threats_after(cell);
                let score = -self.negamax(&pos.after(cell), threats, -beta, -alpha);
                if score >= beta {
                    self.store(table_key, nodes_before, score, MAX_SCORE, Some(column));
                    return score;
                }
                if score > alpha {
                    alpha = score;
                    best_column = Some(column);
                }
            }
        }

        let mut sorter = MoveSorter::new();
        // Counting threats pays for itself only with enough of the game
        // left; near the end the centre-first order is as good and cheaper.
        // Each move's threat map is kept: it is the child's opponent
        // threats.
        let count_threats = remaining & remaining.wrapping_sub(1) != 0 && plies < ORDERING_PLIES;
        for &column in CENTRE_FIRST.iter().rev() {
            let cell = remaining & column_mask(column);
            if cell != 0 {
                let threats = pos.threats_after(cell);
                let score = if count_threats {
                    threats.count_ones()
                } else {
                    0
                };
                sorter.add((column as u64) << COLUMN_ITEM_SHIFT | threats, score);
            }
        }

        while let Some(item) = sorter.pop() {
            let column = (item >> COLUMN_ITEM_SHIFT) as usize;
            let cell = moves & column_mask(column);
            let child = pos.after(cell);
            let score = -self.negamax(&child, item & THREATS_ITEM_MASK, -beta, -alpha);
            if score >= beta {
                self.store(table_key, nodes_before, score, MAX_SCORE, Some(column));
                return score;
            }
            if score > alpha {
                alpha = score;
                best_column = Some(column);
            }
        }
        if alpha > alpha_in {
            // A child's score fell strictly inside the window: exact.
            self.store(table_key, nodes_before, alpha, alpha, best_column);
        } else {
            self.store(table_key, nodes_before, -MAX_SCORE, alpha, None);
        }
        alpha
    }

    /// Records bounds for the table key (and the best column, mirrored back
    /// if the key is the mirror's).
    #[inline(always)]
    fn store(
        &mut self,
        key: Option<(u64, bool)>,
        nodes_before: u64,
        lower: i32,
        upper: i32,
        column: Option<usize>,
    ) {
        let Some((key, mirrored)) = key else {
            return;
        };
        if self.gave_up {
            // A search that gave up returns meaningless values: they must
            // not reach the table, which then stays good for later calls.
            return;
        }
        // log2 of the nodes searched below this one.
        let work = u64::BITS - (self.nodes - nodes_before).leading_zeros();
        let column = column.map(|column| {
            let column = if mirrored {
                COLUMNS - 1 - column
            } else {
                column
            };
            column as u8
        });
        self.table.put(key, lower, upper, column, work);
    }
}
