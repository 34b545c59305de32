//! [`Score`]: what a search thinks a position is worth, with wins and
//! losses in a known number of plies kept apart from heuristic values.

use core::fmt;
use core::ops::Neg;

use crate::PlayerOutcome;

/// The value of a position for the player to move: a heuristic value from
/// an [`Evaluator`](super::Evaluator), or a win or loss the search has
/// proven, with its distance in plies.
///
/// Scores are ordered from worst to best for that player: every proven
/// loss is below every heuristic value, which is below every proven win; a
/// quicker win is better than a slower one, and a slower loss better than
/// a quicker one. Negating a score gives the opponent's view.
///
/// ```
/// use rulebook::search::Score;
///
/// let win = Score::win_in(3);
/// assert!(win > Score::heuristic(Score::MAX_HEURISTIC));
/// assert!(Score::win_in(1) > win);
/// assert_eq!(-win, Score::loss_in(3));
/// assert_eq!(win.win_in_plies(), Some(3));
/// assert_eq!(win.to_string(), "win in 3");
/// assert_eq!(Score::heuristic(-35).to_string(), "-35");
/// assert_eq!(Score::heuristic(1_000_000), Score::heuristic(Score::MAX_HEURISTIC));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score(i32);

/// The value of winning now (zero plies away); a win in `n` plies is
/// `WIN - n`.
const WIN: i32 = 1_000_000;

/// The longest proven win or loss a score can announce. Longer distances
/// are reported as this one (a search never sees that far).
pub const MAX_DECISIVE_PLIES: u32 = 100_000;

/// The smallest magnitude of a decisive score.
const DECISIVE: i32 = WIN - MAX_DECISIVE_PLIES as i32;

/// The value of a win an endgame database proves for the position itself;
/// one whose database position is `n` plies ahead is `DATABASE_WIN - n`.
/// Between the heuristic values and the wins the search proves to the end.
const DATABASE_WIN: i32 = WIN / 2;

/// The smallest magnitude of a database score.
const DATABASE: i32 = DATABASE_WIN - MAX_DECISIVE_PLIES as i32;

const _: () = assert!(DATABASE > Score::MAX_HEURISTIC && DATABASE_WIN < DECISIVE);

impl Score {
    /// Neither side is better: a drawn position, or an even one.
    pub const DRAW: Score = Score(0);

    /// The largest magnitude of a heuristic score; evaluations beyond it
    /// are clamped, so they never pass for proven wins or losses.
    pub const MAX_HEURISTIC: i32 = 100_000;

    /// A heuristic value, clamped to `±MAX_HEURISTIC`.
    pub const fn heuristic(value: i32) -> Score {
        if value > Self::MAX_HEURISTIC {
            Score(Self::MAX_HEURISTIC)
        } else if value < -Self::MAX_HEURISTIC {
            Score(-Self::MAX_HEURISTIC)
        } else {
            Score(value)
        }
    }

    /// A proven win for the player to move, whose game ends after `plies`
    /// more plies (`0`: the game is already won; `1`: a winning move now).
    /// Distances beyond [`MAX_DECISIVE_PLIES`] are clamped.
    pub const fn win_in(plies: u32) -> Score {
        let plies = if plies > MAX_DECISIVE_PLIES {
            MAX_DECISIVE_PLIES
        } else {
            plies
        };
        Score(WIN - plies as i32)
    }

    /// A proven loss for the player to move, in `plies` plies (`0`: the game
    /// is already lost).
    pub const fn loss_in(plies: u32) -> Score {
        Score(-Self::win_in(plies).0)
    }

    /// A win for the player to move that an endgame database proves (an
    /// [`Oracle`](super::Oracle)), whose database position is `plies`
    /// plies ahead (`0`: this position). How long the game then lasts is
    /// not known: such a win ranks below every win proven to the end,
    /// above every heuristic value, and a nearer database position above
    /// a farther one. Distances beyond [`MAX_DECISIVE_PLIES`] are clamped.
    pub const fn database_win(plies: u32) -> Score {
        let plies = if plies > MAX_DECISIVE_PLIES {
            MAX_DECISIVE_PLIES
        } else {
            plies
        };
        Score(DATABASE_WIN - plies as i32)
    }

    /// A loss for the player to move that an endgame database proves, its
    /// database position `plies` plies ahead (see
    /// [`database_win`](Score::database_win)).
    pub const fn database_loss(plies: u32) -> Score {
        Score(-Self::database_win(plies).0)
    }

    /// How many plies ahead the database position of a
    /// [database win](Score::database_win) is, if the score is one.
    pub const fn database_win_in_plies(self) -> Option<u32> {
        if self.0 >= DATABASE && self.0 <= DATABASE_WIN {
            Some((DATABASE_WIN - self.0) as u32)
        } else {
            None
        }
    }

    /// How many plies ahead the database position of a
    /// [database loss](Score::database_loss) is, if the score is one.
    pub const fn database_loss_in_plies(self) -> Option<u32> {
        Score(-self.0).database_win_in_plies()
    }

    /// The score as one integer, ordered like the scores themselves:
    /// heuristic values as they are, proven wins and losses beyond
    /// `±MAX_HEURISTIC` (close to ±1,000,000).
    pub const fn value(self) -> i32 {
        self.0
    }

    /// The score of [`value`](Score::value) `value` (clamped into the range
    /// that scores take).
    pub const fn from_value(value: i32) -> Score {
        if value > WIN {
            Score(WIN)
        } else if value < -WIN {
            Score(-WIN)
        } else {
            Score(value)
        }
    }

    /// In how many plies the player to move wins, if the search proved a
    /// win.
    pub const fn win_in_plies(self) -> Option<u32> {
        if self.0 >= DECISIVE {
            Some((WIN - self.0) as u32)
        } else {
            None
        }
    }

    /// In how many plies the player to move loses, if the search proved a
    /// loss.
    pub const fn loss_in_plies(self) -> Option<u32> {
        if self.0 <= -DECISIVE {
            Some((WIN + self.0) as u32)
        } else {
            None
        }
    }

    /// Whether the score is a proven win or loss rather than a heuristic
    /// value.
    pub const fn is_decisive(self) -> bool {
        self.0 >= DECISIVE || self.0 <= -DECISIVE
    }
}

impl From<PlayerOutcome> for Score {
    /// The score of a finished game: won, drawn or lost now (in 0 plies).
    fn from(outcome: PlayerOutcome) -> Score {
        match outcome {
            PlayerOutcome::Win => Score::win_in(0),
            PlayerOutcome::Draw => Score::DRAW,
            PlayerOutcome::Loss => Score::loss_in(0),
        }
    }
}

impl Neg for Score {
    type Output = Score;
    /// The same score from the opponent's point of view.
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// `win in N` / `loss in N` (plies) for proven results, `database win`
    /// / `database loss` for results an endgame database proves, the heuristic
    /// value with its sign otherwise (`+35`, `-120`, `0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(plies) = self.win_in_plies() {
            write!(f, "win in {plies}")
        } else if let Some(plies) = self.loss_in_plies() {
            write!(f, "loss in {plies}")
        } else if self.database_win_in_plies().is_some() {
            f.write_str("database win")
        } else if self.database_loss_in_plies().is_some() {
            f.write_str("database loss")
        } else if self.0 > 0 {
            write!(f, "+{}", self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// Internal helpers for the searches, on raw values.
pub(crate) mod raw {
    use super::{DATABASE, DATABASE_WIN, DECISIVE, WIN};

    /// Above every score: the initial window bound.
    pub(crate) const INFINITY: i32 = WIN + 1;

    /// The value of a win `ply` plies from the root.
    #[inline]
    pub(crate) const fn win_at(ply: usize) -> i32 {
        WIN - ply as i32
    }

    /// The value of a database win `ply` plies from the root.
    #[inline]
    pub(crate) const fn database_win_at(ply: usize) -> i32 {
        DATABASE_WIN - ply as i32
    }

    /// Whether `value` counts plies from the root (a proven or a database
    /// win or loss), and so must be shifted in the transposition table.
    #[inline]
    const fn counts_plies(value: i32) -> bool {
        let magnitude = value.unsigned_abs();
        magnitude >= DECISIVE as u32
            || (magnitude >= DATABASE as u32 && magnitude <= DATABASE_WIN as u32)
    }

    /// `value`, found `ply` plies below the root, as a distance from the
    /// node itself (for the transposition table, which is shared by every
    /// ply).
    #[inline]
    pub(crate) const fn to_table(value: i32, ply: usize) -> i32 {
        if !counts_plies(value) {
            value
        } else if value > 0 {
            value + ply as i32
        } else {
            value - ply as i32
        }
    }

    /// The inverse of [`to_table`].
    #[inline]
    pub(crate) const fn from_table(value: i32, ply: usize) -> i32 {
        if !counts_plies(value) {
            value
        } else if value > 0 {
            value - ply as i32
        } else {
            value + ply as i32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_from_worst_to_best() {
        let ladder = [
            Score::loss_in(0),
            Score::loss_in(1),
            Score::loss_in(MAX_DECISIVE_PLIES),
            Score::heuristic(-Score::MAX_HEURISTIC),
            Score::DRAW,
            Score::heuristic(Score::MAX_HEURISTIC),
            Score::win_in(MAX_DECISIVE_PLIES),
            Score::win_in(7),
            Score::win_in(0),
        ];
        for pair in ladder.windows(2) {
            assert!(pair[0] < pair[1], "{pair:?}");
        }
        for score in ladder {
            assert_eq!(-(-score), score);
            assert_eq!(Score::from_value(score.value()), score);
        }
    }

    #[test]
    fn distances_round_trip_and_clamp() {
        for plies in [0, 1, 2, 99, MAX_DECISIVE_PLIES] {
            assert_eq!(Score::win_in(plies).win_in_plies(), Some(plies));
            assert_eq!(Score::loss_in(plies).loss_in_plies(), Some(plies));
            assert_eq!(Score::win_in(plies).loss_in_plies(), None);
            assert!(Score::win_in(plies).is_decisive());
        }
        assert_eq!(Score::win_in(u32::MAX), Score::win_in(MAX_DECISIVE_PLIES));
        assert!(!Score::heuristic(i32::MAX).is_decisive());
        assert!(!Score::heuristic(i32::MIN).is_decisive());
        assert_eq!(Score::heuristic(i32::MIN).value(), -Score::MAX_HEURISTIC);
        assert_eq!(Score::from_value(i32::MAX), Score::win_in(0));
    }

    #[test]
    fn table_values_are_relative_to_the_node() {
        let found_at_ply_5 = raw::win_at(9);
        let stored = raw::to_table(found_at_ply_5, 5);
        assert_eq!(stored, raw::win_at(4));
        assert_eq!(raw::from_table(stored, 2), raw::win_at(6));
        assert_eq!(raw::to_table(-found_at_ply_5, 5), -raw::win_at(4));
        assert_eq!(raw::to_table(123, 5), 123);
    }

    #[test]
    fn database_scores_rank_between_heuristic_values_and_proven_results() {
        let ladder = [
            Score::loss_in(MAX_DECISIVE_PLIES),
            Score::database_loss(0),
            Score::database_loss(MAX_DECISIVE_PLIES),
            Score::heuristic(-Score::MAX_HEURISTIC),
            Score::heuristic(Score::MAX_HEURISTIC),
            Score::database_win(9),
            Score::database_win(2),
            Score::win_in(MAX_DECISIVE_PLIES),
        ];
        for pair in ladder.windows(2) {
            assert!(pair[0] < pair[1], "{pair:?}");
        }
        assert_eq!(Score::database_win(7).database_win_in_plies(), Some(7));
        assert_eq!(-Score::database_win(7), Score::database_loss(7));
        assert_eq!(Score::database_loss(3).database_loss_in_plies(), Some(3));
        assert_eq!(Score::database_win(3).win_in_plies(), None);
        assert_eq!(Score::win_in(3).database_win_in_plies(), None);
        assert_eq!(
            Score::heuristic(Score::MAX_HEURISTIC).database_win_in_plies(),
            None
        );
        assert!(!Score::database_win(0).is_decisive());
        assert_eq!(Score::database_win(4).to_string(), "database win");
        assert_eq!(Score::database_loss(4).to_string(), "database loss");
        let found_at_ply_5 = raw::database_win_at(9);
        let stored = raw::to_table(found_at_ply_5, 5);
        assert_eq!(stored, raw::database_win_at(4));
        assert_eq!(raw::from_table(-stored, 2), -raw::database_win_at(6));
    }

    #[test]
    fn display() {
        assert_eq!(Score::DRAW.to_string(), "0");
        assert_eq!(Score::heuristic(12).to_string(), "+12");
        assert_eq!(Score::loss_in(2).to_string(), "loss in 2");
    }
}
