//! Othello (Reversi): the 8x8 board, discs that flank a line of the
//! opponent's turn it over, a pass when a player cannot move, the end when
//! neither can, the winner by disc count.
//!
//! This module owns the Othello rules, flat re-exported:
//! - [`Player`] (Black moves first, `X` in texts; White, `O`),
//!   [`Square`] (`a1` to `h8`) and [`Move`] (a square, or `pass`);
//! - [`Othello`]: the position, two bitboards and the side to move,
//!   implementing [`Game`](crate::Game), with [`Ending`], a fast
//!   bulk-counting perft (and [`Othello::perft_with_end_passes`], the
//!   convention of Aart Bik's published table), moves read against the position with the legal
//!   moves in every refusal ([`Othello::parse_move`], [`MoveError`]), and
//!   the common one-line board text ([`Othello::text`], `FromStr`, serde;
//!   [`ParseBoardError`]).
//! - for learning agents: `Othello` is an
//!   [`Environment`](crate::agent::Environment) (65 actions, the pass
//!   included, and a 2x8x8 observation from the mover's side, see
//!   [`OBSERVATION_SHAPE`]);
//! - the 8 symmetries of the board for positions and moves, and a
//!   canonical form ([`Symmetry`], [`Othello::canonical`],
//!   [`Othello::canonical_key`]);
//! - the computer players: [`Evaluation`] (mobility, corners, stable
//!   discs, parity) and [`engine`] by level, 1 to [`MAX_LEVEL`].
//!
//! ```
//! use rulebook::othello::{Move, Othello, Player};
//! use rulebook::Game;
//!
//! let mut game = Othello::default();
//! for text in ["f5", "d6", "c3", "d3", "c4"] {
//!     let mv = game.parse_move(text).unwrap();
//!     game.apply(mv).unwrap();
//! }
//! assert_eq!(game.to_move(), Player::White);
//! assert!(game.parse_move("a1").unwrap_err().to_string().contains("legal moves:"));
//! assert_eq!(rulebook::perft(&Othello::default(), 6), 8200);
//! ```
//!
//! Move generation works on all squares at once by shifts (a Kogge-Stone
//! fill per direction) and finds the discs a move turns over with one
//! carry or leading-zero count per ray: no heap, no tables but 4 KiB of
//! rays.

mod bitboard;
mod environment;
mod eval;
mod levels;
mod perft;
mod player;
mod position;
mod square;
mod symmetry;
mod text;

pub use environment::{ACTION_COUNT, OBSERVATION_SHAPE, OPPONENT_PLANE, OWN_PLANE, PASS_ACTION};
pub use eval::{Evaluation, CORNER_VALUE};
pub use levels::{engine, level_limits, DEFAULT_LEVEL, MAX_LEVEL};
pub use player::Player;
pub use position::{Ending, MoveError, Moves, Othello, OverlapError};
pub use square::{Move, ParseMoveError, Square};
pub use symmetry::Symmetry;
pub use text::{ParseBoardError, EMPTY_SYMBOL};

/// Squares on a side of the board.
pub const SIZE: usize = 8;

/// The capacity of a move list: more than the most disc moves a position
/// can have (at most one per empty square, and a move needs two discs on
/// the board).
pub const MAX_MOVES: usize = SIZE * SIZE;
