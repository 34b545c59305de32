//! `kill -9` in the middle of games, then a restart on the same database:
//! every game resumes exactly, and clients that reconnect get it.

use serde_json::json;

use crate::support::{random_move, Server};

#[tokio::test]
async fn kill_9_and_restart_resume_every_game_exactly() {
    let database = crate::support::temp_db();
    let server = Server::start_with(&database, &[]);

    // A checkers game with moves, a hop of a multi-jump... and a draw offer pending.
    let (checkers, red, white) = server.human_game(json!({"game": "checkers"})).await;
    for text in ["11-15", "23-19", "8-11", "22-17"] {
        let token = if server.state(&checkers).await["to_move"] == "red" {
            &red
        } else {
            &white
        };
        let (status, body) = server.play(&checkers, token, text).await;
        assert_eq!(status, 200, "{body}");
    }
    server
        .post(
            &format!("/api/games/{checkers}/draw"),
            json!({"action": "offer"}),
            Some(&red),
        )
        .await;
    let (hop, hop_red, _) = server
        .human_game(json!({"game": "checkers", "position": "B:W14,23,32:B9"}))
        .await;
    let (status, body) = server.play(&hop, &hop_red, "9x18").await;
    assert_eq!(status, 200, "{body}");
    // A Russian game with random moves and an undo request pending.
    let (russian, w, b) = server.human_game(json!({"game": "russian"})).await;
    for _ in 0..6 {
        let state = server.state(&russian).await;
        let token = if state["to_move"] == "white" { &w } else { &b };
        server.play(&russian, token, &random_move(&state)).await;
    }
    server
        .post(
            &format!("/api/games/{russian}/undo"),
            json!({"action": "request"}),
            Some(&b),
        )
        .await;
    // An open game, and a computer-against-computer game mid-way.
    let open = server.create(json!({"game": "connect4"})).await;
    let open_id = open["id"].as_str().unwrap().to_owned();
    let cvc = server
        .create(json!({"game": "connect4", "computer_vs_computer": true, "level": 1}))
        .await;
    let cvc_id = cvc["id"].as_str().unwrap().to_owned();

    let ids = [&checkers, &hop, &russian, &open_id];
    let mut before = Vec::new();
    for id in ids {
        before.push(server.state(id).await);
    }
    server.kill();

    let server = Server::start_with(&database, &[]);
    for (id, state) in ids.iter().zip(&before) {
        assert_eq!(&server.state(id).await, state, "game {id}");
        // A reconnecting client gets it.
        let mut socket = server.socket(id).await;
        let hello = socket.next().await;
        assert_eq!(hello["type"], "state");
        assert_eq!(&hello["state"], state);
    }
    assert_eq!(before[0]["offers"]["draw"], "red");
    assert_eq!(before[1]["pending_route"], json!(["9", "18"]));
    assert_eq!(before[2]["offers"]["undo"], "black");
    // The games go on: the draw offer is answered, the jump completed.
    let (status, body) = server
        .post(
            &format!("/api/games/{checkers}/draw"),
            json!({"action": "decline"}),
            Some(&white),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = server.play(&hop, &hop_red, "18x27").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["history"][0]["text"], "9x18x27");
    let (status, body) = server
        .post(
            &format!("/api/games/{open_id}/join"),
            json!({}),
            open["invitation"]["token"].as_str(),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // The computers play on to the end after the restart.
    let mut socket = server.socket(&cvc_id).await;
    loop {
        let message = socket.next_change().await;
        if !message["state"]["result"].is_null() {
            break;
        }
    }
}
