//! PDN FEN: [`Setup`] (what the text says, read without judging it),
//! [`FenError`] (why text is not FEN) and [`PositionError`] (why a setup is
//! not a position the rules allow).
//!
//! Syntax: `B:W21,22,K30:B1-12`. The first field is the side to move (`B` =
//! Red, `W` = White). Then come two piece lists, in either order, each a
//! colour letter followed by comma-separated squares; `K` before a square
//! makes it a king; `a-b` is the range of squares `a` to `b` (`K1-4` is
//! kings on 1 to 4). A list may be empty (`W`). Whitespace around fields and
//! tokens and a final `.` are ignored, and so are the move counters some
//! writers add after the lists (`:H0:F1`). A whole PDN tag, `[FEN "..."]`,
//! reads as its value.

use core::fmt;
use core::str::FromStr;

use super::geometry::SQUARE_COUNT;
use super::piece::{Piece, Player, Role};
use super::square::Square;

/// The fields of a FEN string: side to move and two piece lists.
const FEN_FIELDS: usize = 3;

/// A board as written, before the rules judge it: the side to move and the
/// piece (if any) on each of the 32 squares.
///
/// # FEN syntax
///
/// `B:W21,22,K30:B1-12`. The first field is the side to move (`B` = Red,
/// `W` = White). Then come two piece lists, in either order, each a colour
/// letter followed by comma-separated squares; `K` before a square makes it
/// a king; `a-b` is the range of squares `a` to `b` (`K1-4` is kings on 1
/// to 4). A list may be empty (`W`). Whitespace around fields and tokens and
/// a final `.` are ignored.
///
/// Also read, for text that other software hands out: move counters after
/// the lists, `H` (half-moves since the last capture or man's move) and `F`
/// (the move number), as in `B:W21,22:B1,2:H0:F1`, ignored because a
/// position has no counters (a [`Match`](crate::Match) counts its own
/// moves); and a whole PDN tag, `[FEN "B:W21,22:B1,2"]`, read as its value.
/// Other text with `[` or `"` is refused as [`FenError::TagForm`].
///
/// Parse one with [`FromStr`]; turn it into a position with
/// [`Checkers::from_setup`](super::Checkers::from_setup). `Display` writes
/// FEN.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The player to move.
    pub to_move: Player,
    board: [Option<Piece>; SQUARE_COUNT],
}

impl Setup {
    /// An empty board with `to_move` to move.
    pub fn empty(to_move: Player) -> Setup {
        Setup {
            to_move,
            board: [None; SQUARE_COUNT],
        }
    }

    /// The piece on `square`.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    /// Puts `piece` on `square` (or empties it with `None`).
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        self.board[square.index()] = piece;
    }
}

/// Why text is not PDN FEN. Each message names the field and the token that
/// is wrong.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum FenError {
    /// Not three `:`-separated fields (and counters).
    #[error("a FEN has 3 fields separated by `:` (like B:W21-32:B1-12), optionally followed by move counters (:H0:F1), but `{fen}` has {found}")]
    FieldCount {
        /// The text that was read.
        fen: String,
        /// How many fields it has.
        found: usize,
    },
    /// Text that looks like a PDN tag (or holds quotes) but is not a
    /// `[FEN "..."]` tag.
    #[error("`{text}` looks like a PDN tag, not FEN: pass the FEN itself (like B:W21-32:B1-12) or a whole [FEN \"...\"] tag")]
    TagForm {
        /// The text that was read.
        text: String,
    },
    /// The first field is not `B` or `W`.
    #[error("the side to move (first field) must be B (Red) or W (White), not `{token}`")]
    SideToMove {
        /// The field as written.
        token: String,
    },
    /// A piece list does not start with `B` or `W`.
    #[error("piece list `{token}` must start with W (White) or B (Red)")]
    ListColor {
        /// The field as written.
        token: String,
    },
    /// Both piece lists are for the same player.
    #[error("both piece lists are for {player}; one must start with W and the other with B")]
    SameColorTwice {
        /// The player named twice.
        player: Player,
    },
    /// A token that is not a square, king or range.
    #[error("`{token}` in {player}'s piece list is not a square, a king (K12) or a range (1-12)")]
    BadSquare {
        /// Whose list.
        player: Player,
        /// The token as written.
        token: String,
    },
    /// A square number outside `1..=32`.
    #[error("`{token}` in {player}'s piece list names a square outside 1 to 32")]
    SquareOutOfRange {
        /// Whose list.
        player: Player,
        /// The token as written.
        token: String,
    },
    /// A square listed twice (in one list or both).
    #[error("`{token}` in {player}'s piece list puts a piece on square {square}, which is already listed")]
    ListedTwice {
        /// Whose list.
        player: Player,
        /// The token as written.
        token: String,
        /// The square listed again.
        square: Square,
    },
    /// The text is well formed but the position breaks the rules.
    #[error(transparent)]
    Invalid(#[from] PositionError),
}

/// Why a [`Setup`] is not a position the rules allow.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum PositionError {
    /// A man on the far row, where it would have been crowned.
    #[error("a {player} man on square {square} stands on the row where {player}'s men are crowned; a piece there is a king (write K{square})")]
    ManOnCrowningRow {
        /// Whose man.
        player: Player,
        /// Where it stands.
        square: Square,
    },
    /// More than 12 pieces for one side.
    #[error("{player} has {count} pieces, but a side has at most 12")]
    TooManyPieces {
        /// Whose pieces.
        player: Player,
        /// How many.
        count: u32,
    },
    /// No piece at all.
    #[error("the board has no pieces at all")]
    Empty,
}

impl FromStr for Setup {
    type Err = FenError;

    /// Reads FEN syntax (see [`Setup`]) without judging the position.
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the field and token that are wrong; never
    /// [`FenError::Invalid`].
    fn from_str(fen: &str) -> Result<Setup, FenError> {
        let text = fen.trim();
        let text = match fen_tag_value(text) {
            Some(value) => value.trim(),
            None if text.starts_with('[') || text.contains('"') => {
                return Err(FenError::TagForm {
                    text: fen.to_owned(),
                })
            }
            None => text,
        };
        let text = text.strip_suffix('.').unwrap_or(text);
        let mut fields: Vec<&str> = text.split(':').map(str::trim).collect();
        if fields.len() > FEN_FIELDS && fields[FEN_FIELDS..].iter().all(|f| is_counter(f)) {
            // Move counters some writers add: a position has none.
            fields.truncate(FEN_FIELDS);
        }
        let [side, first, second] = fields[..] else {
            return Err(FenError::FieldCount {
                fen: fen.to_owned(),
                found: fields.len(),
            });
        };
        debug_assert_eq!(fields.len(), FEN_FIELDS);
        let to_move = single_letter(side)
            .and_then(Player::from_pdn_letter)
            .ok_or_else(|| FenError::SideToMove {
                token: side.to_owned(),
            })?;
        let mut setup = Setup::empty(to_move);
        let first_player = read_list(&mut setup, first)?;
        let second_player = read_list(&mut setup, second)?;
        if first_player == second_player {
            return Err(FenError::SameColorTwice {
                player: first_player,
            });
        }
        Ok(setup)
    }
}

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
    chars.next().is_some_and(|c| COUNTER_LETTERS.contains(&c))
        && square_number(chars.as_str()).is_some()
}

fn single_letter(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(letter), None) => Some(letter),
        _ => None,
    }
}

/// Reads one piece list (`W21,K22,25-28`) into `setup`; returns its player.
fn read_list(setup: &mut Setup, field: &str) -> Result<Player, FenError> {
    let mut chars = field.chars();
    let player = chars
        .next()
        .and_then(Player::from_pdn_letter)
        .ok_or_else(|| FenError::ListColor {
            token: field.to_owned(),
        })?;
    let squares = chars.as_str().trim();
    if squares.is_empty() {
        return Ok(player);
    }
    for raw in squares.split(',') {
        let token = raw.trim();
        let bad = || FenError::BadSquare {
            player,
            token: token.to_owned(),
        };
        let (role, body) = match token.strip_prefix(['K', 'k']) {
            Some(rest) => (Role::King, rest),
            None => (Role::Man, token),
        };
        let (low, high) = match body.split_once('-') {
            Some((low, high)) => (low, high.strip_prefix(['K', 'k']).unwrap_or(high)),
            None => (body, body),
        };
        let low = square_number(low).ok_or_else(bad)?;
        let high = square_number(high).ok_or_else(bad)?;
        if low > high {
            return Err(bad());
        }
        for number in low..=high {
            let square = Square::try_from(number).map_err(|_| FenError::SquareOutOfRange {
                player,
                token: token.to_owned(),
            })?;
            if setup.piece_at(square).is_some() {
                return Err(FenError::ListedTwice {
                    player,
                    token: token.to_owned(),
                    square,
                });
            }
            setup.set(square, Some(Piece { player, role }));
        }
    }
    Ok(player)
}

/// A decimal number (saturating), or `None` if `text` is not digits.
fn square_number(text: &str) -> Option<u32> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(u32::MAX))
}

impl fmt::Display for Setup {
    /// Writes FEN: side to move, White's list, Red's list, squares in
    /// increasing order, kings prefixed with `K`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_move.pdn_letter())?;
        for player in [Player::White, Player::Red] {
            write!(f, ":{}", player.pdn_letter())?;
            let mut first = true;
            for square in Square::all() {
                let Some(piece) = self.piece_at(square).filter(|p| p.player == player) else {
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
        Ok(())
    }
}
