//! [`MoveList`]: a fixed-capacity list of moves that never touches the heap,
//! and [`CapacityError`], what a push past its capacity returns.

use core::fmt;
use core::ops::{Deref, DerefMut};

/// A list of at most `N` moves stored inline. Derefs to a slice, mutably
/// too, so search code can reorder it in place (`sort_by_key`, `swap`).
///
/// Invariant: `len <= N`. Each game chooses `N` as a proven bound on the
/// number of legal moves in any position it accepts.
///
/// The move type `M` must be `Copy` and [`Default`]: the unused slots
/// hold `M::default()` (never read as a move), which is how the list
/// stays on the stack without unsafe code. Derive or implement `Default`
/// on a move type of your own (any value will do).
///
/// Code outside the crate (a game of its own) fills one with
/// [`try_push`](MoveList::try_push), [`try_extend`](MoveList::try_extend),
/// or `collect()` / `extend` when the bound is proven:
///
/// ```
/// use rulebook::MoveList;
///
/// let mut moves: MoveList<u8, 3> = MoveList::new();
/// moves.try_push(4).unwrap();
/// moves.try_extend([7, 1]).unwrap();
/// assert!(moves.try_push(9).is_err());
/// moves.sort_unstable();
/// assert_eq!(&*moves, &[1, 4, 7]);
/// let evens: MoveList<u8, 9> = (0..9).filter(|n| n % 2 == 0).collect();
/// assert_eq!(evens.len(), 5);
/// ```
///
/// # Capacity
///
/// `try_push` and `try_extend` report a move that does not fit. The
/// [`FromIterator`] and [`Extend`] implementations cannot report it: they
/// store the first moves up to the capacity and drop the rest (they never
/// panic). Use them only where the game has proven its bound.
#[derive(Clone, Copy)]
pub struct MoveList<M, const N: usize> {
    moves: [M; N],
    len: usize,
}

impl<M: Copy + Default, const N: usize> MoveList<M, N> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList {
            moves: [M::default(); N],
            len: 0,
        }
    }

    /// Appends `mv`.
    ///
    /// Precondition: the list is not full (the game's capacity bound holds).
    /// A push past capacity is a bug in the game: debug builds panic, release
    /// builds drop the move rather than panic.
    #[inline]
    pub(crate) fn push(&mut self, mv: M) {
        debug_assert!(self.len < N, "MoveList capacity {N} exceeded");
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    /// A list of the moves that `fill` writes into the front of the slots:
    /// `fill` returns how many it wrote, using [`write_slot`](Self::write_slot)
    /// to append. The fast way for a game to build its list: the length
    /// travels in a register rather than through the list in memory.
    ///
    /// Precondition: `fill` returns at most `N` (debug-asserted; a larger
    /// count is clipped).
    #[inline(always)]
    pub(crate) fn filled_by(fill: impl FnOnce(&mut [M; N]) -> usize) -> Self {
        let mut list = Self::new();
        let len = fill(&mut list.moves);
        debug_assert!(len <= N, "MoveList capacity {N} exceeded");
        list.len = len.min(N);
        list
    }

    /// Writes `mv` into `slots[len]` and returns the new length, `len + 1`:
    /// appending, for [`filled_by`](Self::filled_by).
    ///
    /// Precondition: `len < N` (the game's capacity bound holds). Past the
    /// capacity, debug builds panic and release builds drop the move.
    #[inline(always)]
    pub(crate) fn write_slot(slots: &mut [M; N], len: usize, mv: M) -> usize {
        debug_assert!(len < N, "MoveList capacity {N} exceeded");
        match slots.get_mut(len) {
            Some(slot) => {
                *slot = mv;
                len + 1
            }
            None => len,
        }
    }

    /// Appends `mv` when there is room.
    ///
    /// # Errors
    ///
    /// [`CapacityError`] (holding `mv`) when the list already holds `N`
    /// moves; the list is unchanged.
    #[inline]
    pub fn try_push(&mut self, mv: M) -> Result<(), CapacityError<M>> {
        match self.moves.get_mut(self.len) {
            Some(slot) => {
                *slot = mv;
                self.len += 1;
                Ok(())
            }
            None => Err(CapacityError { rejected: mv }),
        }
    }

    /// Appends every move of `moves`, in order, while there is room.
    ///
    /// # Errors
    ///
    /// [`CapacityError`] holding the first move that did not fit; the moves
    /// before it were appended, the ones after it were not read.
    pub fn try_extend<I: IntoIterator<Item = M>>(
        &mut self,
        moves: I,
    ) -> Result<(), CapacityError<M>> {
        moves.into_iter().try_for_each(|mv| self.try_push(mv))
    }

    /// A list holding the moves of `moves`.
    ///
    /// # Errors
    ///
    /// [`CapacityError`] holding the first move past the capacity.
    pub fn try_from_iter<I: IntoIterator<Item = M>>(moves: I) -> Result<Self, CapacityError<M>> {
        let mut list = Self::new();
        list.try_extend(moves)?;
        Ok(list)
    }
}

/// A move did not fit in a full [`MoveList`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("the move list is full (capacity reached); a move was not added")]
pub struct CapacityError<M> {
    /// The move that was not added.
    pub rejected: M,
}

impl<M: Copy + Default, const N: usize> FromIterator<M> for MoveList<M, N> {
    /// The first `N` moves of `moves`; any further moves are dropped (see
    /// [Capacity](MoveList#capacity)).
    fn from_iter<I: IntoIterator<Item = M>>(moves: I) -> Self {
        let mut list = Self::new();
        list.extend(moves);
        list
    }
}

impl<M: Copy + Default, const N: usize> Extend<M> for MoveList<M, N> {
    /// Appends moves until the list is full; any further moves are dropped
    /// (see [Capacity](MoveList#capacity)).
    fn extend<I: IntoIterator<Item = M>>(&mut self, moves: I) {
        for mv in moves.into_iter().take(N - self.len.min(N)) {
            let _fits = self.try_push(mv);
        }
    }
}

impl<M: Copy + Default, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M, const N: usize> MoveList<M, N> {
    /// The capacity `N`.
    pub const CAPACITY: usize = N;

    /// The list of the first `len` moves of `moves`: for tables of lists
    /// built at compile time.
    ///
    /// Precondition: `len <= N` (a larger `len` is clipped).
    pub(crate) const fn from_array(moves: [M; N], len: usize) -> Self {
        MoveList {
            moves,
            len: if len < N { len } else { N },
        }
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        // `len <= N` is the invariant, so this never clips.
        &self.moves[..self.len.min(N)]
    }

    /// The moves as a mutable slice, to reorder them in place.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves[..self.len.min(N)]
    }

    /// Whether the list holds `N` moves.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.len >= N
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the first `len` moves (all of them when there are fewer).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Removes the move at `index` by moving the last move into its place
    /// (the order is not kept; O(1)), and returns it; `None` when `index`
    /// is out of range.
    pub fn swap_remove(&mut self, index: usize) -> Option<M>
    where
        M: Copy,
    {
        let last = self.len.checked_sub(1)?;
        let removed = *self.as_slice().get(index)?;
        self.moves.swap(index, last);
        self.len = last;
        Some(removed)
    }

    /// Keeps only the moves for which `keep` returns `true`, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(&M) -> bool)
    where
        M: Copy,
    {
        let mut kept = 0;
        for index in 0..self.len.min(N) {
            let mv = self.moves[index];
            if keep(&mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl<M, const N: usize> DerefMut for MoveList<M, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [M] {
        self.as_mut_slice()
    }
}

impl<M, const N: usize> Deref for MoveList<M, N> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<M: fmt::Debug, const N: usize> fmt::Debug for MoveList<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<M: PartialEq, const N: usize> PartialEq for MoveList<M, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<M: Eq, const N: usize> Eq for MoveList<M, N> {}

impl<'a, M, const N: usize> IntoIterator for &'a MoveList<M, N> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<M: Copy, const N: usize> IntoIterator for MoveList<M, N> {
    type Item = M;
    type IntoIter = IntoIter<M, N>;
    fn into_iter(self) -> Self::IntoIter {
        IntoIter {
            list: self,
            next: 0,
        }
    }
}

/// The by-value iterator of a [`MoveList`].
#[derive(Clone, Debug)]
pub struct IntoIter<M, const N: usize> {
    list: MoveList<M, N>,
    next: usize,
}

impl<M: Copy, const N: usize> Iterator for IntoIter<M, N> {
    type Item = M;
    #[inline]
    fn next(&mut self) -> Option<M> {
        let mv = self.list.as_slice().get(self.next).copied();
        self.next += usize::from(mv.is_some());
        mv
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len.saturating_sub(self.next);
        (left, Some(left))
    }
}

impl<M: Copy, const N: usize> ExactSizeIterator for IntoIter<M, N> {}

/// Moves as a comma-separated list ("11-15, 22x15x8"), for error messages.
pub(crate) fn joined<M: core::fmt::Display>(moves: &[M]) -> String {
    moves
        .iter()
        .map(M::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_iterate_and_deref() {
        let mut list: MoveList<u8, 4> = MoveList::new();
        assert!(list.is_empty());
        assert_eq!(list.try_push(3), Ok(()));
        assert_eq!(list.try_push(1), Ok(()));
        assert_eq!(&*list, &[3, 1]);
        assert_eq!(list.into_iter().collect::<Vec<_>>(), vec![3, 1]);
        assert_eq!(list.into_iter().len(), 2);
    }

    #[test]
    fn checked_capacity_and_in_place_edits() {
        let mut list: MoveList<u8, 3> = MoveList::new();
        assert_eq!(list.try_extend([5, 2, 9]), Ok(()));
        assert!(list.is_full());
        assert_eq!(list.try_push(1), Err(CapacityError { rejected: 1 }));
        assert_eq!(&*list, &[5, 2, 9]);
        list.sort_unstable();
        assert_eq!(&*list, &[2, 5, 9]);
        list.swap(0, 2);
        assert_eq!(&*list, &[9, 5, 2]);
        assert_eq!(list.swap_remove(0), Some(9));
        assert_eq!(&*list, &[2, 5]);
        assert_eq!(list.swap_remove(5), None);
        list.retain(|&mv| mv != 2);
        assert_eq!(&*list, &[5]);
        list.clear();
        assert!(list.is_empty());
        let collected: MoveList<u8, 2> = [1, 2, 3].into_iter().collect();
        assert_eq!(&*collected, &[1, 2]);
        assert_eq!(
            MoveList::<u8, 2>::try_from_iter([1, 2, 3]),
            Err(CapacityError { rejected: 3 })
        );
        let mut partly: MoveList<u8, 2> = MoveList::new();
        assert_eq!(
            partly.try_extend([7, 8, 9]),
            Err(CapacityError { rejected: 9 })
        );
        assert_eq!(&*partly, &[7, 8]);
    }
}
