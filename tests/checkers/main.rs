//! English checkers: rules, notation, perft, PDN, serde.
//!
//! One test binary for this area (compiling and linking one binary per
//! file cost most of the suite's time): each former `tests/<name>.rs` is
//! a module here. A new test file of this area goes in this folder, with
//! a `mod` line below. See `tests/README.md`.

mod capacity;
mod hops;
mod learned_eval;
mod notation;
mod pdn_reader;
mod pdn_replay;
mod pdn_tinsley;
mod perft;
mod playouts;
mod rules;
mod serde_forms;
