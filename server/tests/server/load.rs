//! A short load run: concurrent games, two WebSocket clients each, random
//! legal moves to the end; no error, no lost move. Speed is reported, not
//! asserted (see `examples/load.rs` for the full run).

#[path = "../../examples/load.rs"]
mod program;

use crate::support::{temp_db, Server};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_load_run_loses_nothing() {
    let server = Server::start_with(&temp_db(), &["--rate-limit", "0"]);
    let report = program::run(program::Config {
        addr: server.addr.clone(),
        games: 50,
        pid: None,
        game: "connect4".to_owned(),
    })
    .await;
    println!("{report}");
    assert_eq!(report.games_finished, 50, "{report}");
    assert_eq!((report.errors, report.lost), (0, 0), "{report}");
}
