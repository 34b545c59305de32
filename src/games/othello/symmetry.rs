//! The 8 symmetries of the Othello board (the start position has 4 of
//! them, every other position may use all), for positions, squares and
//! moves, and the canonical form that lets tables and training data share
//! symmetric positions: [`Symmetry`], [`Othello::canonical`],
//! [`Othello::canonical_key`].

use super::{Move, Othello, Player, Square};
use crate::Game;

/// A symmetry of the square board: a rotation or a mirror. Named by where
/// it sends the squares; the diagram is drawn rank 1 at the top, file `a`
/// on the left.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Symmetry {
    /// Leaves everything where it is.
    Identity,
    /// A quarter turn: `a1` to `a8`, `a8` to `h8` (anticlockwise in the
    /// diagram).
    Rotate90,
    /// A half turn: `a1` to `h8`, `d3` to `e6`.
    Rotate180,
    /// Three quarter turns: `a1` to `h1`, `h1` to `h8`.
    Rotate270,
    /// Files mirrored: `a1` to `h1`, `d3` to `e3`.
    MirrorFiles,
    /// Ranks mirrored: `a1` to `a8`, `d3` to `d6`.
    MirrorRanks,
    /// The mirror in the `a1`-`h8` diagonal: `b1` to `a2`, `d3` to `c4`.
    MirrorDiagonal,
    /// The mirror in the `a8`-`h1` diagonal: `a1` to `h8`, `d3` to `f5`.
    MirrorAntiDiagonal,
}

/// The mirror of the board in its `a1`-`h8` diagonal: the bit of (column
/// `c`, row `r`) moves to (`r`, `c`). Three delta swaps.
const fn transposed(mut bits: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0F0F_0F0F_0000_0000;
    let mut swap = K4 & (bits ^ (bits << 28));
    bits ^= swap ^ (swap >> 28);
    swap = K2 & (bits ^ (bits << 14));
    bits ^= swap ^ (swap >> 14);
    swap = K1 & (bits ^ (bits << 7));
    bits ^= swap ^ (swap >> 7);
    bits
}

/// Ranks mirrored: row `r` to row `7 - r` (one byte per row).
const fn ranks_mirrored(bits: u64) -> u64 {
    bits.swap_bytes()
}

/// A half turn: bit `i` to bit `63 - i`.
const fn half_turned(bits: u64) -> u64 {
    bits.reverse_bits()
}

impl Symmetry {
    /// All 8, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorFiles,
        Symmetry::MirrorRanks,
        Symmetry::MirrorDiagonal,
        Symmetry::MirrorAntiDiagonal,
    ];

    /// The set of squares `bits` (one bit per square, [`Square::index`])
    /// under this symmetry.
    pub const fn bits(self, bits: u64) -> u64 {
        match self {
            Symmetry::Identity => bits,
            Symmetry::Rotate90 => ranks_mirrored(transposed(bits)),
            Symmetry::Rotate180 => half_turned(bits),
            Symmetry::Rotate270 => transposed(ranks_mirrored(bits)),
            Symmetry::MirrorFiles => half_turned(ranks_mirrored(bits)),
            Symmetry::MirrorRanks => ranks_mirrored(bits),
            Symmetry::MirrorDiagonal => transposed(bits),
            Symmetry::MirrorAntiDiagonal => half_turned(transposed(bits)),
        }
    }

    /// The symmetry that undoes this one.
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// `square` under this symmetry.
    pub const fn square(self, square: Square) -> Square {
        match Square::new(self.bits(square.bit()).trailing_zeros() as usize) {
            Some(image) => image,
            // Unreachable: a symmetry maps one square to one square.
            None => square,
        }
    }

    /// `mv` under this symmetry (a pass stays a pass).
    pub const fn mv(self, mv: Move) -> Move {
        match mv {
            Move::Place(square) => Move::Place(self.square(square)),
            Move::Pass => Move::Pass,
        }
    }

    /// `position` under this symmetry: every disc moved, the same player
    /// to move. Moves, outcome and perft carry over ([`Symmetry::mv`]).
    pub fn position(self, position: &Othello) -> Othello {
        let (black, white) = (position.discs(Player::Black), position.discs(Player::White));
        Othello::from_sides(self.bits(black), self.bits(white), position.to_move())
    }
}

impl Othello {
    /// The representative of this position's class under the 8
    /// symmetries: the image with the smallest (Black's discs, White's
    /// discs), as bitboards. Equal for symmetric positions.
    pub fn canonical(&self) -> Othello {
        self.canonical_with_symmetry().0
    }

    /// [`canonical`](Othello::canonical) and a symmetry that maps this
    /// position to it (map moves with [`Symmetry::mv`], back with its
    /// [`inverse`](Symmetry::inverse)).
    pub fn canonical_with_symmetry(&self) -> (Othello, Symmetry) {
        let order =
            |position: &Othello| (position.discs(Player::Black), position.discs(Player::White));
        let mut best = (*self, Symmetry::Identity);
        for symmetry in Symmetry::ALL {
            let image = symmetry.position(self);
            if order(&image) < order(&best.0) {
                best = (image, symmetry);
            }
        }
        best
    }

    /// The [`key`](Game::key) of [`canonical`](Othello::canonical): equal
    /// for the (up to) 8 symmetric positions.
    pub fn canonical_key(&self) -> u64 {
        self.canonical().key()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where each symmetry sends (column, row), written out.
    fn by_coordinates(symmetry: Symmetry, (c, r): (usize, usize)) -> (usize, usize) {
        match symmetry {
            Symmetry::Identity => (c, r),
            Symmetry::Rotate90 => (r, 7 - c),
            Symmetry::Rotate180 => (7 - c, 7 - r),
            Symmetry::Rotate270 => (7 - r, c),
            Symmetry::MirrorFiles => (7 - c, r),
            Symmetry::MirrorRanks => (c, 7 - r),
            Symmetry::MirrorDiagonal => (r, c),
            Symmetry::MirrorAntiDiagonal => (7 - r, 7 - c),
        }
    }

    #[test]
    fn each_symmetry_moves_squares_as_its_doc_says() {
        for symmetry in Symmetry::ALL {
            for square in Square::all() {
                let (c, r) = by_coordinates(symmetry, (square.column(), square.row()));
                assert_eq!(
                    symmetry.square(square),
                    Square::at(c, r).unwrap(),
                    "{symmetry:?}"
                );
                assert_eq!(symmetry.inverse().square(symmetry.square(square)), square);
            }
        }
        let a1 = Square::new(0).unwrap();
        assert_eq!(Symmetry::Rotate90.square(a1).to_string(), "a8");
        assert_eq!(Symmetry::Rotate270.square(a1).to_string(), "h1");
    }
}
