//! Game clocks, kept by the server: the time controls (Fischer, and
//! correspondence's days per move), and the rules that turn a game's
//! events, each stamped with the server's time, into the time left on
//! each seat's clock. The rules are pure functions of the events, so a
//! game replayed from the database has exactly the clocks it had.
//!
//! - Neither clock runs until both seats are taken and each side has made
//!   its first move. Until then the side to move has the server's
//!   first-move time ([`FIRST_MOVE_MS`] unless `--first-move-secs` says
//!   otherwise, kept with the game; correspondence: the days per move) to
//!   make its first move, or the game is aborted: nobody loses.
//! - Then the clock of the side to move runs; a move stops it and adds the
//!   increment (correspondence: sets it back to the days per move).
//! - A clock at zero loses the game on time (the server's timer commits it
//!   at the deadline even if nobody sends anything).
//! - A restart does not charge the time the server was down: see
//!   [`Clock::pause`] and `App::resume_clock`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How long the side to move has for its first move in a Fischer game
/// before the game is aborted, by default.
pub const FIRST_MOVE_MS: i64 = 30_000;

/// The longest initial time (seconds) and increment (seconds) accepted,
/// and the most days per move.
pub const MAX_INITIAL_SECONDS: u32 = 3 * 3600;
/// The largest increment, in seconds.
pub const MAX_INCREMENT_SECONDS: u32 = 180;
/// The most days per move of a correspondence game.
pub const MAX_DAYS_PER_MOVE: u32 = 14;

const DAY_MS: i64 = 86_400_000;

/// A time control as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum TimeControl {
    /// Minutes for the game, plus seconds added per move.
    Fischer {
        /// The time each side starts with (ms).
        initial_ms: i64,
        /// Added after each of the side's timed moves (ms).
        increment_ms: i64,
    },
    /// Days per move: each move sets the mover's clock back to them.
    Correspondence {
        /// Days per move.
        days: u32,
    },
}

/// `POST /api/games`'s `time_control`: `{"initial_seconds", "increment_seconds"}`
/// (Fischer) or `{"days_per_move"}` (correspondence).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
pub struct TimeControlBody {
    /// Fischer: the time each side starts with, in seconds (1 to 10800).
    pub initial_seconds: Option<u32>,
    /// Fischer: seconds added after each move (0 to 180; default 0).
    pub increment_seconds: Option<u32>,
    /// Correspondence: days per move (1 to 14).
    pub days_per_move: Option<u32>,
}

impl TimeControlBody {
    /// The time control this asks for.
    ///
    /// # Errors
    ///
    /// What is wrong with it, in words (a 400 for the API).
    pub fn control(&self) -> Result<TimeControl, String> {
        match (self.initial_seconds, self.increment_seconds, self.days_per_move) {
            (None, None, Some(days)) => {
                if (1..=MAX_DAYS_PER_MOVE).contains(&days) {
                    Ok(TimeControl::Correspondence { days })
                } else {
                    Err(format!(
                        "days_per_move must be 1 to {MAX_DAYS_PER_MOVE}, not {days}"
                    ))
                }
            }
            (Some(initial), increment, None) => {
                let increment = increment.unwrap_or(0);
                if !(1..=MAX_INITIAL_SECONDS).contains(&initial) {
                    return Err(format!(
                        "initial_seconds must be 1 to {MAX_INITIAL_SECONDS}, not {initial}"
                    ));
                }
                if increment > MAX_INCREMENT_SECONDS {
                    return Err(format!(
                        "increment_seconds must be 0 to {MAX_INCREMENT_SECONDS}, not {increment}"
                    ));
                }
                Ok(TimeControl::Fischer {
                    initial_ms: i64::from(initial) * 1000,
                    increment_ms: i64::from(increment) * 1000,
                })
            }
            _ => Err(
                "time_control is {\"initial_seconds\": N, \"increment_seconds\": M} or {\"days_per_move\": D}"
                    .to_owned(),
            ),
        }
    }
}

impl TimeControl {
    /// The time on each clock at the start.
    pub fn initial_ms(self) -> i64 {
        match self {
            TimeControl::Fischer { initial_ms, .. } => initial_ms,
            TimeControl::Correspondence { days } => i64::from(days) * DAY_MS,
        }
    }

    /// How it is asked for (and shown in the state).
    pub fn body(self) -> TimeControlBody {
        match self {
            TimeControl::Fischer {
                initial_ms,
                increment_ms,
            } => TimeControlBody {
                initial_seconds: u32::try_from(initial_ms / 1000).ok(),
                increment_seconds: u32::try_from(increment_ms / 1000).ok(),
                days_per_move: None,
            },
            TimeControl::Correspondence { days } => TimeControlBody {
                initial_seconds: None,
                increment_seconds: None,
                days_per_move: Some(days),
            },
        }
    }

    /// The PDN (and PGN) `TimeControl` tag: `180+2` (seconds, plus
    /// seconds per move, as lichess and lidraughts write it), and for
    /// correspondence `1/86400` (one move per 86400 seconds: the PGN
    /// standard's "moves/seconds" form).
    pub fn tag(self) -> String {
        match self {
            TimeControl::Fischer {
                initial_ms,
                increment_ms,
            } => format!("{}+{}", initial_ms / 1000, increment_ms / 1000),
            TimeControl::Correspondence { days } => format!("1/{}", i64::from(days) * 86_400),
        }
    }

    /// How long the side to move has for its first move, when a Fischer
    /// game gives `fischer_ms`.
    fn first_move_ms(self, fischer_ms: i64) -> i64 {
        match self {
            TimeControl::Fischer { .. } => fischer_ms,
            TimeControl::Correspondence { days } => i64::from(days) * DAY_MS,
        }
    }
}

/// What happens at a clock's deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deadline {
    /// The side to move loses on time.
    Flag,
    /// The side to move did not make its first move: the game is aborted.
    Abort,
}

/// Both clocks of a game.
#[derive(Clone, Debug)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Each seat's time left (ms) as of `since` (the side to move's time
    /// since then is not yet taken off).
    pub remaining: [i64; 2],
    /// Server time (Unix ms) since which the side to move's time counts.
    pub since: i64,
    /// Moves each seat has made (undo does not take them back).
    pub moves: [u32; 2],
    /// Both seats are taken: time counts.
    pub active: bool,
    /// A Fischer game's time for each side's first move.
    pub first_move_ms: i64,
}

impl Clock {
    /// Clocks at their start, at server time `at`; `active` once both
    /// seats are taken; `first_move_ms` for each side's first move (a
    /// Fischer game).
    pub fn new(control: TimeControl, active: bool, at: i64, first_move_ms: i64) -> Clock {
        let initial = control.initial_ms();
        Clock {
            control,
            remaining: [initial, initial],
            since: at,
            moves: [0, 0],
            active,
            first_move_ms,
        }
    }

    /// Whether the clocks run: each side has made its first move.
    pub fn running(&self) -> bool {
        self.active && self.moves[0] >= 1 && self.moves[1] >= 1
    }

    /// When the side `to_move` runs out of time (Unix ms), and what then.
    pub fn deadline(&self, to_move: u8) -> Option<(i64, Deadline)> {
        let seat = usize::from(to_move.min(1));
        if !self.active {
            None
        } else if self.running() {
            Some((self.since + self.remaining[seat], Deadline::Flag))
        } else if self.moves[seat] == 0 {
            Some((
                self.since + self.control.first_move_ms(self.first_move_ms),
                Deadline::Abort,
            ))
        } else {
            // The other side still owes its first move (after an undo).
            None
        }
    }

    /// Takes the side to move's time up to `at` off its clock; from then
    /// on time counts from `at`.
    pub fn charge(&mut self, to_move: u8, at: i64) {
        if self.running() {
            let seat = usize::from(to_move.min(1));
            self.remaining[seat] -= (at - self.since).max(0);
        }
        self.since = self.since.max(at);
    }

    /// `seat` made a move (after [`Clock::charge`]): the increment, or
    /// correspondence's days per move, for a timed move.
    pub fn moved(&mut self, seat: u8) {
        let seat = usize::from(seat.min(1));
        if self.running() {
            match self.control {
                TimeControl::Fischer { increment_ms, .. } => self.remaining[seat] += increment_ms,
                TimeControl::Correspondence { .. } => {
                    self.remaining[seat] = self.control.initial_ms();
                }
            }
        }
        self.moves[seat] += 1;
    }

    /// Both seats are taken from `at` on.
    pub fn activate(&mut self, at: i64) {
        if !self.active {
            self.active = true;
            self.since = at;
        }
    }

    /// The server was down for `paused` ms: that time is not charged.
    pub fn pause(&mut self, paused: i64) {
        self.since += paused.max(0);
    }

    /// The time left on each clock at `now`, when `to_move` (if the game
    /// goes on) is to move; never below zero.
    pub fn left(&self, to_move: Option<u8>, now: i64) -> [i64; 2] {
        let mut left = self.remaining;
        if let Some(seat) = to_move.filter(|_| self.running()) {
            left[usize::from(seat.min(1))] -= (now - self.since).max(0);
        }
        left.map(|ms| ms.max(0))
    }
}

/// `h:mm:ss` of `ms` (rounded down to the second), as PDN clock comments
/// write it.
pub fn hms(ms: i64) -> String {
    let seconds = ms.max(0) / 1000;
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const FISCHER: TimeControl = TimeControl::Fischer {
        initial_ms: 60_000,
        increment_ms: 2_000,
    };

    #[test]
    fn first_moves_are_untimed_then_the_side_to_move_runs_and_gains_its_increment() {
        let mut clock = Clock::new(FISCHER, true, 1_000, FIRST_MOVE_MS);
        assert_eq!(
            clock.deadline(0),
            Some((1_000 + FIRST_MOVE_MS, Deadline::Abort))
        );
        clock.charge(0, 5_000);
        clock.moved(0);
        assert_eq!(clock.remaining, [60_000, 60_000]);
        assert_eq!(
            clock.deadline(1),
            Some((5_000 + FIRST_MOVE_MS, Deadline::Abort))
        );
        clock.charge(1, 9_000);
        clock.moved(1);
        assert!(clock.running());
        assert_eq!(clock.deadline(0), Some((69_000, Deadline::Flag)));
        assert_eq!(clock.left(Some(0), 19_000), [50_000, 60_000]);
        clock.charge(0, 19_000);
        clock.moved(0);
        assert_eq!(clock.remaining, [52_000, 60_000]);
        // A restart: the time the server was down is not charged.
        clock.pause(7_000);
        assert_eq!(clock.left(Some(1), 29_000), [52_000, 57_000]);
    }

    #[test]
    fn correspondence_sets_the_movers_clock_back_and_time_waits_for_both_seats() {
        let control = TimeControl::Correspondence { days: 2 };
        let mut clock = Clock::new(control, false, 0, FIRST_MOVE_MS);
        assert_eq!(clock.deadline(0), None);
        clock.activate(500);
        assert_eq!(clock.deadline(0), Some((500 + 2 * DAY_MS, Deadline::Abort)));
        for (seat, at) in [(0, 1_000), (1, 2_000), (0, 3_000_000)] {
            clock.charge(seat, at);
            clock.moved(seat);
        }
        assert_eq!(clock.remaining, [2 * DAY_MS, 2 * DAY_MS]);
        assert_eq!(
            clock.deadline(1),
            Some((3_000_000 + 2 * DAY_MS, Deadline::Flag))
        );
    }

    #[test]
    fn time_controls_are_checked_and_tagged() {
        let body = |initial, increment, days| TimeControlBody {
            initial_seconds: initial,
            increment_seconds: increment,
            days_per_move: days,
        };
        assert_eq!(
            body(Some(180), Some(2), None)
                .control()
                .map(TimeControl::tag),
            Ok("180+2".to_owned())
        );
        assert_eq!(
            body(None, None, Some(1)).control().map(TimeControl::tag),
            Ok("1/86400".to_owned())
        );
        for bad in [
            body(Some(0), None, None),
            body(Some(60), Some(181), None),
            body(None, None, Some(15)),
            body(Some(60), None, Some(1)),
            body(None, Some(2), None),
            body(None, None, None),
        ] {
            assert!(bad.control().is_err(), "{bad:?}");
        }
        assert_eq!(hms(3_723_999), "1:02:03");
    }
}
