//! [`Connect4`]: the game — a [`Board`] plus whose turn it is — and its
//! [`Game`] implementation.

use super::bitboard::{column_mask, has_four, open_columns, playable_cells};
use super::{Board, Column, Ending, Player, CELLS, COLUMNS, ROWS};
use crate::{Game, MoveList, Outcome, PlayError};

/// The legal moves of a Connect Four position.
///
/// Capacity proof: a move is a column, each column appears at most once,
/// and there are `COLUMNS` (7) columns.
pub type Moves = MoveList<Column, COLUMNS>;

/// `MOVES_BY_OPEN_COLUMNS[open]`: the columns whose bits are set in `open`
/// (bit `c` for column `c`), left to right. Looking the list up is cheaper
/// than building it (callgrind, `perft connect4 8 --plain`).
static MOVES_BY_OPEN_COLUMNS: [Moves; 1 << COLUMNS] = {
    let mut table = [Moves::from_array(Column::ALL, 0); 1 << COLUMNS];
    let mut open = 0;
    while open < 1 << COLUMNS {
        let mut columns = Column::ALL;
        let mut len = 0;
        let mut col = 0;
        while col < COLUMNS {
            if open & (1 << col) != 0 {
                columns[len] = Column::ALL[col];
                len += 1;
            }
            col += 1;
        }
        table[open] = Moves::from_array(columns, len);
        open += 1;
    }
    table
};

/// A Connect Four position: the board and, derived from it, the player to
/// move (`X` when both have placed as many tokens, else `O`).
///
/// Invariants (checked by every constructor):
/// - the [`Board`] invariants (gravity, one token per cell);
/// - X has as many tokens as O, or one more;
/// - the player to move does not have four in a row (the game stops at the
///   first four in a row, which can only be the last mover's).
///
/// The state is two `u64` bit sets, 16 bytes, `Copy`.
/// [`Display`](core::fmt::Display) prints the board in the console format of
/// [`Board`];
/// [`text`](Connect4::text) / [`FromStr`](core::str::FromStr) use the
/// compact validated text (also the serde form).
///
/// ```
/// use rulebook::connect4::{Column, Connect4, Player};
/// use rulebook::{Game, Outcome};
///
/// let mut game = Connect4::default();
/// game.apply(Column::new(3).unwrap())?; // X in the middle column (0-6)
/// assert_eq!(game.to_move(), Player::O);
/// assert_eq!(game.plies(), 1);
///
/// // Solver notation: 1-indexed column digits from the empty board.
/// let game = Connect4::from_moves("4455667")?;
/// assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
/// assert_eq!(Connect4::parse_text(&game.text())?, game); // the compact text round-trips
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Connect4 {
    board: Board,
}

impl Connect4 {
    /// The empty board, X to move.
    pub const fn new() -> Connect4 {
        Connect4 {
            board: Board::new(),
        }
    }

    /// Wraps a board whose invariants the caller has established.
    pub(crate) const fn from_board_unchecked(board: Board) -> Connect4 {
        Connect4 { board }
    }

    /// The board.
    #[inline]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The number of moves played so far, `0..=42`.
    #[inline]
    pub const fn plies(&self) -> u32 {
        self.board.occupied().count_ones()
    }

    /// Whether the last mover has four in a row.
    #[inline(always)]
    const fn is_won(&self) -> bool {
        has_four(self.board.stones(self.last_mover()))
    }

    /// The player who moved last (`O` on an empty board: X moves first).
    #[inline(always)]
    const fn last_mover(&self) -> Player {
        self.side_to_move().opponent()
    }

    #[inline(always)]
    const fn side_to_move(&self) -> Player {
        // X moves on even ply counts: X has placed as many tokens as O.
        if self.plies() % 2 == 0 {
            Player::X
        } else {
            Player::O
        }
    }

    /// The winner, if the last mover made four in a row.
    pub const fn winner(&self) -> Option<Player> {
        if self.is_won() {
            Some(self.last_mover())
        } else {
            None
        }
    }
}

impl Game for Connect4 {
    type Player = Player;
    type Move = Column;
    type Moves = Moves;
    type Ending = Ending;

    /// A game ends when the 42 cells are full, if not before.
    const MAX_PLIES: Option<u32> = Some(CELLS as u32);

    #[inline]
    fn opponent(player: Player) -> Player {
        player.opponent()
    }

    #[inline]
    fn to_move(&self) -> Player {
        self.side_to_move()
    }

    /// The columns that are not full, left to right (a table lookup by
    /// the open columns); none once the game is over.
    #[inline]
    fn legal_moves(&self) -> Moves {
        // A won board has no moves, like a full one (no open column).
        let open = if self.is_won() {
            0
        } else {
            open_columns(self.board.occupied())
        };
        MOVES_BY_OPEN_COLUMNS[open]
    }

    #[inline]
    fn apply(&mut self, mv: Column) -> Result<(), PlayError<Column>> {
        if self.is_won() || self.board.is_full() {
            return Err(PlayError::GameOver);
        }
        // The column's lowest empty cell; none when the column is full.
        let cell = playable_cells(self.board.occupied()) & column_mask(mv.index());
        if cell == 0 {
            return Err(PlayError::IllegalMove(mv));
        }
        let mover = self.side_to_move();
        self.board.set(mover, cell);
        Ok(())
    }

    #[inline]
    fn apply_unchecked(&mut self, mv: Column) {
        debug_assert!(self.is_legal(mv), "{mv} is not legal in {self:?}");
        let cell = playable_cells(self.board.occupied()) & column_mask(mv.index());
        let mover = self.side_to_move();
        self.board.set(mover, cell);
    }

    fn outcome(&self) -> Option<Outcome<Player>> {
        self.ending().map(|ending| match ending {
            Ending::FourInARow => Outcome::Win(self.last_mover()),
            Ending::BoardFull => Outcome::Draw,
        })
    }

    fn ending(&self) -> Option<Ending> {
        if self.is_won() {
            Some(Ending::FourInARow)
        } else if self.board.is_full() {
            Some(Ending::BoardFull)
        } else {
            None
        }
    }

    /// An exact code of the position, spread over 64 bits: never a
    /// collision.
    ///
    /// For each column, X's stones plus the column's occupied cells is a
    /// number that tells the column's height and its colours apart (a
    /// column of height `h` gives a value in `2^h - 1 ..= 2^(h+1) - 2`,
    /// and these ranges do not overlap), and the side to move follows from
    /// the board; so `x + occupied` is a different 49-bit number for every
    /// position. [`mix64`](crate::mix64), a bijection, spreads it over the
    /// 64 bits so the low bits index a table well.
    #[inline]
    fn key(&self) -> u64 {
        crate::mix64(self.board.stones(Player::X) + self.board.occupied())
    }

    /// The only rule that refuses a column while the game goes on: it is
    /// full.
    fn why_illegal(&self, mv: Column) -> Option<String> {
        match self.ending() {
            Some(ending) => Some(format!("the game is already over: {ending}")),
            None if self.board.height(mv) >= ROWS => Some(format!("{mv:#} is full")),
            None => None,
        }
    }

    /// A bitboard walk that counts the last two plies in bulk; equal to the
    /// generic count.
    fn perft(&self, depth: u32) -> u64 {
        super::perft::perft(self, depth)
    }
}
