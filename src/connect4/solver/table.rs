//! [`TranspositionTable`]: a fixed-size, always-replace hash table from
//! position keys to score bounds and the best move found, one `u64` per
//! entry so that a probe touches one cache line.
//!
//! A key is hashed by a bijection of the 49-bit key space (multiplication
//! by an odd constant modulo 2^49). The top `bits` bits of the hash pick the
//! slot and the rest (the *tag*) is stored in full, so slot and tag together
//! identify the key exactly: a hit is never a different position.

use super::super::COLUMNS;

/// Bits of a position key (`Position::key` fits in 49 bits).
pub(crate) const KEY_BITS: u32 = 49;
/// The mask of the key space.
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// An odd multiplier: multiplication by it permutes the key space.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15 & KEY_MASK;
const _: () = assert!(MIX % 2 == 1);

/// Entry layout: upper bound (6 bits), lower bound (6 bits), best move
/// (3 bits: column + 1, 0 for none), one unused bit, then the tag.
const BOUND_BITS: u32 = 6;
const BOUND_FIELD: u64 = (1 << BOUND_BITS) - 1;
const LOWER_SHIFT: u32 = BOUND_BITS;
const MOVE_SHIFT: u32 = 2 * BOUND_BITS;
const MOVE_FIELD: u64 = 0b111;
const TAG_SHIFT: u32 = 16;
/// Stored bounds are offset to be positive (scores lie in `-21..=21`), so a
/// stored entry is never 0 and 0 marks an empty slot.
const BOUND_OFFSET: i32 = 32;

/// The fewest slot bits accepted: the tag (`KEY_BITS - bits` bits) must fit
/// above `TAG_SHIFT`.
pub const MIN_TABLE_BITS: u32 = 10;
/// The most slot bits accepted (2^28 entries, 2 GiB).
pub const MAX_TABLE_BITS: u32 = 28;
/// The default: 2^23 entries of 8 bytes, 64 MiB.
pub const DEFAULT_TABLE_BITS: u32 = 23;
const _: () = assert!(KEY_BITS - MIN_TABLE_BITS + TAG_SHIFT <= u64::BITS);
const _: () = assert!(COLUMNS as u64 <= MOVE_FIELD);

/// Why a [`Solver`](super::Solver) could not be built with the table size
/// asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TableSizeError {
    /// The size is outside the supported range.
    #[error(
        "a table of 2^{0} entries is not supported: use {MIN_TABLE_BITS} to {MAX_TABLE_BITS} bits"
    )]
    OutOfRange(u32),
    /// The memory could not be allocated.
    #[error("could not allocate a table of 2^{0} entries (8 bytes each)")]
    OutOfMemory(u32),
}

/// What the table knows about one position: `lower <= score <= upper`,
/// and the move that was best (or cut off) when it was last searched.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Entry {
    pub(crate) lower: i32,
    pub(crate) upper: i32,
    /// A column index, if one is known.
    pub(crate) best_move: Option<u8>,
}

/// The table. Invariant: `entries.len() == 1 << bits`.
#[derive(Clone, Debug)]
pub(crate) struct TranspositionTable {
    entries: Vec<u64>,
    /// log2 of the number of slots.
    bits: u32,
}

impl TranspositionTable {
    /// An empty table of `2^bits` entries.
    ///
    /// # Errors
    ///
    /// [`TableSizeError`] when `bits` is out of range or the memory cannot
    /// be had.
    pub(crate) fn new(bits: u32) -> Result<TranspositionTable, TableSizeError> {
        if !(MIN_TABLE_BITS..=MAX_TABLE_BITS).contains(&bits) {
            return Err(TableSizeError::OutOfRange(bits));
        }
        let len = 1usize << bits;
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(len)
            .map_err(|_| TableSizeError::OutOfMemory(bits))?;
        entries.resize(len, 0);
        Ok(TranspositionTable { entries, bits })
    }

    /// log2 of the number of entries.
    pub(crate) fn bits(&self) -> u32 {
        self.bits
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// The slot and the tag of `key`.
    #[inline(always)]
    fn slot_and_tag(&self, key: u64) -> (usize, u64) {
        debug_assert!(key <= KEY_MASK);
        let hash = key.wrapping_mul(MIX) & KEY_MASK;
        let tag_bits = KEY_BITS - self.bits;
        ((hash >> tag_bits) as usize, hash & ((1 << tag_bits) - 1))
    }

    /// What is known about `key`, if its slot holds it.
    #[inline(always)]
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let (slot, tag) = self.slot_and_tag(key);
        let entry = *self.entries.get(slot)?;
        if entry == 0 || entry >> TAG_SHIFT != tag {
            return None;
        }
        let best = ((entry >> MOVE_SHIFT) & MOVE_FIELD) as u8;
        Some(Entry {
            upper: (entry & BOUND_FIELD) as i32 - BOUND_OFFSET,
            lower: ((entry >> LOWER_SHIFT) & BOUND_FIELD) as i32 - BOUND_OFFSET,
            best_move: best.checked_sub(1),
        })
    }

    /// Records `lower <= score <= upper` for `key` (merged with what the
    /// slot already knows about the same key; another key is replaced) and
    /// the best move, if given (else the old one is kept).
    ///
    /// Precondition: `-21 <= lower <= upper <= 21`, and the bounds are
    /// true (debug-asserted: they must not contradict stored ones).
    #[inline(always)]
    pub(crate) fn put(&mut self, key: u64, mut lower: i32, mut upper: i32, best_move: Option<u8>) {
        debug_assert!(-BOUND_OFFSET < lower && lower <= upper && upper < BOUND_OFFSET);
        let (slot, tag) = self.slot_and_tag(key);
        let Some(stored) = self.entries.get_mut(slot) else {
            return;
        };
        let mut best = best_move.map_or(0, |column| u64::from(column) + 1);
        if *stored != 0 && *stored >> TAG_SHIFT == tag {
            let old_upper = (*stored & BOUND_FIELD) as i32 - BOUND_OFFSET;
            let old_lower = ((*stored >> LOWER_SHIFT) & BOUND_FIELD) as i32 - BOUND_OFFSET;
            debug_assert!(old_lower <= upper && lower <= old_upper, "contradictory bounds");
            lower = lower.max(old_lower);
            upper = upper.min(old_upper);
            if best == 0 {
                best = (*stored >> MOVE_SHIFT) & MOVE_FIELD;
            }
        }
        *stored = tag << TAG_SHIFT
            | best << MOVE_SHIFT
            | ((lower + BOUND_OFFSET) as u64) << LOWER_SHIFT
            | (upper + BOUND_OFFSET) as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_merges_and_replaces() {
        let mut table = TranspositionTable::new(MIN_TABLE_BITS).unwrap();
        let key = 0x1234_5678_9abc;
        assert_eq!(table.get(key), None);
        table.put(key, -3, 21, Some(4));
        table.put(key, -21, 5, None);
        let entry = table.get(key).unwrap();
        assert_eq!((entry.lower, entry.upper, entry.best_move), (-3, 5, Some(4)));
        // A key with the same slot but another tag replaces the entry.
        let other = (0..u64::from(u32::MAX))
            .map(|k| k * 977 + 1)
            .find(|&k| k != key && table.slot_and_tag(k).0 == table.slot_and_tag(key).0)
            .unwrap();
        table.put(other, 0, 0, None);
        assert_eq!(table.get(key), None);
        assert_eq!(table.get(other).unwrap().lower, 0);
        table.clear();
        assert_eq!(table.get(other), None);
    }

    #[test]
    fn sizes_out_of_range_are_errors() {
        assert_eq!(
            TranspositionTable::new(MIN_TABLE_BITS - 1).unwrap_err(),
            TableSizeError::OutOfRange(MIN_TABLE_BITS - 1)
        );
        assert!(TranspositionTable::new(MAX_TABLE_BITS + 1).is_err());
    }
}
