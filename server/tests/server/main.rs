//! The server's integration tests: a real `rulebook-server` process driven
//! over HTTP and WebSocket (no mocks of the database or the network).

mod support;

mod claims;
mod clocks;
mod durability;
mod endgame;
mod errors;
mod evict;
mod games;
mod load;
mod postgres;
mod seats;
