//! PDN records for every draughts variant: [`replay`] a game read by
//! [`PdnReader`] into a [`Match`] of the variant its `GameType` tag names,
//! and [`write_match`].
//!
//! `GameType` numbers (PDN 3.0): 20 International, 21 English, 22 Italian,
//! 23 pool, 24 Spanish, 25 Russian, 26 Brazilian, ... ([`Variant`], each
//! variant's [`Rules::GAME_TYPE`]).
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

use super::{Color, Draughts, FenError, Move, ResolveMoveError, Rules};
use crate::pdn::Recorded;
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

pub use super::variant::{ParseVariantError, Variant};

/// Generates [`AnyMatch`] and [`AnyReplayError`] from the registry's list
/// of variants.
macro_rules! any_match {
    (
        checkers $English:ident($EnglishRules:ident) $english_title:literal $english_hub:literal;
        $($Name:ident($Rules:ident) $title:literal $hub:literal;)*
    ) => {
        /// A replayed game of whichever variant its `GameType` tag names.
        #[derive(Clone, Debug)]
        pub enum AnyMatch {
            #[doc = concat!($english_title, ": `GameType` 21, or no `GameType` tag.")]
            $English(Match<super::$English>),
            $(
                #[doc = concat!($title, ".")]
                $Name(Match<super::$Name>),
            )*
        }

        /// Runs `$body` with `$game` bound to the match inside an
        /// [`AnyMatch`], whatever its variant.
        macro_rules! with_match {
            ($any:expr, $game:ident => $body:expr) => {
                match $any {
                    AnyMatch::$English($game) => $body,
                    $(AnyMatch::$Name($game) => $body,)*
                }
            };
        }

        impl AnyMatch {
            /// The variant replayed.
            pub fn variant(&self) -> Variant {
                match self {
                    AnyMatch::$English(_) => Variant::$English,
                    $(AnyMatch::$Name(_) => Variant::$Name,)*
                }
            }

            /// Calls `visitor` with the match, whatever its variant: code
            /// written once, generic over [`Rules`], for every variant.
            pub fn visit<V: MatchVisitor>(&self, visitor: V) -> V::Output {
                with_match!(self, game => visitor.visit(game))
            }
        }

        /// Why [`replay_any`] could not replay a game.
        #[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
        pub enum AnyReplayError {
            /// The `GameType` is no variant of this crate.
            #[error("{game}: its GameType is {game_type}, which is none of {known}", known = known_game_types())]
            UnknownGameType {
                /// The game.
                game: GameId,
                /// The tag as written.
                game_type: String,
            },
            #[doc = concat!($english_title, ".")]
            #[error(transparent)]
            $English(#[from] ReplayError<super::$EnglishRules>),
            $(
                #[doc = concat!($title, ".")]
                #[error(transparent)]
                $Name(#[from] ReplayError<super::$Rules>),
            )*
        }

        /// Replays `game` as `variant` into its [`AnyMatch`].
        fn replay_variant(game: &PdnGame, variant: Variant) -> Result<AnyMatch, AnyReplayError> {
            Ok(match variant {
                Variant::$English => AnyMatch::$English(replay(game)?),
                $(Variant::$Name => AnyMatch::$Name(replay(game)?),)*
            })
        }
    };
}

crate::catalog::draughts_variants!(any_match);

/// Generic work over a replayed match of any variant, written once: what
/// [`AnyMatch::visit`] calls.
///
/// ```
/// use rulebook::draughts::pdn::{replay_any, MatchVisitor};
/// use rulebook::draughts::{Draughts, Rules};
/// use rulebook::pdn::PdnReader;
/// use rulebook::Match;
///
/// /// The variant's name and the moves played.
/// struct Summary;
/// impl MatchVisitor for Summary {
///     type Output = (&'static str, usize);
///     fn visit<R: Rules>(self, game: &Match<Draughts<R>>) -> Self::Output {
///         (R::NAME, game.history().len())
///     }
/// }
///
/// let text = "[GameType \"25\"]\n1. c3-d4 f6-e5 *\n";
/// let game = PdnReader::new(text).next().unwrap().unwrap();
/// assert_eq!(replay_any(&game).unwrap().visit(Summary), ("russian", 2));
/// ```
pub trait MatchVisitor {
    /// What the visit returns (the same for every variant).
    type Output;

    /// Does the work with the match of variant `R`.
    fn visit<R: Rules>(self, game: &Match<Draughts<R>>) -> Self::Output;
}

/// The `GameType`s of the crate's variants, for messages: `20
/// (international), 21 (english), ...`.
fn known_game_types() -> String {
    let mut variants = Variant::ALL;
    variants.sort_by_key(|variant| variant.game_type());
    variants
        .map(|variant| format!("{} ({})", variant.game_type(), variant.name()))
        .join(", ")
}

/// The result of a match as PDN writes it, for a variant whose first
/// player is `R::FIRST`.
fn result_of<R: Rules>(game: &Match<Draughts<R>>) -> PdnResult {
    PdnResult::of_match_of(game, R::FIRST)
}

impl AnyMatch {
    /// The number of moves played.
    pub fn move_count(&self) -> usize {
        with_match!(self, game => game.history().len())
    }

    /// The match's result as PDN writes it ([`PdnResult::of_match_of`]).
    pub fn result(&self) -> PdnResult {
        with_match!(self, game => result_of(game))
    }
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
    replay_variant(game, variant_of(game, default)?)
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
