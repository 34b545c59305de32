//! [`Moves`]: the legal moves of a position, inline up to
//! [`INLINE_MOVES`] and on the heap only past that.

use core::ops::{Deref, DerefMut};

use super::Move;

/// The moves a [`Moves`] holds without the heap.
///
/// Steps are at most 16 pieces x 14 squares = 224, but no useful bound is
/// proven for captures (a king's choices of landing multiply), so the list
/// stays correct by moving to the heap in such positions; 128 covers every
/// position of games between engines that we have seen (the start has 8
/// moves, a middle game a few dozen).
pub const INLINE_MOVES: usize = 128;

/// The legal moves of a position: up to [`INLINE_MOVES`] inline (no heap
/// allocation), on the heap only in the rare position with more. Derefs
/// to a slice, mutably too (search code reorders it in place).
///
/// Invariant: `len <= INLINE_MOVES`; when `spill` is not empty it holds
/// every move and `len` is 0.
#[derive(Clone, Debug)]
pub struct Moves {
    inline: [Move; INLINE_MOVES],
    len: usize,
    spill: Vec<Move>,
}

impl Moves {
    /// An empty list.
    pub fn new() -> Moves {
        Moves {
            inline: [Move::default(); INLINE_MOVES],
            len: 0,
            spill: Vec::new(),
        }
    }

    /// Appends `mv` (moving the list to the heap if the inline part is
    /// full).
    pub fn push(&mut self, mv: Move) {
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

impl Default for Moves {
    fn default() -> Moves {
        Moves::new()
    }
}

impl PartialEq for Moves {
    fn eq(&self, other: &Moves) -> bool {
        **self == **other
    }
}

impl Eq for Moves {}

impl Deref for Moves {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        if self.spill.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }
}

impl DerefMut for Moves {
    fn deref_mut(&mut self) -> &mut [Move] {
        if self.spill.is_empty() {
            &mut self.inline[..self.len]
        } else {
            &mut self.spill
        }
    }
}

impl<'a> IntoIterator for &'a Moves {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for Moves {
    type Item = Move;
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        IntoIter {
            moves: self,
            next: 0,
        }
    }
}

/// The by-value iterator of [`Moves`].
#[derive(Clone, Debug)]
pub struct IntoIter {
    moves: Moves,
    next: usize,
}

impl Iterator for IntoIter {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        let mv = self.moves.get(self.next).copied();
        self.next += usize::from(mv.is_some());
        mv
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.moves.len() - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for IntoIter {}

impl FromIterator<Move> for Moves {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Moves {
        let mut moves = Moves::new();
        for mv in iter {
            moves.push(mv);
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spills_past_the_inline_part_and_keeps_order() {
        let mut moves = Moves::new();
        for index in 0..INLINE_MOVES + 3 {
            moves.push(Move::step(index % 64, (index + 1) % 64));
        }
        assert_eq!(moves.len(), INLINE_MOVES + 3);
        assert_eq!(moves[INLINE_MOVES + 2], Move::step(2, 3));
        assert_eq!(moves.clone().into_iter().count(), INLINE_MOVES + 3);
        moves.clear();
        assert!(moves.is_empty());
    }
}
