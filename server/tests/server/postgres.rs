//! Two server processes on one PostgreSQL database: no move lost or
//! doubled, and each pushes the moves made through the other.
//! Needs `RULEBOOK_TEST_POSTGRES_URL` (CI sets it); skipped otherwise.

use serde_json::json;

use crate::support::{random_move, Server};

/// Held by each test that starts servers on the shared PostgreSQL: one at a
/// time, because a process adopts the running timed games of processes that
/// stopped (another test's, killed) and records their resumption, and the
/// seeks and pairing requests are shared by every process.
pub(crate) static POSTGRES: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The PostgreSQL of the tests (`RULEBOOK_TEST_POSTGRES_URL`), or None
/// (the test is skipped, saying so).
pub(crate) fn postgres_url() -> Option<String> {
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

fn clock(state: &serde_json::Value, seat: &str) -> i64 {
    state["clocks"][seat].as_i64().unwrap()
}

/// Reads `id` from `server` until its version passes `version` (30 s at most).
async fn after_version(server: &Server, id: &str, version: u64) -> serde_json::Value {
    for _ in 0..300 {
        let state = server.state(id).await;
        if state["version"].as_u64().unwrap() > version {
            return state;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{id} stayed at version {version}");
}

/// The restart rule with several processes: a process that starts while
/// another runs leaves the other's timed games alone (no `resume` event,
/// no time given back: their clocks are counted); when the process that
/// runs them dies (`kill -9`), a running one adopts them once the dead
/// one's heartbeat is stale: the time nobody counted is not charged, and a
/// clock still runs out.
#[tokio::test]
async fn a_starting_process_leaves_a_running_one_s_clocks_and_adopts_a_dead_one_s() {
    let _serial = POSTGRES.lock().await;
    let Some(url) = postgres_url() else { return };
    let a = Server::start_with(&url, &[]);
    let timed = |seconds: u64| json!({"game": "connect4", "side": "x", "time_control": {"initial_seconds": seconds}});
    // Game one: a minute each, X's clock running on A.
    let (one, x, o) = a.human_game(timed(60)).await;
    for (token, column) in [(&x, "3"), (&o, "3")] {
        assert_eq!(a.play(&one, token, column).await.0, 200);
    }
    let started = a.state(&one).await;
    assert_eq!(started["clock_running"], "x");

    // B starts while A runs and looks for games to adopt (at its start and
    // every 2 s): A's game is not one of them.
    let b = Server::start_with(&url, &[]);
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    let counted = b.state(&one).await;
    assert_eq!(
        counted["version"], started["version"],
        "B added an event to A's running game: {counted}"
    );
    assert!(
        clock(&started, "x") - clock(&counted, "x") >= 2_500,
        "X's clock ran while A held the game: {started} / {counted}"
    );

    // Game two: 6 s each, X's clock running on A when A dies.
    let (two, x2, o2) = a.human_game(timed(6)).await;
    for (token, column) in [(&x2, "3"), (&o2, "3")] {
        assert_eq!(a.play(&two, token, column).await.0, 200);
    }
    let two_started = a.state(&two).await["version"].as_u64().unwrap();
    let before = a.state(&one).await;
    a.kill();

    // B adopts game one after A's heartbeat is 5 s stale: one `resume`
    // event, and the seconds nobody counted are not charged to X.
    let after = after_version(&b, &one, before["version"].as_u64().unwrap()).await;
    assert_eq!(after["version"], before["version"].as_u64().unwrap() + 1);
    assert_eq!(after["clock_running"], "x");
    let charged = clock(&before, "x") - clock(&after, "x");
    assert!(charged < 2_500, "charged {charged} ms: {before} / {after}");
    assert!(charged > -1_500, "gained {} ms", -charged);
    assert_eq!(clock(&after, "o"), 60_000);

    // Game two's clock was not lost: resumed, then X's 6 s run out on B
    // with nobody sending anything.
    let mut socket = b.socket(&two).await;
    let ended = loop {
        let message = socket.next_change().await;
        if !message["state"]["result"].is_null() {
            break message["state"].clone();
        }
    };
    assert_eq!(ended["result"]["termination"], "time forfeit");
    assert_eq!(ended["result"]["outcome"], "o");
    assert_eq!(ended["version"], two_started + 2, "a resume, then the flag");
}

/// Seeks and random pairing are the database's, not one process's: a seek
/// posted on A is listed and accepted on B (once), its owner learns its
/// seat from A; two random-pairing requests made at once on A and B are
/// paired with each other.
#[tokio::test]
async fn seeks_and_pairing_are_shared_by_two_processes() {
    let _serial = POSTGRES.lock().await;
    let Some(url) = postgres_url() else { return };
    let a = Server::start_with(&url, &[]);
    let b = Server::start_with(&url, &[]);
    // A lobby socket on each process.
    let mut on_a = a.socket_at("/api/lobby/events").await;
    let mut on_b = b.socket_at("/api/lobby/events").await;
    for socket in [&mut on_a, &mut on_b] {
        assert_eq!(socket.next().await["type"], "seeks");
    }
    let (id, token) = a
        .post_seek(json!({"game": "checkers", "name": "Ann"}))
        .await;
    let (id, token) = (id.as_str(), token.as_str());
    // The other process's socket has it too (its listing task reads the
    // seeks every 2 s), and the owner watches it on its own process.
    let pushed = on_b.next().await;
    assert_eq!(pushed["seeks"][0]["id"], id, "{pushed}");
    assert_eq!(on_a.next().await["seeks"][0]["id"], id);
    on_a.send(&json!({"type": "watch", "id": id, "token": token}).to_string())
        .await;
    assert_eq!(on_a.next().await["status"], "open");
    let (_, list) = b.get("/api/seeks").await;
    let listed = list["seeks"].as_array().unwrap();
    assert!(listed.iter().any(|seek| seek["id"] == id), "{list}");
    let joined = b.accept_seek(id, "Bob").await;
    let accept = format!("/api/seeks/{id}/accept");
    let (status, again) = a.post(&accept, json!({"name": "Cy"}), None).await;
    assert_eq!(status, 404, "accepted twice: {again}");
    // Accepted on the other process: the owner's socket is told its seat.
    let told = loop {
        let message = on_a.next().await;
        if message["type"] == "seek" {
            break message;
        }
    };
    assert_eq!(told["status"], "accepted", "{told}");
    assert_eq!(told["game"]["id"], joined["id"]);
    let (status, seen) = a.get_with(&format!("/api/seeks/{id}"), Some(token)).await;
    assert_eq!(status, 200, "{seen}");
    assert_eq!(seen["status"], "accepted");
    assert_eq!(seen["game"]["id"], joined["id"]);
    let game = joined["id"].as_str().unwrap();
    let owner_token = seen["game"]["token"].as_str().unwrap();
    let (status, owner_seat) = a
        .get_with(&format!("/api/games/{game}/seat"), Some(owner_token))
        .await;
    assert_eq!(status, 200, "{owner_seat}");
    assert_eq!(owner_seat["seat"], seen["game"]["seat"]);
    assert_ne!(seen["game"]["seat"], joined["seat"]);
    let (_, players) = b.get(&format!("/api/games/{game}/players")).await;
    let name =
        |seat: &serde_json::Value| players["players"][seat.as_str().unwrap()]["name"].clone();
    assert_eq!(name(&seen["game"]["seat"]), "Ann", "{players}");
    assert_eq!(name(&joined["seat"]), "Bob", "{players}");
    let (_, list) = a.get("/api/seeks").await;
    assert!(
        !list["seeks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|seek| seek["id"] == id),
        "{list}"
    );

    // Random pairing: one request on each process at once.
    for _ in 0..3 {
        let request = json!({"game": "connect4", "name": "P"});
        let (first, second) = tokio::join!(
            a.post("/api/pairing", request.clone(), None),
            b.post("/api/pairing", request, None)
        );
        let (waiting, paired) = if first.0 == 202 {
            (first, second)
        } else {
            (second, first)
        };
        assert_eq!((waiting.0, paired.0), (202, 200), "{waiting:?} {paired:?}");
        let seek = &waiting.1["seek"];
        let (_, seen) = a
            .get_with(
                &format!("/api/seeks/{}", seek["id"].as_str().unwrap()),
                seek["token"].as_str(),
            )
            .await;
        assert_eq!(seen["status"], "accepted", "{seen}");
        assert_eq!(seen["game"]["id"], paired.1["game"]["id"]);
    }
}
