//! The draughts family (work in progress).

mod engine;
mod geometry;
mod notation;
mod perft;
mod piece;
mod rules;

pub use notation::{Notation, ParseSquareError, Square};
pub use piece::{Color, Piece, Role};
pub use rules::{
    BrazilianRules, Crowning, CzechRules, EnglishRules, InternationalRules, ItalianRules, PoolRules,
    Precedence, Rules, RussianRules, SpanishRules,
};
