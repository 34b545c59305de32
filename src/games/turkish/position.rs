//! [`Turkish`]: a position (where every piece stands, who is to move),
//! its rules through [`Game`], and moves read against it
//! ([`Turkish::parse_move`], [`ResolveMoveError`]).

use core::fmt;

use super::geometry::{between, Direction, RANK_1, RANK_8, SIZE};
use super::movegen::{self, Sides};
use super::{Color, Ending, Move, Moves, PositionError, Square, MAX_PIECES};
use crate::game::apply_checked;
use crate::{Game, Outcome, PlayError};

/// Ranks 2 and 3: White's men at the start.
const WHITE_START: u64 = 0xFFFF << 8;
/// Ranks 6 and 7: Black's men at the start.
const BLACK_START: u64 = 0xFFFF << 40;

/// A position of Turkish draughts: where every piece stands and who is to
/// move.
///
/// Stored as three bitboards (bit `row * 8 + column`, `a1` = 0: White's
/// pieces, Black's pieces, the kings of both) and the side to move;
/// `Copy`, 32 bytes.
///
/// Invariants (checked on construction, kept by every move): the two
/// sides' pieces are disjoint; kings are pieces; a side has at most
/// [`MAX_PIECES`]; no man stands on the rank where it would have been
/// crowned (rank 8 for White, rank 1 for Black); at least one piece is on
/// the board.
///
/// `Default` is the start: White's men on ranks 2 and 3, Black's on 6
/// and 7, White to move. `Display` draws the board, rank 8 at the top.
///
/// ```
/// use rulebook::turkish::Turkish;
/// use rulebook::Game;
///
/// let mut game = Turkish::default();
/// assert_eq!(game.legal_moves().len(), 8);
/// game.apply(game.parse_move("d3-d4").unwrap()).unwrap();
/// let game = Turkish::from_fen("W:Wd4:Bd5,d7,f6").unwrap();
/// // The man takes d5 then d7 (pieces leave at once), then cannot turn
/// // back: d4xd6xd8 is the only capture of two.
/// let moves = game.legal_moves();
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].to_string(), "d4xd6xd8");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Turkish {
    white: u64,
    black: u64,
    kings: u64,
    turn: Color,
}

impl Default for Turkish {
    fn default() -> Turkish {
        Turkish {
            white: WHITE_START,
            black: BLACK_START,
            kings: 0,
            turn: Color::White,
        }
    }
}

impl Turkish {
    /// The position with these pieces (bitboards, bit `row * 8 + column`)
    /// and `turn` to move.
    ///
    /// # Errors
    ///
    /// [`PositionError`] when the position breaks the invariants (see
    /// [`Turkish`]); overlapping bitboards count as too many pieces.
    pub fn from_bitboards(
        white: u64,
        black: u64,
        kings: u64,
        turn: Color,
    ) -> Result<Turkish, PositionError> {
        if white | black == 0 {
            return Err(PositionError::Empty);
        }
        for (color, pieces) in [(Color::White, white), (Color::Black, black)] {
            let count = pieces.count_ones();
            if count > MAX_PIECES || white & black != 0 {
                return Err(PositionError::TooManyPieces {
                    color,
                    count: count.max(MAX_PIECES + 1),
                    max: MAX_PIECES,
                });
            }
        }
        let stray_kings = kings & !(white | black);
        for (color, men) in [
            (Color::White, white & !kings & RANK_8),
            (Color::Black, black & !kings & RANK_1),
        ] {
            if men != 0 {
                return Err(PositionError::ManOnCrowningRow {
                    color,
                    square: square_name(men.trailing_zeros() as usize),
                });
            }
        }
        Ok(Turkish {
            white,
            black,
            kings: kings & !stray_kings,
            turn,
        })
    }

    /// White's pieces, as a bitboard.
    pub fn white(&self) -> u64 {
        self.white
    }

    /// Black's pieces, as a bitboard.
    pub fn black(&self) -> u64 {
        self.black
    }

    /// The kings of both sides, as a bitboard.
    pub fn kings(&self) -> u64 {
        self.kings
    }

    /// The pieces of `color`.
    pub fn pieces(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The piece on `square`, if any: its side and whether it is a king.
    pub fn piece_at(&self, square: Square) -> Option<(Color, bool)> {
        let bit = square.bit();
        let king = self.kings & bit != 0;
        if self.white & bit != 0 {
            Some((Color::White, king))
        } else if self.black & bit != 0 {
            Some((Color::Black, king))
        } else {
            None
        }
    }

    /// Plays `mv`'s route for the player to move, unchecked: a legal move,
    /// or another route of a legal capture (the every-route perft).
    #[inline]
    pub(crate) fn play_route(&mut self, mv: Move) {
        let route = mv.route();
        let (from, to) = (route[0] as usize, route[route.len() - 1] as usize);
        let was_king = self.kings & (1 << from) != 0;
        let (own, opponent, crown) = match self.turn {
            Color::White => (&mut self.white, &mut self.black, RANK_8),
            Color::Black => (&mut self.black, &mut self.white, RANK_1),
        };
        if mv.is_capture() {
            let taken = movegen::captured(route, *opponent);
            *opponent &= !taken;
            self.kings &= !taken;
        }
        // `from == to` happens when a capture ends where it started.
        *own = (*own & !(1 << from)) | (1 << to);
        if was_king {
            self.kings = (self.kings & !(1 << from)) | (1 << to);
        } else if crown & (1 << to) != 0 {
            self.kings |= 1 << to;
        }
        self.turn = self.turn.opponent();
    }

    /// The position from the side of the player to move.
    #[inline]
    pub(crate) fn sides(&self) -> Sides {
        let (own, opponent, forward) = match self.turn {
            Color::White => (self.white, self.black, Direction::UP),
            Color::Black => (self.black, self.white, Direction::DOWN),
        };
        Sides {
            own,
            opponent,
            kings: self.kings,
            forward,
        }
    }

    /// Fills `moves` with the legal moves (clearing it first): what
    /// [`legal_moves`](Game::legal_moves) returns, into a list the caller
    /// keeps (a search reuses one per ply).
    pub fn generate_moves(&self, moves: &mut Moves) {
        movegen::generate(self.sides(), moves);
    }

    /// The pieces `mv` takes (a bitboard; 0 for a step). Meaningful for a
    /// move legal here.
    pub fn captured(&self, mv: Move) -> u64 {
        if mv.is_capture() {
            movegen::captured(mv.route(), self.sides().opponent)
        } else {
            0
        }
    }

    /// The squares of the pieces `mv` takes, in the order it takes them
    /// (empty for a step). Meaningful for a move legal here.
    pub fn taken(&self, mv: Move) -> Vec<Square> {
        let mut left = self.captured(mv);
        let mut taken = Vec::with_capacity(mv.captures());
        for leg in mv.route().windows(2) {
            let piece = between(leg[0] as usize, leg[1] as usize) & left;
            if piece != 0 {
                left &= !piece;
                taken.extend(Square::new(piece.trailing_zeros() as usize));
            }
        }
        taken
    }

    /// Whether the player to move has a legal move, without listing them.
    pub fn has_moves(&self) -> bool {
        let sides = self.sides();
        let empty = !(sides.own | sides.opponent);
        let men = sides.own & !sides.kings;
        let kings = sides.own & sides.kings;
        let forward = match sides.forward {
            Direction::UP => men << SIZE,
            _ => men >> SIZE,
        };
        let left = (men & !FILE_A) >> 1;
        let right = (men & !FILE_H) << 1;
        if (forward | left | right) & empty != 0 || neighbours(kings) & empty != 0 {
            return true;
        }
        // Blocked pieces can still capture a neighbour with an empty square
        // behind it.
        !self.legal_moves().is_empty()
    }

    /// Reads `text` as a legal move of this position: a full route
    /// (`d3xd5xf5`), another route of the same capture, or its start and
    /// end only (`d3xf5`) when one legal capture fits; steps as `d3-d4`.
    ///
    /// # Errors
    ///
    /// [`ResolveMoveError`] when the text is no move, matches no legal
    /// move (its message lists them), or matches several (write more
    /// landings).
    pub fn parse_move(&self, text: &str) -> Result<Move, ResolveMoveError> {
        let written = Move::read_squares(text).map_err(ResolveMoveError::Syntax)?;
        let legal = self.legal_moves();
        if legal.contains(&written) {
            return Ok(written);
        }
        let mut found: Option<Move> = None;
        for &mv in legal.iter() {
            if self.matches(mv, written) {
                if found.is_some() {
                    return Err(ResolveMoveError::Ambiguous {
                        text: text.trim().to_owned(),
                    });
                }
                found = Some(mv);
            }
        }
        found.ok_or_else(|| ResolveMoveError::Illegal {
            text: text.trim().to_owned(),
            legal: crate::move_list::joined(&legal),
        })
    }

    /// Whether `written` names legal `mv`: the same kind, start and end,
    /// and either its landings are some of `mv`'s in order, or it is a
    /// full route taking the same pieces.
    fn matches(&self, mv: Move, written: Move) -> bool {
        if mv.is_capture() != written.is_capture()
            || mv.from() != written.from()
            || mv.to() != written.to()
        {
            return false;
        }
        if written.captures() == mv.captures() && written.to_string().parse::<Move>().is_ok() {
            // Another full route: the same move if it takes the same pieces.
            return self.captured(written) == self.captured(mv);
        }
        let mut landings = mv.route().iter();
        written
            .route()
            .iter()
            .all(|square| landings.any(|landing| landing == square))
    }

    /// The piece letters of `square` in [`Display`](fmt::Display): `w`,
    /// `W` (king), `b`, `B`, or `.`.
    fn symbol(&self, index: usize) -> char {
        match Square::new(index).and_then(|square| self.piece_at(square)) {
            Some((Color::White, false)) => 'w',
            Some((Color::White, true)) => 'W',
            Some((Color::Black, false)) => 'b',
            Some((Color::Black, true)) => 'B',
            None => '.',
        }
    }
}

/// File `a`.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// File `h`.
const FILE_H: u64 = FILE_A << 7;

/// The squares next to any of `pieces` along a rank or file.
fn neighbours(pieces: u64) -> u64 {
    (pieces << SIZE) | (pieces >> SIZE) | ((pieces & !FILE_A) >> 1) | ((pieces & !FILE_H) << 1)
}

/// The name (`d3`) of square `index`.
fn square_name(index: usize) -> String {
    Square::new(index)
        .map(|square| square.to_string())
        .unwrap_or_default()
}

/// Why a text names no legal move of a position.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum ResolveMoveError {
    /// Not move text at all.
    #[error(transparent)]
    Syntax(#[from] super::ParseMoveError),
    /// No legal move fits.
    #[error("{text} is not a legal move in this position; legal moves: {legal}")]
    Illegal {
        /// The text read.
        text: String,
        /// The legal moves, comma-separated.
        legal: String,
    },
    /// Several legal moves fit.
    #[error("{text} matches several legal moves; write more of its landings")]
    Ambiguous {
        /// The text read.
        text: String,
    },
}

impl Game for Turkish {
    type Player = Color;
    type Move = Move;
    type Moves = Moves;
    type Ending = Ending;

    /// Kings can move back and forth for ever; draw rules live in the
    /// match layer.
    const MAX_PLIES: Option<u32> = None;

    #[inline]
    fn to_move(&self) -> Color {
        self.turn
    }

    #[inline]
    fn opponent(player: Color) -> Color {
        player.opponent()
    }

    /// The captures that take the most pieces, else the steps; by start
    /// square (`a1`, `b1`, ..., `h8`), then direction (up, down, left,
    /// right), then distance.
    fn legal_moves(&self) -> Moves {
        let mut moves = Moves::new();
        self.generate_moves(&mut moves);
        moves
    }

    fn apply(&mut self, mv: Move) -> Result<(), PlayError<Move>> {
        apply_checked(
            self,
            mv,
            |game| !game.has_moves(),
            |game, mv| game.is_legal(mv),
        )
    }

    #[inline]
    fn apply_unchecked(&mut self, mv: Move) {
        debug_assert!(self.is_legal(mv), "{mv} is not legal in {self:?}");
        self.play_route(mv);
    }

    /// The player to move loses when they cannot move (no pieces, or all
    /// blocked).
    fn outcome(&self) -> Option<Outcome<Color>> {
        self.ending().map(|_| Outcome::Win(self.turn.opponent()))
    }

    #[inline]
    fn is_over(&self) -> bool {
        !self.has_moves()
    }

    fn ending(&self) -> Option<Ending> {
        if self.pieces(self.turn) == 0 {
            Some(Ending::NoPieces)
        } else if !self.has_moves() {
            Some(Ending::Blocked)
        } else {
            None
        }
    }

    /// Captures and men's steps forward cannot be undone; a king's step
    /// and a man's step sideways can.
    fn is_irreversible(&self, mv: Move) -> bool {
        mv.is_capture() || (self.kings & mv.from().bit() == 0 && mv.from().row() != mv.to().row())
    }

    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    fn is_quiet(&self) -> bool {
        !matches!(self.legal_moves().first(), Some(mv) if mv.is_capture())
    }

    fn perft(&self, depth: u32) -> u64 {
        super::perft::count(self, depth)
    }
}

impl fmt::Display for Turkish {
    /// The board, rank 8 at the top, files `a`-`h` below: `w`/`b` men,
    /// `W`/`B` kings, `.` empty; then who is to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..SIZE).rev() {
            write!(f, "{} ", row + 1)?;
            for column in 0..SIZE {
                write!(f, " {}", self.symbol(row * SIZE + column))?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h")?;
        write!(f, "{} to move", self.turn)
    }
}
