//! The messages of DamExchange (DXP), the protocol draughts programs play
//! International matches over (usually TCP): [`DxpMessage`], each written
//! and read in the fixed-width layout of the DamExchange layer-2
//! specification. On a socket every message ends with a NUL byte
//! ([`DXP_TERMINATOR`]); [`DxpMessage::encode`] and [`DxpMessage::decode`]
//! handle the text without it.
//!
//! | message | layout |
//! |---|---|
//! | GAMEREQ | `R`, version `01`, initiator name (32, blank-padded), follower colour `W`/`Z`, minutes (3 digits), moves (3 digits, `000` no limit), `A` (start position) or `B` + colour to move + 50 squares (`e w z W Z`) |
//! | GAMEACC | `A`, follower name (32), acceptance code `0`–`3` |
//! | MOVE | `M`, seconds used (4), from (2), to (2), number captured (2), each captured square (2) |
//! | GAMEEND | `E`, reason `0`–`3`, stop code `0`/`1` |
//! | CHAT | `C`, free text |
//! | BACKREQ | `B`, move number (3), colour to move `W`/`Z` |
//! | BACKACC | `K`, acceptance code `0`–`2` |

use super::piece::{Color, Piece, Role};
use super::position::Draughts;
use super::rules::InternationalRules;
use super::{International, Move, Setup, Square};
use crate::Game;

/// The byte that ends every message on the wire.
pub const DXP_TERMINATOR: u8 = 0;
/// The protocol version GAMEREQ carries.
pub const DXP_VERSION: u32 = 1;
/// The width of a program's name.
pub const DXP_NAME_WIDTH: usize = 32;
/// The longest message (without its terminator).
pub const DXP_MAX_LENGTH: usize = 127;

/// One DamExchange message.
///
/// ```
/// use rulebook::draughts::DxpMessage;
///
/// let text = "M0012061100";
/// let message = DxpMessage::decode(text).unwrap();
/// assert_eq!(
///     message,
///     DxpMessage::Move { seconds: 12, from: 6, to: 11, captured: vec![] }
/// );
/// assert_eq!(message.encode(), text);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DxpMessage {
    /// GAMEREQ: the initiator asks for a game.
    GameRequest {
        /// The initiator's name (at most 32 characters).
        name: String,
        /// The colour the follower plays.
        follower: Color,
        /// Thinking time per side for the whole game, in minutes.
        minutes: u32,
        /// Moves for the whole game (0: no limit).
        moves: u32,
        /// The start position, when not the standard one.
        position: Option<International>,
    },
    /// GAMEACC: the follower's answer.
    GameAccept {
        /// The follower's name.
        name: String,
        /// `0` accepted; `1` wrong version; `2` not this game; `3` no game
        /// at all.
        code: u8,
    },
    /// MOVE: a move and the time it took.
    Move {
        /// Seconds the move took (0 to 9999).
        seconds: u32,
        /// Start square (1–50).
        from: u8,
        /// End square.
        to: u8,
        /// The squares of the pieces taken, in any order.
        captured: Vec<u8>,
    },
    /// GAMEEND: ends the game (or acknowledges the end).
    GameEnd {
        /// `0` no reason; `1` I give up; `2` draw; `3` I win.
        reason: u8,
        /// `0` another game may follow; `1` stop altogether.
        stop: u8,
    },
    /// CHAT: free text.
    Chat(String),
    /// BACKREQ: take moves back to move `number` with `to_move` to move.
    BackRequest {
        /// The move number (1–999).
        number: u32,
        /// The side to move there.
        to_move: Color,
    },
    /// BACKACC: the answer to BACKREQ: `0` accepted, `1` not supported,
    /// `2` declined.
    BackAccept {
        /// The acceptance code.
        code: u8,
    },
}

/// Why text is not a DamExchange message.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("bad DXP message `{text}`: {reason}")]
pub struct DxpError {
    /// The text (its first 60 characters).
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

fn colour_letter(color: Color) -> char {
    match color {
        Color::White => 'W',
        Color::Black => 'Z',
    }
}

/// A fixed-width field of digits.
fn digits(value: u32, width: usize) -> String {
    let limit = 10u32.pow(width as u32) - 1;
    format!("{:0width$}", value.min(limit))
}

impl DxpMessage {
    /// The message in its fixed-width layout (without the terminator).
    pub fn encode(&self) -> String {
        match self {
            DxpMessage::GameRequest {
                name,
                follower,
                minutes,
                moves,
                position,
            } => {
                let mut text = format!(
                    "R{}{}{}{}{}",
                    digits(DXP_VERSION, 2),
                    padded_name(name),
                    colour_letter(*follower),
                    digits(*minutes, 3),
                    digits(*moves, 3)
                );
                match position {
                    None => text.push('A'),
                    Some(position) => {
                        text.push('B');
                        text.push(colour_letter(position.to_move()));
                        for square in Square::<InternationalRules>::all() {
                            text.push(match position.piece_at(square) {
                                None => 'e',
                                Some(Piece { color, role }) => match (color, role) {
                                    (Color::White, Role::Man) => 'w',
                                    (Color::White, Role::King) => 'W',
                                    (Color::Black, Role::Man) => 'z',
                                    (Color::Black, Role::King) => 'Z',
                                },
                            });
                        }
                    }
                }
                text
            }
            DxpMessage::GameAccept { name, code } => {
                format!("A{}{}", padded_name(name), code_char(*code))
            }
            DxpMessage::Move {
                seconds,
                from,
                to,
                captured,
            } => {
                let mut text = format!(
                    "M{}{}{}{}",
                    digits(*seconds, 4),
                    digits(u32::from(*from), 2),
                    digits(u32::from(*to), 2),
                    digits(captured.len() as u32, 2)
                );
                for &square in captured {
                    text.push_str(&digits(u32::from(square), 2));
                }
                text
            }
            DxpMessage::GameEnd { reason, stop } => {
                format!("E{}{}", code_char(*reason), code_char(*stop))
            }
            DxpMessage::Chat(text) => {
                let clean: String = text
                    .chars()
                    .filter(|c| c.is_ascii() && *c != '\0')
                    .take(DXP_MAX_LENGTH - 1)
                    .collect();
                format!("C{clean}")
            }
            DxpMessage::BackRequest { number, to_move } => {
                format!("B{}{}", digits(*number, 3), colour_letter(*to_move))
            }
            DxpMessage::BackAccept { code } => format!("K{}", code_char(*code)),
        }
    }

    /// Reads one message (without its terminator).
    ///
    /// # Errors
    ///
    /// [`DxpError`] when the text is not one of the messages, a field has
    /// the wrong width or characters, or the message is cut short or too
    /// long.
    pub fn decode(text: &str) -> Result<DxpMessage, DxpError> {
        let fail = |reason: &str| DxpError {
            text: text.chars().take(60).collect(),
            reason: reason.to_owned(),
        };
        if !text.is_ascii() {
            return Err(fail("not ASCII"));
        }
        let mut fields = Fields { rest: text };
        let header = fields.take(1).ok_or_else(|| fail("empty"))?;
        let message = match header {
            "R" => {
                let version = fields.number(2).ok_or_else(|| fail("version"))?;
                if version != DXP_VERSION {
                    return Err(fail("version is not 01"));
                }
                let name = fields.take(DXP_NAME_WIDTH).ok_or_else(|| fail("name"))?;
                let follower = colour(fields.take(1)).ok_or_else(|| fail("follower colour"))?;
                let minutes = fields.number(3).ok_or_else(|| fail("thinking time"))?;
                let moves = fields.number(3).ok_or_else(|| fail("number of moves"))?;
                let position = match fields.take(1) {
                    Some("A") => None,
                    Some("B") => {
                        let turn = colour(fields.take(1)).ok_or_else(|| fail("colour to move"))?;
                        let squares = fields.take(50).ok_or_else(|| fail("position"))?;
                        Some(read_position(turn, squares).map_err(|reason| fail(&reason))?)
                    }
                    _ => return Err(fail("starting position is not A or B")),
                };
                DxpMessage::GameRequest {
                    name: name.trim_end().to_owned(),
                    follower,
                    minutes,
                    moves,
                    position,
                }
            }
            "A" => {
                let name = fields.take(DXP_NAME_WIDTH).ok_or_else(|| fail("name"))?;
                let code = fields.code(b'3').ok_or_else(|| fail("acceptance code"))?;
                DxpMessage::GameAccept {
                    name: name.trim_end().to_owned(),
                    code,
                }
            }
            "M" => {
                let seconds = fields.number(4).ok_or_else(|| fail("time"))?;
                let square = |fields: &mut Fields<'_>| {
                    fields
                        .number(2)
                        .filter(|n| (1..=50).contains(n))
                        .map(|n| n as u8)
                };
                let from = square(&mut fields).ok_or_else(|| fail("from field"))?;
                let to = square(&mut fields).ok_or_else(|| fail("to field"))?;
                let count = fields
                    .number(2)
                    .filter(|&n| n <= 20)
                    .ok_or_else(|| fail("number captured"))?;
                let mut captured = Vec::new();
                for _ in 0..count {
                    captured.push(square(&mut fields).ok_or_else(|| fail("captured pieces"))?);
                }
                DxpMessage::Move {
                    seconds,
                    from,
                    to,
                    captured,
                }
            }
            "E" => {
                let reason = fields.code(b'3').ok_or_else(|| fail("reason"))?;
                let stop = fields.code(b'1').ok_or_else(|| fail("stop code"))?;
                DxpMessage::GameEnd { reason, stop }
            }
            "C" => {
                let text = fields.rest;
                fields.rest = "";
                DxpMessage::Chat(text.to_owned())
            }
            "B" => {
                let number = fields.number(3).ok_or_else(|| fail("move number"))?;
                let to_move = colour(fields.take(1)).ok_or_else(|| fail("colour to move"))?;
                DxpMessage::BackRequest { number, to_move }
            }
            "K" => {
                let code = fields.code(b'2').ok_or_else(|| fail("acceptance code"))?;
                DxpMessage::BackAccept { code }
            }
            _ => return Err(fail("unknown message type")),
        };
        if !fields.rest.is_empty() {
            return Err(fail("text after the last field"));
        }
        Ok(message)
    }

    /// The MOVE message of `mv`, legal in `position`, which took
    /// `seconds`.
    pub fn of_move(
        position: &International,
        mv: &Move<InternationalRules>,
        seconds: u32,
    ) -> DxpMessage {
        let number = |square: Square<InternationalRules>| (square.index() + 1) as u8;
        DxpMessage::Move {
            seconds,
            from: number(mv.from()),
            to: number(mv.to()),
            captured: position.captured(mv).into_iter().map(number).collect(),
        }
    }

    /// The legal move of `position` that this MOVE message describes.
    ///
    /// # Errors
    ///
    /// [`DxpError`] when the message is not a MOVE, or no legal move has
    /// its start, end and captured squares.
    pub fn to_move(&self, position: &International) -> Result<Move<InternationalRules>, DxpError> {
        let DxpMessage::Move {
            from, to, captured, ..
        } = self
        else {
            return Err(DxpError {
                text: self.encode(),
                reason: "not a MOVE message".to_owned(),
            });
        };
        let mut wanted = captured.clone();
        wanted.sort_unstable();
        let number = |square: Square<InternationalRules>| (square.index() + 1) as u8;
        position
            .legal_moves()
            .iter()
            .copied()
            .find(|mv| {
                let mut taken: Vec<u8> = position.captured(mv).into_iter().map(number).collect();
                taken.sort_unstable();
                number(mv.from()) == *from && number(mv.to()) == *to && taken == wanted
            })
            .ok_or_else(|| DxpError {
                text: self.encode(),
                reason: "no legal move has these squares".to_owned(),
            })
    }
}

/// `name` cut or padded with blanks to 32 characters (ASCII only).
fn padded_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|c| c.is_ascii_graphic() || *c == ' ')
        .take(DXP_NAME_WIDTH)
        .collect();
    format!("{:<width$}", clean.trim_start(), width = DXP_NAME_WIDTH)
}

fn code_char(code: u8) -> char {
    char::from(b'0' + code.min(9))
}

fn colour(field: Option<&str>) -> Option<Color> {
    match field? {
        "W" => Some(Color::White),
        "Z" => Some(Color::Black),
        _ => None,
    }
}

fn read_position(turn: Color, squares: &str) -> Result<International, String> {
    let mut setup = Setup::<InternationalRules>::empty(turn);
    for (square, c) in Square::<InternationalRules>::all().zip(squares.chars()) {
        let piece = match c {
            'e' => None,
            'w' => Some((Color::White, Role::Man)),
            'W' => Some((Color::White, Role::King)),
            'z' => Some((Color::Black, Role::Man)),
            'Z' => Some((Color::Black, Role::King)),
            _ => return Err(format!("`{c}` is not one of e, w, z, W, Z")),
        };
        setup.set(square, piece.map(|(color, role)| Piece { color, role }));
    }
    Draughts::from_setup(&setup).map_err(|error| error.to_string())
}

/// The fields of a message, taken from the front.
struct Fields<'a> {
    rest: &'a str,
}

impl<'a> Fields<'a> {
    fn take(&mut self, width: usize) -> Option<&'a str> {
        if self.rest.len() < width {
            return None;
        }
        let (field, rest) = self.rest.split_at(width);
        self.rest = rest;
        Some(field)
    }

    fn number(&mut self, width: usize) -> Option<u32> {
        let field = self.take(width)?;
        if !field.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        field.parse().ok()
    }

    fn code(&mut self, max: u8) -> Option<u8> {
        let byte = *self.take(1)?.as_bytes().first()?;
        (b'0'..=max).contains(&byte).then(|| byte - b'0')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specification_examples_read_and_write_back() {
        for text in [
            "M0012061100",
            "M001205250422122320",
            "ATornado voor Windows 4.0        0",
            "E00",
            "CWhat do you think about move 35?",
            "B005Z",
            "K0",
        ] {
            let message = DxpMessage::decode(text).unwrap();
            assert_eq!(message.encode(), text);
        }
        let capture = DxpMessage::decode("M001205250422122320").unwrap();
        assert_eq!(
            capture,
            DxpMessage::Move {
                seconds: 12,
                from: 5,
                to: 25,
                captured: vec![22, 12, 23, 20]
            }
        );
    }

    #[test]
    fn game_requests_carry_the_position() {
        let standard = DxpMessage::GameRequest {
            name: "rulebook".to_owned(),
            follower: Color::Black,
            minutes: 5,
            moves: 75,
            position: None,
        };
        let text = standard.encode();
        assert_eq!(text.len(), 1 + 2 + 32 + 1 + 3 + 3 + 1);
        assert!(text.starts_with("R01rulebook "));
        assert!(text.ends_with("Z005075A"));
        assert_eq!(DxpMessage::decode(&text), Ok(standard));
        let position = International::from_fen("B:W31,K32:B5,K6").unwrap();
        let custom = DxpMessage::GameRequest {
            name: "x".to_owned(),
            follower: Color::White,
            minutes: 120,
            moves: 0,
            position: Some(position),
        };
        let text = custom.encode();
        assert_eq!(text.len(), 1 + 2 + 32 + 1 + 3 + 3 + 1 + 1 + 50);
        assert_eq!(&text[text.len() - 46..text.len() - 44], "zZ");
        assert_eq!(DxpMessage::decode(&text), Ok(custom));
    }

    #[test]
    fn malformed_messages_are_errors() {
        for bad in [
            "",
            "X",
            "M001",
            "M0012061100x",
            "M0012 61100",
            "M0012511100",
            "M001206110205",
            "E4",
            "E05",
            "K3",
            "B05Z",
            "B005Q",
            "R02rulebook                        Z005075A",
            "R01rulebook                        Z005075C",
            "Aname",
        ] {
            assert!(DxpMessage::decode(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn moves_convert_both_ways() {
        let position = International::from_fen("W:W28:B23,13").unwrap();
        for mv in position.legal_moves() {
            let message = DxpMessage::of_move(&position, &mv, 3);
            assert_eq!(message.to_move(&position), Ok(mv));
            let text = message.encode();
            assert_eq!(DxpMessage::decode(&text), Ok(message));
        }
        let start = International::default();
        let quiet = DxpMessage::decode("M0000322800").unwrap();
        assert!(quiet.to_move(&start).is_ok());
        let other = DxpMessage::decode("M0000322700").unwrap();
        assert!(other.to_move(&start).is_ok());
        let wrong = DxpMessage::decode("M0000322600").unwrap();
        assert!(wrong.to_move(&start).is_err());
        assert!(DxpMessage::Chat("hi".into()).to_move(&start).is_err());
    }
}
