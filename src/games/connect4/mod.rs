//! Connect Four: a 6x7 board, gravity drops, four in a row wins, a full board
//! is a draw.
//!
//! This module owns the Connect Four rules, flat re-exported:
//! - [`Player`] (`X` moves first, `O`) and [`Column`], the move type;
//! - [`Board`]: the tokens on the grid, with the classic `GameBoard`
//!   queries (token placement, win and tie tests, the console `Display`)
//!   and no notion of turns;
//! - [`Connect4`]: the game — a `Board` plus whose turn it is —
//!   implementing [`Game`](crate::Game), with [`Ending`], a fast perft,
//!   [`Connect4::from_moves`] (solver notation) and a validated compact text
//!   form ([`Connect4::text`], `FromStr`, serde);
//! - for learning agents: `Connect4` is an
//!   [`Environment`](crate::agent::Environment) (7 actions, a 2x6x7
//!   observation, see [`OBSERVATION_SHAPE`]);
//! - the left-right mirror of positions and moves and a canonical form
//!   ([`Connect4::mirrored`], [`Connect4::canonical_key`], [`Symmetry`]);
//! - the exact [`Solver`] (scores, best moves, its opening [`Book`]) and the
//!   computer players: [`engine`] by level, 1 to [`MAX_LEVEL`], whose top
//!   level is the [`PerfectPlayer`];
//! - Kaggle ConnectX's board encoding ([`Connect4::to_kaggle_board`],
//!   [`Connect4::parse_kaggle_board`]) and how to bridge a bot to Kaggle.
//!
//! Connect Four is ConnectX's 6x7x4, and speaks its vocabulary: [`Column`]
//! is ConnectX's [`ColumnOf`](crate::connectx::ColumnOf) narrowed to 7
//! columns; the text, position, Kaggle and column errors are ConnectX's
//! (re-exported here); boards and positions convert both ways
//! (`From<Connect4> for ConnectX`, `TryFrom<ConnectX> for Connect4`, with
//! [`NotConnectFourError`] for other sizes). Only the hot path — moves,
//! apply, perft, search, the solver — is Connect Four's own bit sets.
//!
//! ```
//! use rulebook::connect4::{Column, Connect4, Player};
//! use rulebook::{Game, Outcome};
//!
//! // X plays column 0 four times (1-indexed "1" in solver notation).
//! let game = Connect4::from_moves("1212121").unwrap();
//! assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
//! assert!(game.legal_moves().is_empty());
//!
//! let mut game = Connect4::default();
//! game.apply(Column::new(3).unwrap()).unwrap();
//! assert_eq!(game.to_move(), Player::O);
//! assert_eq!(rulebook::perft(&Connect4::default(), 4), 2401);
//! ```
//!
//! The whole position is 16 bytes (one 64-bit set of cells per player), and
//! four in a row is found with a few shifts.

mod bitboard;
mod board;
mod column;
mod connectx_form;
mod ending;
mod environment;
mod eval;
mod from_moves;
mod game;
mod kaggle;
mod levels;
mod perfect;
mod perft;
mod player;
mod position_text;
mod record;
mod solver;
mod symmetry;

pub use crate::connectx::{
    ColumnOutOfRange, KaggleBoardError, ParseBoardError, ParseColumnError, ParsePositionError,
    PlaceTokenError, PositionError, EMPTY_CELL_CHAR, KAGGLE_EMPTY, OPPONENT_PLANE, OWN_PLANE,
    ROW_SEPARATOR,
};
pub use board::Board;
pub use column::Column;
pub use connectx_form::NotConnectFourError;
pub use ending::Ending;
pub use environment::OBSERVATION_SHAPE;
pub use eval::{Evaluation, THREAT_VALUE};
pub use from_moves::FromMovesError;
pub use game::{Connect4, Moves};
pub use levels::{engine, level_limits, DEFAULT_LEVEL, MAX_LEVEL, MAX_SEARCH_LEVEL, PERFECT_LEVEL};
pub use perfect::PerfectPlayer;
pub use player::Player;
pub use solver::{
    opening_positions, Book, BookError, SolveError, Solver, TableSizeError, DEFAULT_TABLE_BITS,
    FORMAT_VERSION, MAX_BOOK_DEPTH, MAX_TABLE_BITS, MIN_TABLE_BITS,
};
pub use symmetry::Symmetry;

/// Rows of the board.
pub const ROWS: usize = 6;
/// Columns of the board.
pub const COLUMNS: usize = 7;
/// Cells of the board, and so the most moves a game can last.
pub const CELLS: usize = ROWS * COLUMNS;
/// Tokens in a line that win.
pub const WIN_LENGTH: usize = 4;
