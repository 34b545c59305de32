//! [`Limits`]: when a search stops (depth, nodes, time), and the clock the
//! searches use to check them.

use std::time::{Duration, Instant};

use super::TimeControl;

/// When a search stops: after a depth, a number of nodes, or a time,
/// whichever comes first. A limit left at `None` does not stop it.
///
/// Two time limits: `time` is the hard one, checked inside the search
/// (it stops a search in the middle of an iteration); `soft_time` only
/// keeps alpha-beta from starting another iteration once it has passed.
/// [`Limits::with_clock`] sets both from a game clock ([`TimeControl`]).
///
/// Node limits make a search deterministic: the same position, settings and
/// limits give the same move on every machine and under any load. Time
/// limits do not (a loaded machine searches fewer nodes).
///
/// ```
/// use std::time::Duration;
/// use rulebook::search::Limits;
///
/// let limits = Limits::depth(8).with_nodes(100_000);
/// assert_eq!(limits.depth, Some(8));
/// assert_eq!(limits.time, None);
/// let timed = Limits::time(Duration::from_millis(100));
/// assert_eq!(timed.nodes, None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Limits {
    /// The deepest iteration, in plies. Alpha-beta completes depths
    /// `1..=depth`; Monte Carlo tree search ignores it.
    pub depth: Option<u32>,
    /// The most nodes to visit (alpha-beta: positions searched, counting
    /// quiescence; Monte Carlo tree search: playouts).
    pub nodes: Option<u64>,
    /// The longest time to think, measured from the start of the search:
    /// the search stops when it passes, even in the middle of an iteration.
    pub time: Option<Duration>,
    /// After this time (from the start of the search) alpha-beta starts no
    /// new iteration, and a root with a single legal move is answered
    /// after the first; Monte Carlo tree search stops at the sooner of
    /// this and `time`.
    pub soft_time: Option<Duration>,
}

impl Limits {
    /// No limit at all: alpha-beta searches until its deepest depth,
    /// Monte Carlo tree search until its tree is full.
    pub const NONE: Limits = Limits {
        depth: None,
        nodes: None,
        time: None,
        soft_time: None,
    };

    /// Only a depth limit.
    pub const fn depth(depth: u32) -> Limits {
        Limits::NONE.with_depth(depth)
    }

    /// Only a node limit.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits::NONE.with_nodes(nodes)
    }

    /// Only a time limit.
    pub const fn time(time: Duration) -> Limits {
        Limits::NONE.with_time(time)
    }

    /// These limits with the depth limit `depth`.
    pub const fn with_depth(mut self, depth: u32) -> Limits {
        self.depth = Some(depth);
        self
    }

    /// These limits with the node limit `nodes`.
    pub const fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// These limits with the time limit `time`.
    pub const fn with_time(mut self, time: Duration) -> Limits {
        self.time = Some(time);
        self
    }

    /// These limits with the soft time limit `time`: no new iteration
    /// starts after it.
    pub const fn with_soft_time(mut self, time: Duration) -> Limits {
        self.soft_time = Some(time);
        self
    }

    /// These limits with the time limits of one move under `clock`
    /// ([`TimeControl::budget`]): the soft limit its target, the hard one
    /// the sooner of its own and any time limit these limits had. Depth
    /// and node limits stay (a level's node budget caps the clock's).
    ///
    /// ```
    /// use std::time::Duration;
    /// use rulebook::search::{Limits, TimeControl};
    ///
    /// let clock = TimeControl::new(Duration::from_secs(60)).with_moves_to_go(30);
    /// let limits = Limits::nodes(1_000_000).with_clock(clock);
    /// assert_eq!(limits.nodes, Some(1_000_000));
    /// assert!(limits.soft_time.unwrap() <= limits.time.unwrap());
    /// assert!(limits.time.unwrap() < Duration::from_secs(60));
    /// ```
    pub fn with_clock(mut self, clock: TimeControl) -> Limits {
        let budget = clock.budget();
        self.time = Some(self.time.map_or(budget.hard, |time| time.min(budget.hard)));
        self.soft_time = Some(budget.soft.min(budget.hard));
        self
    }

    /// The sooner of the two time limits, if any: when a search that
    /// cannot stop between iterations must stop.
    pub fn earliest_time(&self) -> Option<Duration> {
        match (self.time, self.soft_time) {
            (Some(hard), Some(soft)) => Some(hard.min(soft)),
            (hard, soft) => hard.or(soft),
        }
    }
}

/// How many alpha-beta nodes pass between two looks at the clock: reading
/// it costs more than a node.
pub(crate) const NODES_PER_CLOCK_CHECK: u64 = 256;

/// A running search's node count and clock, checked against its limits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    start: Instant,
    limits: Limits,
    /// Nodes visited so far.
    pub(crate) nodes: u64,
    /// The clock is read every this many nodes (a power of two).
    check_every: u64,
    /// Set once a node or time limit is reached; stays set.
    stopped: bool,
}

impl Clock {
    /// Starts the clock now, reading it every
    /// [`NODES_PER_CLOCK_CHECK`] nodes.
    pub(crate) fn start(limits: Limits) -> Clock {
        Clock::reading_every(limits, NODES_PER_CLOCK_CHECK)
    }

    /// Starts the clock now, reading it every `check_every` nodes (rounded
    /// up to a power of two): searches whose nodes are slow read it more
    /// often.
    pub(crate) fn reading_every(limits: Limits, check_every: u64) -> Clock {
        Clock {
            start: Instant::now(),
            limits,
            nodes: 0,
            check_every: check_every.max(1).next_power_of_two(),
            stopped: false,
        }
    }

    /// Counts one node; returns whether the search must stop (a node or
    /// time limit is reached). Once it says stop, it keeps saying so.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.limits.nodes.is_some_and(|max| self.nodes >= max) {
            self.stopped = true;
            return true;
        }
        self.nodes += 1;
        if self.nodes & (self.check_every - 1) == 0 {
            if let Some(time) = self.limits.time {
                self.stopped = self.start.elapsed() >= time;
            }
        }
        self.stopped
    }

    /// Whether the clock reads the time at the node just counted: the
    /// moment to look at other stop conditions too.
    #[inline]
    pub(crate) fn is_check_node(&self) -> bool {
        self.nodes & (self.check_every - 1) == 0
    }

    /// Stops the search now (a [`StopSignal`](super::StopSignal) was
    /// raised); it stays stopped.
    pub(crate) fn halt(&mut self) {
        self.stopped = true;
    }

    /// Whether a node or time limit has stopped the search.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    /// Whether depth `depth` may be started (the depth limit allows it).
    pub(crate) fn allows_depth(&self, depth: u32) -> bool {
        self.limits.depth.map_or(true, |max| depth <= max)
    }

    /// Whether an iteration may start after `completed` have completed:
    /// the first always may; later ones only before the soft time limit.
    pub(crate) fn allows_iteration(&self, completed: u32) -> bool {
        completed == 0
            || self
                .limits
                .soft_time
                .map_or(true, |soft| self.elapsed() < soft)
    }

    /// Whether the limits include a soft time limit (a game clock).
    pub(crate) fn has_soft_time(&self) -> bool {
        self.limits.soft_time.is_some()
    }

    /// Time since the start.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// Nodes per second, 0 when no time has passed.
pub(crate) fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    (u128::from(nodes) * 1_000_000)
        .checked_div(elapsed.as_micros())
        .map_or(0, |rate| u64::try_from(rate).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_limit_stops_after_exactly_that_many_nodes() {
        let mut clock = Clock::start(Limits::nodes(3));
        assert!(!clock.tick());
        assert!(!clock.tick());
        assert!(!clock.tick());
        assert!(clock.tick());
        assert!(clock.tick());
        assert_eq!(clock.nodes, 3);
    }

    #[test]
    fn time_limit_stops_at_a_clock_check() {
        let mut clock = Clock::start(Limits::time(Duration::ZERO));
        let ticks = (0..NODES_PER_CLOCK_CHECK * 2)
            .take_while(|_| !clock.tick())
            .count();
        assert_eq!(ticks as u64, NODES_PER_CLOCK_CHECK - 1);
        assert!(clock.stopped());
    }

    #[test]
    fn depth_limit_and_speed() {
        let clock = Clock::start(Limits::depth(4));
        assert!(clock.allows_depth(4));
        assert!(!clock.allows_depth(5));
        assert!(Clock::start(Limits::NONE).allows_depth(u32::MAX));
        assert_eq!(nodes_per_second(500, Duration::from_millis(250)), 2000);
        assert_eq!(nodes_per_second(500, Duration::ZERO), 0);
    }
}
