//! [`Tablebase`]: the databases of one game, built or read from a
//! directory, and the lookup API.

use std::path::Path;

use super::build::{normal_of, Slice, SliceReport};
use super::error::EndgameError;
use super::file;
use super::index::{Indexer, Material, Normal, MAX_DATABASE_PIECES};
use super::rays::Rays;
use super::value::{Table, Value};
use crate::draughts::{Draughts, Move, Rules};
use crate::Game;

/// Tables by [`Material::code`].
pub(crate) struct Store<R> {
    tables: Vec<Option<Box<Table>>>,
    _rules: core::marker::PhantomData<fn() -> R>,
}

/// Room for every material code (four counts below 16).
const CODES: usize = 1 << 16;

impl<R: Rules> Store<R> {
    fn new() -> Store<R> {
        let mut tables = Vec::new();
        tables.resize_with(CODES, || None);
        Store {
            tables,
            _rules: core::marker::PhantomData,
        }
    }

    fn insert(&mut self, table: Table) {
        let code = table.material().code();
        self.tables[code] = Some(Box::new(table));
    }

    #[inline]
    pub(crate) fn get(&self, material: Material) -> Option<&Table> {
        if material.pieces() > MAX_DATABASE_PIECES {
            return None;
        }
        self.tables.get(material.code())?.as_deref()
    }

    /// The value of `normal` (of `material`) for a build.
    ///
    /// # Errors
    ///
    /// [`EndgameError::NotBuilt`] when its table is not there.
    pub(crate) fn value_in_build(
        &self,
        material: Material,
        normal: &Normal,
    ) -> Result<Value, EndgameError> {
        match self.get(material) {
            Some(table) => Ok(table.value_of(normal)),
            None => Err(EndgameError::NotBuilt {
                game: R::NAME,
                material,
            }),
        }
    }
}

/// What a build reports after each slice: a material and its swap, built
/// or read from their files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The slice's material (its swap is built with it).
    pub material: Material,
    /// What the slice holds, or `None` when it was read from valid files.
    pub built: Option<SliceReport>,
    /// Positions done so far, this slice included.
    pub done: u64,
    /// Positions of the whole build.
    pub total: u64,
}

/// How [`Tablebase::best_move`] ranks the moves that keep the value,
/// higher first: with distances, the hurry (or, for a loss, the delay)
/// alone; without, conversion, pieces taken, a man's move, the
/// opponent's replies.
type PreferenceKey = (u32, usize, u8, usize);

/// What [`Tablebase::best_move`] says of a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Verdict<R: Rules> {
    /// The value for the side to move.
    pub value: Value,
    /// A move that keeps the value; `None` when the side to move has no
    /// move (it has lost).
    pub best_move: Option<Move<R>>,
    /// For a win or a loss, the plies to a conversion (a capture, a
    /// crowning or the end of the game), the winner hurrying and the loser
    /// resisting (255: that many or more), when the distances are there;
    /// `None` for a draw.
    pub distance: Option<u32>,
}

/// The databases of draughts variant `R` (English checkers is
/// [`EnglishRules`](crate::draughts::EnglishRules)): every material up to
/// [`max_pieces`](Self::max_pieces) pieces, with the value of each
/// position for the side to move.
///
/// Lookups take `&self`, allocate nothing and lock nothing
/// (`Tablebase` is `Send + Sync`): one tablebase serves every thread of a
/// search.
///
/// ```
/// use rulebook::draughts::{English, EnglishRules};
/// use rulebook::endgame::{Tablebase, Value};
///
/// // Two kings against one: a win for the side with two.
/// let tablebase = Tablebase::<EnglishRules>::build_in_memory(3, |_| {}).unwrap();
/// let position = English::from_fen("W:WK1,K2:BK32").unwrap();
/// assert_eq!(tablebase.probe(&position), Some(Value::Win));
/// let verdict = tablebase.best_move(&position).unwrap();
/// assert_eq!(verdict.value, Value::Win);
/// assert!(verdict.best_move.is_some());
/// assert!(verdict.distance.is_some());
/// // Four pieces: outside these databases.
/// let four = English::from_fen("W:WK1,K2:BK31,K32").unwrap();
/// assert_eq!(tablebase.probe(&four), None);
/// ```
pub struct Tablebase<R: Rules> {
    store: Store<R>,
    max_pieces: u32,
}

impl<R: Rules> core::fmt::Debug for Tablebase<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tablebase")
            .field("game", &R::NAME)
            .field("max_pieces", &self.max_pieces)
            .finish()
    }
}

/// The board's playable squares.
const fn squares<R: Rules>() -> u32 {
    (R::SIZE * R::SIZE / 2) as u32
}

impl<R: Rules> Tablebase<R> {
    /// The most pieces of a position these databases hold.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// How many positions the databases of exactly `pieces` pieces hold:
    /// every board with that many pieces (one side to move: the other is
    /// the same board turned). For English checkers this is OEIS A055213.
    /// Counted from the index, without building anything.
    pub fn positions(pieces: u32) -> u64 {
        Material::all_of::<R>(pieces)
            .into_iter()
            .filter_map(Indexer::new::<R>)
            .map(|indexer| indexer.count())
            .sum()
    }

    /// How many positions the database of `material` holds, `None` for a
    /// material no database can hold.
    pub fn material_positions(material: Material) -> Option<u64> {
        Indexer::new::<R>(material).map(|indexer| indexer.count())
    }

    /// Builds every database up to `max_pieces` pieces in memory (nothing
    /// is read or written), calling `progress` after each slice.
    ///
    /// # Errors
    ///
    /// [`EndgameError::UnsupportedGoal`] for a game not won by the last
    /// player to move (Breakthrough, Antidraughts);
    /// [`EndgameError::Material`] when `max_pieces` is over
    /// [`MAX_DATABASE_PIECES`](super::MAX_DATABASE_PIECES);
    /// [`EndgameError::TooLarge`] when a slice has more positions than the
    /// builder numbers (`u32`) or than memory holds (4 bytes a position
    /// of the slice while it is built, 10 bits a position of every
    /// database built).
    pub fn build_in_memory(
        max_pieces: u32,
        progress: impl FnMut(&BuildProgress),
    ) -> Result<Tablebase<R>, EndgameError> {
        Tablebase::build_or_read(None, max_pieces, progress)
    }

    /// Builds every database up to `max_pieces` pieces into `dir`, one
    /// file per material (see [`file`](mod@super::file) for the layout),
    /// calling `progress` after each slice. A material whose file is
    /// already there and valid is read instead of built, so an interrupted
    /// build goes on where it stopped; a file that is not valid is built
    /// again and replaced.
    ///
    /// # Errors
    ///
    /// [`EndgameError::Io`] when the directory or a file cannot be made,
    /// written or read; [`EndgameError::Material`] and
    /// [`EndgameError::TooLarge`] as
    /// [`build_in_memory`](Self::build_in_memory).
    pub fn build(
        dir: &Path,
        max_pieces: u32,
        progress: impl FnMut(&BuildProgress),
    ) -> Result<Tablebase<R>, EndgameError> {
        Tablebase::build_or_read(Some(dir), max_pieces, progress)
    }

    fn build_or_read(
        dir: Option<&Path>,
        max_pieces: u32,
        mut progress: impl FnMut(&BuildProgress),
    ) -> Result<Tablebase<R>, EndgameError> {
        if R::GOAL != crate::draughts::Goal::LastToMove {
            return Err(EndgameError::UnsupportedGoal { game: R::NAME });
        }
        if max_pieces > MAX_DATABASE_PIECES {
            return Err(EndgameError::Material {
                game: R::NAME,
                material: Material::new(max_pieces.min(255) as u8, 0, 0, 0),
            });
        }
        let rays = Rays::new::<R>();
        let mut store = Store::new();
        let total: u64 = (1..=max_pieces).map(Tablebase::<R>::positions).sum();
        let mut done = 0;
        for pieces in 1..=max_pieces {
            for material in Material::all_of::<R>(pieces) {
                if store.get(material).is_some() {
                    continue; // built with its swap
                }
                let slice: Vec<Material> = if material.swapped() == material {
                    vec![material]
                } else {
                    vec![material, material.swapped()]
                };
                let positions: u64 = slice
                    .iter()
                    .filter_map(|&m| Tablebase::<R>::material_positions(m))
                    .sum();
                done += positions;
                if let Some(tables) = dir.and_then(|dir| read_slice::<R>(dir, &slice)) {
                    for table in tables {
                        store.insert(table);
                    }
                    progress(&BuildProgress {
                        material,
                        built: None,
                        done,
                        total,
                    });
                    continue;
                }
                let (tables, report) = Slice::new(&store, &rays, material)?.build()?;
                for table in tables {
                    if let Some(dir) = dir {
                        file::write(dir, R::NAME, squares::<R>(), &table)?;
                    }
                    store.insert(table);
                }
                progress(&BuildProgress {
                    material,
                    built: Some(report),
                    done,
                    total,
                });
            }
        }
        Ok(Tablebase { store, max_pieces })
    }

    /// Reads the databases of `dir`: every material up to the most pieces
    /// of any database file of the game there.
    ///
    /// # Errors
    ///
    /// [`EndgameError::NoDatabases`] when `dir` holds no database of the
    /// game; [`EndgameError::Missing`] when a material up to that many
    /// pieces has no file; [`EndgameError::Io`] when a file cannot be
    /// read; [`EndgameError::Length`], [`Magic`](EndgameError::Magic),
    /// [`Version`](EndgameError::Version),
    /// [`Header`](EndgameError::Header),
    /// [`Checksum`](EndgameError::Checksum) or
    /// [`BadValue`](EndgameError::BadValue) when a file is truncated,
    /// corrupted or of something else.
    pub fn open(dir: &Path) -> Result<Tablebase<R>, EndgameError> {
        let most = (1..=MAX_DATABASE_PIECES)
            .rev()
            .find(|&pieces| {
                Material::all_of::<R>(pieces)
                    .into_iter()
                    .any(|material| file::database_path(dir, R::NAME, material).exists())
            })
            .ok_or_else(|| EndgameError::NoDatabases {
                dir: dir.to_path_buf(),
                game: R::NAME,
            })?;
        Tablebase::open_pieces(dir, most)
    }

    /// Reads the databases of `dir` of every material up to `max_pieces`
    /// pieces.
    ///
    /// # Errors
    ///
    /// As [`open`](Self::open); [`EndgameError::Material`] when
    /// `max_pieces` is over
    /// [`MAX_DATABASE_PIECES`](super::MAX_DATABASE_PIECES).
    pub fn open_pieces(dir: &Path, max_pieces: u32) -> Result<Tablebase<R>, EndgameError> {
        if max_pieces > MAX_DATABASE_PIECES {
            return Err(EndgameError::Material {
                game: R::NAME,
                material: Material::new(max_pieces.min(255) as u8, 0, 0, 0),
            });
        }
        let mut store = Store::new();
        for pieces in 1..=max_pieces {
            for material in Material::all_of::<R>(pieces) {
                let indexer = Indexer::new::<R>(material).ok_or(EndgameError::Material {
                    game: R::NAME,
                    material,
                })?;
                store.insert(file::read(
                    dir,
                    R::NAME,
                    squares::<R>(),
                    indexer,
                    file::Distances::IfPresent,
                )?);
            }
        }
        Ok(Tablebase { store, max_pieces })
    }

    /// The value of `position` for its side to move, or `None` when it
    /// has more pieces than these databases hold. Allocates nothing.
    pub fn probe(&self, position: &Draughts<R>) -> Option<Value> {
        if position.piece_total() > self.max_pieces {
            return None;
        }
        let normal = normal_of(position, squares::<R>());
        self.value(&normal)
    }

    #[inline]
    fn value(&self, normal: &Normal) -> Option<Value> {
        let material = normal.material();
        if material.pieces() > self.max_pieces {
            return None;
        }
        Some(self.store.get(material)?.value_of(normal))
    }

    /// The value of `position` for its side to move, its distance to a
    /// conversion when the distances were built or read, and a move that
    /// keeps the value (see [`Verdict`]). `None` when the position is
    /// outside the databases.
    ///
    /// The move: for a win, a move to a position the opponent loses; for
    /// a draw, one to a position the opponent cannot win; for a loss, any
    /// (all lose). With the distances, a win takes the move to the
    /// shortest distance to a conversion (a capture, a crowning or the
    /// end), which is one ply shorter, so that a won ending played by
    /// `best_move` is won: every ply brings the conversion nearer, and
    /// conversions (fewer pieces, or fewer men) cannot be undone. A loss
    /// takes the longest. Without the distances (databases read from
    /// values files alone), the choice is by rules of thumb that do not
    /// promise progress: a capture or a crowning first, the one that
    /// takes the most pieces; then a man's move; then the move after
    /// which the opponent has the fewest moves.
    ///
    /// Generates the moves of the position and of its successors (on the
    /// stack); allocates nothing.
    pub fn best_move(&self, position: &Draughts<R>) -> Option<Verdict<R>> {
        if position.piece_total() > self.max_pieces {
            return None;
        }
        let normal = normal_of(position, squares::<R>());
        let value = self.value(&normal)?;
        let material = normal.material();
        let distance = self.distance(&normal);
        let with_distances = distance.is_some();
        let wanted = value.flipped();
        // Higher is better.
        let mut best: Option<(Move<R>, PreferenceKey)> = None;
        for &mv in position.legal_moves().iter() {
            let mut after = *position;
            after.apply_unchecked(mv);
            let successor = normal_of(&after, squares::<R>());
            let Some(reply) = self.value(&successor) else {
                continue;
            };
            if reply != wanted {
                continue;
            }
            let converts = successor.material() != material.swapped();
            let key = if with_distances {
                // Plies to the conversion through this move.
                let plies = if converts {
                    1
                } else {
                    1 + self.distance(&successor).unwrap_or(u32::from(u8::MAX))
                };
                let hurry = if value == Value::Loss {
                    plies
                } else {
                    u32::MAX - plies
                };
                (hurry, 0, 0, 0)
            } else {
                let man_moves = !converts
                    && !mv.is_capture()
                    && position
                        .piece_at(mv.from())
                        .is_some_and(|piece| piece.role == crate::draughts::Role::Man);
                let replies = after.legal_moves().len();
                (
                    u32::from(converts),
                    mv.capture_count(),
                    u8::from(man_moves),
                    if value == Value::Loss {
                        replies
                    } else {
                        usize::MAX - replies
                    },
                )
            };
            if best.as_ref().map_or(true, |(_, best_key)| key > *best_key) {
                best = Some((mv, key));
            }
        }
        Some(Verdict {
            value,
            best_move: best.map(|(mv, _)| mv),
            distance,
        })
    }

    /// The distance to a conversion of a decided position, if the
    /// distances are there.
    #[inline]
    fn distance(&self, normal: &Normal) -> Option<u32> {
        let material = normal.material();
        if material.pieces() > self.max_pieces {
            return None;
        }
        let table = self.store.get(material)?;
        let distances = table.distances.as_ref()?;
        let index = table.indexer.rank(normal);
        (table.get(index) != Value::Draw).then(|| u32::from(distances[index as usize]))
    }

    /// Whether every database has its distances (built, or read from
    /// distances files).
    pub fn has_distances(&self) -> bool {
        (1..=self.max_pieces).all(|pieces| {
            Material::all_of::<R>(pieces).into_iter().all(|material| {
                self.store
                    .get(material)
                    .is_some_and(|table| table.distances.is_some())
            })
        })
    }

    /// Checks the database of `material` against its successors: a win
    /// has a move to a position lost for the opponent, a loss only moves
    /// to positions won for the opponent (or none), a draw neither.
    /// Returns how many positions it checked.
    ///
    /// # Errors
    ///
    /// [`EndgameError::Inconsistent`] at the first position that does not
    /// agree; [`EndgameError::Material`] when `material` is not among
    /// these databases, [`EndgameError::NotBuilt`] when a successor's is
    /// not.
    pub fn verify(&self, material: Material) -> Result<u64, EndgameError> {
        let table = self
            .store
            .get(material)
            .filter(|_| material.pieces() <= self.max_pieces)
            .ok_or(EndgameError::Material {
                game: R::NAME,
                material,
            })?;
        let count = table.indexer.count();
        for index in 0..count {
            let normal = table.indexer.unrank(index);
            let position = super::build::position_of::<R>(&normal);
            let mut expected = Value::Loss;
            for &mv in position.legal_moves().iter() {
                let mut after = position;
                after.apply_unchecked(mv);
                let successor = normal_of(&after, squares::<R>());
                let value = self
                    .store
                    .value_in_build(successor.material(), &successor)?
                    .flipped();
                if value.rank() > expected.rank() {
                    expected = value;
                }
            }
            let stored = table.get(index);
            if stored != expected {
                return Err(EndgameError::Inconsistent {
                    game: R::NAME,
                    material,
                    fen: position.to_fen(),
                    stored,
                    expected,
                });
            }
        }
        Ok(count)
    }
}

/// The tables of `slice` from `dir`, when every one is there and valid.
fn read_slice<R: Rules>(dir: &Path, slice: &[Material]) -> Option<Vec<Table>> {
    slice
        .iter()
        .map(|&material| {
            let indexer = Indexer::new::<R>(material)?;
            file::read(
                dir,
                R::NAME,
                squares::<R>(),
                indexer,
                file::Distances::Required,
            )
            .ok()
        })
        .collect()
}

impl Tablebase<crate::draughts::EnglishRules> {
    /// The value of a [`Checkers`](crate::checkers::Checkers) position
    /// for its side to move: the same as [`probe`](Self::probe) of the
    /// same position as an [`English`](crate::draughts::English) one
    /// (checkers' Red is the family's Black). `None` when it is outside
    /// the databases. Allocates nothing.
    ///
    /// ```
    /// use rulebook::checkers::Checkers;
    /// use rulebook::draughts::EnglishRules;
    /// use rulebook::endgame::{Tablebase, Value};
    ///
    /// let tablebase = Tablebase::<EnglishRules>::build_in_memory(3, |_| {}).unwrap();
    /// let position = Checkers::from_fen("B:WK32:BK1,K2").unwrap();
    /// assert_eq!(tablebase.probe_checkers(&position), Some(Value::Win));
    /// ```
    pub fn probe_checkers(&self, position: &crate::checkers::Checkers) -> Option<Value> {
        let [white, red, kings] = position.dense_bitboards();
        if (white | red).count_ones() > self.max_pieces {
            return None;
        }
        let as_white = Normal {
            mover: white,
            other: red,
            kings,
        };
        let normal = match position.to_move() {
            crate::checkers::Player::White => as_white,
            crate::checkers::Player::Red => {
                as_white.turned(squares::<crate::draughts::EnglishRules>())
            }
        };
        self.value(&normal)
    }
}
