//! [`Variant`]: every draughts rule set of the crate by name, English
//! included (PDN's `GameType` list, the Hub's `variant` list), and
//! [`RulesVisitor`], which turns a variant chosen at run time into code
//! generic over [`Rules`].
//!
//! Generated from the registry's one list of variants
//! (`src/machinery/catalog/registry.rs`): a new variant is its [`Rules`] marker and
//! one line there.

use core::fmt;
use core::str::FromStr;

use super::Rules;
use crate::pdn::game_type_number;

/// Generic work over a draughts variant's [`Rules`], written once: what
/// [`Variant::visit_rules`] calls with the rules of the variant a user
/// named (as [`GameVisitor`](crate::catalog::GameVisitor) is for any
/// game of the catalog).
///
/// ```
/// use rulebook::draughts::{Draughts, Rules, RulesVisitor, Variant};
/// use rulebook::Game;
///
/// /// The number of legal moves at the start.
/// struct StartMoves;
/// impl RulesVisitor for StartMoves {
///     type Output = usize;
///     fn visit<R: Rules>(self) -> usize {
///         Draughts::<R>::default().legal_moves().len()
///     }
/// }
///
/// let variant: Variant = "international".parse().unwrap();
/// assert_eq!(variant.visit_rules(StartMoves), 9);
/// assert_eq!(Variant::English.visit_rules(StartMoves), 7);
/// ```
pub trait RulesVisitor {
    /// What the visit returns (the same for every variant).
    type Output;

    /// Does the work with the variant's rules `R`.
    fn visit<R: Rules>(self) -> Self::Output;
}

/// Generates [`Variant`] from the registry's list.
macro_rules! rules_variants {
    (
        checkers $English:ident($EnglishRules:ident) $english_title:literal $english_hub:literal;
        $($Name:ident($Rules:ident) $title:literal $hub:literal;)*
    ) => {
        /// A draughts rule set of the crate, English included: its name,
        /// title, PDN `GameType` number and Hub name, and
        /// [`visit_rules`](Variant::visit_rules) to run code generic over
        /// its [`Rules`].
        ///
        /// `Display` writes [`name`](Variant::name); `FromStr` reads a
        /// name (any case) or a `GameType` number. (The catalog's
        /// [`catalog::Variant`](crate::catalog::Variant) is the same list
        /// without English, which the catalog offers as
        /// [`Checkers`](crate::checkers::Checkers).)
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub enum Variant {
            #[doc = concat!($english_title, ": [`", stringify!($EnglishRules), "`](super::", stringify!($EnglishRules), ").")]
            $English,
            $(
                #[doc = concat!($title, ": [`", stringify!($Rules), "`](super::", stringify!($Rules), ").")]
                $Name,
            )*
        }

        impl Variant {
            /// Every variant, in the registry's order (English first).
            pub const ALL: [Variant; 1 $(+ { let _ = stringify!($Name); 1 })*] =
                [Variant::$English, $(Variant::$Name),*];

            /// The variant's name in lower case, its rules'
            /// [`Rules::NAME`] (`"international"`).
            pub const fn name(self) -> &'static str {
                match self {
                    Variant::$English => <super::$EnglishRules as Rules>::NAME,
                    $(Variant::$Name => <super::$Rules as Rules>::NAME,)*
                }
            }

            /// The PDN `GameType` number ([`Rules::GAME_TYPE`]).
            pub const fn game_type(self) -> u32 {
                match self {
                    Variant::$English => <super::$EnglishRules as Rules>::GAME_TYPE,
                    $(Variant::$Name => <super::$Rules as Rules>::GAME_TYPE,)*
                }
            }

            /// The variant's title as people write it
            /// (`"International draughts"`, `"Pool checkers"`).
            pub const fn title(self) -> &'static str {
                match self {
                    Variant::$English => $english_title,
                    $(Variant::$Name => $title,)*
                }
            }

            /// The name the Hub protocol's `variant` parameter uses
            /// (Scan's where Scan plays the variant: `"normal"` for
            /// International), as [`hub_position`](super::hub_position) and the
            /// Hub example speak it.
            pub const fn hub_name(self) -> &'static str {
                match self {
                    Variant::$English => $english_hub,
                    $(Variant::$Name => $hub,)*
                }
            }

            /// The name of the variant's position type in
            /// [`draughts`](super) (`"International"` for
            /// [`International`](super::International)).
            pub const fn type_name(self) -> &'static str {
                match self {
                    Variant::$English => stringify!($English),
                    $(Variant::$Name => stringify!($Name),)*
                }
            }

            /// Calls `visitor` with the variant's rules.
            pub fn visit_rules<V: RulesVisitor>(self, visitor: V) -> V::Output {
                match self {
                    Variant::$English => visitor.visit::<super::$EnglishRules>(),
                    $(Variant::$Name => visitor.visit::<super::$Rules>(),)*
                }
            }
        }
    };
}

crate::catalog::draughts_variants!(rules_variants);

impl Variant {
    /// The variant a `GameType` tag value names (`20`, or
    /// `20,W,10,10,N2,0`), if it is one of the crate's.
    pub fn from_game_type(tag: &str) -> Option<Variant> {
        let number = game_type_number(tag);
        Variant::ALL
            .into_iter()
            .find(|variant| variant.game_type().to_string() == number)
    }

    /// The variant named `name` (as [`Variant::name`] writes it, any
    /// case), or `None`.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|variant| variant.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The variant whose [`hub_name`](Variant::hub_name) is `name` (any
    /// case), or `None`.
    pub fn from_hub_name(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|variant| variant.hub_name().eq_ignore_ascii_case(name.trim()))
    }

    /// Every variant's name, joined by `separator` (for messages that
    /// list them).
    pub fn names(separator: &str) -> String {
        Variant::ALL.map(Variant::name).join(separator)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no variant of the crate.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{0}` is no variant: {names} (or a GameType number)", names = Variant::names(", "))]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;

    /// Reads a variant's name (`russian`, any case) or `GameType` number
    /// (`25`).
    ///
    /// # Errors
    ///
    /// [`ParseVariantError`] when `text` is neither.
    fn from_str(text: &str) -> Result<Variant, ParseVariantError> {
        let text = text.trim();
        Variant::from_name(text)
            .or_else(|| Variant::from_game_type(text))
            .ok_or_else(|| ParseVariantError(text.to_owned()))
    }
}
