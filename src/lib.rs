//! # rulebook
//!
//! The exact rules of classic board games behind one [`Game`] trait.
//!
//! - [`Game`] — pure rules: a small, `Copy`-friendly position with
//!   `legal_moves` / `apply` / `outcome`, a 64-bit [`key`](Game::key) for
//!   transposition tables, and `G::default()` as the start position.
//!   Generic code (perft, search, a game server) sees only this.
//! - [`connect4`] — Connect Four.
//! - [`connectx`] — Connect Four's rules on boards of any size up to 16x16,
//!   any number in a row (Kaggle's ConnectX, m,n,k games with gravity).
//! - [`checkers`] — English (American) checkers.
//! - [`draughts`] — International, Brazilian, Russian, pool, Italian,
//!   Spanish and Czech draughts on one engine; [`pdn`] — PDN records,
//!   shared by checkers and draughts.
//! - [`endgame`] — endgame databases of checkers and draughts: built by
//!   retrograde analysis, stored in checked files, probed by a
//!   [`Tablebase`](endgame::Tablebase).
//! - [`book`] — opening books for any game, built from played games (the
//!   records of [`pdn`], self-play) and played by an
//!   [`Engine`](search::Engine) before it searches.
//! - [`othello`] — Othello (Reversi) on bitboards.
//! - [`turkish`] — Turkish draughts (dama): every square used, orthogonal
//!   moves, flying kings, pieces removed one by one during a capture.
//! - [`Match`] — a game between two players: history, undo/redo, draw
//!   offers, resignation, optional automatic draw rules.
//! - [`search`] — computer players for every game: generic alpha-beta and
//!   Monte Carlo tree search, and [`Engine`](search::Engine), a computer
//!   player by level ([`checkers::engine`], [`connect4::engine`]).
//! - [`perft`], [`perft_divide`], [`perft_parallel`] — count move sequences
//!   (the proof of a move generator), per root move, on several threads;
//!   [`perft_plain`] counts through the trait alone, as a search walks;
//!   [`count_games`] — count complete games.
//! - [`catalog`] — what front doors (a server, a web page, Python) need
//!   to know of each game: [`GameSpec`](catalog::GameSpec) names a game,
//!   [`Described`](catalog::Described) describes it (text, board, engines,
//!   records).
//! - [`agent`] — games as environments for learning agents: numbered
//!   actions, legal-action masks, observation tensors.
//! - `testing` (feature `testing`) — the conformance kit: checks that a
//!   game of your own keeps the [`Game`] contract.
//! - [`prelude`] — `use rulebook::prelude::*;` brings the [`Game`] trait
//!   (whose methods, such as `legal_moves`, need it in scope), [`Match`],
//!   [`Outcome`] and [`PlayerOutcome`].
//!
//! # Quick start
//!
//! ```toml
//! [dependencies]
//! rulebook = "0.1"
//! ```
//!
//! Every game is a position type implementing [`Game`]; `G::default()` is
//! the start, moves are small `Copy` values that print and parse in the
//! game's notation, and an illegal move is refused with a reason:
//!
//! ```
//! use rulebook::checkers::{Checkers, Player};
//! use rulebook::connect4::{Column, Connect4};
//! use rulebook::prelude::*;
//!
//! // Checkers: PDN move text, resolved against the legal moves.
//! let mut game = Checkers::default();
//! let mv = game.parse_move("11-15").unwrap();
//! game.apply(mv).unwrap();
//! assert_eq!(game.to_move(), Player::White);
//! assert!(game.parse_move("11-15").is_err()); // White to move, 11 is empty
//!
//! // Connect Four: four in a row in column 0 (moves as 1-indexed digits).
//! let game = Connect4::from_moves("1212121").unwrap();
//! assert_eq!(game.outcome(), Some(Outcome::Win(rulebook::connect4::Player::X)));
//! assert_eq!(game.outcome_for(game.to_move()), Some(PlayerOutcome::Loss));
//! assert!(game.legal_moves().is_empty());
//!
//! // Generic code sees only the trait: the same function counts any game.
//! fn replies<G: Game>(position: &G) -> usize {
//!     position.legal_moves().len()
//! }
//! assert_eq!(replies(&Checkers::default()), 7);
//! assert_eq!(replies(&Connect4::default()), Column::ALL.len());
//! assert_eq!(rulebook::perft(&Connect4::default(), 4), 2401);
//!
//! // A match adds history, undo, draw offers, resignation and draw rules.
//! let mut game = Match::with_rules(Checkers::default(), rulebook::DrawRules::TOURNAMENT);
//! game.play(game.position().parse_move("9-13").unwrap()).unwrap();
//! game.undo().unwrap();
//! assert_eq!(game.position(), &Checkers::default());
//! ```
//!
//! A computer opponent, by level of play:
//!
//! ```
//! use rulebook::checkers::{self, Checkers};
//! use rulebook::Match;
//!
//! let mut engine = checkers::engine(2).unwrap();
//! let mut game = Match::new(Checkers::default());
//! let reply = engine.think(&game).best_move.unwrap();
//! game.play(reply).unwrap();
//! ```
//!
//! The `examples/` folder of the repository has consoles for every game
//! (`cargo run --example checkers`), perft and solver command lines.
//!
//! # Features
//!
//! - `serde` — `Serialize`/`Deserialize` for players, moves, positions and
//!   matches; positions travel as validated text, so deserializing an
//!   impossible position is an error.
//! - `testing` — the conformance kit, `rulebook::testing` (no extra
//!   dependency).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The layout shows the architecture: `base` (the trait and its
// vocabulary), `games` (one module per game), `machinery` (what is written
// once for every game). The public paths stay flat: every module users
// name is re-exported here, and the crate's own code keeps its short
// `crate::game`, `crate::draughts`, ... paths through the same re-exports.
mod base;
mod games;
mod machinery;
pub mod prelude;

pub use base::hops;
pub use games::{checkers, connect4, connectx, draughts, othello, turkish};
#[cfg(feature = "testing")]
pub use machinery::testing;
pub use machinery::{agent, book, catalog, endgame, pdn, search};

pub(crate) use base::{error, game, kaggle_text, key, move_list, outcome, spill_list, split_mix64};
pub(crate) use machinery::{game_match, perft};

pub use error::PlayError;
pub use game::Game;
pub use game_match::{Action, DrawRules, EndReason, Match, MatchError, MatchResult, UndoError};
pub use key::{mix64, PositionHasher};
pub use move_list::{CapacityError, IntoIter as MoveListIntoIter, MoveList};
pub use outcome::{Outcome, PlayerOutcome};
pub use perft::{
    count_games, perft, perft_divide, perft_parallel, perft_parallel_divide, perft_plain,
};
pub use spill_list::{SpillIter, SpillList};
pub use split_mix64::SplitMix64;

/// The README's code examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The code examples of `docs/`, compiled and run as doctests, so the
/// deeper documentation stays true too.
#[cfg(doctest)]
#[doc = include_str!("../docs/draughts.md")]
#[doc = include_str!("../docs/endgame.md")]
#[doc = include_str!("../docs/search.md")]
#[doc = include_str!("../docs/solver.md")]
struct DocsDoctests;
