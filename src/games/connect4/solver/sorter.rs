//! [`MoveSorter`]: the at most seven moves of a node, best-looking first.

use super::super::COLUMNS;

/// Bits of an item below its score.
const ITEM_BITS: u32 = 56;

/// Moves (any item below 2^56, e.g. a column and a threat map) with their
/// ordering scores, handed out highest score first; among equal scores the
/// one added last comes first, so adding in reverse of a preferred column
/// order keeps that order as tie-break.
///
/// Invariant: `entries[..len]` (each `score << ITEM_BITS | item`) is sorted
/// by ascending score, and for equal scores by order of addition.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveSorter {
    entries: [u64; COLUMNS],
    len: usize,
}

impl MoveSorter {
    /// No moves.
    #[inline(always)]
    pub(crate) const fn new() -> MoveSorter {
        MoveSorter {
            entries: [0; COLUMNS],
            len: 0,
        }
    }

    /// Adds `item` with ordering `score`.
    ///
    /// Precondition: fewer than seven moves were added, `item < 2^56`,
    /// `score < 256` (debug-asserted; an eighth move is ignored).
    #[inline(always)]
    pub(crate) fn add(&mut self, item: u64, score: u32) {
        debug_assert!(self.len < COLUMNS && item >> ITEM_BITS == 0 && score < 256);
        if self.len >= COLUMNS {
            return;
        }
        let entry = u64::from(score) << ITEM_BITS | item;
        let mut at = self.len;
        self.len += 1;
        // Insertion sort: moves arrive roughly in ascending order.
        while at > 0 && self.entries[at - 1] >> ITEM_BITS > u64::from(score) {
            self.entries[at] = self.entries[at - 1];
            at -= 1;
        }
        self.entries[at] = entry;
    }

    /// Removes and returns the item with the highest score, if any.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.entries[self.len] & ((1 << ITEM_BITS) - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highest_first_and_last_added_wins_ties() {
        let mut sorter = MoveSorter::new();
        sorter.add(1, 2);
        sorter.add(2, 5);
        sorter.add(4, 2);
        sorter.add(8, 0);
        let order: Vec<u64> = core::iter::from_fn(|| sorter.pop()).collect();
        assert_eq!(order, [2, 4, 1, 8]);
    }
}
