//! [`Evaluation`]: the hand-set evaluation of the computer players:
//! material (a king worth [`KING_VALUE`] hundredths of a man, as the
//! rules guide values a king at about five men), men's advance
//! towards the crowning rank, and a man one step from it.

use super::geometry::SIZE;
use super::{Color, Move, Turkish};
use crate::search::Evaluator;
use crate::Game;

/// A man's value.
pub const MAN_VALUE: i32 = 100;
/// A king's value: about five men (the rules guide).
pub const KING_VALUE: i32 = 450;
/// The bonus per rank a man has advanced from its side's back rank.
pub const ADVANCE_VALUE: i32 = 4;
/// The bonus of a man on the rank before its crowning rank.
pub const NEAR_CROWN_VALUE: i32 = 30;

/// Rank 7, one step from White's crowning rank.
const RANK_7: u64 = 0xFF << 48;
/// Rank 2, one step from Black's crowning rank.
const RANK_2: u64 = 0xFF << 8;

/// The evaluation of the computer players: material, advance, men near
/// the crowning rank, from the side of the player to move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluation;

impl Evaluation {
    /// The evaluation.
    pub const fn new() -> Evaluation {
        Evaluation
    }

    /// The value of `color`'s pieces in `game`.
    fn side(game: &Turkish, color: Color) -> i32 {
        let pieces = game.pieces(color);
        let kings = pieces & game.kings();
        let mut men = pieces & !kings;
        let near = match color {
            Color::White => men & RANK_7,
            Color::Black => men & RANK_2,
        };
        let mut advance = 0;
        while men != 0 {
            let row = men.trailing_zeros() as i32 / SIZE as i32;
            men &= men - 1;
            advance += match color {
                Color::White => row,
                Color::Black => SIZE as i32 - 1 - row,
            };
        }
        MAN_VALUE * (pieces & !kings).count_ones() as i32
            + KING_VALUE * kings.count_ones() as i32
            + ADVANCE_VALUE * advance
            + NEAR_CROWN_VALUE * near.count_ones() as i32
    }
}

impl Evaluator<Turkish> for Evaluation {
    fn evaluate(&self, game: &Turkish) -> i32 {
        let mover = game.to_move();
        Evaluation::side(game, mover) - Evaluation::side(game, mover.opponent())
    }

    /// Captures first, the longest first.
    fn move_hint(&self, _game: &Turkish, mv: Move) -> i32 {
        mv.captures() as i32
    }

    fn aspiration_window(&self) -> Option<i32> {
        Some(MAN_VALUE / 2)
    }
}
