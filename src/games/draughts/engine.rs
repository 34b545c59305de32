//! The move generator shared by every variant: the board seen from the side
//! to move, the capture search (every capture sequence, with the data the
//! precedence rules need), quiet moves, and counting in bulk. Nothing here
//! allocates.
//!
//! The rules are constants of `R` and the side to move a type (`S`), so
//! each variant and side gets its own copy of this code with every rule
//! test folded away.
//!
//! The small helpers here (and in `geometry`, `perft`, `position`) are
//! `#[inline(always)]` only without debug assertions: in an unoptimised
//! build (the `test` profile) forced inlining pasted them, unsimplified,
//! into every capture search of every variant, and that code was most of
//! the test suite's build time (tests/README.md).

use super::geometry::{
    reverse, step, Bitboard, Geometry, DIRECTIONS, DOWN, DOWN_LEFT, DOWN_RIGHT, LEFT, RIGHT, UP,
    UP_LEFT, UP_RIGHT,
};
use super::rules::{Crowning, Precedence, Rules, FRISIAN_KING_VALUE, FRISIAN_MAN_VALUE};

/// Runs `$body` once per direction (in the order of `DIRECTIONS`) with
/// `$d` bound to it, written out four times rather than looped: each copy
/// sees its direction as a constant, so every shift is an immediate and no
/// direction index is kept at run time (LLVM does not unroll these loops
/// by itself: their bodies are too large). With a label, `break $label`
/// ends one copy, as `continue` would end one turn of a loop.
macro_rules! each_direction {
    ($d:ident => $body:block) => {
        each_of!([UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT], $d => $body)
    };
    ($label:lifetime, $d:ident => $body:block) => {
        each_of!([UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT], $label, $d => $body)
    };
}

/// `$body` once per direction of the list, written out (see
/// [`each_direction!`]).
macro_rules! each_of {
    ([$($direction:expr),*], $d:ident => $body:block) => {
        $({
            let $d: usize = $direction;
            $body
        })*
    };
    ([$($direction:expr),*], $label:lifetime, $d:ident => $body:block) => {
        $($label: {
            let $d: usize = $direction;
            $body
        })*
    };
}

/// [`each_direction!`] over the directions `$rules` captures in: the four
/// diagonals, and with [`Rules::ORTHOGONAL_CAPTURES`] the four orthogonal
/// directions after them (a constant test, folded away for the other
/// variants).
macro_rules! each_capture_direction {
    ($rules:ty, $d:ident => $body:block) => {
        each_direction!($d => $body);
        if <$rules>::ORTHOGONAL_CAPTURES {
            each_orthogonal!($d => $body);
        }
    };
    ($rules:ty, $label:lifetime, $d:ident => $body:block) => {
        each_direction!($label, $d => $body);
        if <$rules>::ORTHOGONAL_CAPTURES {
            each_orthogonal!($label, $d => $body);
        }
    };
}

/// [`each_direction!`] over the four orthogonal directions.
macro_rules! each_orthogonal {
    ($d:ident => $body:block) => {
        each_of!([UP, LEFT, RIGHT, DOWN], $d => $body)
    };
    ($label:lifetime, $d:ident => $body:block) => {
        each_of!([UP, LEFT, RIGHT, DOWN], $label, $d => $body)
    };
}

/// Marks "no direction yet" for a flying king at the start of its capture.
const NO_DIRECTION: usize = usize::MAX;

/// The side to move, as a type: "forward" and the crowning row are then
/// compile-time constants.
pub(crate) trait Side {
    /// White moves up (toward row 0); Black down.
    const WHITE: bool;
    /// The other side.
    type Other: Side;
}

/// White to move.
pub(crate) struct WhiteSide;
/// Black to move.
pub(crate) struct BlackSide;

impl Side for WhiteSide {
    const WHITE: bool = true;
    type Other = BlackSide;
}

impl Side for BlackSide {
    const WHITE: bool = false;
    type Other = WhiteSide;
}

/// The directions `S`'s men move in.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn forward<S: Side>() -> [usize; 2] {
    if S::WHITE {
        [UP_LEFT, UP_RIGHT]
    } else {
        [DOWN_LEFT, DOWN_RIGHT]
    }
}

/// The row where `S`'s men are crowned.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn crown_row<R: Geometry, S: Side>() -> Bitboard {
    if S::WHITE {
        R::TOP_ROW
    } else {
        R::BOTTOM_ROW
    }
}

/// Whether `R`'s men (of side `S`) capture in direction `d`. Loops run
/// over all of `DIRECTIONS` and skip with this test, so that they unroll
/// with every direction (and so every shift) a constant.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn men_capture_in<R: Rules, S: Side>(d: usize) -> bool {
    R::MEN_CAPTURE_BACKWARD || forward::<S>()[0] == d || forward::<S>()[1] == d
}

/// A position from the side to move's view: its pieces, the opponent's,
/// and the kings of both.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Board {
    pub(crate) own: Bitboard,
    pub(crate) opp: Bitboard,
    pub(crate) kings: Bitboard,
}

/// The most squares a capture visits: its start and one landing per piece
/// taken. A captured piece stands on an inner square (it needs a square on
/// each side along the line of the jump): 32 on 10x10, and the opponent
/// has at most 20 pieces, so a capture takes at most 20.
pub(crate) const MAX_PATH: usize = 21;

/// The landing squares (bit indices) of a capture in progress.
///
/// Invariant: `through` has bits only below `len`; bit `i` set means the
/// piece on `bits[i]` goes straight on along the line it arrived by (a
/// flying king taking the next piece on the same line): a stop that is no
/// turning point, which a move does not write.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Path {
    pub(crate) bits: [u8; MAX_PATH],
    pub(crate) len: usize,
    through: u32,
}

impl Path {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn new(from: u32) -> Path {
        let mut bits = [0; MAX_PATH];
        bits[0] = from as u8;
        Path {
            bits,
            len: 1,
            through: 0,
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn push(&mut self, bit: u32) {
        if let Some(slot) = self.bits.get_mut(self.len) {
            *slot = bit as u8;
            self.len += 1;
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn pop(&mut self) {
        self.len -= 1;
    }

    /// Marks (or unmarks) the last square as a stop the piece goes
    /// straight on from.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn set_through(&mut self, through: bool) {
        let bit = 1 << (self.len - 1);
        if through {
            self.through |= bit;
        } else {
            self.through &= !bit;
        }
    }

    /// The squares a move writes: the start, each landing where the piece
    /// turns (or, for a man or a short king, each landing), and the end.
    pub(crate) fn written(&self) -> impl Iterator<Item = u8> + '_ {
        self.bits[..self.len]
            .iter()
            .enumerate()
            .filter(|&(i, _)| self.through & (1 << i) == 0)
            .map(|(_, &bit)| bit)
    }
}

/// A complete capture sequence as the search reports it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Capture {
    /// Bit index of the start square.
    pub(crate) from: u32,
    /// Bit index of the end square.
    pub(crate) to: u32,
    /// The captured squares.
    pub(crate) captured: Bitboard,
    /// Whether the moving piece is a king when the move ends.
    pub(crate) king_after: bool,
    /// The precedence key: of two captures, the one with the larger key
    /// must be chosen; equal keys leave the choice free.
    pub(crate) key: u64,
}

/// Where the capture search reports complete captures.
pub(crate) trait Sink {
    /// Whether the search must keep track of the landing squares.
    const PATH: bool;
    /// Whether the sink only counts: then men's single jumps that cannot
    /// go on, and men's captures of two pieces, are reported in bulk, by
    /// [`Sink::simple`].
    const BULK: bool = false;
    /// One complete capture (every one, whatever its precedence key), and
    /// its path when `PATH`.
    fn complete(&mut self, capture: Capture, path: &Path);
    /// `count` complete captures, all with precedence key `key`, none of
    /// which coincides with another capture (same start, end and pieces
    /// taken by another route): men's captures of one or two pieces. Only
    /// called when `BULK`.
    fn simple(&mut self, key: u64, count: u64) {
        let _ = (key, count);
    }
}

/// The precedence key of a capture (see [`Capture::key`]).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn key<R: Rules>(count: u32, with_king: bool, kings: u32, order: u32) -> u64 {
    match R::PRECEDENCE {
        Precedence::Free => 0,
        Precedence::Majority => u64::from(count),
        Precedence::MajorityThenKings => (u64::from(count) << 8) | u64::from(kings),
        Precedence::Italian => {
            (u64::from(count) << 48)
                | (u64::from(with_king) << 40)
                | (u64::from(kings) << 32)
                | u64::from(order)
        }
        Precedence::KingFirst => u64::from(with_king),
        Precedence::Value => {
            let men = u64::from(count - kings);
            men * u64::from(FRISIAN_MAN_VALUE)
                + u64::from(kings) * u64::from(FRISIAN_KING_VALUE)
                + u64::from(with_king)
        }
    }
}

/// Every square reachable by sliding from `from` in direction `d` over
/// `empty` squares (not the start squares themselves).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn ray<R: Geometry>(from: Bitboard, empty: Bitboard, d: usize) -> Bitboard {
    let mut reached = step::<R>(from, d) & empty;
    let mut all = reached;
    while reached != 0 {
        reached = step::<R>(reached, d) & empty;
        all |= reached;
    }
    all
}

/// `sets[0].count_ones() + sets[1].count_ones() + sets[2].count_ones()`,
/// with the bit counts summed half way: without a popcount instruction
/// (the x86-64 baseline) this costs little more than one count.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
const fn count_sum(sets: [Bitboard; 3]) -> u32 {
    const ONES: u64 = 0x5555_5555_5555_5555;
    const PAIRS: u64 = 0x3333_3333_3333_3333;
    const NIBBLES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const BYTES: u64 = 0x0101_0101_0101_0101;
    let mut nibbles = 0;
    let mut i = 0;
    while i < sets.len() {
        let x = sets[i] - ((sets[i] >> 1) & ONES);
        // Each 4-bit field counts at most 4 bits per set: 12 for three.
        nibbles += (x & PAIRS) + ((x >> 2) & PAIRS);
        i += 1;
    }
    let bytes = (nibbles & NIBBLES) + ((nibbles >> 4) & NIBBLES);
    (bytes.wrapping_mul(BYTES) >> 56) as u32
}

/// Whether two sets of squares that both miss the top row, or both miss
/// the bottom row, fit side by side in one word (see [`pack`]): true on
/// 8x8, where such a set spans 31 bits.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
const fn packs<R: Geometry>() -> bool {
    (R::VALID & !R::BOTTOM_ROW) >> 32 == 0 && (R::VALID & !R::TOP_ROW) >> R::H >> 32 == 0
}

/// `a` and `b` side by side in one word, so that one bit count counts
/// both: `upward` sets miss the bottom row (the targets of moves toward
/// the top), the others the top row.
///
/// Precondition: [`packs`]`::<R>()`, and `a` and `b` are such sets.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn pack<R: Geometry>(a: Bitboard, b: Bitboard, upward: bool) -> Bitboard {
    let missed = if upward { R::BOTTOM_ROW } else { R::TOP_ROW };
    debug_assert!(packs::<R>() && (a | b) & !(R::VALID & !missed) == 0);
    let shift = if upward { 0 } else { R::H };
    (a >> shift) | ((b >> shift) << 32)
}

/// `a.count_ones() + b.count_ones()`, with one bit count on 8x8, for
/// two sets that both miss the bottom row (`upward`) or the top row.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn count_pair<R: Geometry>(a: Bitboard, b: Bitboard, upward: bool) -> u32 {
    if packs::<R>() {
        pack::<R>(a, b, upward).count_ones()
    } else {
        count_sum([a, b, 0])
    }
}

/// Where a man that has just jumped in direction `d` can jump on, given
/// `jump_from[n]`, the squares from which a man could jump in direction
/// `n` (it cannot jump straight back over the piece it took).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn onward(jump_from: &[Bitboard; 4], d: usize) -> Bitboard {
    let mut onward = 0;
    each_direction!(next => {
        if next != reverse(d) {
            onward |= jump_from[next];
        }
    });
    onward
}

/// The number of captures of the side to move `S`, when it has no kings,
/// and none of its men can jump on after its first jump, and all those
/// jumps weigh the same for precedence; `None` otherwise. `landings`: the
/// men's first-jump landings ([`Board::men_landings`]), not all empty;
/// `prey`: the pieces its men may take; `no_kings`: whether the
/// opponent has no kings either (asked only when precedence counts
/// kings).
///
/// This is what [`Board::for_each_capture`] reports to a counting sink
/// in that case (one capture per landing square and direction), without
/// its set-up.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn single_jumps_only<R: Rules, S: Side>(
    landings: [Bitboard; 4],
    prey: Bitboard,
    empty: Bitboard,
    no_kings: impl FnOnce() -> bool,
) -> Option<u64> {
    let by_kind = matches!(
        R::PRECEDENCE,
        Precedence::MajorityThenKings | Precedence::Italian | Precedence::Value
    );
    if by_kind && R::MEN_CAPTURE_KINGS && !no_kings() {
        return None;
    }
    let mut jump_from = [0; 4];
    each_direction!(n => {
        if men_capture_in::<R, S>(n) {
            let back = reverse(n);
            jump_from[n] = step::<R>(step::<R>(empty, back) & prey, back);
        }
    });
    let mut going_on = 0;
    each_direction!(d => {
        going_on |= landings[d] & onward(&jump_from, d);
    });
    if R::CROWNING == Crowning::AtOnce {
        // Crowned on landing: it may go on as a king.
        going_on |= (landings[0] | landings[1] | landings[2] | landings[3]) & crown_row::<R, S>();
    }
    if going_on != 0 {
        return None;
    }
    let count = if packs::<R>() {
        // Directions 0 and 1 go up, 2 and 3 down (`DIRECTIONS`).
        count_sum([
            pack::<R>(landings[UP_LEFT], landings[UP_RIGHT], true),
            pack::<R>(landings[DOWN_LEFT], landings[DOWN_RIGHT], false),
            0,
        ])
    } else {
        count_sum([landings[0], landings[1], landings[2]]) + landings[3].count_ones()
    };
    Some(u64::from(count))
}

/// The state of a capture in progress, besides where the piece stands.
#[derive(Clone, Copy)]
struct Taken {
    captured: Bitboard,
    count: u32,
    kings: u32,
    /// Bit `31 - i` set when the `i`-th piece taken is a king.
    order: u32,
}

impl Taken {
    const NONE: Taken = Taken {
        captured: 0,
        count: 0,
        kings: 0,
        order: 0,
    };

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn with(self, victim: Bitboard, is_king: bool) -> Taken {
        Taken {
            captured: self.captured | victim,
            count: self.count + 1,
            kings: self.kings + u32::from(is_king),
            order: self.order | (u32::from(is_king) << (31 - self.count.min(31))),
        }
    }
}

/// The capture search for one piece.
struct Hunt {
    /// Opponent pieces.
    prey: Bitboard,
    /// Opponent kings.
    prey_kings: Bitboard,
    /// Empty squares, with the moving piece's start square.
    empty: Bitboard,
    /// Bit index of the start square.
    from: u32,
    /// Whether the moving piece started as a king.
    with_king: bool,
}

impl Hunt {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn complete<R: Rules, K: Sink>(
        &self,
        at: u32,
        taken: Taken,
        king_after: bool,
        path: &Path,
        sink: &mut K,
    ) {
        sink.complete(
            Capture {
                from: self.from,
                to: at,
                captured: taken.captured,
                king_after,
                key: key::<R>(taken.count, self.with_king, taken.kings, taken.order),
            },
            path,
        );
    }

    /// The prey a man may capture.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn men_prey<R: Rules>(&self) -> Bitboard {
        if R::MEN_CAPTURE_KINGS {
            self.prey
        } else {
            self.prey & !self.prey_kings
        }
    }

    /// Extends the capture of a man standing on `at`.
    fn man<R: Rules, S: Side, K: Sink>(
        &self,
        at: u32,
        taken: Taken,
        path: &mut Path,
        sink: &mut K,
    ) {
        let prey = self.men_prey::<R>() & !taken.captured;
        let mut extended = false;
        each_capture_direction!(R, 'next, d => {
            if !men_capture_in::<R, S>(d) {
                break 'next;
            }
            let over = step::<R>(1 << at, d) & prey;
            if over == 0 {
                break 'next;
            }
            let landing = step::<R>(over, d) & self.empty;
            if landing == 0 {
                break 'next;
            }
            extended = true;
            let next = taken.with(over, over & self.prey_kings != 0);
            let to = landing.trailing_zeros();
            if K::PATH {
                path.push(to);
            }
            if R::CROWNING == Crowning::AtOnce && landing & crown_row::<R, S>() != 0 {
                if R::FLYING_KINGS {
                    self.flying_king::<R, K>(to, d, true, next, path, sink);
                } else {
                    self.short_king::<R, K>(to, next, path, sink);
                }
            } else {
                self.man::<R, S, K>(to, next, path, sink);
            }
            if K::PATH {
                path.pop();
            }
        });
        if !extended && taken.count > 0 {
            let crowned = (1 << at) & crown_row::<R, S>() != 0;
            self.complete::<R, K>(at, taken, crowned, path, sink);
        }
    }

    /// [`man`](Hunt::man) for a man that has jumped once, in direction
    /// `came`, to `at`, from where it can jump on, for a counting sink
    /// (`K::BULK`): the captures that end after its second jump are
    /// handed to [`Sink::simple`] without a search.
    ///
    /// [`onward`] (with `jump_from` as in `for_each_capture_from`) is
    /// computed on the board before the capture, and still tells exactly
    /// whether the man can jump on after its second jump, in direction
    /// `n`: with `S` its
    /// start and unit steps `d`, `n`, it stands on `S + 2d + 2n`, the
    /// pieces it took are on `S + d` and `S + 2d + n`, and `n` is not
    /// `-d`. A third jump `m` (not `-n`) passes over `S + 2d + 2n + m`,
    /// which is neither of those (that would need `d + 2n + m = 0` or
    /// `n + m = 0`), nor `S` (its coordinates differ from `S`'s by odd
    /// numbers), and cannot land on `S` (`d + n + m` is never 0).
    ///
    /// Precondition: `K::BULK` and not `K::PATH`; `taken` holds the one
    /// piece taken; the man is not crowned on `at`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn man_after_first<R: Rules, S: Side, K: Sink>(
        &self,
        at: u32,
        came: usize,
        taken: Taken,
        jump_from: &[Bitboard; 4],
        path: &mut Path,
        sink: &mut K,
    ) {
        debug_assert!(K::BULK && !K::PATH && taken.count == 1);
        debug_assert!(onward(jump_from, came) & (1 << at) != 0);
        let prey = self.men_prey::<R>() & !taken.captured;
        each_direction!('next, n => {
            if !men_capture_in::<R, S>(n) || n == reverse(came) {
                break 'next;
            }
            let over = step::<R>(1 << at, n) & prey;
            if over == 0 {
                break 'next;
            }
            let landing = step::<R>(over, n) & self.empty;
            if landing == 0 {
                break 'next;
            }
            let next = taken.with(over, over & self.prey_kings != 0);
            let crowned = R::CROWNING == Crowning::AtOnce && landing & crown_row::<R, S>() != 0;
            if !crowned && landing & onward(jump_from, n) == 0 {
                // Ends here: a capture of two pieces, which no other
                // capture can coincide with (its route is the only one
                // from its start over those two pieces).
                sink.simple(key::<R>(next.count, false, next.kings, next.order), 1);
                break 'next;
            }
            let to = landing.trailing_zeros();
            if crowned {
                if R::FLYING_KINGS {
                    self.flying_king::<R, K>(to, n, true, next, path, sink);
                } else {
                    self.short_king::<R, K>(to, next, path, sink);
                }
            } else {
                self.man::<R, S, K>(to, next, path, sink);
            }
        });
    }

    /// Extends the capture of a short-ranged king on `at`.
    fn short_king<R: Rules, K: Sink>(&self, at: u32, taken: Taken, path: &mut Path, sink: &mut K) {
        let prey = self.prey & !taken.captured;
        let mut extended = false;
        each_capture_direction!(R, 'next, d => {
            let over = step::<R>(1 << at, d) & prey;
            if over == 0 {
                break 'next;
            }
            let landing = step::<R>(over, d) & self.empty;
            if landing == 0 {
                break 'next;
            }
            extended = true;
            let to = landing.trailing_zeros();
            if K::PATH {
                path.push(to);
            }
            self.short_king::<R, K>(
                to,
                taken.with(over, over & self.prey_kings != 0),
                path,
                sink,
            );
            if K::PATH {
                path.pop();
            }
        });
        if !extended && taken.count > 0 {
            self.complete::<R, K>(at, taken, true, path, sink);
        }
    }

    /// The piece a flying king on `at` would capture in direction `d`, if
    /// any, with its first landing square.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn flying_target<R: Rules>(
        &self,
        at: Bitboard,
        d: usize,
        captured: Bitboard,
    ) -> Option<(Bitboard, Bitboard)> {
        let mut square = step::<R>(at, d);
        while square & self.empty != 0 {
            square = step::<R>(square, d);
        }
        if square & self.prey & !captured == 0 {
            return None;
        }
        let landing = step::<R>(square, d) & self.empty;
        (landing != 0).then_some((square, landing))
    }

    /// Whether a flying king that landed on `at`, arriving in direction
    /// `came`, can capture across that line (in one of the two directions
    /// that are neither `came` nor its reverse).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn flying_can_turn<R: Rules>(&self, at: Bitboard, came: usize, captured: Bitboard) -> bool {
        let mut can = false;
        each_capture_direction!(R, d => {
            can |= d != came
                && d != reverse(came)
                && self.flying_target::<R>(at, d, captured).is_some();
        });
        can
    }

    /// Extends the capture of a flying king on `at`, which arrived in
    /// direction `came` ([`NO_DIRECTION`] at the start); `ahead`: whether
    /// it may capture on in direction `came` from here.
    ///
    /// After taking a piece the king may land on any empty square beyond
    /// it; when it can capture again from some of them, it must land on one
    /// of those and go on. Going straight on, to take the next piece on the
    /// same line, takes the same pieces in the same order and ends the
    /// same whichever of those squares it "stops" on: that is one move,
    /// searched once, from the last square before the next piece (the
    /// others only turn). So no two captures this search reports have the
    /// same start, end and pieces taken in the same order.
    fn flying_king<R: Rules, K: Sink>(
        &self,
        at: u32,
        came: usize,
        ahead: bool,
        taken: Taken,
        path: &mut Path,
        sink: &mut K,
    ) {
        let mut extended = false;
        each_capture_direction!(R, 'next, d => {
            if came != NO_DIRECTION && (d == reverse(came) || (d == came && !ahead)) {
                break 'next;
            }
            let Some((victim, first_landing)) = self.flying_target::<R>(1 << at, d, taken.captured)
            else {
                break 'next;
            };
            extended = true;
            let next = taken.with(victim, victim & self.prey_kings != 0);
            let straight_on = came != NO_DIRECTION && d == came;
            if K::PATH && straight_on {
                path.set_through(true);
            }
            let mut landings = 0;
            let mut turning = 0;
            let mut last = first_landing;
            let mut landing = first_landing;
            while landing != 0 {
                landings |= landing;
                if self.flying_can_turn::<R>(landing, d, next.captured) {
                    turning |= landing;
                }
                last = landing;
                landing = step::<R>(landing, d) & self.empty;
            }
            let straight = self.flying_target::<R>(last, d, next.captured).is_some();
            let going_on = if straight { turning | last } else { turning };
            let mut targets = if going_on != 0 {
                going_on
            } else if R::KILLER_KINGS && victim & self.prey_kings != 0 {
                // Killer: a capture that ends after taking a king ends
                // directly behind it.
                first_landing
            } else {
                landings
            };
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                if K::PATH {
                    path.push(to);
                }
                if going_on != 0 {
                    let ahead = straight && (1 << to) == last;
                    self.flying_king::<R, K>(to, d, ahead, next, path, sink);
                } else {
                    self.complete::<R, K>(to, next, true, path, sink);
                }
                if K::PATH {
                    path.pop();
                }
            }
            if K::PATH && straight_on {
                path.set_through(false);
            }
        });
        if !extended && taken.count > 0 {
            self.complete::<R, K>(at, taken, true, path, sink);
        }
    }
}

impl Board {
    /// Empty playable squares.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn empty<R: Geometry>(&self) -> Bitboard {
        R::VALID & !(self.own | self.opp)
    }

    /// The side to move's men that can capture now.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn capturing_men<R: Rules, S: Side>(&self) -> Bitboard {
        let empty = self.empty::<R>();
        let prey = if R::MEN_CAPTURE_KINGS {
            self.opp
        } else {
            self.opp & !self.kings
        };
        let men = self.own & !self.kings;
        let mut jumpers = 0;
        each_capture_direction!(R, d => {
            if men_capture_in::<R, S>(d) {
                let back = reverse(d);
                jumpers |= step::<R>(step::<R>(empty, back) & prey, back);
            }
        });
        jumpers & men
    }

    /// Whether one of the side to move's kings can capture.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn kings_can_capture<R: Rules>(&self) -> bool {
        let kings = self.own & self.kings;
        if kings == 0 {
            return false;
        }
        let empty = self.empty::<R>();
        let mut landings = 0;
        each_capture_direction!(R, d => {
            let reach = if R::FLYING_KINGS {
                ray::<R>(kings, empty, d) | kings
            } else {
                kings
            };
            landings |= step::<R>(step::<R>(reach, d) & self.opp, d);
        });
        landings & empty != 0
    }

    /// Whether the side to move has a capture.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn has_capture<R: Rules, S: Side>(&self) -> bool {
        self.capturing_men::<R, S>() != 0 || self.kings_can_capture::<R>()
    }

    /// The landing squares of men's first jumps, per direction (as
    /// `DIRECTIONS`; 0 for directions men do not capture in).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn men_landings<R: Rules, S: Side>(&self) -> [Bitboard; 4] {
        let empty = self.empty::<R>();
        let men = self.own & !self.kings;
        let prey = if R::MEN_CAPTURE_KINGS {
            self.opp
        } else {
            self.opp & !self.kings
        };
        let mut landings = [0; 4];
        each_direction!(d => {
            if men_capture_in::<R, S>(d) {
                landings[d] = step::<R>(step::<R>(men, d) & prey, d) & empty;
            }
        });
        landings
    }

    /// Reports every complete capture sequence of the side to move to
    /// `sink`, whatever its precedence (the sink applies precedence), in no
    /// particular order.
    ///
    /// Men's first jumps are found in bulk, direction by direction: a jump
    /// after which the man cannot jump on (as a man: it cannot jump back
    /// over the piece it took, and its start square is behind it) is
    /// reported at once; only the others are searched square by square.
    pub(crate) fn for_each_capture<R: Rules, S: Side, K: Sink>(&self, sink: &mut K) {
        self.for_each_capture_from::<R, S, K>(self.men_landings::<R, S>(), sink);
    }

    /// [`for_each_capture`](Board::for_each_capture), given
    /// [`men_landings`](Board::men_landings).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn for_each_capture_from<R: Rules, S: Side, K: Sink>(
        &self,
        men_landings: [Bitboard; 4],
        sink: &mut K,
    ) {
        if R::ORTHOGONAL_CAPTURES {
            // Men may jump in eight directions: the bulk first jumps below
            // know four; every man that can capture is searched instead.
            self.for_each_capture_searched::<R, S, K>(sink);
            return;
        }
        let empty = self.empty::<R>();
        let prey_kings = self.opp & self.kings;
        let kings_capture = self.kings_can_capture::<R>();
        // Czech: a king's capture beats any man's; skip the men then.
        let men_may = !(R::PRECEDENCE == Precedence::KingFirst && kings_capture);
        let men_prey = if R::MEN_CAPTURE_KINGS {
            self.opp
        } else {
            self.opp & !self.kings
        };
        let crown = crown_row::<R, S>();
        if men_may && men_landings[0] | men_landings[1] | men_landings[2] | men_landings[3] != 0 {
            // The number of men's single jumps that cannot go on, when
            // `K::BULK`, by the kind of piece taken (a king only when the
            // precedence rule counts kings: `by_kind`).
            let by_kind = matches!(
                R::PRECEDENCE,
                Precedence::MajorityThenKings | Precedence::Italian | Precedence::Value
            );
            let mut simple_took_man = 0;
            let mut simple_took_king = 0;
            // `jump_from[n]`: the squares from which a man could jump in
            // direction `n` now. A man that has just jumped in direction
            // `d` sees the same board, but for the piece it took (still
            // there, not to be taken twice) and its start square (now
            // empty): both lie behind it in direction `reverse(d)`, so only
            // its jump that way changes, and it cannot make that one.
            let mut jump_from = [0; 4];
            each_direction!(n => {
                if men_capture_in::<R, S>(n) {
                    let back = reverse(n);
                    jump_from[n] = step::<R>(step::<R>(empty, back) & men_prey, back);
                }
            });

            each_direction!('next, d => {
                if !men_capture_in::<R, S>(d) {
                    break 'next;
                }
                let landings = men_landings[d];
                if landings == 0 {
                    break 'next;
                }
                let mut going_on = onward(&jump_from, d) & landings;
                if R::CROWNING == Crowning::AtOnce {
                    // Crowned on landing: it goes on as a king, if at all.
                    going_on |= landings & crown;
                }
                let back = reverse(d);
                let mut simple = landings & !going_on;
                if K::BULK {
                    // Counted after the last direction, all at once.
                    let took_king = if by_kind {
                        // The piece taken is one step back from the landing.
                        step::<R>(prey_kings, d) & simple
                    } else {
                        0
                    };
                    let took_man = simple & !took_king;
                    if took_man != 0 {
                        simple_took_man += took_man.count_ones();
                    }
                    if took_king != 0 {
                        simple_took_king += took_king.count_ones();
                    }
                    simple = 0;
                }
                while simple != 0 {
                    let to = simple.trailing_zeros();
                    simple &= simple - 1;
                    let over = step::<R>(1 << to, back);
                    let from = step::<R>(over, back).trailing_zeros();
                    let taken = Taken::NONE.with(over, over & prey_kings != 0);
                    let mut path = Path::new(from);
                    if K::PATH {
                        path.push(to);
                    }
                    sink.complete(
                        Capture {
                            from,
                            to,
                            captured: over,
                            king_after: (1 << to) & crown != 0,
                            key: key::<R>(1, false, taken.kings, taken.order),
                        },
                        &path,
                    );
                }
                let mut complex = going_on;
                while complex != 0 {
                    let to = complex.trailing_zeros();
                    complex &= complex - 1;
                    let over = step::<R>(1 << to, back);
                    let from = step::<R>(over, back).trailing_zeros();
                    let hunt = Hunt {
                        prey: self.opp,
                        prey_kings,
                        empty: empty | (1 << from),
                        from,
                        with_king: false,
                    };
                    let taken = Taken::NONE.with(over, over & prey_kings != 0);
                    let mut path = Path::new(from);
                    if K::PATH {
                        path.push(to);
                    }
                    if R::CROWNING == Crowning::AtOnce && (1 << to) & crown != 0 {
                        if R::FLYING_KINGS {
                            hunt.flying_king::<R, K>(to, d, true, taken, &mut path, sink);
                        } else {
                            hunt.short_king::<R, K>(to, taken, &mut path, sink);
                        }
                    } else if K::BULK {
                        hunt.man_after_first::<R, S, K>(to, d, taken, &jump_from, &mut path, sink);
                    } else {
                        hunt.man::<R, S, K>(to, taken, &mut path, sink);
                    }
                }
            });
            if simple_took_man != 0 {
                sink.simple(key::<R>(1, false, 0, 0), u64::from(simple_took_man));
            }
            if simple_took_king != 0 {
                sink.simple(key::<R>(1, false, 1, 1 << 31), u64::from(simple_took_king));
            }
        }
        if !kings_capture {
            return;
        }
        let mut kings = self.own & self.kings;
        while kings != 0 {
            let from = kings.trailing_zeros();
            kings &= kings - 1;
            self.hunt_from::<R, S, K>(from, true, sink);
        }
    }

    /// Searches every capture of the piece on `from` (a king when
    /// `king`), reporting each complete one to `sink`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn hunt_from<R: Rules, S: Side, K: Sink>(&self, from: u32, king: bool, sink: &mut K) {
        let hunt = Hunt {
            prey: self.opp,
            prey_kings: self.opp & self.kings,
            empty: self.empty::<R>() | (1 << from),
            from,
            with_king: king,
        };
        let mut path = Path::new(from);
        if !king {
            hunt.man::<R, S, K>(from, Taken::NONE, &mut path, sink);
        } else if R::FLYING_KINGS {
            hunt.flying_king::<R, K>(from, NO_DIRECTION, true, Taken::NONE, &mut path, sink);
        } else {
            hunt.short_king::<R, K>(from, Taken::NONE, &mut path, sink);
        }
    }

    /// [`for_each_capture`](Board::for_each_capture) without the men's
    /// bulk first jumps: each piece that can capture is searched from its
    /// square (for [`Rules::ORTHOGONAL_CAPTURES`], where the bulk jumps'
    /// four directions are not all).
    fn for_each_capture_searched<R: Rules, S: Side, K: Sink>(&self, sink: &mut K) {
        let kings_capture = self.kings_can_capture::<R>();
        let men_may = !(R::PRECEDENCE == Precedence::KingFirst && kings_capture);
        let mut men = if men_may {
            self.capturing_men::<R, S>()
        } else {
            0
        };
        let mut kings = if kings_capture {
            self.own & self.kings
        } else {
            0
        };
        while men | kings != 0 {
            let king = men == 0;
            let pieces = if king { &mut kings } else { &mut men };
            let from = pieces.trailing_zeros();
            *pieces &= *pieces - 1;
            self.hunt_from::<R, S, K>(from, king, sink);
        }
    }

    /// The number of quiet moves (steps of men, moves of kings).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn count_quiet<R: Rules, S: Side>(&self) -> u64 {
        let empty = self.empty::<R>();
        let men = self.own & !self.kings;
        let [a, b] = forward::<S>();
        let steps = [step::<R>(men, a) & empty, step::<R>(men, b) & empty];
        let kings = self.own & self.kings;
        if kings == 0 {
            // White's men step up, Black's down.
            return u64::from(count_pair::<R>(steps[0], steps[1], S::WHITE));
        }
        let reach = |d| {
            if R::FLYING_KINGS {
                ray::<R>(kings, empty, d)
            } else {
                step::<R>(kings, d) & empty
            }
        };
        let up = [reach(UP_LEFT), reach(UP_RIGHT)];
        let down = [reach(DOWN_LEFT), reach(DOWN_RIGHT)];
        let count = if packs::<R>() {
            count_sum([
                pack::<R>(steps[0], steps[1], S::WHITE),
                pack::<R>(up[0], up[1], true),
                pack::<R>(down[0], down[1], false),
            ])
        } else {
            count_sum([steps[0], steps[1], up[0]]) + count_sum([up[1], down[0], down[1]])
        };
        u64::from(count)
    }

    /// The position after a move, seen from the next side to move.
    /// `king_after`: the piece is a king when the move ends.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn after(&self, from: u32, to: u32, captured: Bitboard, king_after: bool) -> Board {
        let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
        let kings = (self.kings & !captured & !from_bit) | if king_after { to_bit } else { 0 };
        Board {
            own: self.opp & !captured,
            // `& !from | to` keeps the piece on a ring capture (from == to).
            opp: (self.own & !from_bit) | to_bit,
            kings,
        }
    }

    /// Calls `visit(from, to, king_after)` for every quiet move, by
    /// direction class for men and then king by king.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn for_each_quiet<R: Rules, S: Side, F: FnMut(u32, u32, bool)>(&self, mut visit: F) {
        let empty = self.empty::<R>();
        let men = self.own & !self.kings;
        let crown = crown_row::<R, S>();
        for d in forward::<S>() {
            let mut targets = step::<R>(men, d) & empty;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let from = step::<R>(1 << to, reverse(d)).trailing_zeros();
                visit(from, to, (1 << to) & crown != 0);
            }
        }
        self.for_each_king_quiet::<R, F>(visit);
    }

    /// Calls `visit(from, to, king_after)` for every step of a man, as
    /// [`for_each_quiet`](Board::for_each_quiet), but from one call site
    /// for both directions: a large `visit` is then inlined once.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn for_each_man_step<R: Rules, S: Side, F: FnMut(u32, u32, bool)>(
        &self,
        mut visit: F,
    ) {
        let empty = self.empty::<R>();
        let men = self.own & !self.kings;
        let crown = crown_row::<R, S>();
        let [a, b] = forward::<S>();
        let mut along_a = step::<R>(men, a) & empty;
        let mut along_b = step::<R>(men, b) & empty;
        while along_a | along_b != 0 {
            let on_a = along_a != 0;
            let to = if on_a { along_a } else { along_b }.trailing_zeros();
            let to_bit = 1 << to;
            let from_bit = if on_a {
                along_a &= along_a - 1;
                step::<R>(to_bit, reverse(a))
            } else {
                along_b &= along_b - 1;
                step::<R>(to_bit, reverse(b))
            };
            visit(from_bit.trailing_zeros(), to, to_bit & crown != 0);
        }
    }

    /// The sum, over the side to move's quiet moves, of the number of
    /// moves the opponent has after each (perft 2 when the side to move
    /// has no capture); `count_child(child)` must return the number of
    /// moves in `child`.
    ///
    /// Without opponent kings, men's steps are counted here without
    /// building the child: the opponent's men and their shifts are the
    /// same in every child, and a step from `from` to `to` only changes
    /// those two squares. The opponent's captures are tested on that
    /// basis, and when it has none, its steps are the parent's count of
    /// them, plus those onto `from`, minus those onto `to`. Only the
    /// children where it may capture go to `count_captures(child,
    /// landings)` (with the child's
    /// [`men_landings`](Board::men_landings)); every child of a king's
    /// move, or when it has kings, goes to `count_child`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn sum_replies_after_quiet<R, S, F, G>(
        &self,
        mut count_child: F,
        mut count_captures: G,
    ) -> u64
    where
        R: Rules,
        S: Side,
        F: FnMut(&Board) -> u64,
        G: FnMut(&Board, [Bitboard; 4]) -> u64,
    {
        let mut total = 0;
        let theirs = self.opp;
        // The shortcut below knows men's diagonal jumps only.
        if theirs & self.kings != 0 || R::ORTHOGONAL_CAPTURES {
            self.for_each_man_step::<R, S, _>(|from, to, king_after| {
                total += count_child(&self.after(from, to, 0, king_after));
            });
        } else {
            let empty = self.empty::<R>();
            // The opponent's men shifted each way, and its steps now.
            let mut shifted = [0; 4];
            each_direction!(d => {
                shifted[d] = step::<R>(theirs, d);
            });
            let [a, b] = forward::<S::Other>();
            let steps = count_pair::<R>(shifted[a] & empty, shifted[b] & empty, !S::WHITE);
            let steps = u64::from(steps);
            self.for_each_man_step::<R, S, _>(|from, to, king_after| {
                let (from_bit, to_bit) = (1 << from, 1 << to);
                let moved = from_bit | to_bit;
                let empty_after = empty ^ moved;
                let prey = if R::MEN_CAPTURE_KINGS {
                    self.own ^ moved
                } else {
                    // The man that moved is no king, unless crowned now.
                    let kings = if king_after {
                        self.kings | to_bit
                    } else {
                        self.kings
                    };
                    (self.own ^ moved) & !kings
                };
                let mut landings = [0; 4];
                each_direction!(d => {
                    if men_capture_in::<R, S::Other>(d) {
                        landings[d] = step::<R>(shifted[d] & prey, d) & empty_after;
                    }
                });
                if landings[0] | landings[1] | landings[2] | landings[3] == 0 {
                    let onto =
                        |square: u32| (shifted[a] >> square & 1) + (shifted[b] >> square & 1);
                    total += steps + onto(from) - onto(to);
                } else if let Some(count) =
                    single_jumps_only::<R, S::Other>(landings, prey, empty_after, || {
                        self.kings == 0 && !king_after
                    })
                {
                    total += count;
                } else {
                    let child = self.after(from, to, 0, king_after);
                    debug_assert!(landings == child.men_landings::<R, S::Other>());
                    total += count_captures(&child, landings);
                }
            });
        }
        self.for_each_king_quiet::<R, _>(|from, to, king_after| {
            total += count_child(&self.after(from, to, 0, king_after));
        });
        total
    }

    /// Calls `visit(from, to, true)` for every move of a king (the
    /// kings' part of [`for_each_quiet`](Board::for_each_quiet)).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn for_each_king_quiet<R: Rules, F: FnMut(u32, u32, bool)>(&self, mut visit: F) {
        let empty = self.empty::<R>();
        let mut kings = self.own & self.kings;
        while kings != 0 {
            let from = kings.trailing_zeros();
            kings &= kings - 1;
            each_direction!(d => {
                let mut targets = if R::FLYING_KINGS {
                    ray::<R>(1 << from, empty, d)
                } else {
                    step::<R>(1 << from, d) & empty
                };
                while targets != 0 {
                    let to = targets.trailing_zeros();
                    targets &= targets - 1;
                    visit(from, to, true);
                }
            });
        }
    }

    /// Calls `visit(from, to)` for every quiet move in the order players
    /// read them: by start square, then direction (as `DIRECTIONS`), then
    /// distance.
    pub(crate) fn for_each_quiet_in_order<R: Rules, S: Side, F: FnMut(u32, u32)>(
        &self,
        mut visit: F,
    ) {
        let empty = self.empty::<R>();
        let mut pieces = self.own;
        while pieces != 0 {
            let from = pieces.trailing_zeros();
            pieces &= pieces - 1;
            let king = self.kings & (1 << from) != 0;
            for d in DIRECTIONS {
                if !king && !forward::<S>().contains(&d) {
                    continue;
                }
                let mut square = step::<R>(1 << from, d) & empty;
                while square != 0 {
                    visit(from, square.trailing_zeros());
                    if !(king && R::FLYING_KINGS) {
                        break;
                    }
                    square = step::<R>(square, d) & empty;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_sum_counts() {
        let sets = [u64::MAX, 0x8000_0000_0000_0001, 0x0f0f];
        assert_eq!(count_sum(sets), 64 + 2 + 8);
        assert_eq!(count_sum([0, 0, 0]), 0);
        assert_eq!(count_sum([u64::MAX; 3]), 192);
    }
}
