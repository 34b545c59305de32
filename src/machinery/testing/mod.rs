//! The conformance kit (feature `testing`): checks that a [`Game`]
//! implementation keeps every rule of the trait's contract, on random
//! playouts, so that the author of a game outside this crate can test it
//! the way the crate tests its own games.
//!
//! - [`check_contract`] plays [`Config::playouts`] random games from
//!   `G::default()` (and any extra [start positions](Config::start_position))
//!   and checks every position reached; see [`Rule`] for the list of rules.
//! - [`plain_perft`] is the reference count a fast `perft` must equal.
//! - [`check_described`] checks the
//!   [`Described`](crate::catalog::Described) contract, what the front
//!   doors rely on (text round trips, routes, the board view, levels,
//!   records).
//! - [`check_environment`] does the same for an
//!   [`Environment`](crate::agent::Environment): masks, actions and
//!   observations.
//! - A broken rule comes back as a [`ContractViolation`] naming the rule,
//!   the position (its `Debug` text), the move and the moves that led
//!   there; success as a [`Summary`] of what was covered. Nothing panics
//!   (unless the game itself does), so a test chooses how to fail.
//!
//! The kit draws its playouts from the crate's small seeded generator
//! ([`SplitMix64`](crate::SplitMix64)) instead of depending on `proptest`
//! or `rand`: enabling
//! `testing` adds no dependency, and a seed replays the same games on
//! every platform. What proptest would add, shrinking a failure to a short
//! game, matters less here: the report already lists the moves from the
//! start.
//!
//! # Example: a game of your own
//!
//! A subtraction game (take 1, 2 or 3 stones; who takes the last stone
//! wins) written against the public API only, then checked:
//!
//! ```
//! use core::fmt;
//! use core::str::FromStr;
//! use rulebook::testing::{check_contract, Config};
//! use rulebook::{Game, MoveList, Outcome, PlayError};
//!
//! #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
//! struct Nim { stones: u8, first_to_move: bool }
//!
//! impl Default for Nim {
//!     fn default() -> Self { Nim { stones: 15, first_to_move: true } }
//! }
//!
//! #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
//! struct Take(u8);
//!
//! impl fmt::Display for Take {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{}", self.0) }
//! }
//! impl FromStr for Take {
//!     type Err = core::num::ParseIntError;
//!     fn from_str(text: &str) -> Result<Self, Self::Err> { text.parse().map(Take) }
//! }
//!
//! impl Game for Nim {
//!     type Player = bool; // true: the first player
//!     type Move = Take;
//!     type Moves = MoveList<Take, 3>;
//!     type Ending = &'static str;
//!     const MAX_PLIES: Option<u32> = Some(15); // one stone a move at least
//!
//!     fn to_move(&self) -> bool { self.first_to_move }
//!     fn opponent(player: bool) -> bool { !player }
//!     fn legal_moves(&self) -> Self::Moves {
//!         (1..=self.stones.min(3)).map(Take).collect() // at most 3: fits
//!     }
//!     fn apply(&mut self, mv: Take) -> Result<(), PlayError<Take>> {
//!         if self.stones == 0 {
//!             return Err(PlayError::GameOver);
//!         }
//!         if !self.is_legal(mv) {
//!             return Err(PlayError::IllegalMove(mv));
//!         }
//!         self.apply_unchecked(mv);
//!         Ok(())
//!     }
//!     fn apply_unchecked(&mut self, mv: Take) {
//!         self.stones -= mv.0;
//!         self.first_to_move = !self.first_to_move;
//!     }
//!     fn outcome(&self) -> Option<Outcome<bool>> {
//!         (self.stones == 0).then_some(Outcome::Win(!self.first_to_move))
//!     }
//!     fn ending(&self) -> Option<&'static str> {
//!         (self.stones == 0).then_some("the last stone was taken")
//!     }
//! }
//!
//! // Take 0 and take 4 are never legal: the kit checks they are refused.
//! let config = Config::<Nim>::new()
//!     .seed(7)
//!     .playouts(50)
//!     .candidate_moves([Take(0), Take(1), Take(2), Take(3), Take(4)]);
//! let summary = check_contract(&config).unwrap();
//! assert_eq!(summary.finished_games, 50);
//! ```
//!
//! With the `serde` feature and `serde_json` in a test, add the serde round
//! trips:
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use rulebook::connect4::Connect4;
//! use rulebook::testing::{check_contract, Config};
//!
//! let config = Config::<Connect4>::new()
//!     .playouts(5)
//!     .position_round_trip(|game| Ok(serde_json::from_str(&serde_json::to_string(game)?)?))
//!     .move_round_trip(|mv| Ok(serde_json::from_str(&serde_json::to_string(mv)?)?));
//! check_contract(&config).unwrap();
//! # }
//! ```

mod contract;
mod described;
mod environment;
mod violation;

pub use contract::{
    check_contract, check_distinct_captures, check_one_move_per_result, plain_perft, Summary,
};
pub use described::check_described;
pub use environment::check_environment;
pub use violation::{ContractViolation, Rule};

/// Which captures a game lists as one move, for [`Config::capture_routes`]
/// (the draughts family's `CaptureRoutes`,
/// which every game with capture routes can name).
pub use crate::draughts::CaptureRoutes;
use crate::Game;

/// A round trip a value must survive unchanged, e.g. through serde:
/// `|game| Ok(serde_json::from_str(&serde_json::to_string(game)?)?)`.
///
/// A plain function pointer, so that the kit needs no serialization crate
/// and a non-capturing closure fits.
pub type RoundTrip<T> = fn(&T) -> Result<T, Box<dyn std::error::Error>>;

/// What a capture is, for [`Rule::SameCaptureTwice`]: the square it starts
/// on, the square it ends on, and the squares of the pieces it takes, in
/// the order it takes them. Squares are numbers of the game's choosing
/// (e.g. its square indices); only equality matters.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CaptureIdentity {
    /// The capturing piece's start square.
    pub start: usize,
    /// The square it ends on.
    pub end: usize,
    /// The squares of the pieces taken, in order.
    pub taken: Vec<usize>,
}

/// How the kit learns what a legal move captures in a position: `Some`
/// for a capture, `None` for a move that takes nothing. A plain function
/// pointer, as [`RoundTrip`]; e.g. for draughts
/// `|game, mv| mv.is_capture().then(|| CaptureIdentity { start: mv.from().index(),
/// end: mv.to().index(), taken: game.captured(mv).iter().map(|s| s.index()).collect() })`.
pub type CaptureOf<G> = fn(&G, &<G as Game>::Move) -> Option<CaptureIdentity>;

/// What [`check_contract`] plays and checks: a seed, how many playouts,
/// how long, which extra moves to try. Built with [`Config::new`] and the
/// setters, each returning the updated config:
///
/// ```
/// use rulebook::connect4::{Column, Connect4};
/// use rulebook::testing::Config;
///
/// let config = Config::<Connect4>::new()
///     .seed(42)
///     .playouts(20)
///     .candidate_moves(Column::ALL);
/// assert_eq!(config.playout_count(), 20);
/// ```
#[derive(Clone, Debug)]
pub struct Config<G: Game> {
    seed: u64,
    playouts: usize,
    max_plies: usize,
    perft_depth: u32,
    candidate_moves: Vec<G::Move>,
    start_positions: Vec<G>,
    position_round_trip: Option<RoundTrip<G>>,
    move_round_trip: Option<RoundTrip<G::Move>>,
    capture_of: Option<CaptureOf<G>>,
    capture_routes: CaptureRoutes,
}

/// [`Config::new`]'s number of playouts.
pub const DEFAULT_PLAYOUTS: usize = 100;
/// [`Config::new`]'s longest playout, in plies.
pub const DEFAULT_MAX_PLIES: usize = 1000;
/// [`Config::new`]'s deepest perft comparison.
pub const DEFAULT_PERFT_DEPTH: u32 = 2;

impl<G: Game> Config<G> {
    /// Seed 0, [`DEFAULT_PLAYOUTS`] playouts of at most
    /// [`DEFAULT_MAX_PLIES`] plies from `G::default()`, perft compared up
    /// to [`DEFAULT_PERFT_DEPTH`], no candidate moves, no round trips.
    pub fn new() -> Config<G> {
        Config {
            seed: 0,
            playouts: DEFAULT_PLAYOUTS,
            max_plies: DEFAULT_MAX_PLIES,
            perft_depth: DEFAULT_PERFT_DEPTH,
            candidate_moves: Vec::new(),
            start_positions: Vec::new(),
            position_round_trip: None,
            move_round_trip: None,
            capture_of: None,
            capture_routes: CaptureRoutes::Every,
        }
    }

    /// The seed of the random playouts: the same seed plays the same games.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Config<G> {
        self.seed = seed;
        self
    }

    /// How many random games to play.
    #[must_use]
    pub fn playouts(mut self, playouts: usize) -> Config<G> {
        self.playouts = playouts;
        self
    }

    /// The longest playout, in plies (a game that has not ended by then is
    /// left there). For a game with `MAX_PLIES = Some(n)`, the kit checks
    /// that games from `G::default()` end within `n` plies only when
    /// `max_plies >= n`.
    #[must_use]
    pub fn max_plies(mut self, max_plies: usize) -> Config<G> {
        self.max_plies = max_plies;
        self
    }

    /// The deepest perft compared with the plain recursive count, in every
    /// position reached (keep it small for games with many moves).
    #[must_use]
    pub fn perft_depth(mut self, depth: u32) -> Config<G> {
        self.perft_depth = depth;
        self
    }

    /// Moves to try in every position, legal there or not (e.g. every
    /// column, every step between neighbouring squares), on top of the
    /// moves legal elsewhere in the same playout, which the kit always
    /// tries. Illegal ones must be refused, state unchanged.
    #[must_use]
    pub fn candidate_moves(mut self, moves: impl IntoIterator<Item = G::Move>) -> Config<G> {
        self.candidate_moves.extend(moves);
        self
    }

    /// One more position to start playouts from (endgames, positions with
    /// rare pieces); playouts take `G::default()` and the added positions
    /// in turn. `MAX_PLIES` is checked only on games from `G::default()`.
    #[must_use]
    pub fn start_position(mut self, position: G) -> Config<G> {
        self.start_positions.push(position);
        self
    }

    /// A round trip every position reached must survive equal, with an
    /// equal key (e.g. serde to JSON and back).
    #[must_use]
    pub fn position_round_trip(mut self, round_trip: RoundTrip<G>) -> Config<G> {
        self.position_round_trip = Some(round_trip);
        self
    }

    /// A round trip every legal move must survive equal (e.g. serde).
    #[must_use]
    pub fn move_round_trip(mut self, round_trip: RoundTrip<G::Move>) -> Config<G> {
        self.move_round_trip = Some(round_trip);
        self
    }

    /// How to tell what a legal move captures, for games whose captures
    /// have routes (draughts, checkers): with it, the kit checks in every
    /// position that no two legal moves are the same capture (same start,
    /// end and pieces taken in the same order; [`Rule::SameCaptureTwice`]).
    #[must_use]
    pub fn capture_of(mut self, capture_of: CaptureOf<G>) -> Config<G> {
        self.capture_of = Some(capture_of);
        self
    }

    /// Which captures the game lists as one move (with
    /// [`Config::capture_of`]; [`CaptureRoutes::Every`] unless set): with
    /// [`CaptureRoutes::OnePerResult`], the kit also checks in every
    /// position that no two legal captures take the same set of pieces
    /// from and to the same squares to the same position
    /// ([`Rule::SameResultTwice`]).
    #[must_use]
    pub fn capture_routes(mut self, routes: CaptureRoutes) -> Config<G> {
        self.capture_routes = routes;
        self
    }

    /// The number of playouts configured.
    pub fn playout_count(&self) -> usize {
        self.playouts
    }

    /// The positions playouts start from, in turn: `G::default()` first.
    fn starts(&self) -> Vec<G> {
        core::iter::once(G::default())
            .chain(self.start_positions.iter().cloned())
            .collect()
    }
}

impl<G: Game> Default for Config<G> {
    /// As [`Config::new`].
    fn default() -> Self {
        Config::new()
    }
}
