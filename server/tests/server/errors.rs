//! Every refusal: a 4xx with `{"error": {"code", "message"}}`, and nothing
//! changes.

use std::time::Duration;

use serde_json::{json, Value};

use crate::support::Server;

fn code(body: &Value) -> &str {
    body["error"]["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no error code in {body}"))
}

/// A request the server refuses: a POST of `body` to `path` with `token`
/// (a GET when `body` is `None`), the status and error code of the
/// answer, and words its message holds.
struct Refusal<'a> {
    path: &'a str,
    body: Option<Value>,
    token: Option<&'a str>,
    status: u16,
    code: &'static str,
    message: Option<&'static str>,
}

impl<'a> Refusal<'a> {
    /// A POST of `body` to `path` with `token`, refused with `status` and
    /// `code`.
    fn post(
        path: &'a str,
        body: Value,
        token: Option<&'a str>,
        (status, code): (u16, &'static str),
    ) -> Self {
        Refusal {
            path,
            body: Some(body),
            token,
            status,
            code,
            message: None,
        }
    }

    /// A GET of `path`, refused with `status` and `code`.
    fn get(path: &'a str, (status, code): (u16, &'static str)) -> Self {
        Refusal {
            path,
            body: None,
            token: None,
            status,
            code,
            message: None,
        }
    }

    /// The same refusal, its message holding `words`.
    fn saying(self, words: &'static str) -> Self {
        Refusal {
            message: Some(words),
            ..self
        }
    }
}

/// Sends the requests of `refusals` in turn and checks each answer: the
/// status, the JSON error's code, and the words of its message.
async fn assert_refused(server: &Server, refusals: Vec<Refusal<'_>>) {
    for refusal in refusals {
        let path = refusal.path;
        let (status, body) = match refusal.body {
            Some(body) => server.post(path, body, refusal.token).await,
            None => server.get(path).await,
        };
        assert_eq!(
            (status, code(&body)),
            (refusal.status, refusal.code),
            "{path}: {body}"
        );
        if let Some(words) = refusal.message {
            let message = body["error"]["message"].as_str().unwrap();
            assert!(message.contains(words), "{path}: {body}");
        }
    }
}

/// POSTs `body` as it is to `path` with the `authorization` and
/// `content-type` headers given: the status and the body (JSON, or the
/// text as a string).
async fn post_raw(
    server: &Server,
    path: &str,
    authorization: &str,
    content_type: &str,
    body: &'static str,
) -> (u16, Value) {
    let response = server
        .http
        .post(server.url(path))
        .header("authorization", authorization)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

#[tokio::test]
async fn every_bad_request_is_a_4xx_json_error_and_changes_nothing() {
    let server = Server::start();
    let (id, red, white) = server.human_game(json!({"game": "checkers"})).await;
    let before = server.state(&id).await;
    let moves = format!("/api/games/{id}/moves");
    let draw = format!("/api/games/{id}/draw");
    let undo = format!("/api/games/{id}/undo");
    let join = format!("/api/games/{id}/join");
    let events = format!("/api/games/{id}/events");
    let (red, white) = (red.as_str(), white.as_str());
    let eleven_fifteen = || json!({"move": "11-15"});

    assert_refused(
        &server,
        vec![
            // Tokens: missing, wrong, the other seat's.
            Refusal::post(&moves, eleven_fifteen(), None, (401, "unauthorized")),
            Refusal::post(&moves, eleven_fifteen(), Some("0123"), (403, "forbidden")),
            Refusal::post(
                &moves,
                eleven_fifteen(),
                Some(white),
                (409, "not_your_turn"),
            )
            .saying("Red is to move"),
            // Illegal moves, with the crate's message.
            Refusal::post(
                &moves,
                json!({"move": "11-18"}),
                Some(red),
                (422, "illegal_move"),
            )
            .saying("legal moves"),
            Refusal::post(
                &moves,
                json!({"move": ""}),
                Some(red),
                (422, "illegal_move"),
            ),
            // A body too large.
            Refusal::post(
                &moves,
                json!({"move": "1".repeat(20_000)}),
                Some(red),
                (413, "payload_too_large"),
            ),
            // Unknown games, levels, sides, sizes, positions, opponents, routes.
            Refusal::post(
                "/api/games",
                json!({"game": "chess"}),
                None,
                (400, "unknown_game"),
            )
            .saying("checkers"),
            Refusal::post(
                "/api/games",
                json!({"game": "checkers", "opponent": "computer", "level": 99}),
                None,
                (400, "bad_level"),
            ),
            Refusal::post(
                "/api/games",
                json!({"game": "checkers", "side": "blue"}),
                None,
                (400, "bad_request"),
            ),
            Refusal::post(
                "/api/games",
                json!({"game": "connectx", "rows": 1000, "columns": 7, "inarow": 4}),
                None,
                (400, "bad_request"),
            ),
            Refusal::post(
                "/api/games",
                json!({"game": "checkers", "position": "W:W99:B1"}),
                None,
                (400, "bad_request"),
            ),
            Refusal::post(
                "/api/games",
                json!({"game": "checkers", "opponent": "robot"}),
                None,
                (400, "invalid_json"),
            ),
            Refusal::get("/api/nothing", (404, "not_found")),
            // Draw and undo actions unknown or out of place.
            Refusal::post(
                &draw,
                json!({"action": "maybe"}),
                Some(red),
                (400, "invalid_json"),
            ),
            Refusal::post(
                &undo,
                json!({"action": "accept"}),
                Some(red),
                (409, "no_pending_offer"),
            ),
            Refusal::post(
                &undo,
                json!({"action": "request"}),
                Some(red),
                (409, "conflict"),
            ),
            // A second join, and the WebSocket path without an upgrade.
            Refusal::post(&join, json!({}), None, (409, "conflict")),
            Refusal::get(&events, (400, "bad_request")),
        ],
    )
    .await;

    // Headers and bodies: a token not of the bearer kind; malformed JSON,
    // the wrong shape, the wrong content type.
    let (status, _) = post_raw(
        &server,
        &moves,
        "Basic abc",
        "application/json",
        r#"{"move":"11-15"}"#,
    )
    .await;
    assert_eq!(status, 401);
    let bearer = format!("Bearer {red}");
    for bad in ["{", "[1,2]", "{\"mov\": 3}", "null", "\u{0}"] {
        let (status, body) = post_raw(&server, &moves, &bearer, "application/json", bad).await;
        assert_eq!(status, 400, "{bad}");
        assert_eq!(code(&body), "invalid_json");
    }
    let (status, body) = post_raw(
        &server,
        &moves,
        &bearer,
        "text/plain",
        "{\"move\": \"11-15\"}",
    )
    .await;
    assert_eq!((status, code(&body)), (415, "unsupported_media_type"));

    // Unknown ids, and a method no route takes.
    for unknown in ["0123456789abcdef0123456789abcdef", "nope", "%00", "..%2F.."] {
        let game = format!("/api/games/{unknown}");
        let game_moves = format!("/api/games/{unknown}/moves");
        assert_refused(
            &server,
            vec![
                Refusal::get(&game, (404, "not_found")),
                Refusal::post(&game_moves, eleven_fifteen(), Some(red), (404, "not_found")),
            ],
        )
        .await;
    }
    let response = server
        .http
        .delete(server.url(&format!("/api/games/{id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 405);

    // Nothing changed.
    assert_eq!(server.state(&id).await, before);

    // A finished game takes no move.
    let resign = format!("/api/games/{id}/resign");
    server.post(&resign, json!({}), Some(red)).await;
    assert_refused(
        &server,
        vec![
            Refusal::post(
                &moves,
                json!({"move": "23-19"}),
                Some(white),
                (409, "game_over"),
            ),
            Refusal::post(&resign, json!({}), Some(white), (409, "game_over")),
            Refusal::post(
                &draw,
                json!({"action": "offer"}),
                Some(white),
                (409, "game_over"),
            ),
        ],
    )
    .await;

    // Tokens are never shown to others.
    let state = server.state(&id).await.to_string();
    assert!(!state.contains(red) && !state.contains(white));
    let (_, list) = server.get("/api/games").await;
    assert!(!list.to_string().contains(red));
}

#[tokio::test]
async fn a_client_that_floods_is_limited_and_idle_connections_starve_nobody() {
    let server = Server::start_with(
        &crate::support::temp_db(),
        &["--rate-limit", "5", "--rate-burst", "10"],
    );
    let mut limited = 0;
    for _ in 0..40 {
        let (status, body) = server.get("/api/catalog").await;
        if status == 429 {
            assert_eq!(code(&body), "rate_limited");
            limited += 1;
        }
    }
    assert!(limited >= 20, "{limited} of 40 limited");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(server.get("/api/catalog").await.0, 200);

    // Many idle connections (the OS's limit allowing), then a request.
    let server = Server::start();
    let mut idle = Vec::new();
    for _ in 0..1000 {
        match tokio::net::TcpStream::connect(&server.addr).await {
            Ok(stream) => idle.push(stream),
            Err(_) => break,
        }
    }
    assert!(idle.len() >= 500);
    let started = std::time::Instant::now();
    let (id, _, _) = server.human_game(json!({"game": "connect4"})).await;
    assert_eq!(server.state(&id).await["game"], "connect4");
    assert!(started.elapsed() < Duration::from_secs(5));
    drop(idle);
}

#[tokio::test]
async fn websocket_messages_are_bounded_and_pings_answered() {
    let server = Server::start();
    let (id, _, _) = server.human_game(json!({"game": "connect4"})).await;
    let mut socket = server.socket(&id).await;
    assert_eq!(socket.next().await["type"], "state");
    socket.send(r#"{"type":"ping"}"#).await;
    assert_eq!(socket.next().await["type"], "pong");
    socket.send(&"x".repeat(20_000)).await;
    // The server closes a socket whose message is too large.
    assert!(socket.closes().await);
    // The server still serves.
    assert_eq!(server.state(&id).await["version"], 1);
}

#[tokio::test]
async fn openapi_document_catalog_and_page() {
    let server = Server::start();
    let (status, doc) = server.get("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/api/games",
        "/api/games/{id}/moves",
        "/api/games/{id}/events",
        "/api/catalog",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path}");
    }
    let (status, catalog) = server.get("/api/catalog").await;
    assert_eq!(status, 200);
    let checkers = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|game| game["game"] == "checkers")
        .unwrap();
    assert_eq!(checkers["players"], json!(["red", "white"]));
    assert_eq!(checkers["board"]["kind"], "squares");
    assert_eq!(server.get("/api/games/meta").await.1, catalog);
    let page = server.http.get(server.url("/")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let (status, _) = server.get("/games/0123456789abcdef0123456789abcdef").await;
    assert_eq!(status, 200);
    let script = server
        .http
        .get(server.url("/assets/app.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(script.status(), 200);
    assert!(script.headers()["content-type"]
        .to_str()
        .unwrap()
        .contains("javascript"));
    assert_eq!(server.get("/assets/../Cargo.toml").await.0, 404);
    assert_eq!(server.get("/assets/nothing.js").await.0, 404);

    // --web-dir serves from disk.
    let dir = std::env::temp_dir().join(format!("rulebook-web-{}", fastrand::u64(..)));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<p>from disk</p>").unwrap();
    let server = Server::start_with(
        &crate::support::temp_db(),
        &["--web-dir", dir.to_str().unwrap()],
    );
    let (_, page) = server.get("/").await;
    assert_eq!(page, "<p>from disk</p>");
}
