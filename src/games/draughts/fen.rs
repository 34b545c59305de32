//! PDN FEN for the whole draughts family, English checkers included
//! (`checkers::Setup` is `Setup<EnglishRules>`): [`Setup`] (what the text
//! says, read without judging it), [`FenError`] (why text is not FEN) and
//! [`PositionError`] (why a setup is not a position the rules allow).
//!
//! Syntax (PDN 3.0): `W:W31-50:B1-20`. The first field is the side to move
//! (`W` or `B`); then two piece lists, in either order, each a colour letter
//! followed by comma-separated squares in the variant's notation (`32`, or
//! `c3` in algebraic variants, which also read numbers); `K` before a square
//! makes it a king; `a-b` is a range of square numbers. A list may be
//! empty. Whitespace around fields and tokens and a final `.` are ignored,
//! and so are the move counters some writers add after the lists
//! (`:H0:F1`). A whole PDN tag, `[FEN "..."]`, reads as its value. In
//! Frisian, a field after the lists gives a side's king run
//! ([`Setup::king_run`]): `:RW28/2`.

use core::fmt;
use core::str::FromStr;

use super::geometry::{Geometry, MAX_SQUARES};
use super::notation::{fen_example, read_square, square_hint, Square};
use super::piece::{Color, Piece, PieceColor, Role};
use super::rules::{Goal, Rules};

/// A board as written, before the rules judge it: the side to move and the
/// piece (if any) on each square of `R`'s board.
///
/// # FEN syntax (PDN 3.0)
///
/// `W:W31-50:B1-20`. The first field is the side to move (`W` or `B`);
/// then two piece lists, in either order, each a colour letter followed by
/// comma-separated squares in the variant's notation (`32`, or `c3` in
/// algebraic variants, which also read numbers); `K` before a square makes
/// it a king; `a-b` is a range of square numbers. A list may be empty.
/// Whitespace around fields and tokens and a final `.` are ignored.
///
/// Also read, for text that other software hands out: move counters after
/// the lists, `H` (half-moves since the last capture or man's move) and `F`
/// (the move number), as in `B:W21,22:B1,2:H0:F1`, ignored because a
/// position has no counters (a [`Match`](crate::Match) counts its own
/// moves); and a whole PDN tag, `[FEN "B:W21,22:B1,2"]`, read as its value.
/// Other text with `[` or `"` is refused as [`FenError::TagForm`].
///
/// In a variant that limits a king's quiet moves in a row
/// ([`Rules::SAME_KING_MOVES`], Frisian), a field after the lists may
/// give a side's run ([`Setup::king_run`]): `R`, the side's letter, the
/// king's square, `/` and how many quiet moves in a row it has made, as in
/// `W:W40,K28:B10:RW28/2` (White's king on 28 has made two; one more and
/// it must rest). No such field: no run counted, as at the start of a
/// game. Other variants refuse the field.
///
/// English checkers' setup is `Setup<EnglishRules>`
/// ([`checkers::Setup`](crate::checkers::Setup)): its squares are
/// [`checkers::Square`](crate::checkers::Square), and its Black is
/// checkers' Red.
///
/// Parse one from FEN with [`FromStr`]; turn it into a position with
/// [`Draughts::from_setup`](super::Draughts::from_setup). `Display` writes
/// FEN.
pub struct Setup<R> {
    /// The side to move.
    pub to_move: Color,
    board: [Option<Piece>; MAX_SQUARES],
    /// Each side's king run (White, Black): the king's square (dense
    /// index) and its count.
    runs: [Option<(usize, u8)>; 2],
    variant: core::marker::PhantomData<fn() -> R>,
}

impl<R> Clone for Setup<R> {
    fn clone(&self) -> Self {
        Setup {
            to_move: self.to_move,
            board: self.board,
            runs: self.runs,
            variant: core::marker::PhantomData,
        }
    }
}
impl<R> PartialEq for Setup<R> {
    fn eq(&self, other: &Self) -> bool {
        (self.to_move, self.board, self.runs) == (other.to_move, other.board, other.runs)
    }
}

/// The slot of `color` in a [`Setup`]'s runs.
const fn run_slot(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}
impl<R> Eq for Setup<R> {}
impl<R: Rules> fmt::Debug for Setup<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({self})")
    }
}

impl<R: Rules> Setup<R> {
    /// An empty board with `to_move` to move (a [`Color`], or checkers'
    /// [`Player`](crate::checkers::Player)).
    pub fn empty(to_move: impl Into<Color>) -> Setup<R> {
        Setup {
            to_move: to_move.into(),
            board: [None; MAX_SQUARES],
            runs: [None; 2],
            variant: core::marker::PhantomData,
        }
    }

    /// `color`'s king run: the square of the king that has made quiet
    /// moves in a row and how many (see
    /// [`Draughts::king_run`](super::Draughts::king_run)); `None` when no
    /// run is counted.
    pub fn king_run(&self, color: Color) -> Option<(Square<R>, u8)> {
        self.runs[run_slot(color)].map(|(index, count)| (Square::new_unchecked(index), count))
    }

    /// Sets `color`'s king run (`None`, or a count of 0, clears it). The
    /// rules judge it when the setup becomes a position.
    pub fn set_king_run(&mut self, color: Color, run: Option<(Square<R>, u8)>) {
        self.runs[run_slot(color)] = run
            .filter(|&(_, count)| count > 0)
            .map(|(square, count)| (square.index(), count));
    }

    /// The piece on `square`.
    pub fn piece_at(&self, square: Square<R>) -> Option<Piece> {
        self.board[square.index()]
    }

    /// Puts `piece` on `square` (or empties it with `None`).
    pub fn set(&mut self, square: Square<R>, piece: Option<Piece>) {
        self.board[square.index()] = piece;
    }

    /// The setup of a position whose pieces `piece_at` tells, `to_move` to
    /// move: how the family's positions write theirs
    /// ([`Draughts::to_setup`](super::Draughts::to_setup) and
    /// [`Checkers::to_setup`](crate::checkers::Checkers::to_setup), its
    /// sides named by `C`).
    pub(crate) fn from_pieces<C: PieceColor>(
        to_move: impl Into<Color>,
        piece_at: impl Fn(Square<R>) -> Option<Piece<C>>,
    ) -> Setup<R> {
        let mut setup = Setup::empty(to_move);
        for square in Square::all() {
            setup.set(square, piece_at(square).map(Piece::in_colors));
        }
        setup
    }

    /// Where the pieces stand, as the bitboards of a position: White's
    /// pieces, Black's and the kings of both, square `s` being bit
    /// `bit(s)`. How the family's positions read a setup.
    pub(crate) fn bitboards(&self, bit: impl Fn(Square<R>) -> u64) -> [u64; 3] {
        let [mut white, mut black, mut kings] = [0; 3];
        for square in Square::all() {
            let Some(piece) = self.piece_at(square) else {
                continue;
            };
            match piece.color {
                Color::White => white |= bit(square),
                Color::Black => black |= bit(square),
            }
            if piece.role == Role::King {
                kings |= bit(square);
            }
        }
        [white, black, kings]
    }

    /// Whether the rules allow this setup: no man on the row where it
    /// would have been crowned, no side with more pieces than it starts
    /// with, and at least one piece.
    ///
    /// # Errors
    ///
    /// The first [`PositionError`] found, squares in index order.
    pub(crate) fn check(&self) -> Result<(), PositionError> {
        let mut counts = [0u32; 2];
        for square in Square::<R>::all() {
            let Some(piece) = self.piece_at(square) else {
                continue;
            };
            let crowning_row = match piece.color {
                Color::White => 0,
                Color::Black => R::SIZE - 1,
            };
            if piece.role == Role::Man && square.row() == crowning_row {
                return Err(PositionError::ManOnCrowningRow {
                    color: piece.color,
                    square: square.to_string(),
                });
            }
            if R::GOAL == Goal::FirstKing && piece.role == Role::King && piece.color == self.to_move
            {
                return Err(PositionError::KingToMove {
                    color: piece.color,
                    square: square.to_string(),
                });
            }
            counts[usize::from(piece.color == Color::Black)] += 1;
        }
        let max = (R::START_ROWS * R::SIZE / 2) as u32;
        for (color, count) in [(Color::White, counts[0]), (Color::Black, counts[1])] {
            if count > max {
                return Err(PositionError::TooManyPieces { color, count, max });
            }
        }
        if counts == [0, 0] {
            return Err(PositionError::Empty);
        }
        for color in [Color::White, Color::Black] {
            if let Some((square, count)) = self.king_run(color) {
                self.check_run(color, square, count)?;
            }
        }
        Ok(())
    }

    /// Whether `color`'s run of `count` quiet moves by the king on
    /// `square` is one the rules can reach.
    fn check_run(&self, color: Color, square: Square<R>, count: u8) -> Result<(), PositionError> {
        let refuse = |reason: String| PositionError::KingRun {
            color,
            square: square.to_string(),
            reason,
        };
        let Some(limit) = R::SAME_KING_MOVES else {
            return Err(refuse(format!(
                "{} has no limit on a king's moves in a row",
                R::NAME
            )));
        };
        if count > limit {
            return Err(refuse(format!(
                "a king makes at most {limit} quiet moves in a row, not {count}"
            )));
        }
        let king = Piece {
            color,
            role: Role::King,
        };
        if self.piece_at(square) != Some(king) {
            return Err(refuse(format!("no {color} king stands there")));
        }
        let has_men = Square::<R>::all().any(|other| {
            self.piece_at(other)
                == Some(Piece {
                    color,
                    role: Role::Man,
                })
        });
        if !has_men {
            return Err(refuse(format!(
                "{color} has no men, and a side with kings only has no limit"
            )));
        }
        Ok(())
    }
}

/// Why text is not PDN FEN. Each message names the field and the token
/// that is wrong.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum FenError {
    /// Not three `:`-separated fields (and counters).
    #[error("a FEN has 3 fields separated by `:` (like {example}), optionally followed by move counters (:H0:F1), but `{fen}` has {found}")]
    FieldCount {
        /// The text that was read.
        fen: String,
        /// How many fields it has.
        found: usize,
        /// A FEN of the game, for the message.
        example: &'static str,
    },
    /// Text that looks like a PDN tag (or holds quotes) but is not a
    /// `[FEN "..."]` tag.
    #[error("`{text}` looks like a PDN tag, not FEN: pass the FEN itself (like {example}) or a whole [FEN \"...\"] tag")]
    TagForm {
        /// The text that was read.
        text: String,
        /// A FEN of the game, for the message.
        example: &'static str,
    },
    /// The first field is not `W` or `B`.
    #[error("the side to move (first field) must be W or B, not `{token}`")]
    SideToMove {
        /// The field as written.
        token: String,
    },
    /// A piece list does not start with `W` or `B`.
    #[error("piece list `{token}` must start with W or B")]
    ListColor {
        /// The field as written.
        token: String,
    },
    /// Both piece lists are for the same side.
    #[error("both piece lists are for {color}; one must start with W and the other with B")]
    SameColorTwice {
        /// The side named twice.
        color: Color,
    },
    /// A token that is not a square, king or range of the board.
    #[error("`{token}` in {color}'s piece list is not a square of the {variant} board ({expected}), a king (K + square) or a range (1-12)")]
    BadSquare {
        /// Whose list.
        color: Color,
        /// The token as written.
        token: String,
        /// The variant.
        variant: &'static str,
        /// What squares look like.
        expected: &'static str,
    },
    /// A square listed twice (in one list or both).
    #[error("`{token}` in {color}'s piece list puts a piece on square {square}, which is already listed")]
    ListedTwice {
        /// Whose list.
        color: Color,
        /// The token as written.
        token: String,
        /// The square listed again, in the variant's notation.
        square: String,
    },
    /// A field after the lists that is neither a move counter nor, in a
    /// variant with the king-move limit, a king run (`RW28/2`).
    #[error("`{token}` is not a king run of {variant} FEN (R, the side's letter W or B, the king's square, / and how many quiet moves in a row it has made, like RW28/2)")]
    KingRun {
        /// The field as written.
        token: String,
        /// The variant.
        variant: &'static str,
    },
    /// The text is well formed but the position breaks the rules.
    #[error(transparent)]
    Invalid(#[from] PositionError),
}

/// Why a [`Setup`] is not a position the rules allow.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum PositionError {
    /// A man on the far row, where it would have been crowned.
    #[error("a {color} man on square {square} stands on the row where {color}'s men are crowned; a piece there is a king (write K{square})")]
    ManOnCrowningRow {
        /// Whose man.
        color: Color,
        /// Where it stands, in the variant's notation.
        square: String,
    },
    /// More pieces for one side than it starts with.
    #[error("{color} has {count} pieces, but a side has at most {max}")]
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// How many.
        count: u32,
        /// The most a side has (the pieces it starts with).
        max: u32,
    },
    /// No piece at all.
    #[error("the board has no pieces at all")]
    Empty,
    /// A king run ([`Setup::king_run`]) the rules cannot reach: the
    /// variant has no limit, the count is over it, no king of the side
    /// stands on the square, or the side has no men.
    #[error("{color}'s king run on {square}: {reason}")]
    KingRun {
        /// Whose run.
        color: Color,
        /// The square named, in the variant's notation.
        square: String,
        /// What is wrong.
        reason: String,
    },
    /// In Breakthrough, a king of the side to move: the game ended when it
    /// was crowned ([`Goal::FirstKing`]).
    #[error("{color} is to move with a king on {square}, but in this variant the game ends when a king is crowned")]
    KingToMove {
        /// Whose king.
        color: Color,
        /// Where it stands, in the variant's notation.
        square: String,
    },
}

impl<R: Rules> FromStr for Setup<R> {
    type Err = FenError;

    /// Reads FEN syntax (see [`Setup`]) without judging the position.
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the field and token that are wrong; never
    /// [`FenError::Invalid`].
    fn from_str(fen: &str) -> Result<Setup<R>, FenError> {
        let (to_move, [first, second], runs) =
            split_fen_fields(fen, fen_example::<R>(), R::SAME_KING_MOVES.is_some())?;
        let mut setup = Setup::empty(to_move);
        let first_color = read_list(&mut setup, first)?;
        let second_color = read_list(&mut setup, second)?;
        if first_color == second_color {
            return Err(FenError::SameColorTwice { color: first_color });
        }
        for field in runs.into_iter().flatten() {
            let bad = || FenError::KingRun {
                token: field.to_owned(),
                variant: R::NAME,
            };
            let mut chars = field.chars();
            chars.next(); // The `R`.
            let color = chars
                .next()
                .and_then(Color::from_pdn_letter)
                .ok_or_else(bad)?;
            let (square, count) = chars.as_str().split_once('/').ok_or_else(bad)?;
            let index = read_square(R::NOTATION, R::SIZE, square.trim()).ok_or_else(bad)?;
            let count = number(count)
                .and_then(|n| u8::try_from(n).ok())
                .filter(|&n| n > 0)
                .ok_or_else(bad)?;
            if setup.king_run(color).is_some() {
                return Err(bad());
            }
            setup.set_king_run(color, Some((Square::new_unchecked(index), count)));
        }
        Ok(setup)
    }
}

/// Splits FEN into the side to move and its two piece lists (each still
/// with its colour letter), after taking off a `[FEN "..."]` tag around
/// it, a final `.` and move counters: the syntax every game of the family
/// shares (see [`Setup`]). `example` is a FEN of the game, for the
/// messages.
///
/// # Errors
///
/// [`FenError::TagForm`], [`FenError::FieldCount`] or
/// [`FenError::SideToMove`].
pub(crate) fn split_fen<'a>(
    fen: &'a str,
    example: &'static str,
) -> Result<(Color, [&'a str; 2]), FenError> {
    let (to_move, lists, _) = split_fen_fields(fen, example, false)?;
    Ok((to_move, lists))
}

/// [`split_fen`] (`example` a FEN of the game for the messages), and
/// with `runs` the king-run fields after the lists (at
/// most one a side: `RW28/2`), still to be read; without, such a field
/// is refused as any other.
fn split_fen_fields<'a>(
    fen: &'a str,
    example: &'static str,
    runs: bool,
) -> Result<FenFields<'a>, FenError> {
    let text = fen.trim();
    let text = match fen_tag_value(text) {
        Some(value) => value.trim(),
        None if text.starts_with('[') || text.contains('"') => {
            return Err(FenError::TagForm {
                text: fen.to_owned(),
                example,
            })
        }
        None => text,
    };
    let text = text.strip_suffix('.').unwrap_or(text);
    let mut fields: Vec<&str> = text.split(':').map(str::trim).collect();
    let mut run_fields = [None; 2];
    let is_run = |field: &str| runs && field.starts_with(RUN_LETTER);
    if fields.len() > FEN_FIELDS
        && fields[FEN_FIELDS..]
            .iter()
            .all(|f| is_counter(f) || is_run(f))
    {
        let mut found = fields[FEN_FIELDS..].iter().filter(|f| is_run(f));
        run_fields = [found.next().copied(), found.next().copied()];
        if found.next().is_some() {
            // A third run: one side's twice at least.
            return Err(FenError::FieldCount {
                fen: fen.to_owned(),
                found: fields.len(),
                example,
            });
        }
        // Move counters some writers add: a position has none.
        fields.truncate(FEN_FIELDS);
    }
    let [side, first, second] = fields[..] else {
        return Err(FenError::FieldCount {
            fen: fen.to_owned(),
            found: fields.len(),
            example,
        });
    };
    let to_move = single_letter(side)
        .and_then(Color::from_pdn_letter)
        .ok_or_else(|| FenError::SideToMove {
            token: side.to_owned(),
        })?;
    Ok((to_move, [first, second], run_fields))
}

/// The fields of FEN text: the side to move, its two piece lists and its
/// king-run fields (at most two).
type FenFields<'a> = (Color, [&'a str; 2], [Option<&'a str>; 2]);

/// The letter that starts a king-run field (`RW28/2`).
const RUN_LETTER: char = 'R';

/// The fields of a FEN string: side to move and two piece lists.
const FEN_FIELDS: usize = 3;

/// The name of the PDN tag that holds FEN.
const FEN_TAG_NAME: &str = "FEN";

/// The letters of the counter fields that may follow the piece lists: `H`
/// (half-moves since the last capture or man's move) and `F` (the move
/// number).
const COUNTER_LETTERS: [char; 2] = ['H', 'F'];

/// The value of a PDN tag `[FEN "..."]` written around FEN, or `None` when
/// `text` is not such a tag.
fn fen_tag_value(text: &str) -> Option<&str> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?.trim();
    let quoted = inner.strip_prefix(FEN_TAG_NAME)?.trim_start();
    quoted.strip_prefix('"')?.strip_suffix('"')
}

/// Whether `field` is a counter field: `H` or `F` and a number (`H0`, `F12`).
fn is_counter(field: &str) -> bool {
    let mut chars = field.chars();
    chars.next().is_some_and(|c| COUNTER_LETTERS.contains(&c)) && number(chars.as_str()).is_some()
}

/// A decimal number, or `None` if `text` (trimmed) is not digits or does
/// not fit.
fn number(text: &str) -> Option<usize> {
    let text = text.trim();
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

fn single_letter(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(letter), None) => Some(letter),
        _ => None,
    }
}

/// Reads one piece list (`W31,K32,40-45`) into `setup`; returns its side.
fn read_list<R: Rules>(setup: &mut Setup<R>, field: &str) -> Result<Color, FenError> {
    let mut chars = field.chars();
    let color = chars
        .next()
        .and_then(Color::from_pdn_letter)
        .ok_or_else(|| FenError::ListColor {
            token: field.to_owned(),
        })?;
    let squares = chars.as_str().trim();
    if squares.is_empty() {
        return Ok(color);
    }
    for raw in squares.split(',') {
        let token = raw.trim();
        let bad = || FenError::BadSquare {
            color,
            token: token.to_owned(),
            variant: R::NAME,
            expected: square_hint::<R>(),
        };
        let (role, body) = match token.strip_prefix(['K', 'k']) {
            Some(rest) => (Role::King, rest.trim()),
            None => (Role::Man, token),
        };
        let indices: Vec<usize> = match body.split_once('-') {
            Some((low, high)) => {
                let high = high.trim();
                let high = high.strip_prefix(['K', 'k']).unwrap_or(high);
                let (low, high) = (number(low).ok_or_else(bad)?, number(high).ok_or_else(bad)?);
                if low > high || high > R::SQUARES {
                    return Err(bad());
                }
                (low..=high)
                    .map(|n| read_square(R::NOTATION, R::SIZE, &n.to_string()).ok_or_else(bad))
                    .collect::<Result<_, _>>()?
            }
            None => vec![read_square(R::NOTATION, R::SIZE, body).ok_or_else(bad)?],
        };
        for index in indices {
            let square = Square::<R>::new_unchecked(index);
            if setup.piece_at(square).is_some() {
                return Err(FenError::ListedTwice {
                    color,
                    token: token.to_owned(),
                    square: square.to_string(),
                });
            }
            setup.set(square, Some(Piece { color, role }));
        }
    }
    Ok(color)
}

impl<R: Rules> fmt::Display for Setup<R> {
    /// Writes FEN: side to move, White's list, Black's list, squares in
    /// increasing order of the variant's numbering (algebraic variants:
    /// by file, then rank), kings prefixed with `K`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_move.pdn_letter())?;
        let mut squares: Vec<Square<R>> = Square::all().collect();
        squares.sort_by_key(|square| sort_key(square));
        for color in [Color::White, Color::Black] {
            write!(f, ":{}", color.pdn_letter())?;
            let mut first = true;
            for &square in &squares {
                let Some(piece) = self.piece_at(square).filter(|p| p.color == color) else {
                    continue;
                };
                if !first {
                    f.write_str(",")?;
                }
                first = false;
                if piece.role == Role::King {
                    f.write_str("K")?;
                }
                write!(f, "{square}")?;
            }
        }
        for color in [Color::White, Color::Black] {
            if let Some((square, count)) = self.king_run(color) {
                write!(f, ":{RUN_LETTER}{}{square}/{count}", color.pdn_letter())?;
            }
        }
        Ok(())
    }
}

/// The order squares are listed in: by number in numbered notations, by
/// file then rank in algebraic ones.
fn sort_key<R: Rules>(square: &Square<R>) -> (usize, usize) {
    match R::NOTATION {
        super::Notation::Algebraic { .. } => (square.column(), R::SIZE - square.row()),
        _ => (square.to_string().parse().unwrap_or(0), 0),
    }
}
