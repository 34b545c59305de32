//! Rematches: after a game's end either player offers one, the other
//! accepts (or declines); against the computer an offer is accepted at
//! once. The rematch is a new game of the same kind, start and time
//! control with the seats swapped: each player's token holds the other
//! colour there, so no new secret travels (the WebSocket, which
//! spectators read too, only says the new game's id). The offer, the
//! refusal and the agreement are events of the finished game (stored,
//! replayed after a restart, pushed as `{"type": "rematch", "state"}`).

use std::sync::Arc;

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::app::{now_ms, seat_of_token, Actor, App, Handle};
use crate::error::ApiError;
use crate::session::{Command, RematchStep, Restore, SeatKind};

/// One rematch is agreed at a time in this process, so that a doubled
/// request cannot create two games (rematches are rare: no contention).
static AGREEING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// What a rematch request does.
#[derive(Deserialize, ToSchema, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum RematchAction {
    /// Offer a rematch (against the computer: it starts at once; when the
    /// opponent has offered one already: accepts it).
    Offer,
    /// Accept the opponent's offer: the rematch starts.
    Accept,
    /// Decline it.
    Decline,
}

/// `POST /api/games/{id}/rematch`'s body.
#[derive(Deserialize, ToSchema)]
pub struct RematchBody {
    /// What to do.
    pub action: RematchAction,
}

impl App {
    /// Offers, accepts or declines a rematch of the finished game for the
    /// holder of `token`; returns the finished game's state (its
    /// `rematch.game` names the new game once agreed). Once agreed, an
    /// offer or an acceptance again changes nothing and returns the same.
    ///
    /// # Errors
    ///
    /// 403 for a token that is no seat's; 409 while the game goes on, for
    /// an answer with no offer, or when the opponent never joined; 503
    /// when the database fails.
    pub async fn rematch(
        self: &Arc<Self>,
        handle: &Arc<Handle>,
        token: &str,
        action: RematchAction,
    ) -> Result<Arc<str>, ApiError> {
        let _one_at_a_time = AGREEING.lock().await;
        // Catches up with the other processes on PostgreSQL.
        let text = self.state_text(handle).await?;
        let (seat, status, computer) = {
            let slot = handle.slot.lock().await;
            let seat = seat_of_token(&*slot.game, token).ok_or_else(not_a_seat)?;
            let opponent = usize::from(1 - seat.min(1));
            let computer = slot.game.config().seats[opponent].kind == SeatKind::Computer;
            (seat, slot.game.rematch_status(), computer)
        };
        if status.game.is_some() && action != RematchAction::Decline {
            return Ok(text);
        }
        let opponent_offered = status.offered_by.is_some_and(|by| by != seat);
        let agree = match action {
            RematchAction::Decline => false,
            RematchAction::Accept => true,
            RematchAction::Offer => computer || opponent_offered,
        };
        if !agree {
            let step = match action {
                RematchAction::Decline => RematchStep::Decline,
                _ => RematchStep::Offer,
            };
            let (text, _) = self
                .change(handle, Actor::Token(token), Command::Rematch(step), None)
                .await?;
            return Ok(text);
        }
        // Refused before a game is created for nothing.
        let (spec, config) = {
            let slot = handle.slot.lock().await;
            let mut probe = slot.game.clone_box();
            probe.act(
                seat,
                &Command::Rematch(RematchStep::Agreed(String::new())),
                now_ms(),
            )?;
            (slot.game.spec(), slot.game.rematch_config(now_ms()))
        };
        let game = spec
            .visit(Restore { spec, config })
            .map_err(ApiError::unavailable)?;
        let created = self.create(game).await?;
        let (text, _) = self
            .change(
                handle,
                Actor::Token(token),
                Command::Rematch(RematchStep::Agreed(created.id.clone())),
                None,
            )
            .await?;
        Ok(text)
    }
}

fn not_a_seat() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "forbidden",
        "this token is not a seat's token of this game: only its players play a rematch",
    )
}

/// Offers a rematch after the game's end, or answers the opponent's offer
/// (`Authorization: Bearer`, a player's token). Against the computer an
/// offer starts the rematch at once. The rematch has the same game, start
/// and time control, the seats swapped (each player's token holds the
/// other colour there); the answer is this game's state, whose
/// `rematch.game` is the new game's id, and both pages get it as a
/// `{"type": "rematch"}` push.
#[utoipa::path(post, path = "/api/games/{id}/rematch", params(("id" = String, Path)),
    request_body = RematchBody, security(("bearer" = [])),
    responses((status = 200, body = crate::session::GameState), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn rematch(
    State(app): State<Arc<App>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Json<RematchBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let Json(body) = body?;
    let handle = app.handle(&id).await?;
    let token = crate::routes::bearer(&headers)?;
    let text = app.rematch(&handle, &token, body.action).await?;
    Ok((
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        text.to_string(),
    )
        .into_response())
}
