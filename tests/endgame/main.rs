//! The endgame databases (`rulebook::endgame`): position counts, known
//! values, the verifier, an independent solver and a search to compare
//! with, the file format and the command line.

#[path = "../support/mod.rs"]
mod support;

mod counts;
mod engine;
mod files;
mod forward;
mod known;
mod program;
mod search;
mod verify;
