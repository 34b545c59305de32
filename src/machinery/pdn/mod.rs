//! PDN (Portable Draughts Notation) records, shared by every draughts game
//! of the crate: [`PdnReader`] splits text into games ([`PdnGame`]: tags,
//! move texts, result) without applying any rules; [`replay`] plays a game
//! under the rules of any game of the family ([`Recorded`]: `Checkers` and
//! every `Draughts` variant) with one set of errors ([`ReplayError`],
//! [`WrittenMove`]), and [`write_match`] writes a match back.
//! [`checkers::pdn`](crate::checkers::pdn) (English checkers) and
//! [`draughts::pdn`](crate::draughts::pdn) (every draughts variant, and
//! picking the variant from the `GameType` tag) name them for their games.
//!
//! PDN counts results in move order: the first number is the score of the
//! side that moves first ([`PdnResult`]).

mod error;
mod game;
mod reader;
mod replay;
mod result;
mod write;

pub use error::{PdnError, PdnErrorKind};
pub use game::{GameId, PdnGame, PdnMove, TextPosition};
pub use reader::PdnReader;
pub(crate) use replay::game_type_number;
pub use replay::{
    replay, start_position, write_match, Recorded, ReplayError, ReplayErrorKind, WrittenMove,
};
pub use result::{ParseResultError, PdnResult};
pub use write::WriteError;
pub(crate) use write::{numbered, write_record, RecordTags};

/// The tag naming the event (tournament or match).
pub const EVENT_TAG: &str = "Event";
/// The tag holding the result (`1-0`, `0-1`, `1/2-1/2`, `*`).
pub const RESULT_TAG: &str = "Result";
/// The tag holding the start position when it is not the standard one.
pub const FEN_TAG: &str = "FEN";
/// The tag naming the variant of draughts.
pub const GAME_TYPE_TAG: &str = "GameType";
/// The tag naming the Black player (in checkers, Red: PDN calls the first
/// player Black).
pub const RED_PLAYER_TAG: &str = "Black";
/// The tag naming the White player.
pub const WHITE_PLAYER_TAG: &str = "White";
/// The tag that says a `FEN` set-up follows (PDN wants it with every
/// `FEN`).
pub const SET_UP_TAG: &str = "SetUp";
