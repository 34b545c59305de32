//! [`Mcts`]: Monte Carlo tree search (UCT) over any [`Game`], needing no
//! evaluation: random playouts judge the positions.

use super::limits::Clock;
use super::{Limits, Progress, Root, Score, SearchResult, Searcher, StopSignal};
use crate::SplitMix64 as Rng;
use crate::{Game, PlayerOutcome};

/// The node budget of [`Mcts::new`]: about 2^20 nodes (tens of MB, the
/// exact size depends on the move type).
pub const DEFAULT_NODE_BUDGET: usize = 1 << 20;

/// The exploration constant of UCT: √2, the value of the original analysis
/// for rewards in `0..=1`.
pub const DEFAULT_EXPLORATION: f64 = core::f64::consts::SQRT_2;

/// A playout that has not ended after this many plies counts as a draw
/// (checkers kings can shuffle forever).
pub const MAX_PLAYOUT_PLIES: u32 = 300;

/// The clock is read every this many playouts (a playout costs about as
/// much as a thousand alpha-beta nodes).
const PLAYOUTS_PER_CLOCK_CHECK: u64 = 16;

/// Room reserved for the path of a playout through the tree and for the
/// principal variation: deeper trees grow them (rarely, amortized).
const EXPECTED_TREE_DEPTH: usize = 512;

/// Progress is reported after this many playouts, then at every doubling.
const FIRST_REPORT: u64 = 1024;

/// Scale of the score of a position judged by playouts: the expected
/// result for the player to move, from -1000 (sure loss) to +1000.
const SCORE_SCALE: f64 = 1000.0;

/// A node of the tree: the position reached by `mv` from its parent.
#[derive(Clone, Copy, Debug)]
struct Node<M> {
    /// The move from the parent (`None` at the root).
    mv: Option<M>,
    /// Index of the first child; children are contiguous.
    first_child: u32,
    child_count: u32,
    expanded: bool,
    /// The game is over here.
    terminal: bool,
    visits: u32,
    /// The sum of the playouts' rewards for the player who played `mv`
    /// (1 a win, ½ a draw, 0 a loss).
    reward: f64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>) -> Node<M> {
        Node {
            mv,
            first_child: 0,
            child_count: 0,
            expanded: false,
            terminal: false,
            visits: 0,
            reward: 0.0,
        }
    }

    /// The mean reward for the player who played `mv`.
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.reward / f64::from(self.visits)
        }
    }

    fn children(&self) -> core::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.child_count as usize
    }
}

/// Monte Carlo tree search with the UCT selection rule over any [`Game`]:
/// no evaluation needed, only the rules.
///
/// Each *playout* walks down the tree, choosing at each node the child
/// with the best upper confidence bound, adds the children of the leaf it
/// reaches, plays random legal moves from there to the end of the game
/// ([`MAX_PLAYOUT_PLIES`] at most, then a draw; the move limit of a
/// [`Root`]'s draw rules is respected, repetitions are not tracked), and
/// credits the result to every node on the way. The move played is the
/// root's most visited child.
///
/// - **Seeded**: the random numbers of a search come from the seed and the
///   root's [key](Game::key), so the same seed, position and node limit
///   give the same move (and the same result) every time.
/// - **Bounded memory**: the tree lives in one arena of at most
///   `node_budget` nodes, allocated when the search is built; when it is
///   full, playouts go on from the leaves without growing it.
/// - [`Limits::nodes`] counts playouts; [`Limits::depth`] is ignored. With
///   neither a node nor a time limit, the search stops when the tree is
///   full.
/// - The [`Score`] is the expected result for the player to move, from
///   -1000 (every playout lost) to +1000, or a win in 1 when a move wins
///   at once.
///
/// ```
/// use rulebook::connect4::Connect4;
/// use rulebook::search::{Limits, Mcts, Searcher};
///
/// // X to move wins at once in column 3.
/// let game = Connect4::from_moves("112233").unwrap();
/// let result = Mcts::new(7).search(game, Limits::nodes(2000));
/// assert_eq!(result.best_move.unwrap().index(), 3);
/// // The same seed and node limit: the same search.
/// let again = Mcts::new(7).search(game, Limits::nodes(2000));
/// assert_eq!((again.pv, again.score), (result.pv, result.score));
/// ```
pub struct Mcts<G: Game> {
    nodes: Vec<Node<G::Move>>,
    budget: usize,
    seed: u64,
    exploration: f64,
    /// The nodes of the current playout, root first, each with the player
    /// who moved into it.
    path: Vec<(usize, G::Player)>,
    /// Raised by another thread to end the search early.
    stop: Option<StopSignal>,
}

impl<G: Game> Mcts<G> {
    /// A search seeded with `seed`, with [`DEFAULT_NODE_BUDGET`] nodes.
    pub fn new(seed: u64) -> Mcts<G> {
        Mcts::with_node_budget(seed, DEFAULT_NODE_BUDGET)
    }

    /// A search seeded with `seed` whose tree holds at most `budget` nodes
    /// (at least 1: the root), allocated now.
    pub fn with_node_budget(seed: u64, budget: usize) -> Mcts<G> {
        let budget = budget.max(1);
        Mcts {
            nodes: Vec::with_capacity(budget),
            budget,
            seed,
            exploration: DEFAULT_EXPLORATION,
            path: Vec::with_capacity(EXPECTED_TREE_DEPTH),
            stop: None,
        }
    }

    /// This search with exploration constant `c` (larger explores more;
    /// negative or not-a-number values are taken as 0).
    pub fn with_exploration(mut self, c: f64) -> Mcts<G> {
        self.exploration = if c.is_nan() { 0.0 } else { c.max(0.0) };
        self
    }

    /// The most nodes the tree holds.
    pub fn node_budget(&self) -> usize {
        self.budget
    }

    fn run(
        &mut self,
        root: &Root<G>,
        limits: Limits,
        progress: &mut dyn FnMut(&Progress<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        // Playouts are short: the soft time limit is as good as a hard one.
        let limits = Limits {
            time: limits.earliest_time(),
            soft_time: None,
            ..limits
        };
        let mut clock = Clock::reading_every(limits, PLAYOUTS_PER_CLOCK_CHECK);
        let position = root.position();
        if position.legal_moves().is_empty() {
            return SearchResult::game_over(position, clock.elapsed());
        }
        let mut rng = Rng::new(self.seed ^ position.key());
        self.nodes.clear();
        self.nodes.push(Node::new(None));
        let unlimited = limits.nodes.is_none() && limits.time.is_none();
        let mut next_report = FIRST_REPORT;
        let mut pv = Vec::with_capacity(EXPECTED_TREE_DEPTH);
        while !clock.tick() {
            if clock.is_check_node() && self.stop.as_ref().is_some_and(StopSignal::is_stopped) {
                clock.halt();
                break;
            }
            let grew = self.playout(root, &mut rng);
            if unlimited && !grew {
                break;
            }
            if clock.nodes == next_report {
                next_report *= 2;
                let (score, depth) = self.principal_variation(&mut pv);
                progress(&Progress {
                    depth,
                    score,
                    pv: &pv,
                    nodes: clock.nodes,
                    elapsed: clock.elapsed(),
                });
            }
        }
        let (score, depth) = self.principal_variation(&mut pv);
        let best_move = pv
            .first()
            .copied()
            .or_else(|| position.legal_moves().first().copied());
        if pv.is_empty() {
            pv.extend(best_move);
        }
        SearchResult {
            best_move,
            score,
            pv,
            depth,
            nodes: clock.nodes,
            elapsed: clock.elapsed(),
        }
    }

    /// One playout from the root: select, expand, simulate, back up.
    /// Returns whether the tree grew (or needed not to: a finished game).
    fn playout(&mut self, root: &Root<G>, rng: &mut Rng) -> bool {
        let mut game = root.position().clone();
        let mut reversible = u64::from(root.reversible_plies());
        let ply_limit = root.ply_limit();
        self.path.clear();
        // The root's "mover" is never credited; any player will do.
        self.path.push((0, G::opponent(game.to_move())));
        let mut node = 0;
        // Selection: down the expanded nodes by the UCT rule.
        while self.nodes[node].expanded && !self.nodes[node].terminal {
            node = self.select_child(node);
            let mover = game.to_move();
            Self::play(&mut game, self.nodes[node].mv, &mut reversible);
            self.path.push((node, mover));
        }
        let mut grew = true;
        let moves = game.legal_moves();
        let rule_draw = ply_limit.is_some_and(|limit| reversible >= limit);
        if moves.is_empty() || rule_draw {
            self.nodes[node].terminal = true;
        } else if !self.nodes[node].expanded {
            grew = self.expand(node, &moves, rng);
            if grew {
                let first = self.nodes[node].first_child as usize;
                let mover = game.to_move();
                Self::play(&mut game, self.nodes[first].mv, &mut reversible);
                self.path.push((first, mover));
            }
        }
        let reward_for = self.simulate(game, reversible, ply_limit, rng);
        for &(index, mover) in &self.path {
            let node = &mut self.nodes[index];
            node.visits = node.visits.saturating_add(1);
            node.reward += reward_for(mover);
        }
        grew
    }

    /// Plays the tree move `mv` (always `Some` below the root), keeping
    /// the move-limit counter.
    fn play(game: &mut G, mv: Option<G::Move>, reversible: &mut u64) {
        if let Some(mv) = mv {
            *reversible = if game.is_irreversible(mv) {
                0
            } else {
                *reversible + 1
            };
            game.apply_unchecked(mv);
        }
    }

    /// The child of `node` with the best upper confidence bound; unvisited
    /// children first, in their (shuffled) order.
    fn select_child(&self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let log_visits = f64::from(parent.visits.max(1)).ln();
        let mut best = parent.first_child as usize;
        let mut best_bound = f64::NEG_INFINITY;
        for index in parent.children() {
            let child = &self.nodes[index];
            if child.visits == 0 {
                return index;
            }
            let bound =
                child.mean() + self.exploration * (log_visits / f64::from(child.visits)).sqrt();
            if bound > best_bound {
                best_bound = bound;
                best = index;
            }
        }
        best
    }

    /// Adds the children of `node` for `moves`, in a random order; `false`
    /// (and nothing added) when the arena has no room for them.
    fn expand(&mut self, node: usize, moves: &[G::Move], rng: &mut Rng) -> bool {
        let first = self.nodes.len();
        if first + moves.len() > self.budget || u32::try_from(first + moves.len()).is_err() {
            return false;
        }
        self.nodes
            .extend(moves.iter().map(|&mv| Node::new(Some(mv))));
        // Fisher-Yates, so that unvisited children are tried in a random
        // order rather than the move generator's.
        for i in (1..moves.len()).rev() {
            let j = rng.below(i + 1);
            self.nodes.swap(first + i, first + j);
        }
        let parent = &mut self.nodes[node];
        parent.expanded = true;
        parent.first_child = first as u32;
        parent.child_count = moves.len() as u32;
        true
    }

    /// Plays random moves from `game` to the end (or the move limit, or
    /// [`MAX_PLAYOUT_PLIES`]) and returns the reward of each player.
    fn simulate(
        &self,
        mut game: G,
        mut reversible: u64,
        ply_limit: Option<u64>,
        rng: &mut Rng,
    ) -> impl Fn(G::Player) -> f64 {
        let mut plies = 0;
        let outcome = loop {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break game.outcome();
            }
            if plies >= MAX_PLAYOUT_PLIES || ply_limit.is_some_and(|limit| reversible >= limit) {
                break None;
            }
            let mv = moves[rng.below(moves.len())];
            reversible = if game.is_irreversible(mv) {
                0
            } else {
                reversible + 1
            };
            game.apply_unchecked(mv);
            plies += 1;
        };
        move |player| match outcome.map(|outcome| outcome.for_player(player)) {
            Some(PlayerOutcome::Win) => 1.0,
            Some(PlayerOutcome::Loss) => 0.0,
            Some(PlayerOutcome::Draw) | None => 0.5,
        }
    }

    /// Fills `pv` with the most visited line and returns the root's score
    /// and the line's length.
    fn principal_variation(&self, pv: &mut Vec<G::Move>) -> (Score, u32) {
        pv.clear();
        let mut node = 0;
        let mut score = Score::DRAW;
        while let Some(child) = self.most_visited_child(node) {
            let child_node = &self.nodes[child];
            if node == 0 {
                score = if child_node.terminal && child_node.mean() >= 1.0 {
                    Score::win_in(1)
                } else {
                    Score::heuristic(((child_node.mean() * 2.0 - 1.0) * SCORE_SCALE).round() as i32)
                };
            }
            pv.extend(child_node.mv);
            node = child;
        }
        (score, pv.len() as u32)
    }

    /// The visited child of `node` with the most visits (an immediate win
    /// before anything else); the first of equals.
    fn most_visited_child(&self, node: usize) -> Option<usize> {
        let parent = self.nodes.get(node)?;
        if !parent.expanded {
            return None;
        }
        let rank = |index: usize| {
            let child = &self.nodes[index];
            let wins_now = child.terminal && child.visits > 0 && child.mean() >= 1.0;
            (wins_now, child.visits)
        };
        let mut best: Option<usize> = None;
        for index in parent.children() {
            if self.nodes[index].visits > 0 && best.map_or(true, |b| rank(index) > rank(b)) {
                best = Some(index);
            }
        }
        best
    }
}

impl<G: Game> Searcher<G> for Mcts<G> {
    fn think(
        &mut self,
        root: &Root<G>,
        limits: Limits,
        progress: &mut dyn FnMut(&Progress<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        self.run(root, limits, progress)
    }

    /// Nothing to forget: every search grows a new tree.
    fn clear(&mut self) {}

    fn set_stop_signal(&mut self, signal: StopSignal) {
        self.stop = Some(signal);
    }
}

impl<G: Game> core::fmt::Debug for Mcts<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mcts")
            .field("seed", &self.seed)
            .field("node_budget", &self.budget)
            .field("exploration", &self.exploration)
            .finish_non_exhaustive()
    }
}
