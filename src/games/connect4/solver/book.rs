//! [`Book`]: an opening book — exact scores of early positions, computed
//! once by the crate's own solver — stored as validated binary data.
//!
//! Format (all integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `RBC4BOOK` |
//! | 1 | format version, [`FORMAT_VERSION`] |
//! | 1 | depth: every entry has at most this many stones |
//! | 2 | zero |
//! | 4 | number of entries `n` |
//! | 8 × n | entries, strictly ascending: `key << 8 \| (score + 64)` |
//! | 8 | FNV-1a 64 checksum of every byte before it |
//!
//! A key is the solver's position key of the lexicographically smaller of a
//! position and its mirror image, so one entry serves both. Loading checks
//! everything (magic, version, exact length, checksum, order, that every key
//! is a real unfinished position within the depth with a score it can
//! have), so a damaged book is an error, never a wrong answer.

use super::super::bitboard::{has_four, BOTTOM_ROW, COLUMN_STRIDE};
use super::super::{Board, Connect4, CELLS, COLUMNS};
use super::position::Position;
use crate::Game;

/// The first bytes of a book.
const MAGIC: &[u8; 8] = b"RBC4BOOK";
/// The version of the format described in the module docs.
pub const FORMAT_VERSION: u8 = 1;
/// Bytes before the entries: magic, version, depth, padding, count.
const HEADER_LEN: usize = 16;
/// Bytes of one entry.
const ENTRY_LEN: usize = 8;
/// Bytes of the checksum.
const CHECKSUM_LEN: usize = 8;
/// Added to a score to store it in the low byte of an entry.
const SCORE_OFFSET: i32 = 64;
/// Bits of an entry below the key.
const SCORE_BITS: u32 = 8;
/// The deepest book accepted: a book is for the opening.
pub const MAX_BOOK_DEPTH: u32 = 20;

/// Why bytes are not a valid [`Book`], or why entries cannot make one.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BookError {
    /// The data does not start with the book magic.
    #[error("not a Connect Four book (wrong magic bytes)")]
    BadMagic,
    /// The format version is not one this crate reads.
    #[error("book format version {0} is not supported (expected {FORMAT_VERSION})")]
    UnsupportedVersion(u8),
    /// The depth is above [`MAX_BOOK_DEPTH`].
    #[error("book depth {0} is above the maximum {MAX_BOOK_DEPTH}")]
    DepthTooLarge(u32),
    /// The data is shorter or longer than its header says.
    #[error("book is {actual} bytes long, its header implies {expected}")]
    BadLength {
        /// The length the header implies.
        expected: usize,
        /// The length found.
        actual: usize,
    },
    /// The checksum does not match the data.
    #[error("book checksum mismatch: the data is corrupt")]
    BadChecksum,
    /// Entries are not in strictly ascending key order.
    #[error("book entry {0} is out of order or repeated")]
    Unsorted(usize),
    /// An entry's key is not a position the book can hold.
    #[error("book entry {0} is not an unfinished position within the book depth")]
    BadPosition(usize),
    /// An entry's score is impossible for its position.
    #[error("book entry {0} has a score its position cannot have")]
    BadScore(usize),
    /// Two entries for the same position disagree.
    #[error("two scores given for the same position (entry {0})")]
    Conflict(usize),
    /// The position of an entry given to [`Book::new`] is over.
    #[error("entry {0} is a finished game")]
    GameOver(usize),
}

/// An opening book: the exact score (see
/// [`Solver::score`](super::Solver::score)) of positions with at most
/// [`depth`](Book::depth) stones, mirror images sharing one entry.
///
/// Invariant: `entries` is strictly ascending, every entry valid as
/// [`Book::from_bytes`] checks.
///
/// ```
/// use rulebook::connect4::{Book, Connect4, Solver};
///
/// let book = Book::builtin()?; // the shipped book, validated as it loads
/// assert_eq!(book.depth(), 14);
/// // The empty board is a win for X (the first player).
/// assert!(book.score(&Connect4::new()).unwrap() > 0);
/// let _solver = Solver::with_table_bits(16)?.with_book(book); // answers from the book first
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Book {
    depth: u32,
    entries: Vec<u64>,
}

impl Book {
    /// A book from `(position, score)` pairs (mirror images and repeats
    /// merged) holding positions of at most `depth` stones.
    ///
    /// # Errors
    ///
    /// [`BookError::DepthTooLarge`]; [`BookError::GameOver`] for a finished
    /// game; [`BookError::BadPosition`] for a position deeper than `depth`;
    /// [`BookError::BadScore`] for an impossible score;
    /// [`BookError::Conflict`] if one position gets two scores.
    pub fn new(
        depth: u32,
        scores: impl IntoIterator<Item = (Connect4, i32)>,
    ) -> Result<Book, BookError> {
        if depth > MAX_BOOK_DEPTH {
            return Err(BookError::DepthTooLarge(depth));
        }
        let mut entries = Vec::new();
        for (index, (game, score)) in scores.into_iter().enumerate() {
            if game.outcome().is_some() {
                return Err(BookError::GameOver(index));
            }
            let pos = Position::from_game(&game);
            if pos.plies() > depth {
                return Err(BookError::BadPosition(index));
            }
            if !score_is_possible(score, pos.plies()) {
                return Err(BookError::BadScore(index));
            }
            let key = canonical_key(pos.key());
            entries.push((key, score, index));
        }
        entries.sort_unstable();
        let mut packed: Vec<u64> = Vec::with_capacity(entries.len());
        for pair in entries.windows(2) {
            if pair[0].0 == pair[1].0 && pair[0].1 != pair[1].1 {
                return Err(BookError::Conflict(pair[1].2));
            }
        }
        entries.dedup_by_key(|entry| entry.0);
        for (key, score, _) in entries {
            packed.push(pack(key, score));
        }
        Ok(Book {
            depth,
            entries: packed,
        })
    }

    /// Reads and validates a book in the format of the module docs.
    ///
    /// # Errors
    ///
    /// A [`BookError`] naming the first problem found; the data is never
    /// partly accepted.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER_LEN || &bytes[..MAGIC.len()] != MAGIC {
            return Err(BookError::BadMagic);
        }
        let version = bytes[8];
        if version != FORMAT_VERSION {
            return Err(BookError::UnsupportedVersion(version));
        }
        let depth = u32::from(bytes[9]);
        if depth > MAX_BOOK_DEPTH {
            return Err(BookError::DepthTooLarge(depth));
        }
        let count = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize;
        let expected = count
            .checked_mul(ENTRY_LEN)
            .and_then(|body| body.checked_add(HEADER_LEN + CHECKSUM_LEN))
            .unwrap_or(usize::MAX);
        if bytes.len() != expected || bytes[10] != 0 || bytes[11] != 0 {
            return Err(BookError::BadLength {
                expected,
                actual: bytes.len(),
            });
        }
        let (data, checksum) = bytes.split_at(bytes.len() - CHECKSUM_LEN);
        if fnv1a(data).to_le_bytes() != checksum {
            return Err(BookError::BadChecksum);
        }
        let mut entries = Vec::with_capacity(count);
        for (index, chunk) in data[HEADER_LEN..].chunks_exact(ENTRY_LEN).enumerate() {
            let mut word = [0; ENTRY_LEN];
            word.copy_from_slice(chunk);
            let entry = u64::from_le_bytes(word);
            if entries.last().is_some_and(|&last| last >= entry) {
                return Err(BookError::Unsorted(index));
            }
            let (key, score) = unpack(entry);
            let plies = plies_of_valid_key(key).ok_or(BookError::BadPosition(index))?;
            if plies > depth || canonical_key(key) != key {
                return Err(BookError::BadPosition(index));
            }
            if !score_is_possible(score, plies) {
                return Err(BookError::BadScore(index));
            }
            entries.push(entry);
        }
        Ok(Book { depth, entries })
    }

    /// The book in the format of the module docs
    /// ([`from_bytes`](Book::from_bytes) reads it back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER_LEN + self.entries.len() * ENTRY_LEN + 8);
        bytes.extend_from_slice(MAGIC);
        bytes.push(FORMAT_VERSION);
        // The depth is at most MAX_BOOK_DEPTH (invariant), so it fits.
        bytes.push(self.depth.min(MAX_BOOK_DEPTH) as u8);
        bytes.extend_from_slice(&[0, 0]);
        bytes.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for entry in &self.entries {
            bytes.extend_from_slice(&entry.to_le_bytes());
        }
        let checksum = fnv1a(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
    }

    /// The most stones of a position in the book.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of entries (a position and its mirror image count once).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry: one position of each mirror pair, with its score, in
    /// the book's order.
    pub fn entries(&self) -> impl Iterator<Item = (Connect4, i32)> + '_ {
        self.entries.iter().map(|&entry| {
            let (key, score) = unpack(entry);
            (game_of_key(key), score)
        })
    }

    /// The exact score of `game` for the side to move, if the book has it.
    pub fn score(&self, game: &Connect4) -> Option<i32> {
        if game.outcome().is_some() {
            return None;
        }
        let pos = Position::from_game(game);
        self.score_of_key(canonical_key(pos.key()), pos.plies())
    }

    /// The score stored for a canonical key of a position with `plies`
    /// stones.
    #[inline]
    pub(crate) fn score_of_key(&self, canonical: u64, plies: u32) -> Option<i32> {
        if plies > self.depth {
            return None;
        }
        let low = canonical << SCORE_BITS;
        let high = low | ((1 << SCORE_BITS) - 1);
        let at = self.entries.partition_point(|&entry| entry < low);
        self.entries
            .get(at)
            .filter(|&&entry| entry <= high)
            .map(|&entry| unpack(entry).1)
    }
}

/// The position of a valid key (see [`plies_of_valid_key`]).
fn game_of_key(key: u64) -> Connect4 {
    let (current, mask) = decode(key);
    let opponent = current ^ mask;
    // X moves when the stone count is even.
    let (x, o) = if mask.count_ones() % 2 == 0 {
        (current, opponent)
    } else {
        (opponent, current)
    };
    Connect4::from_board_unchecked(Board::from_stones(x, o))
}

/// The side to move's stones and all stones of a key whose column fields
/// are nonzero.
fn decode(key: u64) -> (u64, u64) {
    let field_mask = (1u64 << COLUMN_STRIDE) - 1;
    let (mut current, mut mask) = (0u64, 0u64);
    for column in 0..COLUMNS as u32 {
        let field = (key >> (column * COLUMN_STRIDE)) & field_mask;
        let height = 63 - field.leading_zeros().min(63);
        let stones = (1 << height) - 1;
        current |= (field & stones) << (column * COLUMN_STRIDE);
        mask |= stones << (column * COLUMN_STRIDE);
    }
    (current, mask)
}

/// The smaller of a key and its mirror image's key.
#[inline(always)]
pub(crate) fn canonical_key(key: u64) -> u64 {
    key.min(Position::mirror_key(key))
}

fn pack(key: u64, score: i32) -> u64 {
    key << SCORE_BITS | (score + SCORE_OFFSET) as u64
}

fn unpack(entry: u64) -> (u64, i32) {
    (
        entry >> SCORE_BITS,
        (entry & ((1 << SCORE_BITS) - 1)) as i32 - SCORE_OFFSET,
    )
}

/// Whether `score` is a possible score of an unfinished position with
/// `plies` stones: a win needs at least one more stone of the winner.
fn score_is_possible(score: i32, plies: u32) -> bool {
    let plies = plies as i32;
    let best = (CELLS as i32 + 1 - plies) / 2;
    let worst = -(CELLS as i32 - plies) / 2;
    (worst..=best).contains(&score)
}

/// The number of stones of the position a key encodes, if the key is that
/// of a real unfinished position: every column field has its marker bit at
/// height at most 6, the side to move has as many stones as the opponent
/// (or one fewer), and neither has four in a row.
fn plies_of_valid_key(key: u64) -> Option<u32> {
    let field_mask = (1u64 << COLUMN_STRIDE) - 1;
    if key >> (COLUMNS as u32 * COLUMN_STRIDE) != 0 {
        return None;
    }
    for column in 0..COLUMNS as u32 {
        if (key >> (column * COLUMN_STRIDE)) & field_mask == 0 {
            return None;
        }
    }
    let (current, mask) = decode(key);
    debug_assert_eq!(current + mask + BOTTOM_ROW, key);
    let plies = mask.count_ones();
    let opponent = current ^ mask;
    if current.count_ones() != plies / 2 || has_four(current) || has_four(opponent) {
        return None;
    }
    if plies as usize >= CELLS {
        return None;
    }
    Some(plies)
}

/// FNV-1a, 64-bit: a checksum that catches any damaged byte.
fn fnv1a(bytes: &[u8]) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes.iter().fold(OFFSET_BASIS, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(PRIME)
    })
}

/// The book shipped with the crate (see the README for how it is made).
const BUILTIN: &[u8] = include_bytes!("../../../../book/connect4.book");

impl Book {
    /// The opening book shipped with the crate, validated.
    ///
    /// # Errors
    ///
    /// A [`BookError`] if the shipped data is damaged (never expected).
    pub fn builtin() -> Result<Book, BookError> {
        Book::from_bytes(BUILTIN)
    }
}
