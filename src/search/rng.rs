//! A small seeded random number generator for Monte Carlo tree search:
//! the same seed gives the same numbers on every platform.

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by a
/// constant and mixed by [`mix64`](crate::mix64)'s finalizer. Fast, small,
/// statistically good enough for playouts; not for cryptography.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rng {
    state: u64,
}

/// The golden-ratio increment of SplitMix64.
const INCREMENT: u64 = 0x9e37_79b9_7f4a_7c15;

impl Rng {
    /// A generator seeded with `seed`.
    pub(crate) const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(INCREMENT);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (0 when `bound` is 0), by multiply-shift: no
    /// division, bias below 2^-32 for the small bounds of move lists.
    #[inline]
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_and_bounds_hold() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let mut counts = [0u32; 7];
        for _ in 0..7000 {
            let x = a.below(7);
            assert_eq!(x, b.below(7));
            counts[x] += 1;
        }
        // Each of 7 outcomes about 1000 times.
        assert!(
            counts.iter().all(|&c| (850..1150).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(Rng::new(1).below(0), 0);
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }
}
