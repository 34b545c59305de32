//! Entering a move the way Microsoft's Checkers asks for it: a capture is
//! typed **one jump at a time**, and after each jump the player is asked to
//! go on from the landing square until no jump is left.
//!
//! [`Checkers::enter_move`] reads what the player typed in a position and
//! says whether it is a complete legal move ([`Entry::Complete`]) or the
//! first jumps of a capture that must go on ([`Entry::Jumping`], whose
//! [`PartialJump::enter`] reads the next jump). Refusals are
//! [`EnterMoveError`]s whose messages say why: a quiet move while a jump is
//! available names the jumps; a capture typed straight to its final square
//! asks for one jump at a time.
//!
//! Typing every jump on one line (`22x15x8`) is accepted too. The separator
//! is not trusted, only the squares: `22-15` is the jump 22x15 when that is
//! what the squares say.

use super::moves::MoveText;
use super::position::move_list;
use super::{Checkers, Move, ParseMoveError, ParseSquareError, Square, MAX_JUMPS};
use crate::Game;

/// The most squares a capture visits: its start and one landing per jump.
pub(crate) const MAX_PATH_SQUARES: usize = MAX_JUMPS + 1;

/// What the typed text amounts to in the position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry {
    /// A complete legal move: play it.
    Complete(Move),
    /// The first jumps of a capture that must go on: ask for the next jump
    /// from [`PartialJump::landing`].
    Jumping(PartialJump),
}

/// The jumps of a capture typed so far, one jump at a time.
///
/// Invariant: `squares[..len]` (at least two squares: the start and one
/// landing) is a proper prefix of the path of at least one legal capture of
/// `position`, so there is always a next jump.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PartialJump {
    position: Checkers,
    squares: [Square; MAX_PATH_SQUARES],
    len: usize,
}

impl PartialJump {
    /// The capture in progress that has visited `squares[..len]` (the
    /// start, then each landing) in `position`.
    ///
    /// Precondition: `squares[..len]` is a proper prefix, of at least two
    /// squares, of the path of a legal capture of `position`
    /// (debug-asserted).
    pub(crate) fn from_path(
        position: Checkers,
        squares: [Square; MAX_PATH_SQUARES],
        len: usize,
    ) -> PartialJump {
        let len = len.min(MAX_PATH_SQUARES);
        let mut squares = squares;
        // Equal captures in progress compare equal: the unused slots all
        // hold the start square.
        let start = squares[0];
        squares[len..].fill(start);
        let jump = PartialJump {
            position,
            squares,
            len,
        };
        debug_assert!(
            jump.len >= 2
                && position
                    .legal_moves()
                    .iter()
                    .any(|mv| { mv.path().len() > jump.len && starts_with(*mv, jump.squares()) }),
            "{jump:?} does not begin a capture that goes on"
        );
        jump
    }

    /// The position the capture is made in (unchanged until the capture
    /// is complete: captured pieces leave the board when the move ends).
    pub fn position(&self) -> &Checkers {
        &self.position
    }

    /// The squares visited so far: the start square, then each landing.
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len]
    }

    /// The square the jumping piece stands on now.
    pub fn landing(&self) -> Square {
        // `len >= 2` by the invariant; `squares[0]` is a safe fallback.
        self.squares().last().copied().unwrap_or(self.squares[0])
    }

    /// The squares the piece can jump to next, in increasing order, each
    /// once.
    pub fn next_landings(&self) -> Vec<Square> {
        next_landings(&self.position, self.squares())
    }

    /// Reads the next jump, typed from the landing square (`15x8`), as the
    /// bare square to land on (`8`), or as the whole path from the start
    /// (`22x15x8`). Several jumps on one line are fine.
    ///
    /// # Errors
    ///
    /// [`EnterMoveError::Parse`] / [`EnterMoveError::Square`] for text that
    /// is not a move or a square; [`EnterMoveError::NotANextHop`] when the
    /// text does not go on from the landing square along a legal capture;
    /// [`EnterMoveError::OneHopAtATime`] when it skips a jump.
    pub fn enter(&self, text: &str) -> Result<Entry, EnterMoveError> {
        let trimmed = text.trim();
        let mut typed = *self;
        let fits = if !trimmed.is_empty() && trimmed.bytes().all(|byte| byte.is_ascii_digit()) {
            typed.push(trimmed.parse()?)
        } else {
            let written = MoveText::read(trimmed)?;
            let squares = written.squares();
            let continues = if squares.starts_with(self.squares()) {
                &squares[self.len..]
            } else if squares.first() == Some(&self.landing()) {
                &squares[1..]
            } else {
                &[]
            };
            !continues.is_empty() && continues.iter().all(|&square| typed.push(square))
        };
        if !fits {
            return Err(self.not_a_next_hop(trimmed));
        }
        resolve_capture(&self.position, typed.squares(), trimmed, Some(self))
    }

    /// Appends a square typed by the player; `false` when no capture could
    /// visit that many squares.
    fn push(&mut self, square: Square) -> bool {
        match self.squares.get_mut(self.len) {
            Some(slot) => {
                *slot = square;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// The error for text that does not continue this jump.
    fn not_a_next_hop(&self, text: &str) -> EnterMoveError {
        EnterMoveError::NotANextHop {
            text: text.to_owned(),
            landing: self.landing(),
            next: self.next_landings(),
        }
    }
}

/// Why typed text is not a move (or the next jump of a move) in the
/// position. Each message is a sentence for the player.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum EnterMoveError {
    /// The text is not move notation.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The text is not a square number.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// The game is over: no move can be played.
    #[error("the game is over: no move can be played")]
    GameOver,
    /// Not a legal move (no jump is available).
    #[error("{text} is not a legal move in this position; the legal moves are {}", move_list(.legal))]
    NotLegal {
        /// The text typed.
        text: String,
        /// The legal moves.
        legal: Vec<Move>,
    },
    /// Not a jump, while a jump is available: jumping is compulsory.
    #[error("{text} is not allowed: you have a jump, and a jump must be taken ({})", move_list(.jumps))]
    JumpRequired {
        /// The text typed.
        text: String,
        /// The legal captures.
        jumps: Vec<Move>,
    },
    /// A capture typed straight to a later square, skipping a jump.
    #[error("{text} is refused: jump one piece at a time; the next jump is {from}x{to}")]
    OneHopAtATime {
        /// The text typed.
        text: String,
        /// Where the jump that was skipped starts.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// Text that does not continue the capture in progress.
    #[error("{text} does not continue the jump: the piece on {landing} must jump on, to {}", squares(.next))]
    NotANextHop {
        /// The text typed.
        text: String,
        /// Where the jumping piece stands.
        landing: Square,
        /// Where it can jump next.
        next: Vec<Square>,
    },
}

/// Squares as "8", "8 or 6", "8, 6 or 3".
fn squares(squares: &[Square]) -> String {
    match squares {
        [] => String::new(),
        [only] => only.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(Square::to_string).collect();
            format!("{} or {last}", init.join(", "))
        }
    }
}

impl Checkers {
    /// Reads a move typed by a player, who types a capture one jump at a
    /// time (as Microsoft's Checkers asks) or all of its jumps on one line.
    /// The separator is not trusted, only the squares.
    ///
    /// - In a position without captures, `11-15` is a step; it must be
    ///   legal.
    /// - When a capture is available, only captures are legal: the text
    ///   must be the first jump(s) of one, from its start square, each jump
    ///   typed (`22x15`, or `22x15x8`).
    ///
    /// Does not change the position.
    ///
    /// # Errors
    ///
    /// [`EnterMoveError::Parse`] for text that is not move notation (a
    /// square off the board included); [`EnterMoveError::GameOver`];
    /// [`EnterMoveError::NotLegal`] (the error lists the legal moves);
    /// [`EnterMoveError::JumpRequired`] for anything but a capture while a
    /// capture is available (the error names the captures);
    /// [`EnterMoveError::OneHopAtATime`] for a capture typed straight to a
    /// later square.
    pub fn enter_move(&self, text: &str) -> Result<Entry, EnterMoveError> {
        let trimmed = text.trim();
        let written = MoveText::read(trimmed)?;
        let typed = written.squares();
        let legal = self.legal_moves();
        match legal.first() {
            None => Err(EnterMoveError::GameOver),
            Some(first) if first.is_capture() => resolve_capture(self, typed, trimmed, None),
            Some(_) => match typed {
                [from, to] => legal
                    .iter()
                    .find(|mv| mv.from() == *from && mv.to() == *to)
                    .map(|&mv| Entry::Complete(mv))
                    .ok_or_else(|| not_legal(trimmed, &legal)),
                _ => Err(not_legal(trimmed, &legal)),
            },
        }
    }
}

fn not_legal(text: &str, legal: &[Move]) -> EnterMoveError {
    EnterMoveError::NotLegal {
        text: text.to_owned(),
        legal: legal.to_vec(),
    }
}

/// Whether the capture `mv` visits exactly `typed` first, in order.
pub(crate) fn starts_with(mv: Move, typed: &[Square]) -> bool {
    let mut path = mv.path();
    typed.iter().all(|&square| path.next() == Some(square))
}

/// Resolves the squares of a capture typed so far. `continuing` is the
/// jump in progress the text continues, if any (it changes the error).
fn resolve_capture(
    position: &Checkers,
    typed: &[Square],
    text: &str,
    continuing: Option<&PartialJump>,
) -> Result<Entry, EnterMoveError> {
    let legal = position.legal_moves();
    if legal.is_empty() {
        return Err(EnterMoveError::GameOver);
    }
    if let Some(&complete) = legal
        .iter()
        .find(|mv| mv.path().len() == typed.len() && starts_with(**mv, typed))
    {
        return Ok(Entry::Complete(complete));
    }
    if typed.len() >= 2 && legal.iter().any(|mv| starts_with(*mv, typed)) {
        debug_assert!(typed.len() < MAX_PATH_SQUARES, "a proper prefix of a path");
        let mut squares = [typed[0]; MAX_PATH_SQUARES];
        squares[..typed.len()].copy_from_slice(typed);
        return Ok(Entry::Jumping(PartialJump {
            position: *position,
            squares,
            len: typed.len(),
        }));
    }
    if let Some((from, to)) = skipped_jump(&legal, typed) {
        return Err(EnterMoveError::OneHopAtATime {
            text: text.to_owned(),
            from,
            to,
        });
    }
    Err(match continuing {
        Some(partial) => partial.not_a_next_hop(text),
        None => EnterMoveError::JumpRequired {
            text: text.to_owned(),
            jumps: legal.to_vec(),
        },
    })
}

/// When `typed` follows a legal capture but skips some of its landing
/// squares, the first jump that was skipped.
fn skipped_jump(legal: &[Move], typed: &[Square]) -> Option<(Square, Square)> {
    legal.iter().find_map(|&mv| {
        let path: Vec<Square> = mv.path().collect();
        if path.first() != typed.first() || !is_subsequence(typed, &path) {
            return None;
        }
        // The first place where the typed squares leave the path.
        let agreed = typed
            .iter()
            .zip(&path)
            .take_while(|(typed, visited)| typed == visited)
            .count();
        let from = *path.get(agreed.checked_sub(1)?)?;
        let to = *path.get(agreed)?;
        Some((from, to))
    })
}

/// Whether `typed` appears in order within `path`.
fn is_subsequence(typed: &[Square], path: &[Square]) -> bool {
    let mut rest = path.iter();
    typed
        .iter()
        .all(|square| rest.any(|visited| visited == square))
}

/// The distinct squares legal captures go to after `so_far`, ascending.
fn next_landings(position: &Checkers, so_far: &[Square]) -> Vec<Square> {
    let mut next: Vec<Square> = position
        .legal_moves()
        .iter()
        .filter(|mv| starts_with(**mv, so_far))
        .filter_map(|mv| mv.path().nth(so_far.len()))
        .collect();
    next.sort_unstable();
    next.dedup();
    next
}
