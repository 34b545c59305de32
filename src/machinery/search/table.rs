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

/// Entries a bucket holds: a position may sit in any slot of the bucket
/// its key picks, so a new entry replaces the least worth of four rather
/// than whatever held its one slot.
const BUCKET_SLOTS: usize = 4;

/// How much an entry of the running search outweighs an older one when a
/// bucket chooses what to replace: more than any depth, so the entries of
/// earlier searches give way first, then the shallowest.
const CURRENT_SEARCH_WORTH: i32 = 1 << 16;

/// A fixed-size table of [`Entry`]s in buckets of [`BUCKET_SLOTS`],
/// the bucket picked by the low bits of the key: allocated once, never
/// grown, so storing and probing never allocate.
///
/// Replacement is depth-preferred: a store for a position the bucket holds
/// overwrites it; otherwise it takes an empty slot, or else the slot of
/// the least worth (an earlier search's entry before the running
/// search's, then the shallowest). Deep results, which cost the most to
/// find again, stay; the new result always goes in.
///
/// Invariant: `entries.len()` is a power of two, `mask == len - 1`, and
/// `ways` (the slots of a bucket) is `min(BUCKET_SLOTS, len)`.
#[derive(Clone, Debug)]
pub(crate) struct TranspositionTable<M> {
    entries: Vec<Entry<M>>,
    mask: usize,
    ways: usize,
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
            ways: BUCKET_SLOTS.min(len),
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

    /// The slots of `key`'s bucket.
    #[inline]
    fn bucket(&self, key: u64) -> core::ops::Range<usize> {
        // Keys are well mixed (`Game::key`'s contract), so the low bits do.
        let start = key as usize & self.mask & !(self.ways - 1);
        start..start + self.ways
    }

    /// The entry stored for `key`, if its bucket holds that position.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.entries[self.bucket(key)]
            .iter()
            .find(|entry| entry.key == key && entry.bound != Bound::Empty)
    }

    /// Stores what a search of depth `depth` found for `key`, replacing the
    /// position's own entry if the bucket holds one, else the entry of
    /// least worth (see [`TranspositionTable`]). A store without a best
    /// move keeps the best move stored for the same position.
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
        let slots = self.bucket(key);
        let bucket = &mut self.entries[slots];
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (index, entry) in bucket.iter().enumerate() {
            if entry.bound == Bound::Empty {
                if victim_worth > i32::MIN {
                    victim = index;
                    victim_worth = i32::MIN;
                }
                continue;
            }
            if entry.key == key {
                victim = index;
                break;
            }
            let current = if entry.age == age {
                CURRENT_SEARCH_WORTH
            } else {
                0
            };
            let worth = current + i32::from(entry.depth);
            if worth < victim_worth {
                victim = index;
                victim_worth = worth;
            }
        }
        let entry = &mut bucket[victim];
        let same = entry.key == key && entry.bound != Bound::Empty;
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
        assert!(slots >= 2 * BUCKET_SLOTS as u64);
        assert!(table.probe(5).is_none());
        table.store(5, 4, 10, Bound::Exact, Some(1));
        let entry = table.probe(5).unwrap();
        assert_eq!((entry.value, entry.depth, entry.best), (10, 4, Some(1)));
        // Other positions in the same bucket fill its other slots.
        for (n, depth) in [(1, 2), (2, 7), (3, 3)] {
            table.store(5 + n * slots, depth, 0, Bound::Lower, Some(2));
        }
        for n in 0..4 {
            assert!(table.probe(5 + n * slots).is_some(), "{n}");
        }
        // A fifth replaces the shallowest (depth 2), keeping the deep ones.
        table.store(5 + 4 * slots, 1, 0, Bound::Lower, Some(3));
        assert!(table.probe(5 + slots).is_none());
        assert!(table.probe(5 + 4 * slots).is_some());
        assert_eq!(table.probe(5 + 2 * slots).unwrap().depth, 7);
        // The same position without a move keeps its move.
        table.store(5, 1, 7, Bound::Upper, None);
        assert_eq!(table.probe(5).unwrap().best, Some(1));
        assert_eq!(table.probe(5).unwrap().bound, Bound::Upper);
        // A new search: the old entries give way before the new ones,
        // however deep they are.
        table.new_search();
        table.store(5 + 5 * slots, 0, 3, Bound::Exact, Some(9));
        table.store(5 + 6 * slots, 0, 3, Bound::Exact, Some(9));
        table.store(5 + 7 * slots, 0, 3, Bound::Exact, Some(9));
        table.store(5 + 8 * slots, 0, 3, Bound::Exact, Some(9));
        for n in 5..9 {
            assert_eq!(table.probe(5 + n * slots).unwrap().best, Some(9));
        }
        assert!(table.probe(5 + 2 * slots).is_none());
        // Another bucket is untouched.
        table.store(6, 1, 1, Bound::Exact, None);
        assert!(table.probe(5 + 8 * slots).is_some());
        table.clear();
        assert!(table.probe(5 + 8 * slots).is_none());
        assert!(table.probe(6).is_none());
    }

    #[test]
    fn tiny_tables_have_one_bucket() {
        let mut table = TranspositionTable::<u8>::new(0);
        assert_eq!(table.len(), 1);
        table.store(3, 1, 1, Bound::Exact, None);
        table.store(4, 1, 2, Bound::Exact, None);
        assert!(table.probe(3).is_none());
        assert_eq!(table.probe(4).unwrap().value, 2);
    }
}
