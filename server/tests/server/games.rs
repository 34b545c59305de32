//! Whole games of every kind, through HTTP, with WebSocket pushes.

use serde_json::json;

use crate::support::{play_out, random_move, Server};

#[tokio::test]
async fn connect_four_human_against_human_with_invitation_and_spectator() {
    let server = Server::start();
    let created = server
        .create(json!({"game": "connect4", "side": "x"}))
        .await;
    let id = created["id"].as_str().unwrap();
    assert_eq!(created["seat"], "x");
    assert_eq!(id.len(), 32);
    let invitation = &created["invitation"];
    assert_eq!(invitation["seat"], "o");
    assert!(invitation["url"].as_str().unwrap().contains("#token="));
    // A private invitation is never listed as waiting for a player.
    let (_, open) = server.get("/api/games?open=true").await;
    assert!(!open["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|game| game["id"] == id));
    let (status, joined) = server
        .post(
            &format!("/api/games/{id}/join"),
            json!({}),
            invitation["token"].as_str(),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], "o");
    assert_eq!(joined["token"], invitation["token"]);
    let (_, open) = server.get("/api/games?open=true").await;
    assert!(!open["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|game| game["id"] == id));

    let mut spectator = server.socket(id).await;
    let hello = spectator.next().await;
    assert_eq!(hello["type"], "state");
    assert_eq!(hello["state"]["seats"]["o"]["taken"], true);
    let mut o_socket = server.socket(id).await;
    o_socket.next().await;

    let x = created["token"].as_str().unwrap();
    let o = joined["token"].as_str().unwrap();
    for (ply, (token, column)) in [
        (x, "0"),
        (o, "1"),
        (x, "0"),
        (o, "1"),
        (x, "0"),
        (o, "1"),
        (x, "0"),
    ]
    .into_iter()
    .enumerate()
    {
        let (status, state) = server.play(id, token, column).await;
        assert_eq!(status, 200, "{state}");
        let push = spectator.next().await;
        assert_eq!(push["state"]["history"][ply]["text"], column);
        assert_eq!(push["state"]["version"], state["version"]);
        let push = o_socket.next().await;
        assert_eq!(push["state"]["version"], state["version"]);
        if ply == 6 {
            assert_eq!(push["type"], "end");
            assert_eq!(state["result"]["outcome"], "x");
            assert_eq!(state["result"]["pdn"], "1-0");
            assert!(state["to_move"].is_null());
            assert!(state["legal_moves"].as_array().unwrap().is_empty());
        } else {
            assert_eq!(push["type"], "move");
        }
    }
    let (status, error) = server.play(id, o, "2").await;
    assert_eq!(
        (status, error["error"]["code"].as_str()),
        (409, Some("game_over"))
    );
    let (status, record) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    let record = record.as_str().unwrap();
    assert!(record.contains("[Result \"1-0\"]"), "{record}");
    // Columns counted from 1 in the record (the move text counts from 0).
    assert!(record.contains("1. 1 2"), "{record}");
}

#[tokio::test]
async fn connectx_of_another_size_to_the_end() {
    let server = Server::start();
    let (id, first, second) = server
        .human_game(json!({"game": "connectx", "rows": 5, "columns": 8, "inarow": 3}))
        .await;
    let state = server.state(&id).await;
    assert_eq!(state["game"], "connectx:5x8x3");
    assert_eq!(state["board"]["rows"], 5);
    assert_eq!(state["board"]["columns"], 8);
    let end = play_out(&server, &id, [&first, &second], 100).await;
    assert!(!end["result"].is_null());
    let (status, _) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn checkers_multi_jump_hop_by_hop_and_whole_game() {
    let server = Server::start();
    let (id, red, white) = server
        .human_game(json!({"game": "checkers", "position": "B:W14,23,32:B9"}))
        .await;
    let state = server.state(&id).await;
    let jump = state["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|mv| mv["route"].as_array().unwrap().len() >= 3)
        .expect("a multi-jump")
        .clone();
    let route: Vec<&str> = jump["route"]
        .as_array()
        .unwrap()
        .iter()
        .map(|square| square.as_str().unwrap())
        .collect();
    let mut socket = server.socket(&id).await;
    socket.next().await;
    // The opponent cannot move in the middle of it.
    let (status, error) = server.play(&id, &white, "32-27").await;
    assert_eq!(
        (status, error["error"]["code"].as_str()),
        (409, Some("not_your_turn"))
    );
    let (status, partial) = server
        .play(&id, &red, &format!("{}x{}", route[0], route[1]))
        .await;
    assert_eq!(status, 200, "{partial}");
    assert_eq!(partial["pending_route"], json!(route[..2]));
    assert!(partial["history"].as_array().unwrap().is_empty());
    assert_eq!(
        socket.next().await["state"]["pending_route"],
        json!(route[..2])
    );
    // A hop that does not go on with the capture is refused.
    let (status, error) = server.play(&id, &red, &format!("{}x5", route[1])).await;
    assert_eq!(
        (status, error["error"]["code"].as_str()),
        (422, Some("illegal_move"))
    );
    let mut state = partial;
    for hop in route.windows(2).skip(1) {
        let (status, next) = server
            .play(&id, &red, &format!("{}x{}", hop[0], hop[1]))
            .await;
        assert_eq!(status, 200, "{next}");
        state = next;
    }
    assert_eq!(state["pending_route"], json!([]));
    assert_eq!(state["history"][0]["text"], jump["text"]);
    assert_eq!(state["history"][0]["captured"], jump["captured"]);

    // A whole game from the start, the full move at once.
    let (id, red, white) = server.human_game(json!({"game": "checkers"})).await;
    let end = play_out(&server, &id, [&red, &white], 300).await;
    assert!(!end["result"].is_null());
    let (_, record) = server.get(&format!("/api/games/{id}/record")).await;
    assert!(record.as_str().unwrap().contains("[GameType \"21\"]"));
}

#[tokio::test]
async fn draughts_variants_to_the_end() {
    let server = Server::start();
    for game in ["russian", "international"] {
        let (id, white, black) = server.human_game(json!({"game": game})).await;
        let state = server.state(&id).await;
        assert_eq!(state["players"], json!(["white", "black"]));
        let end = play_out(&server, &id, [&white, &black], 250).await;
        assert!(!end["result"].is_null(), "{game}");
        let (_, record) = server.get(&format!("/api/games/{id}/record")).await;
        assert!(record.as_str().unwrap().contains("[GameType"), "{game}");
    }
}

#[tokio::test]
async fn against_the_computer_with_undo_at_once() {
    let server = Server::start();
    let created = server
        .create(json!({"game": "connect4", "opponent": "computer", "level": 1, "side": "x"}))
        .await;
    assert!(created["invitation"].is_null());
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let mut socket = server.socket(id).await;
    let mut state = socket.next().await["state"].clone();
    let mut undone = false;
    while state["result"].is_null() {
        assert_eq!(state["to_move"], "x");
        let (status, after) = server.play(id, token, &random_move(&state)).await;
        assert_eq!(status, 200, "{after}");
        let version = after["version"].as_u64().unwrap();
        if !after["result"].is_null() {
            state = after;
            break;
        }
        // The computer answers.
        state = socket.until_version(version + 1).await["state"].clone();
        if !undone && state["history"].as_array().unwrap().len() >= 4 && state["result"].is_null() {
            let plies = state["history"].as_array().unwrap().len();
            let (status, back) = server
                .post(
                    &format!("/api/games/{id}/undo"),
                    json!({"action": "request"}),
                    Some(token),
                )
                .await;
            assert_eq!(status, 200, "{back}");
            assert_eq!(back["history"].as_array().unwrap().len(), plies - 2);
            assert_eq!(back["to_move"], "x");
            let push = socket
                .until_version(back["version"].as_u64().unwrap())
                .await;
            assert_eq!(push["type"], "undo");
            state = push["state"].clone();
            undone = true;
        }
    }
    assert!(undone || state["history"].as_array().unwrap().len() < 6);
    assert!(!state["result"].is_null());
}

#[tokio::test]
async fn computer_against_computer_to_the_end() {
    let server = Server::start();
    let created = server
        .create(json!({"game": "connect4", "computer_vs_computer": true, "level": 1}))
        .await;
    assert!(created["token"].is_null());
    let id = created["id"].as_str().unwrap();
    let mut socket = server.socket(id).await;
    let mut thinking = 0;
    loop {
        let message = socket.next().await;
        if message["type"] == "thinking" {
            thinking += 1;
            continue;
        }
        if !message["state"]["result"].is_null() {
            assert_eq!(message["type"], "end");
            break;
        }
    }
    assert!(thinking > 0);
    let state = server.state(id).await;
    assert!(state["history"].as_array().unwrap().len() >= 7);
}

#[tokio::test]
async fn draw_offers_resignation_and_undo_between_humans() {
    let server = Server::start();
    let (id, red, white) = server.human_game(json!({"game": "checkers"})).await;
    let path = |what: &str| format!("/api/games/{id}/{what}");
    let mut socket = server.socket(&id).await;
    socket.next().await;
    server.play(&id, &red, "11-15").await;
    socket.next().await;
    // White offers a draw; Red declines; White is still to move.
    let (status, state) = server
        .post(&path("draw"), json!({"action": "offer"}), Some(&white))
        .await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["offers"]["draw"], "white");
    let push = socket.next().await;
    assert_eq!(push["type"], "offer");
    let (status, error) = server.play(&id, &white, "23-19").await;
    assert_eq!(
        (status, error["error"]["code"].as_str()),
        (409, Some("conflict"))
    );
    let (status, error) = server
        .post(&path("draw"), json!({"action": "accept"}), Some(&white))
        .await;
    assert_eq!(status, 409, "{error}");
    let (status, state) = server
        .post(&path("draw"), json!({"action": "decline"}), Some(&red))
        .await;
    assert_eq!(status, 200, "{state}");
    assert!(state["offers"]["draw"].is_null());
    assert_eq!(state["to_move"], "white");
    let (status, error) = server
        .post(&path("draw"), json!({"action": "decline"}), Some(&red))
        .await;
    assert_eq!(
        (status, error["error"]["code"].as_str()),
        (409, Some("no_pending_offer"))
    );

    // Undo: White plays, asks to take it back; Red declines, then accepts a second request.
    server.play(&id, &white, "23-19").await;
    let (status, state) = server
        .post(&path("undo"), json!({"action": "request"}), Some(&white))
        .await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["offers"]["undo"], "white");
    let (status, error) = server
        .post(&path("undo"), json!({"action": "accept"}), Some(&white))
        .await;
    assert_eq!(
        (status, error["error"]["code"].as_str()),
        (409, Some("no_pending_offer"))
    );
    let (status, state) = server
        .post(&path("undo"), json!({"action": "decline"}), Some(&red))
        .await;
    assert_eq!(status, 200, "{state}");
    assert!(state["offers"]["undo"].is_null());
    assert_eq!(state["history"].as_array().unwrap().len(), 2);
    server
        .post(&path("undo"), json!({"action": "request"}), Some(&white))
        .await;
    let (status, state) = server
        .post(&path("undo"), json!({"action": "accept"}), Some(&red))
        .await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["history"].as_array().unwrap().len(), 1);
    assert_eq!(state["to_move"], "white");

    // A draw by agreement, in a second game; a resignation in this one.
    let (status, state) = server.post(&path("resign"), json!({}), Some(&red)).await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["result"]["outcome"], "white");
    assert_eq!(state["result"]["pdn"], "0-1");
    assert!(state["result"]["reason"]
        .as_str()
        .unwrap()
        .contains("resigned"));
    let (status, error) = server
        .post(&path("undo"), json!({"action": "request"}), Some(&white))
        .await;
    assert_eq!(
        (status, error["error"]["code"].as_str()),
        (409, Some("game_over"))
    );

    let (id, red, white) = server.human_game(json!({"game": "checkers"})).await;
    let path = |what: &str| format!("/api/games/{id}/{what}");
    server
        .post(&path("draw"), json!({"action": "offer"}), Some(&red))
        .await;
    let (status, state) = server
        .post(&path("draw"), json!({"action": "accept"}), Some(&white))
        .await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["result"]["outcome"], "draw");
    assert_eq!(state["result"]["reason"], "draw agreed");
    let (_, record) = server.get(&path("record")).await;
    assert!(record.as_str().unwrap().contains("1/2-1/2"));
}

#[tokio::test]
async fn the_computer_judges_a_draw_offer() {
    let server = Server::start();
    let created = server
        .create(json!({"game": "checkers", "opponent": "computer", "level": 1, "side": "red"}))
        .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let mut socket = server.socket(id).await;
    socket.next().await;
    let (status, state) = server
        .post(
            &format!("/api/games/{id}/draw"),
            json!({"action": "offer"}),
            Some(token),
        )
        .await;
    assert_eq!(status, 200, "{state}");
    let answer = socket
        .until_version(state["version"].as_u64().unwrap() + 1)
        .await;
    let state = &answer["state"];
    assert!(state["offers"]["draw"].is_null(), "{state}");
    // At the start the computer sees no reason to agree: it declines, and Red is to move.
    assert!(state["result"].is_null() || state["result"]["outcome"] == "draw");
}
