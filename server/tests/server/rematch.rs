//! Rematches: offered after the end by either player, accepted by the
//! other (or at once by the computer); a new game of the same kind and
//! time control, seats swapped, announced on the WebSocket; stored with
//! the finished game.

use serde_json::{json, Value};

use crate::support::{temp_db, Server};

async fn rematch(server: &Server, id: &str, token: Option<&str>, action: &str) -> (u16, Value) {
    server
        .post(
            &format!("/api/games/{id}/rematch"),
            json!({"action": action}),
            token,
        )
        .await
}

async fn seat(server: &Server, id: &str, token: &str) -> Value {
    let (status, body) = server
        .get_with(&format!("/api/games/{id}/seat"), Some(token))
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

#[tokio::test]
async fn two_players_agree_a_rematch_with_the_seats_swapped() {
    let database = temp_db();
    let server = Server::start_with(&database, &[]);
    let control = json!({"initial_seconds": 300, "increment_seconds": 2});
    let (id, x, o) = server
        .human_game(json!({"game": "connect4", "side": "x", "time_control": control}))
        .await;
    // Not while the game goes on.
    let (status, body) = rematch(&server, &id, Some(&x), "offer").await;
    assert_eq!((status, &body["error"]["code"]), (409, &json!("conflict")));
    assert_eq!(server.play(&id, &x, "3").await.0, 200);
    assert_eq!(server.play(&id, &o, "4").await.0, 200);
    let (status, end) = server
        .post(&format!("/api/games/{id}/resign"), json!({}), Some(&x))
        .await;
    assert_eq!(status, 200, "{end}");
    assert_eq!(end["rematch"], json!({"offered_by": null, "game": null}));
    let mut watcher = server.socket(&id).await;
    watcher.next().await;
    // Only a player offers; nobody accepts an offer that was not made.
    let (status, _) = rematch(&server, &id, None, "offer").await;
    assert_eq!(status, 401);
    let (status, body) = rematch(&server, &id, Some("0123"), "offer").await;
    assert_eq!((status, &body["error"]["code"]), (403, &json!("forbidden")));
    let (status, body) = rematch(&server, &id, Some(&x), "accept").await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (409, &json!("no_pending_offer"))
    );
    let (status, body) = rematch(&server, &id, Some(&x), "nonsense").await;
    assert_eq!(status, 400, "{body}");
    // O offers: pushed; X accepts.
    let (status, offered) = rematch(&server, &id, Some(&o), "offer").await;
    assert_eq!(status, 200, "{offered}");
    assert_eq!(offered["rematch"]["offered_by"], "o");
    let push = watcher.next_change().await;
    assert_eq!(push["type"], "rematch");
    assert_eq!(push["state"]["rematch"]["offered_by"], "o");
    let (status, again) = rematch(&server, &id, Some(&o), "offer").await;
    assert_eq!(status, 409, "{again}");
    let (status, agreed) = rematch(&server, &id, Some(&x), "accept").await;
    assert_eq!(status, 200, "{agreed}");
    let new_id = agreed["rematch"]["game"].as_str().unwrap().to_owned();
    assert_ne!(new_id, id);
    assert_eq!(agreed["rematch"]["offered_by"], Value::Null);
    let push = watcher.next_change().await;
    assert_eq!(push["type"], "rematch");
    assert_eq!(push["state"]["rematch"]["game"], new_id.as_str());
    // The same game and time control, both seats taken, colours swapped:
    // each player's token holds the other seat.
    let fresh = server.state(&new_id).await;
    assert_eq!(fresh["game"], "connect4");
    assert_eq!(fresh["time_control"]["initial_seconds"], 300);
    assert_eq!(fresh["time_control"]["increment_seconds"], 2);
    assert_eq!(fresh["history"], json!([]));
    assert_eq!(fresh["public"], false);
    assert_eq!(fresh["seats"]["x"]["taken"], true);
    assert_eq!(fresh["seats"]["o"]["taken"], true);
    assert_eq!(seat(&server, &new_id, &x).await["seat"], "o");
    assert_eq!(seat(&server, &new_id, &o).await["seat"], "x");
    assert_eq!(server.play(&new_id, &o, "3").await.0, 200);
    let (status, body) = server.play(&new_id, &x, "3").await;
    assert_eq!(status, 200, "{body}");
    // Asked again: the same rematch, no second game.
    let (status, same) = rematch(&server, &id, Some(&o), "offer").await;
    assert_eq!((status, &same["rematch"]["game"]), (200, &json!(new_id)));
    // Stored with the finished game: a restart keeps it.
    server.kill();
    let server = Server::start_with(&database, &[]);
    assert_eq!(server.state(&id).await["rematch"]["game"], new_id.as_str());
    assert_eq!(
        server.state(&new_id).await["history"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[tokio::test]
async fn a_rematch_offer_declined() {
    let server = Server::start();
    let (id, red, white) = server
        .human_game(json!({"game": "checkers", "side": "red"}))
        .await;
    let (status, _) = server
        .post(&format!("/api/games/{id}/resign"), json!({}), Some(&white))
        .await;
    assert_eq!(status, 200);
    assert_eq!(rematch(&server, &id, Some(&red), "offer").await.0, 200);
    // The offerer cannot decline its own offer.
    let (status, body) = rematch(&server, &id, Some(&red), "decline").await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (409, &json!("no_pending_offer"))
    );
    let (status, declined) = rematch(&server, &id, Some(&white), "decline").await;
    assert_eq!(status, 200, "{declined}");
    assert_eq!(
        declined["rematch"],
        json!({"offered_by": null, "game": null})
    );
    // And may offer again.
    let (status, offered) = rematch(&server, &id, Some(&white), "offer").await;
    assert_eq!(
        (status, &offered["rematch"]["offered_by"]),
        (200, &json!("white"))
    );
}

#[tokio::test]
async fn against_the_computer_a_rematch_starts_at_once() {
    let server = Server::start();
    let created = server
        .create(json!({"game": "connect4", "opponent": "computer", "level": 1, "side": "x"}))
        .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    assert_eq!(server.play(id, token, "3").await.0, 200);
    let (status, _) = server
        .post(&format!("/api/games/{id}/resign"), json!({}), Some(token))
        .await;
    assert_eq!(status, 200);
    let (status, agreed) = rematch(&server, id, Some(token), "offer").await;
    assert_eq!(status, 200, "{agreed}");
    let new_id = agreed["rematch"]["game"].as_str().unwrap();
    assert_eq!(seat(&server, new_id, token).await["seat"], "o");
    let fresh = server.state(new_id).await;
    assert_eq!(fresh["seats"]["x"]["kind"], "computer");
    assert_eq!(fresh["seats"]["x"]["level"], 1);
    // The computer, now X, opens the rematch.
    let mut socket = server.socket(new_id).await;
    let state = socket.until_version(1).await;
    assert_eq!(state["state"]["history"][0]["seat"], "x");
}
