//! The draughts family: rules of every variant, notation, hops, PDN, perft,
//! English rules against `Checkers`.
//!
//! One test binary for this area (compiling and linking one binary per
//! file cost most of the suite's time): each former `tests/<name>.rs` is
//! a module here. A new test file of this area goes in this folder, with
//! a `mod` line below. See `tests/README.md`.

#[path = "../support/mod.rs"]
mod support;

mod captures;
mod circular;
mod dxp;
mod engine;
mod english;
mod environment;
mod frisian;
mod frisian_kings;
mod hops;
mod hub;
mod international_variants;
mod learned_eval;
mod loop_notation;
mod notation;
mod pdn;
mod perft;
mod real_records;
mod rules;
mod vocabulary;
