//! Clocks: kept by the server, which alone ends a game on time (with
//! nobody sending anything), aborts a game without a first move, plays the
//! computer on its clock, writes the clocks in the record, and neither
//! charges nor loses time across a `kill -9` and restart.

use serde_json::{json, Value};

use crate::support::{temp_db, Server, Socket};

/// A Connect Four game between two people with `time_control`, both
/// seats taken: (id, x's token, o's token).
async fn timed_game(server: &Server, time_control: Value) -> (String, String, String) {
    server
        .human_game(json!({"game": "connect4", "side": "x", "time_control": time_control}))
        .await
}

/// Waits for the push that ends the game: its state.
async fn until_end(socket: &mut Socket) -> Value {
    loop {
        let message = socket.next_change().await;
        if !message["state"]["result"].is_null() {
            return message["state"].clone();
        }
    }
}

fn clock(state: &Value, seat: &str) -> i64 {
    state["clocks"][seat].as_i64().unwrap()
}

#[tokio::test]
async fn a_clock_that_runs_out_loses_on_time_without_anyone_sending_anything() {
    let server = Server::start();
    let (id, x, o) = timed_game(
        &server,
        json!({"initial_seconds": 2, "increment_seconds": 0}),
    )
    .await;
    let state = server.state(&id).await;
    assert_eq!(state["time_control"]["initial_seconds"], 2);
    assert_eq!((clock(&state, "x"), clock(&state, "o")), (2000, 2000));
    assert!(
        state["clock_running"].is_null(),
        "no clock runs before the first moves"
    );
    // The first moves are not timed; then X's clock runs.
    assert_eq!(server.play(&id, &x, "3").await.0, 200);
    let (status, state) = server.play(&id, &o, "3").await;
    assert_eq!(status, 200);
    assert_eq!(state["clock_running"], "x");
    assert_eq!(clock(&state, "o"), 2000);
    let mut socket = server.socket(&id).await;
    let ended = until_end(&mut socket).await;
    let result = &ended["result"];
    assert_eq!(result["outcome"], "o");
    assert_eq!(result["termination"], "time forfeit");
    assert_eq!(result["pdn"], "0-1");
    assert!(result["reason"]
        .as_str()
        .unwrap()
        .contains("x ran out of time"));
    assert_eq!(clock(&ended, "x"), 0);
    assert!(ended["clock_running"].is_null() && ended["to_move"].is_null());
    // Nothing more is played; the record says how it ended, with its clocks.
    let (status, body) = server.play(&id, &x, "4").await;
    assert_eq!((status, &body["error"]["code"]), (409, &json!("game_over")));
    let (_, record) = server.get(&format!("/api/games/{id}/record")).await;
    let record = record.as_str().unwrap();
    assert!(record.contains("[TimeControl \"2+0\"]"), "{record}");
    assert!(record.contains("[Result \"0-1\"]"), "{record}");
    assert!(record.contains("{[%clock b0:00:02 W0:00:02]}"), "{record}");
    assert!(record.trim_end().ends_with("0-1"), "{record}");
    // Who played, when, and a file name that says what it is.
    assert!(
        record.contains("[X \"human player\"]") && record.contains("[O \"human player\"]"),
        "{record}"
    );
    assert!(record.contains("[Date \"20"), "{record}");
    let response = server
        .http
        .get(server.url(&format!("/api/games/{id}/record")))
        .send()
        .await
        .unwrap();
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.starts_with("attachment; filename=\"connect4-20")
            && disposition.ends_with(&format!("-{}.txt\"", &id[..8])),
        "{disposition}"
    );
    let (_, stats) = server.get("/api/stats").await;
    assert_eq!(stats["timeouts"], 1);
}

#[tokio::test]
async fn the_increment_is_added_and_correspondence_sets_the_clock_back() {
    let server = Server::start();
    let (id, x, o) = timed_game(
        &server,
        json!({"initial_seconds": 600, "increment_seconds": 5}),
    )
    .await;
    for (token, column) in [(&x, "3"), (&o, "3"), (&x, "4")] {
        let (status, state) = server.play(&id, token, column).await;
        assert_eq!(status, 200, "{state}");
    }
    // X's third move was timed: it gained 5 s and spent less.
    let state = server.state(&id).await;
    assert!(clock(&state, "x") > 600_000, "{state}");
    assert_eq!(state["clock_running"], "o");

    let (id, x, o) = timed_game(&server, json!({"days_per_move": 2})).await;
    let two_days = 2 * 86_400_000;
    for (token, column) in [(&x, "3"), (&o, "3"), (&x, "4")] {
        assert_eq!(server.play(&id, token, column).await.0, 200);
    }
    let state = server.state(&id).await;
    assert_eq!(state["time_control"]["days_per_move"], 2);
    assert_eq!(clock(&state, "x"), two_days);
    assert!(clock(&state, "o") <= two_days);
    let (_, record) = server.get(&format!("/api/games/{id}/record")).await;
    assert!(record
        .as_str()
        .unwrap()
        .contains("[TimeControl \"1/172800\"]"));
}

#[tokio::test]
async fn a_game_without_a_first_move_is_aborted_and_nobody_loses() {
    let server = Server::start_with(&temp_db(), &["--first-move-secs", "1"]);
    let (id, _x, _o) = timed_game(&server, json!({"initial_seconds": 1})).await;
    let mut socket = server.socket(&id).await;
    let ended = until_end(&mut socket).await;
    assert_eq!(ended["result"]["outcome"], "aborted");
    assert_eq!(ended["result"]["termination"], "aborted");
    assert_eq!(ended["result"]["pdn"], "*");
    // A game waiting for its second player has no clock running.
    let created = server
        .create(json!({"game": "connect4", "time_control": {"initial_seconds": 1}}))
        .await;
    let id = created["id"].as_str().unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert!(server.state(id).await["result"].is_null());
}

#[tokio::test]
async fn bad_time_controls_are_refused() {
    let server = Server::start();
    for bad in [
        json!({"initial_seconds": 0}),
        json!({"initial_seconds": 60, "increment_seconds": 1000}),
        json!({"initial_seconds": 60, "days_per_move": 1}),
        json!({"days_per_move": 0}),
        json!({"increment_seconds": 2}),
        json!({}),
        json!({"initial_seconds": -5}),
        json!("3+2"),
    ] {
        let (status, body) = server
            .post(
                "/api/games",
                json!({"game": "checkers", "time_control": bad}),
                None,
            )
            .await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
}

#[tokio::test]
async fn the_computer_plays_on_its_clock_and_never_loses_on_time() {
    let server = Server::start_with(&temp_db(), &["--engine-millis-per-level", "400"]);
    for game in ["connect4", "checkers"] {
        let created = server
            .create(json!({
                "game": game, "computer_vs_computer": true, "level": 3,
                "time_control": {"initial_seconds": 3, "increment_seconds": 1},
            }))
            .await;
        let id = created["id"].as_str().unwrap();
        let mut socket = server.socket(id).await;
        let ended = until_end(&mut socket).await;
        assert_ne!(
            ended["result"]["termination"], "time forfeit",
            "{}",
            ended["result"]
        );
        assert_ne!(
            ended["result"]["termination"], "aborted",
            "{}",
            ended["result"]
        );
    }
}

#[tokio::test]
async fn kill_9_and_restart_neither_charge_the_downtime_nor_lose_a_clock() {
    let db = temp_db();
    let server = Server::start_with(&db, &[]);
    // Game A: a minute each; X's clock running when the server dies.
    let (a, x, o) = timed_game(&server, json!({"initial_seconds": 60})).await;
    for (token, column) in [(&x, "3"), (&o, "3")] {
        assert_eq!(server.play(&a, token, column).await.0, 200);
    }
    // Game B: O has 3 s and its clock runs.
    let (b, bx, bo) = timed_game(&server, json!({"initial_seconds": 3})).await;
    for (token, column) in [(&bx, "3"), (&bo, "3"), (&bx, "4")] {
        assert_eq!(server.play(&b, token, column).await.0, 200);
    }
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    let before = server.state(&a).await;
    let before_b = server.state(&b).await;
    server.kill();
    // Down for 5 s.
    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
    let server = Server::start_with(&db, &[]);
    let after = server.state(&a).await;
    assert_eq!(after["clock_running"], "x");
    assert_eq!(clock(&after, "o"), 60_000);
    // At most the last second before the crash and the restart itself
    // are uncounted or counted twice: never the 5 s the server was down.
    let charged = clock(&before, "x") - clock(&after, "x");
    assert!(charged < 2_500, "charged {charged} ms: {before} / {after}");
    assert!(charged > -1_500, "gained {} ms", -charged);
    // Game B's clock was not lost: it still runs out, and nobody sends
    // anything (its timer was armed at the restart).
    let state_b = server.state(&b).await;
    assert!(state_b["result"].is_null(), "{state_b}");
    assert!(clock(&state_b, "o") > 0 && clock(&state_b, "o") <= clock(&before_b, "o") + 1_000);
    let mut socket = server.socket(&b).await;
    let ended = until_end(&mut socket).await;
    assert_eq!(ended["result"]["termination"], "time forfeit");
    assert_eq!(ended["result"]["outcome"], "x");
    // And across a second restart the ended game stays as it was.
    let (_, history) = server.get(&format!("/api/games/{b}")).await;
    server.kill();
    let server = Server::start_with(&db, &[]);
    let again = server.state(&b).await;
    assert_eq!(again["result"], history["result"]);
    assert_eq!(again["clocks"], history["clocks"]);
}

#[tokio::test]
async fn while_a_draw_offer_waits_the_clock_of_the_side_that_must_answer_runs() {
    let server = Server::start();
    let (id, x, o) = timed_game(&server, json!({"initial_seconds": 2})).await;
    assert_eq!(server.play(&id, &x, "3").await.0, 200);
    assert_eq!(server.play(&id, &o, "3").await.0, 200);
    // X is to move, offers a draw, and cannot move until O answers: O's
    // clock runs, and O, stalling, loses on time.
    let (status, state) = server
        .post(
            &format!("/api/games/{id}/draw"),
            json!({"action": "offer"}),
            Some(&x),
        )
        .await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["clock_running"], "o");
    let mut socket = server.socket(&id).await;
    let ended = until_end(&mut socket).await;
    assert_eq!(ended["result"]["outcome"], "x");
    assert_eq!(ended["result"]["termination"], "time forfeit");
    assert_eq!(clock(&ended, "o"), 0);
}
