//! Position keys: [`PositionHasher`], the fixed hasher behind the default
//! [`Game::key`](crate::Game::key), and [`mix64`], the finalizer the games
//! use to spread their own compact keys over all 64 bits.

use core::hash::{Hash, Hasher};

/// The multiplier of the word-by-word accumulation (from rustc's FxHasher:
/// an odd constant with well-spread bits).
const ACCUMULATE: u64 = 0x51_7c_c1_b7_27_22_0a_95;
/// How far the state rotates before each word is folded in.
const ROTATE: u32 = 5;

/// Spreads the bits of `x` over all 64 bits of the result: a bijection on
/// `u64` (MurmurHash3's 64-bit finalizer), so distinct inputs give distinct
/// outputs, and inputs that differ in one bit give outputs that differ in
/// about half of theirs.
///
/// Games use it to turn a compact, exact encoding of a position into a key
/// whose low bits index a table well.
#[inline]
pub const fn mix64(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^= x >> 33;
    x
}

/// A fixed, unseeded 64-bit [`Hasher`]: the same value hashes to the same
/// key in every run and on every platform (integers are read as
/// little-endian, `usize`/`isize` as 64-bit), for a given version of this
/// crate.
///
/// [`Game::key`](crate::Game::key)'s default runs a position's [`Hash`]
/// through it. It is fast and well mixed, but not resistant to inputs
/// chosen to collide: use it for game positions, not for untrusted keys of
/// a server's hash map.
#[derive(Clone, Copy, Debug, Default)]
pub struct PositionHasher {
    state: u64,
}

impl PositionHasher {
    /// A hasher with an empty state.
    pub const fn new() -> PositionHasher {
        PositionHasher { state: 0 }
    }

    #[inline]
    fn add_word(&mut self, word: u64) {
        self.state = (self.state.rotate_left(ROTATE) ^ word).wrapping_mul(ACCUMULATE);
    }
}

impl Hasher for PositionHasher {
    #[inline]
    fn finish(&self) -> u64 {
        mix64(self.state)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.add_word(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0; 8];
            word[..rest.len()].copy_from_slice(rest);
            // The length keeps "ab" + "" apart from "a" + "b".
            self.add_word(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 56));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add_word(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add_word(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add_word(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add_word(i);
    }

    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.add_word(i as u64);
        self.add_word((i >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add_word(i as u64);
    }

    #[inline]
    fn write_i8(&mut self, i: i8) {
        self.write_u8(i as u8);
    }

    #[inline]
    fn write_i16(&mut self, i: i16) {
        self.write_u16(i as u16);
    }

    #[inline]
    fn write_i32(&mut self, i: i32) {
        self.write_u32(i as u32);
    }

    #[inline]
    fn write_i64(&mut self, i: i64) {
        self.write_u64(i as u64);
    }

    #[inline]
    fn write_i128(&mut self, i: i128) {
        self.write_u128(i as u128);
    }

    #[inline]
    fn write_isize(&mut self, i: isize) {
        self.write_u64(i as u64);
    }
}

/// The default [`Game::key`](crate::Game::key): `value`'s [`Hash`] through
/// a fresh [`PositionHasher`].
#[inline]
pub(crate) fn hash_key<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = PositionHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mix64_is_a_bijection_on_a_sample_and_spreads_bits() {
        let mut seen = std::collections::HashSet::new();
        for x in 0..10_000u64 {
            assert!(seen.insert(mix64(x)));
        }
        // One input bit flips about half of the output bits.
        let flipped = (mix64(0x1234) ^ mix64(0x1235)).count_ones();
        assert!((16..=48).contains(&flipped), "{flipped}");
    }

    #[test]
    fn hasher_is_fixed_and_tells_byte_splits_apart() {
        assert_eq!(hash_key(&(1u32, 2u8)), hash_key(&(1u32, 2u8)));
        assert_ne!(hash_key(&(1u32, 2u8)), hash_key(&(2u32, 1u8)));
        let mut ab = PositionHasher::new();
        ab.write(b"ab");
        ab.write(b"");
        let mut a_b = PositionHasher::new();
        a_b.write(b"a");
        a_b.write(b"b");
        assert_ne!(ab.finish(), a_b.finish());
    }
}
