//! A real server process on a free port, and HTTP/WebSocket clients of it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// A running `rulebook-server`.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// The database URL it uses.
    pub database: String,
    /// An HTTP client.
    pub http: reqwest::Client,
}

/// A fresh SQLite file.
pub fn temp_db() -> String {
    let dir: PathBuf = std::env::temp_dir().join(format!(
        "rulebook-server-test-{}-{}",
        std::process::id(),
        fastrand::u64(..)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.db").display().to_string()
}

impl Server {
    /// A server on a new SQLite file.
    pub fn start() -> Server {
        Server::start_with(&temp_db(), &[])
    }

    /// A server on `database`, with extra arguments.
    pub fn start_with(database: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook-server"))
            .args(["--listen", "127.0.0.1:0", "--database", database])
            .args(["--engine-millis-per-level", "50"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .rsplit("http://")
            .next()
            .filter(|_| line.contains("listening"))
            .unwrap_or_else(|| panic!("the server did not start: {line:?}"))
            .to_owned();
        Server {
            child,
            addr,
            database: database.to_owned(),
            http: reqwest::Client::new(),
        }
    }

    /// kill -9.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// The URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// POST JSON, with an optional token: the status and the body.
    pub async fn post(&self, path: &str, body: Value, token: Option<&str>) -> (u16, Value) {
        let mut request = self.http.post(self.url(path)).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    /// GET: the status and the body (JSON, or the text as a string).
    pub async fn get(&self, path: &str) -> (u16, Value) {
        self.get_with(path, None).await
    }

    /// GET with an optional token: the status and the body.
    pub async fn get_with(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut request = self.http.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    /// The state of game `id`.
    pub async fn state(&self, id: &str) -> Value {
        let (status, state) = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{state}");
        state
    }

    /// Creates a game; panics unless 201.
    pub async fn create(&self, body: Value) -> Value {
        let (status, created) = self.post("/api/games", body, None).await;
        assert_eq!(status, 201, "{created}");
        created
    }

    /// Posts the seek `body` (created is asserted): its id and its owner's
    /// token.
    pub async fn post_seek(&self, body: Value) -> (String, String) {
        let (status, posted) = self.post("/api/seeks", body, None).await;
        assert_eq!(status, 201, "{posted}");
        let text = |field: &str| posted[field].as_str().unwrap().to_owned();
        (text("id"), text("token"))
    }

    /// A guest named `name` accepts seek `id` (accepted is asserted): the
    /// answer, the new game's id and the accepter's seat.
    pub async fn accept_seek(&self, id: &str, name: &str) -> Value {
        let path = format!("/api/seeks/{id}/accept");
        let (status, joined) = self.post(&path, json!({"name": name}), None).await;
        assert_eq!(status, 200, "{joined}");
        joined
    }

    /// A human game with both seats, the second taken with the invitation:
    /// (id, first mover's token, second's).
    pub async fn human_game(&self, game: Value) -> (String, String, String) {
        let created = self.create(game).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let (status, joined) = self
            .post(
                &format!("/api/games/{id}/join"),
                json!({}),
                created["invitation"]["token"].as_str(),
            )
            .await;
        assert_eq!(status, 200, "{joined}");
        let creator = created["token"].as_str().unwrap().to_owned();
        let other = joined["token"].as_str().unwrap().to_owned();
        let players = self.state(&id).await["players"].clone();
        if created["seat"] == players[0] {
            (id, creator, other)
        } else {
            (id, other, creator)
        }
    }

    /// Plays `text` with `token`; the status and body.
    pub async fn play(&self, id: &str, token: &str, text: &str) -> (u16, Value) {
        self.post(
            &format!("/api/games/{id}/moves"),
            json!({"move": text}),
            Some(token),
        )
        .await
    }

    /// Opens the game's WebSocket.
    pub async fn socket(&self, id: &str) -> Socket {
        self.socket_at(&format!("/api/games/{id}/events")).await
    }

    /// Opens the WebSocket at `path` (`/api/lobby/events`).
    pub async fn socket_at(&self, path: &str) -> Socket {
        let url = format!("ws://{}{path}", self.addr);
        let (stream, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Socket { stream }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A WebSocket client.
pub struct Socket {
    stream: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Socket {
    /// The next JSON message (panics after 60 s).
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(60), self.stream.next())
                .await
                .expect("a push within 60 s")
                .expect("the socket is open")
                .expect("no WebSocket error");
            if let Message::Text(text) = message {
                return serde_json::from_str(&text).unwrap();
            }
        }
    }

    /// The next message that is a change (not `thinking`).
    pub async fn next_change(&mut self) -> Value {
        loop {
            let message = self.next().await;
            if message["type"] != "thinking" {
                return message;
            }
        }
    }

    /// Waits for a state at `version` or later.
    pub async fn until_version(&mut self, version: u64) -> Value {
        loop {
            let message = self.next_change().await;
            if message["state"]["version"].as_u64().unwrap_or(0) >= version {
                return message;
            }
        }
    }

    /// Whether the server closes the socket within 5 s (messages before
    /// the close are skipped).
    pub async fn closes(&mut self) -> bool {
        let wait = async {
            loop {
                match self.stream.next().await {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                    Some(Ok(_)) => {}
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(5), wait)
            .await
            .is_ok()
    }

    /// Sends a text message.
    pub async fn send(&mut self, text: &str) {
        self.stream.send(Message::Text(text.into())).await.unwrap();
    }
}

/// A random legal move of `state`.
pub fn random_move(state: &Value) -> String {
    let moves = state["legal_moves"].as_array().unwrap();
    moves[fastrand::usize(..moves.len())]["text"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Plays random legal moves in a human game until it ends (resigning
/// after `max_plies`): the final state.
pub async fn play_out(server: &Server, id: &str, tokens: [&str; 2], max_plies: usize) -> Value {
    let mut state = server.state(id).await;
    let players = state["players"].clone();
    for _ in 0..max_plies {
        if !state["result"].is_null() {
            return state;
        }
        let seat = usize::from(state["to_move"] != players[0]);
        let text = random_move(&state);
        let (status, next) = server.play(id, tokens[seat], &text).await;
        assert_eq!(status, 200, "{text}: {next}");
        assert_eq!(next["version"], state["version"].as_u64().unwrap() + 1);
        state = next;
    }
    let seat = usize::from(state["to_move"] != players[0]);
    let (status, state) = server
        .post(
            &format!("/api/games/{id}/resign"),
            json!({}),
            Some(tokens[seat]),
        )
        .await;
    assert_eq!(status, 200, "{state}");
    state
}
