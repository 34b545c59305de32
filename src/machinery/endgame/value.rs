//! [`Value`]: what a position is worth to the side to move, and
//! [`Table`]: the values of every position of one material, two bits
//! each.

use core::fmt;

use super::index::{Indexer, Material, Normal};

/// The value of a position for the side to move, with perfect play by
/// both sides and no draw rule (no repetition or move-count limit: a
/// draw is a position neither side can win).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The value for the other side.
    pub const fn flipped(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        }
    }

    /// The two bits of the value in a table: draw 0, win 1, loss 2 (3 is
    /// no value and makes a file invalid).
    pub(crate) const fn bits(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win => 1,
            Value::Loss => 2,
        }
    }

    /// The value of two bits, `None` for 3.
    pub(crate) const fn from_bits(bits: u8) -> Option<Value> {
        match bits & 3 {
            0 => Some(Value::Draw),
            1 => Some(Value::Win),
            2 => Some(Value::Loss),
            _ => None,
        }
    }

    /// The value as the outcome for the side to move.
    pub const fn outcome(self) -> crate::PlayerOutcome {
        match self {
            Value::Win => crate::PlayerOutcome::Win,
            Value::Loss => crate::PlayerOutcome::Loss,
            Value::Draw => crate::PlayerOutcome::Draw,
        }
    }

    /// Better for the side to move: win over draw over loss.
    pub(crate) const fn rank(self) -> u8 {
        match self {
            Value::Loss => 0,
            Value::Draw => 1,
            Value::Win => 2,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        })
    }
}

/// The largest distance a table stores: a distance of this many plies
/// or more.
pub(crate) const MAX_DISTANCE: u8 = u8::MAX;

/// The values of every position of one material, packed four to a byte
/// (position `i` in byte `i / 4`, bits `2 * (i % 4)` and up), and, when
/// built or read, the distance of each won or lost position to a
/// conversion in plies (one byte, 0 for draws, [`MAX_DISTANCE`] for that
/// many or more).
#[derive(Clone, Debug)]
pub(crate) struct Table {
    pub(crate) indexer: Indexer,
    pub(crate) packed: Vec<u8>,
    pub(crate) distances: Option<Vec<u8>>,
}

impl Table {
    /// Bytes that `count` packed values take.
    pub(crate) fn packed_len(count: u64) -> usize {
        count.div_ceil(4) as usize
    }

    /// A table of `indexer`'s material, every position a draw.
    pub(crate) fn draws(indexer: Indexer) -> Table {
        let packed = vec![0; Table::packed_len(indexer.count())];
        Table {
            indexer,
            packed,
            distances: None,
        }
    }

    pub(crate) fn material(&self) -> Material {
        self.indexer.material()
    }

    /// The value of position `index`. Precondition: `index < count`, and
    /// the table was checked to hold no bits `3`.
    #[inline]
    pub(crate) fn get(&self, index: u64) -> Value {
        let byte = self.packed[(index / 4) as usize];
        let bits = byte >> (2 * (index % 4));
        Value::from_bits(bits).unwrap_or(Value::Draw)
    }

    pub(crate) fn set(&mut self, index: u64, value: Value) {
        let byte = &mut self.packed[(index / 4) as usize];
        let shift = 2 * (index % 4);
        *byte = (*byte & !(3 << shift)) | (value.bits() << shift);
    }

    /// The value of `position`, which has this table's material.
    #[inline]
    pub(crate) fn value_of(&self, position: &Normal) -> Value {
        self.get(self.indexer.rank(position))
    }
}
