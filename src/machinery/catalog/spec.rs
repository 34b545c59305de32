//! [`GameSpec`]: which game a user names, with its parameters, and
//! [`GameSpec::visit`], the one place that turns such a name into generic
//! code over [`Described`]. The lists themselves are generated from the
//! registry (`registry.rs`).

use core::fmt;
use core::str::FromStr;

pub use super::registry::GameSpec;
use super::{Described, EnvironmentVisitor};
use crate::connectx::{Parameters, ParametersError, ParseParametersError};
use crate::draughts::{Draughts, HopByHop, Rules, RulesVisitor};

/// Between a game's name and its parameters in [`GameSpec`]'s text
/// (`connectx:8x9x5`).
pub const PARAMETERS_SEPARATOR: char = ':';

/// Generates the catalog's [`Variant`] from the registry's list (every
/// draughts variant but English, which the catalog offers as
/// [`GameSpec::Checkers`]).
macro_rules! catalog_variants {
    (
        checkers $English:ident($EnglishRules:ident) $english_title:literal $english_hub:literal;
        $($Name:ident($Rules:ident) $title:literal $hub:literal;)*
    ) => {
        /// A draughts variant of [`crate::draughts`] (English checkers is
        /// [`GameSpec::Checkers`]), as the catalog offers it.
        ///
        /// `Display` and `FromStr` use the lower-case name (`"russian"`), the
        /// rules' [`NAME`](crate::draughts::Rules::NAME). Generated from
        /// the registry's one list of variants.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[cfg_attr(
            feature = "serde",
            derive(serde::Serialize, serde::Deserialize),
            serde(rename_all = "lowercase")
        )]
        pub enum Variant {
            $(
                #[doc = concat!($title, ": [`", stringify!($Name), "`](crate::draughts::", stringify!($Name), ").")]
                $Name,
            )*
        }

        impl Variant {
            /// Every variant, in the order of [`GameSpec::NAMES`].
            pub const ALL: [Variant; 0 $(+ { let _ = stringify!($Name); 1 })*] =
                [$(Variant::$Name),*];

            /// The family's [`draughts::Variant`](crate::draughts::Variant)
            /// of these rules (its PDN `GameType`, Hub name,
            /// [`visit_rules`](crate::draughts::Variant::visit_rules)).
            pub const fn rules(self) -> crate::draughts::Variant {
                match self {
                    $(Variant::$Name => crate::draughts::Variant::$Name,)*
                }
            }
        }
    };
}

crate::catalog::draughts_variants!(catalog_variants);

impl Variant {
    /// Every variant as a [`GameSpec`], in the order of [`Variant::ALL`].
    pub(super) const SPECS: [GameSpec; Variant::ALL.len()] = {
        let mut specs = [GameSpec::Checkers; Variant::ALL.len()];
        let mut index = 0;
        while index < specs.len() {
            specs[index] = GameSpec::Draughts(Variant::ALL[index]);
            index += 1;
        }
        specs
    };

    /// The variant's name in lower case (`"international"`).
    pub const fn name(self) -> &'static str {
        self.rules().name()
    }

    /// The variant's title (`"International draughts"`).
    pub const fn title(self) -> &'static str {
        self.rules().title()
    }

    /// The name of the variant's type in [`crate::draughts`]
    /// (`"International"`).
    pub const fn type_name(self) -> &'static str {
        self.rules().type_name()
    }

    /// The variant's PDN `GameType` number.
    pub const fn game_type(self) -> u32 {
        self.rules().game_type()
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

    /// Calls `visitor` with the variant's start position
    /// (`Russian::default()`, ...).
    pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
        /// A [`GameVisitor`] called with `Draughts::<R>::default()`.
        struct Start<V>(V);
        impl<V: GameVisitor> RulesVisitor for Start<V> {
            type Output = V::Output;
            fn visit<R: Rules>(self) -> V::Output {
                self.0.visit(Draughts::<R>::default())
            }
        }
        self.rules().visit_rules(Start(visitor))
    }

    /// Calls `visitor` with the variant's learning-agent environment at
    /// the start, [`draughts::HopByHop`](crate::draughts::HopByHop).
    pub fn visit_environment<V: EnvironmentVisitor>(self, visitor: V) -> V::Output {
        /// An [`EnvironmentVisitor`] called with `HopByHop::<R>::default()`.
        struct Start<V>(V);
        impl<V: EnvironmentVisitor> RulesVisitor for Start<V> {
            type Output = V::Output;
            fn visit<R: Rules>(self) -> V::Output {
                self.0.visit(HopByHop::<R>::default())
            }
        }
        self.rules().visit_rules(Start(visitor))
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

    /// The game of PDN `GameType` `game_type` (21 is
    /// [`GameSpec::Checkers`]; see [`GameSpec::game_type`]), or `None`.
    pub fn from_game_type(game_type: u32) -> Option<GameSpec> {
        GameSpec::ALL
            .into_iter()
            .find(|spec| spec.game_type() == Some(game_type))
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
pub(super) const CHECKERS_GAME_TYPE: u32 = 21;

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
