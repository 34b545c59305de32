//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system",
//! 2013): the arithmetic of one rating period, and the kinds a rating is
//! kept for (a game and a time-control class, as lidraughts and lichess
//! keep one per variant and per speed).
//!
//! Each rated game is its own rating period (as lichess does): a player's
//! rating moves after every game, by that one result. Between games the
//! deviation grows with the time gone by, as Glickman's step for a player
//! who did not compete (φ' = √(φ² + σ²) per period), counted in periods of
//! 1 / [`RATING_PERIODS_PER_DAY`] days, lichess's (and lidraughts') value:
//! a rating read at any time is the stored one after
//! [`Rating::after_inactivity`] since its last game.

use crate::clock::TimeControlBody;

/// A new player's rating.
pub const DEFAULT_RATING: f64 = 1500.0;
/// A new player's rating deviation (the paper's 350).
pub const DEFAULT_DEVIATION: f64 = 350.0;
/// A new player's volatility (the paper's suggestion).
pub const DEFAULT_VOLATILITY: f64 = 0.06;
/// The system constant τ, which bounds how fast volatility changes
/// (the paper suggests 0.3 to 1.2; lichess uses 0.75).
pub const TAU: f64 = 0.75;
/// The deviation never falls below this (lichess's floor): a rating can
/// always still move.
pub const MIN_DEVIATION: f64 = 45.0;
/// Below this deviation a rating is shown without a question mark.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Rating periods per day for the deviation's growth without games:
/// lichess's `ratingPeriodsPerDay` (lila's Glicko-2 calculator), about one
/// period every 4.67 days. With σ = 0.06 a settled deviation of 45 becomes
/// provisional (over 110) after about 430 days without a rated game.
pub const RATING_PERIODS_PER_DAY: f64 = 0.21436;

/// Milliseconds per day.
const DAY_MS: f64 = 86_400_000.0;

/// The Glicko scale's factor: 400 / ln 10.
const SCALE: f64 = 173.7178;
/// The volatility iteration stops when the interval is this narrow.
const EPSILON: f64 = 0.000_001;

/// A player's Glicko-2 rating, on the Glicko scale (1500 / 350).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its deviation (RD).
    pub deviation: f64,
    /// Its volatility (σ).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: DEFAULT_RATING,
            deviation: DEFAULT_DEVIATION,
            volatility: DEFAULT_VOLATILITY,
        }
    }
}

/// One game's result against one opponent: the opponent's rating before
/// the period, and the score (1 win, 0.5 draw, 0 loss).
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    /// The opponent's rating.
    pub opponent: Rating,
    /// 1, 0.5 or 0.
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The rating after one rating period with these `outcomes`, with
    /// system constant `tau` (steps 2 to 8 of Glickman's paper; no game:
    /// only the deviation grows). Not clamped: see [`Rating::after_game`].
    ///
    /// Precondition: scores are in 0..=1 and deviations positive.
    pub fn after_period(self, outcomes: &[Outcome], tau: f64) -> Rating {
        let mu = (self.rating - DEFAULT_RATING) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if outcomes.is_empty() {
            let phi = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: phi * SCALE,
                ..self
            };
        }
        // Step 3: the estimated variance v; step 4: the improvement Δ.
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for outcome in outcomes {
            debug_assert!((0.0..=1.0).contains(&outcome.score));
            let mu_j = (outcome.opponent.rating - DEFAULT_RATING) / SCALE;
            let phi_j = outcome.opponent.deviation / SCALE;
            let e = expected(mu, mu_j, phi_j);
            inverse_v += g(phi_j) * g(phi_j) * e * (1.0 - e);
            sum += g(phi_j) * (outcome.score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility (the Illinois algorithm).
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 {
                k += 1.0;
            }
            a - k * tau
        };
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        while (big_b - big_a).abs() > EPSILON {
            let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(big_c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = big_c;
            f_b = f_c;
        }
        let sigma = (big_a / 2.0).exp();
        // Steps 6 to 8.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        Rating {
            rating: mu * SCALE + DEFAULT_RATING,
            deviation: phi * SCALE,
            volatility: sigma,
        }
    }

    /// The rating after `idle_ms` milliseconds without a game: the
    /// deviation grows as Glickman's step for a player who did not compete,
    /// over t periods, t = the whole days in `idle_ms` times
    /// [`RATING_PERIODS_PER_DAY`]: φ' = √(φ² + t·σ²), at most
    /// [`DEFAULT_DEVIATION`] (a new player's). Whole days, so a rating
    /// shown twice in a day is the same. The rating and volatility stay.
    /// Under a day (or a negative time, a clock set back): unchanged.
    pub fn after_inactivity(self, idle_ms: i64) -> Rating {
        let days = (idle_ms as f64 / DAY_MS).floor();
        if days < 1.0 {
            return self;
        }
        let periods = days * RATING_PERIODS_PER_DAY;
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + periods * self.volatility * self.volatility).sqrt() * SCALE;
        Rating {
            deviation: grown.min(DEFAULT_DEVIATION.max(self.deviation)),
            ..self
        }
    }

    /// The rating after one game (its own rating period) scoring `score`
    /// against `opponent`, with the server's τ, the deviation kept within
    /// [`MIN_DEVIATION`]..=[`DEFAULT_DEVIATION`].
    pub fn after_game(self, opponent: Rating, score: f64) -> Rating {
        let next = self.after_period(&[Outcome { opponent, score }], TAU);
        Rating {
            deviation: next.deviation.clamp(MIN_DEVIATION, DEFAULT_DEVIATION),
            ..next
        }
    }
}

/// A time control's class, by its estimated duration (initial + 40 ×
/// increment seconds, as lichess and lidraughts estimate a game of 40
/// moves): `ultrabullet` under 30 s, `bullet` under 3 min, `blitz` under
/// 8 min, `rapid` under 25 min, `classical` beyond; days per move:
/// `correspondence`; no clock: `unlimited`.
pub fn speed(control: Option<&TimeControlBody>) -> &'static str {
    let Some(control) = control else {
        return "unlimited";
    };
    if control.days_per_move.is_some() {
        return "correspondence";
    }
    let estimate = u64::from(control.initial_seconds.unwrap_or(0))
        + 40 * u64::from(control.increment_seconds.unwrap_or(0));
    match estimate {
        0..=29 => "ultrabullet",
        30..=179 => "bullet",
        180..=479 => "blitz",
        480..=1499 => "rapid",
        _ => "classical",
    }
}

/// The kind a rating is kept for: the game's spec and the speed,
/// `checkers:blitz`, `connectx:6x7x4:rapid`.
pub fn kind(spec: &str, control: Option<&TimeControlBody>) -> String {
    format!("{spec}:{}", speed(control))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: DEFAULT_VOLATILITY,
        }
    }

    /// Source: Mark E. Glickman, "Example of the Glicko-2 system"
    /// (Boston University, 2013), the worked example of steps 1 to 8.
    #[test]
    fn glickmans_worked_example() {
        let player = rating(1500.0, 200.0);
        let outcomes = [
            Outcome {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            Outcome {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            Outcome {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = player.after_period(&outcomes, 0.5);
        // The paper's step 8 values on the Glicko-2 scale, to its four
        // decimals: μ' = -0.2069, φ' = 0.8722.
        let mu = (after.rating - DEFAULT_RATING) / SCALE;
        let phi = after.deviation / SCALE;
        assert!((mu - -0.2069).abs() < 0.00005, "{mu}");
        assert!((phi - 0.8722).abs() < 0.00005, "{phi}");
        // Its published 1464.06 / 151.52 are those rounded values
        // converted back (-0.2069 x 173.7178 + 1500 = 1464.06); unrounded
        // the rating is 1464.0507, so within 0.01.
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        // σ' = 0.0599960, which the paper writes 0.05999.
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let player = rating(1700.0, 100.0);
        let after = player.after_period(&[], 0.5);
        assert_eq!(after.rating, 1700.0);
        assert!(after.deviation > 100.0 && after.deviation < 101.0);
    }

    #[test]
    fn inactivity_widens_the_deviation_by_glickmans_step_per_period() {
        let player = Rating {
            rating: 1700.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let day = 86_400_000;
        // A period: exactly the paper's step for a player who did not
        // compete (`after_period` without games): φ² + σ².
        let step = player.after_period(&[], TAU);
        let phi = |rating: Rating| rating.deviation / SCALE;
        let step_added = phi(step).powi(2) - phi(player).powi(2);
        assert!((step_added - 0.06 * 0.06).abs() < 1e-9, "{step_added}");
        // d days are d x 0.21436 periods: φ² + d x 0.21436 x σ².
        let ten = player.after_inactivity(10 * day + day / 2);
        assert_eq!((ten.rating, ten.volatility), (1700.0, 0.06));
        let added = phi(ten).powi(2) - phi(player).powi(2);
        assert!(
            (added - 10.0 * RATING_PERIODS_PER_DAY * 0.06 * 0.06).abs() < 1e-9,
            "{added}"
        );
        // Under a day: unchanged.
        assert_eq!(player.after_inactivity(day - 1), player);
        // Longer is wider, never past a new player's; no time, no change.
        let year = player.after_inactivity(365 * 86_400_000);
        assert!(year.deviation > ten.deviation && year.deviation < DEFAULT_DEVIATION);
        let ages = player.after_inactivity(1_000 * 365 * 86_400_000);
        assert_eq!(ages.deviation, DEFAULT_DEVIATION);
        assert_eq!(player.after_inactivity(0), player);
        assert_eq!(player.after_inactivity(-5_000), player);
        // A year and more without a game makes a settled rating provisional.
        let settled = Rating {
            deviation: MIN_DEVIATION,
            ..player
        };
        assert!(settled.after_inactivity(400 * 86_400_000).deviation < PROVISIONAL_DEVIATION);
        assert!(settled.after_inactivity(460 * 86_400_000).deviation > PROVISIONAL_DEVIATION);
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers_and_they_balance() {
        let a = Rating::default();
        let b = Rating::default();
        let winner = a.after_game(b, 1.0);
        let loser = b.after_game(a, 0.0);
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
        assert!(((winner.rating - 1500.0) + (loser.rating - 1500.0)).abs() < 1e-9);
        assert!(winner.deviation < DEFAULT_DEVIATION);
        let drawn = a.after_game(b, 0.5);
        assert!((drawn.rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn speeds_by_estimated_duration() {
        let fischer = |initial, increment| TimeControlBody {
            initial_seconds: Some(initial),
            increment_seconds: Some(increment),
            days_per_move: None,
        };
        assert_eq!(speed(None), "unlimited");
        assert_eq!(speed(Some(&fischer(15, 0))), "ultrabullet");
        assert_eq!(speed(Some(&fischer(60, 0))), "bullet");
        assert_eq!(speed(Some(&fischer(60, 3))), "blitz");
        assert_eq!(speed(Some(&fischer(180, 2))), "blitz");
        assert_eq!(speed(Some(&fischer(600, 5))), "rapid");
        assert_eq!(speed(Some(&fischer(1800, 0))), "classical");
        let days = TimeControlBody {
            initial_seconds: None,
            increment_seconds: None,
            days_per_move: Some(3),
        };
        assert_eq!(speed(Some(&days)), "correspondence");
        assert_eq!(kind("checkers", Some(&fischer(180, 2))), "checkers:blitz");
    }
}
