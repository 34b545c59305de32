//! Entering a move of the draughts family the way a person plays it at a
//! board: a capture **one hop at a time**, asked for again from each
//! landing square until the capture is complete. One [`Entry`], one
//! [`PartialCapture`] and one [`EnterMoveError`] for every game of the
//! family ([`HopEntry`]: [`Checkers`](crate::checkers::Checkers), which
//! asks for captures the way Microsoft's Checkers does, and every
//! [`Draughts`](crate::draughts::Draughts) variant); each game decides how
//! a typed capture resolves.
//!
//! Under them, the crate's one hop-by-hop core, for every game:
//! [`Route`] (the squares entered so far, without allocating),
//! [`continuation`] (what typed squares add to it) and [`route_entry`]
//! ([`RouteEntry`]: a whole legal move, the start of some, or none).
//! [`PartialCapture`] holds a [`Route`] of the game's squares; the
//! catalog's [`RouteSoFar`](crate::catalog::RouteSoFar) (labels, any game)
//! and the learning environments' hop-by-hop actions use the same core.
//!
//! ```
//! use rulebook::checkers::{Checkers, Entry};
//!
//! let position = Checkers::from_fen("B:W14,23:B9").unwrap();
//! let Ok(Entry::Capturing(partial)) = position.enter_move("9x18") else { panic!() };
//! assert_eq!(partial.landing().to_string(), "18");
//! assert!(matches!(partial.enter("27"), Ok(Entry::Complete(_))));
//! ```

use core::fmt;

pub use super::route::{continuation, route_entry, Route, RouteEntry};
use crate::draughts::MAX_MOVE_SQUARES;
use crate::move_list::joined;
use crate::Game;

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::checkers::Checkers {}
    impl<R: crate::draughts::Rules> Sealed for crate::draughts::Draughts<R> {}
}

/// A game of the draughts family whose moves a player enters one hop at a
/// time: what [`Entry`], [`PartialCapture`] and [`EnterMoveError`] need
/// of it. Implemented by [`Checkers`](crate::checkers::Checkers) and every
/// [`Draughts`](crate::draughts::Draughts) variant (sealed).
pub trait HopEntry: Game + Copy + sealed::Sealed + 'static {
    /// A square of the board.
    type Square: Copy + Eq + Ord + core::hash::Hash + fmt::Debug + fmt::Display;
    /// Why text is not move notation.
    type ParseMoveError: std::error::Error + Clone + PartialEq + Eq + 'static;
    /// Why text is not a square.
    type ParseSquareError: std::error::Error + Clone + PartialEq + Eq + 'static;
    /// What one hop is called in messages: `"jump"` or `"capture"`.
    const HOP: &'static str;
    /// Why a quiet move is refused while a capture is available, for
    /// messages.
    const CAPTURE_COMPULSORY: &'static str;
    /// How a piece in the middle of a capture goes on, before the squares
    /// it can land on, for messages.
    const GOES_ON: &'static str;

    /// The squares of move text, in the order written.
    ///
    /// # Errors
    ///
    /// [`HopEntry::ParseMoveError`] when `text` is not move notation.
    fn read_squares(text: &str) -> Result<Vec<Self::Square>, Self::ParseMoveError>;

    /// `Some` when `text` (trimmed) is a bare square, the next landing
    /// alone, rather than move text: the square, or why it is none.
    fn read_landing(text: &str) -> Option<Result<Self::Square, Self::ParseSquareError>>;

    /// Whether `mv` is a capture.
    fn is_capture(mv: Self::Move) -> bool;

    /// Whether the quiet move `mv` goes from `from` to `to`.
    fn goes(mv: Self::Move, from: Self::Square, to: Self::Square) -> bool;

    /// Resolves the squares `typed` of a capture typed so far (`text` as
    /// typed) while a capture is available: a complete capture, one in
    /// progress, or why neither. `continuing` is the capture in progress
    /// the text continues, if any.
    ///
    /// # Errors
    ///
    /// [`EnterMoveError`] saying why the squares are no capture.
    fn resolve_capture(
        &self,
        typed: &[Self::Square],
        text: &str,
        continuing: Option<&PartialCapture<Self>>,
    ) -> Result<Entry<Self>, EnterMoveError<Self>>;

    /// The distinct squares legal captures land on after `so_far`, in
    /// increasing order.
    fn next_landings(&self, so_far: &[Self::Square]) -> Vec<Self::Square>;
}

/// What the typed text amounts to in the position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry<G: HopEntry> {
    /// A complete legal move: play it.
    Complete(G::Move),
    /// The first hops of a capture that must go on: ask for the next hop
    /// from [`PartialCapture::landing`].
    Capturing(PartialCapture<G>),
}

/// The hops of a capture typed so far: the crate's [`Route`] of the
/// game's squares, in its position, read with the game's notation and
/// messages.
///
/// Invariant: the route (the start and at least one landing) is a proper
/// prefix of the route of at least one legal capture of `position`, so
/// there is always a next hop.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PartialCapture<G: HopEntry> {
    position: G,
    route: Route<G::Square, MAX_MOVE_SQUARES>,
}

impl<G: HopEntry> PartialCapture<G> {
    /// The capture in progress that has visited `typed` (the start, then
    /// each landing) in `position`.
    ///
    /// Precondition: `typed` holds at least one square and at most
    /// `MAX_MOVE_SQUARES` (more are dropped).
    pub(crate) fn new(position: G, typed: &[G::Square]) -> PartialCapture<G> {
        let mut route = Route::new(typed[0]);
        for &square in &typed[1..typed.len().min(MAX_MOVE_SQUARES)] {
            route.push(square);
        }
        PartialCapture { position, route }
    }

    /// The capture in progress along `route` in `position`.
    ///
    /// Precondition: `route` (at least two squares) is a proper prefix of
    /// the route of a legal capture of `position`.
    pub(crate) fn from_route(
        position: G,
        route: Route<G::Square, MAX_MOVE_SQUARES>,
    ) -> PartialCapture<G> {
        debug_assert!(route.len() >= 2, "a capture in progress has made a hop");
        PartialCapture { position, route }
    }

    /// The position the capture is made in (unchanged until the capture
    /// is complete: captured pieces leave the board when the move ends).
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The squares visited so far: the start square, then each landing.
    pub fn squares(&self) -> &[G::Square] {
        self.route.squares()
    }

    /// The route so far, as the crate's hop-by-hop core holds it.
    pub fn route(&self) -> &Route<G::Square, MAX_MOVE_SQUARES> {
        &self.route
    }

    /// The square the capturing piece stands on now.
    pub fn landing(&self) -> G::Square {
        self.route.landing()
    }

    /// The squares the piece can land on with its next hop, each once, in
    /// increasing order.
    pub fn next_landings(&self) -> Vec<G::Square> {
        self.position.next_landings(self.squares())
    }

    /// Reads the next hop: typed from the landing square (`15x8`), as the
    /// bare square to land on (`8`), or as the whole route from the start
    /// (`22x15x8`), as [`continuation`] reads every hop-by-hop entry.
    /// Several hops on one line are fine.
    ///
    /// # Errors
    ///
    /// [`EnterMoveError::Parse`] / [`EnterMoveError::Square`] for text that
    /// is not a move or a square; [`EnterMoveError::NotANextHop`] when the
    /// text does not go on from the landing square along a legal capture
    /// (naming where the piece can go); the game's refusals of a capture
    /// that skips a hop ([`EnterMoveError::OneHopAtATime`], checkers) or
    /// that another capture takes precedence over
    /// ([`EnterMoveError::PrecedenceRefused`], draughts).
    pub fn enter(&self, text: &str) -> Result<Entry<G>, EnterMoveError<G>> {
        let trimmed = text.trim();
        let typed = match G::read_landing(trimmed) {
            Some(square) => vec![square.map_err(EnterMoveError::Square)?],
            None => G::read_squares(trimmed).map_err(EnterMoveError::Parse)?,
        };
        match self.route.continued(&typed) {
            Some(route) => self
                .position
                .resolve_capture(route.squares(), trimmed, Some(self)),
            None => Err(self.not_a_next_hop(trimmed)),
        }
    }

    /// The error for text that does not continue this capture.
    pub(crate) fn not_a_next_hop(&self, text: &str) -> EnterMoveError<G> {
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
pub enum EnterMoveError<G: HopEntry> {
    /// The text is not move notation.
    #[error(transparent)]
    Parse(G::ParseMoveError),
    /// The text is not a square.
    #[error(transparent)]
    Square(G::ParseSquareError),
    /// The game is over: no move can be played.
    #[error("the game is over: no move can be played")]
    GameOver,
    /// Not a legal move (no capture is available).
    #[error("{text} is not a legal move in this position; the legal moves are {}", joined(.legal))]
    NotLegal {
        /// The text typed.
        text: String,
        /// The legal moves.
        legal: Vec<G::Move>,
    },
    /// Not a capture, while a capture is available: capturing is
    /// compulsory.
    #[error("{text} is not allowed: {} ({})", G::CAPTURE_COMPULSORY, joined(.captures))]
    CaptureRequired {
        /// The text typed.
        text: String,
        /// The legal captures.
        captures: Vec<G::Move>,
    },
    /// A capture typed straight to a later square, skipping a hop
    /// (checkers, as Microsoft's Checkers asks for one jump at a time).
    #[error("{text} is refused: jump one piece at a time; the next jump is {from}x{to}")]
    OneHopAtATime {
        /// The text typed.
        text: String,
        /// Where the hop that was skipped starts.
        from: G::Square,
        /// Where it lands.
        to: G::Square,
    },
    /// A capture the rules allow on its own, refused because another
    /// capture takes precedence (draughts variants with precedence rules).
    #[error("{text} is refused: {rule}; the legal captures are {}", joined(.captures))]
    PrecedenceRefused {
        /// The text typed.
        text: String,
        /// The precedence rule, in a sentence.
        rule: String,
        /// The legal captures.
        captures: Vec<G::Move>,
    },
    /// Text that does not continue the capture in progress.
    #[error("{text} does not continue the {}: the piece on {landing} {} {}", G::HOP, G::GOES_ON, or_list(.next))]
    NotANextHop {
        /// The text typed.
        text: String,
        /// Where the capturing piece stands.
        landing: G::Square,
        /// Where it can land next.
        next: Vec<G::Square>,
    },
}

/// Items as "8", "8 or 6", "8, 6 or 3".
fn or_list<T: fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [only] => only.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(ToString::to_string).collect();
            format!("{} or {last}", init.join(", "))
        }
    }
}

/// Reads a move typed by a player in `position`: a quiet move, or the
/// first hops of a capture (the game resolves them). The separator is not
/// trusted, only the squares.
///
/// # Errors
///
/// [`EnterMoveError::Parse`] for text that is not move notation;
/// [`EnterMoveError::GameOver`]; [`EnterMoveError::NotLegal`] (listing the
/// legal moves) when no capture is available; the game's refusals of a
/// capture otherwise.
pub(crate) fn enter_move<G: HopEntry>(
    position: &G,
    text: &str,
) -> Result<Entry<G>, EnterMoveError<G>> {
    let trimmed = text.trim();
    let typed = G::read_squares(trimmed).map_err(EnterMoveError::Parse)?;
    let legal = position.legal_moves();
    let not_legal = || EnterMoveError::NotLegal {
        text: trimmed.to_owned(),
        legal: legal.to_vec(),
    };
    match legal.first() {
        None => Err(EnterMoveError::GameOver),
        Some(&first) if G::is_capture(first) => position.resolve_capture(&typed, trimmed, None),
        Some(_) => match typed[..] {
            [from, to] => legal
                .iter()
                .find(|&&mv| G::goes(mv, from, to))
                .map(|&mv| Entry::Complete(mv))
                .ok_or_else(not_legal),
            _ => Err(not_legal()),
        },
    }
}
