//! Computer players for every [`Game`](crate::Game): generic alpha-beta and
//! Monte Carlo tree search, and [`Engine`], a computer player in a
//! [`Match`](crate::Match).
//!
//! - [`AlphaBeta`]: negamax with alpha-beta pruning, iterative deepening,
//!   principal-variation search, a transposition table, move ordering and
//!   quiescence, over any game with an [`Evaluator`] the caller provides.
//! - [`Mcts`]: Monte Carlo tree search (UCT), needing only the rules;
//!   seeded, and bounded by a node budget.
//! - Both implement [`Searcher`]: they search from a [`Root`] (a position,
//!   or a match with the history its draw rules see) within [`Limits`]
//!   (depth, nodes, time, or a game clock: [`TimeControl`]), report [`Progress`] as they go, and return a
//!   [`SearchResult`]: the best move, its [`Score`] (proven wins and
//!   losses apart from heuristic values), the principal variation, nodes
//!   and depth.
//! - [`Oracle`]: a perfect judge of some positions (an endgame database)
//!   that [`AlphaBeta`] consults instead of searching them.
//! - [`Engine`]: a searcher with the limits of a level of play, and a
//!   judgement of draw offers. [`checkers::engine`](crate::checkers::engine)
//!   and [`connect4::engine`](crate::connect4::engine) build them by level.
//!
//! ```
//! use rulebook::checkers::{Checkers, Evaluation};
//! use rulebook::search::{AlphaBeta, Limits, Searcher};
//!
//! let mut search = AlphaBeta::new(Evaluation::default());
//! let result = search.search_with_progress(Checkers::default(), Limits::depth(6), |progress| {
//!     println!("{progress}"); // depth 1  score +4  nodes 9  ...  pv 11-15
//! });
//! assert_eq!(result.depth, 6);
//! assert!(Checkers::default().legal_moves().contains(&result.best_move.unwrap()));
//! # use rulebook::Game;
//! ```

mod alphabeta;
mod engine;
mod eval;
mod levels;
mod limits;
mod mcts;
mod oracle;
mod ordering;
mod progress;
mod reductions;
mod result;
mod root;
mod score;
mod searcher;
mod stop;
mod table;
mod time_control;

pub use alphabeta::{AlphaBeta, DEFAULT_TABLE_BYTES, MAX_DEPTH};
pub use engine::{Engine, LevelError, NO_PROGRESS_PLIES, OFFER_INTERVAL_PLIES};
pub use eval::Evaluator;
#[cfg(test)]
pub(crate) use levels::check_levels;
pub(crate) use levels::LevelTable;
pub use limits::Limits;
pub use mcts::{Mcts, DEFAULT_EXPLORATION, DEFAULT_NODE_BUDGET, MAX_PLAYOUT_PLIES};
pub use oracle::{Oracle, OracleAdvice};
pub use progress::Progress;
pub use reductions::Reductions;
pub use result::SearchResult;
pub use root::Root;
pub use score::{Score, MAX_DECISIVE_PLIES};
pub use searcher::Searcher;
pub use stop::StopSignal;
pub use time_control::{
    MoveBudget, TimeControl, DEFAULT_MOVES_TO_GO, MAX_SAFETY_MARGIN, MIN_SAFETY_MARGIN,
};
