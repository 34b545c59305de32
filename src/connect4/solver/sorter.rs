//! [`MoveSorter`]: the at most seven moves of a node, best-looking first.

use super::super::COLUMNS;

/// Moves (single-bit cells) with their ordering scores, handed out highest
/// score first; among equal scores the one added last comes first, so adding
/// in reverse of a preferred column order keeps that order as tie-break.
///
/// Invariant: `entries[..len]` is sorted by ascending score, and for equal
/// scores by order of addition.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveSorter {
    entries: [(u64, i32); COLUMNS],
    len: usize,
}

impl MoveSorter {
    /// No moves.
    #[inline(always)]
    pub(crate) const fn new() -> MoveSorter {
        MoveSorter {
            entries: [(0, 0); COLUMNS],
            len: 0,
        }
    }

    /// Adds `cell` with ordering `score`.
    ///
    /// Precondition: fewer than seven moves were added (debug-asserted; an
    /// eighth is ignored).
    #[inline(always)]
    pub(crate) fn add(&mut self, cell: u64, score: i32) {
        debug_assert!(self.len < COLUMNS);
        if self.len >= COLUMNS {
            return;
        }
        let mut at = self.len;
        self.len += 1;
        // Insertion sort: moves arrive roughly in ascending order.
        while at > 0 && self.entries[at - 1].1 > score {
            self.entries[at] = self.entries[at - 1];
            at -= 1;
        }
        self.entries[at] = (cell, score);
    }

    /// Removes and returns the move with the highest score, if any.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.entries[self.len].0)
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
