//! Replaying a [`PdnGame`] under the rules into a [`Match`]: the family's
//! replay ([`crate::pdn::replay`]) for [`Checkers`].

use super::PdnGame;
use crate::checkers::{Checkers, FenError, Move, Player, ResolveMoveError};
use crate::draughts::{EnglishRules, Rules};
use crate::pdn::Recorded;
use crate::Match;

/// A move of a record, named as a person would look it up: the family's
/// [`WrittenMove`](crate::pdn::WrittenMove) with checkers' [`Player`].
pub type WrittenMove = crate::pdn::WrittenMove<Player>;

/// A game that reads as PDN but cannot be replayed under the rules: the
/// family's [`ReplayError`](crate::pdn::ReplayError) for [`Checkers`].
pub type ReplayError = crate::pdn::ReplayError<Checkers>;

/// Why a game cannot be replayed: the family's
/// [`ReplayErrorKind`](crate::pdn::ReplayErrorKind) for [`Checkers`].
pub type ReplayErrorKind = crate::pdn::ReplayErrorKind<Checkers>;

impl Recorded for Checkers {
    const NAME: &'static str = EnglishRules::NAME;
    const GAME_TYPE: u32 = EnglishRules::GAME_TYPE;
    const FIRST: Player = Player::Red;
    type FenError = FenError;
    type ResolveMoveError = ResolveMoveError;

    fn from_fen(fen: &str) -> Result<Checkers, FenError> {
        Checkers::from_fen(fen)
    }

    fn to_fen(&self) -> String {
        Checkers::to_fen(self)
    }

    fn resolve_move(&self, text: &str) -> Result<Move, ResolveMoveError> {
        self.parse_move(text)
    }

    /// The full route (`22x15x8`), as checkers records write it.
    fn record_move_text(&self, mv: Move) -> String {
        mv.to_string()
    }
}

impl PdnGame {
    /// The position the game starts from: its `FEN` tag, or the standard
    /// start when it has none ([`crate::pdn::start_position`]).
    ///
    /// # Errors
    ///
    /// [`ReplayErrorKind::WrongGameType`] when the `GameType` tag is not
    /// English checkers (`21`, possibly followed by `,` and details);
    /// [`ReplayErrorKind::InvalidFen`] when the `FEN` tag is not a valid
    /// position.
    pub fn start_position(&self) -> Result<Checkers, ReplayError> {
        crate::pdn::start_position(self)
    }

    /// Replays the game under the rules of English checkers
    /// ([`crate::pdn::replay`]): a [`Match`] from
    /// [`start_position`](PdnGame::start_position) with every move resolved
    /// against its position ([`Checkers::parse_move`], so short forms like
    /// `22x8` and quiet moves written with `x` are accepted when they match
    /// exactly one legal move) and played, then the result applied (a win
    /// the rules did not reach reads as the loser's resignation, a draw as
    /// agreed). The match has no automatic draw rules (the original rules
    /// have none).
    ///
    /// # Errors
    ///
    /// As [`start_position`](PdnGame::start_position), and
    /// [`ReplayErrorKind::IllegalMove`] (the first move that matches no
    /// legal move, or several), [`ReplayErrorKind::MoveAfterEnd`],
    /// [`ReplayErrorKind::ResultContradictsRules`]. Each names the game's
    /// number and `Event`; move errors name the move number, the side, the
    /// move text and where it is.
    pub fn replay(&self) -> Result<Match<Checkers>, ReplayError> {
        crate::pdn::replay(self)
    }
}
