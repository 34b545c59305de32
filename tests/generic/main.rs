//! What holds for every game: the conformance kit and its own tests, hostile
//! input, keys, perft on threads, search, engines, learning environments.
//!
//! One test binary for this area (compiling and linking one binary per
//! file cost most of the suite's time): each former `tests/<name>.rs` is
//! a module here. A new test file of this area goes in this folder, with
//! a `mod` line below. See `tests/README.md`.

mod agent_environments;
mod catalog;
mod conformance;
mod engine;
mod environment_reset;
mod no_panic_inputs;
mod perft_parallel;
mod position_key;
mod search;
mod testing_count_scored;
mod testing_kit;
