//! [`SplitMix64`]: the crate's one small seeded random number generator,
//! for everything that plays random moves reproducibly (the conformance
//! kit's playouts, examples, tests, benchmarks).
//!
//! The crate draws its own numbers rather than depend on `rand`: the root
//! crate takes no dependency for it, and a seed names the same sequence on
//! every platform and every version.

/// SplitMix64 (Steele, Lea and Flood, *Fast splittable pseudorandom number
/// generators*, OOPSLA 2014): a 64-bit counter advanced by the odd integer
/// nearest 2^64 / φ and run through a bijective mixer. Every seed is good
/// (0 too); the same seed gives the same numbers everywhere. Plenty for
/// choosing moves and positions; not for cryptography.
///
/// ```
/// use rulebook::SplitMix64;
///
/// let mut rng = SplitMix64::new(42);
/// let roll = rng.below(6);
/// assert!(roll < 6);
/// assert_eq!(SplitMix64::new(42).below(6), roll);
/// // The reference implementation's first output for seed 0.
/// assert_eq!(SplitMix64::new(0).next_u64(), 0xe220_a839_7b1d_cdaf);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SplitMix64 {
    state: u64,
}

/// The counter's increment: the odd integer nearest 2^64 / φ.
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

impl SplitMix64 {
    /// A generator whose sequence depends only on `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (0 when `bound` is 0), by Lemire's
    /// multiply-and-shift: no division, the bias below `bound / 2^64`.
    #[inline]
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> u64::BITS) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_outputs_match_the_reference() {
        // The reference implementation's first outputs for seed 0
        // (splitmix64.c by Sebastiano Vigna).
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut rng = SplitMix64::new(7);
        let mut seen = [false; 5];
        for _ in 0..200 {
            let n = rng.below(5);
            seen[n] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(rng.below(0), 0);
    }
}
