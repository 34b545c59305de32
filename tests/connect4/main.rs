//! Connect Four: board, rules, text and Kaggle forms, perft, symmetry, the
//! solver, the book and perfect play.
//!
//! One test binary for this area (compiling and linking one binary per
//! file cost most of the suite's time): each former `tests/<name>.rs` is
//! a module here. A new test file of this area goes in this folder, with
//! a `mod` line below. See `tests/README.md`.

mod board;
mod book_play;
mod game;
mod kaggle;
mod perfect;
mod perft;
mod solver;
mod solver_lib;
mod symmetry;
mod text;
