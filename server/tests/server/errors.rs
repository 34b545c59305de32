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

#[tokio::test]
async fn every_bad_request_is_a_4xx_json_error_and_changes_nothing() {
    let server = Server::start();
    let (id, red, white) = server.human_game(json!({"game": "checkers"})).await;
    let before = server.state(&id).await;
    let moves = format!("/api/games/{id}/moves");

    // Tokens: missing, malformed, wrong, the other seat's.
    let (status, body) = server.post(&moves, json!({"move": "11-15"}), None).await;
    assert_eq!((status, code(&body)), (401, "unauthorized"));
    let response = server
        .http
        .post(server.url(&moves))
        .header("authorization", "Basic abc")
        .json(&json!({"move": "11-15"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);
    let (status, body) = server
        .post(&moves, json!({"move": "11-15"}), Some("0123"))
        .await;
    assert_eq!((status, code(&body)), (403, "forbidden"));
    let (status, body) = server.play(&id, &white, "11-15").await;
    assert_eq!((status, code(&body)), (409, "not_your_turn"));
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("Red is to move"));

    // Illegal moves, with the crate's message.
    let (status, body) = server.play(&id, &red, "11-18").await;
    assert_eq!((status, code(&body)), (422, "illegal_move"));
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("legal moves"),
        "{body}"
    );
    let (status, body) = server.play(&id, &red, "").await;
    assert_eq!((status, code(&body)), (422, "illegal_move"));

    // Bodies: malformed JSON, wrong shape, wrong content type, too large.
    for bad in ["{", "[1,2]", "{\"mov\": 3}", "null", "\u{0}"] {
        let response = server
            .http
            .post(server.url(&moves))
            .bearer_auth(&red)
            .header("content-type", "application/json")
            .body(bad)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 400, "{bad}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(code(&body), "invalid_json");
    }
    let response = server
        .http
        .post(server.url(&moves))
        .bearer_auth(&red)
        .header("content-type", "text/plain")
        .body("{\"move\": \"11-15\"}")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 415);
    let body: Value = response.json().await.unwrap();
    assert_eq!(code(&body), "unsupported_media_type");
    let huge = json!({"move": "1".repeat(20_000)});
    let (status, body) = server.post(&moves, huge, Some(&red)).await;
    assert_eq!((status, code(&body)), (413, "payload_too_large"));

    // Unknown ids, games, levels, sides, routes, methods.
    for unknown in ["0123456789abcdef0123456789abcdef", "nope", "%00", "..%2F.."] {
        let (status, body) = server.get(&format!("/api/games/{unknown}")).await;
        assert_eq!(status, 404, "{unknown}");
        assert_eq!(code(&body), "not_found");
        let (status, body) = server
            .post(
                &format!("/api/games/{unknown}/moves"),
                json!({"move": "11-15"}),
                Some(&red),
            )
            .await;
        assert_eq!((status, code(&body)), (404, "not_found"));
    }
    let (status, body) = server
        .post("/api/games", json!({"game": "chess"}), None)
        .await;
    assert_eq!((status, code(&body)), (400, "unknown_game"));
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("checkers"));
    let (status, body) = server
        .post(
            "/api/games",
            json!({"game": "checkers", "opponent": "computer", "level": 99}),
            None,
        )
        .await;
    assert_eq!((status, code(&body)), (400, "bad_level"));
    let (status, body) = server
        .post(
            "/api/games",
            json!({"game": "checkers", "side": "blue"}),
            None,
        )
        .await;
    assert_eq!((status, code(&body)), (400, "bad_request"));
    let (status, body) = server
        .post(
            "/api/games",
            json!({"game": "connectx", "rows": 1000, "columns": 7, "inarow": 4}),
            None,
        )
        .await;
    assert_eq!((status, code(&body)), (400, "bad_request"));
    let (status, body) = server
        .post(
            "/api/games",
            json!({"game": "checkers", "position": "W:W99:B1"}),
            None,
        )
        .await;
    assert_eq!((status, code(&body)), (400, "bad_request"));
    let (status, body) = server
        .post(
            "/api/games",
            json!({"game": "checkers", "opponent": "robot"}),
            None,
        )
        .await;
    assert_eq!((status, code(&body)), (400, "invalid_json"));
    let (status, body) = server.get("/api/nothing").await;
    assert_eq!((status, code(&body)), (404, "not_found"));
    let response = server
        .http
        .delete(server.url(&format!("/api/games/{id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 405);
    let (status, body) = server
        .post(
            &format!("/api/games/{id}/draw"),
            json!({"action": "maybe"}),
            Some(&red),
        )
        .await;
    assert_eq!((status, code(&body)), (400, "invalid_json"));
    let (status, body) = server
        .post(
            &format!("/api/games/{id}/undo"),
            json!({"action": "accept"}),
            Some(&red),
        )
        .await;
    assert_eq!((status, code(&body)), (409, "no_pending_offer"));
    let (status, body) = server
        .post(
            &format!("/api/games/{id}/undo"),
            json!({"action": "request"}),
            Some(&red),
        )
        .await;
    assert_eq!((status, code(&body)), (409, "conflict"));
    // A second join, and the WebSocket path without an upgrade.
    let (status, body) = server
        .post(&format!("/api/games/{id}/join"), json!({}), None)
        .await;
    assert_eq!((status, code(&body)), (409, "conflict"));
    let (status, body) = server.get(&format!("/api/games/{id}/events")).await;
    assert_eq!((status, code(&body)), (400, "bad_request"));

    // Nothing changed.
    assert_eq!(server.state(&id).await, before);

    // A finished game takes no move.
    server
        .post(&format!("/api/games/{id}/resign"), json!({}), Some(&red))
        .await;
    let (status, body) = server.play(&id, &white, "23-19").await;
    assert_eq!((status, code(&body)), (409, "game_over"));
    let (status, body) = server
        .post(&format!("/api/games/{id}/resign"), json!({}), Some(&white))
        .await;
    assert_eq!((status, code(&body)), (409, "game_over"));
    let (status, body) = server
        .post(
            &format!("/api/games/{id}/draw"),
            json!({"action": "offer"}),
            Some(&white),
        )
        .await;
    assert_eq!((status, code(&body)), (409, "game_over"));

    // Tokens are never shown to others.
    let state = server.state(&id).await.to_string();
    assert!(!state.contains(&red) && !state.contains(&white));
    let (_, list) = server.get("/api/games").await;
    assert!(!list.to_string().contains(&red));
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
