//! The registry: every game of the catalog and every draughts variant,
//! each named ONCE, here. Everything that lists games is generated from
//! these two lists: [`GameSpec`] (its variants, [`GameSpec::ALL`],
//! [`GameSpec::NAMES`], names, titles, [`GameSpec::visit`],
//! [`GameSpec::visit_environment`]), the catalog's [`Variant`], the
//! draughts family's [`draughts::Variant`](crate::draughts::Variant)
//! (PDN `GameType`s, Hub names, [`RulesVisitor`](crate::draughts::RulesVisitor))
//! and [`draughts::pdn`](crate::draughts::pdn)'s `AnyMatch` and
//! `AnyReplayError`. The front doors (the server and its page, the Python
//! package and its stubs, the examples) take their lists from these.
//!
//! What a game is lives with the game: its rules, and its [`Described`]
//! implementation (players, notation, board, levels, records). An entry
//! here adds only what names the game among the others.
//!
//! # Adding a draughts variant
//!
//! Its [`Rules`](crate::draughts::Rules) marker (`KillerRules`) and type
//! alias (`pub type Killer = Draughts<KillerRules>;`) in
//! [`draughts`](crate::draughts), then one line in [`draughts_variants`]:
//!
//! ```text
//! Killer(KillerRules) "Killer draughts" "killer";
//! ```
//!
//! (the enum name, which is also the type alias' name and Python's class
//! name; the rules marker; the title; the name the Hub protocol uses,
//! Scan's where Scan has the variant).
//!
//! # Adding another game
//!
//! Its module, with `Described` implemented for its type (`Turkish`), then
//! one entry in the [`games!`] invocation below:
//!
//! ```text
//! /// Turkish draughts ([`Turkish`]).
//! Turkish {
//!     name: "turkish", title: "Turkish draughts", type_name: "Turkish",
//!     game_type: Some(turkish::GAME_TYPE),
//!     all: &[GameSpec::Turkish],
//!     visit: Start::<Turkish>::visit, environment: Start::<Turkish>::environment,
//! },
//! ```

use core::marker::PhantomData;

use super::spec::CHECKERS_GAME_TYPE;
use super::{Described, EnvironmentVisitor, GameVisitor, Variant};
use crate::agent::Environment;
use crate::checkers::{self, Checkers};
use crate::connect4::Connect4;
use crate::connectx::{ConnectX, Parameters};
use crate::othello::Othello;
use crate::turkish::{self, Turkish};

/// Calls `$callback! { .. }` with every draughts rule set of the crate:
/// first, after `checkers`, the English rules (whose game in the catalog
/// is [`GameSpec::Checkers`], the [`Checkers`] type), then every variant
/// of the catalog's [`Variant`], each as
/// `Name(RulesMarker) "Title" "hub-name";`.
///
/// The one list of draughts variants: add a variant here (one line) and
/// every list of variants has it.
macro_rules! draughts_variants {
    ($callback:ident) => {
        $callback! {
            checkers English(EnglishRules) "English checkers" "english";
            International(InternationalRules) "International draughts" "normal";
            Brazilian(BrazilianRules) "Brazilian draughts" "brazilian";
            Russian(RussianRules) "Russian draughts" "russian";
            Pool(PoolRules) "Pool checkers" "pool";
            Italian(ItalianRules) "Italian draughts" "italian";
            Spanish(SpanishRules) "Spanish draughts" "spanish";
            Czech(CzechRules) "Czech draughts" "czech";
            Frisian(FrisianRules) "Frisian draughts" "frisian";
            Frysk(FryskRules) "Frysk!" "frysk";
            Killer(KillerRules) "Killer draughts" "killer";
            Breakthrough(BreakthroughRules) "Breakthrough draughts" "bt";
            Antidraughts(AntidraughtsRules) "Antidraughts" "losing";
        }
    };
}
pub(crate) use draughts_variants;

/// The start of a game that has no parameters: its `Default` position,
/// and the same as its learning-agent environment (`E`, the position
/// itself or a hop-by-hop wrapper).
pub(super) struct Start<G, E = G>(PhantomData<(G, E)>);

impl<G, E> Start<G, E>
where
    G: Described + Default,
    G::Move: Send + Sync,
    G::Player: Send + Sync,
    G::Ending: Send + Sync,
    E: Environment<Game = G> + Default + Send + Sync + 'static,
{
    /// `visitor.visit(G::default())`.
    fn visit<V: GameVisitor>((): (), visitor: V) -> V::Output {
        visitor.visit(G::default())
    }

    /// `visitor.visit(E::default())`.
    fn environment<V: EnvironmentVisitor>((): (), visitor: V) -> V::Output {
        visitor.visit(E::default())
    }
}

/// ConnectX of the spec's size.
fn visit_connectx<V: GameVisitor>(parameters: Parameters, visitor: V) -> V::Output {
    visitor.visit(ConnectX::new(parameters))
}

/// ConnectX of the spec's size, as its own environment.
fn environment_connectx<V: EnvironmentVisitor>(parameters: Parameters, visitor: V) -> V::Output {
    visitor.visit(ConnectX::new(parameters))
}

/// Generates [`GameSpec`] and its lists from the entries of the one
/// invocation below. An entry: the variant (with `(binding: Payload)` for
/// a game with parameters, the binding usable in the entry's
/// expressions), its `name` (a `const` expression), `title`, `type_name`
/// (the Rust type's name, also Python's class name), `game_type` (its PDN
/// `GameType`, `Option<u32>`), `all` (the specs it
/// adds to [`GameSpec::ALL`]), and the functions that call a visitor with
/// its start position and its environment (`fn(payload or (), V) ->
/// V::Output`).
macro_rules! games {
    ($(
        $(#[$doc:meta])*
        $Name:ident $(($bind:ident: $Payload:ty))? {
            name: $name:expr,
            title: $title:expr,
            type_name: $type_name:expr,
            game_type: $game_type:expr,
            all: $all:expr,
            visit: $visit:expr,
            environment: $environment:expr $(,)?
        }
    ),* $(,)?) => {
        /// Which game, with its parameters: what a user names (`"checkers"`,
        /// `"russian"`, `"connectx:8x9x5"`), and the one place front doors
        /// turn that name into a game type ([`GameSpec::visit`]).
        ///
        /// `Display` writes the text `FromStr` reads: the game's
        /// [name](GameSpec::name), and for ConnectX `:` and its parameters
        /// (`connectx:8x9x5`, rows x columns x in-a-row). `FromStr` also
        /// reads a bare `connectx` (Connect Four's size, 6x7x4) and any
        /// case. With the `serde` feature a spec is that text.
        ///
        /// Generated from the registry (`src/machinery/catalog/registry.rs`), where
        /// each game is named once.
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
            $(
                $(#[$doc])*
                $Name $(($Payload))?,
            )*
        }

        impl GameSpec {
            /// Every game, with ConnectX at Connect Four's size, in the
            /// registry's order (that of [`GameSpec::NAMES`]).
            pub const ALL: [GameSpec; GAME_COUNT] = concat_specs([$($all),*]);

            /// The game's name, without parameters: one of
            /// [`GameSpec::NAMES`] (`"connectx"` whatever its size).
            #[allow(unused_variables)]
            pub const fn name(&self) -> &'static str {
                match *self {
                    $(GameSpec::$Name $(($bind))? => $name,)*
                }
            }

            /// The game's title as people write it (`"Connect Four"`,
            /// `"ConnectX 8x9x5"`, `"Russian draughts"`, `"Pool checkers"`).
            #[allow(unused_variables)]
            pub fn title(&self) -> String {
                match *self {
                    $(GameSpec::$Name $(($bind))? => $title.into(),)*
                }
            }

            /// The name of the game's Rust type in this crate
            /// (`"Connect4"`, `"ConnectX"`, `"Checkers"`, `"Russian"`, ...),
            /// which is also the Python package's class of the game.
            #[allow(unused_variables)]
            pub const fn type_name(&self) -> &'static str {
                match *self {
                    $(GameSpec::$Name $(($bind))? => $type_name,)*
                }
            }

            /// The game's PDN `GameType` (PDN 3.0's number: 21 for
            /// checkers, 20 for International draughts, 30 for Turkish
            /// draughts, ...), or `None` for a game PDN does not number
            /// (Connect Four, ConnectX, Othello).
            #[allow(unused_variables)]
            pub const fn game_type(&self) -> Option<u32> {
                match *self {
                    $(GameSpec::$Name $(($bind))? => $game_type,)*
                }
            }

            /// Calls `visitor` with the spec's start position:
            /// `Connect4::default()`, `ConnectX::new(parameters)`,
            /// `Checkers::default()`, `Russian::default()`, ... The
            /// dispatch point of every front door.
            pub fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
                match *self {
                    $(GameSpec::$Name $(($bind))? => ($visit)(($($bind)?), visitor),)*
                }
            }

            /// Calls `visitor` with the learning-agent environment of the
            /// game at its start: the position itself for the
            /// one-action-per-move games (`Connect4`, `ConnectX` of the
            /// spec's size, `Othello`),
            /// [`checkers::HopByHop`](crate::checkers::HopByHop) for
            /// checkers and
            /// [`draughts::HopByHop`](crate::draughts::HopByHop) of the
            /// variant for the draughts family,
            /// [`turkish::HopByHop`](crate::turkish::HopByHop) for Turkish
            /// draughts.
            ///
            /// ```
            /// use rulebook::agent::Environment;
            /// use rulebook::catalog::{Described, EnvironmentVisitor, GameSpec};
            ///
            /// /// (actions, observation shape) of a game's environment.
            /// struct Sizes;
            /// impl EnvironmentVisitor for Sizes {
            ///     type Output = (usize, String);
            ///     fn visit<E>(self, start: E) -> (usize, String)
            ///     where
            ///         E: Environment + Send + Sync + 'static,
            ///         E::Game: Described,
            ///     {
            ///         (start.action_count(), start.observation_shape().to_string())
            ///     }
            /// }
            ///
            /// let sizes = |name: &str| name.parse::<GameSpec>().unwrap().visit_environment(Sizes);
            /// assert_eq!(sizes("connect4"), (7, "2x6x7".to_owned()));
            /// assert_eq!(sizes("checkers"), (128, "6x8x4".to_owned()));
            /// assert_eq!(sizes("international"), (1800, "6x10x5".to_owned()));
            /// assert_eq!(sizes("russian"), (896, "6x8x4".to_owned()));
            /// assert_eq!(sizes("othello"), (65, "2x8x8".to_owned()));
            /// assert_eq!(sizes("turkish"), (1792, "6x8x8".to_owned()));
            /// ```
            pub fn visit_environment<V: EnvironmentVisitor>(&self, visitor: V) -> V::Output {
                match *self {
                    $(GameSpec::$Name $(($bind))? => ($environment)(($($bind)?), visitor),)*
                }
            }
        }

        /// The number of specs in [`GameSpec::ALL`].
        const GAME_COUNT: usize = 0 $(+ {
            let all: &[GameSpec] = $all;
            all.len()
        })*;
    };
}

games! {
    /// Connect Four ([`Connect4`]).
    Connect4 {
        name: "connect4",
        title: "Connect Four",
        type_name: "Connect4",
        game_type: None,
        all: &[GameSpec::Connect4],
        visit: Start::<Connect4>::visit,
        environment: Start::<Connect4>::environment,
    },
    /// Connect Four's rules on another board ([`ConnectX`]), with its
    /// validated parameters.
    ConnectX(parameters: Parameters) {
        name: "connectx",
        title: format!("ConnectX {parameters}"),
        type_name: "ConnectX",
        game_type: None,
        all: &[GameSpec::ConnectX(Parameters::CONNECT_FOUR)],
        visit: visit_connectx,
        environment: environment_connectx,
    },
    /// English checkers ([`Checkers`]).
    Checkers {
        name: "checkers",
        title: "Checkers",
        type_name: "Checkers",
        game_type: Some(CHECKERS_GAME_TYPE),
        all: &[GameSpec::Checkers],
        visit: Start::<Checkers, checkers::HopByHop>::visit,
        environment: Start::<Checkers, checkers::HopByHop>::environment,
    },
    /// A draughts variant ([`crate::draughts`]).
    Draughts(variant: Variant) {
        name: variant.name(),
        title: variant.title(),
        type_name: variant.type_name(),
        game_type: Some(variant.game_type()),
        all: &Variant::SPECS,
        visit: Variant::visit,
        environment: Variant::visit_environment,
    },
    /// Othello ([`Othello`]).
    Othello {
        name: "othello",
        title: "Othello",
        type_name: "Othello",
        game_type: None,
        all: &[GameSpec::Othello],
        visit: Start::<Othello>::visit,
        environment: Start::<Othello>::environment,
    },
    /// Turkish draughts ([`Turkish`]).
    Turkish {
        name: "turkish",
        title: "Turkish draughts",
        type_name: "Turkish",
        game_type: Some(turkish::GAME_TYPE),
        all: &[GameSpec::Turkish],
        visit: Start::<Turkish, turkish::HopByHop>::visit,
        environment: Start::<Turkish, turkish::HopByHop>::environment,
    },
}

/// The specs of `lists`, one after another (for [`GameSpec::ALL`]).
const fn concat_specs<const N: usize, const L: usize>(lists: [&[GameSpec]; L]) -> [GameSpec; N] {
    let mut all = [GameSpec::Connect4; N];
    let mut filled = 0;
    let mut list = 0;
    while list < lists.len() {
        let mut index = 0;
        while index < lists[list].len() {
            all[filled] = lists[list][index];
            filled += 1;
            index += 1;
        }
        list += 1;
    }
    assert!(filled == N, "GAME_COUNT counts every list");
    all
}
