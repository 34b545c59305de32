//! The position as PDN FEN text, the draughts family's syntax with the
//! board's algebraic squares: `W:Wa2,b2,Kd4:Bc6,d7` (side to move, then
//! each side's list, `K` before a king's square).

use core::str::FromStr;

use super::moves::read_square;
use super::{Color, FenError, Square, Turkish};
use crate::draughts::split_fen;

/// The name of the variant in FEN messages.
const VARIANT: &str = "turkish";
/// What a square looks like, for FEN messages.
const SQUARE_HINT: &str = "a1 to h8";
/// What a FEN looks like, for FEN messages.
const FEN_EXAMPLE: &str = "W:Wa2,b2,Kd4:Bc6,d7";

impl Turkish {
    /// Reads a position from PDN FEN: `W:Wa2,b2,Kd4:Bc6,d7` (the side to
    /// move, then each side's pieces in either order, `K` before a king;
    /// a `[FEN "..."]` tag around it, a final `.` and move counters such
    /// as `:H0:F1` are read too).
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the field or token that is wrong, or
    /// [`FenError::Invalid`] when the position breaks the rules (see
    /// [`Turkish`]).
    pub fn from_fen(fen: &str) -> Result<Turkish, FenError> {
        let (turn, lists) = split_fen(fen, FEN_EXAMPLE)?;
        let mut pieces = [0u64; 2];
        let mut kings = 0u64;
        let mut colors = [Color::White; 2];
        for (index, list) in lists.into_iter().enumerate() {
            let mut chars = list.chars();
            let color = chars
                .next()
                .and_then(Color::from_pdn_letter)
                .ok_or_else(|| FenError::ListColor {
                    token: list.to_owned(),
                })?;
            colors[index] = color;
            let squares = chars.as_str().trim();
            if squares.is_empty() {
                continue;
            }
            for raw in squares.split(',') {
                let token = raw.trim();
                let (king, body) = match token.strip_prefix(['K', 'k']) {
                    Some(rest) => (true, rest.trim()),
                    None => (false, token),
                };
                let square = read_square(body).ok_or_else(|| FenError::BadSquare {
                    color,
                    token: token.to_owned(),
                    variant: VARIANT,
                    expected: SQUARE_HINT,
                })?;
                let bit = square.bit();
                if (pieces[0] | pieces[1]) & bit != 0 {
                    return Err(FenError::ListedTwice {
                        color,
                        token: token.to_owned(),
                        square: square.to_string(),
                    });
                }
                pieces[index] |= bit;
                if king {
                    kings |= bit;
                }
            }
        }
        if colors[0] == colors[1] {
            return Err(FenError::SameColorTwice { color: colors[0] });
        }
        let (white, black) = match colors[0] {
            Color::White => (pieces[0], pieces[1]),
            Color::Black => (pieces[1], pieces[0]),
        };
        Ok(Turkish::from_bitboards(white, black, kings, turn)?)
    }

    /// This position as PDN FEN: side to move, White's list, Black's list,
    /// squares in index order (`a1`, `b1`, ..., `h8`), kings with `K`.
    pub fn to_fen(&self) -> String {
        let mut fen = String::new();
        fen.push(crate::Game::to_move(self).pdn_letter());
        for color in [Color::White, Color::Black] {
            fen.push(':');
            fen.push(color.pdn_letter());
            let mut first = true;
            for square in Square::all().filter(|square| self.pieces(color) & square.bit() != 0) {
                if !first {
                    fen.push(',');
                }
                first = false;
                if self.kings() & square.bit() != 0 {
                    fen.push('K');
                }
                fen.push_str(&square.to_string());
            }
        }
        fen
    }
}

impl FromStr for Turkish {
    type Err = FenError;

    /// [`Turkish::from_fen`].
    fn from_str(fen: &str) -> Result<Turkish, FenError> {
        Turkish::from_fen(fen)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Turkish {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_fen())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Turkish {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Turkish, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        Turkish::from_fen(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_round_trips_and_refuses_bad_text() {
        let start = Turkish::default();
        assert_eq!(Turkish::from_fen(&start.to_fen()).unwrap(), start);
        let game = Turkish::from_fen("[FEN \"B:Wd4,Kh8:Bc6,Ka1:H3:F9\"]").unwrap();
        assert_eq!(game.to_fen(), "B:Wd4,Kh8:BKa1,c6");
        for bad in [
            "W:Wd9:B",
            "W:Wd4:Wd5",
            "X:Wd4:Bd5",
            "W:Wd4,d4:B",
            "W:Wd8:Bd5",
            "W:W:B",
        ] {
            assert!(Turkish::from_fen(bad).is_err(), "{bad}");
        }
    }
}
