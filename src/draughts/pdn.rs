//! PDN records for every draughts variant: [`replay`] a game read by
//! [`PdnReader`] into a [`Match`] of the variant its `GameType` tag names,
//! and [`write_match`].
//!
//! `GameType` numbers (PDN 3.0): 20 International, 21 English, 22 Italian,
//! 23 pool, 24 Spanish, 25 Russian, 26 Brazilian, 29 Czech. A game without
//! the tag is English checkers (PDN's default). [`replay_any`] picks the
//! variant from the tag; [`replay`] replays into the variant you name and
//! checks the tag.
//!
//! Results count in move order, as PDN does: the first number is the
//! score of the side that moves first (White in International, Russian,
//! ...; Black in pool and English), so `1-0` (or `2-0`) means the first
//! player won.
//!
//! ```
//! use rulebook::draughts::pdn::{replay_any, write_match, AnyMatch};
//! use rulebook::pdn::PdnReader;
//!
//! let text = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n";
//! let game = PdnReader::new(text).next().unwrap().unwrap();
//! let AnyMatch::Russian(replayed) = replay_any(&game).unwrap() else { panic!() };
//! assert_eq!(replayed.history().len(), 4);
//! let written = write_match(&replayed, [("Event", "Demo")]).unwrap();
//! assert_eq!(
//!     written,
//!     "[Event \"Demo\"]\n[Result \"*\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n"
//! );
//! ```

use core::fmt;

use super::{
    Brazilian, BrazilianRules, Color, Czech, CzechRules, Draughts, Ending, English, EnglishRules,
    FenError, International, InternationalRules, Italian, ItalianRules, Move, Pool, PoolRules,
    ResolveMoveError, Rules, Russian, RussianRules, Spanish, SpanishRules,
};
use crate::pdn::{numbered, write_record, RecordTags};
use crate::{Game, Match, MatchError, Outcome};

pub use crate::pdn::{GameId, PdnGame, PdnReader, PdnResult, TextPosition, WriteError};

/// A move of a record, named as a person would look it up.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct WrittenMove {
    /// The move number as written.
    pub number: u32,
    /// The side whose move it is.
    pub side: Color,
    /// The move as written, e.g. `28x10`.
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

/// A game that reads as PDN but cannot be replayed as variant `R`: which
/// game, and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{game}: {kind}")]
pub struct ReplayError<R: Rules> {
    /// The game.
    pub game: GameId,
    /// Why it cannot be replayed.
    pub kind: Box<ReplayErrorKind<R>>,
}

/// Why a game cannot be replayed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReplayErrorKind<R: Rules> {
    /// The `GameType` tag names another variant.
    #[error("its GameType is {game_type}, but this is {variant} (GameType {expected})")]
    WrongGameType {
        /// The tag as written.
        game_type: String,
        /// The variant replayed.
        variant: &'static str,
        /// Its `GameType` number.
        expected: u32,
    },
    /// The `FEN` tag is not a valid position of the variant.
    #[error("its FEN tag `{fen}` is not a valid position: {source}")]
    InvalidFen {
        /// The tag as written.
        fen: String,
        /// What is wrong with it.
        source: FenError,
    },
    /// A move that matches no legal move (or several).
    #[error("{mv} cannot be played: {reason}")]
    IllegalMove {
        /// The move.
        mv: WrittenMove,
        /// Why the rules refuse it.
        reason: ResolveMoveError<R>,
    },
    /// A move written after the rules ended the game.
    #[error("{mv} comes after the game ended: {ending}")]
    MoveAfterEnd {
        /// The move.
        mv: WrittenMove,
        /// Why the rules ended the game.
        ending: Ending,
    },
    /// The written result names another winner than the rules.
    #[error(
        "the result {result} contradicts the rules, which end the game: {ending}, so {outcome}"
    )]
    ResultContradictsRules {
        /// The result as written.
        result: PdnResult,
        /// The outcome by the rules.
        outcome: Outcome<Color>,
        /// Why the rules ended the game.
        ending: Ending,
    },
    /// The match refused a step of the record (cannot happen after the
    /// checks above; kept so that replaying never panics).
    #[error("the match refused the record: {0}")]
    Refused(MatchError<Color, Move<R>>),
}

/// The `GameType` number of a tag value (`20` or `20,W,10,10,N2,0`).
fn game_type_number(tag: &str) -> &str {
    tag.split(',').next().unwrap_or_default().trim()
}

/// The start position of `game` as variant `R`.
fn start_position<R: Rules>(game: &PdnGame) -> Result<Draughts<R>, ReplayError<R>> {
    let error = |kind| ReplayError {
        game: game.id().clone(),
        kind: Box::new(kind),
    };
    let expected = R::GAME_TYPE.to_string();
    let written = game.game_type().map_or("21", game_type_number);
    if written != expected {
        return Err(error(ReplayErrorKind::WrongGameType {
            game_type: game
                .game_type()
                .unwrap_or("absent (English checkers)")
                .to_owned(),
            variant: R::NAME,
            expected: R::GAME_TYPE,
        }));
    }
    match game.fen() {
        None => Ok(Draughts::default()),
        Some(fen) => Draughts::from_fen(fen).map_err(|source| {
            error(ReplayErrorKind::InvalidFen {
                fen: fen.to_owned(),
                source,
            })
        }),
    }
}

/// Replays `game` as variant `R`: a [`Match`] from its `FEN` tag (or the
/// start position) with every move resolved against its position
/// ([`Draughts::parse_move`]: short forms such as `28x10` are read when
/// they match one legal move), then the result applied: when the rules
/// end the game the written result must agree (or be `*`); otherwise a win
/// reads as the loser's resignation and a draw as a draw agreed. The match
/// has no automatic draw rules.
///
/// # Errors
///
/// [`ReplayErrorKind::WrongGameType`] when the `GameType` tag names
/// another variant; [`ReplayErrorKind::InvalidFen`];
/// [`ReplayErrorKind::IllegalMove`] (the first move that matches no legal
/// move, or several); [`ReplayErrorKind::MoveAfterEnd`];
/// [`ReplayErrorKind::ResultContradictsRules`].
pub fn replay<R: Rules>(game: &PdnGame) -> Result<Match<Draughts<R>>, ReplayError<R>> {
    let error = |kind| ReplayError {
        game: game.id().clone(),
        kind: Box::new(kind),
    };
    let mut replayed = Match::new(start_position::<R>(game)?);
    for written in game.moves() {
        let position = *replayed.position();
        let mv = WrittenMove {
            number: written.number(),
            side: position.to_move(),
            text: written.text().to_owned(),
            position: written.position(),
        };
        if let Some(ending) = position.ending() {
            return Err(error(ReplayErrorKind::MoveAfterEnd { mv, ending }));
        }
        let resolved = position
            .parse_move(written.text())
            .map_err(|reason| error(ReplayErrorKind::IllegalMove { mv, reason }))?;
        replayed
            .play(resolved)
            .map_err(|e| error(ReplayErrorKind::Refused(e)))?;
    }
    let position = *replayed.position();
    let written = game.result().outcome_of(R::FIRST, R::FIRST.opponent());
    if let (Some(outcome), Some(ending)) = (position.outcome(), position.ending()) {
        return match written {
            Some(written) if written != outcome => {
                Err(error(ReplayErrorKind::ResultContradictsRules {
                    result: game.result(),
                    outcome,
                    ending,
                }))
            }
            _ => Ok(replayed),
        };
    }
    let applied = match written {
        None => Ok(()),
        Some(Outcome::Win(winner)) => replayed.resign(winner.opponent()),
        Some(Outcome::Draw) => replayed.offer_draw().and_then(|()| replayed.accept_draw()),
    };
    applied.map_err(|e| error(ReplayErrorKind::Refused(e)))?;
    Ok(replayed)
}

/// A replayed game of whichever variant its `GameType` tag names.
#[derive(Clone, Debug)]
pub enum AnyMatch {
    /// `GameType` 20.
    International(Match<International>),
    /// `GameType` 21, or no `GameType` tag.
    English(Match<English>),
    /// `GameType` 22.
    Italian(Match<Italian>),
    /// `GameType` 23.
    Pool(Match<Pool>),
    /// `GameType` 24.
    Spanish(Match<Spanish>),
    /// `GameType` 25.
    Russian(Match<Russian>),
    /// `GameType` 26.
    Brazilian(Match<Brazilian>),
    /// `GameType` 29.
    Czech(Match<Czech>),
}

/// Why [`replay_any`] could not replay a game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum AnyReplayError {
    /// The `GameType` is no variant of this crate.
    #[error("{game}: its GameType is {game_type}, which is none of 20 (International), 21 (English), 22 (Italian), 23 (pool), 24 (Spanish), 25 (Russian), 26 (Brazilian), 29 (Czech)")]
    UnknownGameType {
        /// The game.
        game: GameId,
        /// The tag as written.
        game_type: String,
    },
    /// International.
    #[error(transparent)]
    International(#[from] ReplayError<InternationalRules>),
    /// English.
    #[error(transparent)]
    English(#[from] ReplayError<EnglishRules>),
    /// Italian.
    #[error(transparent)]
    Italian(#[from] ReplayError<ItalianRules>),
    /// Pool.
    #[error(transparent)]
    Pool(#[from] ReplayError<PoolRules>),
    /// Spanish.
    #[error(transparent)]
    Spanish(#[from] ReplayError<SpanishRules>),
    /// Russian.
    #[error(transparent)]
    Russian(#[from] ReplayError<RussianRules>),
    /// Brazilian.
    #[error(transparent)]
    Brazilian(#[from] ReplayError<BrazilianRules>),
    /// Czech.
    #[error(transparent)]
    Czech(#[from] ReplayError<CzechRules>),
}

/// Replays `game` as the variant its `GameType` tag names (see [`replay`]).
///
/// # Errors
///
/// [`AnyReplayError::UnknownGameType`], or the variant's
/// [`ReplayError`].
pub fn replay_any(game: &PdnGame) -> Result<AnyMatch, AnyReplayError> {
    Ok(match game.game_type().map_or("21", game_type_number) {
        "20" => AnyMatch::International(replay(game)?),
        "21" => AnyMatch::English(replay(game)?),
        "22" => AnyMatch::Italian(replay(game)?),
        "23" => AnyMatch::Pool(replay(game)?),
        "24" => AnyMatch::Spanish(replay(game)?),
        "25" => AnyMatch::Russian(replay(game)?),
        "26" => AnyMatch::Brazilian(replay(game)?),
        "29" => AnyMatch::Czech(replay(game)?),
        _ => {
            return Err(AnyReplayError::UnknownGameType {
                game: game.id().clone(),
                game_type: game.game_type().unwrap_or_default().to_owned(),
            })
        }
    })
}

/// Writes `game` as one PDN record: the caller's `tags` in the order given,
/// then `Result`, `GameType` (the variant's number) and, for a game that
/// did not start from the start position, `SetUp "1"` and `FEN`; a blank
/// line; the numbered moves as a player writes them
/// ([`Draughts::move_text`]: `28x10`, the full route only when the short
/// form is ambiguous), lines under 80 columns with every move number on the
/// line of its move, and the result ([`PdnResult::of_match_of`]; the first
/// number is the score of the side that moves first, see [`PdnResult`]).
/// [`replay`] reads it back to the same start, moves and winner.
///
/// # Errors
///
/// [`WriteError`] when a tag name is not letters, digits and `_`, a value
/// holds a line break, or a name is given twice.
pub fn write_match<'a, R: Rules>(
    game: &Match<Draughts<R>>,
    tags: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<String, WriteError> {
    let result = PdnResult::of_match_of(game, R::FIRST);
    let game_type = R::GAME_TYPE.to_string();
    let computed = RecordTags {
        result: result.as_str(),
        game_type: Some(&game_type),
        fen: (*game.start() != Draughts::default()).then(|| game.start().to_fen()),
    };
    let mut position = *game.start();
    let texts: Vec<String> = game
        .history()
        .iter()
        .map(|mv| {
            let text = position.move_text(mv);
            position.apply_unchecked(*mv);
            text
        })
        .collect();
    let first_to_move = game.start().to_move() == R::FIRST;
    write_record(tags, &computed, numbered(texts, first_to_move))
}
