//! The core of the learned evaluations ([`LearnedEvaluation`](super::LearnedEvaluation)
//! and [`checkers::LearnedEvaluation`](crate::checkers::LearnedEvaluation)):
//! the board's features as a learned evaluation sees them, the weights'
//! binary format ([`PatternWeights`]), and the weighted sum.
//!
//! The features, in the manner of Scan's evaluation, seen from the side to
//! move (the board turned half a turn when the side to move starts at the
//! top, so that the mover's men always move up):
//! - **patterns**: the board is cut into overlapping 4x4 regions (corners on
//!   even rows and columns, so neighbours share two rows or two columns:
//!   9 regions on 8x8, 16 on 10x10); each region holds 8 dark squares,
//!   each empty, the mover's man or the opponent's man, 3^8 = 6561 states,
//!   one weight each (a king counts as empty here: kings have their own
//!   features);
//! - **king squares**: one weight per square for a king of the mover, one
//!   for a king of the opponent;
//! - **material**: the mover's men, the opponent's men, the mover's kings,
//!   the opponent's kings, each a count times a weight;
//! - **tempo**: one weight for having the move.
//!
//! Each feature has two weights, one for the opening (a full board) and one
//! for the ending (an empty board); a position's value mixes the two in
//! proportion to the pieces on the board. Values are in hundredths of a
//! man, like the hand-set evaluations', so the search's draw margins and
//! aspiration windows keep their meaning.

use core::fmt;

/// Dark squares in one pattern region (4 rows of 2).
pub(crate) const PATTERN_SQUARES: u32 = 8;
/// The states of one region: 3^[`PATTERN_SQUARES`].
pub(crate) const PATTERN_STATES: usize = 6561;
const _: () = assert!(3usize.pow(PATTERN_SQUARES) == PATTERN_STATES);
/// Features after the patterns and the king squares: own men, opponent's
/// men, own kings, opponent's kings (counts), and the tempo (always 1).
const SCALAR_FEATURES: usize = 5;
/// The last features (the mover's men, the opponent's men, the mover's
/// kings, the opponent's kings, one) with the other side to move.
const MIRRORED_SCALARS: [usize; SCALAR_FEATURES] = [1, 0, 3, 2, 4];
/// The game phases a weight is given for: the opening and the ending.
const PHASES: usize = 2;
/// The first bytes of a weights file: a magic number and the format's
/// version.
const MAGIC: [u8; 4] = *b"RBPW";
const VERSION: u8 = 1;
/// Header: magic, version, board size, regions, squares, flags, three
/// bytes kept zero.
const HEADER_BYTES: usize = 12;
/// Flag: the weights are a correction added to the hand-set evaluation.
const FLAG_ADDS_TO_HAND_SET: u8 = 1;

/// `TERNARY[b]`: the 8 bits of `b` read as base-3 digits (bit `k` is the
/// digit of `3^k`).
const TERNARY: [u16; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let mut value = 0;
        let mut power = 1;
        let mut k = 0;
        while k < 8 {
            if b & (1 << k) != 0 {
                value += power;
            }
            power *= 3;
            k += 1;
        }
        table[b] = value;
        b += 1;
    }
    table
};

/// The most regions of any board (10x10).
const MAX_REGIONS: usize = 16;
/// The most blocks of four rows that regions start on (10x10: rows 0, 2,
/// 4 and 6).
const MAX_BLOCKS: usize = 4;
/// The two lowest bits of each of four bytes.
const BYTE_PAIRS: u64 = 0x0303_0303;
/// Multiplying four 2-bit fields at bits 0, 8, 16 and 24 by this puts
/// them side by side at bits 18-25 with no carry (the other products land
/// on bits of their own, below 18 or above 25).
const GATHER_PAIRS: u64 = 1 | 1 << 6 | 1 << 12 | 1 << 18;
/// Where [`GATHER_PAIRS`] puts the gathered fields.
const GATHERED_AT: u32 = 18;

/// The geometry a learned evaluation needs for one board: its regions as
/// bit positions of the board's bitboards, and how to turn the board.
#[derive(Debug)]
pub(crate) struct Shape {
    /// Board side: 8 or 10.
    pub(crate) size: usize,
    /// Dark squares.
    pub(crate) squares: usize,
    /// Pieces at the start, both sides.
    pub(crate) all_pieces: i32,
    /// Regions in use.
    pub(crate) regions: usize,
    /// Per region, the bit of the left square of each of its four rows (the
    /// right square is the next bit).
    pub(crate) rows: [[u8; 4]; MAX_REGIONS],
    /// Blocks of four rows that regions start on (every second row).
    blocks: usize,
    /// Per block, the bit of the first dark square of each of its four
    /// rows: a row's dark squares are consecutive bits, left to right, so
    /// region `column` of the block (from the left) starts `column` bits
    /// further on every row.
    block_rows: [[u8; 4]; MAX_BLOCKS],
    /// The bit of each dark square, by dense index (0 = square 1).
    pub(crate) bit_of: [u8; 50],
    /// The dense index of each bit (ghost bits: 0, never asked).
    dense_of: [u8; 64],
    /// The highest bit in use: a half turn maps bit `b` to `top - b`.
    pub(crate) top: u32,
}

impl Shape {
    /// The shape of a `size` board (8 or 10) whose dense index `i` (row `i
    /// / (size / 2)`, the dark squares of a row left to right) is bit
    /// `bit_of(i)`, with `all_pieces` pieces at the start.
    pub(crate) const fn new(size: usize, bit_of: fn_table::BitOf, all_pieces: i32) -> Shape {
        let h = size / 2;
        let squares = size * h;
        let mut bits = [0u8; 50];
        let mut dense_of = [0u8; 64];
        let mut i = 0;
        while i < squares {
            bits[i] = fn_table::bit(bit_of, size, i);
            dense_of[bits[i] as usize] = i as u8;
            i += 1;
        }
        let mut row = 0;
        while row < size {
            let mut j = 1;
            while j < h {
                assert!(
                    bits[row * h + j] == bits[row * h] + j as u8,
                    "a row is consecutive bits"
                );
                j += 1;
            }
            row += 1;
        }
        let mut rows = [[0u8; 4]; MAX_REGIONS];
        let mut block_rows = [[0u8; 4]; MAX_BLOCKS];
        let mut regions = 0;
        let mut blocks = 0;
        let mut top = 0;
        while top + 4 <= size {
            let mut r = 0;
            while r < 4 {
                block_rows[blocks][r] = bits[(top + r) * h];
                r += 1;
            }
            blocks += 1;
            let mut left = 0;
            while left + 4 <= size {
                let mut r = 0;
                while r < 4 {
                    // On every row, the dark squares of columns left..left+4
                    // are dense squares left/2 and left/2 + 1 of the row.
                    rows[regions][r] = bits[(top + r) * h + left / 2];
                    r += 1;
                }
                regions += 1;
                left += 2;
            }
            top += 2;
        }
        Shape {
            size,
            squares,
            all_pieces,
            regions,
            rows,
            blocks,
            block_rows,
            bit_of: bits,
            dense_of,
            top: bits[squares - 1] as u32,
        }
    }

    /// Pattern features: one per state of each region.
    pub(crate) const fn pattern_features(&self) -> usize {
        self.regions * PATTERN_STATES
    }

    /// Features after the patterns (king squares, material, tempo).
    pub(crate) const fn scalar_features(&self) -> usize {
        2 * self.squares + SCALAR_FEATURES
    }

    /// All features.
    pub(crate) const fn features(&self) -> usize {
        self.pattern_features() + self.scalar_features()
    }

    /// The length of a weights file for this shape.
    pub(crate) const fn weights_bytes(&self) -> usize {
        HEADER_BYTES + PHASES * (self.pattern_features() + 2 * self.scalar_features())
    }

    /// `set` turned half a turn.
    #[inline]
    pub(crate) fn turn(&self, set: u64) -> u64 {
        set.reverse_bits() >> (63 - self.top)
    }

    /// The state index of region `region` with the mover's men `own` and
    /// the opponent's `opp` (oriented bitboards), square by square: the
    /// definition [`for_each_state`](Self::for_each_state) is checked
    /// against.
    #[cfg(test)]
    fn state(&self, region: usize, own: u64, opp: u64) -> usize {
        let rows = &self.rows[region];
        let gather = |set: u64| {
            ((set >> rows[0]) & 3
                | ((set >> rows[1]) & 3) << 2
                | ((set >> rows[2]) & 3) << 4
                | ((set >> rows[3]) & 3) << 6) as usize
        };
        TERNARY[gather(own)] as usize + 2 * TERNARY[gather(opp)] as usize
    }

    /// Calls `visit(region, state)` for every region, in order, with the
    /// mover's men `own` and the opponent's `opp` (oriented bitboards).
    ///
    /// A block's four rows are copied one row a byte; each region of the
    /// block is then two bits of every byte, gathered by one
    /// multiplication into the region's eight digits (row by row, left
    /// square first).
    #[inline]
    fn for_each_state(&self, own: u64, opp: u64, mut visit: impl FnMut(usize, usize)) {
        let row_mask = (1u64 << (self.size / 2)) - 1;
        let columns = self.size / 2 - 1;
        let mut region = 0;
        for rows in &self.block_rows[..self.blocks] {
            let bytes = |set: u64| {
                (set >> rows[0]) & row_mask
                    | ((set >> rows[1]) & row_mask) << 8
                    | ((set >> rows[2]) & row_mask) << 16
                    | ((set >> rows[3]) & row_mask) << 24
            };
            let (own_rows, opp_rows) = (bytes(own), bytes(opp));
            for column in 0..columns {
                let digits = |rows: u64| {
                    let pairs = (rows >> column) & BYTE_PAIRS;
                    TERNARY[(pairs.wrapping_mul(GATHER_PAIRS) >> GATHERED_AT) as usize & 0xFF]
                        as usize
                };
                visit(region, digits(own_rows) + 2 * digits(opp_rows));
                region += 1;
            }
        }
        debug_assert_eq!(region, self.regions);
    }

    /// The feature that `feature` becomes when the other side is to move
    /// on the same board: the board turned half a turn with the mover's
    /// and the opponent's pieces swapped. An involution: mirroring twice
    /// gives `feature` back.
    ///
    /// Precondition: `feature < self.features()`.
    pub(crate) fn mirror(&self, feature: usize) -> usize {
        debug_assert!(feature < self.features());
        let patterns = self.pattern_features();
        if feature < patterns {
            let (region, mut state) = (feature / PATTERN_STATES, feature % PATTERN_STATES);
            let bits = |region: usize| {
                let rows = &self.rows[region];
                core::array::from_fn::<u32, 8, _>(|k| rows[k / 2] as u32 + (k % 2) as u32)
            };
            // The regions are listed row block by row block, left to right
            // within a block, on a grid that a half turn maps onto itself
            // in reverse order; within a region it reverses the order of
            // the squares too (row by row, left square first).
            let image = self.regions - 1 - region;
            let (from, to) = (bits(region), bits(image));
            let mut mirrored = 0;
            for (digit_at, &bit) in from.iter().enumerate() {
                let turned_at = PATTERN_SQUARES as usize - 1 - digit_at;
                debug_assert_eq!(to[turned_at], self.top - bit);
                // Digit k of the region: 0 empty, 1 the mover's, 2 the
                // opponent's; after the swap the owners trade places.
                let digit = state % 3;
                state /= 3;
                mirrored += [0, 2, 1][digit] * 3usize.pow(turned_at as u32);
            }
            return image * PATTERN_STATES + mirrored;
        }
        let king_square = |dense: usize| self.dense(self.top - self.bit_of[dense] as u32);
        let scalar = feature - patterns;
        let squares = self.squares;
        if scalar < squares {
            patterns + squares + king_square(scalar)
        } else if scalar < 2 * squares {
            patterns + king_square(scalar - squares)
        } else {
            patterns + 2 * squares + MIRRORED_SCALARS[scalar - 2 * squares]
        }
    }

    /// The dense index of bit `bit`.
    #[inline]
    fn dense(&self, bit: u32) -> usize {
        let dense = self.dense_of[(bit & 63) as usize] as usize;
        debug_assert_eq!(self.bit_of[dense] as u32, bit, "bit {bit} is a square");
        dense
    }

    /// Calls `visit(feature, count)` for every feature present in the
    /// oriented board (the mover's men move toward row 0).
    #[inline]
    pub(crate) fn for_each_feature(&self, board: &Oriented, mut visit: impl FnMut(usize, i32)) {
        let own_men = board.own & !board.kings;
        let opp_men = board.opp & !board.kings;
        self.for_each_state(own_men, opp_men, |region, state| {
            visit(region * PATTERN_STATES + state, 1);
        });
        let base = self.pattern_features();
        self.for_each_scalar(board, |scalar, count| visit(base + scalar, count));
    }

    /// Calls `visit(scalar, count)` for every feature after the patterns
    /// present in the oriented board, `scalar` counted from the first of
    /// them: the mover's kings' squares, the opponent's, the mover's men,
    /// the opponent's men, the mover's kings, the opponent's kings (counts)
    /// and the tempo (1).
    #[inline]
    fn for_each_scalar(&self, board: &Oriented, mut visit: impl FnMut(usize, i32)) {
        let own_men = board.own & !board.kings;
        let opp_men = board.opp & !board.kings;
        let mut own_kings = board.own & board.kings;
        while own_kings != 0 {
            visit(self.dense(own_kings.trailing_zeros()), 1);
            own_kings &= own_kings - 1;
        }
        let mut opp_kings = board.opp & board.kings;
        while opp_kings != 0 {
            visit(self.squares + self.dense(opp_kings.trailing_zeros()), 1);
            opp_kings &= opp_kings - 1;
        }
        let counts = 2 * self.squares;
        let count = |set: u64| set.count_ones() as i32;
        visit(counts, count(own_men));
        visit(counts + 1, count(opp_men));
        visit(counts + 2, count(board.own & board.kings));
        visit(counts + 3, count(board.opp & board.kings));
        visit(counts + 4, 1);
    }
}

/// How a [`Shape`] learns each square's bit, in a `const fn`.
pub(crate) mod fn_table {
    /// The board's numbering of bits.
    #[derive(Clone, Copy)]
    pub(crate) enum BitOf {
        /// Bit `i` is dense square `i` (checkers).
        Dense,
        /// The draughts family's padded layout (a ghost bit after every
        /// second row).
        Padded,
    }

    /// The bit of dense index `i` on a `size` board.
    pub(crate) const fn bit(numbering: BitOf, size: usize, i: usize) -> u8 {
        match numbering {
            BitOf::Dense => i as u8,
            BitOf::Padded => crate::draughts::geometry::bit_of(size, i) as u8,
        }
    }
}

/// A board as the learned evaluation sees it: the mover's and the
/// opponent's pieces, turned so that the mover's men move up.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Oriented {
    pub(crate) own: u64,
    pub(crate) opp: u64,
    pub(crate) kings: u64,
}

/// Why bytes are not weights for a learned evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The bytes do not start with the format's magic number and version.
    NotWeights,
    /// The weights are for another board or another set of features.
    WrongShape {
        /// Board size, regions and squares the evaluation needs.
        expected: (u8, u8, u8),
        /// What the header says.
        found: (u8, u8, u8),
    },
    /// The length is not the one the header's shape needs.
    WrongLength {
        /// The length the shape needs.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// A weight given to the encoder does not fit its field (`i8` for
    /// patterns, `i16` for the other features).
    OutOfRange {
        /// The feature.
        feature: usize,
        /// Its weight.
        weight: i32,
    },
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::NotWeights => write!(f, "not a weights file (no RBPW header, version 1)"),
            WeightsError::WrongShape { expected, found } => write!(
                f,
                "weights for a {}x{} board with {} regions and {} squares, not {}x{} with {} and {}",
                found.0, found.0, found.1, found.2, expected.0, expected.0, expected.1, expected.2
            ),
            WeightsError::WrongLength { expected, found } => {
                write!(f, "weights of {found} bytes, not {expected}")
            }
            WeightsError::OutOfRange { feature, weight } => {
                write!(f, "feature {feature}: weight {weight} does not fit its field")
            }
        }
    }
}

impl std::error::Error for WeightsError {}

/// Checked weights for one [`Shape`]: the bytes of a weights file.
///
/// The format (all integers little-endian): `RBPW`, version 1, board
/// size, regions, squares, flags (1: the weights are a correction added
/// to the hand-set evaluation), three zero bytes; then for the opening and then the ending one
/// `i8` per pattern feature; then for the opening and then the ending one
/// `i16` per other feature (king squares, material, tempo), in the order
/// of [`Shape::for_each_feature`]. Weights are hundredths of a man.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PatternWeights {
    bytes: &'static [u8],
    shape: &'static Shape,
}

impl PatternWeights {
    /// The header of weights for `shape`.
    fn header(shape: &Shape, adds_to_hand_set: bool) -> [u8; HEADER_BYTES] {
        [
            MAGIC[0],
            MAGIC[1],
            MAGIC[2],
            MAGIC[3],
            VERSION,
            shape.size as u8,
            shape.regions as u8,
            shape.squares as u8,
            if adds_to_hand_set {
                FLAG_ADDS_TO_HAND_SET
            } else {
                0
            },
            0,
            0,
            0,
        ]
    }

    /// Whether the weights are a correction to add to the hand-set
    /// evaluation (the header's flag), rather than a whole evaluation.
    pub(crate) fn adds_to_hand_set(&self) -> bool {
        self.bytes[8] & FLAG_ADDS_TO_HAND_SET != 0
    }

    /// `bytes` checked against `shape`.
    pub(crate) fn new(
        bytes: &'static [u8],
        shape: &'static Shape,
    ) -> Result<PatternWeights, WeightsError> {
        let header = Self::header(shape, false);
        if bytes.len() < HEADER_BYTES || bytes[..5] != header[..5] {
            return Err(WeightsError::NotWeights);
        }
        if bytes[5..8] != header[5..8] {
            return Err(WeightsError::WrongShape {
                expected: (header[5], header[6], header[7]),
                found: (bytes[5], bytes[6], bytes[7]),
            });
        }
        if bytes.len() != shape.weights_bytes() {
            return Err(WeightsError::WrongLength {
                expected: shape.weights_bytes(),
                found: bytes.len(),
            });
        }
        Ok(PatternWeights { bytes, shape })
    }

    /// The weights file of `shape` holding `opening` and `ending` (one
    /// weight per feature each, hundredths of a man), a correction to add
    /// to the hand-set evaluation when `adds_to_hand_set`.
    ///
    /// # Errors
    ///
    /// [`WeightsError::WrongLength`] when a list does not have one weight
    /// per feature; [`WeightsError::OutOfRange`] when a pattern weight is
    /// not an `i8` or another weight not an `i16`.
    pub(crate) fn encode(
        shape: &Shape,
        opening: &[i32],
        ending: &[i32],
        adds_to_hand_set: bool,
    ) -> Result<Vec<u8>, WeightsError> {
        for list in [opening, ending] {
            if list.len() != shape.features() {
                return Err(WeightsError::WrongLength {
                    expected: shape.features(),
                    found: list.len(),
                });
            }
        }
        let mut bytes = Self::header(shape, adds_to_hand_set).to_vec();
        let patterns = shape.pattern_features();
        for list in [opening, ending] {
            for (feature, &weight) in list[..patterns].iter().enumerate() {
                let byte = i8::try_from(weight)
                    .map_err(|_| WeightsError::OutOfRange { feature, weight })?;
                bytes.push(byte as u8);
            }
        }
        for list in [opening, ending] {
            for (feature, &weight) in list.iter().enumerate().skip(patterns) {
                let word = i16::try_from(weight)
                    .map_err(|_| WeightsError::OutOfRange { feature, weight })?;
                bytes.extend_from_slice(&word.to_le_bytes());
            }
        }
        debug_assert_eq!(bytes.len(), shape.weights_bytes());
        Ok(bytes)
    }

    /// The weight of `feature` in phase `phase` (0 opening, 1 ending).
    #[cfg(test)]
    fn weight(&self, phase: usize, feature: usize) -> i32 {
        let patterns = self.shape.pattern_features();
        if feature < patterns {
            self.bytes[HEADER_BYTES + phase * patterns + feature] as i8 as i32
        } else {
            let scalar = phase * self.shape.scalar_features() + feature - patterns;
            let at = HEADER_BYTES + PHASES * patterns + 2 * scalar;
            i16::from_le_bytes([self.bytes[at], self.bytes[at + 1]]) as i32
        }
    }

    /// The value of `board` for the mover, in hundredths of a man: the
    /// opening and ending sums mixed by the pieces on the board.
    ///
    /// The sum of [`Shape::for_each_feature`]'s features weighed by
    /// [`weight`](Self::weight) (`by_features` in the tests), read here
    /// straight from the weights' tables: this is the search's hot path.
    #[inline]
    pub(crate) fn evaluate(&self, board: &Oriented) -> i32 {
        let shape = self.shape;
        let patterns = shape.pattern_features();
        let scalars = shape.scalar_features();
        let (pattern_bytes, scalar_bytes) = self.bytes[HEADER_BYTES..].split_at(PHASES * patterns);
        let (opening_patterns, ending_patterns) = pattern_bytes.split_at(patterns);
        let (opening_scalars, ending_scalars) = scalar_bytes.split_at(2 * scalars);
        let word = |table: &[u8], scalar: usize| {
            i16::from_le_bytes([table[2 * scalar], table[2 * scalar + 1]]) as i32
        };
        let mut opening = 0;
        let mut ending = 0;
        shape.for_each_scalar(board, |scalar, count| {
            opening += count * word(opening_scalars, scalar);
            ending += count * word(ending_scalars, scalar);
        });
        let own_men = board.own & !board.kings;
        let opp_men = board.opp & !board.kings;
        shape.for_each_state(own_men, opp_men, |region, state| {
            let at = region * PATTERN_STATES + state;
            opening += opening_patterns[at] as i8 as i32;
            ending += ending_patterns[at] as i8 as i32;
        });
        let all = shape.all_pieces;
        let pieces = ((board.own | board.opp).count_ones() as i32).min(all);
        (opening * pieces + ending * (all - pieces)) / all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ternary_reads_bits_as_digits() {
        assert_eq!(TERNARY[0], 0);
        assert_eq!(TERNARY[1], 1);
        assert_eq!(TERNARY[0b10], 3);
        assert_eq!(TERNARY[255] as usize, (PATTERN_STATES - 1) / 2);
    }

    /// The shapes of checkers' and the draughts family's boards.
    fn every_shape() -> [Shape; 3] {
        [
            Shape::new(8, fn_table::BitOf::Dense, 24),
            Shape::new(8, fn_table::BitOf::Padded, 24),
            Shape::new(10, fn_table::BitOf::Padded, 40),
        ]
    }

    /// The bits of every dark square of `shape`.
    fn every_square(shape: &Shape) -> u64 {
        shape.bit_of[..shape.squares]
            .iter()
            .fold(0u64, |set, &bit| set | 1 << bit)
    }

    /// A fixed pseudo-random stream (xorshift), never zero.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// 500 fixed pseudo-random boards of `shape`, kings among them.
    fn random_boards(shape: &Shape) -> Vec<Oriented> {
        let all = every_square(shape);
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = move || next() & all;
        (0..500)
            .map(|_| {
                let (a, b, k) = (next(), next(), next());
                Oriented {
                    own: a & !b,
                    opp: b & !a,
                    kings: k & (a ^ b),
                }
            })
            .collect()
    }

    /// The value of `board` by the definition: every feature's count times
    /// its weight, the two phases mixed by the pieces on the board.
    fn by_features(weights: &PatternWeights, board: &Oriented) -> i32 {
        let (mut opening, mut ending) = (0, 0);
        weights.shape.for_each_feature(board, |feature, count| {
            opening += count * weights.weight(0, feature);
            ending += count * weights.weight(1, feature);
        });
        let all = weights.shape.all_pieces;
        let pieces = ((board.own | board.opp).count_ones() as i32).min(all);
        (opening * pieces + ending * (all - pieces)) / all
    }

    /// The hot path's sum is the definition's, on random weights (every
    /// field's whole range) and random boards of every shape.
    #[test]
    fn evaluate_weighs_every_feature() {
        for shape in every_shape() {
            let shape: &'static Shape = Box::leak(Box::new(shape));
            let mut next = xorshift(0x2545_F491_4F6C_DD1D);
            let patterns = shape.pattern_features();
            let mut weights = || -> Vec<i32> {
                (0..shape.features())
                    .map(|feature| {
                        let word = next() as u16 as i16;
                        if feature < patterns {
                            i32::from(word as i8)
                        } else {
                            i32::from(word)
                        }
                    })
                    .collect()
            };
            let (opening, ending) = (weights(), weights());
            let bytes = PatternWeights::encode(shape, &opening, &ending, false).unwrap();
            let weights = PatternWeights::new(Box::leak(bytes.into_boxed_slice()), shape).unwrap();
            for board in random_boards(shape) {
                assert_eq!(
                    weights.evaluate(&board),
                    by_features(&weights, &board),
                    "{}",
                    shape.size
                );
            }
        }
    }

    /// The states gathered a block at a time are the regions' digits read
    /// square by square.
    #[test]
    fn states_are_the_regions_digits() {
        for shape in every_shape() {
            for board in random_boards(&shape) {
                let (own, opp) = (board.own & !board.kings, board.opp & !board.kings);
                let mut regions = 0;
                shape.for_each_state(own, opp, |region, state| {
                    assert_eq!(region, regions);
                    assert_eq!(state, shape.state(region, own, opp), "{}", shape.size);
                    regions += 1;
                });
                assert_eq!(regions, shape.regions);
            }
        }
    }

    #[test]
    fn regions_cover_every_square() {
        for shape in every_shape() {
            let mut covered = 0u64;
            for region in 0..shape.regions {
                for &bit in &shape.rows[region] {
                    covered |= 3 << bit;
                }
            }
            let all = every_square(&shape);
            assert_eq!(covered, all, "{}", shape.size);
            // A half turn maps the squares onto themselves.
            assert_eq!(shape.turn(all), all);
        }
    }

    /// The features of a board with the other side to move are the
    /// mirrors of its features, and mirroring twice changes nothing.
    #[test]
    fn mirror_is_the_other_side_to_move() {
        for shape in every_shape() {
            for feature in 0..shape.features() {
                assert_eq!(shape.mirror(shape.mirror(feature)), feature);
            }
            for board in random_boards(&shape) {
                let other = Oriented {
                    own: shape.turn(board.opp),
                    opp: shape.turn(board.own),
                    kings: shape.turn(board.kings),
                };
                let features = |board: &Oriented| {
                    let mut list = Vec::new();
                    shape.for_each_feature(board, |feature, count| list.push((feature, count)));
                    list.sort_unstable();
                    list
                };
                let mut mirrored: Vec<_> = features(&board)
                    .into_iter()
                    .map(|(feature, count)| (shape.mirror(feature), count))
                    .collect();
                mirrored.sort_unstable();
                assert_eq!(mirrored, features(&other), "{}", shape.size);
            }
        }
    }
}
