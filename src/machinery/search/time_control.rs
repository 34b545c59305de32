//! [`TimeControl`]: a game clock as the player to move sees it, and the
//! time budget of one move it gives ([`MoveBudget`]): a soft limit after
//! which no new iteration starts, and a hard limit the search never
//! passes, both inside what the clock holds.

use std::time::Duration;

/// With no number of moves to the next time control (sudden death, or
/// Fischer time), the remaining time is planned as if this many moves
/// were left: a draughts game lasts 50 to 80 moves a side, and the
/// remaining time shrinks with every move, so later moves get their share
/// of what is left.
pub const DEFAULT_MOVES_TO_GO: u32 = 30;

/// Kept back from the remaining time on every move, at least: the time a
/// program needs to be scheduled, to print its move and to have it read
/// (pipes, sockets, a loaded machine).
pub const MIN_SAFETY_MARGIN: Duration = Duration::from_millis(100);

/// Kept back from the remaining time on every move, at most.
pub const MAX_SAFETY_MARGIN: Duration = Duration::from_millis(500);

/// The safety margin is this fraction of the remaining time (1/20), within
/// [`MIN_SAFETY_MARGIN`] and [`MAX_SAFETY_MARGIN`]: a fixed delay matters
/// more when little time is left.
const SAFETY_DIVISOR: u32 = 20;

/// The soft limit is this fraction of a move's target time (3/5, as
/// `SOFT_NUMERATOR / SOFT_DENOMINATOR`): an iteration costs about as much
/// as all those before it together, so one started after about half the
/// target usually ends near the target or beyond it, and the hard limit
/// then cuts it.
const SOFT_NUMERATOR: u32 = 3;
const SOFT_DENOMINATOR: u32 = 5;

/// The hard limit is at most this many targets: room to finish an
/// iteration that is worth finishing, never all the remaining time unless
/// this is the last move before the time control.
const HARD_TARGETS: u32 = 3;

/// The hard limit never goes below this (a search needs some time to find
/// any move), unless the clock holds less than [`MIN_SAFETY_MARGIN`]:
/// then an eighth of what it holds, so that the clock never reaches zero.
const MIN_HARD: Duration = Duration::from_millis(1);
/// See [`MIN_HARD`].
const LAST_RESORT_DIVISOR: u32 = 8;

/// A game clock, as the player to move sees it.
///
/// `remaining` is the time left on the player's clock now; it includes
/// this move's increment when the clock adds it before the move (as the
/// Hub protocol's `level time= inc=` says). `moves_to_go` is the number of
/// moves (this one included) until the next time control adds time, or
/// `None` when no control comes (sudden death, Fischer time).
///
/// ```
/// use std::time::Duration;
/// use rulebook::search::TimeControl;
///
/// let clock = TimeControl::new(Duration::from_secs(10)).with_increment(Duration::from_millis(100));
/// let budget = clock.budget();
/// assert!(budget.soft <= budget.hard);
/// assert!(budget.hard < Duration::from_secs(10));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TimeControl {
    /// The time left on the clock of the player to move.
    pub remaining: Duration,
    /// The time added to the clock on every move.
    pub increment: Duration,
    /// The moves until the next time control, this one included; `None`
    /// for none.
    pub moves_to_go: Option<u32>,
}

/// The time one move may take under a [`TimeControl`].
///
/// Invariant: `soft <= hard`, and `hard` is at most the clock's remaining
/// time less a safety margin, and never the whole remaining time (unless
/// that is zero).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MoveBudget {
    /// After this, no new iteration starts.
    pub soft: Duration,
    /// The search stops when this has passed, even in an iteration.
    pub hard: Duration,
}

impl TimeControl {
    /// A clock with `remaining` left, no increment and no time control to
    /// come (sudden death).
    pub const fn new(remaining: Duration) -> TimeControl {
        TimeControl {
            remaining,
            increment: Duration::ZERO,
            moves_to_go: None,
        }
    }

    /// This clock with `increment` added on every move.
    pub const fn with_increment(mut self, increment: Duration) -> TimeControl {
        self.increment = increment;
        self
    }

    /// This clock with `moves` moves (this one included) until the next
    /// time control; 0 is taken as 1.
    pub const fn with_moves_to_go(mut self, moves: u32) -> TimeControl {
        self.moves_to_go = Some(if moves == 0 { 1 } else { moves });
        self
    }

    /// What the clock holds back on every move: a twentieth of the
    /// remaining time, within [`MIN_SAFETY_MARGIN`] and
    /// [`MAX_SAFETY_MARGIN`].
    pub fn safety_margin(&self) -> Duration {
        (self.remaining / SAFETY_DIVISOR).clamp(MIN_SAFETY_MARGIN, MAX_SAFETY_MARGIN)
    }

    /// The budget of the move to play now.
    ///
    /// The time that may be spent is the remaining time less the
    /// [`safety_margin`](TimeControl::safety_margin); the target of this
    /// move is an even share of it and of the increments still to come
    /// among the moves to go ([`DEFAULT_MOVES_TO_GO`] when no control
    /// comes). The soft limit is three fifths of the target; the hard
    /// limit three targets, but never more than may be spent (on the last
    /// move before a control: all of it). A clock below
    /// [`MIN_SAFETY_MARGIN`] may spend an eighth of what it holds.
    pub fn budget(&self) -> MoveBudget {
        let spendable = self.remaining.saturating_sub(self.safety_margin());
        let moves = self.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
        let future_increments = self.increment.saturating_mul(moves - 1);
        let target = (spendable.saturating_add(future_increments) / moves).min(spendable);
        let hard = target
            .saturating_mul(HARD_TARGETS)
            .min(spendable)
            .max(MIN_HARD.min(self.remaining / LAST_RESORT_DIVISOR));
        let soft = (target * SOFT_NUMERATOR / SOFT_DENOMINATOR).min(hard);
        MoveBudget { soft, hard }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    #[test]
    fn the_budget_stays_inside_the_clock() {
        for remaining in [0, 1, 10, 29, 30, 31, 100, 1_000, 60_000, 3_600_000] {
            for increment in [0, 10, 1_000, 5_000] {
                for moves in [None, Some(1), Some(2), Some(40)] {
                    let mut clock = TimeControl::new(ms(remaining)).with_increment(ms(increment));
                    clock.moves_to_go = moves;
                    let budget = clock.budget();
                    assert!(budget.soft <= budget.hard, "{clock:?}: {budget:?}");
                    assert!(budget.hard <= clock.remaining, "{clock:?}: {budget:?}");
                    if clock.remaining >= MIN_SAFETY_MARGIN {
                        let limit = clock.remaining - clock.safety_margin();
                        assert!(budget.hard <= limit.max(MIN_HARD), "{clock:?}: {budget:?}");
                    } else {
                        assert!(budget.hard < clock.remaining || remaining == 0);
                    }
                }
            }
        }
    }

    #[test]
    fn shares_follow_the_moves_to_go_and_the_increment() {
        let minute = TimeControl::new(ms(60_000));
        let margin = minute.safety_margin();
        assert_eq!(margin, MAX_SAFETY_MARGIN);
        // Sudden death: a thirtieth of what may be spent.
        let target = (ms(60_000) - margin) / DEFAULT_MOVES_TO_GO;
        assert_eq!(minute.budget().hard, target * HARD_TARGETS);
        assert_eq!(
            minute.budget().soft,
            target * SOFT_NUMERATOR / SOFT_DENOMINATOR
        );
        // Fewer moves to go: more a move; the last one may use it all.
        let ten = minute.with_moves_to_go(10).budget();
        assert!(ten.soft > minute.budget().soft);
        assert_eq!(
            minute.with_moves_to_go(1).budget().hard,
            ms(60_000) - margin
        );
        assert_eq!(minute.with_moves_to_go(0), minute.with_moves_to_go(1));
        // An increment is spent too.
        let fischer = minute.with_increment(ms(2_000)).budget();
        assert!(fischer.soft > minute.budget().soft + ms(1_000));
    }

    #[test]
    fn a_whole_game_on_the_clock_never_runs_out() {
        // Spending every hard limit in full, move after move, from 2 s for
        // a game of 100 moves a side: the clock is never empty, and it is
        // used.
        for increment in [0, 20] {
            let mut remaining = ms(2_000);
            let mut spent = Duration::ZERO;
            for _ in 0..100 {
                let clock = TimeControl::new(remaining).with_increment(ms(increment));
                let hard = clock.budget().hard;
                assert!(hard <= remaining);
                remaining = remaining - hard + ms(increment);
                spent += hard;
            }
            assert!(remaining > Duration::ZERO);
            assert!(spent > ms(1_000), "only {spent:?} of the clock was used");
        }
    }
}
