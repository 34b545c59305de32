//! English (American) checkers, as Microsoft's Checkers plays it.
//!
//! - 8x8 board, play on the 32 dark squares numbered 1–32 as in PDN.
//!   [`Player::Red`] moves first from squares 1–12 (PDN's "B");
//!   [`Player::White`] starts on 21–32.
//! - A man steps one square diagonally forward; a king one square in any
//!   diagonal direction (no flying kings).
//! - Captures are compulsory. A man captures forward only, a king in all
//!   four directions. A multi-jump is one [`Move`], completed to the end of
//!   the path the player chooses (no rule to take the most pieces); captured
//!   pieces are removed when the move ends and none is jumped twice.
//! - A man reaching the far row is crowned and its move ends there. A man
//!   that captures a king stays a man.
//! - A player with no legal move (no pieces, or blocked) has lost
//!   ([`Ending`]).
//! - Two capture paths that visit different squares are different moves,
//!   even with the same pieces taken and the same landing square.
//!
//! `Checkers` is the fast special type of English checkers, which is a
//! variant of the draughts family, and speaks the family's vocabulary:
//! its [`Square`] is the family's
//! ([`draughts::Square`](crate::draughts::Square) on the English board,
//! with the same numbering, text and errors), its [`Piece`] and [`Role`]
//! are the family's
//! ([`draughts::Piece`](crate::draughts::Piece) named by [`Player`], which
//! converts to and from [`draughts::Color`](crate::draughts::Color) at no
//! cost: Red is PDN's Black), its [`Setup`], [`FenError`] and
//! [`PositionError`] are the family's FEN on the English board, and its
//! PDN records replay and write through the family's
//! [`pdn::replay`](crate::pdn::replay) ([`pdn::ReplayError`]).
//!
//! For learning agents, [`HopByHop`] presents the game as an
//! [`Environment`](crate::agent::Environment): 128 actions (a square and a
//! direction, one per hop of a multi-jump) and a 6x8x4 observation.
//!
//! ```
//! use rulebook::checkers::{Checkers, Player};
//! use rulebook::Game;
//!
//! let mut game = Checkers::default();
//! assert_eq!(game.to_move(), Player::Red);
//! assert_eq!(game.legal_moves().len(), 7);
//! let mv = game.parse_move("11-15").unwrap();
//! game.apply(mv).unwrap();
//! assert_eq!(game.legal_moves().len(), 7);
//! assert_eq!(rulebook::perft(&Checkers::default(), 3), 302);
//! ```

mod eval;
mod geometry;
mod hop_by_hop;
mod hops;
mod learned;
mod levels;
mod movegen;
mod moves;
pub mod pdn;
mod perft;
mod piece;
mod position;
mod side;
mod square;

pub use crate::draughts::{FenError, PositionError};
pub use eval::{Evaluation, KING_VALUE, MAN_VALUE};

/// A board as written in PDN FEN, before the rules judge it: the draughts
/// family's [`Setup`](crate::draughts::Setup) on the English board (its
/// squares are checkers' [`Square`], its `Color::Black` is [`Player::Red`]).
/// Parse one with [`FromStr`](core::str::FromStr); turn it into a position
/// with [`Checkers::from_setup`].
pub type Setup = crate::draughts::Setup<crate::draughts::EnglishRules>;
pub use crate::draughts::{ParseSquareError, SquareOutOfRange};
pub use hop_by_hop::{
    HopByHop, ACTION_COUNT, JUMPED_PLANE, JUMPING_PIECE_PLANE, OBSERVATION_SHAPE,
    OPPONENT_KINGS_PLANE, OPPONENT_MEN_PLANE, OWN_KINGS_PLANE, OWN_MEN_PLANE,
};
pub use hops::{EnterMoveError, Entry, PartialCapture};
pub use learned::LearnedEvaluation;
pub use levels::{
    engine, engine_with, level_limits, shipped_book, BOOK_SEED, DEFAULT_LEVEL, DRAW_MARGIN,
    FIRST_BOOK_LEVEL, FIRST_LEARNED_LEVEL, MAX_LEVEL,
};
pub use moves::{Captured, Move, ParseMoveError, Path, MAX_JUMPS};
pub use piece::{Piece, Player, Role};
pub use position::{Checkers, Ending, Moves, ResolveMoveError, MAX_MOVES, MAX_PIECES_PER_SIDE};
pub use square::Square;
