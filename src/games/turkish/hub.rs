//! Turkish draughts in the text of the Hub protocol (the draughts family's
//! [`HubMessage`](crate::draughts::HubMessage) lines; Scan has no Turkish
//! draughts, so the variant is this crate's, named `turkish`).
//!
//! Squares are numbered 1 to 64 as the draughts family's Hub numbers run:
//! from the top-left corner as White sees the board, row by row, left to
//! right: `a8` is 1, `h8` 8, `a7` 9, ..., `h1` 64.
//!
//! - A position ([`hub_position`]): the side to move (`W` or `B`), then one
//!   character per square in that order: `w`/`b` a White/Black man, `W`/`B`
//!   a king, `e` empty (65 characters).
//! - A move ([`hub_move`]): a step `from-to` (`41-33`: `a3-a4`); a capture
//!   `fromxto` followed by `x` and the number of each piece it takes
//!   (`36x20x28`: from `d4` to `d6`, taking `d5`). Two routes that take the
//!   same pieces to the same square are one move with one text.

use super::{Color, Move, Square, Turkish};
use crate::draughts::hub::{bad_position, split_hub_position};
use crate::draughts::{HubError, Role};
use crate::Game;

/// Squares on the board, and characters after the side letter.
const SQUARES: usize = super::SQUARES;
/// Rows and columns.
const SIZE: usize = super::SIZE;

/// The Hub number of `square` (1 = `a8` ... 64 = `h1`).
fn number(square: Square) -> usize {
    (SIZE - 1 - square.row()) * SIZE + square.column() + 1
}

/// The square of Hub number `n`, if it is one.
fn square_of(n: usize) -> Option<Square> {
    let index = n.checked_sub(1).filter(|&i| i < SQUARES)?;
    Square::at(index % SIZE, SIZE - 1 - index / SIZE)
}

/// The Hub text of `position` (see the module docs).
///
/// ```
/// use rulebook::turkish::{hub_position, Turkish};
///
/// let text = hub_position(&Turkish::default());
/// let rows = ["e".repeat(8), "b".repeat(16), "e".repeat(16), "w".repeat(16), "e".repeat(8)];
/// assert_eq!(text, format!("W{}", rows.concat()));
/// ```
pub fn hub_position(position: &Turkish) -> String {
    let mut text = String::with_capacity(SQUARES + 1);
    text.push(position.to_move().pdn_letter());
    for n in 1..=SQUARES {
        let square = square_of(n).expect("1 to 64 are squares");
        text.push(match position.piece_at(square) {
            None => 'e',
            Some((Color::White, false)) => 'w',
            Some((Color::Black, false)) => 'b',
            Some((Color::White, true)) => 'W',
            Some((Color::Black, true)) => 'B',
        });
    }
    text
}

/// Reads the Hub text of a Turkish position.
///
/// # Errors
///
/// [`HubError::BadPosition`] when the text is not `W` or `B` and one of
/// `wbWBe` for each of the 64 squares, or describes a position the rules
/// do not allow (a man on its crowning row, too many pieces, an empty
/// board).
pub fn parse_hub_position(text: &str) -> Result<Turkish, HubError> {
    let (turn, pieces) = split_hub_position(text, SQUARES)?;
    let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
    for (n, piece) in (1..).zip(pieces) {
        let bit = square_of(n).expect("1 to 64 are squares").bit();
        let Some(piece) = piece else { continue };
        match piece.color {
            Color::White => white |= bit,
            Color::Black => black |= bit,
        }
        if piece.role == Role::King {
            kings |= bit;
        }
    }
    Turkish::from_bitboards(white, black, kings, turn)
        .map_err(|error| bad_position(text, error.to_string()))
}

/// The Hub text of `mv`, legal in `position`: `41-33`, or for a capture
/// `from x to x taken x taken ...` (`36x20x28`).
pub fn hub_move(position: &Turkish, mv: &Move) -> String {
    let separator = if mv.is_capture() { 'x' } else { '-' };
    let mut text = format!("{}{separator}{}", number(mv.from()), number(mv.to()));
    for taken in position.taken(*mv) {
        text.push_str(&format!("x{}", number(taken)));
    }
    text
}

/// Reads a move in Hub text against the legal moves of `position`. The
/// taken pieces may come in any order, or be left out when the start and
/// end name one legal capture.
///
/// # Errors
///
/// [`HubError::BadMove`] when the text is not square numbers (1 to 64)
/// joined by `-` or `x`, [`HubError::IllegalMove`] when no legal move
/// matches.
pub fn parse_hub_move(position: &Turkish, text: &str) -> Result<Move, HubError> {
    let bad = || HubError::BadMove(text.chars().take(70).collect());
    let capture = text.contains('x');
    let mut numbers = Vec::new();
    for part in text.split(['x', '-']) {
        let n: usize = part.parse().map_err(|_| bad())?;
        square_of(n).ok_or_else(bad)?;
        numbers.push(n);
    }
    if numbers.len() < 2 || (!capture && numbers.len() != 2) || (capture && text.contains('-')) {
        return Err(bad());
    }
    let mut taken = numbers[2..].to_vec();
    taken.sort_unstable();
    let matching: Vec<Move> = position
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| {
            mv.is_capture() == capture
                && number(mv.from()) == numbers[0]
                && number(mv.to()) == numbers[1]
                && (taken.is_empty() || {
                    let mut pieces: Vec<usize> =
                        position.taken(*mv).into_iter().map(number).collect();
                    pieces.sort_unstable();
                    pieces == taken
                })
        })
        .collect();
    match matching[..] {
        [only] => Ok(only),
        _ => Err(HubError::IllegalMove(text.chars().take(70).collect())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_run_from_a8_to_h1() {
        let name = |n| square_of(n).unwrap().to_string();
        assert_eq!(
            [name(1), name(8), name(9), name(64)],
            ["a8", "h8", "a7", "h1"]
        );
        assert!(square_of(0).is_none() && square_of(65).is_none());
        for square in Square::all() {
            assert_eq!(square_of(number(square)), Some(square));
        }
    }
}
