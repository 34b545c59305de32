//! [`StopSignal`]: a flag another thread raises to end a running search
//! early (a GUI's "stop"), which the search then answers with the best move
//! it has.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A shared flag that stops the searches watching it.
///
/// Give a clone to [`AlphaBeta::with_stop_signal`](super::AlphaBeta::with_stop_signal)
/// and keep one: [`stop`](StopSignal::stop) from any thread ends the
/// running search at its next look at the clock (every 1024 nodes), and
/// the search returns as if its time were up (the best move of the last
/// completed depth, or a better one found since). The flag stays raised
/// until [`reset`](StopSignal::reset): searches started while it is raised
/// stop at once, so reset it *before* starting the search (resetting after
/// would lose a stop that came in between).
///
/// ```
/// use rulebook::checkers::{Checkers, Evaluation};
/// use rulebook::search::{AlphaBeta, Limits, Searcher, StopSignal};
///
/// let stop = StopSignal::new();
/// let mut search = AlphaBeta::new(Evaluation::new()).with_stop_signal(stop.clone());
/// stop.stop(); // e.g. from another thread, while the search runs
/// let result = search.search(Checkers::default(), Limits::NONE);
/// assert!(result.best_move.is_some()); // still a legal move
/// stop.reset();
/// assert!(!stop.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    /// A lowered flag.
    pub fn new() -> StopSignal {
        StopSignal::default()
    }

    /// Raises the flag: the searches watching it stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag, for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
