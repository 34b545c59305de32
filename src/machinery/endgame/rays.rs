//! The diagonal neighbours of every square of a board, by dense index: what
//! un-moves need (the generator walks moves backwards), derived from the
//! squares' rows and columns.

use crate::draughts::{Rules, Square};

/// Marks "off the board" in [`Rays::neighbour`].
const NONE: u8 = u8::MAX;

/// Up (toward row 0, White's forward) left, up right, down left, down
/// right.
pub(crate) const DIRECTIONS: usize = 4;
/// The two directions toward row 0.
pub(crate) const UP: [usize; 2] = [0, 1];

/// The neighbours of each square in the four diagonal directions.
#[derive(Clone, Debug)]
pub(crate) struct Rays {
    neighbours: Vec<[u8; DIRECTIONS]>,
}

impl Rays {
    /// The neighbours on `R`'s board.
    pub(crate) fn new<R: Rules>() -> Rays {
        let neighbours = Square::<R>::all()
            .map(|square| {
                let (row, column) = (square.row(), square.column());
                let step = |down: bool, right: bool| {
                    let row = if down {
                        row.checked_add(1)
                    } else {
                        row.checked_sub(1)
                    };
                    let column = if right {
                        column.checked_add(1)
                    } else {
                        column.checked_sub(1)
                    };
                    match (row, column) {
                        (Some(row), Some(column)) => {
                            Square::<R>::at(row, column).map_or(NONE, |s| s.index() as u8)
                        }
                        _ => NONE,
                    }
                };
                [
                    step(false, false),
                    step(false, true),
                    step(true, false),
                    step(true, true),
                ]
            })
            .collect();
        Rays { neighbours }
    }

    /// The neighbour of dense index `square` in `direction`, if on the
    /// board.
    #[inline]
    pub(crate) fn neighbour(&self, square: u32, direction: usize) -> Option<u32> {
        let next = self.neighbours[square as usize][direction];
        (next != NONE).then_some(u32::from(next))
    }
}
