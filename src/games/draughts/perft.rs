//! The fast perft behind every variant's [`Game::perft`](crate::Game::perft),
//! [`Draughts::perft_distinct`](super::Draughts::perft_distinct) and
//! [`Draughts::perft_every_route`](super::Draughts::perft_every_route).
//!
//! Same generator as [`legal_moves`](crate::Game::legal_moves) (the capture
//! search of `engine`), laid out for speed:
//! - the side to move is a type, the rules are constants;
//! - the last ply is counted in bulk: quiet moves by popcounts of shifted
//!   bitboards (a flying king's moves along a diagonal by a ray fill),
//!   captures by running the capture search with a counting sink;
//! - no [`Move`](super::Move) values are built: quiet moves are walked
//!   straight from bitboards, and each complete capture is played and
//!   counted below as the search reports it (when the variant has a
//!   precedence rule, a first search finds the best precedence key);
//! - nothing allocates (the "distinct" count remembers the captures of
//!   two or more pieces it has counted at a node in a small array, and
//!   only a position with more such captures than that array holds would
//!   spill to the heap).
//!
//! # Two counting conventions
//!
//! Two captures that take the same pieces and end on the same square by
//! different routes (a piece going round a ring one way or the other, so
//! taking the pieces in another order) are one move in every variant but
//! English ([`CaptureRoutes`](super::CaptureRoutes)), and two in English.
//! The "drop" count ([`Draughts::perft_distinct`](super::Draughts::perft_distinct),
//! and [`Game::perft`](crate::Game::perft) but in English) counts them
//! once: captures are compared by start, end, captured squares and whether
//! the piece ends as a king (as `legal_moves` compares them). The "keep"
//! count ([`Draughts::perft_every_route`](super::Draughts::perft_every_route),
//! and `Game::perft` in English) counts every route. Routes that take the
//! same pieces in the same order are one move in both, which the capture
//! search reports once (a flying king that takes two pieces on one line
//! is searched on from one square between them). A capture of one piece
//! has one route, so only captures of two or more are compared.

use super::distinct::SameResult;
use super::engine::{BlackSide, Board, Capture, Path, Side, Sink, WhiteSide};
use super::geometry::Bitboard;
use super::rules::{Goal, Precedence, Rules};

/// How captures that coincide are counted.
pub(crate) trait Dedup {
    fn new() -> Self;
    fn reset(&mut self);
    /// Whether `capture` was not counted yet at this node (and remember it).
    fn first_time(&mut self, capture: &Capture) -> bool;
}

/// Every route counts ("keep").
pub(crate) struct Routes;

impl Dedup for Routes {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn new() -> Self {
        Routes
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn reset(&mut self) {}
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn first_time(&mut self, _: &Capture) -> bool {
        true
    }
}

/// Captures remembered inline per node before spilling to the heap.
const SEEN_INLINE: usize = 16;

/// Routes that coincide count once ("drop").
pub(crate) struct Distinct(SameResult<SEEN_INLINE>);

impl Dedup for Distinct {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn new() -> Self {
        Distinct(SameResult::new())
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn reset(&mut self) {
        self.0.clear();
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn first_time(&mut self, capture: &Capture) -> bool {
        self.0.seen_or_insert(capture, 0).is_none()
    }
}

/// Captures a node keeps for [`Gather`] before it falls back to a second
/// search. Most capture positions have a handful; a position with more
/// (rings of kings) is searched twice, which is correct, only slower.
const GATHERED: usize = 16;

/// Keeps the captures with the best precedence key seen so far, so that a
/// variant with a precedence rule finds its legal captures in one search
/// (the best key is only known at the end).
struct Gather {
    best: Option<u64>,
    /// The captures kept: the captured squares, and the start, end and
    /// whether the piece ends as a king (`pack_ends`). Plain integers, so
    /// that the array is cheap to clear.
    captures: [(Bitboard, u32); GATHERED],
    len: usize,
    /// More than `GATHERED` captures had the best key.
    overflow: bool,
}

impl Sink for Gather {
    const PATH: bool = false;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn complete(&mut self, capture: Capture, _: &Path) {
        match self.best {
            Some(best) if capture.key < best => return,
            Some(best) if capture.key == best => {}
            _ => {
                self.best = Some(capture.key);
                self.len = 0;
                self.overflow = false;
            }
        }
        match self.captures.get_mut(self.len) {
            Some(slot) => {
                *slot = (capture.captured, pack_ends(&capture));
                self.len += 1;
            }
            None => self.overflow = true,
        }
    }
}

/// A capture's start, end and whether the piece ends as a king, in one
/// word (bit indices are below 64).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn pack_ends(capture: &Capture) -> u32 {
    capture.from | (capture.to << 8) | (u32::from(capture.king_after) << 16)
}

/// The capture [`pack_ends`] packed, with its captured squares and key.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn unpack_ends(captured: Bitboard, ends: u32, key: u64) -> Capture {
    Capture {
        from: ends & 0xff,
        to: (ends >> 8) & 0xff,
        captured,
        king_after: ends >> 16 != 0,
        key,
    }
}

/// Counts the legal captures.
struct CountCaptures<D> {
    best: u64,
    count: u64,
    seen: D,
}

impl<D: Dedup> Sink for CountCaptures<D> {
    const PATH: bool = false;
    const BULK: bool = true;

    /// Captures that never coincide (see [`Sink::simple`]): no need to
    /// remember them.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn simple(&mut self, key: u64, count: u64) {
        if key > self.best {
            self.best = key;
            self.count = 0;
            self.seen.reset();
        }
        if key == self.best {
            self.count += count;
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn complete(&mut self, capture: Capture, _: &Path) {
        if capture.key > self.best {
            self.best = capture.key;
            self.count = 0;
            self.seen.reset();
        }
        if capture.key == self.best && self.seen.first_time(&capture) {
            self.count += 1;
        }
    }
}

/// Plays each legal capture and counts below it.
struct Recurse<'a, R, S, D> {
    board: &'a Board,
    depth: u32,
    key: u64,
    total: u64,
    seen: D,
    rules: core::marker::PhantomData<(R, S)>,
}

impl<R: Rules, S: Side, D: Dedup> Sink for Recurse<'_, R, S, D> {
    const PATH: bool = false;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn complete(&mut self, capture: Capture, _: &Path) {
        if capture.key == self.key && self.seen.first_time(&capture) {
            let child = self.board.after(
                capture.from,
                capture.to,
                capture.captured,
                capture.king_after,
            );
            // The last ply is counted here, inline, as after quiet moves.
            self.total += if self.depth == 1 {
                count_moves::<R, S::Other, D>(&child)
            } else {
                perft_from::<R, S::Other, D>(&child, self.depth)
            };
        }
    }
}

/// The number of legal moves.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn count_moves<R: Rules, S: Side, D: Dedup>(board: &Board) -> u64 {
    if king_crowned::<R>(board) {
        return 0;
    }
    if R::ORTHOGONAL_CAPTURES {
        // Men's landings below are the diagonal ones only.
        return if board.has_capture::<R, S>() {
            count_captures::<R, S, D>(board, [0; 4])
        } else {
            board.count_quiet::<R, S>()
        };
    }
    let landings = board.men_landings::<R, S>();
    if landings[0] | landings[1] | landings[2] | landings[3] == 0 && !board.kings_can_capture::<R>()
    {
        return board.count_quiet::<R, S>();
    }
    count_captures::<R, S, D>(board, landings)
}

/// The number of legal moves of a position with a capture, given its
/// [`men_landings`](Board::men_landings).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn count_captures<R: Rules, S: Side, D: Dedup>(board: &Board, landings: [Bitboard; 4]) -> u64 {
    let mut sink = CountCaptures {
        best: 0,
        count: 0,
        seen: D::new(),
    };
    board.for_each_capture_from::<R, S, _>(landings, &mut sink);
    sink.count
}

/// Whether the game is over because the player who moved last has crowned
/// a king (Breakthrough, [`Goal::FirstKing`]); false in the other
/// variants, where the test folds away.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn king_crowned<R: Rules>(board: &Board) -> bool {
    R::GOAL == Goal::FirstKing && board.opp & board.kings != 0
}

/// Perft with the side to move fixed at compile time.
///
/// Precondition: `depth >= 1`.
fn perft_from<R: Rules, S: Side, D: Dedup>(board: &Board, depth: u32) -> u64 {
    debug_assert!(depth >= 1);
    if depth == 1 {
        return count_moves::<R, S, D>(board);
    }
    if king_crowned::<R>(board) {
        return 0;
    }
    if board.has_capture::<R, S>() {
        let key = if R::PRECEDENCE == Precedence::Free {
            0
        } else {
            let mut gather = Gather {
                best: None,
                captures: [(0, 0); GATHERED],
                len: 0,
                overflow: false,
            };
            board.for_each_capture::<R, S, _>(&mut gather);
            if !gather.overflow {
                let mut seen = D::new();
                let mut total = 0;
                let key = gather.best.unwrap_or(0);
                for &(captured, ends) in &gather.captures[..gather.len] {
                    let capture = unpack_ends(captured, ends, key);
                    if seen.first_time(&capture) {
                        let child = board.after(
                            capture.from,
                            capture.to,
                            capture.captured,
                            capture.king_after,
                        );
                        total += perft_from::<R, S::Other, D>(&child, depth - 1);
                    }
                }
                return total;
            }
            // Too many to keep: a second search plays those with the
            // best key.
            gather.best.unwrap_or(0)
        };
        let mut sink = Recurse::<R, S, D> {
            board,
            depth: depth - 1,
            key,
            total: 0,
            seen: D::new(),
            rules: core::marker::PhantomData,
        };
        board.for_each_capture::<R, S, _>(&mut sink);
        return sink.total;
    }
    // (Breakthrough counts each reply on its own: a quiet move that
    // crowns ends the game.)
    if depth == 2 && R::GOAL != Goal::FirstKing {
        return board.sum_replies_after_quiet::<R, S, _, _>(
            count_moves::<R, S::Other, D>,
            count_captures::<R, S::Other, D>,
        );
    }
    let mut total = 0;
    board.for_each_quiet::<R, S, _>(|from, to, king_after| {
        total += perft_from::<R, S::Other, D>(&board.after(from, to, 0, king_after), depth - 1);
    });
    total
}

/// Perft of `board` with White (`white`) or Black to move. Depth 0 counts 1.
pub(crate) fn perft<R: Rules, D: Dedup>(board: &Board, white: bool, depth: u32) -> u64 {
    match (depth, white) {
        (0, _) => 1,
        (_, true) => perft_from::<R, WhiteSide, D>(board, depth),
        (_, false) => perft_from::<R, BlackSide, D>(board, depth),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::geometry::Geometry;
    use crate::draughts::rules::*;

    fn start<R: Rules>() -> (Board, bool) {
        let white = R::FIRST == crate::draughts::Color::White;
        let (own, opp) = if white {
            (R::WHITE_START, R::BLACK_START)
        } else {
            (R::BLACK_START, R::WHITE_START)
        };
        (Board { own, opp, kings: 0 }, white)
    }

    fn counts<R: Rules, D: Dedup>(depth: u32) -> Vec<u64> {
        let (board, white) = start::<R>();
        (1..=depth)
            .map(|d| perft::<R, D>(&board, white, d))
            .collect()
    }

    #[test]
    fn start_positions_shallow() {
        assert_eq!(
            counts::<InternationalRules, Routes>(6),
            [9, 81, 658, 4265, 27117, 167140]
        );
        assert_eq!(
            counts::<BrazilianRules, Routes>(6),
            [7, 49, 302, 1469, 7473, 37628]
        );
        assert_eq!(
            counts::<RussianRules, Routes>(6),
            [7, 49, 302, 1469, 7482, 37986]
        );
        assert_eq!(
            counts::<PoolRules, Routes>(6),
            [7, 49, 302, 1469, 7482, 37986]
        );
        assert_eq!(
            counts::<ItalianRules, Routes>(6),
            [7, 49, 302, 1469, 7361, 36473]
        );
        assert_eq!(
            counts::<SpanishRules, Routes>(6),
            [7, 49, 302, 1469, 7361, 36473]
        );
        assert_eq!(
            counts::<CzechRules, Routes>(6),
            [7, 49, 302, 1469, 7361, 36768]
        );
        assert_eq!(
            counts::<EnglishRules, Routes>(6),
            [7, 49, 302, 1469, 7361, 36768]
        );
    }

    #[test]
    #[ignore]
    fn start_positions_deep_scratch() {
        let t = std::time::Instant::now();
        println!(
            "int keep {:?} {:?}",
            counts::<InternationalRules, Routes>(8),
            t.elapsed()
        );
        println!("int drop {:?}", counts::<InternationalRules, Distinct>(8));
        println!("bra keep {:?}", counts::<BrazilianRules, Routes>(9));
        println!("bra drop {:?}", counts::<BrazilianRules, Distinct>(9));
        println!("rus keep {:?}", counts::<RussianRules, Routes>(9));
        println!("rus drop {:?}", counts::<RussianRules, Distinct>(9));
        println!("pool keep {:?}", counts::<PoolRules, Routes>(9));
        println!("pool drop {:?}", counts::<PoolRules, Distinct>(9));
        println!(
            "ita {:?} {:?}",
            counts::<ItalianRules, Routes>(9),
            counts::<ItalianRules, Distinct>(9)
        );
        println!(
            "spa {:?} {:?}",
            counts::<SpanishRules, Routes>(9),
            counts::<SpanishRules, Distinct>(9)
        );
        println!(
            "cze {:?} {:?}",
            counts::<CzechRules, Routes>(9),
            counts::<CzechRules, Distinct>(9)
        );
        println!("eng {:?}", counts::<EnglishRules, Routes>(9));
        println!("{:?}", t.elapsed());
    }
}
