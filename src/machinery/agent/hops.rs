//! [`HopActions`]: the action numbering of the games played one hop at a
//! time ([`checkers::HopByHop`](crate::checkers::HopByHop),
//! [`draughts::HopByHop`](crate::draughts::HopByHop) and the orthogonal
//! games' environments, whose view directions are back, left, right and
//! forward), written once.

/// The four directions of a hop: the diagonals in checkers and draughts,
/// along ranks and files in a game whose pieces move orthogonally.
pub const HOP_DIRECTIONS: usize = 4;

/// The eight directions of a hop in a game whose pieces capture along
/// diagonals, rows and columns (Frisian draughts): the four diagonal ones
/// (0–3), then 4 = back, 5 = left, 6 = right, 7 = forward
/// ([`HopActions::with_rows_and_columns`]).
pub const HOP_DIRECTIONS_WITH_ROWS: usize = 8;

/// The numbering of hop actions on a board of `squares` dark squares:
/// each action moves the piece on a square one hop along a diagonal,
/// `range` squares far.
///
/// ```text
/// action = (view_square * 4 + view_direction) * ranges + (range - 1)
/// ```
///
/// - A **view square** is the square's index as the acting player sees the
///   board: the board's index (row by row from the top-left dark square,
///   0-based) for the player whose men move down the board, and
///   `squares - 1 - index` (the board turned 180°) for the other. So view
///   squares `0..` are always the acting player's home row, and its men
///   move toward higher view squares.
/// - A **view direction** is 0 = back-left, 1 = back-right, 2 =
///   forward-left, 3 = forward-right, "forward" being the way the acting
///   player's men move.
/// - The **range** (1 to `ranges`) is how many squares along the diagonal
///   the hop goes. A game whose pieces do not fly has one range
///   (`ranges == 1`): the hop is a step, or a jump when the player must
///   capture, and the action number is `view_square * 4 + view_direction`
///   (checkers' 128 actions). A game with flying kings has `size - 1`
///   ranges: a step of `range` squares, or a capture landing `range`
///   squares away (the draughts family).
///
/// ```
/// use rulebook::agent::HopActions;
///
/// let checkers = HopActions::new(32, 1);
/// assert_eq!(checkers.count(), 128);
/// assert_eq!(checkers.action(5, 3, 1), Some(23));
/// assert_eq!(checkers.hop(23), Some((5, 3, 1)));
/// let international = HopActions::new(50, 9);
/// assert_eq!(international.count(), 1800);
/// assert_eq!(international.hop(international.action(49, 0, 9).unwrap()), Some((49, 0, 9)));
/// assert_eq!(international.action(50, 0, 1), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HopActions {
    squares: usize,
    ranges: usize,
    directions: usize,
}

impl HopActions {
    /// The numbering on a board of `squares` dark squares with `ranges`
    /// hop lengths (at least 1).
    pub const fn new(squares: usize, ranges: usize) -> HopActions {
        HopActions {
            squares,
            ranges: if ranges == 0 { 1 } else { ranges },
            directions: HOP_DIRECTIONS,
        }
    }

    /// This numbering with the four directions along rows and columns
    /// after the diagonal ones ([`HOP_DIRECTIONS_WITH_ROWS`]): 4 = back,
    /// 5 = left, 6 = right, 7 = forward, as the acting player sees the
    /// board; the range of such a hop counts squares of the hop's colour
    /// (two rows or columns each).
    pub const fn with_rows_and_columns(self) -> HopActions {
        HopActions {
            directions: HOP_DIRECTIONS_WITH_ROWS,
            ..self
        }
    }

    /// The number of actions: `squares * directions * ranges` (4 or 8
    /// directions).
    pub const fn count(self) -> usize {
        self.squares * self.directions * self.ranges
    }

    /// The action of the hop from `view_square` in `view_direction` over
    /// `range` squares, or `None` when one of them is out of range.
    pub const fn action(
        self,
        view_square: usize,
        view_direction: usize,
        range: usize,
    ) -> Option<usize> {
        if view_square >= self.squares
            || view_direction >= self.directions
            || range == 0
            || range > self.ranges
        {
            return None;
        }
        Some((view_square * self.directions + view_direction) * self.ranges + range - 1)
    }

    /// The (view square, view direction, range) of `action`, or `None`
    /// past [`count`](HopActions::count).
    pub const fn hop(self, action: usize) -> Option<(usize, usize, usize)> {
        if action >= self.count() {
            return None;
        }
        let range = action % self.ranges + 1;
        let ray = action / self.ranges;
        Some((ray / self.directions, ray % self.directions, range))
    }

    /// The view square of board index `index` (its own inverse):
    /// unchanged when `turned` is false (the acting player's men move
    /// down the board), else the board turned 180°.
    pub const fn view_square(self, index: usize, turned: bool) -> usize {
        if turned {
            self.squares.saturating_sub(index + 1)
        } else {
            index
        }
    }

    /// The view direction of a board direction code (0 = up-left, 1 =
    /// up-right, 2 = down-left, 3 = down-right; with rows and columns
    /// also 4 = up, 5 = left, 6 = right, 7 = down; its own inverse):
    /// turning the board 180° reverses every direction.
    pub const fn view_direction(direction: usize, turned: bool) -> usize {
        if !turned {
            direction
        } else if direction < HOP_DIRECTIONS {
            HOP_DIRECTIONS - 1 - direction
        } else {
            (HOP_DIRECTIONS + HOP_DIRECTIONS_WITH_ROWS - 1).saturating_sub(direction)
        }
    }
}
