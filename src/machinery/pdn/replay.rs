//! Replaying a [`PdnGame`] under the rules of a draughts-family game
//! ([`Recorded`]: [`Checkers`](crate::checkers::Checkers) and every
//! [`Draughts`](crate::draughts::Draughts) variant) into a [`Match`], and
//! writing a match back: one replay, one writer and one set of errors for
//! the whole family.

use core::fmt;

use super::WriteError;
use super::{numbered, write_record, GameId, PdnGame, PdnResult, RecordTags, TextPosition};
use crate::{Game, Match, MatchError, Outcome};

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::checkers::Checkers {}
    impl<R: crate::draughts::Rules> Sealed for crate::draughts::Draughts<R> {}
    impl Sealed for crate::turkish::Turkish {}
}

/// A game of the draughts family as PDN records it: what [`replay`] and
/// [`write_match`] need of it. Implemented by
/// [`Checkers`](crate::checkers::Checkers) and every
/// [`Draughts`](crate::draughts::Draughts) variant, and
/// [`Turkish`](crate::turkish::Turkish) (sealed).
pub trait Recorded: Game + Copy + sealed::Sealed + 'static {
    /// The variant's name in messages (`"english"`, `"russian"`).
    const NAME: &'static str;
    /// Its PDN `GameType` number.
    const GAME_TYPE: u32;
    /// The player who moves first from the start position, whose score
    /// PDN writes first.
    const FIRST: Self::Player;
    /// Why text is not a FEN of the game.
    type FenError: std::error::Error + Clone + PartialEq + Eq + 'static;
    /// Why move text matches no legal move (or several).
    type ResolveMoveError: fmt::Display + fmt::Debug + Clone + PartialEq + Eq;

    /// The position of a PDN FEN.
    ///
    /// # Errors
    ///
    /// [`Recorded::FenError`] when `fen` is not a FEN of a position of the
    /// game.
    fn from_fen(fen: &str) -> Result<Self, Self::FenError>;

    /// This position's FEN.
    fn to_fen(&self) -> String;

    /// The legal move `text` names, as records write moves (short forms
    /// resolved).
    ///
    /// # Errors
    ///
    /// [`Recorded::ResolveMoveError`] when it names no legal move, or
    /// several.
    fn resolve_move(&self, text: &str) -> Result<Self::Move, Self::ResolveMoveError>;

    /// `mv` (legal here) as a record writes it.
    fn record_move_text(&self, mv: Self::Move) -> String;
}

/// A move of a record, named as a person would look it up: its number, the
/// side that played it (`P`: the game's player type), its text and where
/// the text is.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct WrittenMove<P> {
    /// The move number as written in the record.
    pub number: u32,
    /// The side whose move it is.
    pub side: P,
    /// The move as written, e.g. `22x8`.
    pub text: String,
    /// Where the move is in the text.
    pub position: TextPosition,
}

impl<P: fmt::Display> fmt::Display for WrittenMove<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {}, {} {} ({})",
            self.number, self.side, self.text, self.position
        )
    }
}

/// A game that reads as PDN but cannot be replayed as game `G`: which
/// game, and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{game}: {kind}")]
pub struct ReplayError<G: Recorded> {
    /// The game.
    pub game: GameId,
    /// Why it cannot be replayed (boxed: the error stays small on the happy
    /// path's stack).
    pub kind: Box<ReplayErrorKind<G>>,
}

/// Why a game cannot be replayed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReplayErrorKind<G: Recorded> {
    /// The `GameType` tag names another variant.
    #[error("its GameType is {game_type}, but this is {variant} (GameType {expected})")]
    WrongGameType {
        /// The tag as written.
        game_type: String,
        /// The variant replayed ([`Recorded::NAME`]).
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
        source: G::FenError,
    },
    /// A move that matches no legal move (or several) in its position.
    #[error("{mv} cannot be played: {reason}")]
    IllegalMove {
        /// The move.
        mv: WrittenMove<G::Player>,
        /// Why the rules refuse it (the error lists the legal moves).
        reason: G::ResolveMoveError,
    },
    /// A move written after the rules ended the game.
    #[error("{mv} comes after the game ended: {ending}")]
    MoveAfterEnd {
        /// The move.
        mv: WrittenMove<G::Player>,
        /// Why the rules ended the game.
        ending: G::Ending,
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
        outcome: Outcome<G::Player>,
        /// Why the rules ended the game.
        ending: G::Ending,
    },
    /// The match refused a step of the record. Cannot happen for a record
    /// that passed the checks above; kept so that replaying never panics.
    #[error("the match refused the record: {0}")]
    Refused(MatchError<G::Player, G::Move>),
}

/// The `GameType` number of a tag value (`20` or `20,W,10,10,N2,0`).
pub(crate) fn game_type_number(tag: &str) -> &str {
    tag.split(',').next().unwrap_or_default().trim()
}

/// The position `game` starts from as game `G`: its `FEN` tag, or the
/// standard start when it has none.
///
/// # Errors
///
/// [`ReplayErrorKind::WrongGameType`] when the `GameType` tag names
/// another variant (the number, possibly followed by `,` and details);
/// [`ReplayErrorKind::InvalidFen`] when the `FEN` tag is not a valid
/// position.
pub fn start_position<G: Recorded>(game: &PdnGame) -> Result<G, ReplayError<G>> {
    if let Some(written) = game.game_type() {
        if game_type_number(written) != G::GAME_TYPE.to_string() {
            return Err(error(
                game,
                ReplayErrorKind::WrongGameType {
                    game_type: written.to_owned(),
                    variant: G::NAME,
                    expected: G::GAME_TYPE,
                },
            ));
        }
    }
    match game.fen() {
        None => Ok(G::default()),
        Some(fen) => G::from_fen(fen).map_err(|source| {
            error(
                game,
                ReplayErrorKind::InvalidFen {
                    fen: fen.to_owned(),
                    source,
                },
            )
        }),
    }
}

/// Replays `game` as game `G` (the caller's choice, which a `GameType`
/// tag, when the game has one, must agree with): a [`Match`] from
/// [`start_position`] with every move resolved against its position
/// ([`Recorded::resolve_move`]: short forms such as `22x8` are read when
/// they match one legal move) and played, then the result applied:
///
/// - when the rules end the game, the match has their result, and the
///   written result must agree (or be `*`);
/// - otherwise a win (`1-0`, `0-1`; the first number is the score of
///   [`Recorded::FIRST`]) is read as the loser's resignation and a draw
///   (`1/2-1/2`) as a draw agreed (offered by the player to move); `*`
///   leaves the match going on.
///
/// The match has no automatic draw rules.
///
/// # Errors
///
/// As [`start_position`], and [`ReplayErrorKind::IllegalMove`] (the first
/// move that matches no legal move, or several),
/// [`ReplayErrorKind::MoveAfterEnd`],
/// [`ReplayErrorKind::ResultContradictsRules`]. Each names the game's
/// number and `Event`; move errors name the move number, the side, the
/// move text and where it is.
pub fn replay<G: Recorded>(game: &PdnGame) -> Result<Match<G>, ReplayError<G>> {
    let refused = |e| error(game, ReplayErrorKind::Refused(e));
    let mut replayed = Match::new(start_position::<G>(game)?);
    for written in game.moves() {
        let position = *replayed.position();
        let mv = WrittenMove {
            number: written.number(),
            side: position.to_move(),
            text: written.text().to_owned(),
            position: written.position(),
        };
        if let Some(ending) = position.ending() {
            return Err(error(game, ReplayErrorKind::MoveAfterEnd { mv, ending }));
        }
        let resolved = position
            .resolve_move(written.text())
            .map_err(|reason| error(game, ReplayErrorKind::IllegalMove { mv, reason }))?;
        replayed.play(resolved).map_err(refused)?;
    }
    debug_assert_eq!(replayed.history().len(), game.moves().len());
    let position = *replayed.position();
    let written = game.result().outcome_of(G::FIRST, G::opponent(G::FIRST));
    if let (Some(outcome), Some(ending)) = (position.outcome(), position.ending()) {
        return match written {
            Some(written) if written != outcome => Err(error(
                game,
                ReplayErrorKind::ResultContradictsRules {
                    result: game.result(),
                    outcome,
                    ending,
                },
            )),
            _ => Ok(replayed),
        };
    }
    let applied = match written {
        None => Ok(()),
        Some(Outcome::Win(winner)) => replayed.resign(G::opponent(winner)),
        Some(Outcome::Draw) => replayed.offer_draw().and_then(|()| replayed.accept_draw()),
    };
    applied.map_err(refused)?;
    Ok(replayed)
}

/// The error of `kind` in `game`.
fn error<G: Recorded>(game: &PdnGame, kind: ReplayErrorKind<G>) -> ReplayError<G> {
    ReplayError {
        game: game.id().clone(),
        kind: Box::new(kind),
    }
}

/// Writes `game` as one PDN record, ending with a line break: the caller's
/// `tags` in the order given, then the tags computed from the match, which
/// replace any the caller gave with the same names: `Result`, `GameType`
/// ([`Recorded::GAME_TYPE`]) and, for a game that did not start from the
/// start position, `SetUp "1"` and `FEN`; a blank line; the numbered moves
/// as [`Recorded::record_move_text`] writes them (`1... 23-19` when the
/// second player moves first), lines under 80 columns with every move
/// number on the line of its move, and the result
/// ([`PdnResult::of_match_of`]: the first number is the score of
/// [`Recorded::FIRST`]). [`replay`] reads it back to the same start, moves
/// and winner.
///
/// # Errors
///
/// [`WriteError`] when a tag name is not letters, digits and `_`, a value
/// holds a line break, or a name is given twice.
pub fn write_match<'a, G: Recorded>(
    game: &Match<G>,
    tags: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<String, WriteError> {
    let result = PdnResult::of_match_of(game, G::FIRST);
    let game_type = G::GAME_TYPE.to_string();
    let computed = RecordTags {
        result: result.as_str(),
        game_type: Some(&game_type),
        fen: (*game.start() != G::default()).then(|| game.start().to_fen()),
    };
    let mut position = *game.start();
    let texts: Vec<String> = game
        .history()
        .iter()
        .map(|&mv| {
            let text = position.record_move_text(mv);
            position.apply_unchecked(mv);
            text
        })
        .collect();
    let first_to_move = game.start().to_move() == G::FIRST;
    write_record(tags, &computed, numbered(texts, first_to_move))
}
