//! The transposition table: what alpha-beta learnt about positions it has
//! searched, found again by their [`Game::key`](crate::Game::key) when
//! another move order reaches them.

/// What a stored score says about the position's true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The slot holds nothing.
    Empty,
    /// The true value: the search of the node ended inside its window.
    Exact,
    /// At least this: a move reached beta (a cut).
    Lower,
    /// At most this: no move reached alpha.
    Upper,
}

/// One slot: a position's key, its best move, and what its search found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    /// The full key, to tell apart positions that share the slot.
    key: u64,
    /// The best move found, if the search got as far as one.
    pub(crate) best: Option<M>,
    /// The score, with wins and losses measured from this node
    /// ([`raw::to_table`](super::score::raw::to_table)).
    pub(crate) value: i32,
    /// The depth the score was searched to.
    pub(crate) depth: i16,
    pub(crate) bound: Bound,
    /// The search (counted by [`TranspositionTable::new_search`]) that
    /// stored it: entries of older searches give way first.
    age: u8,
}

impl<M> Entry<M> {
    const EMPTY: Entry<M> = Entry {
        key: 0,
        best: None,
        value: 0,
        depth: 0,
        bound: Bound::Empty,
        age: 0,
    };
}

/// A fixed-size table of [`Entry`]s, one per slot, indexed by the low bits
/// of the key: allocated once, never grown, so storing and probing never
/// allocate.
///
/// Invariant: `entries.len()` is a power of two and `mask == len - 1`.
#[derive(Clone, Debug)]
pub(crate) struct TranspositionTable<M> {
    entries: Vec<Entry<M>>,
    mask: usize,
    age: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using at most `bytes` bytes of entries (the largest power of
    /// two of them that fits), and at least one entry.
    pub(crate) fn new(bytes: usize) -> TranspositionTable<M> {
        let entry_size = core::mem::size_of::<Entry<M>>().max(1);
        let fitting = (bytes / entry_size).max(1);
        // The largest power of two not above `fitting`.
        let len = 1usize << (usize::BITS - 1 - fitting.leading_zeros());
        TranspositionTable {
            entries: vec![Entry::EMPTY; len],
            mask: len - 1,
            age: 0,
        }
    }

    /// The number of slots.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The bytes the slots take.
    pub(crate) fn bytes(&self) -> usize {
        self.len() * core::mem::size_of::<Entry<M>>()
    }

    /// Empties every slot.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.age = 0;
    }

    /// Marks the start of a new search: what earlier searches stored is
    /// replaced first.
    pub(crate) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // Keys are well mixed (`Game::key`'s contract), so the low bits do.
        key as usize & self.mask
    }

    /// The entry stored for `key`, if its slot holds that position.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<&Entry<M>> {
        let entry = &self.entries[self.slot(key)];
        (entry.bound != Bound::Empty && entry.key == key).then_some(entry)
    }

    /// Stores what a search of depth `depth` found for `key`.
    ///
    /// The slot keeps its entry only when that entry is of this search, of
    /// another position, and deeper: deep results cost the most to find
    /// again. A store without a best move keeps the slot's best move for
    /// the same position.
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        depth: i16,
        value: i32,
        bound: Bound,
        best: Option<M>,
    ) {
        let age = self.age;
        let slot = self.slot(key);
        let entry = &mut self.entries[slot];
        let same = entry.key == key && entry.bound != Bound::Empty;
        if !same && entry.bound != Bound::Empty && entry.age == age && entry.depth > depth {
            return;
        }
        let best = if same { best.or(entry.best) } else { best };
        *entry = Entry {
            key,
            best,
            value,
            depth,
            bound,
            age,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        let table = TranspositionTable::<u64>::new(1000);
        assert!(table.len().is_power_of_two());
        assert!(table.bytes() <= 1000);
        assert!(table.bytes() * 2 > 1000);
        assert_eq!(TranspositionTable::<u64>::new(0).len(), 1);
    }

    #[test]
    fn store_probe_and_replacement() {
        let mut table = TranspositionTable::<u8>::new(64 * 32);
        let slots = table.len() as u64;
        assert!(table.probe(5).is_none());
        table.store(5, 4, 10, Bound::Exact, Some(1));
        let entry = table.probe(5).unwrap();
        assert_eq!((entry.value, entry.depth, entry.best), (10, 4, Some(1)));
        // Another position in the same slot, shallower, same search: kept.
        table.store(5 + slots, 2, 0, Bound::Lower, Some(2));
        assert!(table.probe(5 + slots).is_none());
        assert!(table.probe(5).is_some());
        // The same position without a move keeps its move.
        table.store(5, 1, 7, Bound::Upper, None);
        assert_eq!(table.probe(5).unwrap().best, Some(1));
        assert_eq!(table.probe(5).unwrap().bound, Bound::Upper);
        // A new search: the old entry gives way.
        table.store(5, 6, 7, Bound::Exact, None);
        table.new_search();
        table.store(5 + slots, 0, 3, Bound::Exact, Some(9));
        assert!(table.probe(5).is_none());
        assert_eq!(table.probe(5 + slots).unwrap().best, Some(9));
        table.clear();
        assert!(table.probe(5 + slots).is_none());
    }
}
