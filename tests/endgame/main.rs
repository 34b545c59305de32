//! The endgame databases (`rulebook::endgame`): position counts, known
//! values, the verifier, cross-checks against search, the file format.

mod counts;
