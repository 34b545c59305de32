//! [`SpillList`]: a move list inline up to a capacity and on the heap only
//! past it, for games with no useful proven bound on their legal moves
//! (the draughts family's captures), and its by-value iterator
//! [`SpillIter`].

use core::fmt;
use core::ops::{Deref, DerefMut};

/// A list of moves that holds up to `N` inline (no heap allocation) and
/// moves to the heap only in the rare position with more. Derefs to a
/// slice, mutably too (search code reorders it in place).
///
/// [`MoveList`](crate::MoveList) is the choice where the game proves a
/// bound; this list stays correct where it cannot (a draughts king's
/// capture routes multiply), while an inline array big enough for every
/// position would make every `legal_moves` call pay for it.
///
/// Invariant: `len <= N`; when `spill` is not empty it holds every move
/// and `len` is 0.
///
/// ```
/// use rulebook::SpillList;
///
/// let mut moves: SpillList<u8, 2> = SpillList::new();
/// moves.extend([3, 1, 2]); // the third spills to the heap
/// moves.sort_unstable();
/// assert_eq!(&*moves, &[1, 2, 3]);
/// ```
#[derive(Clone)]
pub struct SpillList<M, const N: usize> {
    inline: [M; N],
    len: usize,
    spill: Vec<M>,
}

impl<M: Copy + Default, const N: usize> SpillList<M, N> {
    /// An empty list.
    pub fn new() -> Self {
        SpillList {
            inline: [M::default(); N],
            len: 0,
            spill: Vec::new(),
        }
    }

    /// Appends `mv` (moving the list to the heap if the inline part is
    /// full).
    pub fn push(&mut self, mv: M) {
        if self.spill.is_empty() {
            if let Some(slot) = self.inline.get_mut(self.len) {
                *slot = mv;
                self.len += 1;
                return;
            }
            self.spill.extend_from_slice(&self.inline[..self.len]);
            self.len = 0;
        }
        self.spill.push(mv);
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }
}

impl<M: Copy + Default, const N: usize> Default for SpillList<M, N> {
    fn default() -> Self {
        SpillList::new()
    }
}

impl<M, const N: usize> DerefMut for SpillList<M, N> {
    fn deref_mut(&mut self) -> &mut [M] {
        if self.spill.is_empty() {
            &mut self.inline[..self.len]
        } else {
            &mut self.spill
        }
    }
}

impl<M, const N: usize> Deref for SpillList<M, N> {
    type Target = [M];
    fn deref(&self) -> &[M] {
        if self.spill.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }
}

impl<M: fmt::Debug, const N: usize> fmt::Debug for SpillList<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<M: PartialEq, const N: usize> PartialEq for SpillList<M, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<M: Eq, const N: usize> Eq for SpillList<M, N> {}

impl<M: Copy + Default, const N: usize> FromIterator<M> for SpillList<M, N> {
    fn from_iter<I: IntoIterator<Item = M>>(iter: I) -> Self {
        let mut moves = SpillList::new();
        moves.extend(iter);
        moves
    }
}

impl<M: Copy + Default, const N: usize> Extend<M> for SpillList<M, N> {
    fn extend<I: IntoIterator<Item = M>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv);
        }
    }
}

impl<'a, M, const N: usize> IntoIterator for &'a SpillList<M, N> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<M: Copy, const N: usize> IntoIterator for SpillList<M, N> {
    type Item = M;
    type IntoIter = SpillIter<M, N>;
    fn into_iter(self) -> SpillIter<M, N> {
        SpillIter {
            moves: self,
            next: 0,
        }
    }
}

/// The by-value iterator of a [`SpillList`].
#[derive(Clone)]
pub struct SpillIter<M, const N: usize> {
    moves: SpillList<M, N>,
    next: usize,
}

impl<M: Copy, const N: usize> Iterator for SpillIter<M, N> {
    type Item = M;
    fn next(&mut self) -> Option<M> {
        let mv = self.moves.get(self.next).copied();
        self.next += usize::from(mv.is_some());
        mv
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.moves.len().saturating_sub(self.next);
        (left, Some(left))
    }
}

impl<M: Copy, const N: usize> ExactSizeIterator for SpillIter<M, N> {}

impl<M: fmt::Debug, const N: usize> fmt::Debug for SpillIter<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(&self.moves[self.next.min(self.moves.len())..])
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spills_past_the_inline_part_and_keeps_order() {
        let mut moves: SpillList<usize, 4> = SpillList::new();
        moves.extend(0..7);
        assert_eq!(&*moves, &[0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(moves.clone().into_iter().len(), 7);
        assert_eq!(moves.clone().into_iter().nth(5), Some(5));
        moves.clear();
        assert!(moves.is_empty());
        moves.push(9);
        assert_eq!(&*moves, &[9]);
    }
}
