//! [`TranspositionTable`]: a hash table from position keys to score bounds
//! and the best move found, one `u64` per entry, two entries per bucket
//! (16 bytes: a probe touches one cache line).
//!
//! A key is hashed by a bijection of the 49-bit key space (multiplication
//! by an odd constant modulo 2^49, then an xor-shift). The low bits of the
//! hash pick the bucket and the bits above the smallest bucket index (the
//! *tag*) are stored, so bucket and tag together identify the key exactly:
//! a hit is never a different position.
//!
//! The table grows with the work: it starts with [`START_BITS`] bits of
//! slots and doubles (up to its capacity, `2^bits` slots) whenever a quarter of
//! its slots are taken. A doubling splits every bucket in two by the next bit
//! of the hash, which the tag holds, so no entry is lost, and zeroes the
//! new half as it goes. [`clear`](TranspositionTable::clear) shrinks the
//! table back to its start size and zeroes that: a search after a clear
//! sees only what it stored itself, exactly as after zeroing the whole
//! capacity, while a small search never touches (or pays to clear) the
//! memory it does not need, and its probes stay in cache.
//!
//! Replacement: a bucket keeps the entry with the most work behind it
//! (log2 of the nodes searched below it) in its first slot, and the most
//! recent other entry in its second, so deep results survive the flood of
//! small ones near the leaves. Invariant: a bucket's first slot is empty
//! only if its second is.

use super::super::COLUMNS;

/// Bits of a position key (`Position::key` fits in 49 bits).
pub(crate) const KEY_BITS: u32 = 49;
/// The mask of the key space.
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// An odd multiplier: multiplication by it permutes the key space.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15 & KEY_MASK;
const _: () = assert!(MIX % 2 == 1);
/// The xor-shift after the multiplication: it brings the well-mixed high
/// bits of the product down to the low bits that pick the bucket (and,
/// as any `h ^ (h >> s)` with `s > 0`, is a bijection).
const MIX_SHIFT: u32 = 24;

/// Entry layout: upper bound (6 bits), lower bound (6 bits), best move
/// (3 bits: column + 1, 0 for none), one unused bit, the tag (from bit
/// 16), and in the top 6 bits the work (log2 of the nodes searched).
const BOUND_BITS: u32 = 6;
const BOUND_FIELD: u64 = (1 << BOUND_BITS) - 1;
const LOWER_SHIFT: u32 = BOUND_BITS;
const MOVE_SHIFT: u32 = 2 * BOUND_BITS;
const MOVE_FIELD: u64 = 0b111;
const TAG_SHIFT: u32 = 16;
const WORK_SHIFT: u32 = 58;
/// The largest work value stored.
pub(crate) const MAX_WORK: u32 = 63;
/// Bits of the slot index below the bucket index: two slots a bucket.
const SLOT_BITS: u32 = 1;
/// Stored bounds are offset to be positive (scores lie in `-21..=21`), so a
/// stored entry is never 0 and 0 marks an empty slot.
const BOUND_OFFSET: i32 = 32;

/// The fewest slot bits accepted (the table's start size).
pub const MIN_TABLE_BITS: u32 = 10;
/// The most slot bits accepted (2^28 entries, 2 GiB).
pub const MAX_TABLE_BITS: u32 = 28;
/// The default: up to 2^23 entries of 8 bytes, 64 MiB.
pub const DEFAULT_TABLE_BITS: u32 = 23;
/// The table doubles when more than `1 / GROW_LOAD` of its slots are
/// taken (a quarter: few collisions while it is small).
const GROW_LOAD: usize = 4;
/// log2 of the slots a table starts with (and returns to when cleared):
/// 8 KiB, in the first-level cache.
const START_BITS: u32 = MIN_TABLE_BITS;
/// The hash bits above the bucket index of the smallest table: the tag.
const TAG_BITS: u32 = KEY_BITS - (START_BITS - SLOT_BITS);
const TAG_FIELD: u64 = (1 << TAG_BITS) - 1;
const _: () = assert!(TAG_SHIFT + TAG_BITS <= WORK_SHIFT);
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

/// The table.
///
/// Invariants: `entries.len()` is a power of two between `2^START_BITS`
/// and `2^bits`; `filled` counts its nonzero slots; every entry sits in
/// the bucket its hash picks for the current length.
#[derive(Clone, Debug)]
pub(crate) struct TranspositionTable {
    entries: Vec<u64>,
    /// log2 of the most slots.
    bits: u32,
    /// Nonzero slots.
    filled: usize,
}

impl TranspositionTable {
    /// An empty table that may grow to `2^bits` entries; the memory is
    /// reserved now (address space only: pages are touched as the table
    /// grows).
    ///
    /// # Errors
    ///
    /// [`TableSizeError`] when `bits` is out of range or the memory cannot
    /// be had.
    pub(crate) fn new(bits: u32) -> Result<TranspositionTable, TableSizeError> {
        if !(MIN_TABLE_BITS..=MAX_TABLE_BITS).contains(&bits) {
            return Err(TableSizeError::OutOfRange(bits));
        }
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(1usize << bits)
            .map_err(|_| TableSizeError::OutOfMemory(bits))?;
        entries.resize(1 << START_BITS, 0);
        Ok(TranspositionTable {
            entries,
            bits,
            filled: 0,
        })
    }

    /// log2 of the most entries.
    pub(crate) fn bits(&self) -> u32 {
        self.bits
    }

    /// Forgets every entry: back to the start size, zeroed.
    pub(crate) fn clear(&mut self) {
        self.entries.truncate(1 << START_BITS);
        self.entries.fill(0);
        self.filled = 0;
    }

    /// The hash of `key`: a bijection of the key space.
    #[inline(always)]
    fn hash(key: u64) -> u64 {
        debug_assert!(key <= KEY_MASK);
        let product = key.wrapping_mul(MIX) & KEY_MASK;
        product ^ (product >> MIX_SHIFT)
    }

    /// The first slot of the bucket of `key`, and the tag.
    #[inline(always)]
    fn bucket_and_tag(&self, key: u64) -> (usize, u64) {
        let hash = Self::hash(key);
        let buckets = (self.entries.len() >> SLOT_BITS) as u64;
        (
            ((hash & (buckets - 1)) << SLOT_BITS) as usize,
            hash >> (START_BITS - SLOT_BITS),
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
    /// kept). May grow the table.
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
        let mut added = false;
        let slot = if Self::holds(slots[0], tag) {
            0
        } else if Self::holds(slots[1], tag) {
            1
        } else if work >= (slots[0] >> WORK_SHIFT) as u32 {
            // The new entry has as much work behind it as the first slot's
            // (or the slot is empty): it takes the first slot, the old one
            // moves to the second.
            added = slots[1] == 0;
            slots[1] = slots[0];
            0
        } else {
            added = slots[1] == 0;
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
        if added {
            self.filled += 1;
            if self.filled * GROW_LOAD > self.entries.len() {
                self.grow();
            }
        }
    }

    /// Doubles the table if it may still grow (and the memory can be had):
    /// each bucket splits by the next hash bit, the new half zeroed first.
    #[cold]
    fn grow(&mut self) {
        let len = self.entries.len();
        if len >= 1 << self.bits || self.entries.try_reserve_exact(len).is_err() {
            return;
        }
        let buckets = len >> SLOT_BITS;
        // The hash bit that now picks between bucket `b` and `b + buckets`,
        // as a bit of the tag.
        let split_bit = 1u64 << (buckets.trailing_zeros() - (START_BITS - SLOT_BITS) + TAG_SHIFT);
        self.entries.resize(2 * len, 0);
        let (low, high) = self.entries.split_at_mut(len);
        for (old, new) in low.chunks_exact_mut(2).zip(high.chunks_exact_mut(2)) {
            for slot in 0..2 {
                if old[slot] & split_bit != 0 {
                    new[slot] = old[slot];
                    old[slot] = 0;
                }
            }
            // Keep the first slot taken whenever the second is.
            for pair in [old, new] {
                if pair[0] == 0 {
                    pair[0] = pair[1];
                    pair[1] = 0;
                }
            }
        }
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
    fn grows_without_losing_entries_and_clear_shrinks() {
        let mut table = TranspositionTable::new(MIN_TABLE_BITS + 4).unwrap();
        // Keys spread over distinct buckets of the largest table cannot
        // collide; store enough to force every doubling.
        let keys: Vec<u64> = (1..=6000u64).map(|k| k * 0x9_4D04_9BB1).collect();
        let mut kept = Vec::new();
        for (index, &key) in keys.iter().enumerate() {
            let score = (index % 40) as i32 - 20;
            table.put(key & KEY_MASK, score, score, None, 1);
            kept.push((key & KEY_MASK, score));
        }
        assert_eq!(table.entries.len(), 1 << (MIN_TABLE_BITS + 4));
        let nonzero = table.entries.iter().filter(|&&e| e != 0).count();
        assert_eq!(nonzero, table.filled);
        // Whatever is found is right; most survive.
        let mut found = 0;
        for &(key, score) in &kept {
            if let Some(entry) = table.get(key) {
                assert_eq!((entry.lower, entry.upper), (score, score));
                found += 1;
            }
        }
        assert!(found > kept.len() * 3 / 4, "{found} of {}", kept.len());
        table.clear();
        assert_eq!(table.entries.len(), 1 << START_BITS);
        assert!(kept.iter().all(|&(key, _)| table.get(key).is_none()));
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
