//! [`PdnResult`]: the result of a game as PDN writes it.

use core::fmt;
use core::str::FromStr;

use crate::checkers::{Checkers, Player};
use crate::{Game, Match, Outcome};

/// The result of a game as a PDN record states it.
///
/// PDN counts scores in move order: the **first** number is the score of
/// the side that moves first, which PDN calls "Black" and this crate calls
/// [`Red`](crate::checkers::Player::Red). So `1-0` means Red (PDN Black)
/// won and `0-1` means White won. (Some summaries of PDN copy chess's
/// "1-0 = White won"; checkers files follow move order. In the Tinsley
/// collection, `tests/data/tinsley.pdn`, 61 of the 66 games scored `1-0` end
/// with a move by the first player and 114 of the 125 scored `0-1` with a
/// move by the second: the loser resigned facing the winner's last move.)
///
/// So the results name the players by side of the score, not by colour:
/// [`FirstPlayerWins`](PdnResult::FirstPlayerWins) is Red's win in
/// checkers and White's in International draughts (where White moves
/// first), [`SecondPlayerWins`](PdnResult::SecondPlayerWins) the other.
///
/// Accepted spellings: `1-0` / `2-0` (the first player wins), `0-1` /
/// `0-2` (the second player wins), `1/2-1/2` / `1-1` (draw), `*`
/// (undecided). The `Display` form is always the first spelling.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PdnResult {
    /// `1-0` (or `2-0`): the first player won (the side that moves first:
    /// Red, PDN "Black", in checkers; White in International draughts).
    FirstPlayerWins,
    /// `0-1` (or `0-2`): the second player won (White in checkers, Black
    /// in International draughts).
    SecondPlayerWins,
    /// `1/2-1/2` (or `1-1`): drawn.
    Draw,
    /// `*`: the game goes on, was abandoned, or its result is unknown.
    Undecided,
}

impl PdnResult {
    /// Every accepted spelling with its meaning; the first spelling of each
    /// result is the one [`Display`](fmt::Display) writes.
    const SPELLINGS: [(&'static str, PdnResult); 7] = [
        ("1-0", PdnResult::FirstPlayerWins),
        ("0-1", PdnResult::SecondPlayerWins),
        ("1/2-1/2", PdnResult::Draw),
        ("*", PdnResult::Undecided),
        ("2-0", PdnResult::FirstPlayerWins),
        ("0-2", PdnResult::SecondPlayerWins),
        ("1-1", PdnResult::Draw),
    ];

    /// The result written as `text`, or `None` when `text` is not one of the
    /// accepted spellings.
    pub fn from_text(text: &str) -> Option<PdnResult> {
        Self::SPELLINGS
            .iter()
            .find(|(spelling, _)| *spelling == text)
            .map(|&(_, result)| result)
    }

    /// The standard spelling: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_str(self) -> &'static str {
        match self {
            PdnResult::FirstPlayerWins => "1-0",
            PdnResult::SecondPlayerWins => "0-1",
            PdnResult::Draw => "1/2-1/2",
            PdnResult::Undecided => "*",
        }
    }

    /// The result of a finished game with this outcome.
    pub fn from_outcome(outcome: Outcome<Player>) -> PdnResult {
        match outcome {
            Outcome::Win(Player::Red) => PdnResult::FirstPlayerWins,
            Outcome::Win(Player::White) => PdnResult::SecondPlayerWins,
            Outcome::Draw => PdnResult::Draw,
        }
    }

    /// The result of `game` as PDN writes it: the winner or a draw once the
    /// match has ended, for whatever reason (the rules, a resignation, an
    /// agreement, a draw rule), and [`Undecided`](PdnResult::Undecided)
    /// while it goes on. [`write_match`](crate::checkers::pdn::write_match) writes this;
    /// `Display` gives its text.
    ///
    /// ```
    /// use rulebook::checkers::pdn::PdnResult;
    /// use rulebook::checkers::{Checkers, Player};
    /// use rulebook::Match;
    ///
    /// let mut game = Match::new(Checkers::default());
    /// assert_eq!(PdnResult::of_match(&game).to_string(), "*");
    /// game.resign(Player::White).unwrap();
    /// assert_eq!(PdnResult::of_match(&game).to_string(), "1-0");
    /// ```
    pub fn of_match(game: &Match<Checkers>) -> PdnResult {
        PdnResult::of_match_of(game, Player::Red)
    }

    /// The outcome this result states, or `None` for
    /// [`Undecided`](PdnResult::Undecided).
    pub fn outcome(self) -> Option<Outcome<Player>> {
        match self {
            PdnResult::FirstPlayerWins => Some(Outcome::Win(Player::Red)),
            PdnResult::SecondPlayerWins => Some(Outcome::Win(Player::White)),
            PdnResult::Draw => Some(Outcome::Draw),
            PdnResult::Undecided => None,
        }
    }
}

impl PdnResult {
    /// The result of a finished game with this outcome, for a game whose
    /// first player (the one whose score PDN writes first) is `first`.
    pub fn from_outcome_of<P: PartialEq>(outcome: Outcome<P>, first: P) -> PdnResult {
        match outcome {
            Outcome::Win(winner) if winner == first => PdnResult::FirstPlayerWins,
            Outcome::Win(_) => PdnResult::SecondPlayerWins,
            Outcome::Draw => PdnResult::Draw,
        }
    }

    /// The result of `game`, of any game whose first player (the one whose
    /// score PDN writes first) is `first`: the winner or a draw once the
    /// match has ended, for whatever reason, and
    /// [`Undecided`](PdnResult::Undecided) while it goes on. What the
    /// checkers and draughts `write_match` write ([`of_match`](Self::of_match)
    /// for checkers).
    ///
    /// ```
    /// use rulebook::draughts::{Color, International};
    /// use rulebook::pdn::PdnResult;
    /// use rulebook::Match;
    ///
    /// let mut game = Match::new(International::default());
    /// assert_eq!(PdnResult::of_match_of(&game, Color::White), PdnResult::Undecided);
    /// game.resign(Color::Black).unwrap();
    /// assert_eq!(PdnResult::of_match_of(&game, Color::White).to_string(), "1-0");
    /// ```
    pub fn of_match_of<G: Game>(game: &Match<G>, first: G::Player) -> PdnResult {
        game.result().map_or(PdnResult::Undecided, |result| {
            PdnResult::from_outcome_of(result.outcome, first)
        })
    }

    /// The outcome this result states for a game whose first and second
    /// players are `first` and `second`, or `None` for
    /// [`Undecided`](PdnResult::Undecided).
    pub fn outcome_of<P>(self, first: P, second: P) -> Option<Outcome<P>> {
        match self {
            PdnResult::FirstPlayerWins => Some(Outcome::Win(first)),
            PdnResult::SecondPlayerWins => Some(Outcome::Win(second)),
            PdnResult::Draw => Some(Outcome::Draw),
            PdnResult::Undecided => None,
        }
    }
}

impl fmt::Display for PdnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not a PDN result.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{0}` is not a PDN result (expected 1-0, 0-1, 1/2-1/2, *, 2-0, 0-2 or 1-1)")]
pub struct ParseResultError(pub String);

impl FromStr for PdnResult {
    type Err = ParseResultError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        PdnResult::from_text(text).ok_or_else(|| ParseResultError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_parses_and_display_is_the_standard_one() {
        for (text, result) in PdnResult::SPELLINGS {
            assert_eq!(text.parse::<PdnResult>(), Ok(result));
        }
        assert_eq!(
            PdnResult::from_text("2-0").map(|r| r.to_string()),
            Some("1-0".into())
        );
        assert_eq!(
            PdnResult::from_text("0-2").map(|r| r.to_string()),
            Some("0-1".into())
        );
        assert_eq!(
            PdnResult::from_text("1-1").map(|r| r.to_string()),
            Some("1/2-1/2".into())
        );
        assert_eq!(PdnResult::Undecided.to_string(), "*");
    }

    #[test]
    fn outcomes_convert_both_ways() {
        for outcome in [
            Outcome::Win(Player::Red),
            Outcome::Win(Player::White),
            Outcome::Draw,
        ] {
            assert_eq!(PdnResult::from_outcome(outcome).outcome(), Some(outcome));
        }
        assert_eq!(
            PdnResult::from_outcome(Outcome::Win(Player::Red)),
            PdnResult::FirstPlayerWins
        );
        assert_eq!(PdnResult::Undecided.outcome(), None);
    }

    #[test]
    fn other_text_is_refused_with_a_message_naming_it() {
        let err = "0-0".parse::<PdnResult>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "`0-0` is not a PDN result (expected 1-0, 0-1, 1/2-1/2, *, 2-0, 0-2 or 1-1)"
        );
    }
}
