//! The example programs run as a user runs them (consoles, perft, pdn_check,
//! tictactoe, `--help`).
//!
//! One test binary for this area (compiling and linking one binary per
//! file cost most of the suite's time): each former `tests/<name>.rs` is
//! a module here. A new test file of this area goes in this folder, with
//! a `mod` line below. See `tests/README.md`.

#[path = "../support/mod.rs"]
mod support;

mod checkers;
mod checkers_engine;
mod connect4;
mod connectx;
mod console_commands;
mod draughts;
mod draughts_moves;
mod engine_match;
mod help;
mod opening_book;
mod pdn_check;
mod perft;
mod registry;
mod tictactoe;
