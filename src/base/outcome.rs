//! [`Outcome`]: how a finished game ended.

use core::fmt;

/// The result of a finished game.
///
/// ```
/// use rulebook::checkers::{Checkers, Player};
/// use rulebook::{Game, Outcome};
///
/// // White has no piece left: Red has won.
/// let game = Checkers::from_fen("W:W:B1").unwrap();
/// assert_eq!(game.outcome(), Some(Outcome::Win(Player::Red)));
/// assert_eq!(game.outcome().unwrap().to_string(), "Red wins");
/// assert_eq!(Outcome::<Player>::Draw.winner(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome<P> {
    /// This player won.
    Win(P),
    /// Nobody won.
    Draw,
}

impl<P> Outcome<P> {
    /// The winner, if there is one.
    pub fn winner(self) -> Option<P> {
        match self {
            Outcome::Win(player) => Some(player),
            Outcome::Draw => None,
        }
    }
}

impl<P: fmt::Display> fmt::Display for Outcome<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(player) => write!(f, "{player} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

impl<P: PartialEq> Outcome<P> {
    /// This outcome as `player` sees it: a win, a draw or a loss.
    ///
    /// ```
    /// use rulebook::connect4::Player;
    /// use rulebook::{Outcome, PlayerOutcome};
    ///
    /// assert_eq!(Outcome::Win(Player::X).for_player(Player::X), PlayerOutcome::Win);
    /// assert_eq!(Outcome::Win(Player::X).for_player(Player::O), PlayerOutcome::Loss);
    /// assert_eq!(Outcome::<Player>::Draw.for_player(Player::O), PlayerOutcome::Draw);
    /// ```
    pub fn for_player(self, player: P) -> PlayerOutcome {
        match self {
            Outcome::Win(winner) if winner == player => PlayerOutcome::Win,
            Outcome::Win(_) => PlayerOutcome::Loss,
            Outcome::Draw => PlayerOutcome::Draw,
        }
    }
}

/// A finished game from one player's point of view (see
/// [`Outcome::for_player`] and [`Game::outcome_for`](crate::Game::outcome_for)).
///
/// Ordered from worst to best for that player: `Loss < Draw < Win`, so
/// search code can take the `max` of its children's outcomes.
///
/// ```
/// use rulebook::PlayerOutcome;
///
/// let children = [PlayerOutcome::Loss, PlayerOutcome::Draw];
/// assert_eq!(children.iter().max(), Some(&PlayerOutcome::Draw));
/// assert_eq!(PlayerOutcome::Win.reversed(), PlayerOutcome::Loss);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PlayerOutcome {
    /// The player lost.
    Loss,
    /// Nobody won.
    Draw,
    /// The player won.
    Win,
}

impl PlayerOutcome {
    /// The same outcome from the opponent's point of view.
    pub const fn reversed(self) -> PlayerOutcome {
        match self {
            PlayerOutcome::Loss => PlayerOutcome::Win,
            PlayerOutcome::Draw => PlayerOutcome::Draw,
            PlayerOutcome::Win => PlayerOutcome::Loss,
        }
    }
}

impl fmt::Display for PlayerOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayerOutcome::Loss => "loss",
            PlayerOutcome::Draw => "draw",
            PlayerOutcome::Win => "win",
        })
    }
}
