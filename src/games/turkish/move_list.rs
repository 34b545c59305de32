//! [`Moves`]: the legal moves of a position, inline up to
//! [`INLINE_MOVES`] and on the heap only past that.

use super::Move;

/// The moves a [`Moves`] holds without the heap.
///
/// Steps are at most 16 pieces x 14 squares = 224, but no useful bound is
/// proven for captures (a king's choices of landing multiply), so the list
/// stays correct by moving to the heap in such positions; the start has 8
/// moves, a middle game a few dozen.
pub const INLINE_MOVES: usize = 128;

/// The legal moves of a position: a [`SpillList`](crate::SpillList), up to
/// [`INLINE_MOVES`] inline (no heap allocation), on the heap only in the
/// rare position with more. Derefs to a slice, mutably too (search code
/// reorders it in place).
pub type Moves = crate::SpillList<Move, INLINE_MOVES>;

/// The by-value iterator of [`Moves`].
pub type IntoIter = crate::SpillIter<Move, INLINE_MOVES>;
