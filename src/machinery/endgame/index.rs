//! The material of a database ([`Material`]) and the perfect index of the
//! positions with that material ([`Indexer`]): every position of the
//! material has one number in `0..count` and every number one position.
//!
//! Positions are indexed from the side to move's point of view, the side
//! to move moving up the board as White does ([`Normal`]): a position with
//! Black to move is turned half a turn and its colours swapped first, which
//! the rules of every variant allow (the board is the same after a half
//! turn, dark squares on dark squares, and the rules treat both colours
//! alike but for who starts). So one database of a material holds every
//! position with that material, whoever is to move.
//!
//! # The index
//!
//! The board has `S` playable squares in rows of `H` (32 and 4 on 8x8
//! boards, 50 and 5 on 10x10), by dense index (row by row from the top).
//! The side to move's men may not stand on the top row (they would be
//! kings), the other side's men not on the bottom row; the `M = S - 2H`
//! middle squares take both. With `a` men and `b` kings for the side to
//! move and `c` men and `d` kings for the other side, the positions are
//! split into blocks by `k`, how many of the side to move's men stand on
//! the bottom row, and `j`, how many of the other side's men stand on the
//! top row (blocks in order of `k`, then `j`). Within a block a position is
//! the mixed-radix number of six subset ranks, in this order:
//!
//! 1. the side to move's men on the bottom row: `k` of `H` squares;
//! 2. its men in the middle: `a - k` of `M`;
//! 3. the other side's men on the top row: `j` of `H`;
//! 4. its men in the middle: `c - j` of the `M - (a - k)` free middle
//!    squares;
//! 5. the side to move's kings: `b` of the `S - a - c` squares free of men;
//! 6. the other side's kings: `d` of the `S - a - c - b` squares left.
//!
//! A subset of `n` squares taken from a set of free squares is ranked in
//! the combinatorial number system: with the chosen squares' positions
//! among the free ones `q_0 < q_1 < ...`, its rank is `Σ C(q_i, i + 1)`,
//! between 0 and `C(free, n) - 1`.

use crate::draughts::Rules;

/// The most pieces a database holds: every count in [`Material`] and
/// their sum are at most this.
pub const MAX_DATABASE_PIECES: u32 = 15;

/// The most playable squares of any board of the family.
const MAX_SQUARES: usize = 50;

/// Binomial coefficients `C(n, k)` for `n, k <= MAX_SQUARES`.
static BINOMIAL: [[u64; MAX_SQUARES + 1]; MAX_SQUARES + 1] = binomials();

const fn binomials() -> [[u64; MAX_SQUARES + 1]; MAX_SQUARES + 1] {
    let mut table = [[0u64; MAX_SQUARES + 1]; MAX_SQUARES + 1];
    let mut n = 0;
    while n <= MAX_SQUARES {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

/// `C(n, k)`, 0 when `k > n`. Precondition: `n <= 50`.
#[inline]
pub(crate) fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        0
    } else {
        BINOMIAL[n as usize][k as usize]
    }
}

/// What stands on the board, as counts: the men and kings of the side to
/// move and of the other side. One database holds every position of one
/// material (with either colour to move, see the [module](crate::endgame)'s docs).
///
/// `Display` writes it as the file names do, `mover_men-mover_kings-
/// other_men-other_kings` (`0-2-0-1`: two kings against one, the side with
/// two to move).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Material {
    /// Men of the side to move.
    pub mover_men: u8,
    /// Kings of the side to move.
    pub mover_kings: u8,
    /// Men of the other side.
    pub other_men: u8,
    /// Kings of the other side.
    pub other_kings: u8,
}

impl Material {
    /// The material `mover_men`, `mover_kings` against `other_men`,
    /// `other_kings`.
    pub const fn new(mover_men: u8, mover_kings: u8, other_men: u8, other_kings: u8) -> Material {
        Material {
            mover_men,
            mover_kings,
            other_men,
            other_kings,
        }
    }

    /// Every piece on the board.
    pub const fn pieces(self) -> u32 {
        self.mover_men as u32
            + self.mover_kings as u32
            + self.other_men as u32
            + self.other_kings as u32
    }

    /// Every man on the board.
    pub const fn men(self) -> u32 {
        self.mover_men as u32 + self.other_men as u32
    }

    /// The same pieces seen from the other side: the material after a
    /// move that takes nothing and crowns nobody.
    pub const fn swapped(self) -> Material {
        Material::new(
            self.other_men,
            self.other_kings,
            self.mover_men,
            self.mover_kings,
        )
    }

    /// Every material of exactly `pieces` pieces whose men fit `R`'s
    /// board, ordered by the number of men, then by the counts: the order
    /// a build follows (a move that is not a capture keeps the number of
    /// pieces and the number of men, or crowns a man, which makes one man
    /// fewer).
    pub fn all_of<R: Rules>(pieces: u32) -> Vec<Material> {
        let mut all = Vec::new();
        if pieces == 0 || pieces > MAX_DATABASE_PIECES {
            return all;
        }
        let max = pieces as u8;
        for a in 0..=max {
            for b in 0..=max - a {
                for c in 0..=max - a - b {
                    let d = max - a - b - c;
                    let material = Material::new(a, b, c, d);
                    if Indexer::new::<R>(material).is_some() {
                        all.push(material);
                    }
                }
            }
        }
        all.sort_by_key(|material| (material.men(), *material));
        all
    }

    /// A dense number for tables: each count below 16.
    pub(crate) fn code(self) -> usize {
        usize::from(self.mover_men) << 12
            | usize::from(self.mover_kings) << 8
            | usize::from(self.other_men) << 4
            | usize::from(self.other_kings)
    }
}

impl core::fmt::Display for Material {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{}-{}-{}-{}",
            self.mover_men, self.mover_kings, self.other_men, self.other_kings
        )
    }
}

/// A position seen from the side to move, which moves up the board as
/// White does: its pieces, the other side's and the kings of both, as sets
/// of dense square indices (bit `i` for dense index `i`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Normal {
    pub(crate) mover: u64,
    pub(crate) other: u64,
    pub(crate) kings: u64,
}

impl Normal {
    /// The material of this position.
    pub(crate) fn material(&self) -> Material {
        let count = |set: u64| set.count_ones() as u8;
        Material::new(
            count(self.mover & !self.kings),
            count(self.mover & self.kings),
            count(self.other & !self.kings),
            count(self.other & self.kings),
        )
    }

    /// The position after the side to move's turn: the other side to
    /// move, the board turned half a turn (dense index `i` becomes
    /// `squares - 1 - i`).
    pub(crate) fn turned(&self, squares: u32) -> Normal {
        let turn = |set: u64| set.reverse_bits() >> (64 - squares);
        Normal {
            mover: turn(self.other),
            other: turn(self.mover),
            kings: turn(self.kings),
        }
    }
}

/// Rank of `set` (a subset of `universe`) in the combinatorial number
/// system over the squares of `universe`.
#[inline]
fn subset_rank(set: u64, universe: u64) -> u64 {
    debug_assert_eq!(set & !universe, 0);
    let mut rank = 0;
    let mut rest = set;
    let mut i = 1;
    while rest != 0 {
        let square = rest.trailing_zeros();
        let below = universe & ((1u64 << square) - 1);
        rank += binomial(below.count_ones(), i);
        rest &= rest - 1;
        i += 1;
    }
    rank
}

/// The subset of `count` squares of `universe` whose rank is `rank`.
/// Precondition: `rank < C(|universe|, count)`.
#[inline]
fn subset_unrank(mut rank: u64, count: u32, universe: u64) -> u64 {
    let mut set = 0;
    let mut position = universe.count_ones();
    for i in (1..=count).rev() {
        // The largest position q < previous with C(q, i) <= rank.
        position -= 1;
        while binomial(position, i) > rank {
            position -= 1;
        }
        rank -= binomial(position, i);
        set |= select(universe, position);
    }
    debug_assert_eq!(rank, 0);
    set
}

/// The `n`-th (from 0) set bit of `set`, as a one-bit mask.
#[inline]
fn select(mut set: u64, n: u32) -> u64 {
    for _ in 0..n {
        set &= set - 1;
    }
    set & set.wrapping_neg()
}

/// The largest number of men of one side on one row (5 on 10x10 boards).
const MAX_ROW: usize = 5;

/// The perfect index of one material on one board: [`rank`](Self::rank)
/// and [`unrank`](Self::unrank) are inverse bijections between the
/// positions of the material and `0..count`.
#[derive(Clone, Debug)]
pub(crate) struct Indexer {
    material: Material,
    squares: u32,
    top_row: u64,
    middle: u64,
    bottom_row: u64,
    /// The first index of block `(k, j)`.
    offsets: [[u64; MAX_ROW + 1]; MAX_ROW + 1],
    /// The radices of block `(k, j)`, most significant first.
    radices: [[[u64; 6]; MAX_ROW + 1]; MAX_ROW + 1],
    /// The blocks that are not empty, in order: `(first index, k, j)`.
    blocks: Vec<(u64, u32, u32)>,
    count: u64,
}

impl Indexer {
    /// The index of `material` on `R`'s board, or `None` when the men do
    /// not fit (more men than their squares) or a count is over
    /// [`MAX_DATABASE_PIECES`] or the board holds no piece.
    pub(crate) fn new<R: Rules>(material: Material) -> Option<Indexer> {
        let size = R::SIZE as u32;
        let squares = size * size / 2;
        let row = size / 2;
        if material.pieces() == 0 || material.pieces() > MAX_DATABASE_PIECES {
            return None;
        }
        let all = (1u64 << squares) - 1;
        let top_row = (1u64 << row) - 1;
        let bottom_row = top_row << (squares - row);
        let middle = all & !top_row & !bottom_row;
        let mut indexer = Indexer {
            material,
            squares,
            top_row,
            middle,
            bottom_row,
            offsets: [[0; MAX_ROW + 1]; MAX_ROW + 1],
            radices: [[[0; 6]; MAX_ROW + 1]; MAX_ROW + 1],
            blocks: Vec::new(),
            count: 0,
        };
        let mut count = 0u64;
        let (a, c) = (u32::from(material.mover_men), u32::from(material.other_men));
        for k in 0..=row.min(a) {
            for j in 0..=row.min(c) {
                let radices = indexer.block_radices(k, j);
                let size: u64 = radices.iter().product();
                indexer.offsets[k as usize][j as usize] = count;
                indexer.radices[k as usize][j as usize] = radices;
                if size > 0 {
                    indexer.blocks.push((count, k, j));
                }
                count += size;
            }
        }
        if count == 0 {
            return None;
        }
        indexer.count = count;
        Some(indexer)
    }

    /// The radices of block `(k, j)`, most significant first.
    fn block_radices(&self, k: u32, j: u32) -> [u64; 6] {
        let m = self.material;
        let (a, b, c, d) = (
            u32::from(m.mover_men),
            u32::from(m.mover_kings),
            u32::from(m.other_men),
            u32::from(m.other_kings),
        );
        let row = self.top_row.count_ones();
        let middle = self.middle.count_ones();
        let mover_middle = a - k;
        let free_middle = middle.saturating_sub(mover_middle);
        let free = self.squares.saturating_sub(a + c);
        [
            binomial(row, k),
            binomial(middle, mover_middle),
            binomial(row, j),
            binomial(free_middle, c - j),
            binomial(free, b),
            binomial(free.saturating_sub(b), d),
        ]
    }

    /// How many positions the material has.
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// The material indexed.
    pub(crate) fn material(&self) -> Material {
        self.material
    }

    /// The index of `position`. Precondition: its material is this
    /// indexer's and no man stands on its crowning row.
    #[inline]
    pub(crate) fn rank(&self, position: &Normal) -> u64 {
        debug_assert_eq!(position.material(), self.material);
        let mover_men = position.mover & !position.kings;
        let other_men = position.other & !position.kings;
        let mover_kings = position.mover & position.kings;
        let other_kings = position.other & position.kings;
        let all = (1u64 << self.squares) - 1;
        let bottom = mover_men & self.bottom_row;
        let top = other_men & self.top_row;
        let (k, j) = (bottom.count_ones(), top.count_ones());
        let mover_middle = mover_men & self.middle;
        let men = mover_men | other_men;
        let ranks = [
            subset_rank(bottom, self.bottom_row),
            subset_rank(mover_middle, self.middle),
            subset_rank(top, self.top_row),
            subset_rank(other_men & self.middle, self.middle & !mover_middle),
            subset_rank(mover_kings, all & !men),
            subset_rank(other_kings, all & !men & !mover_kings),
        ];
        let radices = &self.radices[k as usize][j as usize];
        let mut index = 0;
        for (rank, &radix) in ranks.iter().zip(radices) {
            debug_assert!(*rank < radix);
            index = index * radix + rank;
        }
        self.offsets[k as usize][j as usize] + index
    }

    /// The position of index `index`. Precondition: `index < count()`.
    pub(crate) fn unrank(&self, index: u64) -> Normal {
        debug_assert!(index < self.count);
        let m = self.material;
        // The last block that starts at or before `index`.
        let block = self.blocks.partition_point(|&(first, _, _)| first <= index) - 1;
        let (_, k, j) = self.blocks[block];
        let mut rest = index - self.offsets[k as usize][j as usize];
        let radices = &self.radices[k as usize][j as usize];
        let mut ranks = [0u64; 6];
        for slot in (0..6).rev() {
            ranks[slot] = rest % radices[slot];
            rest /= radices[slot];
        }
        let all = (1u64 << self.squares) - 1;
        let bottom = subset_unrank(ranks[0], k, self.bottom_row);
        let mover_middle = subset_unrank(ranks[1], u32::from(m.mover_men) - k, self.middle);
        let top = subset_unrank(ranks[2], j, self.top_row);
        let other_middle = subset_unrank(
            ranks[3],
            u32::from(m.other_men) - j,
            self.middle & !mover_middle,
        );
        let men = bottom | mover_middle | top | other_middle;
        let mover_kings = subset_unrank(ranks[4], u32::from(m.mover_kings), all & !men);
        let other_kings = subset_unrank(
            ranks[5],
            u32::from(m.other_kings),
            all & !men & !mover_kings,
        );
        Normal {
            mover: bottom | mover_middle | mover_kings,
            other: top | other_middle | other_kings,
            kings: mover_kings | other_kings,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::{EnglishRules, InternationalRules};

    fn round_trip<R: Rules>(material: Material) {
        let indexer = Indexer::new::<R>(material).unwrap();
        for index in 0..indexer.count() {
            let position = indexer.unrank(index);
            assert_eq!(position.material(), material);
            assert_eq!(indexer.rank(&position), index, "{material} at {index}");
        }
    }

    #[test]
    fn rank_inverts_unrank() {
        round_trip::<EnglishRules>(Material::new(1, 0, 1, 0));
        round_trip::<EnglishRules>(Material::new(2, 0, 1, 1));
        round_trip::<EnglishRules>(Material::new(0, 1, 2, 0));
        round_trip::<InternationalRules>(Material::new(1, 1, 1, 0));
    }

    #[test]
    fn binomials_are_pascal() {
        assert_eq!(binomial(32, 3), 4960);
        assert_eq!(binomial(50, 25), 126_410_606_437_752);
        assert_eq!(binomial(3, 4), 0);
    }
}
