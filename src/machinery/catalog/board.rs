//! [`BoardView`]: what a front door draws, the same shape for every game.

/// How a board is played on, which tells a front door how to draw it and
/// what a click means.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum BoardKind {
    /// Tokens drop down columns (Connect Four, ConnectX): a move is a
    /// click on a column, labelled by its index.
    Drop,
    /// Pieces stand on labelled squares: the dark squares of a
    /// checkerboard (checkers and draughts), every square (Othello). A
    /// move is a route of labelled squares (a pass, which puts nothing on
    /// the board, has the empty route).
    Squares,
}

/// A piece or token on a [`Cell`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceView {
    /// Whose: 0 for the first player of
    /// [`Described::players`](super::Described::players), 1 for the
    /// second.
    pub player: u8,
    /// Whether it is a king (always `false` in Connect Four).
    pub king: bool,
}

/// One cell of a [`BoardView`].
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// The row, 0 at the top.
    pub row: u8,
    /// The column, 0 at the left.
    pub column: u8,
    /// The square's name in the game's notation (`"11"`, `"c3"`, `"32"`)
    /// for a playable square, as [`Described::route`](super::Described::route)
    /// writes it; `None` for a light square, and for every cell of a
    /// [`BoardKind::Drop`] board (whose columns are named by their index).
    pub label: Option<String>,
    /// The piece on the cell, if any.
    pub piece: Option<PieceView>,
}

/// What to draw: the board's shape and every cell, the same for every game
/// ([`Described::board`](super::Described::board)).
///
/// Invariants: `cells` holds `rows * columns` cells, row-major from the
/// top-left corner (`cells[row * columns + column]` has that row and
/// column). Connect Four and ConnectX draw row 0 as the top row; the
/// draughts family draws the board as the game's `Display` does (checkers
/// with Red's home row, squares 1–4, at the top; the other variants with
/// White at the bottom).
///
/// ```
/// use rulebook::catalog::{BoardKind, Described};
/// use rulebook::checkers::Checkers;
///
/// let board = Checkers::default().board();
/// assert_eq!((board.kind, board.rows, board.columns), (BoardKind::Squares, 8, 8));
/// let top_left_dark = board.cell(0, 1).unwrap();
/// assert_eq!(top_left_dark.label.as_deref(), Some("1"));
/// assert_eq!(top_left_dark.piece.map(|piece| piece.player), Some(0)); // Red's man
/// assert_eq!(board.cell(0, 0).unwrap().label, None); // a light square
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoardView {
    /// How the board is played on.
    pub kind: BoardKind,
    /// The number of rows.
    pub rows: u8,
    /// The number of columns.
    pub columns: u8,
    /// Every cell, row-major from the top-left corner.
    pub cells: Vec<Cell>,
}

impl BoardView {
    /// A board of `rows` x `columns` whose cell at (row, column) is
    /// `cell(row, column)`: its label and piece.
    pub(crate) fn from_fn(
        kind: BoardKind,
        rows: u8,
        columns: u8,
        mut cell: impl FnMut(u8, u8) -> (Option<String>, Option<PieceView>),
    ) -> BoardView {
        let mut cells = Vec::with_capacity(usize::from(rows) * usize::from(columns));
        for row in 0..rows {
            for column in 0..columns {
                let (label, piece) = cell(row, column);
                cells.push(Cell {
                    row,
                    column,
                    label,
                    piece,
                });
            }
        }
        BoardView {
            kind,
            rows,
            columns,
            cells,
        }
    }

    /// The cell at (`row`, `column`), or `None` off the board.
    pub fn cell(&self, row: u8, column: u8) -> Option<&Cell> {
        if row >= self.rows || column >= self.columns {
            return None;
        }
        self.cells
            .get(usize::from(row) * usize::from(self.columns) + usize::from(column))
    }

    /// The cell whose label is `label`, or `None`.
    pub fn cell_labelled(&self, label: &str) -> Option<&Cell> {
        self.cells
            .iter()
            .find(|cell| cell.label.as_deref() == Some(label))
    }
}
