//! [`ObservationShape`]: the dimensions of an observation tensor.

use core::fmt;

use super::{Buffer, BufferSizeError};

/// The shape of an [`Environment`](super::Environment)'s observation: a
/// stack of `planes`, each a `rows` x `columns` grid, stored flat in
/// row-major order (plane, then row, then column), so the value of
/// (`plane`, `row`, `column`) is at
/// `(plane * rows + row) * columns + column` ([`index`](Self::index)).
///
/// A runtime value rather than constants, because some games choose their
/// board size at run time. `Display` writes `planes x rows x columns`,
/// e.g. `2x6x7`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ObservationShape {
    /// The number of planes (channels).
    pub planes: usize,
    /// Rows per plane.
    pub rows: usize,
    /// Columns per row.
    pub columns: usize,
}

impl ObservationShape {
    /// A shape of `planes` planes of `rows` x `columns`.
    pub const fn new(planes: usize, rows: usize, columns: usize) -> ObservationShape {
        ObservationShape {
            planes,
            rows,
            columns,
        }
    }

    /// The number of values: `planes * rows * columns` (the length of the
    /// buffer [`write_observation`](super::Environment::write_observation)
    /// takes).
    pub const fn len(self) -> usize {
        self.planes * self.rows * self.columns
    }

    /// Whether the shape holds no value at all.
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The dimensions as an array, `[planes, rows, columns]` (e.g. to
    /// reshape the flat buffer in a tensor library).
    pub const fn dims(self) -> [usize; 3] {
        [self.planes, self.rows, self.columns]
    }

    /// Checks that `observation` has this shape's length: the first step
    /// of every [`write_observation`](super::Environment::write_observation).
    ///
    /// # Errors
    ///
    /// [`BufferSizeError`] for [`Buffer::Observation`] when it has not.
    pub(crate) const fn check_observation(
        self,
        observation: &[f32],
    ) -> Result<(), BufferSizeError> {
        BufferSizeError::check(Buffer::Observation, self.len(), observation.len())
    }

    /// The flat index of (`plane`, `row`, `column`), or `None` when one of
    /// them is out of range.
    pub const fn index(self, plane: usize, row: usize, column: usize) -> Option<usize> {
        if plane < self.planes && row < self.rows && column < self.columns {
            Some((plane * self.rows + row) * self.columns + column)
        } else {
            None
        }
    }
}

impl fmt::Display for ObservationShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}x{}", self.planes, self.rows, self.columns)
    }
}

/// Swaps the first `group` planes of `observation` with the next `group`
/// (the acting player's planes with the opponent's), each plane
/// `plane_len` values: how a side-relative observation turns into the
/// other side's.
///
/// Precondition: `observation` holds at least `2 * group` planes.
pub(crate) fn swap_plane_groups(observation: &mut [f32], plane_len: usize, group: usize) {
    let group_len = group * plane_len;
    debug_assert!(observation.len() >= 2 * group_len);
    if let Some(both) = observation.get_mut(..2 * group_len) {
        let (first, second) = both.split_at_mut(group_len);
        first.swap_with_slice(second);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_row_major_and_bounded() {
        let shape = ObservationShape::new(2, 6, 7);
        assert_eq!(shape.len(), 84);
        assert_eq!(shape.index(0, 0, 0), Some(0));
        assert_eq!(shape.index(0, 1, 0), Some(7));
        assert_eq!(shape.index(1, 0, 0), Some(42));
        assert_eq!(shape.index(1, 5, 6), Some(83));
        assert_eq!(shape.index(2, 0, 0), None);
        assert_eq!(shape.index(0, 6, 0), None);
        assert_eq!(shape.index(0, 0, 7), None);
        assert_eq!(shape.to_string(), "2x6x7");
        assert_eq!(shape.dims(), [2, 6, 7]);
        assert!(ObservationShape::new(0, 6, 7).is_empty());
    }
}
