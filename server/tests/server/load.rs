//! A short load run: concurrent games, two WebSocket clients each, random
//! legal moves to the end; no error, no lost move. Speed is reported, not
//! asserted (see `examples/load.rs` for the full run).

#[path = "../../examples/load.rs"]
mod program;

use crate::support::{temp_db, Server};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_load_run_loses_nothing() {
    let server = Server::start_with(&temp_db(), &["--rate-limit", "0"]);
    let report = program::run(program::Config::closed(&server.addr, 50)).await;
    println!("{report}");
    assert_eq!(report.games_finished, 50, "{report}");
    assert_eq!((report.errors, report.lost), (0, 0), "{report}");
}

/// The paced mode (`--rate`): 50 live games at 150 moves/s for 3 s, games
/// replaced as they end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_paced_run_loses_nothing() {
    let server = Server::start_with(&temp_db(), &["--rate-limit", "0"]);
    let report = program::run(program::Config {
        rate: Some(150.0),
        duration: 3.0,
        ..program::Config::closed(&server.addr, 50)
    })
    .await;
    println!("{report}");
    assert_eq!((report.errors, report.lost), (0, 0), "{report}");
    // About 450 moves; far fewer means the pacing is broken.
    assert!(report.moves > 200, "{report}");
    assert!(
        report.games_started > 50,
        "games are replaced as they end: {report}"
    );
    assert!(report.scheduled_ms.is_some(), "{report}");
}
