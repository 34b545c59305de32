//! PDN records of Turkish draughts: [`Turkish`] is
//! [`Recorded`](crate::pdn::Recorded) with `GameType` [`GAME_TYPE`] (PDN
//! 3.0's number for Turkish draughts), so the family's
//! [`replay`](crate::pdn::replay) and [`write_match`](crate::pdn::write_match)
//! read and write its games; moves as players write them (`d3-d4`,
//! `d4xd8`, the landings only when start and end name several captures).
//!
//! ```
//! use rulebook::pdn::{replay, write_match, PdnReader};
//! use rulebook::turkish::Turkish;
//!
//! let text = "[GameType \"30\"]\n1. d3-d4 d6-d5 2. d4xd8 *\n";
//! let game = PdnReader::new(text).next().unwrap().unwrap();
//! let played = replay::<Turkish>(&game).unwrap();
//! assert_eq!(played.history().len(), 3);
//! assert!(write_match(&played, []).unwrap().contains("[GameType \"30\"]"));
//! ```

use super::{Color, FenError, Move, ResolveMoveError, Turkish};
use crate::pdn::Recorded;
use crate::Game;

/// PDN 3.0's `GameType` number of Turkish draughts.
pub const GAME_TYPE: u32 = 30;

impl Turkish {
    /// `mv` (legal here) as a player writes it: a step `d3-d4`; a capture
    /// by its start and end (`d4xd8`) when no other legal capture has
    /// them, else with every landing.
    pub fn move_text(&self, mv: Move) -> String {
        if !mv.is_capture() {
            return mv.to_string();
        }
        let same_ends = self
            .legal_moves()
            .iter()
            .filter(|other| other.from() == mv.from() && other.to() == mv.to())
            .count();
        if same_ends == 1 {
            format!("{}x{}", mv.from(), mv.to())
        } else {
            mv.to_string()
        }
    }
}

impl Recorded for Turkish {
    const NAME: &'static str = "turkish";
    const GAME_TYPE: u32 = GAME_TYPE;
    const FIRST: Color = Color::White;
    type FenError = FenError;
    type ResolveMoveError = ResolveMoveError;

    fn from_fen(fen: &str) -> Result<Turkish, FenError> {
        Turkish::from_fen(fen)
    }

    fn to_fen(&self) -> String {
        Turkish::to_fen(self)
    }

    fn resolve_move(&self, text: &str) -> Result<Move, ResolveMoveError> {
        self.parse_move(text)
    }

    /// [`Turkish::move_text`].
    fn record_move_text(&self, mv: Move) -> String {
        self.move_text(mv)
    }
}
