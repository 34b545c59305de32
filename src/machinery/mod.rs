//! The generic machinery beside the [`Game`](crate::Game) trait, written
//! once for every game: [`Match`](crate::Match) (a game with its history,
//! draw rules and results), perft, search and engines, opening books, agents'
//! environments, PDN records, endgame databases, the catalog of
//! registered games and the conformance kit. Re-exported at the crate
//! root (`rulebook::search`, `rulebook::pdn`, ...).

pub mod agent;
pub mod book;
pub mod catalog;
pub mod endgame;
pub(crate) mod game_match;
pub mod pdn;
pub(crate) mod perft;
pub mod search;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod testing;
