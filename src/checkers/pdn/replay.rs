//! Replaying a [`PdnGame`] under the rules into a [`Match`].

use core::fmt;

use super::{GameId, PdnGame, PdnResult, TextPosition};
use crate::checkers::{Checkers, Ending, FenError, Move, Player, ResolveMoveError};
use crate::{Game, Match, MatchError, Outcome};

/// A move of a record, named as a person would look it up: its number, the
/// side that played it, its text and where the text is.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct WrittenMove {
    /// The move number as written in the record.
    pub number: u32,
    /// The side whose move it is.
    pub side: Player,
    /// The move as written, e.g. `22x8`.
    pub text: String,
    /// Where the move is in the text.
    pub position: TextPosition,
}

impl fmt::Display for WrittenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {}, {} {} ({})",
            self.number, self.side, self.text, self.position
        )
    }
}

/// A game that reads as PDN but cannot be replayed under the rules: which
/// game, and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{game}: {kind}")]
pub struct ReplayError {
    /// The game.
    pub game: GameId,
    /// Why it cannot be replayed (boxed: the error stays small on the happy
    /// path's stack).
    pub kind: Box<ReplayErrorKind>,
}

/// Why a game cannot be replayed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReplayErrorKind {
    /// The `GameType` tag names another variant of draughts.
    #[error(
        "its GameType is {game_type}, but only English checkers (GameType 21) can be replayed"
    )]
    UnsupportedGameType {
        /// The `GameType` tag as written.
        game_type: String,
    },
    /// The `FEN` tag is not a valid position.
    #[error("its FEN tag `{fen}` is not a valid position: {source}")]
    InvalidFen {
        /// The `FEN` tag as written.
        fen: String,
        /// What is wrong with it.
        source: FenError,
    },
    /// A move that matches no legal move (or several) in its position.
    #[error("{mv} cannot be played: {reason}")]
    IllegalMove {
        /// The move.
        mv: WrittenMove,
        /// Why the rules refuse it (the error lists the legal moves).
        reason: ResolveMoveError,
    },
    /// A move written after the rules ended the game.
    #[error("{mv} comes after the game ended: {ending}")]
    MoveAfterEnd {
        /// The move.
        mv: WrittenMove,
        /// Why the rules ended the game.
        ending: Ending,
    },
    /// The written result names another winner than the rules, which ended
    /// the game.
    #[error(
        "the result {result} contradicts the rules, which end the game: {ending}, so {outcome}"
    )]
    ResultContradictsRules {
        /// The result as written.
        result: PdnResult,
        /// The outcome by the rules.
        outcome: Outcome<Player>,
        /// Why the rules ended the game.
        ending: Ending,
    },
    /// The match refused a step of the record. Cannot happen for a record
    /// that passed the checks above; kept so that replaying never panics.
    #[error("the match refused the record: {0}")]
    Refused(MatchError<Player, Move>),
}

impl PdnGame {
    /// The position the game starts from: its `FEN` tag, or the standard
    /// start when it has none.
    ///
    /// # Errors
    ///
    /// [`ReplayErrorKind::UnsupportedGameType`] when the `GameType` tag is
    /// not English checkers (`21`, possibly followed by `,` and details);
    /// [`ReplayErrorKind::InvalidFen`] when the `FEN` tag is not a valid
    /// position.
    pub fn start_position(&self) -> Result<Checkers, ReplayError> {
        if let Some(game_type) = self.game_type() {
            let variant = game_type.split(',').next().unwrap_or_default().trim();
            if variant != super::ENGLISH_CHECKERS_GAME_TYPE {
                return Err(self.error(ReplayErrorKind::UnsupportedGameType {
                    game_type: game_type.to_owned(),
                }));
            }
        }
        match self.fen() {
            None => Ok(Checkers::default()),
            Some(fen) => Checkers::from_fen(fen).map_err(|source| {
                self.error(ReplayErrorKind::InvalidFen {
                    fen: fen.to_owned(),
                    source,
                })
            }),
        }
    }

    /// Replays the game under the rules: a [`Match`] from
    /// [`start_position`](PdnGame::start_position) with every move resolved
    /// against its position ([`Checkers::parse_move`], so short forms like
    /// `22x8` and quiet moves written with `x` are accepted when they match
    /// exactly one legal move) and played, then the result applied:
    ///
    /// - when the rules end the game, the match has their result, and the
    ///   written result must agree (or be `*`);
    /// - otherwise a win (`1-0`, `0-1`) is read as the loser's resignation
    ///   and a draw (`1/2-1/2`) as a draw agreed (offered by the player to
    ///   move); `*` leaves the match going on.
    ///
    /// The match has no automatic draw rules (the original rules have
    /// none).
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
        let mut game = Match::new(self.start_position()?);
        for written in self.moves() {
            let position = *game.position();
            let mv = WrittenMove {
                number: written.number(),
                side: position.to_move(),
                text: written.text().to_owned(),
                position: written.position(),
            };
            if let Some(ending) = position.ending() {
                return Err(self.error(ReplayErrorKind::MoveAfterEnd { mv, ending }));
            }
            let resolved = position
                .parse_move(written.text())
                .map_err(|reason| self.error(ReplayErrorKind::IllegalMove { mv, reason }))?;
            game.play(resolved).map_err(|e| self.refused(e))?;
        }
        debug_assert_eq!(game.history().len(), self.moves().len());
        self.apply_result(&mut game)?;
        Ok(game)
    }

    /// Applies the written result to the replayed `game` (see
    /// [`replay`](PdnGame::replay)).
    fn apply_result(&self, game: &mut Match<Checkers>) -> Result<(), ReplayError> {
        let position = *game.position();
        if let (Some(outcome), Some(ending)) = (position.outcome(), position.ending()) {
            return match self.result().outcome() {
                Some(written) if written != outcome => {
                    Err(self.error(ReplayErrorKind::ResultContradictsRules {
                        result: self.result(),
                        outcome,
                        ending,
                    }))
                }
                _ => Ok(()),
            };
        }
        match self.result().outcome() {
            None => Ok(()),
            Some(Outcome::Win(winner)) => {
                game.resign(winner.opponent()).map_err(|e| self.refused(e))
            }
            Some(Outcome::Draw) => game
                .offer_draw()
                .and_then(|()| game.accept_draw())
                .map_err(|e| self.refused(e)),
        }
    }

    fn error(&self, kind: ReplayErrorKind) -> ReplayError {
        ReplayError {
            game: self.id().clone(),
            kind: Box::new(kind),
        }
    }

    fn refused(&self, error: MatchError<Player, Move>) -> ReplayError {
        self.error(ReplayErrorKind::Refused(error))
    }
}
