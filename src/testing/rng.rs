//! [`SplitMix64`]: the small seeded generator behind the kit's random
//! playouts.
//!
//! The kit draws its own numbers rather than depend on `rand` or
//! `proptest`: a crate that enables `testing` gets no extra dependency, and
//! a seed names the same playouts on every platform and every version of
//! those crates.

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit counter run through
/// a bijective mixer. Plenty for choosing moves; not for cryptography.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64 {
    state: u64,
}

/// The counter's increment: the odd integer nearest 2^64 / φ.
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

impl SplitMix64 {
    /// A generator whose sequence depends only on `seed`.
    pub(crate) const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (0 when `bound` is 0), by Lemire's
    /// multiply-and-shift: the bias is below `bound / 2^64`.
    pub(crate) fn below(&mut self, bound: usize) -> usize {
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
