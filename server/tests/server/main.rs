//! The server's integration tests: a real `rulebook-server` process driven
//! over HTTP and WebSocket (no mocks of the database or the network).

mod support;

mod catalog;
mod chat;
mod claims;
mod clocks;
mod durability;
mod endgame;
mod errors;
mod evict;
mod games;
mod load;
mod people;
mod postgres;
mod rematch;
mod seats;
