//! [`Rules`]: what tells one draughts variant from another, as constants
//! the engine is compiled for (one copy of the move generator per variant,
//! every rule test folded away), and the marker types of the variants.

use core::fmt::Debug;
use core::hash::Hash;

use super::notation::Notation;
use super::piece::Color;
use crate::DrawRules;

/// Which capture a player must choose when several are available.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Precedence {
    /// Any capture (it must still be completed to the end).
    Free,
    /// One that takes the most pieces (kings and men count the same).
    Majority,
    /// The most pieces; among those, the most kings (Spanish).
    MajorityThenKings,
    /// The most pieces; then a capture by a king rather than a man; then
    /// the most kings; then the one that meets a king earliest (Italian).
    Italian,
    /// A capture by a king if there is one (Czech); otherwise any.
    KingFirst,
    /// The greatest value taken, a king worth a little less than two men
    /// ([`FRISIAN_MAN_VALUE`] and [`FRISIAN_KING_VALUE`]); among captures
    /// of equal value, one by a king (Frisian).
    Value,
}

/// What a man taken is worth for [`Precedence::Value`] (Scan 3.1's
/// weights: a king is worth `126 / 64` men, "more than one man but less
/// than two").
pub const FRISIAN_MAN_VALUE: u32 = 64;
/// What a king taken is worth for [`Precedence::Value`]: less than two
/// men ([`FRISIAN_MAN_VALUE`]), so the value of a capture first counts a
/// king as two men and then prefers the capture with fewer kings among
/// those, for up to `2 * FRISIAN_MAN_VALUE - FRISIAN_KING_VALUE` kings
/// more than any side has.
pub const FRISIAN_KING_VALUE: u32 = 126;

/// When a man that reaches the far row during a capture is crowned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Crowning {
    /// At the end of the move, and only if it ends on the far row: a man
    /// that can jump on from the far row goes on as a man.
    AtEnd,
    /// As soon as it lands on the far row; it goes on capturing as a king
    /// (Russian).
    AtOnce,
}

/// How [`legal_moves`](crate::Game::legal_moves) lists captures that take
/// the same pieces to the same square by different routes (a piece going
/// round a ring of pieces one way or the other, so taking them in another
/// order): each variant's [`Rules::CAPTURE_ROUTES`], and what the
/// conformance kit is told a game does
/// ([`Config::capture_routes`](crate::testing::Config::capture_routes)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CaptureRoutes {
    /// One move: captures with the same start, end and set of pieces taken
    /// that leave the same position are one move, listed by the route that
    /// comes first in square order. The rule of every draughts
    /// federation's game (a capture is the pieces it takes and the square
    /// it ends on), of Scan's generator and of the "drop duplicates"
    /// perft tables. The kit checks it as
    /// [`Rule::SameResultTwice`](crate::testing::Rule::SameResultTwice).
    OnePerResult,
    /// Each route is a move of its own (captures that take the same pieces
    /// in the same order are still one move). English checkers, as
    /// [`Checkers`](crate::checkers::Checkers) has always listed them (a
    /// king's ring comes late in a game: the published start-position
    /// table, OEIS A133046, is the same in both conventions through
    /// depth 11).
    Every,
}

/// How a draughts game is won: what [`outcome`](crate::Game::outcome)
/// makes of a position ([`Rules::GOAL`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Goal {
    /// A player who cannot move (no pieces left, or all blocked) loses.
    LastToMove,
    /// As [`Goal::LastToMove`], and the first player to crown a king wins
    /// at once (Breakthrough): the game ends after the move that crowns.
    FirstKing,
    /// A player who cannot move (no pieces left, or all blocked) wins
    /// (Antidraughts, "losing draughts").
    FirstBlocked,
}

/// The rules of one draughts variant.
///
/// Implemented by the zero-sized markers of this module
/// ([`InternationalRules`], ...); [`Draughts<R>`](super::Draughts) is the
/// position of the variant. The trait is sealed: the engine is proven
/// (by perft) only for the variants of this crate.
pub trait Rules:
    Copy + Eq + Ord + Hash + Debug + Default + Send + Sync + 'static + sealed::Sealed
{
    /// The variant's name (`"international"`).
    const NAME: &'static str;
    /// Rows and columns of the board: 8 or 10.
    const SIZE: usize;
    /// Kings move and capture any distance along a diagonal ("flying").
    const FLYING_KINGS: bool;
    /// Men capture backward as well as forward.
    const MEN_CAPTURE_BACKWARD: bool;
    /// Men may capture kings (only Italian forbids it).
    const MEN_CAPTURE_KINGS: bool;
    /// Which capture must be chosen.
    const PRECEDENCE: Precedence;
    /// When a man is crowned during a capture.
    const CROWNING: Crowning;
    /// Whether captures of the same pieces to the same square by different
    /// routes are one legal move or several.
    const CAPTURE_ROUTES: CaptureRoutes;
    /// The side that moves first. White always starts at the bottom of the
    /// board (the high square numbers of International and English
    /// numbering) and moves up.
    const FIRST: Color;
    /// Rows of men each side starts with.
    const START_ROWS: usize;
    /// How squares and moves are written.
    const NOTATION: Notation;
    /// The PDN `GameType` number.
    const GAME_TYPE: u32;
    /// The variant's standard draw rules, as far as [`DrawRules`] can say
    /// them (each variant's docs name the source and what is left out);
    /// for [`Match::with_rules`](crate::Match::with_rules).
    const DRAW_RULES: DrawRules;
    /// Men and kings capture along rows and columns too (over the next
    /// dark square, two columns or two rows away), besides the diagonals
    /// (Frisian). Kings still move only along diagonals.
    const ORTHOGONAL_CAPTURES: bool = false;
    /// How the game is won (only Breakthrough and Antidraughts change it).
    const GOAL: Goal = Goal::LastToMove;
    /// A flying king whose capture ends after taking a king must land on
    /// the square directly behind that king (Killer draughts); otherwise
    /// it may stop on any empty square beyond the last piece it takes.
    const KILLER_KINGS: bool = false;
    /// The most quiet moves in a row one king may make while its side
    /// still has men (Frisian: 3); `None`, no limit. A side's run is
    /// counted in the position ([`Draughts::king_run`](super::Draughts::king_run)):
    /// a quiet move of the same king adds one; a capture, a man's move or
    /// another king's move ends it, and so does losing its last man.
    /// When the count reaches the limit, that king may still capture but
    /// not make a quiet move.
    const SAME_KING_MOVES: Option<u8> = None;
}

mod sealed {
    pub trait Sealed {}
}

macro_rules! variant {
    // A variant on another's rules (`$base`): its board, moves, notation,
    // start rows and king-move limit, with a name, `GameType` and draw
    // rules of its own and, optionally, its own start rows, goal and
    // Killer kings.
    (
        $(#[$doc:meta])*
        $name:ident on $base:ident {
            name: $text:expr,
            game_type: $game_type:expr,
            draw: ($threefold:expr, $limit:expr),
            $(start_rows: $rows:expr,)?
            $(goal: $goal:expr,)?
            $(killer_kings: $killer:expr,)?
        }
    ) => {
        variant! {
            $(#[$doc])*
            $name {
                name: $text,
                size: $base::SIZE,
                flying: $base::FLYING_KINGS,
                backward: $base::MEN_CAPTURE_BACKWARD,
                men_take_kings: $base::MEN_CAPTURE_KINGS,
                precedence: $base::PRECEDENCE,
                crowning: $base::CROWNING,
                routes: $base::CAPTURE_ROUTES,
                first: $base::FIRST,
                notation: $base::NOTATION,
                game_type: $game_type,
                draw: ($threefold, $limit),
                start_rows: $crate::draughts::rules::given_or(&[$($rows)?], $base::START_ROWS),
                orthogonal_captures: $base::ORTHOGONAL_CAPTURES,
                same_king_moves: $base::SAME_KING_MOVES,
                $(goal: $goal,)?
                $(killer_kings: $killer,)?
            }
        }
    };
    (
        $(#[$doc:meta])*
        $name:ident {
            name: $text:expr,
            size: $size:expr,
            flying: $flying:expr,
            backward: $backward:expr,
            men_take_kings: $take_kings:expr,
            precedence: $precedence:expr,
            crowning: $crowning:expr,
            routes: $routes:expr,
            first: $first:expr,
            notation: $notation:expr,
            game_type: $game_type:expr,
            draw: ($threefold:expr, $limit:expr),
            $(start_rows: $rows:expr,)?
            $(orthogonal_captures: $orthogonal:expr,)?
            $(same_king_moves: $same_king:expr,)?
            $(goal: $goal:expr,)?
            $(killer_kings: $killer:expr,)?
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
        pub struct $name;

        impl sealed::Sealed for $name {}

        impl Rules for $name {
            const NAME: &'static str = $text;
            const SIZE: usize = $size;
            const FLYING_KINGS: bool = $flying;
            const MEN_CAPTURE_BACKWARD: bool = $backward;
            const MEN_CAPTURE_KINGS: bool = $take_kings;
            const PRECEDENCE: Precedence = $precedence;
            const CROWNING: Crowning = $crowning;
            const CAPTURE_ROUTES: CaptureRoutes = $routes;
            const FIRST: Color = $first;
            const START_ROWS: usize = $crate::draughts::rules::given_or(&[$($rows)?], $size / 2 - 1);
            const NOTATION: Notation = $notation;
            const GAME_TYPE: u32 = $game_type;
            const DRAW_RULES: DrawRules = DrawRules {
                threefold_repetition: $threefold,
                move_limit: $limit,
            };
            $(const ORTHOGONAL_CAPTURES: bool = $orthogonal;)?
            $(const SAME_KING_MOVES: Option<u8> = $same_king;)?
            $(const GOAL: Goal = $goal;)?
            $(const KILLER_KINGS: bool = $killer;)?
        }
    };
}

/// The value given to [`variant!`] (`given`, at most one), or `default`.
const fn given_or(given: &[usize], default: usize) -> usize {
    if let [value] = given {
        *value
    } else {
        default
    }
}

mod frisian;
pub use frisian::{FrisianRules, FryskRules};

variant! {
    /// International draughts, as the FMJD plays it (FMJD, *Official
    /// Rules of International Draughts*, articles 1–6; PDN `GameType` 20).
    ///
    /// 10x10 board, 20 men each, squares numbered 1–50 (Black on 1–20,
    /// White on 31–50), White first. Men step forward and capture forward
    /// and backward; kings fly. The capture taking the most pieces is
    /// compulsory (kings and men count the same); captured pieces are
    /// removed when the move ends and none is jumped twice; a man that
    /// passes the far row during a capture is crowned only if it ends
    /// there.
    ///
    /// Draw rules ([`Rules::DRAW_RULES`], FMJD rules art. 6.1–6.2): the same
    /// position for the third time with the same side to move; 25 moves
    /// by each side with only kings moving and nothing captured. Not
    /// expressed yet: the endgame limits of art. 6.3–6.4 (16 moves for
    /// three kings against one and the like, 5 moves for two kings against
    /// one).
    InternationalRules {
        name: "international",
        size: 10,
        flying: true,
        backward: true,
        men_take_kings: true,
        precedence: Precedence::Majority,
        crowning: Crowning::AtEnd,
        routes: CaptureRoutes::OnePerResult,
        first: Color::White,
        notation: Notation::Numeric,
        game_type: 20,
        draw: (true, Some(25)),
    }
}

variant! {
    /// Brazilian draughts: the International rules on an 8x8 board, 12 men
    /// each (Confederação Brasileira de Damas rules; PDN `GameType` 26).
    /// Squares are written algebraically, `c3-d4`, `c3xe5`.
    ///
    /// Draw rules: as International (threefold repetition, 25 king moves
    /// per side without capture); the endgame limits are not expressed.
    BrazilianRules {
        name: "brazilian",
        size: 8,
        flying: true,
        backward: true,
        men_take_kings: true,
        precedence: Precedence::Majority,
        crowning: Crowning::AtEnd,
        routes: CaptureRoutes::OnePerResult,
        first: Color::White,
        notation: Notation::Algebraic { capture: 'x' },
        game_type: 26,
        draw: (true, Some(25)),
    }
}

variant! {
    /// Russian draughts (shashki), as the Russian Draughts Federation's
    /// *Official Rules* set them (PDN `GameType` 25).
    ///
    /// 8x8, White first. Men capture backward; kings fly; any capture may
    /// be chosen (no majority rule), but it is completed to the end; a man
    /// that reaches the far row during a capture is crowned at once and
    /// goes on capturing as a king. Squares are algebraic: `c3-d4`,
    /// `c3:e5`.
    ///
    /// Draw rules (Russian Draughts Federation code, 2004): threefold
    /// repetition; 15 moves by each side with only kings moving and nothing
    /// captured. Not expressed: the endgame limits (three kings against
    /// one, and the like).
    RussianRules {
        name: "russian",
        size: 8,
        flying: true,
        backward: true,
        men_take_kings: true,
        precedence: Precedence::Free,
        crowning: Crowning::AtOnce,
        routes: CaptureRoutes::OnePerResult,
        first: Color::White,
        notation: Notation::Algebraic { capture: ':' },
        game_type: 25,
        draw: (true, Some(15)),
    }
}

variant! {
    /// American pool checkers, as the American Pool Checker Association's
    /// rules set them (PDN `GameType` 23, `23,B,8,8,N1,0`).
    ///
    /// 8x8, squares 1–32 as in English checkers, Black first from 1–12.
    /// Men capture backward; kings fly; any capture may be chosen. A man
    /// that reaches the far row during a capture and can jump on as a man
    /// goes on as a man, and is crowned only if its move ends on the far
    /// row.
    ///
    /// Draw rules (APCA tournament rules, rule 26): threefold repetition;
    /// 15 moves by each side (30 plies) without a capture or a man's
    /// move.
    PoolRules {
        name: "pool",
        size: 8,
        flying: true,
        backward: true,
        men_take_kings: true,
        precedence: Precedence::Free,
        crowning: Crowning::AtEnd,
        routes: CaptureRoutes::OnePerResult,
        first: Color::Black,
        notation: Notation::Numeric,
        game_type: 23,
        draw: (true, Some(15)),
    }
}

variant! {
    /// Italian draughts, as the Federazione Italiana Dama's *Regolamento
    /// tecnico* (2008), chapter I, sets it (PDN `GameType` 22,
    /// `22,W,8,8,N2,1`).
    ///
    /// 8x8 with a light square in each player's bottom-left corner;
    /// squares 1–32 from the top-left corner as White sees it (Black on
    /// 1–12, White on 21–32), White first. Kings move and capture one
    /// square at a time; men capture forward only and may not capture
    /// kings. Captures are compulsory with precedence (art. 6.6–6.9): the
    /// most pieces; then a capture by a king; then the most kings; then
    /// the capture that meets a king earliest.
    ///
    /// Draw rules (FID, art. 10.4): 40 moves by each side without a
    /// capture or a man's move. FID's repetition rule (art. 9.3: the
    /// fourth repetition) is not expressed: [`DrawRules`] only knows
    /// threefold repetition, which would end Italian games too early.
    ItalianRules {
        name: "italian",
        size: 8,
        flying: false,
        backward: false,
        men_take_kings: false,
        precedence: Precedence::Italian,
        crowning: Crowning::AtEnd,
        routes: CaptureRoutes::OnePerResult,
        first: Color::White,
        notation: Notation::Italian,
        game_type: 22,
        draw: (false, Some(40)),
    }
}

variant! {
    /// Spanish draughts, as the Federación Española de Damas' rules set it
    /// (PDN `GameType` 24, `24,W,8,8,N1,1`).
    ///
    /// 8x8 with a light square in each player's bottom-left corner;
    /// squares 1–32 from White's bottom-right corner (White on 1–12, Black
    /// on 21–32), White first. Kings fly; men capture forward only. The
    /// capture taking the most pieces is compulsory; among those, the one
    /// taking the most kings.
    ///
    /// Draw rules: threefold repetition; the federation's move limits are
    /// not expressed.
    SpanishRules {
        name: "spanish",
        size: 8,
        flying: true,
        backward: false,
        men_take_kings: true,
        precedence: Precedence::MajorityThenKings,
        crowning: Crowning::AtEnd,
        routes: CaptureRoutes::OnePerResult,
        first: Color::White,
        notation: Notation::Spanish,
        game_type: 24,
        draw: (true, None),
    }
}

variant! {
    /// Czech draughts (česká dáma), as the Czech Draughts Federation's
    /// rules set it (PDN `GameType` 29).
    ///
    /// 8x8, White first, algebraic squares. Kings fly; men capture forward
    /// only. When a king can capture, a king's capture must be chosen;
    /// otherwise any capture.
    ///
    /// Draw rules: threefold repetition; the federation's move limits are
    /// not expressed.
    CzechRules {
        name: "czech",
        size: 8,
        flying: true,
        backward: false,
        men_take_kings: true,
        precedence: Precedence::KingFirst,
        crowning: Crowning::AtEnd,
        routes: CaptureRoutes::OnePerResult,
        first: Color::White,
        notation: Notation::Algebraic { capture: 'x' },
        game_type: 29,
        draw: (true, None),
    }
}

variant! {
    /// English checkers rules in the generic engine (PDN `GameType` 21):
    /// short kings, men capture forward only, any capture, Black first from
    /// squares 1–12.
    ///
    /// [`Checkers`](crate::checkers::Checkers) plays these rules with its
    /// own, faster code; this setting exists so that the two can be
    /// compared move for move, which proves both. So it lists captures as
    /// `Checkers` does: each route of a king round a ring is a move
    /// ([`CaptureRoutes::Every`]).
    ///
    /// Draw rules: the American Checker Federation's, as
    /// [`DrawRules::TOURNAMENT`].
    EnglishRules {
        name: "english",
        size: 8,
        flying: false,
        backward: false,
        men_take_kings: true,
        precedence: Precedence::Free,
        crowning: Crowning::AtEnd,
        routes: CaptureRoutes::Every,
        first: Color::Black,
        notation: Notation::Numeric,
        game_type: 21,
        draw: (true, Some(40)),
    }
}

variant! {
    /// Killer draughts: International draughts with one rule more, as its
    /// inventor Christian Freeling states it (mindsports.nl, *Killer
    /// Draughts*): "the king must stop on the first vacant square after
    /// the last captured piece, if and only if that piece is also a
    /// king" ([`Rules::KILLER_KINGS`]). It holds for a capture of one
    /// piece too, and only for where the capture ends: a king may still
    /// land further on to go on capturing (as Scan 3.1's `killer`
    /// variant plays it). Two kings then win against one.
    ///
    /// No PDN `GameType` is published for it; 95 is this crate's choice,
    /// next to the numbers lidraughts gives its own variants (96
    /// Breakthrough, 97 Frysk!, 98 Antidraughts).
    ///
    /// Draw rules: International's (threefold repetition; 25 moves by
    /// each side with only kings moving and nothing captured).
    KillerRules on InternationalRules {
        name: "killer",
        game_type: 95,
        draw: (true, Some(25)),
        killer_kings: true,
    }
}

variant! {
    /// Breakthrough draughts: International draughts won by the first
    /// player to crown a king (lidraughts.org, *Breakthrough*: "The first
    /// player who makes a king wins"; Scan 3.1's `bt` variant). The game
    /// ends with the move that crowns ([`Goal::FirstKing`]); a player who
    /// cannot move before that loses, as in International. So the side
    /// to move never has a king: a FEN that gives it one is refused.
    ///
    /// PDN `GameType` 96, as lidraughts writes it (no federation number
    /// exists).
    ///
    /// Draw rules: none (lidraughts has none): no king ever moves, so no
    /// position can come back.
    BreakthroughRules on InternationalRules {
        name: "breakthrough",
        game_type: 96,
        draw: (false, None),
        goal: Goal::FirstKing,
    }
}

variant! {
    /// Antidraughts (losing draughts, giveaway): International draughts
    /// where the player who cannot move wins, having no pieces left or
    /// all of them blocked (lidraughts.org, *Antidraughts*: "the same as
    /// international draughts, with the exception that losing means
    /// winning"; Scan 3.1's `losing` variant; [`Goal::FirstBlocked`]).
    /// Captures are compulsory with the majority rule, as in
    /// International.
    ///
    /// PDN `GameType` 98, as lidraughts writes it (no federation number
    /// exists).
    ///
    /// Draw rules: threefold repetition and the 25 king moves, as
    /// International (lidraughts keeps its draw rules but for the endgame
    /// limits, which are not expressed here for International either).
    AntidraughtsRules on InternationalRules {
        name: "antidraughts",
        game_type: 98,
        draw: (true, Some(25)),
        goal: Goal::FirstBlocked,
    }
}
