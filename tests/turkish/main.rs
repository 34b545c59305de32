//! Turkish draughts (`cargo test --test turkish`): perft from the start
//! against the published counts (kish and an independent implementation),
//! the rules on set-up positions (immediate removal, no 180° turn, the
//! most pieces, crowning at the end of the move), move and FEN text, the
//! conformance kit, the engine, and the doors (catalog, environment).

mod doors;
mod engine;
mod ladder;
mod perft;
mod rules;
