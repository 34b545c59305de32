//! [`AlphaBeta`]: negamax with alpha-beta pruning over any [`Game`], with
//! iterative deepening, principal-variation search, a transposition table,
//! move ordering, quiescence on tactical moves and the draw rules of the
//! match it searches from, and the endgame databases it is given.

use std::sync::Arc;

use super::limits::Clock;
use super::ordering::{history_slot, sort_by_score, MoveFacts, MoveOrder};
use super::score::raw::{self, INFINITY};
use super::table::{Bound, TranspositionTable};
use super::{
    Evaluator, Limits, Oracle, Progress, Reductions, Root, Score, SearchResult, Searcher,
    StopSignal,
};
use crate::{Game, PlayerOutcome};

/// The transposition table size of [`AlphaBeta::new`]: 16 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 16 << 20;

/// The deepest iteration alpha-beta starts, whatever the limits say.
pub const MAX_DEPTH: u32 = 96;

/// The deepest ply below the root, quiescence included; a node there is
/// evaluated as it stands. Above [`MAX_DEPTH`] so that quiescence has room.
const MAX_PLY: usize = 128;

/// With aspiration windows on, iterations from this depth on search a
/// window around the last iteration's value.
const ASPIRATION_MIN_DEPTH: u32 = 3;
/// An aspiration window that failed this many times on one side is opened
/// fully on that side.
const ASPIRATION_MAX_WIDENINGS: u32 = 2;

/// With ProbCut on, nodes at least this deep (and off the principal
/// variation) try it.
const PROBCUT_MIN_DEPTH: i32 = 5;
/// How much shallower than the move's full depth ProbCut's search of a
/// move is.
const PROBCUT_REDUCTION: i32 = 3;

/// Negamax alpha-beta search over any [`Game`] with an [`Evaluator`].
///
/// - **Iterative deepening**: depth 1, 2, 3, ... until a [`Limits`] stops
///   it; each iteration starts with the best line of the last one.
/// - **Principal-variation search**: the first move with the full window,
///   the others with a null window, searched again only if they beat it.
/// - **Transposition table** ([`Game::key`]), allocated once: its size is a
///   parameter ([`with_table_bytes`](AlphaBeta::with_table_bytes); the
///   default is [`DEFAULT_TABLE_BYTES`]).
/// - **Move ordering**: the table's move, then tactical moves
///   ([`Game::is_tactical`], ordered by [`Evaluator::move_hint`]), killers,
///   then history.
/// - **Late move reductions** for quiet moves late in the order (searched
///   again at full depth when they turn out good), as
///   [`Evaluator::reductions`] schedules them ([`Reductions`]).
/// - **ProbCut**, when the evaluator suggests a margin
///   ([`Evaluator::probcut_margin`]) or the caller asks
///   ([`with_probcut`](AlphaBeta::with_probcut)): off the principal
///   variation, at depth 5 or more, a move whose quiescence value and then
///   a search 3 plies shallower both reach beta plus the margin cuts the
///   node off, without the full-depth search.
/// - **Aspiration windows**, when the evaluator suggests them
///   ([`Evaluator::aspiration_window`]) or the caller asks
///   ([`with_aspiration`](AlphaBeta::with_aspiration)): each iteration
///   first searches a narrow window around the last one's value.
/// - **Quiescence**: at depth 0, tactical moves are searched on until the
///   position is quiet; when every legal move is tactical (checkers'
///   forced captures) the side to move cannot "stand pat".
/// - **Draw rules**: searching from a [`Root`] built from a
///   [`Match`](crate::Match), a position that repeats an earlier one (in
///   the match or on the search path) or that reaches the move limit is a
///   draw.
/// - **Endgame databases**, when given an [`Oracle`]
///   ([`with_oracle`](AlphaBeta::with_oracle)): a node the oracle knows
///   is not searched but scored by its answer, a
///   [database win or loss](Score::database_win) (or a draw); at a root
///   the oracle knows, the search plays the oracle's move at once
///   (depth 0, no node searched). Without an oracle nothing is asked.
///
/// Wins and losses are [`Score`]s with their distance in plies. Nothing in
/// the search allocates once it has started, apart from the result's
/// principal variation; the first search makes the move lists it refills
/// at every node ([`Game::legal_moves_into`], one list a ply).
///
/// ```
/// use rulebook::connect4::{Connect4, Evaluation};
/// use rulebook::search::{AlphaBeta, Limits, Searcher};
///
/// // X has three in the bottom row: X to move wins at once.
/// let game = Connect4::from_moves("112233").unwrap();
/// let mut search = AlphaBeta::new(Evaluation::default());
/// let result = search.search(game, Limits::depth(6));
/// assert_eq!(result.best_move.unwrap().index(), 3);
/// assert_eq!(result.score.win_in_plies(), Some(1));
/// ```
pub struct AlphaBeta<G: Game, E> {
    evaluator: E,
    table: TranspositionTable<G::Move>,
    order: MoveOrder<G::Move>,
    /// Triangular principal-variation table: row `ply` (at `ply * MAX_PLY`)
    /// holds the best line found from that ply, `pv_len[ply]` moves long.
    pv: Vec<Option<G::Move>>,
    pv_len: [usize; MAX_PLY],
    /// Keys of the positions before the current node: the match's
    /// repeatable positions, then the search path.
    path: Vec<u64>,
    clock: Clock,
    ply_limit: Option<u64>,
    /// The previous iteration's best move, tried first at the root.
    root_move: Option<G::Move>,
    /// The best root move of the current iteration so far, with its value
    /// and line: the answer if the limits stop the iteration.
    root_best: Option<(G::Move, i32)>,
    root_pv: Vec<G::Move>,
    /// The late move reductions, if they are on.
    reductions: Option<Reductions>,
    /// The half-width of the aspiration window, if any.
    aspiration: Option<i32>,
    /// ProbCut's margin, if it is on.
    probcut: Option<i32>,
    /// Raised by another thread to end the search early.
    stop: Option<StopSignal>,
    /// The endgame databases, if any.
    oracle: Option<Arc<dyn Oracle<G>>>,
    /// One move list a ply, refilled at every node
    /// ([`Game::legal_moves_into`]) rather than built afresh: made at the
    /// first search ([`MAX_PLY`] lists), then reused. Taken out of `self`
    /// while a search runs, and handed down the recursion a ply at a time.
    move_lists: Vec<G::Moves>,
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A search with `evaluator` and a transposition table of
    /// [`DEFAULT_TABLE_BYTES`].
    pub fn new(evaluator: E) -> Self {
        Self::with_table_bytes(evaluator, DEFAULT_TABLE_BYTES)
    }

    /// A search with `evaluator` and a transposition table of at most
    /// `bytes` bytes (the largest power of two of entries that fits; at
    /// least one entry).
    pub fn with_table_bytes(evaluator: E, bytes: usize) -> Self {
        let aspiration = evaluator.aspiration_window().filter(|&width| width > 0);
        let probcut = evaluator.probcut_margin().filter(|&margin| margin > 0);
        let reductions = Some(evaluator.reductions());
        AlphaBeta {
            evaluator,
            table: TranspositionTable::new(bytes),
            order: MoveOrder::new(MAX_PLY),
            pv: vec![None; MAX_PLY * MAX_PLY],
            pv_len: [0; MAX_PLY],
            path: Vec::with_capacity(MAX_PLY),
            clock: Clock::start(Limits::NONE),
            ply_limit: None,
            root_move: None,
            root_best: None,
            root_pv: Vec::with_capacity(MAX_PLY),
            reductions,
            aspiration,
            probcut,
            stop: None,
            oracle: None,
            move_lists: Vec::new(),
        }
    }

    /// This search with late move reductions on (the default) or off. Off,
    /// every move of a node is searched to the full depth: slower, and the
    /// value at a given depth is exactly the minimax value (with
    /// [ProbCut](AlphaBeta::with_probcut) off too).
    pub fn with_reductions(mut self, on: bool) -> Self {
        self.reductions = on.then(|| self.evaluator.reductions());
        self
    }

    /// This search with the late move reductions `schedule` (the default
    /// is [`Evaluator::reductions`]).
    pub fn with_reduction_schedule(mut self, schedule: Reductions) -> Self {
        self.reductions = Some(schedule);
        self
    }

    /// This search with aspiration windows of half-width `window` (in
    /// evaluation units; `None` turns them off; the default is
    /// [`Evaluator::aspiration_window`]): from depth
    /// 3 on, each iteration first searches the window `window` either side
    /// of the last iteration's value, and when the value falls outside,
    /// searches again with that side widened (four times wider, then
    /// fully open). Narrow windows cut more, so an iteration usually costs
    /// fewer nodes; a value that moves a lot costs a search more. Decisive
    /// values (a win or loss found) are searched with the full window.
    pub fn with_aspiration(mut self, window: Option<i32>) -> Self {
        self.aspiration = window.filter(|&width| width > 0);
        self
    }

    /// This search with ProbCut at margin `margin` (in evaluation units;
    /// `None` turns it off; the default is [`Evaluator::probcut_margin`]).
    /// Off the principal variation, at a node at least 5 plies deep whose
    /// beta is not a proven result, each move is first tried cheaply:
    /// when the quiescence value after it reaches beta + `margin`, and a
    /// search 3 plies shallower than the move's own then does too, the node
    /// is cut off with that value less the margin (a lower bound), without
    /// the full-depth search. Deep searches get much faster and, with a
    /// margin that suits the evaluation, a little less exact; the value at
    /// a given depth is no longer exactly the minimax value.
    pub fn with_probcut(mut self, margin: Option<i32>) -> Self {
        self.probcut = margin.filter(|&margin| margin > 0);
        self
    }

    /// This search watching `signal`: raising it ends a running search
    /// early, as a time limit would (see [`StopSignal`]).
    pub fn with_stop_signal(mut self, signal: StopSignal) -> Self {
        self.stop = Some(signal);
        self
    }

    /// This search consulting `oracle` (an endgame database) at every
    /// node, and playing its move at a root it knows (see
    /// [`AlphaBeta`]'s endgame databases).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use rulebook::draughts::{English, EnglishRules, Evaluation};
    /// use rulebook::endgame::Tablebase;
    /// use rulebook::search::{AlphaBeta, Limits, Searcher};
    ///
    /// let tablebase = Tablebase::<EnglishRules>::build_in_memory(3, |_| {}).unwrap();
    /// let mut search = AlphaBeta::new(Evaluation::<EnglishRules>::new())
    ///     .with_oracle(Arc::new(tablebase));
    /// let two_kings_against_one = English::from_fen("W:WK1,K2:BK32").unwrap();
    /// let result = search.search(two_kings_against_one, Limits::depth(8));
    /// assert_eq!(result.score.to_string(), "database win");
    /// assert_eq!(result.depth, 0); // played from the database, not searched
    /// ```
    pub fn with_oracle(mut self, oracle: Arc<dyn Oracle<G>>) -> Self {
        self.oracle = Some(oracle);
        self
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The bytes the transposition table takes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    fn run(
        &mut self,
        root: &Root<G>,
        limits: Limits,
        progress: &mut dyn FnMut(&Progress<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        self.clock = Clock::start(limits);
        self.table.new_search();
        self.order.new_search();
        self.path.clear();
        self.path.extend_from_slice(root.earlier_keys());
        self.path.reserve(MAX_PLY);
        self.ply_limit = root.ply_limit();
        self.root_move = None;
        let position = root.position();
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            return SearchResult::game_over(position, self.clock.elapsed());
        }
        if let Some(result) = self.oracle_result(position, &moves, progress) {
            return result;
        }
        // Until a depth completes: the move the ordering likes best.
        self.order_moves(position, &mut moves, None, 0);
        let mut best_move = moves[0];
        let mut value = Score::heuristic(self.evaluator.evaluate(position)).value();
        if self.move_lists.len() < MAX_PLY {
            // Once per searcher: a list a ply, each filled from the root.
            self.move_lists = (0..MAX_PLY).map(|_| position.legal_moves()).collect();
        }
        let mut move_lists = core::mem::take(&mut self.move_lists);
        // The line is allocated once, as long as it can grow.
        let mut pv = Vec::with_capacity(MAX_PLY);
        pv.push(best_move);
        let mut completed = 0;
        let mut depth = 1;
        // On a clock, a forced move is answered after the first iteration.
        let single_reply = moves.len() == 1 && self.clock.has_soft_time();
        while depth <= MAX_DEPTH
            && self.clock.allows_depth(depth)
            && self.clock.allows_iteration(completed)
            && !(single_reply && completed > 0)
        {
            self.root_best = None;
            let window = self
                .aspiration
                .filter(|_| completed > 0 && depth >= ASPIRATION_MIN_DEPTH)
                .filter(|_| !Score::from_value(value).is_decisive());
            let found = match window {
                Some(width) => self.aspiration_search(root, depth, value, width, &mut move_lists),
                None => self.negamax(
                    &mut move_lists,
                    position,
                    depth as i32,
                    -INFINITY,
                    INFINITY,
                    0,
                    root.reversible_plies(),
                ),
            };
            if self.clock.stopped() {
                // A root move searched in full in the stopped iteration
                // beat the previous best (which was searched first).
                if let Some((mv, partial_value)) = self.root_best {
                    best_move = mv;
                    value = partial_value;
                    pv.clear();
                    pv.extend_from_slice(&self.root_pv);
                }
                break;
            }
            completed = depth;
            value = found;
            pv.clear();
            pv.extend(self.pv[..self.pv_len[0]].iter().flatten());
            if let Some(&first) = pv.first() {
                best_move = first;
            }
            self.root_move = Some(best_move);
            progress(&Progress {
                depth,
                score: Score::from_value(value),
                pv: &pv,
                nodes: self.clock.nodes,
                elapsed: self.clock.elapsed(),
            });
            let proven = Score::from_value(value);
            let proven_within = proven
                .win_in_plies()
                .or(proven.loss_in_plies())
                .is_some_and(|plies| plies <= depth);
            if proven_within {
                break;
            }
            depth += 1;
        }
        self.move_lists = move_lists;
        debug_assert!(moves.contains(&best_move));
        SearchResult {
            best_move: Some(best_move),
            score: Score::from_value(value),
            pv,
            depth: completed,
            nodes: self.clock.nodes,
            elapsed: self.clock.elapsed(),
        }
    }

    /// The oracle's move for root `position` (whose legal moves are
    /// `moves`), when it knows the position.
    fn oracle_result(
        &self,
        position: &G,
        moves: &[G::Move],
        progress: &mut dyn FnMut(&Progress<'_, G::Move>),
    ) -> Option<SearchResult<G::Move>> {
        let advice = self.oracle.as_ref()?.advice(position)?;
        let best_move = advice.best_move.filter(|mv| moves.contains(mv))?;
        let score = match advice.outcome {
            PlayerOutcome::Win => Score::database_win(0),
            PlayerOutcome::Draw => Score::DRAW,
            PlayerOutcome::Loss => Score::database_loss(0),
        };
        let pv = vec![best_move];
        let elapsed = self.clock.elapsed();
        progress(&Progress {
            depth: 0,
            score,
            pv: &pv,
            nodes: 0,
            elapsed,
        });
        Some(SearchResult {
            best_move: Some(best_move),
            score,
            pv,
            depth: 0,
            nodes: 0,
            elapsed,
        })
    }

    /// The value of `game`, `ply` plies below the root, that the oracle
    /// says is `outcome` for the player to move: a database win or loss,
    /// or a draw. A lost position where the game is over is scored as
    /// finished (a proven loss now).
    #[cold]
    fn database_value(game: &G, outcome: PlayerOutcome, ply: usize) -> i32 {
        match outcome {
            PlayerOutcome::Win => raw::database_win_at(ply),
            PlayerOutcome::Draw => 0,
            PlayerOutcome::Loss if game.legal_moves().is_empty() => terminal_value(game, ply),
            PlayerOutcome::Loss => -raw::database_win_at(ply),
        }
    }

    /// The oracle's outcome of `game`, if there is an oracle and it knows.
    #[inline(always)]
    fn probe(&self, game: &G) -> Option<PlayerOutcome> {
        match &self.oracle {
            None => None,
            Some(oracle) => oracle.probe(game),
        }
    }

    /// One iteration at `depth` from the root with aspiration windows of
    /// half-width `width` around `guess` (the last iteration's value): the
    /// window widens on the side the value falls, until the value is inside.
    /// Returns 0 (to be ignored) once the clock has stopped the search.
    fn aspiration_search(
        &mut self,
        root: &Root<G>,
        depth: u32,
        guess: i32,
        width: i32,
        move_lists: &mut [G::Moves],
    ) -> i32 {
        let (mut below, mut above) = (width, width);
        let (mut fails_low, mut fails_high) = (0, 0);
        loop {
            let alpha = if fails_low > ASPIRATION_MAX_WIDENINGS {
                -INFINITY
            } else {
                guess.saturating_sub(below).max(-INFINITY)
            };
            let beta = if fails_high > ASPIRATION_MAX_WIDENINGS {
                INFINITY
            } else {
                guess.saturating_add(above).min(INFINITY)
            };
            let found = self.negamax(
                move_lists,
                root.position(),
                depth as i32,
                alpha,
                beta,
                0,
                root.reversible_plies(),
            );
            if self.clock.stopped() {
                return found;
            }
            if found <= alpha && alpha > -INFINITY {
                fails_low += 1;
                below = below.saturating_mul(4);
            } else if found >= beta && beta < INFINITY {
                fails_high += 1;
                above = above.saturating_mul(4);
                // The move that failed high goes first in the next try.
                if let Some((mv, _)) = self.root_best {
                    self.root_move = Some(mv);
                }
            } else {
                return found;
            }
        }
    }

    /// The value of `game` for the player to move, searched `depth` plies
    /// deep within the window `(alpha, beta)`, `ply` plies below the root;
    /// `reversible` plies in a row have been reversible. Returns 0 (to be
    /// ignored) once the clock has stopped the search. `move_lists` holds
    /// a list for this ply (the first) and one for each ply below.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        move_lists: &mut [G::Moves],
        game: &G,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        reversible: u32,
    ) -> i32 {
        if self.enter_node(ply) {
            return 0;
        }
        let key = game.key();
        // A position met before on the path or in the match is a draw. It
        // is never a finished game (play went on from it), so this comes
        // before generating the moves, as does the table: what the table
        // holds was searched, so had moves.
        if ply > 0 && self.repeats(key, reversible) {
            return 0;
        }
        if ply > 0 {
            if let Some(outcome) = self.probe(game) {
                return Self::database_value(game, outcome, ply);
            }
        }
        let searching = depth > 0 && ply + 1 < MAX_PLY;
        let is_pv = beta - alpha > 1;
        let mut table_move = None;
        if searching {
            if ply > 0 {
                // No line from here can beat a win at the next ply or lose
                // sooner than now.
                alpha = alpha.max(-raw::win_at(ply));
                beta = beta.min(raw::win_at(ply + 1));
                if alpha >= beta {
                    return alpha;
                }
            }
            if let Some(entry) = self.table.probe(key) {
                table_move = entry.best;
                if ply > 0 && !is_pv && i32::from(entry.depth) >= depth {
                    let value = raw::from_table(entry.value, ply);
                    let usable = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => value >= beta,
                        Bound::Upper => value <= alpha,
                        Bound::Empty => false,
                    };
                    if usable && !self.at_move_limit(reversible) {
                        return value;
                    }
                }
            }
        }
        if !searching && game.is_quiet() {
            // A leaf with a move to play and nothing tactical: judged as
            // it stands, without its moves.
            if ply > 0 && self.at_move_limit(reversible) {
                return 0;
            }
            self.pv_len[ply] = 0;
            return Score::heuristic(self.evaluator.evaluate(game)).value();
        }
        let Some((moves, deeper)) = move_lists.split_first_mut() else {
            // Past the last ply's list (not reached: MAX_PLY bounds both).
            return Score::heuristic(self.evaluator.evaluate(game)).value();
        };
        game.legal_moves_into(moves);
        if moves.is_empty() {
            return terminal_value(game, ply);
        }
        if ply > 0 && self.at_move_limit(reversible) {
            return 0;
        }
        if !searching {
            return self.quiescence(deeper, game, moves, alpha, beta, ply);
        }
        if ply == 0 {
            table_move = self.root_move.or(table_move);
        }
        // The table's move first; then, when no tactical move is left to
        // rank above them, the killers; the others are sorted only when
        // their turn comes (most often an earlier move cuts the node off).
        // The order is the one `order_moves` gives the whole list (a stable
        // sort, killers above every quiet move), with the history as it is
        // when the rest is sorted.
        let table_first = table_move.and_then(|best| moves.iter().position(|&mv| mv == best));
        let mut unsorted_from = match table_first {
            Some(at) => {
                moves[..=at].rotate_right(1);
                1
            }
            None => 0,
        };
        let mut killers_left = if moves[unsorted_from..]
            .iter()
            .any(|&mv| game.is_tactical(mv))
        {
            0
        } else {
            2
        };

        // ProbCut's conditions hold for every move of the node or for none
        // (beta does not change in the loop).
        let probcut = self.probcut.filter(|_| {
            !is_pv && depth >= PROBCUT_MIN_DEPTH && !Score::from_value(beta).is_decisive()
        });
        self.path.push(key);
        let alpha_start = alpha;
        let mut best_value = -INFINITY;
        let mut best_move = None;
        for index in 0..moves.len() {
            if index == unsorted_from {
                let killer = self.next_killer(&mut killers_left, &moves[index..], ply);
                match killer {
                    Some(at) => {
                        moves[index..=index + at].rotate_right(1);
                        unsorted_from += 1;
                    }
                    None => self.order_moves(game, &mut moves[index..], None, ply),
                }
            }
            let mv = moves[index];
            let mut child = game.clone();
            child.apply_unchecked(mv);
            let child_reversible = if game.is_irreversible(mv) {
                0
            } else {
                reversible.saturating_add(1)
            };
            let tactical = game.is_tactical(mv);
            if let Some(margin) = probcut {
                let cut = self.probcut_move(
                    deeper,
                    &child,
                    depth,
                    beta.saturating_add(margin),
                    ply,
                    child_reversible,
                );
                if self.clock.stopped() {
                    self.path.pop();
                    return 0;
                }
                if let Some(value) = cut {
                    self.path.pop();
                    // A lower bound of at least beta. A proven result from
                    // the shallow search is not moved by the margin: beta
                    // is bound enough.
                    let value = if Score::from_value(value).is_decisive() {
                        beta
                    } else {
                        value - margin
                    };
                    let stored_depth = i16::try_from(depth - PROBCUT_REDUCTION).unwrap_or(i16::MAX);
                    let stored_move = if tactical { None } else { Some(mv) };
                    let stored_value = raw::to_table(value, ply);
                    self.table
                        .store(key, stored_depth, stored_value, Bound::Lower, stored_move);
                    return value;
                }
            }
            let value = if index == 0 {
                -self.negamax(
                    deeper,
                    &child,
                    depth - 1,
                    -beta,
                    -alpha,
                    ply + 1,
                    child_reversible,
                )
            } else {
                let reduction = match self.reductions {
                    Some(schedule) if !tactical && self.order.killer_rank(ply, mv) == 0 => {
                        schedule.plies(depth, index, is_pv)
                    }
                    _ => 0,
                };
                let reduce = reduction > 0;
                let reduced_depth = depth - 1 - reduction;
                let mut value = -self.negamax(
                    deeper,
                    &child,
                    reduced_depth,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    child_reversible,
                );
                if value > alpha && reduce {
                    value = -self.negamax(
                        deeper,
                        &child,
                        depth - 1,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        child_reversible,
                    );
                }
                if value > alpha && value < beta {
                    value = -self.negamax(
                        deeper,
                        &child,
                        depth - 1,
                        -beta,
                        -alpha,
                        ply + 1,
                        child_reversible,
                    );
                }
                value
            };
            if self.clock.stopped() {
                self.path.pop();
                return 0;
            }
            if value > best_value {
                best_value = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, mv);
                    if ply == 0 {
                        self.root_best = Some((mv, value));
                        self.root_pv.clear();
                        self.root_pv
                            .extend(self.pv[..self.pv_len[0]].iter().flatten());
                    }
                    if alpha >= beta {
                        if !tactical {
                            let slot = history_slot(game.to_move(), mv);
                            self.order.record_cut(ply, mv, slot, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        let bound = if best_value >= beta {
            Bound::Lower
        } else if best_value > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = if bound == Bound::Upper {
            None
        } else {
            best_move
        };
        let stored_depth = i16::try_from(depth).unwrap_or(i16::MAX);
        self.table.store(
            key,
            stored_depth,
            raw::to_table(best_value, ply),
            bound,
            stored_move,
        );
        best_value
    }

    /// ProbCut's try of `child`, a move's position in a node `depth` plies
    /// deep at `ply`: its value for the node's player when both the
    /// quiescence value and a search [`PROBCUT_REDUCTION`] plies shallower
    /// than the move's reach `prob_beta`; `None` otherwise. Once the clock
    /// has stopped the search the answer means nothing: the caller checks.
    fn probcut_move(
        &mut self,
        move_lists: &mut [G::Moves],
        child: &G,
        depth: i32,
        prob_beta: i32,
        ply: usize,
        child_reversible: u32,
    ) -> Option<i32> {
        debug_assert!(depth >= PROBCUT_MIN_DEPTH);
        let window = (-prob_beta, -prob_beta + 1);
        let quick = -self.negamax(
            move_lists,
            child,
            0,
            window.0,
            window.1,
            ply + 1,
            child_reversible,
        );
        if quick < prob_beta || self.clock.stopped() {
            return None;
        }
        let shallow_depth = depth - 1 - PROBCUT_REDUCTION;
        let value = -self.negamax(
            move_lists,
            child,
            shallow_depth,
            window.0,
            window.1,
            ply + 1,
            child_reversible,
        );
        // The caller checks the clock before it trusts the value.
        (value >= prob_beta).then_some(value)
    }

    /// Quiescence at `game`, whose legal moves (not empty) are `moves`:
    /// the static value if the player to move may stand pat, improved by
    /// the tactical moves searched until quiet.
    fn quiescence(
        &mut self,
        move_lists: &mut [G::Moves],
        game: &G,
        moves: &mut [G::Move],
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        debug_assert!(!moves.is_empty());
        self.pv_len[ply] = 0;
        let tactical_count = moves.iter().filter(|&&mv| game.is_tactical(mv)).count();
        let forced = tactical_count == moves.len();
        let mut best_value = -INFINITY;
        if !forced || ply + 1 >= MAX_PLY {
            let stand_pat = Score::heuristic(self.evaluator.evaluate(game)).value();
            if stand_pat >= beta || tactical_count == 0 || ply + 1 >= MAX_PLY {
                return stand_pat;
            }
            best_value = stand_pat;
            alpha = alpha.max(stand_pat);
        }
        let evaluator = &self.evaluator;
        sort_by_score(moves, |mv| {
            if game.is_tactical(mv) {
                evaluator.move_hint(game, mv).saturating_add(1)
            } else {
                i32::MIN
            }
        });
        for &mv in &moves[..tactical_count] {
            let mut child = game.clone();
            child.apply_unchecked(mv);
            let value = -self.quiescence_node(move_lists, &child, -beta, -alpha, ply + 1);
            if self.clock.stopped() {
                return 0;
            }
            if value > best_value {
                best_value = value;
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best_value
    }

    /// A quiescence node reached by a tactical move: no draw rule applies
    /// (tactical moves are irreversible).
    fn quiescence_node(
        &mut self,
        move_lists: &mut [G::Moves],
        game: &G,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.enter_node(ply) {
            return 0;
        }
        if let Some(outcome) = self.probe(game) {
            return Self::database_value(game, outcome, ply);
        }
        if game.is_quiet() {
            return Score::heuristic(self.evaluator.evaluate(game)).value();
        }
        let Some((moves, deeper)) = move_lists.split_first_mut() else {
            // Past the last ply's list (not reached: MAX_PLY bounds both).
            return Score::heuristic(self.evaluator.evaluate(game)).value();
        };
        game.legal_moves_into(moves);
        if moves.is_empty() {
            return terminal_value(game, ply);
        }
        self.quiescence(deeper, game, moves, alpha, beta, ply)
    }

    /// Counts a node at `ply` and empties its line; returns whether the
    /// clock has stopped the search (the node's value is then ignored).
    ///
    /// The caller generates the moves itself: returning them from here
    /// would copy the whole move list (measured: a tenth of the time).
    #[inline(always)]
    fn enter_node(&mut self, ply: usize) -> bool {
        self.pv_len[ply] = 0;
        if self.clock.tick() {
            return true;
        }
        if self.clock.is_check_node() && self.stop.as_ref().is_some_and(StopSignal::is_stopped) {
            self.clock.halt();
        }
        self.clock.stopped()
    }

    /// Whether `reversible` reversible plies in a row reach the move limit
    /// of the match's draw rules.
    fn at_move_limit(&self, reversible: u32) -> bool {
        self.ply_limit
            .is_some_and(|limit| u64::from(reversible) >= limit)
    }

    /// Whether the node with `key`, after `reversible` reversible plies in
    /// a row, repeats a position since the last irreversible move.
    fn repeats(&self, key: u64, reversible: u32) -> bool {
        // `path[len - k]` is the position `k` plies back; only positions
        // with the same player to move (even `k`) can be equal.
        let back = (reversible as usize).min(self.path.len());
        let len = self.path.len();
        (2..=back)
            .step_by(2)
            .any(|plies| self.path[len - plies] == key)
    }

    /// The place in `rest` of the next killer of `ply` still to bring
    /// forward, if any; `killers_left` counts down the killers not yet
    /// looked for.
    fn next_killer(&self, killers_left: &mut usize, rest: &[G::Move], ply: usize) -> Option<usize> {
        while *killers_left > 0 {
            let rank = 2 - *killers_left;
            *killers_left -= 1;
            if let Some(killer) = self.order.killer(ply, rank) {
                if let Some(at) = rest.iter().position(|&mv| mv == killer) {
                    return Some(at);
                }
            }
        }
        None
    }

    /// Sorts `moves` best first for the node at `ply`.
    fn order_moves(
        &self,
        game: &G,
        moves: &mut [G::Move],
        table_move: Option<G::Move>,
        ply: usize,
    ) {
        let player = game.to_move();
        sort_by_score(moves, |mv| {
            let is_tactical = game.is_tactical(mv);
            let killer = if is_tactical {
                0
            } else {
                self.order.killer_rank(ply, mv)
            };
            self.order.score(MoveFacts {
                is_table_move: table_move == Some(mv),
                is_tactical,
                killer,
                hint: self.evaluator.move_hint(game, mv),
                // Only a plain quiet move's order reads its history.
                history_slot: if is_tactical || killer != 0 {
                    0
                } else {
                    history_slot(player, mv)
                },
            })
        });
    }

    /// Makes `mv` followed by the child's line the best line at `ply`.
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let row = ply * MAX_PLY;
        self.pv[row] = Some(mv);
        let child_len = if ply + 1 < MAX_PLY {
            self.pv_len[ply + 1].min(MAX_PLY - 1)
        } else {
            0
        };
        if child_len > 0 {
            let child_row = (ply + 1) * MAX_PLY;
            self.pv
                .copy_within(child_row..child_row + child_len, row + 1);
        }
        self.pv_len[ply] = child_len + 1;
    }
}

/// The value of finished game `game`, `ply` plies below the root.
fn terminal_value<G: Game>(game: &G, ply: usize) -> i32 {
    match game.outcome_for(game.to_move()) {
        // The player to move may have won (a game scored by count, such
        // as Othello) or lost (four in a row): the contract allows both.
        Some(PlayerOutcome::Win) => raw::win_at(ply),
        Some(PlayerOutcome::Draw) => 0,
        // `None` is not reached: the game is over.
        Some(PlayerOutcome::Loss) | None => -raw::win_at(ply),
    }
}

impl<G: Game, E: Evaluator<G>> Searcher<G> for AlphaBeta<G, E> {
    fn think(
        &mut self,
        root: &Root<G>,
        limits: Limits,
        progress: &mut dyn FnMut(&Progress<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        self.run(root, limits, progress)
    }

    /// Forgets the transposition table, the killers and the history.
    fn clear(&mut self) {
        self.table.clear();
        self.order.clear();
    }

    fn set_stop_signal(&mut self, signal: StopSignal) {
        self.stop = Some(signal);
    }

    fn set_oracle(&mut self, oracle: Option<Arc<dyn Oracle<G>>>) -> bool {
        self.oracle = oracle;
        true
    }
}

impl<G: Game, E: core::fmt::Debug> core::fmt::Debug for AlphaBeta<G, E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("AlphaBeta")
            .field("evaluator", &self.evaluator)
            .field("table_bytes", &self.table.bytes())
            .field("reductions", &self.reductions)
            .field("oracle", &self.oracle.is_some())
            .finish_non_exhaustive()
    }
}
