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

/// The live games of the paced run.
const PACED_GAMES: usize = 10;

/// The paced mode (`--rate`): 10 live games at 150 moves/s for 4 s, games
/// replaced as they end. How many moves fit in 4 s depends on the machine
/// (a slot that falls behind skips its missed times), so what is asserted
/// holds at any speed: nothing lost or refused, and every game that ended
/// was replaced (each slot's last game is the one the deadline stopped).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_paced_run_loses_nothing() {
    let server = Server::start_with(&temp_db(), &["--rate-limit", "0"]);
    let report = program::run(program::Config {
        rate: Some(150.0),
        duration: 4.0,
        ..program::Config::closed(&server.addr, PACED_GAMES)
    })
    .await;
    println!("{report}");
    assert_eq!((report.errors, report.lost), (0, 0), "{report}");
    assert!(report.moves > 0, "{report}");
    assert_eq!(
        report.games_started,
        report.games_finished + PACED_GAMES,
        "games are replaced as they end: {report}"
    );
    assert!(report.scheduled_ms.is_some(), "{report}");
}

/// The paced mode with clocks: 10 live games on a 10-minute clock at 50
/// moves/s for 3 s, and 3 more games left to run out of time (5-7 s), each
/// ended by the server's timer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_paced_run_with_clocks_flags_every_clock_left_to_run_out() {
    let server = Server::start_with(&temp_db(), &["--rate-limit", "0"]);
    let report = program::run(program::Config {
        rate: Some(50.0),
        duration: 3.0,
        clock: Some(600),
        flaggers: 3,
        ..program::Config::closed(&server.addr, PACED_GAMES)
    })
    .await;
    println!("{report}");
    assert_eq!((report.errors, report.lost), (0, 0), "{report}");
    let (left, flagged, _) = report.flags.expect("flags reported");
    assert_eq!(
        flagged, left as u64,
        "every clock left to run out flags: {report}"
    );
    let (pushed, _, _) = report.flags_pushed.expect("flag pushes reported");
    assert_eq!(
        pushed, left as u64,
        "every flag's end reaches a WebSocket client: {report}"
    );
}
