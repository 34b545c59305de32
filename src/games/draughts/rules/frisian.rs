//! The Frisian family's markers: [`FrisianRules`] and [`FryskRules`], the
//! variants whose pieces capture along rows and columns as well as
//! diagonals ([`Rules::ORTHOGONAL_CAPTURES`]).

use super::{sealed, CaptureRoutes, Crowning, Precedence, Rules};
use crate::draughts::notation::Notation;
use crate::draughts::piece::Color;
use crate::DrawRules;

variant! {
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
    /// The same king may make at most three quiet moves in a row while its
    /// side still has men ([`Rules::SAME_KING_MOVES`]; the federation's
    /// rules, lidraughts, Scan 3.1 and pydraughts alike): after its third,
    /// that king may only capture, and the player moves another piece. A
    /// capture, a man's move or another king's move starts the count
    /// again; a side with kings only has no limit. The count is part of
    /// the position ([`Draughts::king_run`](crate::draughts::Draughts::king_run);
    /// FEN writes it as a field of its own, `:R28/2`).
    ///
    /// Not expressed: the endgame limits, rules of the match (two kings
    /// against one: drawn after 7 moves each; one king against one:
    /// drawn). Draw rules ([`Rules::DRAW_RULES`]): threefold repetition
    /// only.
    FrisianRules {
        name: "frisian",
        size: 10,
        flying: true,
        backward: true,
        men_take_kings: true,
        precedence: Precedence::Value,
        crowning: Crowning::AtEnd,
        routes: CaptureRoutes::OnePerResult,
        first: Color::White,
        notation: Notation::Numeric,
        game_type: 40,
        draw: (true, None),
        start_rows: 4,
        orthogonal_captures: true,
        same_king_moves: Some(3),
    }
}

variant! {
    /// Frysk!: Frisian draughts ([`FrisianRules`]) from five men each on the
    /// back row (White on 46–50, Black on 1–5), as lidraughts and pydraughts
    /// play it (lidraughts' variant page "Frysk!"; PDN `GameType` 97, the
    /// number lidraughts writes for it, so that a record without a `FEN`
    /// tag still names the variant).
    ///
    /// Every rule, and what is not expressed, is Frisian's.
    FryskRules on FrisianRules {
        name: "frysk",
        game_type: 97,
        draw: (true, None),
        start_rows: 1,
    }
}
