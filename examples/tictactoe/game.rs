//! Tic-tac-toe as a third game for `rulebook`, written only against the
//! crate's public API: the `Game` trait, `MoveList`, `Outcome`,
//! `PlayError`. Nothing here is special to the crate's own games; this is
//! how you add yours.
//!
//! `tests/example_programs/tictactoe.rs` checks it with the conformance kit
//! (`rulebook::testing::check_contract`) and its perft counts.

use core::fmt;
use core::str::FromStr;

use rulebook::{Game, MoveList, Outcome, PlayError};

/// Cells on the board, numbered 1 to 9 as on a phone keypad: 1 2 3 on the
/// top row, 7 8 9 on the bottom one.
pub const CELLS: usize = 9;

/// The eight lines of three, as bit sets of cells (bit `i` is cell `i + 1`).
const LINES: [u16; 8] = [
    0b000_000_111, // top row
    0b000_111_000, // middle row
    0b111_000_000, // bottom row
    0b001_001_001, // left column
    0b010_010_010, // middle column
    0b100_100_100, // right column
    0b100_010_001, // diagonal 1-5-9
    0b001_010_100, // diagonal 3-5-7
];

/// Whether `marks` hold every cell of `line`.
const fn covers(marks: u16, line: u16) -> bool {
    marks & line == line
}

/// Every cell.
const FULL: u16 = (1 << CELLS) - 1;

/// A side: `X` moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mark {
    /// Moves first.
    X,
    /// Moves second.
    O,
}

impl Mark {
    /// The other side.
    pub const fn opponent(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::X => "X",
            Mark::O => "O",
        })
    }
}

/// A move: the cell to mark, 1 to 9.
///
/// Invariant: the number is in `1..=9`. `Default` (cell 1) only fills the
/// unused slots of a `MoveList`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cell(u8);

impl Default for Cell {
    fn default() -> Self {
        Cell(1)
    }
}

impl Cell {
    /// The cell with this number, or `None` outside `1..=9`.
    pub const fn new(number: u8) -> Option<Cell> {
        if number >= 1 && number as usize <= CELLS {
            Some(Cell(number))
        } else {
            None
        }
    }

    /// The cell's bit.
    const fn bit(self) -> u16 {
        1 << (self.0 - 1)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why text is not a cell.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseCellError(pub String);

impl fmt::Display for ParseCellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a cell: type a number from 1 to 9", self.0)
    }
}

impl std::error::Error for ParseCellError {}

impl FromStr for Cell {
    type Err = ParseCellError;

    /// A number from 1 to 9, surrounding spaces allowed.
    fn from_str(text: &str) -> Result<Cell, ParseCellError> {
        text.trim()
            .parse::<u8>()
            .ok()
            .and_then(Cell::new)
            .ok_or_else(|| ParseCellError(text.to_owned()))
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ending {
    /// The last mover has three in a row.
    ThreeInARow,
    /// All nine cells are marked, and nobody has three in a row.
    BoardFull,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::ThreeInARow => "three in a row",
            Ending::BoardFull => "the board is full",
        })
    }
}

/// A position: the cells of each side. The side to move follows from the
/// counts (X moves when both have as many marks).
///
/// Invariants: the two sets are disjoint; X has as many marks as O or one
/// more; the side to move has no three in a row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct TicTacToe {
    x: u16,
    o: u16,
}

impl TicTacToe {
    /// The marks of `side`.
    const fn marks(&self, side: Mark) -> u16 {
        match side {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }

    /// Whether `side` has three in a row.
    fn has_line(&self, side: Mark) -> bool {
        let marks = self.marks(side);
        LINES.iter().any(|&line| covers(marks, line))
    }

    /// The mark on `cell`, if any.
    pub fn mark_at(&self, cell: Cell) -> Option<Mark> {
        [Mark::X, Mark::O]
            .into_iter()
            .find(|&side| self.marks(side) & cell.bit() != 0)
    }
}

impl Game for TicTacToe {
    type Player = Mark;
    type Move = Cell;
    /// At most nine empty cells.
    type Moves = MoveList<Cell, CELLS>;
    type Ending = Ending;

    /// Nine cells, one mark a move.
    const MAX_PLIES: Option<u32> = Some(CELLS as u32);

    fn to_move(&self) -> Mark {
        if self.x.count_ones() == self.o.count_ones() {
            Mark::X
        } else {
            Mark::O
        }
    }

    fn opponent(side: Mark) -> Mark {
        side.opponent()
    }

    /// The empty cells in increasing order; none once the game is over.
    fn legal_moves(&self) -> MoveList<Cell, CELLS> {
        if self.is_over() {
            return MoveList::new();
        }
        let empty = FULL & !(self.x | self.o);
        // At most nine cells: the collection always fits.
        (1..=CELLS as u8)
            .filter_map(Cell::new)
            .filter(|cell| empty & cell.bit() != 0)
            .collect()
    }

    fn apply(&mut self, cell: Cell) -> Result<(), PlayError<Cell>> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if (self.x | self.o) & cell.bit() != 0 {
            return Err(PlayError::IllegalMove(cell));
        }
        self.apply_unchecked(cell);
        Ok(())
    }

    fn apply_unchecked(&mut self, cell: Cell) {
        match self.to_move() {
            Mark::X => self.x |= cell.bit(),
            Mark::O => self.o |= cell.bit(),
        }
    }

    fn outcome(&self) -> Option<Outcome<Mark>> {
        self.ending().map(|ending| match ending {
            Ending::ThreeInARow => Outcome::Win(self.to_move().opponent()),
            Ending::BoardFull => Outcome::Draw,
        })
    }

    fn ending(&self) -> Option<Ending> {
        // Only the last mover can have a line.
        if self.has_line(self.to_move().opponent()) {
            Some(Ending::ThreeInARow)
        } else if self.x | self.o == FULL {
            Some(Ending::BoardFull)
        } else {
            None
        }
    }

    // `key()` is left to the trait's default: the position's `Hash` run
    // through rulebook's fixed `PositionHasher`.
}

impl fmt::Display for TicTacToe {
    /// The board, empty cells showing their numbers:
    ///
    /// ```text
    ///  X | O | 3
    /// ---+---+---
    ///  4 | X | 6
    /// ---+---+---
    ///  7 | 8 | 9
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3_u8 {
            if row > 0 {
                writeln!(f, "---+---+---")?;
            }
            for column in 0..3_u8 {
                let Some(cell) = Cell::new(row * 3 + column + 1) else {
                    continue;
                };
                match self.mark_at(cell) {
                    Some(mark) => write!(f, " {mark}")?,
                    None => write!(f, " {cell}")?,
                }
                f.write_str(if column < 2 { " |" } else { "\n" })?;
            }
        }
        Ok(())
    }
}
