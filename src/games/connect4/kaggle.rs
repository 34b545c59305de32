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
//! exactly Connect Four: mark 1 is [`Player::X`](super::Player::X), mark 2
//! [`Player::O`](super::Player::O), and the answer is
//! [`Column::index`](super::Column::index) (which is also the action number of
//! [`Connect4`]'s [`Environment`](crate::agent::Environment)).
//!
//! - [`Connect4::to_kaggle_board`] writes the 42 cells;
//! - [`Connect4::from_kaggle_board`] reads them (from any integer slice)
//!   and checks that the position can arise in a game;
//! - [`Connect4::parse_kaggle_board`] reads the board as text: Python's
//!   `str(obs.board)` (`[0, 0, 1, ...]`), JSON, or 42 bare digits;
//! - [`Player::kaggle_mark`](super::Player::kaggle_mark) /
//!   [`Player::from_kaggle_mark`](super::Player::from_kaggle_mark) convert
//!   marks.
//!
//! Each is ConnectX's (its errors are [`KaggleBoardError`]) at 6x7x4.
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

use super::{Connect4, CELLS};
use crate::connectx::{ConnectX, KaggleBoardError, Parameters, KAGGLE_EMPTY};

impl Connect4 {
    /// The board in Kaggle's encoding: 42 cells, row-major, top row first,
    /// `0` empty, `1` X, `2` O ([`Player::kaggle_mark`](super::Player::kaggle_mark)):
    /// [`ConnectX::to_kaggle_board`] at 6x7x4, in an array.
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
        crate::connectx::Board::from(*self.board()).write_kaggle_cells(&mut cells);
        cells
    }

    /// Reads Kaggle's encoding (see [`to_kaggle_board`](Self::to_kaggle_board)),
    /// from a slice of any integer type, and checks that the position can
    /// arise in a game: [`ConnectX::from_kaggle_board`] at 6x7x4. The
    /// player to move follows from the counts; compare it with the
    /// observation's mark.
    ///
    /// # Errors
    ///
    /// ConnectX's [`KaggleBoardError`]: `WrongLength`, `InvalidCell`
    /// (naming the cell), `Board` for a token above an empty cell,
    /// `Position` for a board no game reaches.
    pub fn from_kaggle_board<T: Copy + Into<i64>>(
        cells: &[T],
    ) -> Result<Connect4, KaggleBoardError> {
        ConnectX::from_kaggle_board(Parameters::CONNECT_FOUR, cells)
            .map(Connect4::from_connect_four)
    }

    /// Reads a Kaggle board written as text: the 42 cells separated by
    /// commas and/or whitespace, optionally in square brackets (Python's
    /// `str(obs.board)`, JSON), or 42 digits with no separator:
    /// [`ConnectX::parse_kaggle_board`] at 6x7x4.
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
        ConnectX::parse_kaggle_board(Parameters::CONNECT_FOUR, text)
            .map(Connect4::from_connect_four)
    }
}
