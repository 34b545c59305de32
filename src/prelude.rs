//! The names most programs need, for one glob import:
//! `use rulebook::prelude::*;`.
//!
//! Above all it brings the [`Game`] trait into scope: the rules methods
//! every game shares (`legal_moves`, `apply`, `outcome`, `to_move`, ...)
//! are trait methods, so without it `game.legal_moves()` does not compile,
//! while each game's own methods (such as `Checkers::to_fen`) work without
//! it. It also brings [`Match`], [`Outcome`] and [`PlayerOutcome`] (what
//! [`outcome_for`](Game::outcome_for) returns).
//!
//! ```
//! use rulebook::checkers::Checkers;
//! use rulebook::prelude::*;
//!
//! let game = Checkers::default();
//! assert_eq!(game.legal_moves().len(), 7);
//! assert_eq!(Match::new(game).position().outcome(), None::<Outcome<_>>);
//! assert_eq!(game.outcome_for(game.to_move()), None::<PlayerOutcome>);
//! ```

pub use crate::{Game, Match, Outcome, PlayerOutcome};
