//! ConnectX: Connect Four's rules on a board of any size — `rows` x
//! `columns` up to 16 x 16, with any number in a row from 2 to 16 winning
//! (Kaggle's ConnectX `rows`, `columns`, `inarow`; OpenSpiel's m,n,k games
//! with gravity). Two players, X first, gravity drops, the first line wins,
//! a full board is a draw.
//!
//! This module owns the parametrised rules, flat re-exported:
//! - [`Parameters`]: rows, columns and the line length, validated
//!   ([`ParametersError`]); the default is Connect Four, 6x7x4;
//! - [`Column`]: the move, a column index `0..=15` that round-trips as text
//!   without a board; a position decides whether it exists there;
//! - [`Board`]: the assignment's `GameBoard` queries for any size
//!   (`check_for_win`, `is_column_free`, `piece_at`, ...), with no notion
//!   of turns, and its text;
//! - [`ConnectX`]: the game — a `Board` plus whose turn it is —
//!   implementing [`Game`](crate::Game), with [`Ending`], a fast perft and
//!   a validated text with the parameters (`FromStr`, serde);
//! - for learning agents: `ConnectX` is an
//!   [`Environment`](crate::agent::Environment) (one action per column, a
//!   2 x rows x columns observation), and Kaggle ConnectX's board encoding
//!   for any configuration ([`ConnectX::to_kaggle_board`],
//!   [`ConnectX::from_kaggle_board`], [`ConnectX::parse_kaggle_board`]);
//! - a computer player by level for any board ([`engine`]: Monte Carlo
//!   tree search).
//!
//! The players are Connect Four's [`Player`]s. [`Connect4`](crate::connect4::Connect4)
//! stays the fast type for 6x7x4; `ConnectX` at 6x7x4 plays exactly the
//! same game.
//!
//! ```
//! use rulebook::connectx::{ConnectX, Parameters, Player};
//! use rulebook::{Game, Outcome};
//!
//! // Kaggle-style parameters: 8 rows, 9 columns, 5 in a row.
//! let parameters = Parameters::new(8, 9, 5).unwrap();
//! let mut game = ConnectX::new(parameters);
//! assert_eq!(game.legal_moves().len(), 9);
//! for text in ["0", "8", "1", "8", "2", "8", "3", "8", "4"] {
//!     let column = parameters.parse_column(text).unwrap();
//!     game.apply(column).unwrap();
//! }
//! assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
//! assert!(parameters.parse_column("9").is_err());
//! ```
//!
//! Internally a board is one 16-bit word per column and player; a line
//! through the last token is found by walking out from it, and the perft
//! finds the columns that would complete a line for all columns at once.

mod bitboard;
mod board;
mod column;
mod ending;
pub(crate) mod environment;
mod game;
mod kaggle;
mod levels;
mod lines;
mod parameters;
mod perft;
mod position;
mod text;

pub use crate::connect4::Player;
pub use board::{Board, PlaceTokenError};
pub use column::{Column, ColumnOf, ColumnOutOfRange, ParseColumnError};
pub use ending::Ending;
pub use environment::{OPPONENT_PLANE, OWN_PLANE};
pub use game::{ConnectX, Moves};
pub use kaggle::{KaggleBoardError, KAGGLE_EMPTY};
pub use levels::{engine, level_limits, DEFAULT_LEVEL, MAX_LEVEL};
pub use parameters::{Parameters, ParametersError, ParseParametersError};
pub(crate) use position::impl_position_text;
pub use position::{ParsePositionError, PositionError};
pub use text::{ParseBoardError, EMPTY_CELL_CHAR, PARAMETERS_SEPARATOR, ROW_SEPARATOR};

/// The fewest rows of a board.
pub const MIN_ROWS: usize = 1;
/// The most rows of a board.
pub const MAX_ROWS: usize = 16;
/// The fewest columns of a board.
pub const MIN_COLUMNS: usize = 1;
/// The most columns of a board, and so the most moves in a position.
pub const MAX_COLUMNS: usize = 16;
/// The shortest winning line.
pub const MIN_IN_A_ROW: usize = 2;
/// The longest winning line.
pub const MAX_IN_A_ROW: usize = 16;
