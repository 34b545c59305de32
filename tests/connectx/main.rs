//! ConnectX: against a reference implementation and against `Connect4`, text
//! and Kaggle forms.
//!
//! One test binary for this area (compiling and linking one binary per
//! file cost most of the suite's time): each former `tests/<name>.rs` is
//! a module here. A new test file of this area goes in this folder, with
//! a `mod` line below. See `tests/README.md`.

mod kaggle;
mod reference;
mod text;
mod vs_connect4;
