//! `GET /api/games/{id}/endgame`: the endgame databases' verdict, only on
//! a server started with `--endgame-dir`, whose computer players probe
//! them; a damaged database stops the server at the start with its
//! message.

use std::path::PathBuf;
use std::process::Command;

use rulebook::draughts::EnglishRules;
use rulebook::endgame::Tablebase;
use serde_json::json;

use crate::support::{temp_db, Server};

/// English checkers' databases up to `pieces` pieces in a fresh directory.
fn databases(name: &str, pieces: u32) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "rulebook-server-endgame-{name}-{}-{}",
        std::process::id(),
        fastrand::u64(..)
    ));
    Tablebase::<EnglishRules>::build(&dir, pieces, |_| {}).unwrap();
    dir
}

/// English checkers' databases up to 2 pieces in a fresh directory.
fn two_piece_databases(name: &str) -> PathBuf {
    databases(name, 2)
}

#[tokio::test]
async fn the_verdict_of_a_position_the_databases_hold() {
    let dir = two_piece_databases("verdict");
    let server = Server::start_with(&temp_db(), &["--endgame-dir", dir.to_str().unwrap()]);
    // Source: Edward Lasker, *Chess and Checkers: the Way to Mastership*
    // (1918), diagram 88: White to move wins by 32-27.
    let (id, _, _) = server
        .human_game(json!({"game": "checkers", "position": "W:WK32:BK26"}))
        .await;
    let (status, verdict) = server.get(&format!("/api/games/{id}/endgame")).await;
    assert_eq!(status, 200, "{verdict}");
    assert_eq!(verdict["available"], true);
    assert_eq!(verdict["max_pieces"], 2);
    assert_eq!(verdict["value"], "win");
    assert_eq!(verdict["winner"], "white");
    assert_eq!(verdict["best_move"], "32-27");
    // Black to move: a draw.
    let (id, _, _) = server
        .human_game(json!({"game": "checkers", "position": "B:WK32:BK26"}))
        .await;
    let (_, verdict) = server.get(&format!("/api/games/{id}/endgame")).await;
    assert_eq!(verdict["value"], "draw");
    assert_eq!(verdict["winner"], serde_json::Value::Null);
    // More pieces than the databases hold: no value.
    let (id, _, _) = server.human_game(json!({"game": "checkers"})).await;
    let (status, verdict) = server.get(&format!("/api/games/{id}/endgame")).await;
    assert_eq!(status, 200);
    assert_eq!(verdict["available"], true);
    assert_eq!(verdict["value"], serde_json::Value::Null);
    // A game with no databases here.
    let (id, _, _) = server.human_game(json!({"game": "international"})).await;
    let (_, verdict) = server.get(&format!("/api/games/{id}/endgame")).await;
    assert_eq!(verdict["available"], false);
    // An unknown game id: 404 as everywhere.
    let (status, _) = server.get("/api/games/nosuchgame/endgame").await;
    assert_eq!(status, 404);
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn without_databases_the_endpoint_says_so() {
    let server = Server::start();
    let (id, _, _) = server
        .human_game(json!({"game": "checkers", "position": "W:WK32:BK26"}))
        .await;
    let (status, body) = server.get(&format!("/api/games/{id}/endgame")).await;
    assert_eq!(status, 404, "{body}");
    assert!(body.to_string().contains("no endgame databases"), "{body}");
    // The game's state carries no verdict either.
    assert!(server.state(&id).await.get("endgame").is_none());
}

#[test]
fn a_corrupted_database_stops_the_server_with_its_message() {
    let dir = two_piece_databases("corrupt");
    let file = dir.join("english-0-1-0-1.egdb");
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&file, bytes).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_rulebook-server"))
        .args(["--listen", "127.0.0.1:0", "--database", &temp_db()])
        .args(["--endgame-dir", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("english-0-1-0-1.egdb") && stderr.contains("corrupted"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty(), "it never listened");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Two kings against a king in the double corner, White to move: a
/// database win 33 plies from its capture (the databases' distance),
/// which the lone king delays as long as it can.
const TWO_KINGS_AGAINST_ONE: &str = "W:WK1,K2:BK32";

#[tokio::test]
async fn the_computer_plays_the_databases_win_to_the_end() {
    let dir = databases("computer", 3);
    let server = Server::start_with(&temp_db(), &["--endgame-dir", dir.to_str().unwrap()]);
    // The computer is White, at the lowest level; the human, Red, plays
    // the databases' longest defence (the endpoint's best move).
    let created = server
        .create(
            json!({"game": "checkers", "opponent": "computer", "level": 1,
            "side": "red", "position": TWO_KINGS_AGAINST_ONE}),
        )
        .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let mut socket = server.socket(id).await;
    let mut database_scores = 0;
    let mut red_moves = 0;
    let state = loop {
        let state = server.state(id).await;
        if !state["result"].is_null() {
            break state;
        }
        if state["to_move"] == "red" {
            // Every move of the computer kept the win.
            let (status, verdict) = server.get(&format!("/api/games/{id}/endgame")).await;
            assert_eq!(status, 200, "{verdict}");
            assert_eq!(verdict["value"], "loss", "{state}");
            assert_eq!(verdict["winner"], "white");
            let reply = verdict["best_move"].as_str().unwrap();
            let (status, played) = server.play(id, token, reply).await;
            assert_eq!(status, 200, "{reply}: {played}");
            red_moves += 1;
            assert!(
                red_moves < 40,
                "no capture after {red_moves} defences: {state}"
            );
        } else {
            // The computer's turn: what it thought, then its move.
            let message = socket.next().await;
            if message["type"] == "thinking" {
                let score = message["score"].as_str().unwrap();
                assert!(score.starts_with("database win"), "{message}");
                database_scores += 1;
            }
        }
    };
    assert_eq!(state["result"]["outcome"], "white", "{state}");
    // The defence lasted: the win took the databases' moves, not one blow.
    assert!(red_moves >= 10, "{red_moves} {state}");
    // What the computer said of its moves: database wins (a search without
    // the databases never reports one).
    assert!(database_scores > 0);
    std::fs::remove_dir_all(dir).unwrap();
}
