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
//! - [`othello`] — Othello (Reversi) on bitboards.
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
//!   (whose methods, such as `legal_moves`, need it in scope), [`Match`]
//!   and [`Outcome`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod agent;
pub mod catalog;
pub mod checkers;
pub mod connect4;
pub mod connectx;
pub mod draughts;
mod error;
mod game;
mod game_match;
mod kaggle_text;
mod key;
mod move_list;
pub mod othello;
mod outcome;
pub mod pdn;
mod perft;
pub mod prelude;
pub mod search;
#[cfg(feature = "testing")]
pub mod testing;

pub use error::PlayError;
pub use game::Game;
pub use game_match::{Action, DrawRules, EndReason, Match, MatchError, MatchResult, UndoError};
pub use key::{mix64, PositionHasher};
pub use move_list::{CapacityError, IntoIter as MoveListIntoIter, MoveList};
pub use outcome::{Outcome, PlayerOutcome};
pub use perft::{
    count_games, perft, perft_divide, perft_parallel, perft_parallel_divide, perft_plain,
};

/// The README's code examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
