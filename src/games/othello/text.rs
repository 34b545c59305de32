//! The board text of an Othello position, the common one-line form of
//! Othello programs: [`Othello::text`], `FromStr` (also the serde form)
//! and [`ParseBoardError`].

use core::str::FromStr;

use super::{Othello, Player, Square};
use crate::Game;

/// The character of an empty square in board texts.
pub const EMPTY_SYMBOL: char = '-';

/// Characters of the board part of a text: one per square.
const BOARD_CHARS: usize = Square::COUNT;

/// Why a text is not an Othello board text.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum ParseBoardError {
    /// The board part does not have one character per square.
    #[error(
        "the board part has {found} characters, but needs exactly 64 (one per square, a1 to h8)"
    )]
    WrongLength {
        /// The characters found before the first space (or in the whole
        /// text, without one).
        found: usize,
    },
    /// A square's character is not `X`, `O` or `-`.
    #[error("{found:?} on square {square} is not a square's character: use X (Black), O (White) or - (empty)")]
    UnknownChar {
        /// The square whose character it is.
        square: Square,
        /// The character.
        found: char,
    },
    /// Nothing follows the 64 squares.
    #[error("the side to move is missing: end the text with a space and X (Black) or O (White)")]
    SideMissing,
    /// What follows the squares is not `X` or `O`.
    #[error("{found:?} is not a side to move: use X (Black) or O (White)")]
    UnknownSide {
        /// The text after the squares.
        found: String,
    },
}

impl Othello {
    /// The board text: 64 characters, one per square in index order
    /// (`a1`, `b1`, ..., `h1`, `a2`, ..., `h8`: rank 1 first, each rank
    /// from file `a`), `X` for Black, `O` for White, `-` for an empty
    /// square; then a space and the side to move, `X` or `O`. The start:
    ///
    /// ```
    /// use rulebook::othello::Othello;
    ///
    /// let start = Othello::default();
    /// assert_eq!(
    ///     start.text(),
    ///     "---------------------------OX------XO--------------------------- X"
    /// );
    /// assert_eq!(start.text().parse::<Othello>(), Ok(start));
    /// ```
    ///
    /// This is the form of Edax's problem files (without their final
    /// `;`) and of most Othello programs.
    pub fn text(&self) -> String {
        let mut text: String = Square::all()
            .map(|square| self.disc_at(square).map_or(EMPTY_SYMBOL, Player::symbol))
            .collect();
        text.push(' ');
        text.push(self.to_move().symbol());
        text
    }

    /// Reads a board text (see [`text`](Othello::text)): the 64 square
    /// characters, whitespace, the side to move `X` or `O`, optionally a
    /// final `;`; surrounding whitespace is ignored. Any placement of
    /// discs is accepted.
    ///
    /// # Errors
    ///
    /// [`ParseBoardError`] naming what is wrong: the length of the board
    /// part, a character that is not `X`, `O` or `-` (and its square), the
    /// side to move missing or not `X`/`O`.
    pub fn parse_text(text: &str) -> Result<Othello, ParseBoardError> {
        let text = text.trim();
        let text = text.strip_suffix(';').unwrap_or(text).trim_end();
        let (board, side) = text
            .split_once(char::is_whitespace)
            .map_or((text, ""), |(board, side)| (board, side.trim()));
        let found = board.chars().count();
        if found != BOARD_CHARS {
            return Err(ParseBoardError::WrongLength { found });
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (square, found) in Square::all().zip(board.chars()) {
            match found {
                EMPTY_SYMBOL => {}
                symbol => match Player::from_symbol(symbol) {
                    Some(Player::Black) => black |= square.bit(),
                    Some(Player::White) => white |= square.bit(),
                    None => return Err(ParseBoardError::UnknownChar { square, found }),
                },
            }
        }
        let mut side_chars = side.chars();
        let to_move = match (side_chars.next(), side_chars.next()) {
            (None, _) => return Err(ParseBoardError::SideMissing),
            (Some(symbol), None) => Player::from_symbol(symbol),
            _ => None,
        }
        .ok_or_else(|| ParseBoardError::UnknownSide {
            found: side.to_owned(),
        })?;
        Ok(Othello::from_sides(black, white, to_move))
    }
}

impl FromStr for Othello {
    type Err = ParseBoardError;
    /// As [`Othello::parse_text`].
    fn from_str(text: &str) -> Result<Othello, ParseBoardError> {
        Othello::parse_text(text)
    }
}

impl TryFrom<String> for Othello {
    type Error = ParseBoardError;
    fn try_from(text: String) -> Result<Othello, ParseBoardError> {
        Othello::parse_text(&text)
    }
}

impl From<Othello> for String {
    fn from(position: Othello) -> String {
        position.text()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "---------------------------OX------XO--------------------------- X";

    #[test]
    fn each_mistake_gets_its_error() {
        assert_eq!(
            Othello::parse_text(&START[..60]),
            Err(ParseBoardError::WrongLength { found: 60 })
        );
        let unknown = START.replacen('X', "x", 1);
        let error = Othello::parse_text(&unknown).unwrap_err();
        assert_eq!(
            error,
            ParseBoardError::UnknownChar {
                square: "e4".parse().unwrap(),
                found: 'x'
            }
        );
        assert!(error.to_string().contains("square e4"), "{error}");
        assert_eq!(
            Othello::parse_text(&START[..64]),
            Err(ParseBoardError::SideMissing)
        );
        assert_eq!(
            Othello::parse_text(&format!("{} B", &START[..64])),
            Err(ParseBoardError::UnknownSide { found: "B".into() })
        );
        let white = Othello::parse_text(&format!("  {} O;\n", &START[..64])).unwrap();
        assert_eq!(white.to_move(), Player::White);
        assert_eq!(white.text(), format!("{} O", &START[..64]));
    }
}
