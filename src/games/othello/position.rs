//! [`Othello`]: the position (two bitboards and the side to move) and its
//! [`Game`] rules; [`Ending`]; [`MoveError`], what reading a move against
//! a position refuses.

use core::fmt;

use super::bitboard::{flips, has_moves, moves};
use super::{Move, ParseMoveError, Player, Square, MAX_MOVES, SIZE};
use crate::{Game, MoveList, Outcome, PlayError};

/// The discs of the standard start: White on `d4` and `e5`, Black on `d5`
/// and `e4`.
const START_WHITE: u64 = (1 << 27) | (1 << 36);
/// See [`START_WHITE`].
const START_BLACK: u64 = (1 << 28) | (1 << 35);

/// Added to the key when White is to move.
const WHITE_TO_MOVE_KEY: u64 = 0x9E37_79B9_7F4A_7C15;

/// The legal moves of a position: at most [`MAX_MOVES`], no heap.
pub type Moves = MoveList<Move, MAX_MOVES>;

/// An Othello position: the discs of each side and the side to move.
/// 17 bytes of state; `Copy`; no history (a pass needs none: whether the
/// player to move must pass, and whether the game is over, follow from
/// the discs).
///
/// The rules:
/// - the start ([`Othello::default`]): White on `d4` and `e5`, Black on
///   `d5` and `e4`, Black to move;
/// - a move puts a disc of the player to move on an empty square that
///   flanks, in at least one of the 8 directions, an unbroken line of the
///   opponent's discs ending in one of the player's; every such line
///   turns over;
/// - a player with no such square passes ([`Move::Pass`], the only legal
///   move then) when the opponent has one;
/// - the game ends when neither player can move (a full board, or no
///   disc can flank a line); the player with more discs wins, equal
///   counts draw. The player to move at the end may be the winner (the
///   [`Game`] contract allows it).
///
/// Text: [`Othello::text`] and `FromStr` (see [`ParseBoardError`]); the
/// `Display` form is a diagram. With `serde`, the position is its text.
///
/// [`ParseBoardError`]: super::ParseBoardError
///
/// ```
/// use rulebook::othello::{Move, Othello, Player};
/// use rulebook::Game;
///
/// let mut game = Othello::default();
/// assert_eq!(game.legal_moves().len(), 4);
/// game.apply("d3".parse::<Move>().unwrap()).unwrap();
/// assert_eq!(game.disc_count(Player::Black), 4);
/// assert_eq!(game.to_move(), Player::White);
/// assert_eq!(rulebook::perft(&Othello::default(), 5), 1396);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Othello {
    /// The discs of the player to move.
    mover: u64,
    /// The discs of the other player.
    waiting: u64,
    to_move: Player,
}

/// Why an Othello game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ending {
    /// All 64 squares hold a disc.
    BoardFull,
    /// Empty squares remain, but neither player can move.
    NoMoves,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::BoardFull => "the board is full",
            Ending::NoMoves => "neither player can move",
        })
    }
}

/// Why discs cannot make a position: a square holds a disc of each side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("square {square} holds a disc of each player")]
pub struct OverlapError {
    /// The first square in both sets.
    pub square: Square,
}

/// Why a move text was refused in a position
/// ([`Othello::parse_move`]); every message ends with the legal moves.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum MoveError {
    /// The text is not a square or `pass`.
    #[error("{error}; legal moves: {}", crate::move_list::joined(.legal))]
    Parse {
        /// What was wrong with the text.
        error: ParseMoveError,
        /// The legal moves of the position.
        legal: Vec<Move>,
    },
    /// The move is not legal here.
    #[error("{mv} is not a legal move in this position: {reason}; legal moves: {}", crate::move_list::joined(.legal))]
    Illegal {
        /// The move read.
        mv: Move,
        /// The rule that forbids it.
        reason: &'static str,
        /// The legal moves of the position.
        legal: Vec<Move>,
    },
    /// The game is over: no move is legal.
    #[error("the game is already over: {0}")]
    GameOver(Ending),
}

impl Default for Othello {
    /// The standard start: White on `d4` and `e5`, Black on `d5` and
    /// `e4`, Black to move.
    fn default() -> Self {
        Othello {
            mover: START_BLACK,
            waiting: START_WHITE,
            to_move: Player::Black,
        }
    }
}

impl Othello {
    /// The position with discs `black` and `white` (bit `row * 8 +
    /// column` for each square, see [`Square::index`]) and `to_move` to
    /// move. Any placement is accepted, finished games included.
    ///
    /// # Errors
    ///
    /// [`OverlapError`] when a square is in both sets.
    pub fn from_discs(black: u64, white: u64, to_move: Player) -> Result<Othello, OverlapError> {
        let both = black & white;
        if both != 0 {
            let square = Square::new(both.trailing_zeros() as usize).unwrap_or_default();
            return Err(OverlapError { square });
        }
        Ok(Self::from_sides(black, white, to_move))
    }

    /// As [`from_discs`](Othello::from_discs), for disjoint sets.
    pub(super) const fn from_sides(black: u64, white: u64, to_move: Player) -> Othello {
        debug_assert!(black & white == 0);
        match to_move {
            Player::Black => Othello {
                mover: black,
                waiting: white,
                to_move,
            },
            Player::White => Othello {
                mover: white,
                waiting: black,
                to_move,
            },
        }
    }

    /// The discs of the player to move, then the opponent's.
    #[inline]
    pub const fn mover_and_opponent(&self) -> (u64, u64) {
        (self.mover, self.waiting)
    }

    /// The discs of `player`, one bit per square ([`Square::index`]).
    #[inline]
    pub const fn discs(&self, player: Player) -> u64 {
        if player as u8 == self.to_move as u8 {
            self.mover
        } else {
            self.waiting
        }
    }

    /// How many discs `player` has.
    #[inline]
    pub const fn disc_count(&self, player: Player) -> u32 {
        self.discs(player).count_ones()
    }

    /// The empty squares, one bit each.
    #[inline]
    pub const fn empty(&self) -> u64 {
        !(self.mover | self.waiting)
    }

    /// Whose disc is on `square`, if any.
    pub const fn disc_at(&self, square: Square) -> Option<Player> {
        if self.mover & square.bit() != 0 {
            Some(self.to_move)
        } else if self.waiting & square.bit() != 0 {
            Some(self.to_move.opponent())
        } else {
            None
        }
    }

    /// The squares where the player to move may put a disc, one bit each
    /// (0 when they must pass or the game is over).
    #[inline]
    pub const fn move_squares(&self) -> u64 {
        moves(self.mover, self.waiting)
    }

    /// The discs that a disc of the player to move on `square` turns over
    /// (0 when no line is flanked there, or the square is taken).
    pub fn flipped_by(&self, square: Square) -> u64 {
        if self.empty() & square.bit() == 0 {
            return 0;
        }
        flips(square.index(), self.mover, self.waiting)
    }

    /// Whether the player to move must pass: no disc move, and the game is
    /// not over.
    #[inline]
    pub const fn must_pass(&self) -> bool {
        self.move_squares() == 0 && has_moves(self.waiting, self.mover)
    }

    /// The position after the player to move puts a disc on the square of
    /// bit index `square`, turning `flipped` over.
    #[inline(always)]
    pub(super) const fn after_disc(&self, square: usize, flipped: u64) -> Othello {
        Othello {
            mover: self.waiting ^ flipped,
            waiting: self.mover | flipped | (1 << square),
            to_move: self.to_move.opponent(),
        }
    }

    /// The position after a pass.
    #[inline(always)]
    pub(super) const fn after_pass(&self) -> Othello {
        Othello {
            mover: self.waiting,
            waiting: self.mover,
            to_move: self.to_move.opponent(),
        }
    }

    /// The rule that forbids `mv` here, or `None` when it is legal.
    fn illegal_reason(&self, mv: Move) -> Option<&'static str> {
        let squares = self.move_squares();
        match mv {
            Move::Place(square) if squares & square.bit() != 0 => None,
            Move::Place(square) if self.empty() & square.bit() == 0 => Some("the square is taken"),
            Move::Place(_) if squares == 0 => {
                Some("there is no disc move here, so the player must pass")
            }
            Move::Place(_) => Some("the disc would flank no line of the opponent's discs"),
            Move::Pass if squares != 0 => Some("a player may pass only when no disc move is legal"),
            Move::Pass => None,
        }
    }

    /// Reads `text` as a move of this position: a square (`d3`) or `pass`.
    ///
    /// # Errors
    ///
    /// [`MoveError::Parse`] when the text is neither,
    /// [`MoveError::Illegal`] when the move is not legal here (naming the
    /// rule), [`MoveError::GameOver`] once the game has ended. Each lists
    /// the legal moves.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if let Some(ending) = self.ending() {
            return Err(MoveError::GameOver(ending));
        }
        let legal = || self.legal_moves().to_vec();
        let mv: Move = text.parse().map_err(|error| MoveError::Parse {
            error,
            legal: legal(),
        })?;
        match self.illegal_reason(mv) {
            None => Ok(mv),
            Some(reason) => Err(MoveError::Illegal {
                mv,
                reason,
                legal: legal(),
            }),
        }
    }
}

impl Game for Othello {
    type Player = Player;
    type Move = Move;
    type Moves = Moves;
    type Ending = Ending;
    /// 60 disc moves (one per empty square of the start) and at most one
    /// pass before each but the first.
    const MAX_PLIES: Option<u32> = Some(2 * (SIZE * SIZE - 4) as u32 - 1);

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn opponent(player: Player) -> Player {
        player.opponent()
    }

    /// The disc moves in square order (`a1`, `b1`, ..., `h8`), or `pass`
    /// alone, or nothing once the game is over.
    fn legal_moves(&self) -> Moves {
        let mut list = Moves::new();
        let mut squares = self.move_squares();
        if squares == 0 {
            if has_moves(self.waiting, self.mover) {
                list.push(Move::Pass);
            }
            return list;
        }
        while squares != 0 {
            let index = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            if let Some(square) = Square::new(index) {
                list.push(Move::Place(square));
            }
        }
        list
    }

    fn apply(&mut self, mv: Move) -> Result<(), PlayError<Move>> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if self.illegal_reason(mv).is_some() {
            return Err(PlayError::IllegalMove(mv));
        }
        self.apply_unchecked(mv);
        Ok(())
    }

    #[inline]
    fn apply_unchecked(&mut self, mv: Move) {
        debug_assert!(self.illegal_reason(mv).is_none(), "{mv} is not legal");
        *self = match mv {
            Move::Place(square) => {
                let index = square.index();
                self.after_disc(index, flips(index, self.mover, self.waiting))
            }
            Move::Pass => self.after_pass(),
        };
    }

    fn outcome(&self) -> Option<Outcome<Player>> {
        if !self.is_over() {
            return None;
        }
        let (mine, theirs) = (self.mover.count_ones(), self.waiting.count_ones());
        Some(match mine.cmp(&theirs) {
            core::cmp::Ordering::Greater => Outcome::Win(self.to_move),
            core::cmp::Ordering::Less => Outcome::Win(self.to_move.opponent()),
            core::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    #[inline]
    fn is_over(&self) -> bool {
        !has_moves(self.mover, self.waiting) && !has_moves(self.waiting, self.mover)
    }

    fn ending(&self) -> Option<Ending> {
        if !self.is_over() {
            None
        } else if self.empty() == 0 {
            Some(Ending::BoardFull)
        } else {
            Some(Ending::NoMoves)
        }
    }

    /// Two mixes of the discs (Black's, then White's) and a constant for
    /// White to move.
    #[inline]
    fn key(&self) -> u64 {
        let (black, white) = (self.discs(Player::Black), self.discs(Player::White));
        let side = match self.to_move {
            Player::Black => 0,
            Player::White => WHITE_TO_MOVE_KEY,
        };
        crate::mix64(crate::mix64(black) ^ white) ^ side
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        !self.is_over() && self.illegal_reason(mv).is_none()
    }

    /// Names the rule: the square is taken, no line is flanked, a pass
    /// while a disc move exists, a disc move when the player must pass.
    fn why_illegal(&self, mv: Move) -> Option<String> {
        if let Some(ending) = self.ending() {
            return Some(format!("the game is already over: {ending}"));
        }
        let reason = self.illegal_reason(mv)?;
        Some(format!(
            "{mv} is not a legal move in this position: {reason}; legal moves: {}",
            crate::move_list::joined(&self.legal_moves())
        ))
    }

    /// A fast walk of the bitboards, counted in bulk one ply above the
    /// leaves; equal to [`perft_plain`](crate::perft_plain). See also
    /// [`Othello::perft_with_end_passes`].
    fn perft(&self, depth: u32) -> u64 {
        super::perft::count(self, depth)
    }
}

impl fmt::Debug for Othello {
    /// The board text: `Othello("---...--- X")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Othello({:?})", self.text())
    }
}

impl fmt::Display for Othello {
    /// A diagram, rank 1 at the top, then whose turn it is (or the end):
    ///
    /// ```text
    ///   a b c d e f g h
    /// 1 - - - - - - - -
    /// ...
    /// 4 - - - O X - - -
    /// 5 - - - X O - - -
    /// ...
    /// X (Black) 2, O (White) 2; Black to move
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("  a b c d e f g h\n")?;
        for row in 0..SIZE {
            write!(f, "{}", row + 1)?;
            for column in 0..SIZE {
                let square = Square::at(column, row).unwrap_or_default();
                let symbol = self.disc_at(square).map_or('-', Player::symbol);
                write!(f, " {symbol}")?;
            }
            f.write_str("\n")?;
        }
        let (black, white) = (Player::Black, Player::White);
        write!(
            f,
            "X ({black}) {}, O ({white}) {}; ",
            self.disc_count(black),
            self.disc_count(white)
        )?;
        match (self.ending(), self.outcome()) {
            (Some(ending), Some(Outcome::Win(winner))) => write!(f, "{ending}: {winner} wins"),
            (Some(ending), _) => write!(f, "{ending}: a draw"),
            (None, _) if self.must_pass() => write!(f, "{} to move, and must pass", self.to_move),
            (None, _) => write!(f, "{} to move", self.to_move),
        }
    }
}
