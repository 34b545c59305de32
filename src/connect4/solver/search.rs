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

/// Columns from the centre out: central stones take part in more lines, so
/// they are tried first when the threat counts tie.
const CENTRE_FIRST: [usize; COLUMNS] = [3, 2, 4, 1, 5, 0, 6];

/// Mirror positions share one table entry up to this many stones: early on
/// mirror transpositions are common; later the extra key costs more than it
/// saves.
const SYMMETRY_PLIES: u32 = 16;

/// The ordering score of the table's best move: above any threat count.
const TABLE_MOVE_PRIORITY: i32 = 1000;

/// The largest score magnitude, a win with one's first... fourth stone.
const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2;

/// The search state: the table, the node counter and the optional book.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    pub(crate) table: TranspositionTable,
    pub(crate) nodes: u64,
    pub(crate) book: Option<Book>,
}

impl Search {
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
            let found = self.negamax(pos, mid, mid + 1);
            if found <= mid {
                high = found;
            } else {
                low = found;
            }
        }
        low
    }

    /// Whether the score of `pos` is at least `target` (the side to move
    /// wins by at least that much), by one null-window search.
    ///
    /// Precondition: the game is not over and the side to move cannot win
    /// at once (debug-asserted).
    pub(crate) fn at_least(&mut self, pos: &Position, target: i32) -> bool {
        debug_assert!(!pos.is_full() && !pos.can_win_next());
        self.negamax(pos, target - 1, target) >= target
    }

    /// Negamax alpha-beta. Returns the exact score if it lies strictly in
    /// `(alpha, beta)`; an upper bound `<= alpha` if the score is `<= alpha`;
    /// a lower bound `>= beta` if the score is `>= beta`.
    ///
    /// Precondition: `alpha < beta`; the game is not over and the side to
    /// move cannot win at once (debug-asserted).
    pub(crate) fn negamax(&mut self, pos: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(!pos.can_win_next() && !pos.is_full());
        self.nodes += 1;
        let plies = pos.plies() as i32;
        let opponent_threats = pos.opponent_threats();
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

        let mut sorter = MoveSorter::new();
        for &column in CENTRE_FIRST.iter().rev() {
            let cell = moves & column_mask(column);
            if cell != 0 {
                let score = if table_move == Some(column) {
                    TABLE_MOVE_PRIORITY
                } else {
                    pos.threats_after(cell) as i32
                };
                sorter.add(cell, score);
            }
        }

        let alpha_in = alpha;
        let mut best_column = None;
        while let Some(cell) = sorter.pop() {
            let child = pos.after(cell);
            let score = -self.negamax(&child, -beta, -alpha);
            if score >= beta {
                let column = Position::column_of(cell);
                self.store(table_key, mirrored, score, MAX_SCORE, Some(column));
                return score;
            }
            if score > alpha {
                alpha = score;
                best_column = Some(Position::column_of(cell));
            }
        }
        if alpha > alpha_in {
            // A child's score fell strictly inside the window: exact.
            self.store(table_key, mirrored, alpha, alpha, best_column);
        } else {
            self.store(table_key, mirrored, -MAX_SCORE, alpha, None);
        }
        alpha
    }

    /// Records bounds for the table key (and the best column, mirrored back
    /// if the key is the mirror's).
    #[inline(always)]
    fn store(&mut self, key: u64, mirrored: bool, lower: i32, upper: i32, column: Option<usize>) {
        let column = column.map(|column| {
            let column = if mirrored {
                COLUMNS - 1 - column
            } else {
                column
            };
            column as u8
        });
        self.table.put(key, lower, upper, column);
    }
}
