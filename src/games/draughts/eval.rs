//! [`Evaluation`]: a hand-set evaluation of draughts positions, one for
//! every variant (its weights follow the variant's board size and kings),
//! and the dead-draw judgement of the draughts [`engine`](super::engine).

use core::marker::PhantomData;

use super::engine::{forward, BlackSide, Side, WhiteSide};
use super::geometry::{
    bit_of, bit_of_index, coordinates, reverse, row_mask, step, Bitboard, Geometry,
};
use super::moves::Move;
use super::piece::Color;
use super::position::Draughts;
use super::rules::{Goal, Rules};
use crate::search::Evaluator;

/// A man: the unit of the evaluation (a score of 100 is a man ahead).
pub const MAN_VALUE: i32 = 100;
/// A flying king on the 10x10 board: about three men (a king there
/// controls whole diagonals, and one king holds off several men).
pub const INTERNATIONAL_KING_VALUE: i32 = 300;
/// A flying king on an 8x8 board (Russian, Brazilian, pool, Spanish,
/// Czech): two and a half men.
pub const FLYING_KING_VALUE: i32 = 250;
/// A king that steps one square (English, Italian): worth more than a man
/// because it moves both ways, as in checkers.
pub const SHORT_KING_VALUE: i32 = 140;

/// The value of a king in variant `R`.
pub const fn king_value<R: Rules>() -> i32 {
    if !R::FLYING_KINGS {
        SHORT_KING_VALUE
    } else if R::SIZE == 10 {
        INTERNATIONAL_KING_VALUE
    } else {
        FLYING_KING_VALUE
    }
}

/// Per empty square a man can step to: mobility, and what a locked-up
/// formation lacks.
const MAN_MOBILITY: i32 = 2;
/// Per man standing on the central squares (the middle columns of the
/// middle rows): centre control.
const CENTRAL_MAN: i32 = 5;
/// Per man on a side edge, where it guards and attacks half as much.
const EDGE_MAN: i32 = -4;
/// Per man with a piece of its own diagonally behind it: a man backed up
/// cannot be taken from the front, and a chain of them (a "tail") is
/// hard to break.
const SUPPORTED_MAN: i32 = 3;
/// Per man on its own back row while the opponent has men to crown: the
/// back row guards the crowning squares. Less on 10x10, where men left
/// at home also mean a lagging development.
const BACK_RANK_8: i32 = 6;
const BACK_RANK_10: i32 = 3;
/// Per man of difference between a side's men on the left and right
/// halves of the board, beyond one: an unbalanced position runs out of
/// moves on its crowded wing ("left-right balance").
const IMBALANCE: i32 = -3;
/// Tempo: per row a man has advanced, in hundredths, `TEMPO_RISE * off /
/// all - TEMPO_START` where `off` is the share of the pieces that has left
/// the board: slightly negative with a full board (no rushing forward to
/// be exchanged), rising to about +7 a row in the endgame (race to
/// crown).
const TEMPO_RISE: i32 = 800;
const TEMPO_START: i32 = 50;
/// Trading down when ahead: the material lead counts this share more per
/// piece that has left the board (`lead * off / (TRADE_DIVISOR * all)`).
const TRADE_DIVISOR: i32 = 2;
/// A runaway man: one within this many rows of crowning with no enemy
/// piece anywhere ahead of it (and no enemy king) gets a share of the
/// value of the king it is about to become.
const RUNAWAY_ROWS: u32 = 3;
/// Per king on the long diagonal (the "main road", from White's left
/// corner to Black's right corner): the diagonal that decides most king
/// endgames.
const LONG_DIAGONAL_KING: i32 = 15;
/// Kings-only endings that are draws are scored this many times smaller,
/// so that the side ahead still prefers the better version but no longer
/// believes it is winning.
pub(crate) const DRAWISH_DIVISOR: i32 = 16;
/// Kings-only: how many kings cannot beat one king with flying kings
/// (10x10: three; 8x8: two).
const DRAWN_KINGS_AGAINST_ONE_10: u32 = 3;
/// With captures along rows and columns too (Frisian), two kings or more
/// catch a lone king: only one king against one is drawn (the
/// federation's rules end it at once, and two kings against one after
/// seven moves, a limit the position cannot count).
const DRAWN_KINGS_AGAINST_ONE_ORTHOGONAL: u32 = 1;
const DRAWN_KINGS_AGAINST_ONE_8: u32 = 2;

/// Breakthrough ([`Goal::FirstKing`]): per row each man has advanced, at
/// any stage of the game (the first king wins).
const BREAKTHROUGH_ADVANCE: i32 = 3;
/// Breakthrough: a runaway man wins the game; this is its bonus one row
/// from crowning (less further back), in place of a share of a king.
const BREAKTHROUGH_RUNAWAY: i32 = 600;
/// Breakthrough: per man guarding its own back row, which the other side
/// must pass to win.
const BREAKTHROUGH_BACK_RANK: i32 = 8;
/// Antidraughts ([`Goal::FirstBlocked`]): per free square ahead of a man
/// (a man that can still step is a man that is not yet blocked).
const ANTIDRAUGHTS_MOBILITY: i32 = 4;

/// The half-width of the search's aspiration windows: half a man
/// ([`Evaluator::aspiration_window`]).
pub(crate) const ASPIRATION_WINDOW: i32 = 50;

/// The search's ProbCut margin in the variants won by the last player to
/// move ([`Goal::LastToMove`]): 0.3 of a man, as English checkers' learned
/// evaluation asks (measured at equal time in `docs/draughts-engine.md`,
/// "ProbCut"). Breakthrough and Antidraughts, whose values move in other
/// steps, search without it.
const PROBCUT_MARGIN: i32 = 30;

/// Move-ordering hint: per piece a capture takes.
pub(crate) const HINT_PER_CAPTURE: i32 = 100;
/// Move-ordering hint: a man that is crowned.
pub(crate) const HINT_CROWNING: i32 = 60;

/// The family's trading-down term, the same in every variant and in
/// [`Checkers`](crate::checkers::Checkers)' evaluation: with a material
/// `lead` (in the evaluation's units) and `off` of the `all` pieces of the
/// start off the board, the lead counts `off / (TRADE_DIVISOR * all)` more,
/// so the side ahead welcomes even exchanges.
#[inline]
pub(crate) const fn trade_down(lead: i32, off: i32, all: i32) -> i32 {
    lead * off / (TRADE_DIVISOR * all)
}

/// The family's move-ordering hint, the same in every variant and in
/// checkers: [`HINT_PER_CAPTURE`] per piece a move takes and
/// [`HINT_CROWNING`] when it crowns a man.
#[inline]
pub(crate) const fn move_hint(captures: usize, crowns: bool) -> i32 {
    HINT_PER_CAPTURE * captures as i32 + if crowns { HINT_CROWNING } else { 0 }
}

/// The masks the evaluation needs for one board size.
struct Masks {
    /// `white_planes[b]`: squares where a White man has advanced a number
    /// of rows with bit `b` set (rows counted from White's home row).
    white_planes: [Bitboard; 4],
    /// The same for Black.
    black_planes: [Bitboard; 4],
    center: Bitboard,
    edges: Bitboard,
    left_half: Bitboard,
    right_half: Bitboard,
    long_diagonal: Bitboard,
}

/// The masks of a `size` board.
const fn masks(size: usize) -> Masks {
    let mut masks = Masks {
        white_planes: [0; 4],
        black_planes: [0; 4],
        center: 0,
        edges: 0,
        left_half: 0,
        right_half: 0,
        long_diagonal: 0,
    };
    let mut row = 0;
    while row < size {
        let mask = row_mask(size, row);
        let white_advance = size - 1 - row;
        let black_advance = row;
        let mut b = 0;
        while b < 4 {
            if white_advance & (1 << b) != 0 {
                masks.white_planes[b] |= mask;
            }
            if black_advance & (1 << b) != 0 {
                masks.black_planes[b] |= mask;
            }
            b += 1;
        }
        row += 1;
    }
    let mut i = 0;
    while i < size * size / 2 {
        let bit: Bitboard = 1 << bit_of(size, i);
        let (row, col) = coordinates(size, i);
        let middle_rows = row + 2 >= size / 2 && row <= size / 2 + 1;
        if middle_rows && col >= 2 && col + 3 <= size {
            masks.center |= bit;
        }
        if col == 0 || col == size - 1 {
            masks.edges |= bit;
        }
        if col < size / 2 {
            masks.left_half |= bit;
        } else {
            masks.right_half |= bit;
        }
        if row + col == size - 1 {
            masks.long_diagonal |= bit;
        }
        i += 1;
    }
    masks
}

const MASKS_8: Masks = masks(8);
const MASKS_10: Masks = masks(10);

fn masks_of<R: Rules>() -> &'static Masks {
    if R::SIZE == 10 {
        &MASKS_10
    } else {
        &MASKS_8
    }
}

/// A hand-set evaluation of positions of draughts variant `R`, in
/// hundredths of a man, from the point of view of the side to move.
///
/// The terms, each weighted by a named constant of this module:
/// - **material**: a man [`MAN_VALUE`] = 100; a king
///   [`king_value`]: 300 with flying kings on 10x10, 250 with flying kings
///   on 8x8, 140 for short kings (English, Italian);
/// - **trading down**: the side ahead gains a share of its lead for every
///   piece off the board, so it welcomes even exchanges;
/// - **development and tempo**: each man's advance, slightly negative with
///   a full board, rising to about 7 a row in the endgame;
/// - **mobility** of the men (free squares ahead), which also punishes
///   locked formations;
/// - **centre and outposts**: men on the central squares; men on the side
///   edges lose a little; men backed by a piece of their own behind them
///   (tails, supported outposts) gain a little;
/// - **back rank**: men guarding their own back row while the opponent
///   has men to crown;
/// - **left-right balance** of each side's men;
/// - **runaway men**: a man within three rows of crowning with no enemy
///   piece ahead of it and no enemy king is scored as most of a king;
/// - **kings** on the long diagonal (the main road) gain a little;
/// - **drawn endings**: kings against kings that cannot win (equal kings
///   with short kings; one king against up to three on 10x10, up to two on
///   8x8, with flying kings) are scored 16 times smaller.
///
/// The weights were set by hand and checked by matches (the crate's
/// `engine_match` example; figures in `docs/draughts-engine.md`), not
/// tuned automatically.
///
/// ```
/// use rulebook::draughts::{Evaluation, International, Russian};
/// use rulebook::search::Evaluator;
///
/// // The start is symmetric: even.
/// assert_eq!(Evaluation::new().evaluate(&International::default()), 0);
/// // White to move, a man up.
/// let ahead = Russian::from_fen("W:Wc3,e3:Bf6").unwrap();
/// assert!(Evaluation::new().evaluate(&ahead) > 50);
/// ```
pub struct Evaluation<R> {
    variant: PhantomData<fn() -> R>,
}

impl<R> Clone for Evaluation<R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R> Copy for Evaluation<R> {}
impl<R> Default for Evaluation<R> {
    fn default() -> Self {
        Evaluation {
            variant: PhantomData,
        }
    }
}
impl<R: Rules> core::fmt::Debug for Evaluation<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Evaluation<{}>", R::NAME)
    }
}

/// Whether a kings-only ending with `strong` kings against `weak` is a
/// draw that neither side can force to a win, in variant `R`.
pub(crate) fn kings_cannot_win<R: Rules>(strong: u32, weak: u32) -> bool {
    if weak == 0 {
        return false;
    }
    if !R::FLYING_KINGS {
        return strong == weak;
    }
    if R::KILLER_KINGS {
        // Two kings catch one: a king that takes a king stops behind it.
        return strong <= weak;
    }
    let limit = if R::ORTHOGONAL_CAPTURES {
        DRAWN_KINGS_AGAINST_ONE_ORTHOGONAL
    } else if R::SIZE == 10 {
        DRAWN_KINGS_AGAINST_ONE_10
    } else {
        DRAWN_KINGS_AGAINST_ONE_8
    };
    strong <= weak || (weak == 1 && strong <= limit)
}

impl<R: Rules> Evaluation<R> {
    /// The evaluation with its hand-set weights.
    pub const fn new() -> Evaluation<R> {
        Evaluation {
            variant: PhantomData,
        }
    }

    /// Whether `position` is a dead draw: no men on the board, and kings
    /// that cannot win against the other side's (as many kings on each
    /// side; with flying kings also one king against up to three on 10x10,
    /// up to two on 8x8).
    pub fn is_dead_draw(position: &Draughts<R>) -> bool {
        // Antidraughts: who is "ahead" is who wants to lose pieces; no
        // kings ending is known drawn.
        if R::GOAL == Goal::FirstBlocked || position.kings != position.white | position.black {
            return false;
        }
        let white = position.white.count_ones();
        let black = position.black.count_ones();
        kings_cannot_win::<R>(white.max(black), white.min(black))
    }

    /// The side-independent terms of side `S` (its pieces `own`, the
    /// opponent's `opp`), with `off` pieces off the board out of `all`.
    fn side_terms<S: Side>(
        own: Bitboard,
        opp: Bitboard,
        kings: Bitboard,
        off: i32,
        all: i32,
    ) -> i32 {
        let masks = masks_of::<R>();
        let count = |set: Bitboard| set.count_ones() as i32;
        let men = own & !kings;
        let own_kings = own & kings;
        let empty = R::VALID & !(own | opp);
        let king = king_value::<R>();
        let mut value = MAN_VALUE * count(men) + king * count(own_kings);

        let [ahead_left, ahead_right] = forward::<S>();
        let forward =
            |set: Bitboard| (step::<R>(set, ahead_left) | step::<R>(set, ahead_right)) & R::VALID;
        let mobility =
            count(step::<R>(men, ahead_left) & empty) + count(step::<R>(men, ahead_right) & empty);
        value += MAN_MOBILITY * mobility;
        value += CENTRAL_MAN * count(men & masks.center);
        value += EDGE_MAN * count(men & masks.edges);
        // A man is backed when a piece of its own stands behind it: that
        // piece, stepped forward, lands on the man.
        let backed = men & forward(own);
        value += SUPPORTED_MAN * count(backed);

        let opp_men = opp & !kings;
        if opp_men != 0 {
            let home = if S::WHITE { R::BOTTOM_ROW } else { R::TOP_ROW };
            let back_rank = if R::SIZE == 10 {
                BACK_RANK_10
            } else {
                BACK_RANK_8
            };
            value += back_rank * count(men & home);
            if R::GOAL == Goal::FirstKing {
                value += BREAKTHROUGH_BACK_RANK * count(men & home);
            }
        }
        let imbalance = (count(men & masks.left_half) - count(men & masks.right_half)).abs();
        value += IMBALANCE * (imbalance - 1).max(0);

        let planes = if S::WHITE {
            &masks.white_planes
        } else {
            &masks.black_planes
        };
        let advance = count(men & planes[0])
            + 2 * count(men & planes[1])
            + 4 * count(men & planes[2])
            + 8 * count(men & planes[3]);
        value += advance * (TEMPO_RISE * off / all - TEMPO_START) / 100;
        if R::GOAL == Goal::FirstKing {
            value += BREAKTHROUGH_ADVANCE * advance;
        }

        if opp & kings == 0 {
            value += Self::runaways::<S>(men, opp);
        }
        value += LONG_DIAGONAL_KING * count(own_kings & masks.long_diagonal);
        value
    }

    /// The bonus of `S`'s runaway men: men near the crowning row with no
    /// enemy piece in the cone of squares ahead of them.
    fn runaways<S: Side>(men: Bitboard, opp: Bitboard) -> i32 {
        let crown = if S::WHITE { R::TOP_ROW } else { R::BOTTOM_ROW };
        let ahead = forward::<S>();
        let gain = if R::GOAL == Goal::FirstKing {
            BREAKTHROUGH_RUNAWAY
        } else {
            king_value::<R>() - MAN_VALUE
        };
        let mut near = crown;
        let mut bonus = 0;
        for rows in 1..=RUNAWAY_ROWS {
            // `near`: the row `rows - 1` away from crowning; the men one
            // row further back are `rows` away.
            let row_behind =
                step::<R>(near, reverse(ahead[0])) | step::<R>(near, reverse(ahead[1]));
            near = row_behind & R::VALID;
            let mut candidates = men & near;
            while candidates != 0 {
                let man = candidates & candidates.wrapping_neg();
                candidates &= candidates - 1;
                let mut cone = man;
                let mut reach = 0;
                for _ in 0..rows {
                    cone = (step::<R>(cone, ahead[0]) | step::<R>(cone, ahead[1])) & R::VALID;
                    reach |= cone;
                }
                if reach & opp == 0 {
                    bonus += gain * (RUNAWAY_ROWS + 1 - rows) as i32 / (RUNAWAY_ROWS + 2) as i32;
                }
            }
        }
        bonus
    }
}

impl<R: Rules> Evaluation<R> {
    /// Antidraughts ([`Goal::FirstBlocked`]), from the side to move's
    /// view: the material of the other side less its own (fewer pieces is
    /// nearer the goal, and a king, which is hard to give away, weighs as
    /// in the other variants), and fewer free steps for its men than the
    /// other side's (a blocked man is a man that no longer has to go).
    fn antidraughts(position: &Draughts<R>) -> i32 {
        let (white, black, kings) = (position.white, position.black, position.kings);
        let empty = R::VALID & !(white | black);
        let king = king_value::<R>();
        let material = |set: Bitboard| {
            MAN_VALUE * (set & !kings).count_ones() as i32
                + king * (set & kings).count_ones() as i32
        };
        let steps = |men: Bitboard, [left, right]: [usize; 2]| {
            ((step::<R>(men, left) & empty).count_ones()
                + (step::<R>(men, right) & empty).count_ones()) as i32
        };
        let mobility = steps(white & !kings, forward::<WhiteSide>())
            - steps(black & !kings, forward::<BlackSide>());
        let white_view = material(black) - material(white) - ANTIDRAUGHTS_MOBILITY * mobility;
        match position.turn {
            Color::White => white_view,
            Color::Black => -white_view,
        }
    }
}

impl<R: Rules> Evaluator<Draughts<R>> for Evaluation<R> {
    fn evaluate(&self, position: &Draughts<R>) -> i32 {
        if R::GOAL == Goal::FirstBlocked {
            return Self::antidraughts(position);
        }
        let (white, black, kings) = (position.white, position.black, position.kings);
        let all = 2 * R::WHITE_START.count_ones() as i32;
        let off = all - (white | black).count_ones() as i32;
        let mut white_view = Self::side_terms::<WhiteSide>(white, black, kings, off, all)
            - Self::side_terms::<BlackSide>(black, white, kings, off, all);
        let king = king_value::<R>();
        let material = |set: Bitboard| {
            MAN_VALUE * (set & !kings).count_ones() as i32
                + king * (set & kings).count_ones() as i32
        };
        let lead = material(white) - material(black);
        white_view += trade_down(lead, off, all);
        if kings == white | black {
            let (w, b) = (white.count_ones(), black.count_ones());
            if kings_cannot_win::<R>(w.max(b), w.min(b)) {
                white_view /= DRAWISH_DIVISOR;
            }
        }
        match position.turn {
            Color::White => white_view,
            Color::Black => -white_view,
        }
    }

    fn move_hint(&self, position: &Draughts<R>, mv: Move<R>) -> i32 {
        let from: Bitboard = 1 << bit_of_index::<R>(mv.from().index());
        let to: Bitboard = 1 << bit_of_index::<R>(mv.to().index());
        let crown = match position.turn {
            Color::White => R::TOP_ROW,
            Color::Black => R::BOTTOM_ROW,
        };
        let crowns = position.kings & from == 0 && to & crown != 0;
        move_hint(mv.capture_count(), crowns)
    }

    /// Half a man: from one depth to the next, a draughts value seldom
    /// moves further unless an exchange changes the material.
    fn aspiration_window(&self) -> Option<i32> {
        Some(ASPIRATION_WINDOW)
    }

    /// 0.3 of a man when the last player to move wins; none in
    /// Breakthrough and Antidraughts.
    fn probcut_margin(&self) -> Option<i32> {
        (R::GOAL == Goal::LastToMove).then_some(PROBCUT_MARGIN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::{English, International, Italian, Russian};

    fn eval<R: Rules>(fen: &str) -> i32 {
        Evaluation::<R>::new().evaluate(&Draughts::<R>::from_fen(fen).unwrap())
    }

    #[test]
    fn the_start_is_even_in_every_variant() {
        fn even<R: Rules>() {
            assert_eq!(
                Evaluation::<R>::new().evaluate(&Draughts::<R>::default()),
                0
            );
        }
        even::<crate::draughts::InternationalRules>();
        even::<crate::draughts::RussianRules>();
        even::<crate::draughts::BrazilianRules>();
        even::<crate::draughts::PoolRules>();
        even::<crate::draughts::ItalianRules>();
        even::<crate::draughts::SpanishRules>();
        even::<crate::draughts::CzechRules>();
        even::<crate::draughts::EnglishRules>();
        even::<crate::draughts::KillerRules>();
        even::<crate::draughts::BreakthroughRules>();
        even::<crate::draughts::AntidraughtsRules>();
    }

    #[test]
    fn antidraughts_wants_fewer_pieces() {
        type A = crate::draughts::AntidraughtsRules;
        type I = crate::draughts::InternationalRules;
        // White to move, a man up: good in International, bad here.
        assert!(eval::<I>("W:W31,32:B5") > 0);
        assert!(eval::<A>("W:W31,32:B5") < -MAN_VALUE / 2);
        // Black, with the king, is worse off in Antidraughts.
        assert!(eval::<A>("W:W31:BK5") > 0);
        assert!(!Evaluation::<A>::is_dead_draw(
            &Draughts::from_fen("W:WK1:BK50").unwrap()
        ));
    }

    #[test]
    fn breakthrough_values_the_advanced_man() {
        type B = crate::draughts::BreakthroughRules;
        type I = crate::draughts::InternationalRules;
        // A free man on 9, one step from crowning: worth more
        // than in International, where it becomes a mere king.
        let b = eval::<B>("W:W9,45:B6,11");
        let i = eval::<I>("W:W9,45:B6,11");
        assert!(b > i + MAN_VALUE, "{b} {i}");
    }

    #[test]
    fn killer_kings_catch_a_lone_king() {
        type K = crate::draughts::KillerRules;
        type I = crate::draughts::InternationalRules;
        let two_against_one = Draughts::from_fen("W:WK1,K2:BK50").unwrap();
        assert!(Evaluation::<I>::is_dead_draw(
            &Draughts::from_fen("W:WK1,K2:BK50").unwrap()
        ));
        assert!(!Evaluation::<K>::is_dead_draw(&two_against_one));
        assert!(eval::<K>("W:WK1,K2:BK50") > eval::<I>("W:WK1,K2:BK50"));
    }

    #[test]
    fn colours_mirror() {
        // The same position with the colours swapped (square s <-> 51 - s)
        // and the other side to move has the same value.
        let a = eval::<crate::draughts::InternationalRules>("W:W31,32,K44,45:B5,K12,20");
        let b = eval::<crate::draughts::InternationalRules>("B:W31,K39,46:B6,K7,19,20");
        assert_eq!(a, b);
    }

    #[test]
    fn material_and_kings() {
        type I = crate::draughts::InternationalRules;
        assert!(eval::<I>("W:W31,32:B5") > MAN_VALUE / 2);
        assert!(eval::<I>("B:W31,32:B5") < -MAN_VALUE / 2);
        assert!(eval::<I>("W:WK31,32:B5,6") > eval::<I>("W:W31,32:B5,6"));
        let _ = International::default();
        let _ = Russian::default();
    }

    #[test]
    fn runaway_men_count_as_most_of_a_king() {
        type I = crate::draughts::InternationalRules;
        // White's man on 9 has nothing ahead of it; on 29 with a Black man
        // on 23 in its way it is only a man.
        let free = eval::<I>("W:W9:B45");
        let blocked = eval::<I>("W:W29:B23,45");
        assert!(free > blocked + MAN_VALUE, "{free} {blocked}");
    }

    #[test]
    fn drawn_king_endings_are_near_zero() {
        type I = crate::draughts::InternationalRules;
        let three_against_one = eval::<I>("W:WK1,K2,K3:BK50");
        assert!(three_against_one.abs() < MAN_VALUE, "{three_against_one}");
        assert!(Evaluation::is_dead_draw(
            &International::from_fen("W:WK1,K2,K3:BK50").unwrap()
        ));
        assert!(!Evaluation::is_dead_draw(
            &International::from_fen("W:WK1,K2,K3,K4:BK50").unwrap()
        ));
        assert!(!Evaluation::is_dead_draw(
            &International::from_fen("W:WK1,K2,30:BK50").unwrap()
        ));
        assert!(Evaluation::is_dead_draw(
            &Russian::from_fen("W:WKa1,Kc1:BKh8").unwrap()
        ));
        assert!(!Evaluation::is_dead_draw(
            &Russian::from_fen("W:WKa1,Kc1,Ke1:BKh8").unwrap()
        ));
        assert!(!Evaluation::is_dead_draw(
            &English::from_fen("W:WK1,K2:BK32").unwrap()
        ));
        assert!(Evaluation::is_dead_draw(
            &Italian::from_fen("W:WK1:BK32").unwrap()
        ));
    }

    #[test]
    fn hints_rank_captures_by_size() {
        let position = International::from_fen("W:W32,33:B27,28,18").unwrap();
        let eval = Evaluation::new();
        for mv in crate::Game::legal_moves(&position) {
            assert!(eval.move_hint(&position, mv) >= HINT_PER_CAPTURE * mv.capture_count() as i32);
        }
    }
}
