//! [`ConnectX`]: the game — a [`Board`] plus whose turn it is — and its
//! [`Game`] implementation.

use super::lines::ColumnBits;
use super::{Board, Column, Ending, Parameters, Player, MAX_COLUMNS, MAX_ROWS};
use crate::{Game, MoveList, Outcome, PlayError};

/// The legal moves of a ConnectX position.
///
/// Capacity proof: a move is a column, each column appears at most once,
/// and a board has at most `MAX_COLUMNS` (16) columns.
pub type Moves = MoveList<Column, MAX_COLUMNS>;

/// The longest game on the largest board: one ply per cell of 16 x 16.
const MAX_CELLS: u32 = (MAX_ROWS * MAX_COLUMNS) as u32;

/// A ConnectX position: Connect Four's rules on a board of any size up to
/// 16 x 16 with any line length from 2 to 16 (its [`Parameters`]). X moves
/// first; the player to move follows from the board (`X` when both have
/// placed as many tokens, else `O`).
///
/// Invariants (checked by every constructor):
/// - the [`Board`] invariants (gravity, one token per cell, on the board);
/// - X has as many tokens as O, or one more;
/// - the player to move has no winning line (the game stops at the first
///   line, which can only be the last mover's).
///
/// `ConnectX::default()` is the empty Connect Four board (6x7x4); at 6x7x4
/// the game plays exactly as [`Connect4`](crate::connect4::Connect4) (the same moves, outcomes, text
/// and perft), which stays the faster type for that one size.
///
/// The value is the board (64 bytes of stones and the parameters) and
/// three derived fields that make the hot path quick — the ply count, the
/// non-full columns and whether the last move won — 74 bytes in all,
/// `Copy`, with no heap allocation. [`Display`](core::fmt::Display) prints the
/// board in the assignment's format; [`text`](ConnectX::text) /
/// [`FromStr`](core::str::FromStr) use the validated text with the
/// parameters (also the serde form).
///
/// ```
/// use rulebook::connectx::{Column, ConnectX, Parameters, Player};
/// use rulebook::{Game, Outcome};
///
/// let mut game = ConnectX::new(Parameters::new(4, 5, 3).unwrap());
/// for col in [0, 0, 1, 1, 2] {
///     game.apply(Column::new(col).unwrap()).unwrap();
/// }
/// assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
/// // Column 5 exists on larger boards, not on this one.
/// let fresh = ConnectX::new(game.parameters());
/// assert!(fresh.after(Column::new(5).unwrap()).is_err());
/// assert_eq!(rulebook::perft(&ConnectX::default(), 4), 2401);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct ConnectX {
    board: Board,
    /// The tokens on the board: the plies played.
    plies: u16,
    /// One bit per column of the board that can take a token.
    open: ColumnBits,
    /// Whether the last mover has a winning line.
    won: bool,
}

// Sixteen columns: one bit each in `open`.
const _: () = assert!(MAX_COLUMNS <= ColumnBits::BITS as usize);

impl ConnectX {
    /// The empty board of the given size, X to move.
    pub const fn new(parameters: Parameters) -> ConnectX {
        ConnectX {
            board: Board::new(parameters),
            plies: 0,
            // Every column of the board is open: the low `columns` bits.
            open: ((1u32 << parameters.columns()) - 1) as ColumnBits,
            won: false,
        }
    }

    /// Wraps a board and derives the cached fields.
    ///
    /// Precondition: the board satisfies the game invariants (the token
    /// counts; the player to move has no line).
    pub(crate) fn from_board_unchecked(board: Board) -> ConnectX {
        let rows = board.rows();
        let open = (0..board.columns())
            .filter(|&col| board.landing_row(col) < rows)
            .fold(0, |open, col| open | 1 << col);
        let plies = board.token_count();
        let last_mover = if plies % 2 == 0 { Player::O } else { Player::X };
        let game = ConnectX {
            board,
            // At most 256 tokens.
            plies: plies as u16,
            open,
            won: board.has_line(last_mover),
        };
        debug_assert!(!board.has_line(game.side_to_move()));
        game
    }

    /// The board.
    #[inline]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The board's size and line length.
    #[inline]
    pub const fn parameters(&self) -> Parameters {
        self.board.parameters()
    }

    /// The number of moves played so far, `0..=rows * columns`.
    #[inline]
    pub const fn plies(&self) -> u32 {
        self.plies as u32
    }

    /// One bit per column that can take a token (bit `c` for column `c`),
    /// whether or not the game is over.
    #[inline(always)]
    pub(crate) const fn open_columns(&self) -> ColumnBits {
        self.open
    }

    #[inline(always)]
    const fn side_to_move(&self) -> Player {
        // X moves on even ply counts: X has placed as many tokens as O.
        if self.plies % 2 == 0 {
            Player::X
        } else {
            Player::O
        }
    }

    /// The winner, if the last mover made a winning line.
    pub const fn winner(&self) -> Option<Player> {
        if self.won {
            Some(self.side_to_move().opponent())
        } else {
            None
        }
    }

    /// Drops the mover's token into column `col`.
    ///
    /// Precondition: the game is not over and `col` is open.
    #[inline(always)]
    fn drop_token(&mut self, col: usize) {
        debug_assert!(!self.won && self.open & 1 << col != 0);
        let mover = self.side_to_move();
        let row = self.board.landing_row(col);
        self.won = self.board.completes_line(mover, row, col);
        self.board.set(mover, row, col);
        self.plies += 1;
        if row + 1 == self.board.rows() {
            self.open &= !(1 << col);
        }
    }
}

impl Default for ConnectX {
    /// The empty Connect Four board: 6 rows, 7 columns, 4 in a row.
    fn default() -> ConnectX {
        ConnectX::new(Parameters::CONNECT_FOUR)
    }
}

impl Game for ConnectX {
    type Player = Player;
    type Move = Column;
    type Moves = Moves;
    type Ending = Ending;

    /// 256: a game of `R` x `C` ends within `R * C` plies (one token per
    /// cell), and the largest board has 16 x 16 cells.
    /// [`Parameters::cells`] is the bound of one game.
    const MAX_PLIES: Option<u32> = Some(MAX_CELLS);

    #[inline]
    fn to_move(&self) -> Player {
        self.side_to_move()
    }

    #[inline]
    fn opponent(player: Player) -> Player {
        player.opponent()
    }

    /// The columns that are not full, left to right; none once the game
    /// is over.
    #[inline]
    fn legal_moves(&self) -> Moves {
        let mut moves = Moves::new();
        if self.won {
            return moves;
        }
        let mut open = self.open;
        while open != 0 {
            if let Some(column) = Column::new(open.trailing_zeros() as usize) {
                moves.push(column);
            }
            open &= open - 1;
        }
        moves
    }

    /// # Errors
    ///
    /// [`PlayError::GameOver`] after a win or on a full board;
    /// [`PlayError::IllegalMove`] for a full column or a column beyond the
    /// board's width.
    #[inline]
    fn apply(&mut self, mv: Column) -> Result<(), PlayError<Column>> {
        if self.won || self.open == 0 {
            return Err(PlayError::GameOver);
        }
        // Columns beyond the board are never open.
        if self.open & 1 << mv.index() == 0 {
            return Err(PlayError::IllegalMove(mv));
        }
        self.drop_token(mv.index());
        Ok(())
    }

    #[inline]
    fn apply_unchecked(&mut self, mv: Column) {
        debug_assert!(self.is_legal(mv), "{mv} is not legal in {self:?}");
        self.drop_token(mv.index());
    }

    fn outcome(&self) -> Option<Outcome<Player>> {
        self.ending().map(|ending| match ending {
            Ending::InARow { .. } => Outcome::Win(self.side_to_move().opponent()),
            Ending::BoardFull => Outcome::Draw,
        })
    }

    fn ending(&self) -> Option<Ending> {
        if self.won {
            Some(Ending::InARow {
                length: self.board.in_a_row(),
            })
        } else if self.open == 0 {
            Some(Ending::BoardFull)
        } else {
            None
        }
    }

    /// A code of the position spread over 64 bits: exact (never a
    /// collision between two positions with the same parameters) when
    /// `columns * (rows + 1) <= 64` — Connect Four's 6x7 and every board
    /// up to 7x8 or 8x7 among them — and a well-mixed hash on larger
    /// boards.
    ///
    /// Each column's X tokens plus its occupied cells is a number of
    /// `rows + 1` bits that tells the column's height and colours apart
    /// (a column of height `h` gives a value in `2^h - 1 ..= 2^(h+1) - 2`,
    /// and these ranges do not overlap); the columns' numbers side by side
    /// are the board, and the side to move follows from the board. Each 64
    /// bits of that go through [`mix64`](crate::mix64), a bijection, with
    /// the key so far and the parameters: one word, so exact, on the small
    /// boards.
    fn key(&self) -> u64 {
        let width = self.board.rows() + 1;
        let parameters = self.parameters();
        let mut key = crate::mix64(
            (parameters.rows() << 16 | parameters.columns() << 8 | parameters.in_a_row()) as u64,
        );
        let mut pending: u128 = 0;
        let mut pending_bits = 0;
        for col in 0..self.board.columns() {
            let code = u32::from(self.board.column_bits(Player::X, col))
                + u32::from(self.board.occupied_bits(col));
            pending |= u128::from(code) << pending_bits;
            pending_bits += width;
            if pending_bits >= 64 {
                key = crate::mix64(key ^ pending as u64);
                pending >>= 64;
                pending_bits -= 64;
            }
        }
        if pending_bits > 0 {
            key = crate::mix64(key ^ pending as u64);
        }
        key
    }

    /// A walk that plays and takes back tokens on one board and counts the
    /// last two plies in bulk; equal to the generic count.
    fn perft(&self, depth: u32) -> u64 {
        super::perft::perft(self, depth)
    }
}

crate::connectx::impl_position_text!(ConnectX);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_small() {
        assert_eq!(core::mem::size_of::<Board>(), 68);
        assert_eq!(core::mem::size_of::<ConnectX>(), 74);
    }
}
