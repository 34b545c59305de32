//! Kaggle ConnectX's board encoding for Connect Four, read and written, so
//! that a bot written with this crate can play in that environment.
//!
//! # The encoding
//!
//! Kaggle's ConnectX environment gives an agent an observation with
//! `board`, a flat list of `rows * columns` integers in row-major order,
//! **top row first**, each `0` (empty), `1` (the first player's token) or
//! `2` (the second player's), and `mark`, the number (1 or 2) of the
//! player to act. The agent answers with a column index, 0 at the left.
//! With the default configuration (6 rows, 7 columns, 4 in a row) that is
//! exactly Connect Four: mark 1 is [`Player::X`], mark 2 [`Player::O`], and
//! the answer is [`Column::index`] (which is also the action number of
//! [`Connect4`]'s [`Environment`](crate::agent::Environment)).
//!
//! - [`Connect4::to_kaggle_board`] writes the 42 cells;
//! - [`Connect4::from_kaggle_board`] reads them (from any integer slice)
//!   and checks that the position can arise in a game;
//! - [`Connect4::parse_kaggle_board`] reads the board as text: Python's
//!   `str(obs.board)` (`[0, 0, 1, ...]`), JSON, or 42 bare digits;
//! - [`Player::kaggle_mark`] / [`Player::from_kaggle_mark`] convert marks.
//!
//! # A bridge to Kaggle
//!
//! Kaggle runs agents written in Python. A Rust bot plays through a thin
//! Python agent that starts the compiled bot once and exchanges one line
//! per turn: the agent writes the mark and the board, the bot answers with
//! a column.
//!
//! ```text
//! # main.py, submitted together with the compiled bot
//! import subprocess
//! bot = subprocess.Popen(["./bot"], stdin=subprocess.PIPE,
//!                        stdout=subprocess.PIPE, text=True)
//!
//! def agent(obs, config):
//!     bot.stdin.write(f"{obs.mark} {obs.board}\n")
//!     bot.stdin.flush()
//!     return int(bot.stdout.readline())
//! ```
//!
//! The bot reads each line, rebuilds the position and answers. Here it
//! plays the first legal column; a real bot searches instead:
//!
//! ```
//! use std::io::{BufRead, Write};
//!
//! use rulebook::connect4::{Connect4, Player};
//! use rulebook::Game;
//!
//! fn serve(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
//!     for line in input.lines() {
//!         let line = line?;
//!         let (mark, board) = line.split_once(' ').unwrap_or(("", ""));
//!         let position = Connect4::parse_kaggle_board(board);
//!         let mark = mark.parse().ok().and_then(Player::from_kaggle_mark);
//!         let column = match (position, mark) {
//!             (Ok(position), Some(mark)) if mark == position.to_move() => {
//!                 position.legal_moves().first().map(|column| column.index())
//!             }
//!             _ => None,
//!         };
//!         // Kaggle counts an invalid answer as a loss; say why on stderr.
//!         match column {
//!             Some(column) => writeln!(output, "{column}")?,
//!             None => eprintln!("no move for {line:?}"),
//!         }
//!         output.flush()?;
//!     }
//!     Ok(())
//! }
//!
//! // One turn: the empty board but for X's token in the bottom centre;
//! // O (mark 2) to act.
//! let mut board = vec![0; 42];
//! board[38] = 1;
//! let line = format!("2 {board:?}\n");
//! let mut answer = Vec::new();
//! serve(line.as_bytes(), &mut answer).unwrap();
//! assert_eq!(answer, b"0\n");
//! ```
//!
//! Boards of other sizes and other run lengths (Kaggle's `config.rows`,
//! `config.columns`, `config.inarow`) are not Connect Four: read them with
//! [`ConnectX::from_kaggle_board`](crate::connectx::ConnectX::from_kaggle_board),
//! which takes the configuration as [`Parameters`](crate::connectx::Parameters).

use super::{Board, Connect4, ParseBoardError, Player, PositionError, CELLS, COLUMNS, ROWS};
use crate::kaggle_text::{read_cells, CellsError};

/// Kaggle's value of an empty cell.
pub const KAGGLE_EMPTY: u8 = 0;

impl Player {
    /// Kaggle's mark of this player: 1 for X (who moves first), 2 for O.
    pub const fn kaggle_mark(self) -> u8 {
        match self {
            Player::X => 1,
            Player::O => 2,
        }
    }

    /// The player of a Kaggle mark (1 or 2), or `None` for any other
    /// number.
    pub const fn from_kaggle_mark(mark: i64) -> Option<Player> {
        match mark {
            1 => Some(Player::X),
            2 => Some(Player::O),
            _ => None,
        }
    }
}

/// Why cells are not a Kaggle Connect Four board of a position.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum KaggleBoardError {
    /// Not 42 cells.
    #[error("a Kaggle Connect Four board has 42 cells (6 rows of 7), found {0}")]
    WrongLength(usize),
    /// A cell that is not 0, 1 or 2.
    #[error("cell {index} (row {row} from the top, column {column}) is {value}: cells are 0 (empty), 1 or 2")]
    InvalidCell {
        /// The cell's index in the list.
        index: usize,
        /// Its row, counting from 0 at the top as Kaggle does.
        row: usize,
        /// Its column.
        column: usize,
        /// The value found.
        value: i64,
    },
    /// Text between separators that is not a number.
    #[error("{text:?} (cell {index}) is not a number: cells are 0 (empty), 1 or 2")]
    NotANumber {
        /// The cell's index in the list.
        index: usize,
        /// The text found.
        text: String,
    },
    /// A token above an empty cell.
    #[error(transparent)]
    Board(#[from] ParseBoardError),
    /// A board no game reaches.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl Connect4 {
    /// The board in Kaggle's encoding: 42 cells, row-major, top row first,
    /// `0` empty, `1` X, `2` O ([`Player::kaggle_mark`]).
    ///
    /// ```
    /// use rulebook::connect4::Connect4;
    ///
    /// let board = Connect4::from_moves("4").unwrap().to_kaggle_board();
    /// assert_eq!(board[35 + 3], 1); // bottom row, column 3
    /// assert_eq!(board.iter().filter(|&&cell| cell != 0).count(), 1);
    /// ```
    pub fn to_kaggle_board(&self) -> [u8; CELLS] {
        let mut cells = [KAGGLE_EMPTY; CELLS];
        for (index, cell) in cells.iter_mut().enumerate() {
            let (row, col) = (ROWS - 1 - index / COLUMNS, index % COLUMNS);
            if let Some(player) = self.board().piece_at(row, col) {
                *cell = player.kaggle_mark();
            }
        }
        cells
    }

    /// Reads Kaggle's encoding (see [`to_kaggle_board`](Self::to_kaggle_board)),
    /// from a slice of any integer type, and checks that the position can
    /// arise in a game ([`Connect4::from_board`]). The player to move
    /// follows from the counts; compare it with the observation's mark.
    ///
    /// # Errors
    ///
    /// [`KaggleBoardError::WrongLength`], [`KaggleBoardError::InvalidCell`]
    /// (naming the cell), [`KaggleBoardError::Board`] for a token above an
    /// empty cell, [`KaggleBoardError::Position`] for a board no game
    /// reaches.
    pub fn from_kaggle_board<T: Copy + Into<i64>>(
        cells: &[T],
    ) -> Result<Connect4, KaggleBoardError> {
        if cells.len() != CELLS {
            return Err(KaggleBoardError::WrongLength(cells.len()));
        }
        let mut board = Board::new();
        // Bottom row first, so that every token lands on the one below.
        for top_row in (0..ROWS).rev() {
            for column in 0..COLUMNS {
                let index = top_row * COLUMNS + column;
                let value = cells[index].into();
                let player = match value {
                    0 => continue,
                    mark => {
                        Player::from_kaggle_mark(mark).ok_or(KaggleBoardError::InvalidCell {
                            index,
                            row: top_row,
                            column,
                            value,
                        })?
                    }
                };
                let row = ROWS - 1 - top_row;
                match board.place_token(player, column) {
                    Ok(landed) if landed == row => {}
                    _ => return Err(ParseBoardError::FloatingToken { row, col: column }.into()),
                }
            }
        }
        Ok(Connect4::from_board(board)?)
    }

    /// Reads a Kaggle board written as text: the 42 cells separated by
    /// commas and/or whitespace, optionally in square brackets (Python's
    /// `str(obs.board)`, JSON), or 42 digits with no separator.
    ///
    /// ```
    /// use rulebook::connect4::Connect4;
    ///
    /// let mut cells = vec!["0"; 42];
    /// cells[38] = "1";
    /// let python = format!("[{}]", cells.join(", "));
    /// let game = Connect4::parse_kaggle_board(&python).unwrap();
    /// assert_eq!(game, Connect4::from_moves("4").unwrap());
    /// assert_eq!(Connect4::parse_kaggle_board(&cells.concat()), Ok(game));
    /// ```
    ///
    /// # Errors
    ///
    /// [`KaggleBoardError::NotANumber`] naming the cell, and the errors of
    /// [`from_kaggle_board`](Self::from_kaggle_board).
    pub fn parse_kaggle_board(text: &str) -> Result<Connect4, KaggleBoardError> {
        let mut cells = [0_i64; CELLS];
        read_cells(text, &mut cells).map_err(|error| match error {
            CellsError::NotANumber { index, text } => KaggleBoardError::NotANumber { index, text },
            CellsError::WrongLength(count) => KaggleBoardError::WrongLength(count),
        })?;
        Connect4::from_kaggle_board(&cells)
    }
}
