//! [`Checkers`]: a checkers position and the rules that move it on.

use core::fmt;

use super::geometry::{Bitboard, BOTTOM_ROW, SQUARE_COUNT, TOP_ROW};
use super::moves::{Move, MoveText, ParseMoveError};
use super::piece::{Piece, Player};
use super::square::{Square, Squares};
use super::{FenError, PositionError, Setup};
use crate::game::apply_checked;
pub(crate) use crate::move_list::joined as move_list;
use crate::{Game, MoveList, Outcome, PlayError};

/// The most pieces one side may have: the 12 it starts with.
pub const MAX_PIECES_PER_SIDE: u32 = 12;

/// The capacity of [`Moves`]: no position that [`Checkers`] accepts has more
/// legal moves.
///
/// # Proof
///
/// Every accepted position has at most [`MAX_PIECES_PER_SIDE`] = 12 pieces
/// per side. Captures are compulsory, so the legal moves are either all
/// steps or all captures.
///
/// - Steps: enemy pieces only take squares away, and a man steps in a
///   subset of a king's directions, so the steps are at most the largest
///   sum, over a placement of at most 12 kings, of their empty diagonal
///   neighbours. Neighbours lie in adjacent rows, so a dynamic programme
///   over the rows tries every placement: the largest sum is 42 (twelve
///   kings on rows 1, 3 and 5, e.g. `B:WK29:BK5-8,K13-16,K21-24`, which
///   has exactly 42 legal moves).
/// - Captures: a jump changes row and column by 2, so the landing squares
///   of a piece lie on the 16 squares of one row parity (a 4x4 grid of
///   "nodes"), and the jumped squares on the 9 centres of the 3x3 "cells"
///   between them (squares of the other parity). A cell's two diagonals
///   share its centre, so a move crosses each cell at most once. A capture
///   move of a piece is a maximal trail through that graph from its square
///   (nodes may be revisited, cells not), crossing only cells that hold an
///   enemy piece and landing only on empty nodes. Adding a usable jump
///   never lowers the number of maximal trails: each old maximal trail
///   stays maximal or extends to at least one new maximal trail, and
///   distinct old trails extend to distinct ones. A man's jumps are a
///   subset of a king's. So the captures of a side are at most the sum,
///   over its pieces, of a king's maximal trails where only the side's own
///   pieces block landings. Let `G(k, c)` be the largest such sum for `k`
///   kings on the nodes of one parity with `c` enemy pieces on its cells,
///   found by trying every placement; with `a + b <= 12` own pieces and
///   `ca + cb <= 12` enemy pieces split over the two parities, the
///   captures are at most max `G(a, ca) + G(b, cb)` = 40 (e.g. 34 for four
///   kings facing nine pieces, plus 6).
///
/// So no accepted position has more than max(42, 40) = 42 legal moves, and
/// the position above has 42: the bound is tight. The tests
/// `step_capacity_bound_is_exhaustive_and_reached` and
/// `capture_capacity_bound_is_exhaustive` in `tests/checkers/capacity.rs`
/// repeat both computations.
pub const MAX_MOVES: usize = 42;

/// The legal moves of a position: a [`MoveList`] of capacity [`MAX_MOVES`].
pub type Moves = MoveList<Move, MAX_MOVES>;

/// Why a checkers game ended: the player to move, the loser, has no legal
/// move. `Display` names the loser: "White has no pieces left", "Red is
/// blocked and cannot move" (so a [`MatchResult`](crate::MatchResult) reads
/// "Red wins: White has no pieces left").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ending {
    /// The player to move has no pieces left.
    NoPieces {
        /// The player to move, who has lost.
        loser: Player,
    },
    /// The player to move has pieces but none can move.
    Blocked {
        /// The player to move, who has lost.
        loser: Player,
    },
}

impl Ending {
    /// The player who lost: the player to move.
    pub const fn loser(self) -> Player {
        match self {
            Ending::NoPieces { loser } | Ending::Blocked { loser } => loser,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::NoPieces { loser } => write!(f, "{loser} has no pieces left"),
            Ending::Blocked { loser } => write!(f, "{loser} is blocked and cannot move"),
        }
    }
}

/// A position of English (American) checkers: where every piece stands and
/// who is to move.
///
/// Stored as three bitboards (Red's pieces, White's pieces, kings of both)
/// and the side to move; `Copy`, 16 bytes.
///
/// Invariants (checked on construction, kept by every move):
/// `red & white == 0`; `kings ⊆ red | white`; each side has at most
/// [`MAX_PIECES_PER_SIDE`] pieces; no Red man on 29–32 and no White man on
/// 1–4 (a man there is crowned); at least one piece on the board.
///
/// `Default` is the start position, Red to move. `Display` draws the board.
///
/// ```
/// use rulebook::checkers::{Checkers, Player, Square};
/// use rulebook::Game;
///
/// let mut game = Checkers::default();
/// assert_eq!(game.legal_moves().len(), 7);
/// game.apply(game.parse_move("11-15")?)?; // PDN move text
/// game.apply(game.parse_move("23-18")?)?;
/// assert_eq!(game.legal_moves().len(), 7);
///
/// // Positions in PDN FEN: a White king on 10 with Red to move.
/// let position = Checkers::from_fen("B:WK10:B1,5")?;
/// assert_eq!(position.to_move(), Player::Red);
/// assert!(position.piece_at(Square::new(10).unwrap()).is_some());
/// assert_eq!(Checkers::from_fen(&position.to_fen())?, position);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
pub struct Checkers {
    pub(super) red: Bitboard,
    pub(super) white: Bitboard,
    pub(super) kings: Bitboard,
    pub(super) turn: Player,
}

/// Squares 1–12.
const RED_START: Bitboard = 0x0000_0FFF;
/// Squares 21–32.
const WHITE_START: Bitboard = 0xFFF0_0000;

impl Default for Checkers {
    fn default() -> Self {
        Checkers {
            red: RED_START,
            white: WHITE_START,
            kings: 0,
            turn: Player::Red,
        }
    }
}

/// Why [`Checkers::parse_move`] could not resolve move text.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum ResolveMoveError {
    /// The text is not move notation at all.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// No legal move matches.
    #[error("{text} is not a legal move in this position{}", no_match_reason(.text, .legal))]
    NoMatch {
        /// The text that was read.
        text: String,
        /// The legal moves, to show what would have been accepted.
        legal: Vec<Move>,
    },
    /// Several legal moves match the short form.
    #[error("{text} matches several legal moves ({}); write the full path", move_list(.candidates))]
    Ambiguous {
        /// The text that was read.
        text: String,
        /// The legal moves it matches.
        candidates: Vec<Move>,
    },
}

/// The rule that refuses a quiet move while a capture is available.
const CAPTURE_COMPULSORY: &str = "a capture is compulsory";

/// The end of a [`ResolveMoveError::NoMatch`] message: the rule that
/// refuses the move when it is the compulsory capture, and the legal
/// moves.
fn no_match_reason(text: &str, legal: &[Move]) -> String {
    let written_as_step = !text.contains(['x', 'X']);
    if legal.is_empty() {
        "; the game is over".to_owned()
    } else if written_as_step && legal.iter().all(|mv| mv.is_capture()) {
        format!(": {CAPTURE_COMPULSORY}; legal moves: {}", move_list(legal))
    } else {
        format!("; legal moves: {}", move_list(legal))
    }
}

impl Checkers {
    /// The start position, Red to move (same as `Default`).
    pub fn new() -> Checkers {
        Checkers::default()
    }

    /// Reads a position from PDN FEN, e.g.
    /// `B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12`
    /// (see [`Setup`] for the syntax).
    ///
    /// # Errors
    ///
    /// [`FenError`] when the text is not FEN (naming the field and the token
    /// that is wrong) or describes a position the rules cannot reach (see
    /// [`Checkers::from_setup`]).
    pub fn from_fen(fen: &str) -> Result<Checkers, FenError> {
        let setup: Setup = fen.parse()?;
        Ok(Checkers::from_setup(&setup)?)
    }

    /// The position of a [`Setup`], after checking it.
    ///
    /// # Errors
    ///
    /// [`PositionError`] when a side has more than 12 pieces, a man stands
    /// on the row where it would have been crowned, or the board is empty.
    pub fn from_setup(setup: &Setup) -> Result<Checkers, PositionError> {
        setup.check()?;
        // Square `n` of the English board is bit `n - 1` of both boards, and
        // its 32 squares fit the 32-bit bitboards.
        let [white, red, kings] = setup.bitboards(|square| 1 << square.index());
        let position = Checkers {
            red: red as Bitboard,
            white: white as Bitboard,
            kings: kings as Bitboard,
            turn: setup.to_move.into(),
        };
        position.debug_assert_invariants();
        Ok(position)
    }

    /// The [`Setup`] of this position (where every piece stands, who moves).
    pub fn to_setup(&self) -> Setup {
        Setup::from_pieces(self.turn, |square| self.piece_at(square))
    }

    /// This position in PDN FEN: the side to move, then White's and Red's
    /// pieces in increasing square order, kings prefixed with `K`, e.g.
    /// `W:W21,K30:B5,9`. [`Checkers::from_fen`] reads it back to the same
    /// position.
    pub fn to_fen(&self) -> String {
        self.to_setup().to_string()
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        // Red is the family's Black.
        Piece::on_bit(square.bit(), self.white, self.red, self.kings)
    }

    /// The squares of `player`'s pieces, in increasing order.
    pub fn squares_of(&self, player: Player) -> impl Iterator<Item = Square> {
        Squares(self.pieces(player))
    }

    crate::draughts::piece_counts!(Player);

    /// Resolves move text against the legal moves of this position.
    ///
    /// Accepts the full path (`22x15x8`), the short form with only the start
    /// and end squares (`22x8`) or any of the squares in between, when
    /// exactly one legal move matches. The separator is not trusted: PDN
    /// files sometimes write a step as `11x15` or a capture as `22-8`, and
    /// these resolve as long as the squares match exactly one legal move.
    /// Captures that take the same pieces to the same square by different
    /// routes (a king round a ring, either way) are each a legal move, but
    /// they leave the same position: text that matches only such routes
    /// (`15x15` for a ring) is the first of them in
    /// [`legal_moves`](Game::legal_moves) order, as a record that writes
    /// the short form means.
    ///
    /// # Errors
    ///
    /// [`ResolveMoveError::Parse`] when the text is not move notation,
    /// [`ResolveMoveError::NoMatch`] when no legal move matches (the error
    /// lists the legal moves), [`ResolveMoveError::Ambiguous`] when several
    /// do (the error lists them).
    pub fn parse_move(&self, text: &str) -> Result<Move, ResolveMoveError> {
        let written = MoveText::read(text)?;
        let legal = self.legal_moves();
        if let Ok(exact) = written.exact_move(text) {
            if legal.contains(&exact) {
                return Ok(exact);
            }
        }
        let mut matching = legal.iter().copied().filter(|mv| {
            mv.from() == written.first()
                && mv.to() == written.last()
                && is_subsequence(written.squares(), mv.path())
        });
        match (matching.next(), matching.next()) {
            (Some(only), None) => Ok(only),
            (None, _) => Err(ResolveMoveError::NoMatch {
                text: text.trim().to_owned(),
                legal: legal.to_vec(),
            }),
            (Some(first), Some(second)) => {
                let candidates: Vec<Move> = [first, second].into_iter().chain(matching).collect();
                let result = |mv: Move| {
                    let mut after = *self;
                    after.apply_unchecked(mv);
                    after
                };
                if candidates[1..]
                    .iter()
                    .all(|&mv| result(mv) == result(first))
                {
                    // One result by several routes: one move for a reader.
                    return Ok(first);
                }
                Err(ResolveMoveError::Ambiguous {
                    text: text.trim().to_owned(),
                    candidates,
                })
            }
        }
    }

    /// White's pieces, Red's and the kings of both, bit `i` for square
    /// `i + 1`: the dense bitboards of the same position as an
    /// [`English`](crate::draughts::English) one (Red is its Black), for
    /// the endgame databases.
    #[inline]
    pub(crate) const fn dense_bitboards(&self) -> [u64; 3] {
        [self.white as u64, self.red as u64, self.kings as u64]
    }

    /// The bitboard of `player`'s pieces.
    #[inline(always)]
    pub(super) const fn pieces(&self, player: Player) -> Bitboard {
        match player {
            Player::Red => self.red,
            Player::White => self.white,
        }
    }

    /// Asserts the type's invariants in debug builds.
    #[inline(always)]
    pub(super) fn debug_assert_invariants(&self) {
        debug_assert_eq!(self.red & self.white, 0, "a square holds two pieces");
        debug_assert_eq!(
            self.kings & !(self.red | self.white),
            0,
            "a king without a piece"
        );
        debug_assert!(self.red.count_ones() <= MAX_PIECES_PER_SIDE);
        debug_assert!(self.white.count_ones() <= MAX_PIECES_PER_SIDE);
        debug_assert_eq!(self.red & !self.kings & BOTTOM_ROW, 0, "uncrowned Red man");
        debug_assert_eq!(self.white & !self.kings & TOP_ROW, 0, "uncrowned White man");
    }
}

/// Whether `written` appears in order within `path` (the first and last
/// squares are checked by the caller).
fn is_subsequence(written: &[Square], mut path: impl Iterator<Item = Square>) -> bool {
    written
        .iter()
        .all(|square| path.any(|visited| visited == *square))
}

impl Game for Checkers {
    type Player = Player;
    type Move = Move;
    type Moves = Moves;
    type Ending = Ending;

    /// Kings can move back and forth for ever; draw rules live in the
    /// match layer.
    const MAX_PLIES: Option<u32> = None;

    #[inline]
    fn to_move(&self) -> Player {
        self.turn
    }

    #[inline]
    fn opponent(player: Player) -> Player {
        player.opponent()
    }

    #[inline(always)]
    fn legal_moves(&self) -> Moves {
        Moves::filled_by(|slots| self.write_moves(slots))
    }

    fn apply(&mut self, mv: Move) -> Result<(), PlayError<Move>> {
        apply_checked(self, mv, |game| !game.has_legal_move(), Game::is_legal)
    }

    #[inline]
    fn apply_unchecked(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    fn outcome(&self) -> Option<Outcome<Player>> {
        self.ending().map(|_| Outcome::Win(self.turn.opponent()))
    }

    fn ending(&self) -> Option<Ending> {
        if self.pieces(self.turn) == 0 {
            Some(Ending::NoPieces { loser: self.turn })
        } else if !self.has_legal_move() {
            Some(Ending::Blocked { loser: self.turn })
        } else {
            None
        }
    }

    /// Names the rule when it is the compulsory capture, or when the move
    /// starts from a square without a piece of the player to move; lists
    /// the legal moves.
    fn why_illegal(&self, mv: Move) -> Option<String> {
        if self.is_legal(mv) {
            return None;
        }
        if let Some(ending) = self.ending() {
            return Some(format!("the game is already over: {ending}"));
        }
        let legal = self.legal_moves();
        let rule = if !mv.is_capture() && legal.iter().all(|legal| legal.is_capture()) {
            format!(": {CAPTURE_COMPULSORY}")
        } else if self.piece_at(mv.from()).map(|piece| piece.color) != Some(self.turn) {
            format!(": square {} holds no {} piece", mv.from(), self.turn)
        } else {
            String::new()
        };
        Some(format!(
            "{mv} is not a legal move in this position{rule}; legal moves: {}",
            move_list(&legal)
        ))
    }

    /// A capture or a man's move can never be undone.
    fn is_irreversible(&self, mv: Move) -> bool {
        mv.is_capture() || self.kings & (1 << mv.start_index()) == 0
    }

    /// Captures are tactical: search keeps following them past its depth
    /// limit, so it never stops in the middle of an exchange.
    #[inline]
    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    /// No jump and a step to play, from the bitboards.
    #[inline]
    fn is_quiet(&self) -> bool {
        Checkers::is_quiet(self)
    }

    fn perft(&self, depth: u32) -> u64 {
        super::perft::perft(self, depth)
    }

    /// The four words of the position (both sides' pieces, the kings, the
    /// side to move) folded through [`mix64`](crate::mix64) twice: a few
    /// nanoseconds, computed when asked.
    ///
    /// Not a Zobrist key kept up to date by every move: that would add
    /// 8 bytes to the position and work to every `apply` (perft's and
    /// search's alike), while computing it from the bitboards costs about
    /// as much as updating it.
    ///
    /// Measured collisions: none among 4,000,000 distinct positions from
    /// random games (`tests/generic/position_key.rs`, run with `--ignored`).
    #[inline]
    fn key(&self) -> u64 {
        let pieces = u64::from(self.red) << 32 | u64::from(self.white);
        let kings_and_turn = u64::from(self.kings) << 1 | self.turn as u64;
        crate::mix64(pieces ^ crate::mix64(kings_and_turn ^ KEY_SALT))
    }
}

/// Keeps the key of the kings and the side to move away from zero, so
/// that positions without kings still mix their pieces well.
const KEY_SALT: u64 = 0x9e37_79b9_7f4a_7c15;

/// Characters of the board diagram.
const LIGHT_SQUARE: &str = "    ";

impl fmt::Display for Checkers {
    /// Draws the board with Red's home row (squares 1–4) at the top. Each
    /// dark square shows its piece (`r`/`R` Red man/king, `w`/`W` White
    /// man/king) or, when empty, its number; each row ends with the numbers
    /// of its squares. The last line says who is to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = "  +----+----+----+----+----+----+----+----+";
        writeln!(f, "{rule}")?;
        for row in 0..8 {
            write!(f, "  |")?;
            for column in 0..8 {
                match Square::at(row, column) {
                    None => write!(f, "{LIGHT_SQUARE}|")?,
                    Some(square) => match self.piece_at(square) {
                        Some(piece) => write!(f, " {}  |", piece.symbol())?,
                        None => write!(f, " {:>2} |", square.number())?,
                    },
                }
            }
            let first = row * 4 + 1;
            writeln!(f, "  {}-{}", first, first + 3)?;
            writeln!(f, "{rule}")?;
        }
        write!(
            f,
            "  r/R = Red man/king, w/W = White man/king; {} to move",
            self.turn
        )
    }
}

impl fmt::Debug for Checkers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Checkers({})", self.to_fen())
    }
}

impl TryFrom<String> for Checkers {
    type Error = FenError;
    fn try_from(fen: String) -> Result<Checkers, FenError> {
        Checkers::from_fen(&fen)
    }
}

impl From<Checkers> for String {
    fn from(position: Checkers) -> String {
        position.to_fen()
    }
}

impl core::str::FromStr for Checkers {
    type Err = FenError;
    fn from_str(fen: &str) -> Result<Checkers, FenError> {
        Checkers::from_fen(fen)
    }
}

/// A compile-time check that the square count and bitboard width agree.
const _: () = assert!(SQUARE_COUNT == Bitboard::BITS as usize);
