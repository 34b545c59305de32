//! [`MoveList`]: a fixed-capacity list of moves that never touches the heap.

use core::fmt;
use core::ops::Deref;

/// A list of at most `N` moves stored inline. Derefs to a slice.
///
/// Invariant: `len <= N`. Each game chooses `N` as a proven bound on the
/// number of legal moves in any position it accepts.
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
}

impl<M: Copy + Default, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M, const N: usize> MoveList<M, N> {
    /// The capacity `N`.
    pub const CAPACITY: usize = N;

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        // `len <= N` is the invariant, so this never clips.
        &self.moves[..self.len.min(N)]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_iterate_and_deref() {
        let mut list: MoveList<u8, 4> = MoveList::new();
        assert!(list.is_empty());
        list.push(3);
        list.push(1);
        assert_eq!(&*list, &[3, 1]);
        assert_eq!(list.into_iter().collect::<Vec<_>>(), vec![3, 1]);
        assert_eq!(list.into_iter().len(), 2);
    }
}
