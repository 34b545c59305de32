//! Games leave memory when idle and come back from the database; a client
//! that never finishes its request head is disconnected.

use std::time::{Duration, Instant};

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::{temp_db, Server};

/// Waits until the server has `count` games in memory (20 s at most).
async fn in_memory(server: &Server, count: u64) -> serde_json::Value {
    let started = Instant::now();
    loop {
        let (status, stats) = server.get("/api/stats").await;
        assert_eq!(status, 200, "{stats}");
        if stats["games_in_memory"].as_u64().unwrap() == count {
            return stats;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "not evicted: {stats}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn idle_games_are_evicted_and_come_back_from_the_database() {
    let server = Server::start_with(
        &temp_db(),
        &["--idle-evict-secs", "1", "--idle-evict-live-secs", "4"],
    );
    // A finished game: x wins in the first column.
    let (id, x, o) = server.human_game(json!({"game": "connect4"})).await;
    for (token, column) in [
        (&x, "0"),
        (&o, "1"),
        (&x, "0"),
        (&o, "1"),
        (&x, "0"),
        (&o, "1"),
        (&x, "0"),
    ] {
        let (status, body) = server.play(&id, token, column).await;
        assert_eq!(status, 200, "{body}");
    }
    let before = server.state(&id).await;
    assert_eq!(before["history"].as_array().unwrap().len(), 7);
    assert!(!before["result"].is_null(), "{before}");
    let (_, record_before) = server.get(&format!("/api/games/{id}/record")).await;

    // Not evicted while a WebSocket client watches it.
    let mut socket = server.socket(&id).await;
    assert_eq!(socket.next().await["type"], "state");
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (_, stats) = server.get("/api/stats").await;
    assert_eq!(stats["games_evicted"], 0, "{stats}");
    assert_eq!(stats["games_in_memory"], 1, "{stats}");
    drop(socket);

    // Evicted about a second after the socket closed.
    let stats = in_memory(&server, 0).await;
    assert_eq!(stats["games_evicted"], 1, "{stats}");
    // Read again from the database: the same state, history and record.
    let after = server.state(&id).await;
    assert_eq!(after, before);
    let (_, record_after) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(record_after, record_before);
    // Still over: a move is refused.
    let (status, body) = server.play(&id, &o, "2").await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("game_over")),
        "{body}"
    );

    // An unfinished game, evicted after the longer idle time.
    let (id, x, o) = server.human_game(json!({"game": "connect4"})).await;
    assert_eq!(server.play(&id, &x, "3").await.0, 200);
    assert_eq!(server.play(&id, &o, "3").await.0, 200);
    let before = server.state(&id).await;
    tokio::time::sleep(Duration::from_millis(2000)).await;
    // The finished game (read again above) left again; the live one waits
    // longer.
    let (_, stats) = server.get("/api/stats").await;
    assert_eq!(stats["games_in_memory"], 1, "{stats}");
    let stats = in_memory(&server, 0).await;
    assert!(stats["games_evicted"].as_u64().unwrap() >= 3, "{stats}");
    // It still accepts moves, pushes them, and knows its history.
    let mut socket = server.socket(&id).await;
    let hello = socket.next().await;
    assert_eq!(hello["state"], before);
    let (status, next) = server.play(&id, &x, "4").await;
    assert_eq!(status, 200, "{next}");
    assert_eq!(next["version"], before["version"].as_u64().unwrap() + 1);
    assert_eq!(next["history"].as_array().unwrap().len(), 3);
    assert_eq!(socket.next().await["state"], next);
    // Out of turn is still refused: the turn came back too.
    assert_eq!(server.play(&id, &x, "4").await.0, 409);
}

#[tokio::test]
async fn a_client_that_stalls_in_its_request_head_is_disconnected() {
    let server = Server::start_with(&temp_db(), &["--header-timeout-secs", "1"]);
    let mut slow = tokio::net::TcpStream::connect(&server.addr).await.unwrap();
    // Half a request line, then nothing.
    slow.write_all(b"GET /api/cata").await.unwrap();
    let started = Instant::now();
    // Others are served meanwhile.
    let (id, _, _) = server.human_game(json!({"game": "connect4"})).await;
    assert_eq!(server.state(&id).await["game"], "connect4");
    // The server closes the stalled connection (EOF or a reset) after
    // about a second, not at once, and not never.
    let mut buffer = [0u8; 1024];
    let read = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match slow.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                // An error response before closing is fine too.
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(
        read.is_ok(),
        "the stalled connection is still open after 10 s"
    );
    let elapsed = started.elapsed();
    assert!(
        elapsed >= Duration::from_millis(800),
        "closed too early: {elapsed:?}"
    );
    // A client that sends its request in time is served on the same server.
    let mut prompt = tokio::net::TcpStream::connect(&server.addr).await.unwrap();
    prompt
        .write_all(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    prompt.read_to_end(&mut answer).await.unwrap();
    assert!(
        answer.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
}
