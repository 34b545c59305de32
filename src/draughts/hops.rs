//! Entering a draughts move the way a person plays it at a board: a
//! capture **one hop at a time**, asked for again from each landing square
//! until the capture is complete (the checkers example's way, for every
//! variant).
//!
//! [`Draughts::enter_move`] reads what the player typed and says whether it
//! is a complete legal move ([`Entry::Complete`]) or the first hops of a
//! capture that must go on ([`Entry::Capturing`], whose
//! [`PartialCapture::enter`] reads the next hop). A capture the precedence
//! rules refuse (a shorter capture when the majority rule wants a longer
//! one, a man's capture when a king's must come first) gets an error that
//! explains the rule: [`EnterMoveError::PrecedenceRefused`].

use super::engine::{BlackSide, Capture, Path, Sink, WhiteSide};
use super::geometry::index_of_bit;
use super::moves::{Move, MoveText, ParseMoveError, MAX_MOVE_SQUARES};
use super::notation::{read_square, ParseSquareError, Square};
use super::piece::Color;
use super::position::{move_list, Draughts, Skip};
use super::rules::{Precedence, Rules};
use crate::Game;

/// What the typed text amounts to in the position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry<R: Rules> {
    /// A complete legal move: play it.
    Complete(Move<R>),
    /// The first hops of a capture that must go on: ask for the next hop
    /// from [`PartialCapture::landing`].
    Capturing(PartialCapture<R>),
}

/// The hops of a capture typed so far.
///
/// Invariant: `squares[..len]` (the start and at least one landing, as
/// dense indices) is a proper prefix of the route of at least one legal
/// capture of `position`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PartialCapture<R: Rules> {
    position: Draughts<R>,
    squares: [u8; MAX_MOVE_SQUARES],
    len: usize,
}

impl<R: Rules> PartialCapture<R> {
    /// The squares visited so far: the start, then each landing.
    pub fn squares(&self) -> Vec<Square<R>> {
        self.squares[..self.len]
            .iter()
            .map(|&i| Square::new_unchecked(usize::from(i)))
            .collect()
    }

    /// The square the capturing piece stands on now.
    pub fn landing(&self) -> Square<R> {
        Square::new_unchecked(usize::from(self.squares[self.len.max(1) - 1]))
    }

    /// The squares the piece can land on with its next hop, each once, in
    /// board order.
    pub fn next_landings(&self) -> Vec<Square<R>> {
        next_landings(&self.position, &self.squares[..self.len])
    }

    /// Reads the next hop: typed from the landing square (`19x10`), as the
    /// bare square to land on (`10`), or as the whole route from the start
    /// (`28x19x10`). Several hops on one line are fine.
    ///
    /// # Errors
    ///
    /// [`EnterMoveError::Parse`] / [`EnterMoveError::Square`] for text that
    /// is not a move or a square; [`EnterMoveError::NotANextHop`] when the
    /// text does not go on from the landing square along a legal capture
    /// (naming where the piece can go).
    pub fn enter(&self, text: &str) -> Result<Entry<R>, EnterMoveError<R>> {
        let trimmed = text.trim();
        let mut typed = *self;
        let fits = if !trimmed.is_empty() && !trimmed.contains(['-', 'x', 'X', ':']) {
            let index = read_square(R::NOTATION, R::SIZE, trimmed).ok_or_else(|| {
                EnterMoveError::Square(trimmed.parse::<Square<R>>().err().unwrap_or_else(|| {
                    ParseSquareError {
                        text: trimmed.to_owned(),
                        variant: R::NAME,
                        expected: "a square",
                    }
                }))
            })?;
            typed.push(index)
        } else {
            let written = MoveText::read::<R>(trimmed)?;
            let squares: Vec<usize> = written.indices().collect();
            let so_far: Vec<usize> = self.squares[..self.len]
                .iter()
                .map(|&i| usize::from(i))
                .collect();
            let continues: &[usize] = if squares.starts_with(&so_far) {
                &squares[self.len..]
            } else if squares.first() == Some(&self.landing().index()) {
                &squares[1..]
            } else {
                &[]
            };
            !continues.is_empty() && continues.iter().all(|&index| typed.push(index))
        };
        if !fits {
            return Err(self.not_a_next_hop(trimmed));
        }
        resolve_capture(
            &self.position,
            &typed.squares[..typed.len],
            trimmed,
            Some(self),
        )
    }

    /// Appends a square; `false` when no capture visits that many.
    fn push(&mut self, index: usize) -> bool {
        match self.squares.get_mut(self.len) {
            Some(slot) => {
                *slot = index as u8;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    fn not_a_next_hop(&self, text: &str) -> EnterMoveError<R> {
        EnterMoveError::NotANextHop {
            text: text.to_owned(),
            landing: self.landing(),
            next: self.next_landings(),
        }
    }
}

/// Why typed text is not a move (or the next hop of one) in the position.
/// Each message is a sentence for the player.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum EnterMoveError<R: Rules> {
    /// Not move notation.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// Not a square.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// The game is over.
    #[error("the game is over: no move can be played")]
    GameOver,
    /// Not a legal move (no capture is available).
    #[error("{text} is not a legal move in this position; the legal moves are {}", move_list(.legal))]
    NotLegal {
        /// The text typed.
        text: String,
        /// The legal moves.
        legal: Vec<Move<R>>,
    },
    /// Not a capture, while a capture is available: capturing is
    /// compulsory.
    #[error("{text} is not allowed: you have a capture, and capturing is compulsory ({})", move_list(.captures))]
    CaptureRequired {
        /// The text typed.
        text: String,
        /// The legal captures.
        captures: Vec<Move<R>>,
    },
    /// A capture the rules allow on its own, refused because another
    /// capture takes precedence.
    #[error("{text} is refused: {rule}; the legal captures are {}", move_list(.captures))]
    PrecedenceRefused {
        /// The text typed.
        text: String,
        /// The precedence rule, in a sentence.
        rule: String,
        /// The legal captures.
        captures: Vec<Move<R>>,
    },
    /// Text that does not continue the capture in progress.
    #[error("{text} does not continue the capture: the piece on {landing} must capture on, landing on {}", squares_text(.next))]
    NotANextHop {
        /// The text typed.
        text: String,
        /// Where the capturing piece stands.
        landing: Square<R>,
        /// Where it can land next.
        next: Vec<Square<R>>,
    },
}

/// Squares as "8", "8 or 6", "8, 6 or 3".
fn squares_text<R: Rules>(squares: &[Square<R>]) -> String {
    match squares {
        [] => String::new(),
        [only] => only.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(ToString::to_string).collect();
            format!("{} or {last}", init.join(", "))
        }
    }
}

/// Collects every capture, whatever the precedence rules say.
struct AllCaptures<R: Rules>(Vec<Move<R>>);

impl<R: Rules> Sink for AllCaptures<R> {
    const PATH: bool = true;
    fn complete(&mut self, capture: Capture, path: &Path) {
        let route = path
            .written()
            .map(|bit| usize::from(index_of_bit::<R>(u32::from(bit))));
        self.0
            .push(Move::capture(route, capture.captured.count_ones() as usize));
    }
}

impl<R: Rules> Draughts<R> {
    /// Reads a move typed by a player: a quiet move (`32-28`), or a capture
    /// typed one hop at a time (`28x19`, then `19x10` when asked), with all
    /// its hops on one line (`28x19x10`), or in short form (`28x10`) when
    /// that names one legal capture. The separator is not trusted, only the
    /// squares. Does not change the position.
    ///
    /// # Errors
    ///
    /// [`EnterMoveError::Parse`] for text that is not move notation;
    /// [`EnterMoveError::GameOver`]; [`EnterMoveError::NotLegal`] (listing
    /// the legal moves); [`EnterMoveError::CaptureRequired`] for a quiet
    /// move while a capture is available;
    /// [`EnterMoveError::PrecedenceRefused`] for a capture the precedence
    /// rules refuse (explaining the rule).
    pub fn enter_move(&self, text: &str) -> Result<Entry<R>, EnterMoveError<R>> {
        let trimmed = text.trim();
        let written = MoveText::read::<R>(trimmed)?;
        let typed: Vec<u8> = written.indices().map(|i| i as u8).collect();
        let legal = self.legal_moves();
        match legal.first() {
            None => Err(EnterMoveError::GameOver),
            Some(first) if first.is_capture() => resolve_capture(self, &typed, trimmed, None),
            Some(_) => match typed[..] {
                [from, to] => legal
                    .iter()
                    .find(|mv| mv.indices() == [from, to])
                    .map(|&mv| Entry::Complete(mv))
                    .ok_or_else(|| EnterMoveError::NotLegal {
                        text: trimmed.to_owned(),
                        legal: legal.to_vec(),
                    }),
                _ => Err(EnterMoveError::NotLegal {
                    text: trimmed.to_owned(),
                    legal: legal.to_vec(),
                }),
            },
        }
    }

    /// Every capture sequence, ignoring the precedence rules (allocates:
    /// for explaining refusals, not for play).
    fn all_captures(&self) -> Vec<Move<R>> {
        let mut sink = AllCaptures(Vec::new());
        let board = self.board();
        match self.turn {
            Color::White => board.for_each_capture::<R, WhiteSide, _>(&mut sink),
            Color::Black => board.for_each_capture::<R, BlackSide, _>(&mut sink),
        }
        sink.0
    }
}

/// The precedence rule of `R`, in a sentence.
fn precedence_rule<R: Rules>(longest: usize) -> String {
    match R::PRECEDENCE {
        Precedence::Free => "another capture must be chosen".to_owned(),
        Precedence::Majority => format!(
            "the capture that takes the most pieces is compulsory ({longest} here; kings and men count the same)"
        ),
        Precedence::MajorityThenKings => format!(
            "the capture that takes the most pieces is compulsory ({longest} here), and among those the one that takes the most kings"
        ),
        Precedence::Italian => format!(
            "the capture that takes the most pieces is compulsory ({longest} here); then a capture by a king, then the most kings, then the one that meets a king first"
        ),
        Precedence::KingFirst => "when a king can capture, a king's capture must be chosen".to_owned(),
    }
}

/// How many pieces of capture `mv` the squares `typed` (the start, then
/// landings) have taken so far, if they follow it hop by hop (the stops a
/// flying king makes between two pieces on one line may be typed or
/// left out).
fn typed_so_far<R: Rules>(position: &Draughts<R>, mv: &Move<R>, typed: &[u8]) -> Option<usize> {
    position.follows(mv, typed, Skip::Unwritten)
}

/// Resolves the squares of a capture typed so far.
fn resolve_capture<R: Rules>(
    position: &Draughts<R>,
    typed: &[u8],
    text: &str,
    continuing: Option<&PartialCapture<R>>,
) -> Result<Entry<R>, EnterMoveError<R>> {
    let legal = position.legal_moves();
    if legal.is_empty() {
        return Err(EnterMoveError::GameOver);
    }
    let complete = legal.iter().find(|mv| {
        mv.indices() == typed || typed_so_far(position, mv, typed) == Some(mv.capture_count())
    });
    if let Some(&complete) = complete {
        return Ok(Entry::Complete(complete));
    }
    let begins = |mv: &Move<R>| typed_so_far(position, mv, typed).is_some_and(|taken| taken >= 1);
    if typed.len() >= 2 && legal.iter().any(begins) {
        let mut squares = [0; MAX_MOVE_SQUARES];
        squares[..typed.len()].copy_from_slice(typed);
        return Ok(Entry::Capturing(PartialCapture {
            position: *position,
            squares,
            len: typed.len(),
        }));
    }
    // A short form (start and end, or some of the landings) that names
    // exactly one legal capture is taken as that capture.
    if continuing.is_none() {
        if let Ok(mv) = position.parse_move(text) {
            return Ok(Entry::Complete(mv));
        }
    }
    let captures = legal.to_vec();
    if typed.len() >= 2 && position.all_captures().iter().any(begins) {
        let longest = captures.iter().map(Move::capture_count).max().unwrap_or(0);
        return Err(EnterMoveError::PrecedenceRefused {
            text: text.to_owned(),
            rule: precedence_rule::<R>(longest),
            captures,
        });
    }
    Err(match continuing {
        Some(partial) => partial.not_a_next_hop(text),
        None => EnterMoveError::CaptureRequired {
            text: text.to_owned(),
            captures,
        },
    })
}

/// The distinct squares legal captures land on after `so_far`.
fn next_landings<R: Rules>(position: &Draughts<R>, so_far: &[u8]) -> Vec<Square<R>> {
    let mut next = 0u64;
    for mv in position.legal_moves().iter() {
        if let Some(taken) = typed_so_far(position, mv, so_far) {
            next |= position.stops_after(mv, taken);
        }
    }
    Square::all()
        .filter(|square| next & (1 << square.index()) != 0)
        .collect()
}
