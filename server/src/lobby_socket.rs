//! The lobby's WebSocket, `GET /api/lobby/events`: the listed seeks pushed
//! as they change, and the owner's own seek watched until it is accepted,
//! so that the page polls only while the socket is down.
//!
//! Server to client:
//! - `{"type":"seeks","seeks":[...]}` on connect and after every change
//!   (the seeks as `GET /api/seeks` lists them);
//! - `{"type":"seek","id":...,"status":"open"|"accepted"|"gone","game":...}`
//!   for a watched seek: at once, then whenever it changes (`game`, the
//!   owner's seat, once `accepted`, as `GET /api/seeks/{id}` answers);
//! - `{"type":"pong"}` to a ping, `{"type":"error","message":...}`.
//!
//! Client to server: `{"type":"watch","id":...,"token":...}` (the seek's
//! owner token; watching keeps the seek as asking for it with
//! `GET /api/seeks/{id}` does), `{"type":"unwatch"}`, `{"type":"ping"}`.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};

use crate::app::now_ms;
use crate::error::{ApiError, ErrorBody};
use crate::lobby::{joined, same_token, Lobby, Standing, SEEK_TIMEOUT_MS};
use crate::people::People;
use crate::ratelimit::Bucket;

/// A watched seek is kept (its owner counted as asking) this often: well
/// within [`SEEK_TIMEOUT_MS`].
const KEEP_WATCHED: Duration = Duration::from_millis(SEEK_TIMEOUT_MS as u64 / 4);

/// Messages from a client are at most this long.
const MAX_MESSAGE: usize = 1024;

/// The lobby's WebSocket: the seeks as they change, and the caller's own
/// seek watched (see the module's documentation for the messages).
#[utoipa::path(get, path = "/api/lobby/events",
    responses((status = 101, description = "WebSocket"), (status = 400, body = ErrorBody)))]
pub async fn events(
    State(people): State<Arc<People>>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let upgrade = upgrade.map_err(|rejection| {
        ApiError::bad_request(format!(
            "this is the lobby's WebSocket: {}",
            rejection.body_text()
        ))
    })?;
    Ok(upgrade
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| serve(people, socket)))
}

/// A watched seek: its id and owner's token, and what was last said of it.
struct Watched {
    id: String,
    token: String,
    said: String,
}

/// What the owner of seek `watched` is told of it now (with `keep`,
/// asking keeps it).
async fn seek_message(lobby: &Lobby, watched: &Watched, keep: bool) -> String {
    let id = &watched.id;
    let gone = || serde_json::json!({"type": "seek", "id": id, "status": "gone"});
    let message = match lobby.standing(id, keep.then(now_ms)).await {
        Ok(Some((owner_hash, _))) if !same_token(&owner_hash, &watched.token) => {
            serde_json::json!({"type": "error", "message": "this token is not this seek's"})
        }
        Ok(Some((_, Standing::Open(seek)))) => {
            serde_json::json!({"type": "seek", "id": id, "status": "open", "seek": seek.view(id)})
        }
        Ok(Some((_, Standing::Accepted { game_id, seat }))) => serde_json::json!({
            "type": "seek", "id": id, "status": "accepted",
            "game": joined(&game_id, &seat, &watched.token),
        }),
        Ok(None) => gone(),
        // The database failed: say nothing (the next change or keep asks again).
        Err(_) => return String::new(),
    };
    message.to_string()
}

async fn serve(people: Arc<People>, socket: WebSocket) {
    let lobby = &people.lobby;
    let mut listing = lobby.listing.subscribe();
    listing.mark_changed();
    Lobby::start_listing(&people);
    let mut changes = lobby.changes.subscribe();
    let mut keep = tokio::time::interval(KEEP_WATCHED);
    keep.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut watched: Option<Watched> = None;
    let (mut sink, mut stream) = socket.split();
    let mut bucket = Bucket::new(20.0);
    loop {
        // Whether to tell the watched seek's owner where it stands, and
        // whether to keep it (every KEEP_WATCHED, not on every change).
        let mut ask = false;
        let mut keep_it = false;
        tokio::select! {
            changed = listing.changed() => {
                if changed.is_err() {
                    return;
                }
                let text = listing.borrow_and_update().clone();
                if !text.is_empty() && sink.send(Message::Text((*text).into())).await.is_err() {
                    return;
                }
                // Another process may have accepted the watched seek.
                ask = true;
            }
            changed = changes.changed() => {
                if changed.is_err() {
                    return;
                }
                ask = true;
            }
            _ = keep.tick() => {
                ask = true;
                keep_it = true;
            }
            message = stream.next() => match message {
                Some(Ok(Message::Text(text))) => {
                    if !bucket.take(5.0, 20.0) {
                        let _ = sink.send(Message::Close(Some(CloseFrame {
                            code: 1008,
                            reason: "too many messages".into(),
                        }))).await;
                        return;
                    }
                    let message = serde_json::from_str::<serde_json::Value>(&text).unwrap_or_default();
                    match message["type"].as_str() {
                        Some("ping") => {
                            if sink.send(Message::Text(r#"{"type":"pong"}"#.into())).await.is_err() {
                                return;
                            }
                        }
                        Some("watch") => {
                            let field = |name: &str| message[name].as_str().unwrap_or_default().chars().take(100).collect();
                            watched = Some(Watched { id: field("id"), token: field("token"), said: String::new() });
                            ask = true;
                            keep_it = true;
                        }
                        Some("unwatch") => watched = None,
                        _ => {
                            let reply = r#"{"type":"error","message":"unknown message: send {\"type\":\"watch\",\"id\":...,\"token\":...}, unwatch or ping"}"#;
                            if sink.send(Message::Text(reply.into())).await.is_err() {
                                return;
                            }
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {
                    if !bucket.take(5.0, 20.0) {
                        return;
                    }
                }
            },
        }
        if let (true, Some(seek)) = (ask, watched.as_mut()) {
            let message = seek_message(lobby, seek, keep_it).await;
            if !message.is_empty() && message != seek.said {
                if sink
                    .send(Message::Text(message.clone().into()))
                    .await
                    .is_err()
                {
                    return;
                }
                seek.said = message;
            }
        }
    }
}
