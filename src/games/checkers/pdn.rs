//! PDN (Portable Draughts Notation) game records for English checkers.
//!
//! PDN is the checkers cousin of chess's PGN: tag pairs (`[Event "..."]`),
//! then the moves in numeric notation (`1. 11-15 23-19 2. 8-11 22x15 ...`),
//! then the result.
//!
//! - [`PdnReader`] splits text into games one at a time, each a
//!   [`PdnGame`] (tags, move texts, result) or a [`PdnError`] saying which
//!   game, where, and what is wrong; reading goes on with the next game.
//! - [`PdnGame::replay`] plays a game under the rules into a
//!   [`Match<Checkers>`](crate::Match) (start position from its `FEN` tag,
//!   short move forms resolved, the result applied), or says which move of
//!   which game cannot be played and why ([`ReplayError`]).
//! - [`write_match`] writes a match as PDN that reads back to the same
//!   match.
//!
//! ```
//! use rulebook::checkers::pdn::{write_match, PdnReader};
//!
//! let text = "[Event \"Demo\"]\n1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 1-0\n";
//! let game = PdnReader::new(text).next().unwrap().unwrap();
//! let replayed = game.replay().unwrap();
//! assert_eq!(replayed.history().len(), 6);
//! let result = replayed.result().unwrap();
//! assert_eq!(result.reason, rulebook::EndReason::Resignation);
//!
//! let written = write_match(&replayed, [("Event", "Demo")]).unwrap();
//! assert_eq!(
//!     written,
//!     "[Event \"Demo\"]\n[Result \"1-0\"]\n[GameType \"21\"]\n\n\
//!      1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 1-0\n"
//! );
//! ```
//!
//! # Names: Red is PDN's "Black"
//!
//! PDN calls the side that moves first *Black*; this crate calls it *Red*.
//! So the `Black` tag names the Red player ([`RED_PLAYER_TAG`]), a FEN's
//! `B` means Red, and a result's first number is Red's score: `1-0` means
//! Red won, `0-1` White won (see [`PdnResult`]).

mod replay;
mod writer;

pub use crate::pdn::{
    GameId, ParseResultError, PdnError, PdnErrorKind, PdnGame, PdnMove, PdnReader, PdnResult,
    TextPosition, WriteError, EVENT_TAG, FEN_TAG, GAME_TYPE_TAG, RED_PLAYER_TAG, RESULT_TAG,
    WHITE_PLAYER_TAG,
};
pub use replay::{ReplayError, ReplayErrorKind, WrittenMove};
pub use writer::write_match;

/// The `GameType` of English checkers.
pub const ENGLISH_CHECKERS_GAME_TYPE: &str = "21";
