//! The catalog of games: what the front doors (a game server, a web page,
//! the Python package, the console examples) need to know of each game,
//! written once here so that they stay generic over [`Game`](crate::Game).
//!
//! - [`GameSpec`] names a game and its parameters (`"russian"`,
//!   `"connectx:8x9x5"`), and [`GameSpec::visit`] turns that name into a
//!   call of a [`GameVisitor`], generic over `G: Described`, with the
//!   game's start position.
//! - [`Described`] is what a front door asks of a game: its spec, its
//!   players by name, its position and move text, each move's route and
//!   captures, the [`BoardView`] to draw, its engines by level, its record
//!   and draw rules. Implemented for [`Connect4`](crate::connect4::Connect4),
//!   [`ConnectX`](crate::connectx::ConnectX),
//!   [`Checkers`](crate::checkers::Checkers), every
//!   [`Draughts`](crate::draughts::Draughts) variant and
//!   [`Othello`](crate::othello::Othello).
//! - [`moves_with_route_prefix`]: hop-by-hop move entry for any game.
//!
//! A new game implements `Described` once, and every front door offers it.
//!
//! ```
//! use rulebook::catalog::{Described, GameSpec, GameVisitor};
//! use rulebook::Game;
//!
//! /// Plays the first legal move and describes it, whatever the game.
//! struct FirstMove;
//! impl GameVisitor for FirstMove {
//!     type Output = (String, Vec<String>);
//!     fn visit<G: Described>(self, start: G) -> Self::Output {
//!         let mv = start.legal_moves()[0];
//!         (start.move_text(mv), start.route(mv))
//!     }
//! }
//!
//! let spec: GameSpec = "russian".parse().unwrap();
//! assert_eq!(spec.visit(FirstMove), ("a3-b4".to_owned(), vec!["a3".to_owned(), "b4".to_owned()]));
//! assert_eq!(GameSpec::Connect4.visit(FirstMove), ("0".to_owned(), vec!["0".to_owned()]));
//! ```

mod board;
mod checkers;
mod connect;
mod described;
mod draughts;
mod environment;
mod othello;
mod registry;
mod route;
mod spec;

pub use board::{BoardKind, BoardView, Cell, PieceView};
pub use described::{Described, MoveTextError, PlayerNameError, PositionTextError};
pub use environment::EnvironmentVisitor;
pub(crate) use registry::draughts_variants;
pub use route::{moves_with_route_prefix, RouteEntry, RouteSoFar};
pub use spec::{GameSpec, GameVisitor, SpecError, Variant, PARAMETERS_SEPARATOR};
