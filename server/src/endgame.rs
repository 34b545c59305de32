//! `GET /api/games/{id}/endgame`: what the endgame databases say of a
//! game's position, when the server was started with `--endgame-dir`.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use rulebook::catalog::GameSpec;
use rulebook::endgame::{TextVerdict, Value};

use crate::app::now_ms;
use crate::error::ApiError;
use crate::routes::{json_response, Shared};

/// The databases' verdict on a game's position.
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct EndgameView {
    /// Whether the server has databases of this game (English checkers and
    /// the draughts variants can have some).
    pub available: bool,
    /// The most pieces of a position the game's databases hold.
    pub max_pieces: Option<u32>,
    /// `win`, `loss` or `draw` for the side to move; null when the
    /// position has more pieces than the databases hold (or none are here).
    pub value: Option<String>,
    /// The seat that wins with perfect play; null for a draw or no value.
    pub winner: Option<String>,
    /// A move that keeps the value, as the game writes it.
    pub best_move: Option<String>,
    /// For a win or a loss, the plies to the next capture or crowning
    /// (or the end) with best play, when the server has the distances.
    pub distance: Option<u32>,
}

/// The name the databases know `spec` by, if it is a game with databases.
fn database_game(spec: &GameSpec) -> Option<&'static str> {
    match spec {
        GameSpec::Checkers => Some("checkers"),
        GameSpec::Draughts(variant) => Some(variant.name()),
        _ => None,
    }
}

/// What the endgame databases say of the game's position: the value for
/// the side to move, the winner, a move that keeps the value. Answered
/// only by a server started with `--endgame-dir` (404 otherwise).
#[utoipa::path(get, path = "/api/games/{id}/endgame", params(("id" = String, Path)),
    responses((status = 200, body = EndgameView), (status = 404, body = crate::error::ErrorBody)))]
pub async fn endgame(
    State(app): Shared,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let Some(databases) = app.options.endgame.clone() else {
        return Err(ApiError::not_found(
            "this server has no endgame databases (start it with --endgame-dir DIR)",
        ));
    };
    let handle = app.handle(&id).await?;
    let (game, position, players, to_move) = {
        let slot = handle.slot.lock().await;
        let state = slot.game.state(&id, slot.version, now_ms());
        let game = database_game(&slot.game.spec());
        (game, state.position, state.players, state.to_move)
    };
    let max_pieces = game.and_then(|game| databases.max_pieces(game));
    let (Some(game), Some(_)) = (game, max_pieces) else {
        return Ok(view(&EndgameView {
            available: false,
            max_pieces: None,
            value: None,
            winner: None,
            best_move: None,
            distance: None,
        }));
    };
    // The position is the server's own: a refusal here is not the client's
    // doing, but is answered with its message rather than a 500.
    let verdict = databases
        .lookup(game, &position)
        .map_err(|error| ApiError::bad_request(error.to_string()))?;
    let winner = |verdict: &TextVerdict| {
        let mover = to_move.clone()?;
        let other = players.iter().find(|&seat| *seat != mover).cloned();
        match verdict.value {
            Value::Win => Some(mover),
            Value::Loss => other,
            Value::Draw => None,
        }
    };
    Ok(view(&EndgameView {
        available: true,
        max_pieces,
        value: verdict.as_ref().map(|verdict| verdict.value.to_string()),
        winner: verdict.as_ref().and_then(winner),
        best_move: verdict
            .as_ref()
            .and_then(|verdict| verdict.best_move.clone()),
        distance: verdict.as_ref().and_then(|verdict| verdict.distance),
    }))
}

/// `view` as a 200 JSON response.
fn view(view: &EndgameView) -> Response {
    json_response(
        StatusCode::OK,
        serde_json::to_string(view).unwrap_or_else(|_| "{}".to_owned()),
    )
}
