//! The vocabulary every game and every machine shares: the [`Game`](crate::Game)
//! trait, outcomes, errors, move lists, position keys and the small tools
//! (a seeded generator, hop descriptions, Kaggle's board text) that more
//! than one game needs. Nothing here knows a particular game; everything
//! is re-exported at the crate root, so the paths users write are
//! `rulebook::Game`, `rulebook::Outcome`, `rulebook::hops`, ...

pub(crate) mod error;
pub(crate) mod game;
pub mod hops;
pub(crate) mod kaggle_text;
pub(crate) mod key;
pub(crate) mod move_list;
pub(crate) mod outcome;
pub(crate) mod route;
pub(crate) mod spill_list;
pub(crate) mod split_mix64;
