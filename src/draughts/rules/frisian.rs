//! The Frisian family's markers: [`FrisianRules`] and [`FryskRules`], the
//! variants whose pieces capture along rows and columns as well as
//! diagonals ([`Rules::ORTHOGONAL_CAPTURES`]).

use super::{sealed, CaptureRoutes, Crowning, Precedence, Rules};
use crate::draughts::notation::Notation;
use crate::draughts::piece::Color;
use crate::DrawRules;

/// Frisian draughts (Frysk dammen), as the Frisian draughts federation
/// (Fryske Dambûn) plays it and lidraughts implements it (lidraughts'
/// variant page "Frisian", after the federation's rules; PDN `GameType`
/// 40; Scan 3.1's variant `frisian`).
///
/// 10x10, 20 men each on squares 1–20 (Black) and 31–50 (White), White
/// first, squares numbered as in International draughts. Men step
/// diagonally forward; kings move any distance along a diagonal. Both
/// capture in eight directions: along the diagonals as in International
/// draughts, and along rows and columns over the next square of the same
/// colour (two columns or two rows away), men backward too, kings at any
/// distance and landing on any empty square beyond. Captured pieces come
/// off when the move ends and none is jumped twice; a man is crowned only
/// when its move ends on the far row.
///
/// Capture precedence ([`Precedence::Value`]): the capture taking the
/// greatest value, a man worth 1 and a king "more than one man but less
/// than two" (the federation's rule; lidraughts: "a king is worth a bit
/// less than two men"), with Scan 3.1's weights 64 and 126
/// ([`FRISIAN_MAN_VALUE`](super::FRISIAN_MAN_VALUE),
/// [`FRISIAN_KING_VALUE`](super::FRISIAN_KING_VALUE)); among captures of
/// equal value, one by a king. (pydraughts counts a king as 1.501 men,
/// the "man and a half" of some descriptions: the two weightings differ
/// only when one capture takes three or more kings and another more men.)
///
/// Not expressed (the position carries no history): the rule that the
/// same king may make at most three moves in a row without capturing
/// while its side still has men (Scan 3.1 and lidraughts apply it), and
/// the endgame limits (two kings against one: drawn after 7 moves each;
/// one king against one: drawn). Draw rules ([`Rules::DRAW_RULES`]):
/// threefold repetition only.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct FrisianRules;

impl sealed::Sealed for FrisianRules {}

impl Rules for FrisianRules {
    const NAME: &'static str = "frisian";
    const SIZE: usize = 10;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const MEN_CAPTURE_KINGS: bool = true;
    const PRECEDENCE: Precedence = Precedence::Value;
    const CROWNING: Crowning = Crowning::AtEnd;
    const CAPTURE_ROUTES: CaptureRoutes = CaptureRoutes::OnePerResult;
    const FIRST: Color = Color::White;
    const START_ROWS: usize = 4;
    const NOTATION: Notation = Notation::Numeric;
    const GAME_TYPE: u32 = 40;
    const DRAW_RULES: DrawRules = DrawRules {
        threefold_repetition: true,
        move_limit: None,
    };
    const ORTHOGONAL_CAPTURES: bool = true;
}

/// Frysk!: Frisian draughts ([`FrisianRules`]) from five men each on the
/// back row (White on 46–50, Black on 1–5), as lidraughts and pydraughts
/// play it (lidraughts' variant page "Frysk!"; PDN `GameType` 40, the
/// Frisian rules, with the start position in the `FEN` tag).
///
/// Every rule, and what is not expressed, is Frisian's.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct FryskRules;

impl sealed::Sealed for FryskRules {}

impl Rules for FryskRules {
    const NAME: &'static str = "frysk";
    const SIZE: usize = FrisianRules::SIZE;
    const FLYING_KINGS: bool = FrisianRules::FLYING_KINGS;
    const MEN_CAPTURE_BACKWARD: bool = FrisianRules::MEN_CAPTURE_BACKWARD;
    const MEN_CAPTURE_KINGS: bool = FrisianRules::MEN_CAPTURE_KINGS;
    const PRECEDENCE: Precedence = FrisianRules::PRECEDENCE;
    const CROWNING: Crowning = FrisianRules::CROWNING;
    const CAPTURE_ROUTES: CaptureRoutes = FrisianRules::CAPTURE_ROUTES;
    const FIRST: Color = FrisianRules::FIRST;
    const START_ROWS: usize = 1;
    const NOTATION: Notation = FrisianRules::NOTATION;
    const GAME_TYPE: u32 = FrisianRules::GAME_TYPE;
    const DRAW_RULES: DrawRules = FrisianRules::DRAW_RULES;
    const ORTHOGONAL_CAPTURES: bool = FrisianRules::ORTHOGONAL_CAPTURES;
}
