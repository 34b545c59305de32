//! Accounts, seeks, random pairing and ratings: registration and login
//! (wrong passwords, brute force rate-limited, sessions that are not
//! yours), seeks posted, listed, accepted and cancelled, two players
//! paired at random, and a rated game that moves both ratings.

use std::time::Duration;

use serde_json::{json, Value};

use crate::support::Server;

/// A request with an optional session cookie and bearer token: the
/// status, the body and the `Set-Cookie` header.
async fn send(
    server: &Server,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
    cookie: Option<&str>,
    token: Option<&str>,
) -> (u16, Value, Option<String>) {
    let mut request = server.http.request(method, server.url(path));
    if let Some(body) = body {
        request = request.json(&body);
    }
    if let Some(cookie) = cookie {
        request = request.header("Cookie", cookie);
    }
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let set_cookie = response
        .headers()
        .get("set-cookie")
        .map(|value| value.to_str().unwrap().to_owned());
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
        set_cookie,
    )
}

async fn post(
    server: &Server,
    path: &str,
    body: Value,
    cookie: Option<&str>,
    token: Option<&str>,
) -> (u16, Value) {
    let (status, body, _) = send(
        server,
        reqwest::Method::POST,
        path,
        Some(body),
        cookie,
        token,
    )
    .await;
    (status, body)
}

/// The `name=value` part of a `Set-Cookie` header.
fn cookie_of(set_cookie: &str) -> String {
    set_cookie.split(';').next().unwrap().trim().to_owned()
}

/// Registers (`/api/accounts`) or logs in (`/api/session`) as `name` with
/// the password "correct horse": the status, the body and the `Set-Cookie`.
async fn sign_in(server: &Server, path: &str, name: &str) -> (u16, Value, Option<String>) {
    let body = json!({"username": name, "password": "correct horse"});
    send(server, reqwest::Method::POST, path, Some(body), None, None).await
}

/// Registers `name`: its session cookie.
async fn register(server: &Server, name: &str) -> String {
    let (status, body, set_cookie) = sign_in(server, "/api/accounts", name).await;
    assert_eq!(status, 201, "{body}");
    cookie_of(&set_cookie.expect("a session cookie"))
}

async fn whoami(server: &Server, cookie: &str) -> (u16, Value) {
    let (status, body, _) = send(
        server,
        reqwest::Method::GET,
        "/api/session",
        None,
        Some(cookie),
        None,
    )
    .await;
    (status, body)
}

#[tokio::test]
async fn register_log_in_and_out() {
    let server = Server::start();
    let (status, body, set_cookie) = sign_in(&server, "/api/accounts", "Alice").await;
    assert_eq!((status, &body["name"]), (201, &json!("Alice")), "{body}");
    let set_cookie = set_cookie.unwrap();
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(set_cookie.contains(attribute), "{set_cookie}");
    }
    assert!(!set_cookie.contains("Secure"), "{set_cookie}");
    let cookie = cookie_of(&set_cookie);
    assert_eq!(whoami(&server, &cookie).await.1["name"], "Alice");
    // Names are unique regardless of case; bad names and passwords; a
    // wrong password and an unknown user get the same 401.
    for (path, username, password, refusal) in [
        ("/api/accounts", "alice", "another one", (409, "conflict")),
        ("/api/accounts", "al", "correct horse", (400, "bad_request")),
        (
            "/api/accounts",
            "<b>x</b>",
            "correct horse",
            (400, "bad_request"),
        ),
        ("/api/accounts", "bob", "short", (400, "bad_request")),
        (
            "/api/session",
            "Alice",
            "wrong horse",
            (401, "unauthorized"),
        ),
        (
            "/api/session",
            "nobody",
            "correct horse",
            (401, "unauthorized"),
        ),
    ] {
        let body = json!({"username": username, "password": password});
        let (status, body) = server.post(path, body, None).await;
        let code = body["error"]["code"].as_str().unwrap_or_default();
        assert_eq!((status, code), refusal, "{username}: {body}");
        if status == 401 {
            assert_eq!(body["error"]["message"], "wrong username or password");
        }
    }
    // The right one, in any case: a second session.
    let (status, body, second) = sign_in(&server, "/api/session", "ALICE").await;
    assert_eq!((status, &body["name"]), (200, &json!("Alice")));
    let second = cookie_of(&second.unwrap());
    assert_ne!(second, cookie);
    // Logging out ends that session only, and clears its cookie.
    let (status, _, cleared) = send(
        &server,
        reqwest::Method::DELETE,
        "/api/session",
        None,
        Some(&cookie),
        None,
    )
    .await;
    assert_eq!(status, 204);
    assert!(cleared.unwrap().contains("Max-Age=0"));
    let (status, body) = whoami(&server, &cookie).await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (401, &json!("unauthorized"))
    );
    assert_eq!(whoami(&server, &second).await.1["name"], "Alice");
    // A made-up session is nobody's.
    let (status, _) = whoami(&server, "rulebook_session=0123456789abcdef").await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn brute_force_is_rate_limited_per_username() {
    let server = Server::start();
    register(&server, "carol").await;
    let attempt = |password: &'static str| {
        let server = &server;
        async move {
            server
                .post(
                    "/api/session",
                    json!({"username": "carol", "password": password}),
                    None,
                )
                .await
        }
    };
    for _ in 0..5 {
        assert_eq!(attempt("guess guess").await.0, 401);
    }
    // The sixth attempt within the minute is refused, even the right one.
    let (status, body) = attempt("correct horse").await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (429, &json!("rate_limited")),
        "{body}"
    );
    // Another username from the same address still logs in.
    register(&server, "dave").await;
    let (status, _) = server
        .post(
            "/api/session",
            json!({"username": "dave", "password": "correct horse"}),
            None,
        )
        .await;
    assert_eq!(status, 200);
}

fn listed(list: &Value, id: &str) -> bool {
    list["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .any(|seek| seek["id"] == id)
}

#[tokio::test]
async fn a_seek_is_listed_accepted_and_both_are_seated() {
    let server = Server::start();
    let control = json!({"initial_seconds": 180, "increment_seconds": 2});
    let (id, owner) = server
        .post_seek(json!({"game": "checkers", "time_control": control, "name": "Ann"}))
        .await;
    let (id, owner) = (id.as_str(), owner.as_str());
    let (_, list) = server.get("/api/seeks").await;
    assert!(listed(&list, id), "{list}");
    let seek = &list["seeks"][0];
    assert_eq!(
        (
            &seek["player"],
            &seek["speed"],
            &seek["rated"],
            &seek["account"]
        ),
        (&json!("Ann"), &json!("blitz"), &json!(false), &json!(false))
    );
    assert!(seek.get("token").is_none(), "no token is listed");
    // The owner's view keeps it open; another token is refused.
    let path = format!("/api/seeks/{id}");
    let (status, body) = server.get_with(&path, Some(owner)).await;
    assert_eq!((status, &body["status"]), (200, &json!("open")));
    let (status, _) = server.get_with(&path, Some("0123")).await;
    assert_eq!(status, 403);
    // Someone accepts.
    let joined = server.accept_seek(id, "Ben").await;
    let game = joined["id"].as_str().unwrap();
    let (_, list) = server.get("/api/seeks").await;
    assert!(!listed(&list, id), "{list}");
    let (status, body) = server.get_with(&path, Some(owner)).await;
    assert_eq!(
        (status, &body["status"]),
        (200, &json!("accepted")),
        "{body}"
    );
    assert_eq!(body["game"]["id"], game);
    // Both tokens are seats of the new game, each taken, on the other side.
    let seat = format!("/api/games/{game}/seat");
    let (_, mine) = server.get_with(&seat, body["game"]["token"].as_str()).await;
    let (_, theirs) = server.get_with(&seat, joined["token"].as_str()).await;
    assert_eq!(
        (&mine["taken"], &theirs["taken"]),
        (&json!(true), &json!(true))
    );
    assert_ne!(mine["seat"], theirs["seat"]);
    assert_eq!(mine["seat"], body["game"]["seat"]);
    let state = server.state(game).await;
    assert_eq!(state["time_control"]["initial_seconds"], 180);
    assert_eq!(state["time_control"]["increment_seconds"], 2);
    // Each seat has its player's name.
    let (_, players) = server.get(&format!("/api/games/{game}/players")).await;
    assert_eq!(players["rated"], false);
    assert_eq!(
        players["players"][mine["seat"].as_str().unwrap()]["name"],
        "Ann"
    );
    assert_eq!(
        players["players"][theirs["seat"].as_str().unwrap()]["name"],
        "Ben"
    );
    // The record's White and Black tags name them (checkers' red is Black).
    let (_, record) = server.get(&format!("/api/games/{game}/record")).await;
    let tag = |seat: &Value| if seat == "white" { "White" } else { "Black" };
    let record = record.as_str().unwrap();
    assert!(
        record.contains(&format!("[{} \"Ann\"]", tag(&mine["seat"]))),
        "{record}"
    );
    assert!(
        record.contains(&format!("[{} \"Ben\"]", tag(&theirs["seat"]))),
        "{record}"
    );
    // With an Event and a Date, as every record.
    assert!(record.contains("[Event \"rulebook-server "), "{record}");
    assert!(record.contains("[Date \"20"), "{record}");
    // It cannot be accepted twice.
    let (status, _) = server
        .post(&format!("/api/seeks/{id}/accept"), json!({}), None)
        .await;
    assert_eq!(status, 404);
}

/// The next `seeks` message of a lobby socket: the listed ids.
async fn next_list(socket: &mut crate::support::Socket) -> Vec<String> {
    loop {
        let message = socket.next().await;
        if message["type"] == "seeks" {
            return message["seeks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|seek| seek["id"].as_str().unwrap().to_owned())
                .collect();
        }
    }
}

/// The next `seek` message of a lobby socket (a watched seek's standing).
async fn next_standing(socket: &mut crate::support::Socket) -> Value {
    loop {
        let message = socket.next().await;
        if message["type"] != "seeks" {
            return message;
        }
    }
}

#[tokio::test]
async fn the_lobby_socket_pushes_the_seeks_and_tells_the_owner_of_its_acceptance() {
    let server = Server::start();
    let mut watcher = server.socket_at("/api/lobby/events").await;
    assert_eq!(next_list(&mut watcher).await, Vec::<String>::new());
    let (id, owner) = server
        .post_seek(json!({"game": "checkers", "name": "Ann"}))
        .await;
    let (id, owner) = (id.as_str(), owner.as_str());
    // Pushed to a socket open before, and sent to one opened after.
    assert_eq!(next_list(&mut watcher).await, [id]);
    let mut seeker = server.socket_at("/api/lobby/events").await;
    assert_eq!(next_list(&mut seeker).await, [id]);
    // A random-pairing request is not listed, so not pushed either.
    let (status, _) = server
        .post("/api/pairing", json!({"game": "othello"}), None)
        .await;
    assert_eq!(status, 202);
    // Watching needs the seek's token.
    seeker
        .send(&json!({"type": "watch", "id": id, "token": "0123"}).to_string())
        .await;
    assert_eq!(next_standing(&mut seeker).await["type"], "error");
    seeker
        .send(&json!({"type": "watch", "id": id, "token": owner}).to_string())
        .await;
    let open = next_standing(&mut seeker).await;
    assert_eq!((&open["status"], &open["id"]), (&json!("open"), &json!(id)));
    // Accepted: it leaves the list, and the owner is told its seat.
    let joined = server.accept_seek(id, "Ben").await;
    assert_eq!(next_list(&mut watcher).await, Vec::<String>::new());
    let accepted = next_standing(&mut seeker).await;
    assert_eq!(accepted["status"], "accepted", "{accepted}");
    assert_eq!(accepted["game"]["id"], joined["id"]);
    assert_eq!(accepted["game"]["token"], owner);
    assert_ne!(accepted["game"]["seat"], joined["seat"]);
    // A cancelled seek leaves the list too; nonsense is answered, not fatal.
    let (_, posted) = server
        .post("/api/seeks", json!({"game": "connect4"}), None)
        .await;
    let second = posted["id"].as_str().unwrap();
    assert_eq!(next_list(&mut watcher).await, [second]);
    let (status, _, _) = send(
        &server,
        reqwest::Method::DELETE,
        &format!("/api/seeks/{second}"),
        None,
        None,
        posted["token"].as_str(),
    )
    .await;
    assert_eq!(status, 204);
    assert_eq!(next_list(&mut watcher).await, Vec::<String>::new());
    watcher.send("not json").await;
    assert_eq!(next_standing(&mut watcher).await["type"], "error");
    watcher.send(r#"{"type":"ping"}"#).await;
    assert_eq!(next_standing(&mut watcher).await["type"], "pong");
}

#[tokio::test]
async fn only_its_owner_cancels_a_seek() {
    let server = Server::start();
    let stranger = register(&server, "erin").await;
    let (_, posted) = server
        .post("/api/seeks", json!({"game": "connect4"}), None)
        .await;
    let id = posted["id"].as_str().unwrap();
    let path = format!("/api/seeks/{id}");
    // A session is not a seek's token; a wrong token is refused.
    assert_eq!(
        send(
            &server,
            reqwest::Method::DELETE,
            &path,
            None,
            Some(&stranger),
            None
        )
        .await
        .0,
        401
    );
    assert_eq!(
        send(
            &server,
            reqwest::Method::DELETE,
            &path,
            None,
            None,
            Some("0123")
        )
        .await
        .0,
        403
    );
    let (_, list) = server.get("/api/seeks").await;
    assert!(listed(&list, id));
    assert_eq!(
        send(
            &server,
            reqwest::Method::DELETE,
            &path,
            None,
            None,
            posted["token"].as_str()
        )
        .await
        .0,
        204
    );
    let (_, list) = server.get("/api/seeks").await;
    assert!(!listed(&list, id));
    let (status, _) = server.get_with(&path, posted["token"].as_str()).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn random_pairing_matches_the_same_request() {
    let server = Server::start();
    let request = json!({"game": "russian", "time_control": {"initial_seconds": 300, "increment_seconds": 3}});
    let (status, first) = server.post("/api/pairing", request.clone(), None).await;
    assert_eq!(
        (status, &first["status"]),
        (202, &json!("waiting")),
        "{first}"
    );
    // A waiting request is not listed as a seek.
    let (_, list) = server.get("/api/seeks").await;
    assert_eq!(list["seeks"], json!([]));
    // Another game, or another clock, does not match.
    let (status, other) = server
        .post(
            "/api/pairing",
            json!({"game": "russian", "time_control": {"initial_seconds": 60}}),
            None,
        )
        .await;
    assert_eq!((status, &other["status"]), (202, &json!("waiting")));
    let (status, second) = server.post("/api/pairing", request, None).await;
    assert_eq!(
        (status, &second["status"]),
        (200, &json!("paired")),
        "{second}"
    );
    let game = second["game"]["id"].as_str().unwrap();
    let seek = &first["seek"];
    let (status, waited) = server
        .get_with(
            &format!("/api/seeks/{}", seek["id"].as_str().unwrap()),
            seek["token"].as_str(),
        )
        .await;
    assert_eq!(
        (status, &waited["status"]),
        (200, &json!("accepted")),
        "{waited}"
    );
    assert_eq!(waited["game"]["id"], game);
    assert_ne!(waited["game"]["seat"], second["game"]["seat"]);
    // The other request still waits.
    let other_seek = &other["seek"];
    let (_, still) = server
        .get_with(
            &format!("/api/seeks/{}", other_seek["id"].as_str().unwrap()),
            other_seek["token"].as_str(),
        )
        .await;
    assert_eq!(still["status"], "open");
}

#[tokio::test]
async fn rated_games_need_accounts_and_move_both_ratings() {
    let server = Server::start();
    let frank = register(&server, "frank").await;
    let grace = register(&server, "grace").await;
    let control = json!({"initial_seconds": 60, "increment_seconds": 0});
    // Refusals: a guest, no clock.
    let (status, body) = server
        .post(
            "/api/seeks",
            json!({"game": "checkers", "time_control": control, "rated": true}),
            None,
        )
        .await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (401, &json!("unauthorized"))
    );
    let (status, _) = post(
        &server,
        "/api/seeks",
        json!({"game": "checkers", "rated": true}),
        Some(&frank),
        None,
    )
    .await;
    assert_eq!(status, 400);
    let (status, posted) = post(
        &server,
        "/api/seeks",
        json!({"game": "checkers", "time_control": control, "rated": true}),
        Some(&frank),
        None,
    )
    .await;
    assert_eq!(status, 201, "{posted}");
    assert_eq!(posted["seek"]["rating"], 1500.0);
    let id = posted["id"].as_str().unwrap();
    let accept = format!("/api/seeks/{id}/accept");
    // A guest cannot take a rated seek, nor its owner its own.
    assert_eq!(server.post(&accept, json!({}), None).await.0, 401);
    assert_eq!(
        post(&server, &accept, json!({}), Some(&frank), None)
            .await
            .0,
        409
    );
    let (status, joined) = post(&server, &accept, json!({}), Some(&grace), None).await;
    assert_eq!(status, 200, "{joined}");
    let game = joined["id"].as_str().unwrap();
    let (_, players) = server.get(&format!("/api/games/{game}/players")).await;
    assert_eq!(players["rated"], true);
    assert_eq!(players["kind"], "checkers:bullet");
    // Grace resigns: Frank wins.
    let (status, state) = server
        .post(
            &format!("/api/games/{game}/resign"),
            json!({}),
            joined["token"].as_str(),
        )
        .await;
    assert_eq!(status, 200, "{state}");
    let frank_page = loop {
        let (status, page) = server.get("/api/players/frank").await;
        assert_eq!(status, 200, "{page}");
        if !page["history"].as_array().unwrap().is_empty() {
            break page;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let (_, grace_page) = server.get("/api/players/Grace").await;
    let rating = |page: &Value| page["ratings"][0]["rating"].as_f64().unwrap();
    assert_eq!(frank_page["ratings"][0]["kind"], "checkers:bullet");
    assert_eq!(frank_page["ratings"][0]["games"], 1);
    assert!(rating(&frank_page) > 1500.0 && rating(&grace_page) < 1500.0);
    assert!((rating(&frank_page) - 1500.0 + rating(&grace_page) - 1500.0).abs() < 1e-6);
    assert_eq!(grace_page["history"][0]["game_id"], game);
    let listed_game = &frank_page["games"][0];
    assert_eq!(
        (
            &listed_game["id"],
            &listed_game["opponent"],
            &listed_game["rated"]
        ),
        (&json!(game), &json!("grace"), &json!(true))
    );
    assert!(["1-0", "0-1"].contains(&listed_game["result"].as_str().unwrap()));
    // The next rated seek shows Frank's new rating.
    let (_, posted) = post(
        &server,
        "/api/seeks",
        json!({"game": "checkers", "time_control": control, "rated": true, "rating_min": 1600}),
        Some(&frank),
        None,
    )
    .await;
    assert_eq!(
        posted["seek"]["rating"].as_f64().unwrap(),
        rating(&frank_page)
    );
    // Grace (below 1500) is outside its range.
    let (status, body) = post(
        &server,
        &format!("/api/seeks/{}/accept", posted["id"].as_str().unwrap()),
        json!({}),
        Some(&grace),
        None,
    )
    .await;
    assert_eq!((status, &body["error"]["code"]), (409, &json!("conflict")));
    // 200 days without a game (Frank's last one moved back in the
    // database): the deviation has grown by Glickman's step for 200 x
    // 0.21436 rating periods, the rating has not.
    sqlx::any::install_default_drivers();
    let database = sqlx::AnyPool::connect(&format!("sqlite://{}", server.database))
        .await
        .unwrap();
    sqlx::query("UPDATE ratings SET played_at = played_at - $1 WHERE name_key = 'frank'")
        .bind(200i64 * 86_400_000)
        .execute(&database)
        .await
        .unwrap();
    let (_, idle_page) = server.get("/api/players/frank").await;
    let (before, after) = (&frank_page["ratings"][0], &idle_page["ratings"][0]);
    assert_eq!(after["rating"], before["rating"]);
    let scale = 173.7178f64;
    let sigma = before["volatility"].as_f64().unwrap();
    let grown = (before["deviation"].as_f64().unwrap().powi(2)
        + 200.0 * 0.21436 * (sigma * scale).powi(2))
    .sqrt();
    let shown = after["deviation"].as_f64().unwrap();
    assert!((shown - grown).abs() < 1e-6, "{shown} vs {grown}");
    // Unknown players: 404.
    assert_eq!(server.get("/api/players/nobody").await.0, 404);
    assert_eq!(server.get("/api/players/%3Cscript%3E").await.0, 404);
}

#[tokio::test]
async fn a_guest_names_its_seat_once() {
    let server = Server::start();
    let (id, first, second) = server
        .human_game(json!({"game": "connect4", "opponent": "human"}))
        .await;
    let path = format!("/api/games/{id}/players");
    // Named; not a seat's token, a name with markup: refused; the other
    // seat named; the same name again: fine; another name: 409.
    for (name, token, expected) in [
        ("Zoe", first.as_str(), 200),
        ("Eve", "0123", 403),
        ("<img src=x>", second.as_str(), 400),
        ("Yan", second.as_str(), 200),
        ("Zoe", first.as_str(), 200),
        ("Other", first.as_str(), 409),
    ] {
        let (status, body) = server.post(&path, json!({"name": name}), Some(token)).await;
        assert_eq!(status, expected, "{name}: {body}");
    }
    let (_, body) = server.get(&path).await;
    assert_eq!(body["players"]["x"]["name"], "Zoe");
    assert_eq!(body["players"]["o"]["name"], "Yan");
}

/// On PostgreSQL (`RULEBOOK_TEST_POSTGRES_URL`; skipped otherwise): a
/// session opened on one process is valid on another, and a rated game
/// settled by two processes' loops moves each rating once.
#[tokio::test]
async fn accounts_and_ratings_on_postgresql_with_two_processes() {
    let _serial = crate::postgres::POSTGRES.lock().await;
    let Some(url) = crate::postgres::postgres_url() else {
        return;
    };
    let a = Server::start_with(&url, &[]);
    let b = Server::start_with(&url, &[]);
    let suffix = fastrand::u32(..100_000);
    let (hal, ida) = (format!("hal{suffix}"), format!("ida{suffix}"));
    let hal_cookie = register(&a, &hal).await;
    // Ida registers on B; her session works on A.
    let ida_cookie = register(&b, &ida).await;
    assert_eq!(whoami(&a, &ida_cookie).await.1["name"], ida.as_str());
    let control = json!({"days_per_move": 1});
    let (status, posted) = post(
        &a,
        "/api/seeks",
        json!({"game": "international", "time_control": control, "rated": true}),
        Some(&hal_cookie),
        None,
    )
    .await;
    assert_eq!(status, 201, "{posted}");
    let (status, joined) = post(
        &a,
        &format!("/api/seeks/{}/accept", posted["id"].as_str().unwrap()),
        json!({}),
        Some(&ida_cookie),
        None,
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    let game = joined["id"].as_str().unwrap();
    // Ida resigns through B.
    let (status, _) = b
        .post(
            &format!("/api/games/{game}/resign"),
            json!({}),
            joined["token"].as_str(),
        )
        .await;
    assert_eq!(status, 200);
    let page = loop {
        let (_, page) = b.get(&format!("/api/players/{hal}")).await;
        if !page["history"].as_array().unwrap().is_empty() {
            break page;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // Both loops had their chance: still one game, one change.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (_, again) = a.get(&format!("/api/players/{hal}")).await;
    assert_eq!(again["ratings"], page["ratings"]);
    assert_eq!(again["ratings"][0]["games"], 1);
    assert_eq!(again["ratings"][0]["kind"], "international:correspondence");
    assert!(again["ratings"][0]["rating"].as_f64().unwrap() > 1500.0);
    assert_eq!(again["history"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn behind_https_the_session_cookie_is_secure() {
    let server = Server::start_with(&crate::support::temp_db(), &["--secure-cookies"]);
    let (status, _, set_cookie) = sign_in(&server, "/api/accounts", "kim").await;
    assert_eq!(status, 201);
    let set_cookie = set_cookie.unwrap();
    assert!(set_cookie.contains("; Secure"), "{set_cookie}");
    assert!(set_cookie.contains("HttpOnly"), "{set_cookie}");
}

/// Two processes settling rated games of one player at the same time:
/// every result counts (each settlement reads the rating the previous one
/// wrote, under a row lock), none is overwritten by another.
#[tokio::test]
async fn rated_games_of_one_player_settled_at_once_by_two_processes_all_count() {
    let _serial = crate::postgres::POSTGRES.lock().await;
    let Some(url) = crate::postgres::postgres_url() else {
        return;
    };
    let servers = [Server::start_with(&url, &[]), Server::start_with(&url, &[])];
    let suffix = fastrand::u32(..100_000);
    let hal = format!("hal{suffix}");
    let hal_cookie = register(&servers[0], &hal).await;
    let control = json!({"days_per_move": 1});
    const GAMES: usize = 6;
    let mut seats = Vec::new();
    for index in 0..GAMES {
        let server = &servers[index % 2];
        let cookie = register(server, &format!("opp{index}x{suffix}")).await;
        let (status, posted) = post(
            server,
            "/api/seeks",
            json!({"game": "checkers", "time_control": control, "rated": true}),
            Some(&hal_cookie),
            None,
        )
        .await;
        assert_eq!(status, 201, "{posted}");
        let (status, joined) = post(
            server,
            &format!("/api/seeks/{}/accept", posted["id"].as_str().unwrap()),
            json!({}),
            Some(&cookie),
            None,
        )
        .await;
        assert_eq!(status, 200, "{joined}");
        seats.push(joined);
    }
    // Every opponent resigns at once, half through each process.
    let resignations = seats.iter().enumerate().map(|(index, joined)| {
        let server = &servers[index % 2];
        let path = format!("/api/games/{}/resign", joined["id"].as_str().unwrap());
        async move {
            server
                .post(&path, json!({}), joined["token"].as_str())
                .await
        }
    });
    for (status, body) in futures_util::future::join_all(resignations).await {
        assert_eq!(status, 200, "{body}");
    }
    let mut waited = 0;
    let page = loop {
        let (_, page) = servers[1].get(&format!("/api/players/{hal}")).await;
        waited += 1;
        assert!(waited < 600, "not all settled: {page}");
        // (The page reads the ratings, then the history: both complete.)
        if page["history"].as_array().unwrap().len() == GAMES
            && page["ratings"][0]["games"] == GAMES
        {
            break page;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // Six wins, each applied on top of the one before: six different,
    // rising ratings (an overwritten settlement would repeat one), the last
    // of them the rating now.
    let mut steps: Vec<f64> = page["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|point| point["rating"].as_f64().unwrap())
        .collect();
    steps.sort_by(f64::total_cmp);
    assert!(steps.windows(2).all(|pair| pair[0] < pair[1]), "{steps:?}");
    assert!(steps[0] > 1500.0);
    assert_eq!(
        page["ratings"][0]["rating"].as_f64().unwrap(),
        steps[GAMES - 1]
    );
}
