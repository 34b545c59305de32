//! Two server processes on one PostgreSQL database: no move lost or
//! doubled, and each pushes the moves made through the other.
//! Needs `RULEBOOK_TEST_POSTGRES_URL` (CI sets it); skipped otherwise.

use serde_json::json;

use crate::support::{random_move, Server};

/// Held by each test that starts servers on the shared PostgreSQL: one at a
/// time, because a process that starts on a database loads the running
/// timed games there and records their resumption (the restart rule), which
/// would add an event to another test's game.
pub(crate) static POSTGRES: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn postgres_url() -> Option<String> {
    let url = std::env::var("RULEBOOK_TEST_POSTGRES_URL")
        .ok()
        .filter(|url| !url.is_empty());
    if url.is_none() {
        println!("skipped: set RULEBOOK_TEST_POSTGRES_URL to run the PostgreSQL test");
    }
    url
}

#[tokio::test]
async fn two_processes_on_one_postgresql_lose_and_double_nothing() {
    let _serial = POSTGRES.lock().await;
    let Some(url) = postgres_url() else { return };
    let a = Server::start_with(&url, &[]);
    let b = Server::start_with(&url, &[]);

    // Created on A, joined on B; moves alternate between the processes.
    let created = a.create(json!({"game": "connect4", "side": "x"})).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let x = created["token"].as_str().unwrap().to_owned();
    let (status, joined) = b
        .post(
            &format!("/api/games/{id}/join"),
            json!({}),
            created["invitation"]["token"].as_str(),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    let o = joined["token"].as_str().unwrap().to_owned();
    let mut socket_a = a.socket(&id).await;
    socket_a.next().await;
    let mut state = b.state(&id).await;
    let mut plies = 0;
    while state["result"].is_null() && plies < 42 {
        let (server, token) = if state["to_move"] == "x" {
            (&b, &x)
        } else {
            (&a, &o)
        };
        let (status, next) = server.play(&id, token, &random_move(&state)).await;
        assert_eq!(status, 200, "{next}");
        plies += 1;
        // A pushes every move, those made through B too.
        let push = socket_a
            .until_version(next["version"].as_u64().unwrap())
            .await;
        assert_eq!(push["state"]["version"], next["version"]);
        state = next;
    }
    assert_eq!(a.state(&id).await, b.state(&id).await);

    // A chat message taken by B reaches A's clients (NOTIFY rulebook_chat).
    let (status, sent) = b
        .post(
            &format!("/api/games/{id}/chat"),
            json!({"text": "<i>from B</i>"}),
            Some(&x),
        )
        .await;
    assert_eq!(status, 201, "{sent}");
    loop {
        let push = socket_a.next().await;
        if push["type"] == "chat" {
            assert_eq!(push["message"], sent);
            break;
        }
    }

    // The same move through both processes at once: exactly one is taken.
    let (id, x, o) = a.human_game(json!({"game": "checkers"})).await;
    let _ = o;
    b.state(&id).await;
    let (first, second) = tokio::join!(a.play(&id, &x, "11-15"), b.play(&id, &x, "11-15"));
    let statuses = [first.0, second.0];
    assert!(statuses.contains(&200), "{statuses:?}");
    assert_eq!(
        statuses.iter().filter(|&&status| status == 200).count(),
        1,
        "{first:?} {second:?}"
    );
    let a_state = a.state(&id).await;
    assert_eq!(a_state["history"].as_array().unwrap().len(), 1);
    let b_state = b.state(&id).await;
    assert_eq!(a_state, b_state);

    // Many games at once through both processes: every move is kept once.
    let mut tasks = Vec::new();
    let servers = std::sync::Arc::new([a, b]);
    for _ in 0..8 {
        let servers = servers.clone();
        tasks.push(tokio::spawn(async move {
            let (id, x, o) = servers[0].human_game(json!({"game": "connect4"})).await;
            let mut made = 0u64;
            let mut state = servers[1].state(&id).await;
            while state["result"].is_null() {
                let token = if state["to_move"] == "x" { &x } else { &o };
                let server = &servers[fastrand::usize(..2)];
                let (status, next) = server.play(&id, token, &random_move(&state)).await;
                assert_eq!(status, 200, "{next}");
                made += 1;
                state = next;
            }
            (id, made)
        }));
    }
    for task in tasks {
        let (id, made) = task.await.unwrap();
        for server in servers.iter() {
            let state = server.state(&id).await;
            assert_eq!(state["history"].as_array().unwrap().len() as u64, made);
        }
    }
}

#[tokio::test]
async fn a_flag_on_two_processes_is_committed_once() {
    let _serial = POSTGRES.lock().await;
    let Some(url) = postgres_url() else { return };
    let a = Server::start_with(&url, &[]);
    let b = Server::start_with(&url, &[]);
    let (id, x, o) = a
        .human_game(
            json!({"game": "connect4", "side": "x", "time_control": {"initial_seconds": 2}}),
        )
        .await;
    // Moves through both processes; both hold the game and arm its timer.
    assert_eq!(a.play(&id, &x, "3").await.0, 200);
    let (status, state) = b.play(&id, &o, "3").await;
    assert_eq!(status, 200, "{state}");
    let version = state["version"].as_u64().unwrap();
    let mut socket_a = a.socket(&id).await;
    let mut socket_b = b.socket(&id).await;
    for socket in [&mut socket_a, &mut socket_b] {
        let ended = socket.until_version(version + 1).await;
        assert_eq!(ended["state"]["result"]["termination"], "time forfeit");
        assert_eq!(ended["state"]["version"], version + 1);
    }
    let (a_state, b_state) = (a.state(&id).await, b.state(&id).await);
    assert_eq!(a_state, b_state);
    assert_eq!(
        a_state["version"],
        version + 1,
        "one timeout event, not two"
    );
    assert_eq!(a_state["result"]["outcome"], "o");
}
