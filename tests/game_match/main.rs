//! `Match`: flow, draw rules, serde, and matches of the real games.
//!
//! One test binary for this area (compiling and linking one binary per
//! file cost most of the suite's time): each former `tests/<name>.rs` is
//! a module here. A new test file of this area goes in this folder, with
//! a `mod` line below. See `tests/README.md`.

#[path = "../match_support/mod.rs"]
mod match_support;

mod checkers;
mod connect4;
mod draw_rules;
mod flow;
mod serde_forms;
