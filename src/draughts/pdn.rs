//! PDN records for every draughts variant: [`replay`] a game read by
//! [`PdnReader`] into a [`Match`] of the variant its `GameType` tag names,
//! and [`write_match`].
//!
//! `GameType` numbers (PDN 3.0): 20 International, 21 English, 22 Italian,
//! 23 pool, 24 Spanish, 25 Russian, 26 Brazilian, 29 Czech ([`Variant`]).
//! A game without the tag is of the variant the caller knows it is (many
//! real files have no tag: a whole file of Italian or Russian games), or
//! English checkers (PDN's default) when the caller does not say.
//! [`replay_any`] picks the variant from the tag (English without one);
//! [`replay_as`] from the tag, else the variant you name; [`replay`]
//! replays into the variant you name and checks the tag, if any.
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
    Brazilian, BrazilianRules, Color, Czech, CzechRules, Draughts, English, EnglishRules, FenError,
    International, InternationalRules, Italian, ItalianRules, Move, Pool, PoolRules,
    ResolveMoveError, Rules, Russian, RussianRules, Spanish, SpanishRules,
};
use crate::pdn::{game_type_number, Recorded};
use crate::Match;

pub use crate::pdn::{GameId, PdnGame, PdnReader, PdnResult, TextPosition, WriteError};

/// A move of a record, named as a person would look it up: the family's
/// [`WrittenMove`](crate::pdn::WrittenMove) with the draughts [`Color`].
pub type WrittenMove = crate::pdn::WrittenMove<Color>;

/// A game that reads as PDN but cannot be replayed as variant `R`: the
/// family's [`ReplayError`](crate::pdn::ReplayError) for [`Draughts<R>`].
pub type ReplayError<R> = crate::pdn::ReplayError<Draughts<R>>;

/// Why a game cannot be replayed: the family's
/// [`ReplayErrorKind`](crate::pdn::ReplayErrorKind) for [`Draughts<R>`].
pub type ReplayErrorKind<R> = crate::pdn::ReplayErrorKind<Draughts<R>>;

impl<R: Rules> Recorded for Draughts<R> {
    const NAME: &'static str = R::NAME;
    const GAME_TYPE: u32 = R::GAME_TYPE;
    const FIRST: Color = R::FIRST;
    type FenError = FenError;
    type ResolveMoveError = ResolveMoveError<R>;

    fn from_fen(fen: &str) -> Result<Draughts<R>, FenError> {
        Draughts::from_fen(fen)
    }

    fn to_fen(&self) -> String {
        Draughts::to_fen(self)
    }

    fn resolve_move(&self, text: &str) -> Result<Move<R>, ResolveMoveError<R>> {
        self.parse_move(text)
    }

    /// As a player writes it ([`Draughts::move_text`]: `28x10`, the full
    /// route only when the short form is ambiguous).
    fn record_move_text(&self, mv: Move<R>) -> String {
        self.move_text(&mv)
    }
}

/// Replays `game` as variant `R` (the caller's choice, which a `GameType`
/// tag, when the game has one, must agree with): the family's
/// [`crate::pdn::replay`], moves resolved by [`Draughts::parse_move`]
/// (short forms such as `28x10` are read when they match one legal move).
///
/// # Errors
///
/// [`ReplayErrorKind::WrongGameType`] when the `GameType` tag names
/// another variant; [`ReplayErrorKind::InvalidFen`];
/// [`ReplayErrorKind::IllegalMove`] (the first move that matches no legal
/// move, or several); [`ReplayErrorKind::MoveAfterEnd`];
/// [`ReplayErrorKind::ResultContradictsRules`].
pub fn replay<R: Rules>(game: &PdnGame) -> Result<Match<Draughts<R>>, ReplayError<R>> {
    crate::pdn::replay(game)
}

/// A variant of the crate as PDN names it: its `GameType` number.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// `GameType` 20.
    International,
    /// `GameType` 21 (PDN's default).
    English,
    /// `GameType` 22.
    Italian,
    /// `GameType` 23.
    Pool,
    /// `GameType` 24.
    Spanish,
    /// `GameType` 25.
    Russian,
    /// `GameType` 26.
    Brazilian,
    /// `GameType` 29.
    Czech,
}

impl Variant {
    /// Every variant, in `GameType` order.
    pub const ALL: [Variant; 8] = [
        Variant::International,
        Variant::English,
        Variant::Italian,
        Variant::Pool,
        Variant::Spanish,
        Variant::Russian,
        Variant::Brazilian,
        Variant::Czech,
    ];

    /// The variant's name, as its rules' [`Rules::NAME`]
    /// (`"international"`).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::International => InternationalRules::NAME,
            Variant::English => EnglishRules::NAME,
            Variant::Italian => ItalianRules::NAME,
            Variant::Pool => PoolRules::NAME,
            Variant::Spanish => SpanishRules::NAME,
            Variant::Russian => RussianRules::NAME,
            Variant::Brazilian => BrazilianRules::NAME,
            Variant::Czech => CzechRules::NAME,
        }
    }

    /// The PDN `GameType` number.
    pub const fn game_type(self) -> u32 {
        match self {
            Variant::International => InternationalRules::GAME_TYPE,
            Variant::English => EnglishRules::GAME_TYPE,
            Variant::Italian => ItalianRules::GAME_TYPE,
            Variant::Pool => PoolRules::GAME_TYPE,
            Variant::Spanish => SpanishRules::GAME_TYPE,
            Variant::Russian => RussianRules::GAME_TYPE,
            Variant::Brazilian => BrazilianRules::GAME_TYPE,
            Variant::Czech => CzechRules::GAME_TYPE,
        }
    }

    /// The variant a `GameType` tag value names (`20`, or
    /// `20,W,10,10,N2,0`), if it is one of the crate's.
    pub fn from_game_type(tag: &str) -> Option<Variant> {
        let number = game_type_number(tag);
        Variant::ALL
            .into_iter()
            .find(|variant| variant.game_type().to_string() == number)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no variant of the crate.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{0}` is no variant: international, english, italian, pool, spanish, russian, brazilian or czech (or a GameType number)")]
pub struct ParseVariantError(pub String);

impl core::str::FromStr for Variant {
    type Err = ParseVariantError;

    /// Reads a variant's name (`russian`, any case) or `GameType` number
    /// (`25`).
    fn from_str(text: &str) -> Result<Variant, ParseVariantError> {
        let text = text.trim();
        Variant::ALL
            .into_iter()
            .find(|variant| variant.name().eq_ignore_ascii_case(text))
            .or_else(|| Variant::from_game_type(text))
            .ok_or_else(|| ParseVariantError(text.to_owned()))
    }
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

/// Runs `$body` with `$game` bound to the match inside an [`AnyMatch`],
/// whatever its variant.
macro_rules! with_match {
    ($any:expr, $game:ident => $body:expr) => {
        match $any {
            AnyMatch::International($game) => $body,
            AnyMatch::English($game) => $body,
            AnyMatch::Italian($game) => $body,
            AnyMatch::Pool($game) => $body,
            AnyMatch::Spanish($game) => $body,
            AnyMatch::Russian($game) => $body,
            AnyMatch::Brazilian($game) => $body,
            AnyMatch::Czech($game) => $body,
        }
    };
}

/// The result of a match as PDN writes it, for a variant whose first
/// player is `R::FIRST`.
fn result_of<R: Rules>(game: &Match<Draughts<R>>) -> PdnResult {
    PdnResult::of_match_of(game, R::FIRST)
}

impl AnyMatch {
    /// The variant replayed.
    pub fn variant(&self) -> Variant {
        match self {
            AnyMatch::International(_) => Variant::International,
            AnyMatch::English(_) => Variant::English,
            AnyMatch::Italian(_) => Variant::Italian,
            AnyMatch::Pool(_) => Variant::Pool,
            AnyMatch::Spanish(_) => Variant::Spanish,
            AnyMatch::Russian(_) => Variant::Russian,
            AnyMatch::Brazilian(_) => Variant::Brazilian,
            AnyMatch::Czech(_) => Variant::Czech,
        }
    }

    /// The number of moves played.
    pub fn move_count(&self) -> usize {
        with_match!(self, game => game.history().len())
    }

    /// The match's result as PDN writes it ([`PdnResult::of_match_of`]).
    pub fn result(&self) -> PdnResult {
        with_match!(self, game => result_of(game))
    }
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

/// The variant `game` is replayed as: the one its `GameType` tag names,
/// else `default`.
///
/// # Errors
///
/// [`AnyReplayError::UnknownGameType`] when the tag names no variant of
/// the crate.
pub fn variant_of(game: &PdnGame, default: Variant) -> Result<Variant, AnyReplayError> {
    match game.game_type() {
        None => Ok(default),
        Some(tag) => Variant::from_game_type(tag).ok_or_else(|| AnyReplayError::UnknownGameType {
            game: game.id().clone(),
            game_type: tag.to_owned(),
        }),
    }
}

/// Replays `game` as the variant its `GameType` tag names, or English
/// checkers without the tag (see [`replay`]).
///
/// # Errors
///
/// [`AnyReplayError::UnknownGameType`], or the variant's
/// [`ReplayError`].
pub fn replay_any(game: &PdnGame) -> Result<AnyMatch, AnyReplayError> {
    replay_as(game, Variant::English)
}

/// Replays `game` as the variant its `GameType` tag names, or as
/// `default` without the tag (a file whose games the caller knows to be
/// of one variant; see [`replay`]). A tag that names another variant than
/// `default` decides: compare [`variant_of`] with `default` to report
/// such games.
///
/// # Errors
///
/// [`AnyReplayError::UnknownGameType`], or the variant's
/// [`ReplayError`].
pub fn replay_as(game: &PdnGame, default: Variant) -> Result<AnyMatch, AnyReplayError> {
    Ok(match variant_of(game, default)? {
        Variant::International => AnyMatch::International(replay(game)?),
        Variant::English => AnyMatch::English(replay(game)?),
        Variant::Italian => AnyMatch::Italian(replay(game)?),
        Variant::Pool => AnyMatch::Pool(replay(game)?),
        Variant::Spanish => AnyMatch::Spanish(replay(game)?),
        Variant::Russian => AnyMatch::Russian(replay(game)?),
        Variant::Brazilian => AnyMatch::Brazilian(replay(game)?),
        Variant::Czech => AnyMatch::Czech(replay(game)?),
    })
}

/// Writes `game` as one PDN record (the family's
/// [`crate::pdn::write_match`]): the caller's `tags` in the order given,
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
    crate::pdn::write_match(game, tags)
}
