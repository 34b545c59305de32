//! Connect Four's one symmetry, the left-right mirror, for positions and
//! moves, and the canonical form that lets tables and training data share
//! mirrored positions: [`Symmetry`], [`Connect4::mirrored`],
//! [`Connect4::canonical`], [`Connect4::canonical_key`].

use super::bitboard::COLUMN_STRIDE;
use super::{Board, Column, Connect4, Player, COLUMNS};
use crate::Game;

/// The bits of one column's field, sentinel included.
const COLUMN_FIELD: u64 = (1 << COLUMN_STRIDE) - 1;

/// A symmetry of the Connect Four board: the identity or the left-right
/// mirror (the only ones gravity allows). Each is its own inverse.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Symmetry {
    /// Leaves everything where it is.
    Identity,
    /// Swaps column `c` with column `6 - c`.
    Mirror,
}

impl Symmetry {
    /// `column` under this symmetry.
    pub const fn column(self, column: Column) -> Column {
        match self {
            Symmetry::Identity => column,
            Symmetry::Mirror => column.mirrored(),
        }
    }

    /// `position` under this symmetry.
    pub fn position(self, position: &Connect4) -> Connect4 {
        match self {
            Symmetry::Identity => *position,
            Symmetry::Mirror => position.mirrored(),
        }
    }
}

impl Column {
    /// The column in the mirror position: `6 - index`.
    pub const fn mirrored(self) -> Column {
        match Column::new(Column::MAX_INDEX - self.index()) {
            Some(column) => column,
            // Unreachable: `index() <= MAX_INDEX`.
            None => self,
        }
    }
}

/// `stones` with column `c`'s bits moved to column `6 - c`.
const fn mirror_bits(stones: u64) -> u64 {
    let mut mirrored = 0;
    let mut col = 0;
    while col < COLUMNS {
        let field = (stones >> (col as u32 * COLUMN_STRIDE)) & COLUMN_FIELD;
        mirrored |= field << ((COLUMNS - 1 - col) as u32 * COLUMN_STRIDE);
        col += 1;
    }
    mirrored
}

impl Board {
    /// The board seen in a mirror: the token at (`row`, `col`) moves to
    /// (`row`, `6 - col`).
    pub fn mirrored(&self) -> Board {
        Board::from_stones(
            mirror_bits(self.stones(Player::X)),
            mirror_bits(self.stones(Player::O)),
        )
    }
}

impl Connect4 {
    /// The mirror position: every token at (`row`, `col`) moves to
    /// (`row`, `6 - col`). Same player to move, same outcome; a move `c`
    /// here is [`Column::mirrored`] there.
    ///
    /// ```
    /// use rulebook::connect4::Connect4;
    ///
    /// // Solver notation is 1-indexed: columns 1, 2 mirror to 7, 6.
    /// let game = Connect4::from_moves("12").unwrap();
    /// assert_eq!(game.mirrored(), Connect4::from_moves("76").unwrap());
    /// assert_eq!(game.mirrored().mirrored(), game);
    /// ```
    pub fn mirrored(&self) -> Connect4 {
        Connect4::from_board_unchecked(self.board().mirrored())
    }

    /// Whether the position is its own mirror image.
    pub fn is_symmetric(&self) -> bool {
        self.mirrored() == *self
    }

    /// The canonical form of the position: of it and its mirror, the one
    /// with the smaller [`key`](Game::key) (the position itself when it is
    /// symmetric), and the symmetry that takes this position there.
    ///
    /// A position and its mirror have the same canonical form. To use a
    /// move found for the canonical form here, map it back with the same
    /// symmetry (it is its own inverse):
    ///
    /// ```
    /// use rulebook::connect4::{Column, Connect4};
    /// use rulebook::Game;
    ///
    /// let game = Connect4::from_moves("7").unwrap();
    /// let (canonical, symmetry) = game.canonical();
    /// assert_eq!(game.mirrored().canonical().0, canonical);
    /// assert_eq!(symmetry.position(&game), canonical);
    /// // A reply stored for the canonical form, played here:
    /// let stored = Column::new(1).unwrap();
    /// let here = symmetry.column(stored);
    /// let reached = canonical.after(stored).unwrap();
    /// assert_eq!(game.after(here).unwrap(), symmetry.position(&reached));
    /// ```
    pub fn canonical(&self) -> (Connect4, Symmetry) {
        let mirrored = self.mirrored();
        if mirrored.key() < self.key() {
            (mirrored, Symmetry::Mirror)
        } else {
            (*self, Symmetry::Identity)
        }
    }

    /// The key of the canonical form: equal for a position and its mirror,
    /// different (never colliding, as [`key`](Game::key)) for positions
    /// that are not mirrors of each other.
    pub fn canonical_key(&self) -> u64 {
        self.key().min(self.mirrored().key())
    }
}
