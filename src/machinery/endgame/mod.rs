//! Endgame databases for English checkers and the draughts family: the
//! win, loss or draw value of every position with few pieces, built by
//! retrograde analysis over the crate's own rules, kept in compact files,
//! and looked up by a [`Tablebase`].
//!
//! One generator serves every variant: positions are
//! [`Draughts<R>`](crate::draughts::Draughts)
//! (English checkers is [`English`](crate::draughts::English), the same
//! rules as [`Checkers`](crate::checkers::Checkers)); moves come from the
//! variant's own move generator, so compulsory captures, the precedence
//! rules, flying or short kings and "no move loses" are exactly the
//! game's; the index and the un-moves need only the board's rows and
//! diagonals.
//!
//! - **Split by material** ([`Material`]): the men and kings of the side
//!   to move and of the other side. A position with Black to move is
//!   indexed turned half a turn with its colours swapped, so one database
//!   holds every position of a material whoever is to move, and the
//!   databases of exactly `n` pieces hold one entry per board (for English
//!   checkers, OEIS A055213: 120, 6,972, 261,224, 7,092,774, 148,688,232,
//!   ... positions). The index is perfect (every number a position, see
//!   `index`'s docs below).
//! - **Built** slice by slice (a material and its swap), fewer pieces
//!   first, then fewer men: a capture leads to a database with fewer
//!   pieces and a crowning to one with fewer men, both already built.
//!   Positions whose side to move must capture take their value from
//!   those databases; the rest are solved backwards by un-moves to a fixed
//!   point (see [`SliceReport`]). What is left undecided is a draw.
//! - **Two bits per position**, in memory and on disk: draw, win, loss
//!   for the side to move.
//! - **Files** ([`mod@file`]): one per material, a header (magic, version,
//!   game, board, material, position count), the packed values, a CRC-32.
//!   A truncated, corrupted or foreign file is refused with an
//!   [`EndgameError`], never read as values.
//! - **Lookups** ([`Tablebase::probe`], [`Tablebase::best_move`]) take
//!   `&self` and allocate nothing (`best_move` generates moves on the
//!   stack); a `Tablebase` is `Send + Sync`.
//! - **In the engines**: a `Tablebase` is the search's
//!   [`Oracle`](crate::search::Oracle) for its variant's positions (and
//!   English checkers' for [`Checkers`](crate::checkers::Checkers) ones):
//!   [`Engine::with_endgame`](crate::search::Engine::with_endgame).
//! - **By name and FEN**: [`Databases`] reads every game's databases in a
//!   directory, for front doors that know a game by its name.
//!
//! Values are those of the game without draw rules: a win is a win however
//! many moves it takes (a match with a move limit may call it a draw
//! first).
//!
//! # The index
//!
//! The board has `S` playable squares in rows of `H` (32 and 4 on 8x8
//! boards, 50 and 5 on 10x10), by dense index (row by row from the top).
//! The side to move's men may not stand on the top row, the other side's
//! men not on the bottom row; the `M = S - 2H` middle squares take both.
//! With `a` men and `b` kings for the side to move and `c` men and `d`
//! kings for the other side, the positions are split into blocks by `k`,
//! how many of the side to move's men stand on the bottom row, and `j`,
//! how many of the other side's men stand on the top row (in order of `k`,
//! then `j`). Within a block a position is the mixed-radix number of six
//! subset ranks: the side to move's men on the bottom row (`k` of `H`),
//! in the middle (`a - k` of `M`); the other side's men on the top row
//! (`j` of `H`), in the middle (`c - j` of the `M - (a - k)` middle squares
//! left); the side to move's kings (`b` of the `S - a - c` squares left);
//! the other side's kings (`d` of the `S - a - c - b` left). A subset is
//! ranked in the combinatorial number system: with its squares' positions
//! among the free ones `q_0 < q_1 < ...`, its rank is `Σ C(q_i, i + 1)`.
//!
//! ```
//! use rulebook::draughts::{English, EnglishRules};
//! use rulebook::endgame::{Material, Tablebase, Value};
//!
//! assert_eq!(Tablebase::<EnglishRules>::positions(2), 6_972);
//! let tablebase = Tablebase::<EnglishRules>::build_in_memory(2, |_| {}).unwrap();
//! // A king against a king far away: a draw; next to it, the side to
//! // move takes it.
//! let far = English::from_fen("W:WK1:BK32").unwrap();
//! assert_eq!(tablebase.probe(&far), Some(Value::Draw));
//! let near = English::from_fen("W:WK18:BK14").unwrap();
//! assert_eq!(tablebase.probe(&near), Some(Value::Win));
//! assert_eq!(Tablebase::<EnglishRules>::material_positions(Material::new(0, 1, 0, 1)), Some(992));
//! ```

mod build;
mod databases;
mod default_dir;
mod error;
pub mod file;
mod index;
mod oracle;
mod rays;
mod tablebase;
mod value;

pub use build::SliceReport;
pub use databases::{Databases, LookupError, TextVerdict};
pub use default_dir::{default_dir, ENDGAME_DIR_VARIABLE};
pub use error::EndgameError;
pub use index::{Material, MAX_DATABASE_PIECES};
pub use tablebase::{BuildProgress, Tablebase, Verdict};
pub use value::Value;
