//! The generator: retrograde analysis of one *slice* (a material and its
//! swap, the positions a move that takes nothing and crowns nobody goes
//! between), over the crate's own rules.
//!
//! 1. Every position of the slice is set up and its legal moves generated
//!    (so captures are compulsory, precedence rules apply, and a side with
//!    no move loses, exactly as the rules say). A move that captures or
//!    crowns leaves the slice for a smaller database, already built, whose
//!    value it reads: a position with a move to a loss for the opponent
//!    there is a win (in one ply to a conversion); a position with no
//!    move, or whose every move leaves the slice, is decided at once.
//!    Every other position keeps the count of its moves within the slice,
//!    and whether one of its moves leaving the slice draws.
//! 2. Then backwards, ply by ply: for each position decided at the last
//!    ply, its predecessors within the slice are found by *un-moves* (a
//!    piece of the side that just moved steps back: a man one square
//!    backward, a king along a diagonal over empty squares, one square
//!    for short kings). A predecessor of a loss is a win; a predecessor
//!    of a win loses a move, and with none left (and no drawing exit) it
//!    is a loss. A predecessor still undecided has moves within the slice,
//!    so no capture: the un-move is one of its legal moves.
//! 3. What is left undecided is a draw.
//!
//! Step 2 finds each position at the ply where it is decided, so the
//! number of plies is the slice's longest distance to a conversion.

use super::error::EndgameError;
use super::index::{Indexer, Material, Normal};
use super::rays::{Rays, DIRECTIONS, UP};
use super::tablebase::Store;
use super::value::{Table, Value, MAX_DISTANCE};
use crate::draughts::{Color, Draughts, Rules};
use crate::Game;

/// The state of a position during a build.
const UNDECIDED: u8 = 0;
const WON: u8 = 1;
const LOST: u8 = 2;
const DRAWN: u8 = 3;
/// In the move counter: one of the position's moves leaving the slice
/// draws.
const DRAWING_EXIT: u8 = 0x80;

/// What building one slice found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SliceReport {
    /// Positions in the slice.
    pub positions: u64,
    /// Wins, losses and draws for the side to move.
    pub wins: u64,
    /// Losses for the side to move.
    pub losses: u64,
    /// Draws.
    pub draws: u64,
    /// The longest distance to a conversion (a capture, a crowning or the
    /// end of the game), in plies, of a decided position of the slice.
    pub longest: u32,
}

/// The un-moves, the positions' set-up and the classification of
/// successors for one variant.
pub(crate) struct Slice<'a, R: Rules> {
    store: &'a Store<R>,
    rays: &'a Rays,
    squares: u32,
    /// The slice's materials: one (a material that is its own swap) or two.
    indexers: Vec<Indexer>,
    states: Vec<Vec<u8>>,
    counters: Vec<Vec<u8>>,
    /// The ply at which each position was decided: its distance to a
    /// conversion.
    plies: Vec<Vec<u16>>,
    _rules: core::marker::PhantomData<R>,
}

/// A position of the slice: which material (0 or 1) and its index.
type Entry = (u8, u32);

impl<'a, R: Rules> Slice<'a, R> {
    /// The slice of `material` (and its swap), reading smaller databases
    /// from `store`.
    ///
    /// # Errors
    ///
    /// [`EndgameError::Material`] when no database can hold the material;
    /// [`EndgameError::TooLarge`] when it has more than `u32::MAX`
    /// positions or its working memory (4 bytes a position) cannot be
    /// had.
    pub(crate) fn new(
        store: &'a Store<R>,
        rays: &'a Rays,
        material: Material,
    ) -> Result<Slice<'a, R>, EndgameError> {
        let mut materials = vec![material];
        if material.swapped() != material {
            materials.push(material.swapped());
        }
        let mut indexers = Vec::new();
        for material in materials {
            let indexer = Indexer::new::<R>(material).ok_or(EndgameError::Material {
                game: R::NAME,
                material,
            })?;
            indexers.push(indexer);
        }
        let (mut states, mut counters, mut plies) = (Vec::new(), Vec::new(), Vec::new());
        for indexer in &indexers {
            let count = indexer.count();
            let too_large = || EndgameError::TooLarge {
                game: R::NAME,
                material: indexer.material(),
                positions: count,
            };
            // Positions are numbered by `u32` in the queues.
            let len = u32::try_from(count).map_err(|_| too_large())? as usize;
            states.push(zeroed::<u8>(len).ok_or_else(too_large)?);
            counters.push(zeroed::<u8>(len).ok_or_else(too_large)?);
            plies.push(zeroed::<u16>(len).ok_or_else(too_large)?);
        }
        Ok(Slice {
            store,
            plies,
            rays,
            squares: (R::SIZE * R::SIZE / 2) as u32,
            indexers,
            states,
            counters,
            _rules: core::marker::PhantomData,
        })
    }

    /// The slot of the swap of slot `slot`'s material.
    fn other_slot(&self, slot: u8) -> u8 {
        if self.indexers.len() == 1 {
            0
        } else {
            1 - slot
        }
    }

    /// Builds the slice: its tables (the material first, then its swap if
    /// different) and what it found.
    ///
    /// # Errors
    ///
    /// [`EndgameError::NotBuilt`] when a capture or a crowning leads to a
    /// material that `store` does not hold.
    pub(crate) fn build(mut self) -> Result<(Vec<Table>, SliceReport), EndgameError> {
        let mut current: Vec<Entry> = Vec::new();
        let mut next: Vec<Entry> = Vec::new();
        for slot in 0..self.indexers.len() as u8 {
            self.first_pass(slot, &mut current, &mut next)?;
        }
        let mut ply = 0u32;
        let mut longest = 0;
        while !current.is_empty() || !next.is_empty() {
            if !current.is_empty() {
                longest = ply;
            }
            let decided = u16::try_from(ply + 1).unwrap_or(u16::MAX);
            for &entry in &current {
                self.propagate(entry, decided, &mut next);
            }
            current.clear();
            core::mem::swap(&mut current, &mut next);
            ply += 1;
        }
        let mut report = SliceReport {
            longest,
            ..SliceReport::default()
        };
        let mut tables = Vec::new();
        for ((indexer, states), plies) in self.indexers.into_iter().zip(self.states).zip(self.plies)
        {
            let mut table = Table::draws(indexer);
            table.distances = Some(
                plies
                    .iter()
                    .zip(&states)
                    .map(|(&ply, &state)| match state {
                        WON | LOST => u8::try_from(ply).unwrap_or(MAX_DISTANCE),
                        _ => 0,
                    })
                    .collect(),
            );
            for (index, &state) in states.iter().enumerate() {
                report.positions += 1;
                let value = match state {
                    WON => Value::Win,
                    LOST => Value::Loss,
                    _ => Value::Draw,
                };
                match value {
                    Value::Win => report.wins += 1,
                    Value::Loss => report.losses += 1,
                    Value::Draw => report.draws += 1,
                }
                if value != Value::Draw {
                    table.set(index as u64, value);
                }
            }
            tables.push(table);
        }
        Ok((tables, report))
    }

    /// Step 1 for every position of slot `slot`, on every core: decided
    /// positions go to `at_zero` (no move: lost at once) or `at_one`
    /// (decided by a move leaving the slice).
    fn first_pass(
        &mut self,
        slot: u8,
        at_zero: &mut Vec<Entry>,
        at_one: &mut Vec<Entry>,
    ) -> Result<(), EndgameError> {
        let indexer = &self.indexers[slot as usize];
        let count = indexer.count() as usize;
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        // Chunks of at least 4096 positions, so small slices stay on one
        // thread.
        let chunk = count.div_ceil(threads).max(4096);
        let (store, squares) = (self.store, self.squares);
        let states = &mut self.states[slot as usize];
        let counters = &mut self.counters[slot as usize];
        let plies = &mut self.plies[slot as usize];
        let results: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = states
                .chunks_mut(chunk)
                .zip(counters.chunks_mut(chunk))
                .zip(plies.chunks_mut(chunk))
                .enumerate()
                .map(|(n, ((states, counters), plies))| {
                    let range = Range {
                        slot,
                        start: n * chunk,
                        states,
                        counters,
                        plies,
                    };
                    scope.spawn(move || range.classify::<R>(store, indexer, squares))
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| {
                    handle
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
        for result in results {
            let (zero, one) = result?;
            at_zero.extend(zero);
            at_one.extend(one);
        }
        Ok(())
    }

    /// Step 2 for one decided position: its undecided predecessors.
    fn propagate(&mut self, (slot, index): Entry, ply: u16, next: &mut Vec<Entry>) {
        let lost = self.states[slot as usize][index as usize] == LOST;
        let position = self.indexers[slot as usize].unrank(u64::from(index));
        let previous_slot = self.other_slot(slot);
        let occupied = position.mover | position.other;
        // The side that just moved is `other`: its men move down (away
        // from row 0), so they step back up.
        let mut pieces = position.other;
        while pieces != 0 {
            let from = pieces.trailing_zeros();
            pieces &= pieces - 1;
            let king = position.kings & (1 << from) != 0;
            let directions: &[usize] = if king { &[0, 1, 2, 3] } else { &UP };
            for &direction in directions {
                debug_assert!(direction < DIRECTIONS);
                let mut square = from;
                while let Some(back) = self.rays.neighbour(square, direction) {
                    if occupied & (1 << back) != 0 {
                        break;
                    }
                    let moved = (1u64 << from) | (1u64 << back);
                    let before = Normal {
                        mover: position.mover,
                        other: position.other ^ moved,
                        kings: if king {
                            position.kings ^ moved
                        } else {
                            position.kings
                        },
                    }
                    .turned(self.squares);
                    let previous = self.indexers[previous_slot as usize].rank(&before) as u32;
                    self.predecessor((previous_slot, previous), lost, ply, next);
                    if !(king && R::FLYING_KINGS) {
                        break;
                    }
                    square = back;
                }
            }
        }
    }

    /// `entry` has a move to a position lost (`lost`) or won for the
    /// side then to move; if that decides it, it is decided at `ply`.
    fn predecessor(&mut self, (slot, index): Entry, lost: bool, ply: u16, next: &mut Vec<Entry>) {
        let state = &mut self.states[slot as usize][index as usize];
        if *state != UNDECIDED {
            return;
        }
        if lost {
            *state = WON;
            self.plies[slot as usize][index as usize] = ply;
            next.push((slot, index));
            return;
        }
        let counter = &mut self.counters[slot as usize][index as usize];
        debug_assert!(*counter & !DRAWING_EXIT > 0, "more un-moves than moves");
        *counter -= 1;
        if *counter == 0 {
            *state = LOST;
            self.plies[slot as usize][index as usize] = ply;
            next.push((slot, index));
        }
    }
}

/// A range of positions of one slot for step 1, with their states.
struct Range<'a> {
    slot: u8,
    start: usize,
    states: &'a mut [u8],
    counters: &'a mut [u8],
    plies: &'a mut [u16],
}

impl Range<'_> {
    /// Step 1 for the range's positions: the positions lost at once and
    /// the positions decided by a move leaving the slice.
    fn classify<R: Rules>(
        self,
        store: &Store<R>,
        indexer: &Indexer,
        squares: u32,
    ) -> Result<(Vec<Entry>, Vec<Entry>), EndgameError> {
        let (mut at_zero, mut at_one) = (Vec::new(), Vec::new());
        let top_row = (1u64 << (R::SIZE / 2)) - 1;
        for offset in 0..self.states.len() {
            let index = self.start + offset;
            let normal = indexer.unrank(index as u64);
            let position = position_of::<R>(&normal);
            let moves = position.legal_moves();
            let entry = (self.slot, index as u32);
            if moves.is_empty() {
                self.states[offset] = LOST;
                at_zero.push(entry);
                continue;
            }
            let mut within = 0u32;
            let mut best_exit: Option<Value> = None;
            for &mv in moves.iter() {
                // A move stays in the slice unless it captures or crowns
                // (the side to move plays up, crowned on the top row).
                let from = 1u64 << mv.from().index();
                let to = 1u64 << mv.to().index();
                let crowns = normal.kings & from == 0 && to & top_row != 0;
                if !mv.is_capture() && !crowns {
                    within += 1;
                    continue;
                }
                let mut after = position;
                after.apply_unchecked(mv);
                let successor = normal_of(&after, squares);
                let value = store
                    .value_in_build(successor.material(), &successor)?
                    .flipped();
                if best_exit.map_or(true, |best| value.rank() > best.rank()) {
                    best_exit = Some(value);
                }
            }
            match best_exit {
                Some(Value::Win) => {
                    self.states[offset] = WON;
                    self.plies[offset] = 1;
                    at_one.push(entry);
                }
                _ if within == 0 => {
                    // Every move leaves the slice: the best of them.
                    if best_exit == Some(Value::Draw) {
                        self.states[offset] = DRAWN;
                    } else {
                        self.states[offset] = LOST;
                        self.plies[offset] = 1;
                        at_one.push(entry);
                    }
                }
                _ => {
                    debug_assert!(within < u32::from(DRAWING_EXIT));
                    let drawing = if best_exit == Some(Value::Draw) {
                        DRAWING_EXIT
                    } else {
                        0
                    };
                    self.counters[offset] = within as u8 | drawing;
                }
            }
        }
        Ok((at_zero, at_one))
    }
}

/// `len` zeros, or `None` when the memory cannot be had.
fn zeroed<T: Clone + Default>(len: usize) -> Option<Vec<T>> {
    let mut vector = Vec::new();
    vector.try_reserve_exact(len).ok()?;
    vector.resize(len, T::default());
    Some(vector)
}

/// `position` seen from its side to move.
pub(crate) fn normal_of<R: Rules>(position: &Draughts<R>, squares: u32) -> Normal {
    let [white, black, kings] = position.dense_bitboards();
    let as_white = Normal {
        mover: white,
        other: black,
        kings,
    };
    match position.to_move() {
        Color::White => as_white,
        Color::Black => as_white.turned(squares),
    }
}

/// The position of `normal`, the side to move playing White.
pub(crate) fn position_of<R: Rules>(normal: &Normal) -> Draughts<R> {
    Draughts::from_dense_bitboards(normal.mover, normal.other, normal.kings, Color::White)
}
