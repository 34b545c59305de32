//! [`Progress`]: what a running search reports to its caller, so that a
//! front end can show the engine thinking.

use core::fmt;
use std::time::Duration;

use super::limits::nodes_per_second;
use super::Score;

/// A report from a running search: after each completed depth of
/// alpha-beta, or every so many playouts of Monte Carlo tree search.
///
/// `Display` writes one line: `depth 9  score +35  nodes 120000  840 kN/s
/// pv 11-15 23-19 ...`.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Progress<'a, M> {
    /// The depth completed (alpha-beta), or the length of the most visited
    /// line (Monte Carlo tree search).
    pub depth: u32,
    /// The value of the position for the player to move, as the search
    /// sees it now.
    pub score: Score,
    /// The principal variation: the best line found, its first move the
    /// move the search would play now.
    pub pv: &'a [M],
    /// Nodes visited so far (alpha-beta: positions; Monte Carlo tree
    /// search: playouts).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

impl<M> Progress<'_, M> {
    /// The search's speed so far, in nodes per second (0 before any time
    /// has passed).
    pub fn nodes_per_second(&self) -> u64 {
        nodes_per_second(self.nodes, self.elapsed)
    }
}

impl<M: fmt::Display> fmt::Display for Progress<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth {}  score {}  nodes {}  {} kN/s  pv",
            self.depth,
            self.score,
            self.nodes,
            self.nodes_per_second() / 1000
        )?;
        for mv in self.pv {
            write!(f, " {mv}")?;
        }
        Ok(())
    }
}
