//! The draughts family: International, Brazilian, Russian, pool, Italian,
//! Spanish, Czech and Frisian draughts and Frysk!, on one engine parameterized by the
//! variant's rules.
//!
//! Each variant is a type implementing [`Game`](crate::Game), as easy to
//! use as [`Checkers`](crate::checkers::Checkers):
//!
//! | type | board | kings | men capture | capture choice | PDN `GameType` |
//! |---|---|---|---|---|---|
//! | [`International`] | 10x10, 1–50 | flying | forward and backward | most pieces | 20 |
//! | [`Brazilian`] | 8x8, `a1`–`h8` | flying | forward and backward | most pieces | 26 |
//! | [`Russian`] | 8x8, `a1`–`h8` | flying | forward and backward | free; crowned during a capture | 25 |
//! | [`Pool`] | 8x8, 1–32 | flying | forward and backward | free | 23 |
//! | [`Italian`] | 8x8 mirrored, 1–32 | short | forward, not kings | most pieces, king, kings, earliest king | 22 |
//! | [`Spanish`] | 8x8 mirrored, 1–32 | flying | forward | most pieces, then kings | 24 |
//! | [`Czech`] | 8x8, `a1`–`h8` | flying | forward | a king's capture first | 29 |
//! | [`Frisian`] | 10x10, 1–50 | flying; all capture along rows and columns too | forward and backward | greatest value (king just under two men), then a king's | 40 |
//! | [`Frysk`] | Frisian from 5 men each | as Frisian | as Frisian | as Frisian | 97 |
//! | [`Killer`] | 10x10, 1–50 | flying, stop behind a king taken last | forward and backward | most pieces | 95 |
//! | [`Breakthrough`] | 10x10, 1–50 | flying (the first king wins) | forward and backward | most pieces | 96 |
//! | [`Antidraughts`] | 10x10, 1–50 | flying (who cannot move wins) | forward and backward | most pieces | 98 |
//!
//! In every variant captures are compulsory and completed to the end;
//! captured pieces are removed only when the move ends and none is jumped
//! twice (the "Turkish strike"); a player with no legal move loses (wins
//! in [`Antidraughts`]; in [`Breakthrough`] the first king wins too). Each
//! rules marker ([`InternationalRules`], ...) documents its variant and the
//! rules document it follows. English checkers stays
//! [`Checkers`](crate::checkers::Checkers), with its own code; [`English`]
//! plays the same rules on this engine, and the two agree move for move
//! (which proves both).
//!
//! A move is its route ([`Move`]), written by its turning points: two
//! routes that start and end on the same squares and take the same pieces
//! in the same order are one move (a flying king "stopping" on either
//! square between two pieces it takes on one line makes no second move).
//! Two captures of the same pieces in another order to the same square (a
//! piece going round a ring either way) are one move too, listed by the
//! route first in square order, as the federations' rules count them
//! ([`CaptureRoutes::OnePerResult`]); [`English`] alone lists each route,
//! as [`Checkers`](crate::checkers::Checkers) and the English perft tables
//! do ([`CaptureRoutes::Every`]). [`perft`](crate::perft) counts the moves
//! listed; [`Draughts::perft_every_route`] and [`EveryRoute`] count every
//! route (the "keep" tables), [`Draughts::perft_distinct`] and
//! [`DistinctRoutes`] each result once (the "drop" tables).
//!
//! ```
//! use rulebook::draughts::{International, Russian};
//! use rulebook::Game;
//!
//! let mut game = International::default();
//! assert_eq!(game.legal_moves().len(), 9);
//! let mv = game.parse_move("32-28").unwrap();
//! game.apply(mv).unwrap();
//! assert_eq!(rulebook::perft(&International::default(), 4), 4265);
//!
//! let russian = Russian::default();
//! assert_eq!(russian.parse_move("c3-d4").unwrap().to_string(), "c3-d4");
//! ```

mod distinct;
mod dxp;
mod engine;
mod engine_eval;
mod environment;
pub(crate) mod eval;
mod fen;
mod geometry;
mod hops;
pub(crate) mod hub;
mod king_run;
mod learned;
mod levels;
mod moves;
mod notation;
pub(crate) mod patterns;
pub mod pdn;
mod perft;
mod piece;
mod position;
mod rules;
mod variant;

pub use distinct::{DistinctRoutes, EveryRoute};
pub use dxp::{DxpError, DxpMessage, DXP_MAX_LENGTH, DXP_NAME_WIDTH, DXP_TERMINATOR, DXP_VERSION};
pub use engine_eval::EngineEvaluation;
pub use environment::HopByHop;
pub use eval::{
    king_value, Evaluation, FLYING_KING_VALUE, INTERNATIONAL_KING_VALUE, MAN_VALUE,
    SHORT_KING_VALUE,
};
pub(crate) use fen::split_fen;
pub use fen::{FenError, PositionError, Setup};
pub use hops::{EnterMoveError, Entry, PartialCapture};
pub use hub::{hub_move, hub_position, parse_hub_move, parse_hub_position, HubError, HubMessage};
pub use learned::{LearnedEvaluation, WeightsError};
pub use levels::{
    engine, engine_with, level_limits, shipped_book, BOOK_SEED, DEFAULT_LEVEL, DRAW_MARGIN,
    FIRST_BOOK_LEVEL, FIRST_LEARNED_LEVEL, MAX_LEVEL,
};
pub(crate) use moves::split_squares;
pub use moves::{
    IntoIter as MovesIntoIter, Move, Moves, ParseMoveError, INLINE_MOVES, MAX_CAPTURES,
    MAX_MOVE_SQUARES,
};
pub use notation::{Notation, ParseSquareError, Square, SquareOutOfRange};
pub(crate) use piece::piece_counts;
pub use piece::{Color, Piece, PieceColor, Role};
pub use position::{Draughts, Ending, ResolveMoveError};
pub use rules::{AntidraughtsRules, BreakthroughRules, Goal, KillerRules};
pub use rules::{
    BrazilianRules, CaptureRoutes, Crowning, CzechRules, EnglishRules, FrisianRules, FryskRules,
    InternationalRules, ItalianRules, PoolRules, Precedence, Rules, RussianRules, SpanishRules,
    FRISIAN_KING_VALUE, FRISIAN_MAN_VALUE,
};
pub use variant::{ParseVariantError, RulesVisitor, Variant};

/// International draughts (10x10); see [`InternationalRules`].
/// (The example on [`Draughts`] plays every variant.)
pub type International = Draughts<InternationalRules>;
/// Brazilian draughts (International rules on 8x8); see [`BrazilianRules`].
/// (The example on [`Draughts`] plays every variant.)
pub type Brazilian = Draughts<BrazilianRules>;
/// Russian draughts; see [`RussianRules`].
/// (The example on [`Draughts`] plays every variant.)
pub type Russian = Draughts<RussianRules>;
/// American pool checkers; see [`PoolRules`].
/// (The example on [`Draughts`] plays every variant.)
pub type Pool = Draughts<PoolRules>;
/// Italian draughts; see [`ItalianRules`].
/// (The example on [`Draughts`] plays every variant.)
pub type Italian = Draughts<ItalianRules>;
/// Spanish draughts; see [`SpanishRules`].
/// (The example on [`Draughts`] plays every variant.)
pub type Spanish = Draughts<SpanishRules>;
/// Czech draughts; see [`CzechRules`].
/// (The example on [`Draughts`] plays every variant.)
pub type Czech = Draughts<CzechRules>;
/// Frisian draughts (10x10, captures along rows and columns too); see
/// [`FrisianRules`].
/// (The example on [`Draughts`] plays every variant.)
pub type Frisian = Draughts<FrisianRules>;
/// Frysk!: Frisian draughts from five men each on the back row; see
/// [`FryskRules`].
/// (The example on [`Draughts`] plays every variant.)
pub type Frysk = Draughts<FryskRules>;
/// Killer draughts (International with kings that stop behind a king they
/// take last); see [`KillerRules`].
pub type Killer = Draughts<KillerRules>;
/// Breakthrough draughts (International won by the first king); see
/// [`BreakthroughRules`].
pub type Breakthrough = Draughts<BreakthroughRules>;
/// Antidraughts (International where the player who cannot move wins); see
/// [`AntidraughtsRules`].
pub type Antidraughts = Draughts<AntidraughtsRules>;
/// English checkers rules on the generic engine, to prove it against
/// [`Checkers`](crate::checkers::Checkers); see [`EnglishRules`].
/// (The example on [`Draughts`] plays every variant.)
pub type English = Draughts<EnglishRules>;
