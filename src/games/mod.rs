//! The games, one module each: their rules behind the [`Game`](crate::Game)
//! trait, and beside each game what only that game has (its notation,
//! evaluation, levels, records, environment). Each game is re-exported at
//! the crate root (`rulebook::checkers`, `rulebook::draughts`, ...) and
//! registered once in the catalog (`catalog/registry.rs`), where every
//! door (server, Python, examples) takes it from.

pub mod checkers;
pub mod connect4;
pub mod connectx;
pub mod draughts;
pub mod othello;
pub mod turkish;
