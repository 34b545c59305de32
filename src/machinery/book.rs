//! Opening books: [`OpeningBook`], the positions of the first plies of real
//! games with how often each was reached and how it scored, for an
//! [`Engine`](crate::search::Engine) to play a move from
//! ([`Engine::with_book`](crate::search::Engine::with_book)) before it
//! searches; [`BookBuilder`] makes one from played games (records read
//! with [`pdn`](crate::pdn), or self-play).
//!
//! A book works for any [`Game`]: it stores positions by their
//! [`key`](Game::key), never moves, so a move is in book when the position
//! it leads to is, whatever the order of the moves that reached it
//! (transpositions count together).
//!
//! # Choosing a move
//!
//! In a position, [`OpeningBook::moves`] lists the legal moves whose
//! resulting position the book holds with at least its
//! [`min_games`](OpeningBook::min_games) games (the build's limit), each
//! with its games and the points the mover scored in them.
//! [`OpeningBook::choose`] picks one at random, seeded, with weight
//! `games × (s / best)^16`, where `s = (points + 1) / (games + 2)` is the
//! mover's score share (a point a win, half a draw), smoothed so that few
//! games do not decide alone, and `best` the highest `s` among the moves.
//! The best-scoring moves are played, the popular ones among them most: a
//! move 0.05 below the best (0.45 against 0.50) weighs a fifth as much at
//! equal games, one 0.10 below about a thirtieth. Positions beyond the build's
//! ply limit are not in the book, so the engine searches from there on.
//!
//! ```
//! use rulebook::book::{BookBuilder, OpeningBook};
//! use rulebook::checkers::Checkers;
//! use rulebook::{Game, Outcome, SplitMix64};
//!
//! // Two games that open 11-15, one that opens 9-13; Red won the first.
//! let mut builder = BookBuilder::<Checkers>::new(4);
//! for (opening, outcome) in [("11-15", Some(Outcome::Win(Checkers::default().to_move()))),
//!                            ("11-15", Some(Outcome::Draw)), ("9-13", Some(Outcome::Draw))] {
//!     let start = Checkers::default();
//!     let after = start.after(start.parse_move(opening).unwrap()).unwrap();
//!     builder.add_game(&[start, after], outcome);
//! }
//! let book = builder.build(2);
//! assert_eq!(book.len(), 2); // the start and the position after 11-15
//! let moves = book.moves(&Checkers::default());
//! assert_eq!(moves.len(), 1);
//! assert_eq!((moves[0].games, moves[0].points), (2, 3)); // 1.5 points, in half points
//!
//! // The bytes read back, for this game only.
//! let read = OpeningBook::<Checkers>::from_bytes(&book.to_bytes()).unwrap();
//! assert_eq!(read, book);
//! let mut rng = SplitMix64::new(7);
//! assert_eq!(read.choose(&Checkers::default(), &mut rng), Some(moves[0].mv));
//! ```

use std::collections::HashMap;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use crate::{mix64, Game, Outcome, SplitMix64};

/// The first bytes of a book file, with its format version.
const MAGIC: [u8; 8] = *b"RBBOOK\x00\x01";
/// The header: magic, game check, min games, max plies, games, entries.
const HEADER_BYTES: usize = 8 + 8 + 4 + 4 + 4 + 4;
/// One entry: key, games, points.
const ENTRY_BYTES: usize = 8 + 4 + 4;
/// The checksum at the end.
const CHECKSUM_BYTES: usize = 8;
/// How sharply [`OpeningBook::choose`] prefers the best-scoring moves: the
/// score ratio to the best is raised to the power 2^this (16).
const SHARPNESS_SQUARINGS: u32 = 4;

/// Why bytes are not an opening book of the game asked for. A book is
/// read whole or refused: never in part, never with a panic.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BookError {
    /// Reading the file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The bytes do not start as a book of this format version.
    #[error("not an opening book of this format (the file starts with other bytes)")]
    NotABook,
    /// The size disagrees with the entry count of the header (cut short,
    /// or with bytes after the end).
    #[error("the book should be {expected} bytes for its entries, but it is {found}")]
    WrongLength {
        /// The size the header announces.
        expected: usize,
        /// The size read.
        found: usize,
    },
    /// The checksum disagrees with the contents (a damaged file).
    #[error("the book's checksum does not match its contents (a damaged file)")]
    Checksum,
    /// The book was built for another game (or by a version of the crate
    /// whose position keys differ).
    #[error("the book is for another game: its start position key is {found:#x}, this game's is {expected:#x}")]
    WrongGame {
        /// The key of this game's start position.
        expected: u64,
        /// The key the book holds.
        found: u64,
    },
    /// An entry breaks the format's rules (keys not strictly increasing,
    /// more points than two a game, fewer games than the book's minimum).
    #[error("entry {index} is malformed: {reason}")]
    BadEntry {
        /// The entry's index.
        index: usize,
        /// What is wrong.
        reason: &'static str,
    },
}

/// A position of the book: its key, the games that reached it, and the
/// half points the player to move in it scored in them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Entry {
    key: u64,
    games: u32,
    points: u32,
}

/// An opening book of game `G`: positions of the first plies of played
/// games (by [`key`](Game::key)), each with the number of games that
/// reached it and how they scored. See the [module](self) for how a move
/// is chosen.
///
/// Built by [`BookBuilder`], written by [`to_bytes`](OpeningBook::to_bytes)
/// and read back by [`from_bytes`](OpeningBook::from_bytes) or
/// [`open`](OpeningBook::open), which refuse a damaged file or one of
/// another game with a [`BookError`].
pub struct OpeningBook<G: Game> {
    /// Sorted by key, keys distinct.
    entries: Box<[Entry]>,
    min_games: u32,
    max_plies: u32,
    games: u32,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> Clone for OpeningBook<G> {
    fn clone(&self) -> Self {
        OpeningBook {
            entries: self.entries.clone(),
            min_games: self.min_games,
            max_plies: self.max_plies,
            games: self.games,
            game: PhantomData,
        }
    }
}

impl<G: Game> PartialEq for OpeningBook<G> {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
            && self.min_games == other.min_games
            && self.max_plies == other.max_plies
            && self.games == other.games
    }
}

impl<G: Game> Eq for OpeningBook<G> {}

impl<G: Game> core::fmt::Debug for OpeningBook<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("OpeningBook")
            .field("positions", &self.entries.len())
            .field("min_games", &self.min_games)
            .field("max_plies", &self.max_plies)
            .field("games", &self.games)
            .finish()
    }
}

/// A move of the book in a position: the move, and the games that reached
/// the position it leads to and the mover's half points in them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookMove<M> {
    /// The move.
    pub mv: M,
    /// Games that reached the position after the move.
    pub games: u32,
    /// The mover's points in them, in half points (2 a win, 1 a draw).
    pub points: u32,
}

impl<M> BookMove<M> {
    /// The mover's score share in `0..=1` (a point a win, half a draw).
    pub fn score(&self) -> f64 {
        f64::from(self.points) / (2.0 * f64::from(self.games.max(1)))
    }

    /// The mover's score share smoothed by a win and a loss:
    /// `(points + 1) / (games + 2)` in points.
    fn smoothed_score(&self) -> f64 {
        (f64::from(self.points) + 2.0) / (2.0 * f64::from(self.games) + 4.0)
    }

    /// The weight [`OpeningBook::choose`] gives the move when the best
    /// smoothed score among the position's book moves is `best`:
    /// `games × (s / best)^SHARPNESS` (see the [module](self)). Plain
    /// multiplications, so the same on every platform.
    fn weight(&self, best: f64) -> f64 {
        let mut ratio = self.smoothed_score() / best;
        for _ in 0..SHARPNESS_SQUARINGS {
            ratio *= ratio;
        }
        f64::from(self.games) * ratio
    }
}

impl<G: Game> OpeningBook<G> {
    /// The key that ties a book to its game: the key of the standard
    /// start position.
    fn game_check() -> u64 {
        G::default().key()
    }

    /// The number of positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The fewest games a position of the book was reached in (the build's
    /// limit).
    pub fn min_games(&self) -> u32 {
        self.min_games
    }

    /// The deepest ply of the games the book took positions from (the
    /// build's limit).
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// How many games the book was built from.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The games that reached `position` and the half points the player
    /// to move in it scored, when the book holds it.
    pub fn stats(&self, position: &G) -> Option<(u32, u32)> {
        self.entry(position.key()).map(|e| (e.games, e.points))
    }

    fn entry(&self, key: u64) -> Option<&Entry> {
        self.entries
            .binary_search_by_key(&key, |e| e.key)
            .ok()
            .map(|i| &self.entries[i])
    }

    /// The legal moves of `position` whose resulting position the book
    /// holds, in the order of [`Game::legal_moves`], with their games and
    /// the mover's points. Empty when `position` itself is not in the book
    /// (it is then out of book, even if a position after it is in).
    pub fn moves(&self, position: &G) -> Vec<BookMove<G::Move>> {
        if self.entry(position.key()).is_none() {
            return Vec::new();
        }
        let mover = position.to_move();
        let mut found = Vec::new();
        for mv in position.legal_moves() {
            let mut next = position.clone();
            if next.apply(mv).is_err() {
                continue;
            }
            if let Some(entry) = self.entry(next.key()) {
                // The entry counts points for the player to move there.
                let points = if next.to_move() == mover {
                    entry.points
                } else {
                    entry.games.saturating_mul(2).saturating_sub(entry.points)
                };
                found.push(BookMove {
                    mv,
                    games: entry.games,
                    points,
                });
            }
        }
        found
    }

    /// A move of the book in `position`, drawn with `rng` with weight
    /// `games × (s / best)^16` (see the [module](self)); `None` when the
    /// position is out of book.
    pub fn choose(&self, position: &G, rng: &mut SplitMix64) -> Option<G::Move> {
        let moves = self.moves(position);
        let best = moves
            .iter()
            .map(BookMove::smoothed_score)
            .fold(0.0, f64::max);
        let total: f64 = moves.iter().map(|m| m.weight(best)).sum();
        if moves.is_empty() || total <= 0.0 {
            return None;
        }
        // 53 random bits as a fraction of the total weight.
        let mut ticket = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for candidate in &moves {
            let weight = candidate.weight(best);
            if ticket < weight {
                return Some(candidate.mv);
            }
            ticket -= weight;
        }
        moves.last().map(|m| m.mv)
    }

    /// The book as bytes (little-endian): a header (format, the key of the
    /// game's start position, the limits, the game and entry counts), the
    /// entries by increasing key (key, games, points: 16 bytes each) and a
    /// checksum. [`from_bytes`](OpeningBook::from_bytes) reads them back.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes =
            Vec::with_capacity(HEADER_BYTES + ENTRY_BYTES * self.entries.len() + CHECKSUM_BYTES);
        bytes.extend_from_slice(&MAGIC);
        bytes.extend_from_slice(&Self::game_check().to_le_bytes());
        bytes.extend_from_slice(&self.min_games.to_le_bytes());
        bytes.extend_from_slice(&self.max_plies.to_le_bytes());
        bytes.extend_from_slice(&self.games.to_le_bytes());
        // `build` keeps at most one entry per game position reached, and a
        // book read back was checked: the count fits.
        let count = u32::try_from(self.entries.len()).unwrap_or(u32::MAX);
        bytes.extend_from_slice(&count.to_le_bytes());
        for entry in self.entries.iter() {
            bytes.extend_from_slice(&entry.key.to_le_bytes());
            bytes.extend_from_slice(&entry.games.to_le_bytes());
            bytes.extend_from_slice(&entry.points.to_le_bytes());
        }
        let checksum = checksum(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
    }

    /// The book `bytes` hold (as [`to_bytes`](OpeningBook::to_bytes)
    /// writes them).
    ///
    /// # Errors
    ///
    /// [`BookError`] when the bytes are not a whole, intact book of game
    /// `G`: another format, a wrong length, a checksum that disagrees, a
    /// book of another game, or a malformed entry.
    pub fn from_bytes(bytes: &[u8]) -> Result<OpeningBook<G>, BookError> {
        if bytes.len() < HEADER_BYTES || bytes[..8] != MAGIC {
            return Err(BookError::NotABook);
        }
        let u32_at = |at: usize| {
            let mut word = [0; 4];
            word.copy_from_slice(&bytes[at..at + 4]);
            u32::from_le_bytes(word)
        };
        let u64_at = |at: usize| {
            let mut word = [0; 8];
            word.copy_from_slice(&bytes[at..at + 8]);
            u64::from_le_bytes(word)
        };
        let count = u32_at(28) as usize;
        let expected = count
            .checked_mul(ENTRY_BYTES)
            .and_then(|n| n.checked_add(HEADER_BYTES + CHECKSUM_BYTES))
            .unwrap_or(usize::MAX);
        if bytes.len() != expected {
            return Err(BookError::WrongLength {
                expected,
                found: bytes.len(),
            });
        }
        let body = bytes.len() - CHECKSUM_BYTES;
        if checksum(&bytes[..body]) != u64_at(body) {
            return Err(BookError::Checksum);
        }
        let found = u64_at(8);
        if found != Self::game_check() {
            return Err(BookError::WrongGame {
                expected: Self::game_check(),
                found,
            });
        }
        let min_games = u32_at(16);
        let mut entries = Vec::with_capacity(count);
        for index in 0..count {
            let at = HEADER_BYTES + index * ENTRY_BYTES;
            let entry = Entry {
                key: u64_at(at),
                games: u32_at(at + 8),
                points: u32_at(at + 12),
            };
            let bad = |reason| BookError::BadEntry { index, reason };
            if entries
                .last()
                .is_some_and(|last: &Entry| last.key >= entry.key)
            {
                return Err(bad("keys are not in increasing order"));
            }
            if entry.games == 0 || entry.games < min_games {
                return Err(bad("fewer games than the book's minimum"));
            }
            if u64::from(entry.points) > 2 * u64::from(entry.games) {
                return Err(bad("more points than two a game"));
            }
            entries.push(entry);
        }
        Ok(OpeningBook {
            entries: entries.into_boxed_slice(),
            min_games,
            max_plies: u32_at(20),
            games: u32_at(24),
            game: PhantomData,
        })
    }

    /// The book in file `path`.
    ///
    /// # Errors
    ///
    /// [`BookError::Io`] when the file cannot be read, and the errors of
    /// [`from_bytes`](OpeningBook::from_bytes).
    pub fn open(path: impl AsRef<Path>) -> Result<OpeningBook<G>, BookError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| BookError::Io {
            path: path.to_owned(),
            source,
        })?;
        Self::from_bytes(&bytes)
    }
}

/// The checksum of a book's bytes: every 8-byte word (the last padded
/// with zeros) folded in and mixed.
fn checksum(bytes: &[u8]) -> u64 {
    let mut state = bytes.len() as u64;
    for chunk in bytes.chunks(8) {
        let mut word = [0; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        state = mix64(state ^ u64::from_le_bytes(word));
    }
    state
}

/// Makes an [`OpeningBook`] of game `G` from played games: each game's
/// positions up to a ply limit, counted once a game, with the game's
/// result.
#[derive(Clone, Debug)]
pub struct BookBuilder<G: Game> {
    max_plies: u32,
    /// Games and half points of the player to move, by position key.
    counts: HashMap<u64, (u32, u32)>,
    games: u32,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> BookBuilder<G> {
    /// A builder that takes each game's positions up to ply `max_plies`
    /// (the start is ply 0).
    pub fn new(max_plies: u32) -> BookBuilder<G> {
        BookBuilder {
            max_plies,
            counts: HashMap::new(),
            games: 0,
            game: PhantomData,
        }
    }

    /// How many games were added.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Adds a game: its `positions` from the start (as
    /// [`Match::positions`](crate::Match::positions) lists them) and its
    /// `outcome`. A game without an outcome (unfinished, or a result
    /// nobody wrote) says nothing of how its moves score, and is left
    /// out; so is a game that does not start from the standard start
    /// position ([`Default`]), whose positions a player from the start
    /// would not meet in the same order. Returns whether the game was
    /// added.
    pub fn add_game(&mut self, positions: &[G], outcome: Option<Outcome<G::Player>>) -> bool {
        let (Some(outcome), Some(start)) = (outcome, positions.first()) else {
            return false;
        };
        if *start != G::default() {
            return false;
        }
        self.games = self.games.saturating_add(1);
        let plies = (self.max_plies as usize).saturating_add(1);
        let mut seen = Vec::with_capacity(plies.min(positions.len()));
        for position in positions.iter().take(plies) {
            let key = position.key();
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let points = match outcome {
                Outcome::Draw => 1,
                Outcome::Win(winner) if winner == position.to_move() => 2,
                Outcome::Win(_) => 0,
            };
            let count = self.counts.entry(key).or_insert((0, 0));
            count.0 = count.0.saturating_add(1);
            count.1 = count.1.saturating_add(points);
        }
        true
    }

    /// The book of the positions reached in at least `min_games` of the
    /// games added (at least 1).
    pub fn build(&self, min_games: u32) -> OpeningBook<G> {
        let min_games = min_games.max(1);
        let mut entries: Vec<Entry> = self
            .counts
            .iter()
            .filter(|(_, &(games, _))| games >= min_games)
            .map(|(&key, &(games, points))| Entry { key, games, points })
            .collect();
        entries.sort_unstable_by_key(|e| e.key);
        OpeningBook {
            entries: entries.into_boxed_slice(),
            min_games,
            max_plies: self.max_plies,
            games: self.games,
            game: PhantomData,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::Checkers;
    use crate::connect4::Connect4;

    fn sample() -> OpeningBook<Checkers> {
        let mut builder = BookBuilder::<Checkers>::new(6);
        let mut rng = SplitMix64::new(3);
        for game in 0..40 {
            let mut positions = vec![Checkers::default()];
            for _ in 0..8 {
                let last = *positions.last().unwrap();
                let moves = last.legal_moves();
                // Few choices, so that positions repeat across games.
                let mv = moves[rng.below(moves.len().min(2))];
                positions.push(last.after(mv).unwrap());
            }
            let outcome = match game % 3 {
                0 => Outcome::Draw,
                1 => Outcome::Win(positions[0].to_move()),
                _ => Outcome::Win(Checkers::opponent(positions[0].to_move())),
            };
            assert!(builder.add_game(&positions, Some(outcome)));
        }
        builder.build(3)
    }

    #[test]
    fn bytes_round_trip_and_every_book_move_is_legal_and_counted() {
        let book = sample();
        assert!(!book.is_empty());
        assert_eq!(book.games(), 40);
        assert_eq!(book.stats(&Checkers::default()), Some((40, 40)));
        let read = OpeningBook::<Checkers>::from_bytes(&book.to_bytes()).unwrap();
        assert_eq!(read, book);
        let moves = book.moves(&Checkers::default());
        assert!(!moves.is_empty());
        // The games split among the first moves.
        assert_eq!(moves.iter().map(|m| m.games).sum::<u32>(), 40);
        let mut rng = SplitMix64::new(1);
        for _ in 0..20 {
            let mv = book.choose(&Checkers::default(), &mut rng).unwrap();
            assert!(moves.iter().any(|m| m.mv == mv));
        }
    }

    #[test]
    fn choice_follows_the_weights() {
        let lost = BookMove {
            mv: (),
            games: 10,
            points: 0,
        };
        let won = BookMove {
            mv: (),
            games: 10,
            points: 20,
        };
        let rare = BookMove {
            mv: (),
            games: 2,
            points: 4,
        };
        let best = won.smoothed_score();
        assert!(won.weight(best) > 1000.0 * lost.weight(best));
        assert!(won.weight(best) > rare.weight(best));
        // A move 0.1 worse than the best weighs under a tenth as much.
        let a = BookMove {
            mv: (),
            games: 100,
            points: 110,
        };
        let b = BookMove {
            mv: (),
            games: 100,
            points: 90,
        };
        assert!(b.weight(a.smoothed_score()) < 0.1 * a.weight(a.smoothed_score()));
        assert!((won.score() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn damaged_or_foreign_bytes_are_refused_with_their_error() {
        let bytes = sample().to_bytes();
        assert!(matches!(
            OpeningBook::<Checkers>::from_bytes(&bytes[..5]),
            Err(BookError::NotABook)
        ));
        assert!(matches!(
            OpeningBook::<Checkers>::from_bytes(&bytes[..bytes.len() - 1]),
            Err(BookError::WrongLength { .. })
        ));
        let mut flipped = bytes.clone();
        flipped[HEADER_BYTES + 3] ^= 1;
        assert!(matches!(
            OpeningBook::<Checkers>::from_bytes(&flipped),
            Err(BookError::Checksum)
        ));
        assert!(matches!(
            OpeningBook::<Connect4>::from_bytes(&bytes),
            Err(BookError::WrongGame { .. })
        ));
        // A huge count in the header is a length error, not an allocation.
        let mut huge = bytes.clone();
        huge[28..32].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(
            OpeningBook::<Checkers>::from_bytes(&huge),
            Err(BookError::WrongLength { .. })
        ));
        // A malformed entry with a good checksum.
        let mut bad = bytes[..bytes.len() - CHECKSUM_BYTES].to_vec();
        bad[HEADER_BYTES + 12..HEADER_BYTES + 16].copy_from_slice(&u32::MAX.to_le_bytes());
        let sum = checksum(&bad);
        bad.extend_from_slice(&sum.to_le_bytes());
        assert!(matches!(
            OpeningBook::<Checkers>::from_bytes(&bad),
            Err(BookError::BadEntry { index: 0, .. })
        ));
        // Every truncation is an error, never a panic.
        for cut in 0..bytes.len() {
            assert!(OpeningBook::<Checkers>::from_bytes(&bytes[..cut]).is_err());
        }
    }

    #[test]
    fn games_without_result_or_from_elsewhere_are_left_out() {
        let mut builder = BookBuilder::<Checkers>::new(4);
        assert!(!builder.add_game(&[Checkers::default()], None));
        let other = Checkers::from_fen("W:W21:B12").unwrap();
        assert!(!builder.add_game(&[other], Some(Outcome::Draw)));
        assert!(!builder.add_game(&[], Some(Outcome::Draw)));
        assert_eq!(builder.games(), 0);
        assert!(builder.build(1).is_empty());
    }

    #[test]
    fn out_of_book_positions_have_no_moves() {
        let book = sample();
        let far = Checkers::from_fen("W:W21:B12").unwrap();
        assert!(book.moves(&far).is_empty());
        assert_eq!(book.choose(&far, &mut SplitMix64::new(0)), None);
    }
}
