//! A game's chat: its players write (a seat's token), everyone who can
//! read the game reads (spectators read the players' chat; they have no
//! room of their own). Messages are plain text, at most
//! [`MAX_CHAT_CHARS`] characters on one line, rate-limited per seat,
//! stored in the `chat` table (so they survive a reload and a restart)
//! and pushed to the game's WebSocket clients as
//! `{"type": "chat", "message": {...}}`. The server never interprets a
//! message: the page shows it as text (never as markup).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use crate::app::{now_ms, seat_of_token, App, Push};
use crate::error::{ApiError, ErrorBody};
use crate::ratelimit::Bucket;

/// The PostgreSQL NOTIFY channel of chat messages: every process pushes
/// the messages taken by the others to its own WebSocket clients.
pub const CHAT_CHANNEL: &str = "rulebook_chat";

/// This process's mark on its notifications (it pushed its own already).
fn process_mark() -> &'static str {
    static MARK: OnceLock<String> = OnceLock::new();
    MARK.get_or_init(|| {
        crate::app::random_hex(8).unwrap_or_else(|_| std::process::id().to_string())
    })
}

/// The longest message, in characters (Unicode scalar values).
pub const MAX_CHAT_CHARS: usize = 500;
/// The most messages a game's chat keeps; then it is full.
pub const MAX_CHAT_MESSAGES: i64 = 1_000;
/// The most messages `GET .../chat` returns at once (the newest).
pub const CHAT_PAGE: i64 = 200;
/// A seat may send this many messages at once...
const CHAT_BURST: f64 = 5.0;
/// ...and then one every two seconds.
const CHAT_PER_SECOND: f64 = 0.5;
/// Above this many seats' buckets, the idle (full) ones are dropped.
const MAX_BUCKETS: usize = 10_000;
/// Longer than an empty bucket takes to fill up (`CHAT_BURST / CHAT_PER_SECOND`).
const REFILLED: Duration = Duration::from_secs(60);

/// One message.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ChatMessage {
    /// Its number in the game's chat, from 1.
    pub seq: i64,
    /// The seat that wrote it.
    pub seat: String,
    /// The text, as written (plain text: never markup).
    pub text: String,
    /// When the server took it (Unix ms).
    pub at: i64,
}

/// `GET /api/games/{id}/chat`'s answer.
#[derive(Serialize, ToSchema)]
pub struct ChatLog {
    /// The messages, oldest first.
    pub messages: Vec<ChatMessage>,
}

/// `POST /api/games/{id}/chat`'s body.
#[derive(Deserialize, ToSchema)]
pub struct ChatBody {
    /// The message: 1 to 500 characters of plain text (line breaks and
    /// other control characters become spaces).
    #[schema(example = "good luck!")]
    pub text: String,
}

/// `GET /api/games/{id}/chat`'s query.
#[derive(Deserialize, ToSchema, utoipa::IntoParams)]
pub struct ChatQuery {
    /// Only the messages after this `seq`.
    pub after: Option<i64>,
}

/// The chat's rate limits: a token bucket per game and seat.
#[derive(Default)]
pub struct ChatLimits {
    buckets: Mutex<HashMap<(String, u8), (Bucket, Instant)>>,
}

impl ChatLimits {
    /// Whether `seat` of `game` may send a message now (taking its turn).
    pub fn allow(&self, game: &str, seat: u8) -> bool {
        let Ok(mut buckets) = self.buckets.lock() else {
            return false;
        };
        let now = Instant::now();
        if buckets.len() > MAX_BUCKETS {
            // A bucket unused for longer than it takes to refill is full:
            // the same as a new one.
            buckets.retain(|_, (_, used)| now.duration_since(*used) < REFILLED);
        }
        let (bucket, used) = buckets
            .entry((game.to_owned(), seat))
            .or_insert_with(|| (Bucket::new(CHAT_BURST), now));
        *used = now;
        bucket.take(CHAT_PER_SECOND, CHAT_BURST)
    }
}

/// The message as kept: trimmed, control characters (line breaks, tabs,
/// ...) as spaces.
///
/// # Errors
///
/// 400 when it is empty or longer than [`MAX_CHAT_CHARS`].
pub fn clean(text: &str) -> Result<String, ApiError> {
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let text = text.trim();
    if text.is_empty() {
        return Err(ApiError::bad_request("a chat message needs some text"));
    }
    let length = text.chars().count();
    if length > MAX_CHAT_CHARS {
        return Err(ApiError::bad_request(format!(
            "a chat message is at most {MAX_CHAT_CHARS} characters; this one has {length}"
        )));
    }
    Ok(text.to_owned())
}

fn message_of_row(row: &sqlx::any::AnyRow, names: [&str; 2]) -> Result<ChatMessage, String> {
    let text = |error: sqlx::Error| error.to_string();
    let seat: i64 = row.try_get("seat").map_err(text)?;
    Ok(ChatMessage {
        seq: row.try_get("seq").map_err(text)?,
        seat: names[usize::from(seat != 0)].to_owned(),
        text: row.try_get("text").map_err(text)?,
        at: row.try_get("at").map_err(text)?,
    })
}

impl App {
    /// Stores `text` (already [`clean`]ed) as `seat`'s message in `game`,
    /// seat names `names`, and pushes it to the game's clients.
    ///
    /// # Errors
    ///
    /// 409 when the chat is full; 503 when the database fails.
    async fn store_chat(
        &self,
        handle: &crate::app::Handle,
        seat: u8,
        names: [&str; 2],
        text: String,
    ) -> Result<ChatMessage, ApiError> {
        let unavailable =
            |error: sqlx::Error| ApiError::unavailable(format!("the database failed: {error}"));
        let at = now_ms();
        // The next seq of the game's chat; two writers at once (another
        // process) collide on the primary key, and the loser tries again.
        for _attempt in 0..8 {
            let row = sqlx::query(
                "INSERT INTO chat (game_id, seq, seat, text, at) \
                 SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4 FROM chat WHERE game_id = $1 \
                 AND (SELECT COUNT(*) FROM chat WHERE game_id = $1) < $5 \
                 ON CONFLICT (game_id, seq) DO NOTHING RETURNING seq",
            )
            .bind(handle.id.clone())
            .bind(i64::from(seat))
            .bind(text.clone())
            .bind(at)
            .bind(MAX_CHAT_MESSAGES)
            .fetch_optional(self.db.pool())
            .await
            .map_err(unavailable)?;
            let Some(row) = row else {
                let count: i64 = sqlx::query("SELECT COUNT(*) AS n FROM chat WHERE game_id = $1")
                    .bind(handle.id.clone())
                    .fetch_one(self.db.pool())
                    .await
                    .map_err(unavailable)?
                    .try_get("n")
                    .map_err(unavailable)?;
                if count >= MAX_CHAT_MESSAGES {
                    return Err(ApiError::conflict(format!(
                        "this game's chat is full ({MAX_CHAT_MESSAGES} messages)"
                    )));
                }
                continue;
            };
            let message = ChatMessage {
                seq: row.try_get("seq").map_err(unavailable)?,
                seat: names[usize::from(seat != 0)].to_owned(),
                text,
                at,
            };
            let push = serde_json::json!({"type": "chat", "message": message}).to_string();
            let _ = handle.tx.send(Push {
                version: 0,
                text: push.into(),
            });
            if self.db.postgres {
                // The other processes' clients too (at most ~4 KB: under
                // NOTIFY's 8,000 bytes). Stored already: a lost
                // notification is read on the next reload.
                let payload = serde_json::json!({
                    "from": process_mark(), "game": handle.id, "message": message,
                })
                .to_string();
                let _ = sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHAT_CHANNEL)
                    .bind(payload)
                    .execute(self.db.pool())
                    .await;
            }
            return Ok(message);
        }
        Err(ApiError::conflict(
            "the chat kept changing meanwhile: try again",
        ))
    }

    /// A chat message another process took (PostgreSQL NOTIFY on
    /// [`CHAT_CHANNEL`]): pushed to this process's clients of the game.
    pub fn chat_notified(&self, payload: &str) {
        let Ok(note) = serde_json::from_str::<serde_json::Value>(payload) else {
            return;
        };
        if note["from"] == process_mark() {
            return;
        }
        let Some(handle) = note["game"].as_str().and_then(|id| self.cached(id)) else {
            return;
        };
        let push = serde_json::json!({"type": "chat", "message": note["message"]}).to_string();
        let _ = handle.tx.send(Push {
            version: 0,
            text: push.into(),
        });
    }

    /// The chat of `game` after `after` (the newest [`CHAT_PAGE`]), oldest first.
    ///
    /// # Errors
    ///
    /// 503 when the database fails.
    async fn chat_log(
        &self,
        game: &str,
        after: i64,
        names: [&str; 2],
    ) -> Result<Vec<ChatMessage>, ApiError> {
        let rows = sqlx::query(
            "SELECT seq, seat, text, at FROM chat WHERE game_id = $1 AND seq > $2 \
             ORDER BY seq DESC LIMIT $3",
        )
        .bind(game.to_owned())
        .bind(after)
        .bind(CHAT_PAGE)
        .fetch_all(self.db.pool())
        .await
        .map_err(|error| ApiError::unavailable(format!("the database failed: {error}")))?;
        let mut messages = rows
            .iter()
            .map(|row| message_of_row(row, names))
            .collect::<Result<Vec<_>, _>>()
            .map_err(ApiError::unavailable)?;
        messages.reverse();
        Ok(messages)
    }
}

/// The game's chat, oldest first (the newest 200; `after`: only those
/// after that `seq`). Anyone who can read the game reads its chat.
#[utoipa::path(get, path = "/api/games/{id}/chat", params(("id" = String, Path), ChatQuery),
    responses((status = 200, body = ChatLog), (status = 400, body = ErrorBody),
              (status = 404, body = ErrorBody)))]
pub async fn list(
    State(app): State<Arc<App>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<ChatQuery>, QueryRejection>,
) -> Result<Json<ChatLog>, ApiError> {
    let Path(id) = path?;
    let Query(query) = query?;
    let handle = app.handle(&id).await?;
    let names = {
        let slot = handle.slot.lock().await;
        [slot.game.seat_name(0), slot.game.seat_name(1)]
    };
    let messages = app
        .chat_log(&id, query.after.unwrap_or(0).max(0), names)
        .await?;
    Ok(Json(ChatLog { messages }))
}

/// Writes a message in the game's chat (`Authorization: Bearer`, a
/// player's token: spectators read only). Plain text, 1 to 500
/// characters; a seat may send 5 at once, then one every 2 s (429
/// `rate_limited`); a game keeps at most 1,000 (409). Pushed to the
/// game's WebSocket clients as `{"type": "chat", "message"}`.
#[utoipa::path(post, path = "/api/games/{id}/chat", params(("id" = String, Path)),
    request_body = ChatBody, security(("bearer" = [])),
    responses((status = 201, body = ChatMessage), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn post(
    State(app): State<Arc<App>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Json<ChatBody>, JsonRejection>,
) -> Result<(StatusCode, Json<ChatMessage>), ApiError> {
    let Path(id) = path?;
    let Json(body) = body?;
    let handle = app.handle(&id).await?;
    let token = crate::routes::bearer(&headers)?;
    let (seat, names) = {
        let slot = handle.slot.lock().await;
        let seat = seat_of_token(&*slot.game, &token).ok_or_else(|| {
            ApiError::new(
                StatusCode::FORBIDDEN,
                "forbidden",
                "this token is not a seat's token of this game: only its players write in its chat",
            )
        })?;
        (seat, [slot.game.seat_name(0), slot.game.seat_name(1)])
    };
    let text = clean(&body.text)?;
    if !app.chat_limits.allow(&id, seat) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many chat messages: wait a few seconds",
        ));
    }
    let message = app.store_chat(&handle, seat, names, text).await?;
    Ok((StatusCode::CREATED, Json(message)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_one_trimmed_line_of_at_most_500_characters() {
        assert_eq!(clean("  hi\nthere\t ").unwrap(), "hi there");
        assert!(clean(" \n ").is_err());
        let long = "é".repeat(MAX_CHAT_CHARS);
        assert_eq!(clean(&long).unwrap(), long);
        assert!(clean(&format!("{long}x")).is_err());
        assert_eq!(
            clean("<script>alert(1)</script>").unwrap(),
            "<script>alert(1)</script>"
        );
    }

    #[test]
    fn a_seat_sends_five_at_once_then_waits() {
        let limits = ChatLimits::default();
        for _ in 0..5 {
            assert!(limits.allow("g", 0));
        }
        assert!(!limits.allow("g", 0));
        // The other seat, and another game, have their own buckets.
        assert!(limits.allow("g", 1));
        assert!(limits.allow("h", 0));
    }
}
