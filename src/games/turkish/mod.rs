//! Turkish draughts (dama): the 8x8 board with every square used, men
//! that move and capture forward and sideways, flying kings along ranks
//! and files, pieces taken off one by one during a capture.
//!
//! # Rules
//!
//! As *Turkish Draughts (Dama): Rules of Game and Learning Guide* (the
//! English rules guide of the game), Wikipedia's *Turkish draughts* and
//! kish 1.1.7's `RULES.md` give them (the repository's
//! `docs/turkish.md` cites them and says where they differ):
//!
//! - The board: 8x8, all 64 squares used. White's 16 men stand on ranks 2
//!   and 3, Black's on ranks 6 and 7; White moves first.
//! - A man steps one square forward or sideways (never back, never
//!   diagonally). A man reaching the far rank (rank 8 for White, 1 for
//!   Black) becomes a king (*dama*) at the end of its move.
//! - A king moves any distance along a rank or file, over empty squares.
//! - Capturing is compulsory. A man captures forward or sideways by
//!   jumping an adjacent opponent piece to the empty square beyond; a king
//!   captures along a rank or file over any empty squares, jumping one
//!   piece and landing on any empty square beyond it.
//! - A capture goes on as long as it can, and the player must choose a
//!   capture that takes the most pieces (men and kings count alike; among
//!   those the choice is free).
//! - Each piece taken leaves the board at once, so a capture may cross
//!   its square again and new captures may open; within a capture the
//!   piece may not turn back (180°) between two captures.
//! - A man that reaches the far rank during a capture goes on capturing
//!   as a man, if it can, and is crowned when the move ends (kish and
//!   Wikipedia; some rules pages let it go on as a king).
//! - A player who cannot move (no pieces, or all blocked) loses.
//!
//! Draws (by agreement, repetition, no progress) are rules of the match:
//! [`DRAW_RULES`] for a [`Match`](crate::Match).
//!
//! Two capture routes that start and end on the same squares and take the
//! same pieces are one move (the position after them is one); the first
//! found is listed, and [`Turkish::parse_move`] reads the others as it.
//!
//! This module owns the Turkish rules, flat re-exported: [`Turkish`] (the
//! position, implementing [`Game`](crate::Game)), [`Move`] and its text
//! (`d3-d4`, `d3xd5xf5`), [`Moves`], FEN text ([`Turkish::from_fen`]),
//! PDN records (`GameType` [`GAME_TYPE`], through [`crate::pdn`]),
//! a fast perft, and the computer players ([`Evaluation`], [`engine`]
//! by level, on the crate's generic alpha-beta search). Its sides are the draughts family's [`Color`], its
//! squares Othello's 8x8 [`Square`] (`a1`-`h8`, index `row * 8 +
//! column`).
//!
//! ```
//! use rulebook::turkish::Turkish;
//! use rulebook::Game;
//!
//! let mut game = Turkish::default();
//! assert_eq!(game.legal_moves().len(), 8);
//! let mv = game.parse_move("d3-d4").unwrap();
//! game.apply(mv).unwrap();
//! assert_eq!(rulebook::perft(&Turkish::default(), 4), 7538);
//! ```

mod board_view;
mod described;
mod environment;
mod eval;
mod fen;
mod geometry;
mod hub;
mod levels;
mod move_list;
mod movegen;
mod moves;
mod pdn;
mod perft;
mod position;

pub use crate::draughts::{Color, Ending, FenError, PositionError};
pub use crate::othello::Square;
pub use environment::HopByHop;
pub use eval::{Evaluation, ADVANCE_VALUE, KING_VALUE, MAN_VALUE, NEAR_CROWN_VALUE};
pub use geometry::{SIZE, SQUARES};
pub use hub::{hub_move, hub_position, parse_hub_move, parse_hub_position};
pub use levels::{engine, level_limits, DEFAULT_LEVEL, MAX_LEVEL};
pub use move_list::{IntoIter as MovesIntoIter, Moves, INLINE_MOVES};
pub use moves::{Move, ParseMoveError, MAX_CAPTURES, MAX_ROUTE};
pub use pdn::GAME_TYPE;
pub use position::{ResolveMoveError, Turkish};

/// The most pieces a side has: the 16 men it starts with.
pub const MAX_PIECES: u32 = 16;

/// The draw rules of a [`Match`](crate::Match) of Turkish draughts:
/// threefold repetition, and 25 moves per side without a capture or a
/// man's step forward (kish's 50 plies without a capture; a man's step
/// forward, which cannot be undone, resets the count here too, as
/// [`Game::is_irreversible`](crate::Game::is_irreversible) says).
pub const DRAW_RULES: crate::DrawRules = crate::DrawRules {
    threefold_repetition: true,
    move_limit: Some(25),
};
