//! [`TranspositionTable`]: a fixed-size hash table from position keys to
//! score bounds and the best move found, one `u64` per entry, two entries
//! per bucket (16 bytes: a probe touches one cache line).
//!
//! A key is hashed by a bijection of the 49-bit key space (multiplication
//! by an odd constant modulo 2^49). The top bits of the hash pick the
//! bucket and the rest (the *tag*) is stored in full, so bucket and tag
//! together identify the key exactly: a hit is never a different position.
//!
//! Replacement: a bucket keeps the entry with the most work behind it
//! (log2 of the nodes searched below it) in its first slot, and the most
//! recent other entry in its second, so deep results survive the flood of
//! small ones near the leaves.

use super::super::COLUMNS;

/// Bits of a position key (`Position::key` fits in 49 bits).
pub(crate) const KEY_BITS: u32 = 49;
/// The mask of the key space.
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// An odd multiplier: multiplication by it permutes the key space.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15 & KEY_MASK;
const _: () = assert!(MIX % 2 == 1);

/// Entry layout: upper bound (6 bits), lower bound (6 bits), best move
/// (3 bits: column + 1, 0 for none), one unused bit, the tag, and in the
/// top 6 bits the work (log2 of the nodes searched).
const BOUND_BITS: u32 = 6;
const BOUND_FIELD: u64 = (1 << BOUND_BITS) - 1;
const LOWER_SHIFT: u32 = BOUND_BITS;
const MOVE_SHIFT: u32 = 2 * BOUND_BITS;
const MOVE_FIELD: u64 = 0b111;
const TAG_SHIFT: u32 = 16;
const WORK_SHIFT: u32 = 58;
/// The largest work value stored.
pub(crate) const MAX_WORK: u32 = 63;
/// Bits of the bucket index below the table's size bits: two slots.
const SLOT_BITS: u32 = 1;
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
const _: () = assert!(KEY_BITS - (MIN_TABLE_BITS - SLOT_BITS) + TAG_SHIFT <= WORK_SHIFT);
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

    /// The first slot of the bucket of `key`, and the tag.
    #[inline(always)]
    fn bucket_and_tag(&self, key: u64) -> (usize, u64) {
        debug_assert!(key <= KEY_MASK);
        let hash = key.wrapping_mul(MIX) & KEY_MASK;
        let tag_bits = KEY_BITS - (self.bits - SLOT_BITS);
        (
            ((hash >> tag_bits) << SLOT_BITS) as usize,
            hash & ((1 << tag_bits) - 1),
        )
    }

    /// Whether the stored `entry` is that of `tag`.
    #[inline(always)]
    fn holds(entry: u64, tag: u64) -> bool {
        entry != 0 && (entry >> TAG_SHIFT) & TAG_FIELD == tag
    }

    /// What is known about `key`, if its bucket holds it.
    #[inline(always)]
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let (bucket, tag) = self.bucket_and_tag(key);
        let slots = self.entries.get(bucket..bucket + 2)?;
        let entry = *slots.iter().find(|&&entry| Self::holds(entry, tag))?;
        let best = ((entry >> MOVE_SHIFT) & MOVE_FIELD) as u8;
        Some(Entry {
            upper: (entry & BOUND_FIELD) as i32 - BOUND_OFFSET,
            lower: ((entry >> LOWER_SHIFT) & BOUND_FIELD) as i32 - BOUND_OFFSET,
            best_move: best.checked_sub(1),
        })
    }

    /// Records `lower <= score <= upper` for `key`, found with `work`
    /// (log2 of nodes searched), merged with what the bucket already knows
    /// about the same key, and the best move if given (else the old one is
    /// kept).
    ///
    /// Precondition: `-21 <= lower <= upper <= 21`, and the bounds are
    /// true (debug-asserted: they must not contradict stored ones).
    #[inline(always)]
    pub(crate) fn put(
        &mut self,
        key: u64,
        mut lower: i32,
        mut upper: i32,
        best_move: Option<u8>,
        work: u32,
    ) {
        debug_assert!(-BOUND_OFFSET < lower && lower <= upper && upper < BOUND_OFFSET);
        let (bucket, tag) = self.bucket_and_tag(key);
        let Some(slots) = self.entries.get_mut(bucket..bucket + 2) else {
            return;
        };
        let mut best = best_move.map_or(0, |column| u64::from(column) + 1);
        let mut work = work.min(MAX_WORK);
        let slot = if Self::holds(slots[0], tag) {
            0
        } else if Self::holds(slots[1], tag) {
            1
        } else if work >= (slots[0] >> WORK_SHIFT) as u32 {
            // The new entry has as much work behind it as the first slot's:
            // it takes the first slot, the old one moves to the second.
            slots[1] = slots[0];
            0
        } else {
            1
        };
        let stored = slots[slot];
        if Self::holds(stored, tag) {
            let old_upper = (stored & BOUND_FIELD) as i32 - BOUND_OFFSET;
            let old_lower = ((stored >> LOWER_SHIFT) & BOUND_FIELD) as i32 - BOUND_OFFSET;
            debug_assert!(
                old_lower <= upper && lower <= old_upper,
                "contradictory bounds"
            );
            lower = lower.max(old_lower);
            upper = upper.min(old_upper);
            if best == 0 {
                best = (stored >> MOVE_SHIFT) & MOVE_FIELD;
            }
            work = work.max((stored >> WORK_SHIFT) as u32);
        }
        slots[slot] = u64::from(work) << WORK_SHIFT
            | tag << TAG_SHIFT
            | best << MOVE_SHIFT
            | ((lower + BOUND_OFFSET) as u64) << LOWER_SHIFT
            | (upper + BOUND_OFFSET) as u64;
    }
}

/// The mask of the tag field (the widest tag, of the smallest table).
const TAG_FIELD: u64 = (1 << (WORK_SHIFT - TAG_SHIFT)) - 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_merges_and_replaces() {
        let mut table = TranspositionTable::new(MIN_TABLE_BITS).unwrap();
        let key = 0x1234_5678_9abc;
        assert_eq!(table.get(key), None);
        table.put(key, -3, 21, Some(4), 5);
        table.put(key, -21, 5, None, 3);
        let entry = table.get(key).unwrap();
        assert_eq!(
            (entry.lower, entry.upper, entry.best_move),
            (-3, 5, Some(4))
        );
        // Two more keys in the same bucket: the one with less work than the
        // first slot goes to the second slot, then is replaced.
        let bucket = table.bucket_and_tag(key).0;
        let mut same_bucket = (1..u64::from(u32::MAX))
            .map(|k| k * 977)
            .filter(|&k| k != key && table.bucket_and_tag(k).0 == bucket);
        let (other, third) = (same_bucket.next().unwrap(), same_bucket.next().unwrap());
        table.put(other, 0, 0, None, 1);
        assert_eq!(table.get(key).unwrap().lower, -3);
        assert_eq!(table.get(other).unwrap().lower, 0);
        table.put(third, 1, 1, None, 2);
        assert_eq!(table.get(key).unwrap().lower, -3);
        assert_eq!(table.get(other), None);
        // More work than the first slot's: the first slot moves over.
        table.put(other, 2, 2, None, 9);
        assert_eq!(table.get(other).unwrap().lower, 2);
        assert_eq!(table.get(key).unwrap().lower, -3);
        assert_eq!(table.get(third), None);
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
