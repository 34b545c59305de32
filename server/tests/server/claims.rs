//! A player who leaves: after the grace period (`--claim-grace-secs`) the
//! opponent claims the win or a draw; one who never moved loses nothing.

use std::time::Duration;

use serde_json::{json, Value};

use crate::support::{temp_db, Server, Socket};

/// Opens the game's WebSocket and says the seat's token: its `hello` reply.
async fn present(server: &Server, id: &str, token: &str) -> (Socket, Value) {
    let mut socket = server.socket(id).await;
    socket.next().await;
    socket
        .send(&json!({"type": "hello", "token": token}).to_string())
        .await;
    loop {
        let message = socket.next().await;
        if message["type"] == "hello" {
            return (socket, message);
        }
    }
}

async fn claim(server: &Server, id: &str, token: &str, result: &str) -> (u16, Value) {
    server
        .post(
            &format!("/api/games/{id}/claim"),
            json!({"result": result}),
            Some(token),
        )
        .await
}

#[tokio::test]
async fn the_opponent_of_a_player_who_left_claims_after_the_grace_period() {
    let server = Server::start_with(&temp_db(), &["--claim-grace-secs", "1"]);
    for result in ["win", "draw"] {
        let (id, x, o) = server
            .human_game(json!({"game": "connect4", "side": "x"}))
            .await;
        let (_x_socket, hello) = present(&server, &id, &x).await;
        assert_eq!(hello["seat"], "x");
        let (o_socket, _) = present(&server, &id, &o).await;
        assert_eq!(server.play(&id, &x, "3").await.0, 200);
        assert_eq!(server.play(&id, &o, "3").await.0, 200);
        // O is here: nothing to claim.
        let (status, body) = claim(&server, &id, &x, result).await;
        assert_eq!(
            (status, &body["error"]["code"]),
            (409, &json!("conflict")),
            "{body}"
        );
        drop(o_socket);
        tokio::time::sleep(Duration::from_millis(200)).await;
        // Gone, but not for long enough.
        let (status, body) = claim(&server, &id, &x, result).await;
        assert_eq!(status, 409, "{body}");
        assert!(
            body["error"]["message"].as_str().unwrap().contains("left"),
            "{body}"
        );
        tokio::time::sleep(Duration::from_millis(1100)).await;
        // O cannot claim against X, who is here.
        assert_eq!(claim(&server, &id, &o, "win").await.0, 409);
        let (status, state) = claim(&server, &id, &x, result).await;
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["result"]["termination"], "abandoned");
        let outcome = if result == "win" { "x" } else { "draw" };
        assert_eq!(state["result"]["outcome"], outcome);
        assert!(state["result"]["reason"]
            .as_str()
            .unwrap()
            .contains("o left the game"));
        assert_eq!(server.play(&id, &x, "4").await.0, 409);
    }
}

#[tokio::test]
async fn a_player_who_never_moved_loses_nothing_and_tokens_are_checked() {
    let server = Server::start_with(&temp_db(), &["--claim-grace-secs", "1"]);
    let (id, x, o) = server
        .human_game(json!({"game": "checkers", "side": "red"}))
        .await;
    let (_red, _) = present(&server, &id, &x).await;
    // A token that is no seat's is not counted as anyone.
    let (_nobody, hello) = present(&server, &id, "0123").await;
    assert!(hello["seat"].is_null());
    let (white, _) = present(&server, &id, &o).await;
    assert_eq!(server.play(&id, &x, "11-15").await.0, 200);
    drop(white);
    tokio::time::sleep(Duration::from_millis(1300)).await;
    let (status, body) = claim(&server, &id, "0123", "win").await;
    assert_eq!((status, &body["error"]["code"]), (403, &json!("forbidden")));
    let (status, state) = claim(&server, &id, &x, "win").await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["result"]["outcome"], "aborted");
    assert_eq!(state["result"]["pdn"], "*");
    // Against the computer there is nothing to claim.
    let created = server
        .create(json!({"game": "checkers", "opponent": "computer", "level": 1}))
        .await;
    let (status, _) = claim(
        &server,
        created["id"].as_str().unwrap(),
        created["token"].as_str().unwrap(),
        "win",
    )
    .await;
    assert_eq!(status, 409);
}
