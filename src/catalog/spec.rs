//! [`GameSpec`]: which game a user names, with its parameters, and
//! [`GameSpec::visit`], the one place that turns such a name into generic
//! code over [`Described`].

use core::fmt;
use core::str::FromStr;

use super::Described;
use crate::checkers::Checkers;
use crate::connect4::Connect4;
use crate::connectx::{ConnectX, Parameters, ParametersError, ParseParametersError};
use crate::draughts::{Brazilian, Czech, International, Italian, Pool, Russian, Spanish};
use crate::othello::Othello;

/// Between a game's name and its parameters in [`GameSpec`]'s text
/// (`connectx:8x9x5`).
pub const PARAMETERS_SEPARATOR: char = ':';

/// A draughts variant of [`crate::draughts`] (English checkers is
/// [`GameSpec::Checkers`]).
///
/// `Display` and `FromStr` use the lower-case name (`"russian"`), the
/// rules' [`NAME`](crate::draughts::Rules::NAME).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Variant {
    /// [`International`]: 10x10, PDN `GameType` 20.
    International,
    /// [`Brazilian`]: PDN `GameType` 26.
    Brazilian,
    /// [`Russian`]: PDN `GameType` 25.
    Russian,
    /// [`Pool`] checkers: PDN `GameType` 23.
    Pool,
    /// [`Italian`]: PDN `GameType` 22.
    Italian,
    /// [`Spanish`]: PDN `GameType` 24.
    Spanish,
    /// [`Czech`]: PDN `GameType` 29.
    Czech,
}

impl Variant {
    /// Every variant, in the order of [`GameSpec::NAMES`].
    pub const ALL: [Variant; 7] = [
        Variant::International,
        Variant::Brazilian,
        Variant::Russian,
        Variant::Pool,
        Variant::Italian,
        Variant::Spanish,
        Variant::Czech,
    ];

    /// The variant's name in lower case (`"international"`).
    pub const fn name(self) -> &'static str {
        use crate::draughts::{
            BrazilianRules, CzechRules, InternationalRules, ItalianRules, PoolRules, Rules,
            RussianRules, SpanishRules,
        };
        match self {
            Variant::International => InternationalRules::NAME,
            Variant::Brazilian => BrazilianRules::NAME,
            Variant::Russian => RussianRules::NAME,
            Variant::Pool => PoolRules::NAME,
            Variant::Italian => ItalianRules::NAME,
            Variant::Spanish => SpanishRules::NAME,
            Variant::Czech => CzechRules::NAME,
        }
    }

    /// The variant's PDN `GameType` number.
    pub const fn game_type(self) -> u32 {
        use crate::draughts::{
            BrazilianRules, CzechRules, InternationalRules, ItalianRules, PoolRules, Rules,
            RussianRules, SpanishRules,
        };
        match self {
            Variant::International => InternationalRules::GAME_TYPE,
            Variant::Brazilian => BrazilianRules::GAME_TYPE,
            Variant::Russian => RussianRules::GAME_TYPE,
            Variant::Pool => PoolRules::GAME_TYPE,
            Variant::Italian => ItalianRules::GAME_TYPE,
            Variant::Spanish => SpanishRules::GAME_TYPE,
            Variant::Czech => CzechRules::GAME_TYPE,
        }
    }

    /// The variant of a PDN `GameType` number, or `None` for a number that
    /// is not one of these variants (21, English checkers, is
    /// [`GameSpec::Checkers`]: see [`GameSpec::from_game_type`]).
    pub fn from_game_type(game_type: u32) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|variant| variant.game_type() == game_type)
    }

    /// The variant named `name` (exactly as [`Variant::name`] writes it,
    /// any case), or `None`.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|variant| variant.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = SpecError;

    /// As [`Variant::from_name`].
    ///
    /// # Errors
    ///
    /// [`SpecError::UnknownGame`] when `text` names no variant.
    fn from_str(text: &str) -> Result<Variant, SpecError> {
        Variant::from_name(text.trim()).ok_or_else(|| SpecError::UnknownGame {
            name: text.trim().to_owned(),
        })
    }
}

/// Which game, with its parameters: what a user names (`"checkers"`,
/// `"russian"`, `"connectx:8x9x5"`), and the one place front doors turn
/// that name into a game type ([`GameSpec::visit`]).
///
/// `Display` writes the text `FromStr` reads: the game's
/// [name](GameSpec::name), and for ConnectX `:` and its parameters
/// (`connectx:8x9x5`, rows x columns x in-a-row). `FromStr` also reads a
/// bare `connectx` (Connect Four's size, 6x7x4) and any case. With the
/// `serde` feature a spec is that text.
///
/// ```
/// use rulebook::catalog::{Described, GameSpec, GameVisitor, Variant};
/// use rulebook::Game;
///
/// /// Counts the legal moves of the start position, whatever the game.
/// struct StartMoves;
/// impl GameVisitor for StartMoves {
///     type Output = usize;
///     fn visit<G: Described>(self, start: G) -> usize {
///         start.legal_moves().len()
///     }
/// }
///
/// let spec: GameSpec = "international".parse()?;
/// assert_eq!(spec, GameSpec::Draughts(Variant::International));
/// assert_eq!(spec.visit(StartMoves), 9);
/// assert_eq!("checkers".parse::<GameSpec>()?.visit(StartMoves), 7);
///
/// let big: GameSpec = "connectx:8x9x5".parse()?;
/// assert_eq!(big, GameSpec::connectx(8, 9, 5)?);
/// assert_eq!(big.to_string(), "connectx:8x9x5");
/// assert_eq!(big.visit(StartMoves), 9);
///
/// let error = "chess".parse::<GameSpec>().unwrap_err();
/// assert!(error.to_string().contains("connect4, connectx, checkers"));
/// # Ok::<(), rulebook::catalog::SpecError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
pub enum GameSpec {
    /// Connect Four ([`Connect4`]).
    Connect4,
    /// Connect Four's rules on another board ([`ConnectX`]), with its
    /// validated parameters.
    ConnectX(Parameters),
    /// English checkers ([`Checkers`]).
    Checkers,
    /// A draughts variant ([`crate::draughts`]).
    Draughts(Variant),
    /// Othello ([`Othello`]).
    Othello,
}

/// Why a text is not a [`GameSpec`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SpecError {
    /// The name is not a game of the catalog.
    #[error("`{name}` is not a game: the games are {}", GameSpec::NAMES.join(", "))]
    UnknownGame {
        /// The name as given.
        name: String,
    },
    /// Parameters given to a game that takes none (`checkers:8x8x4`).
    #[error("{name} takes no parameters, but `{parameters}` was given")]
    UnexpectedParameters {
        /// The game's name.
        name: &'static str,
        /// The parameters as given.
        parameters: String,
    },
    /// ConnectX parameters that are not rows x columns x in-a-row.
    #[error("connectx: {0}")]
    ConnectXText(#[from] ParseParametersError),
    /// ConnectX parameters out of the game's limits.
    #[error("connectx: {0}")]
    ConnectX(#[from] ParametersError),
}

/// What [`GameSpec::visit`] calls with a game's start position: code
/// generic over [`Described`] that a name from a user selects.
///
/// A front door writes its per-game work once, as a visitor (e.g. one that
/// makes a session of `G`), and [`GameSpec::visit`] calls it with the
/// right `G`.
pub trait GameVisitor {
    /// What the visit returns (the same for every game).
    type Output;

    /// Does the work with `start`, the spec's start position.
    ///
    /// The game's moves, players and endings are `Send + Sync` (every
    /// game of the catalog has them so), so a visitor can move a
    /// [`Match`](crate::Match) of `G` to another thread, e.g. a server's
    /// engine pool; an implementation that does not need it leaves the
    /// `where` clause out.
    fn visit<G: Described>(self, start: G) -> Self::Output
    where
        G::Move: Send + Sync,
        G::Player: Send + Sync,
        G::Ending: Send + Sync;
}

impl GameSpec {
    /// The names of the games, as [`GameSpec::name`] writes them and
    /// [`GameSpec::from_name`] reads them.
    pub const NAMES: &'static [&'static str] = &NAME_LIST;

    /// Every game, with ConnectX at Connect Four's size, in the order of
    /// [`GameSpec::NAMES`].
    pub const ALL: [GameSpec; 11] = [
        GameSpec::Connect4,
        GameSpec::ConnectX(Parameters::CONNECT_FOUR),
        GameSpec::Checkers,
        GameSpec::Draughts(Variant::International),
        GameSpec::Draughts(Variant::Brazilian),
        GameSpec::Draughts(Variant::Russian),
        GameSpec::Draughts(Variant::Pool),
        GameSpec::Draughts(Variant::Italian),
        GameSpec::Draughts(Variant::Spanish),
        GameSpec::Draughts(Variant::Czech),
        GameSpec::Othello,
    ];

    /// The game named `name` (any case), ConnectX at its default size
    /// (6x7x4). Parameters are not read here: see `FromStr` for
    /// `connectx:8x9x5`, or [`GameSpec::connectx`].
    ///
    /// # Errors
    ///
    /// [`SpecError::UnknownGame`], listing the names, when `name` is not
    /// one of [`GameSpec::NAMES`].
    pub fn from_name(name: &str) -> Result<GameSpec, SpecError> {
        let name = name.trim();
        GameSpec::ALL
            .into_iter()
            .find(|spec| spec.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| SpecError::UnknownGame {
                name: name.to_owned(),
            })
    }

    /// ConnectX with `rows` x `columns`, `in_a_row` in a line winning.
    ///
    /// # Errors
    ///
    /// [`SpecError::ConnectX`] when the values are out of ConnectX's
    /// limits ([`Parameters::new`]).
    pub fn connectx(rows: usize, columns: usize, in_a_row: usize) -> Result<GameSpec, SpecError> {
        Ok(GameSpec::ConnectX(Parameters::new(
            rows, columns, in_a_row,
        )?))
    }

    /// The PDN `GameType` of a draughts game (21 is
    /// [`GameSpec::Checkers`]), or `None`.
    pub fn from_game_type(game_type: u32) -> Option<GameSpec> {
        if game_type == CHECKERS_GAME_TYPE {
            return Some(GameSpec::Checkers);
        }
        Variant::from_game_type(game_type).map(GameSpec::Draughts)
    }

    /// The game's name, without parameters: one of [`GameSpec::NAMES`]
    /// (`"connectx"` whatever its size).
    pub const fn name(&self) -> &'static str {
        match self {
            GameSpec::Connect4 => "connect4",
            GameSpec::ConnectX(_) => "connectx",
            GameSpec::Checkers => "checkers",
            GameSpec::Draughts(variant) => variant.name(),
            GameSpec::Othello => "othello",
        }
    }

    /// Calls `visitor` with the spec's start position: `Connect4::default()`,
    /// `ConnectX::new(parameters)`, `Checkers::default()`,
    /// `Russian::default()`, ... The dispatch point of every front door.
    pub fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        match *self {
            GameSpec::Connect4 => visitor.visit(Connect4::default()),
            GameSpec::ConnectX(parameters) => visitor.visit(ConnectX::new(parameters)),
            GameSpec::Checkers => visitor.visit(Checkers::default()),
            GameSpec::Draughts(variant) => match variant {
                Variant::International => visitor.visit(International::default()),
                Variant::Brazilian => visitor.visit(Brazilian::default()),
                Variant::Russian => visitor.visit(Russian::default()),
                Variant::Pool => visitor.visit(Pool::default()),
                Variant::Italian => visitor.visit(Italian::default()),
                Variant::Spanish => visitor.visit(Spanish::default()),
                Variant::Czech => visitor.visit(Czech::default()),
            },
            GameSpec::Othello => visitor.visit(Othello::default()),
        }
    }
}

/// [`GameSpec::NAMES`]: the names of [`GameSpec::ALL`], in order.
const NAME_LIST: [&str; GameSpec::ALL.len()] = {
    let mut names = [""; GameSpec::ALL.len()];
    let mut index = 0;
    while index < names.len() {
        names[index] = GameSpec::ALL[index].name();
        index += 1;
    }
    names
};

/// English checkers' PDN `GameType`.
const CHECKERS_GAME_TYPE: u32 = 21;

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        if let GameSpec::ConnectX(parameters) = self {
            write!(f, "{PARAMETERS_SEPARATOR}{parameters}")?;
        }
        Ok(())
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;

    /// Reads a name (`checkers`), or a name, `:` and parameters
    /// (`connectx:8x9x5`).
    ///
    /// # Errors
    ///
    /// [`SpecError::UnknownGame`] for an unknown name,
    /// [`SpecError::UnexpectedParameters`] for parameters to a game without
    /// any, [`SpecError::ConnectXText`] / [`SpecError::ConnectX`] for
    /// ConnectX parameters that are not a size or out of its limits.
    fn from_str(text: &str) -> Result<GameSpec, SpecError> {
        let (name, parameters) = match text.trim().split_once(PARAMETERS_SEPARATOR) {
            Some((name, parameters)) => (name, Some(parameters.trim())),
            None => (text.trim(), None),
        };
        let spec = GameSpec::from_name(name)?;
        match (spec, parameters) {
            (_, None) => Ok(spec),
            (GameSpec::ConnectX(_), Some(parameters)) => {
                Ok(GameSpec::ConnectX(parameters.parse()?))
            }
            (_, Some(parameters)) => Err(SpecError::UnexpectedParameters {
                name: spec.name(),
                parameters: parameters.to_owned(),
            }),
        }
    }
}

impl TryFrom<String> for GameSpec {
    type Error = SpecError;

    /// As `FromStr` (serde reads a spec with it).
    ///
    /// # Errors
    ///
    /// As `FromStr`: [`SpecError`] for an unknown name or bad parameters.
    fn try_from(text: String) -> Result<GameSpec, SpecError> {
        text.parse()
    }
}

impl From<GameSpec> for String {
    fn from(spec: GameSpec) -> String {
        spec.to_string()
    }
}
