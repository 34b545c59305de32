//! [`KingRuns`]: how many quiet moves in a row each side's king has made,
//! the state of Frisian's limit on them ([`Rules::SAME_KING_MOVES`]).
//!
//! A position of a variant without the limit always holds
//! [`KingRuns::NONE`]: the field fills bytes the position's alignment
//! leaves free (it stays 32 bytes), and every use is behind the constant.

use super::geometry::Bitboard;
use super::piece::Color;
use super::rules::Rules;

/// For each side, the king that has made quiet moves in a row and how
/// many (`0`: none counted).
///
/// Invariant (kept by [`KingRuns::after_move`], checked when a position is
/// built): a side's count is at most the limit, and when it is not 0 the
/// side has men and a king on the square named.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(super) struct KingRuns {
    /// The board bit of each side's running king (White, Black).
    bits: [u8; 2],
    /// How many quiet moves in a row it has made.
    counts: [u8; 2],
}

/// The slot of `color` in [`KingRuns`]' arrays.
const fn slot(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl KingRuns {
    /// No run counted for either side.
    pub(super) const NONE: KingRuns = KingRuns {
        bits: [0; 2],
        counts: [0; 2],
    };

    /// `color`'s running king (its board bit) and its count, if any.
    #[inline]
    pub(super) fn get(&self, color: Color) -> Option<(u32, u8)> {
        let i = slot(color);
        (self.counts[i] != 0).then(|| (u32::from(self.bits[i]), self.counts[i]))
    }

    /// Sets `color`'s run: the king on board bit `bit` has made `count`
    /// quiet moves in a row (`0` clears it).
    #[inline]
    pub(super) fn set(&mut self, color: Color, bit: u32, count: u8) {
        let i = slot(color);
        (self.bits[i], self.counts[i]) = if count == 0 {
            (0, 0)
        } else {
            (bit as u8, count)
        };
    }

    /// The king of the side to move that may not make a quiet move now
    /// (its run has reached the limit), as a bitboard (`0`: none).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(super) fn frozen<R: Rules>(&self, turn: Color) -> Bitboard {
        match (R::SAME_KING_MOVES, self.get(turn)) {
            (Some(limit), Some((bit, count))) if count >= limit => 1 << bit,
            _ => 0,
        }
    }

    /// The runs after `mover` moved from board bit `from` to `to`,
    /// `quiet_king` telling whether that was a king's move without a
    /// capture. `kings_of(color)` and `men_of(color)` give the pieces
    /// after the move.
    ///
    /// The mover's run goes on (the same king) or starts at 1 (another
    /// king) after a quiet king's move while it has men, and ends after
    /// anything else; the opponent's run ends when its king was taken or
    /// it has no men left.
    pub(super) fn after_move<R: Rules>(
        self,
        mover: Color,
        (from, to): (u32, u32),
        quiet_king: bool,
        kings_of: impl Fn(Color) -> Bitboard,
        men_of: impl Fn(Color) -> Bitboard,
    ) -> KingRuns {
        let Some(limit) = R::SAME_KING_MOVES else {
            return self;
        };
        let mut next = self;
        let defender = mover.opponent();
        if let Some((bit, _)) = self.get(defender) {
            if kings_of(defender) & (1 << bit) == 0 || men_of(defender) == 0 {
                next.set(defender, 0, 0);
            }
        }
        let count = match self.get(mover) {
            Some((bit, count)) if bit == from => count,
            _ => 0,
        };
        if quiet_king && men_of(mover) != 0 {
            debug_assert!(count < limit, "a frozen king moved");
            next.set(mover, to, count + 1);
        } else {
            next.set(mover, 0, 0);
        }
        next
    }

    /// Folds the runs into a position key (`key` unchanged when there are
    /// none, so positions without runs keep the key they always had).
    #[inline]
    pub(super) fn mix_into(&self, key: u64) -> u64 {
        if self.counts == [0, 0] {
            key
        } else {
            let runs = u64::from_le_bytes([
                self.bits[0],
                self.counts[0],
                self.bits[1],
                self.counts[1],
                1,
                0,
                0,
                0,
            ]);
            crate::mix64(key ^ runs)
        }
    }
}
