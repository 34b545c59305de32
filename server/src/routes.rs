//! The HTTP and WebSocket API (see `server/README.md` and
//! `/api/openapi.json`).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use rulebook::catalog::{BoardKind, Described, GameSpec, GameVisitor};
use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;
use tokio::sync::broadcast::error::RecvError;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

use crate::app::{random_hex, token_hash, Actor, App};
use crate::error::{ApiError, ErrorBody};
use crate::ratelimit::Bucket;
use crate::session::{
    Answer, BoardJson, CellJson, Command, Create, GameState, HistoryEntry, MoveView, Offers,
    PieceJson, ResultView, SeatKind, SeatView,
};

/// Request bodies and WebSocket messages are at most this long.
pub const MAX_BODY: usize = 16 * 1024;

pub(crate) type Shared = State<Arc<App>>;

pub(crate) fn json_response(status: StatusCode, text: impl Into<String>) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        text.into(),
    )
        .into_response()
}

/// The `Authorization: Bearer` token.
///
/// # Errors
///
/// 401 `unauthorized` without one.
pub fn bearer(headers: &HeaderMap) -> Result<String, ApiError> {
    let missing = || {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "this request needs `Authorization: Bearer <token>`, the token of your seat",
        )
    };
    let value = headers
        .get(header::AUTHORIZATION)
        .ok_or_else(missing)?
        .to_str()
        .map_err(|_| missing())?;
    let (scheme, token) = value.trim().split_once(' ').ok_or_else(missing)?;
    if !scheme.eq_ignore_ascii_case("bearer") || token.trim().is_empty() {
        return Err(missing());
    }
    Ok(token.trim().to_owned())
}

/// `POST /api/games`'s body.
#[derive(Deserialize, ToSchema)]
pub struct CreateGame {
    /// The game: `checkers`, `connect4`, `connectx` (or `connectx:8x9x5`),
    /// `international`, `russian`, ... (`GET /api/catalog`).
    #[schema(example = "checkers")]
    pub game: String,
    /// ConnectX's rows.
    pub rows: Option<usize>,
    /// ConnectX's columns.
    pub columns: Option<usize>,
    /// ConnectX's line length that wins.
    pub inarow: Option<usize>,
    /// `human` (default) or `computer`.
    pub opponent: Option<SeatKind>,
    /// The computer's level (default: the game's).
    pub level: Option<u32>,
    /// The creator's seat name, or `random` (default: the first mover's).
    pub side: Option<String>,
    /// Both seats computer; the creator only watches.
    pub computer_vs_computer: Option<bool>,
    /// A start position (the game's FEN or board text).
    pub position: Option<String>,
    /// Against a human: `true` lists the game under the games waiting for a
    /// player (`GET /api/games?open=true`) and lets anyone take the free
    /// seat, also from the game's plain page; `false` (default) keeps it a
    /// private invitation: not listed, and only the invitation's token
    /// takes the seat.
    pub public: Option<bool>,
    /// The clocks: `{"initial_seconds": 180, "increment_seconds": 2}`
    /// (Fischer: 3+2) or `{"days_per_move": 3}` (correspondence); absent
    /// or null: no clocks.
    pub time_control: Option<crate::clock::TimeControlBody>,
}

/// The invitation for the second player.
#[derive(Serialize, ToSchema)]
pub struct Invitation {
    /// The free seat.
    pub seat: String,
    /// Its token.
    pub token: String,
    /// The page to give the second player.
    pub url: String,
}

/// `POST /api/games`'s answer.
#[derive(Serialize, ToSchema)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// The creator's seat (null for computer against computer).
    pub seat: Option<String>,
    /// The creator's token (null for computer against computer).
    pub token: Option<String>,
    /// For a game against a human: the other seat's token.
    pub invitation: Option<Invitation>,
    /// The creator's page.
    pub url: String,
}

/// `POST /api/games/{id}/join`'s answer.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Joined {
    /// The game's id.
    pub id: String,
    /// The seat taken.
    pub seat: String,
    /// Its token.
    pub token: String,
    /// The player's page.
    pub url: String,
}

/// A move, or one hop of a multi-jump.
#[derive(Deserialize, ToSchema)]
pub struct MoveBody {
    /// In the game's notation: `11-15`, `9x14`, `3`, `c3-d4`.
    #[serde(rename = "move")]
    #[schema(example = "11-15")]
    pub text: String,
}

/// A draw action.
#[derive(Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum DrawAction {
    /// Offer a draw (on your turn).
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline it.
    Decline,
}

/// `POST /api/games/{id}/draw`'s body.
#[derive(Deserialize, ToSchema)]
pub struct DrawBody {
    /// What to do.
    pub action: DrawAction,
}

/// An undo action.
#[derive(Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum UndoAction {
    /// Ask to take back your last move (against the computer: done at once).
    Request,
    /// Accept the opponent's request.
    Accept,
    /// Decline it.
    Decline,
}

/// `POST /api/games/{id}/undo`'s body.
#[derive(Deserialize, ToSchema)]
pub struct UndoBody {
    /// What to do.
    pub action: UndoAction,
}

/// A game in a list.
#[derive(Serialize, ToSchema)]
pub struct GameSummary {
    /// Its id.
    pub id: String,
    /// Its spec.
    pub game: String,
    /// Its title.
    pub title: String,
    /// The seats' names.
    pub players: Vec<String>,
    /// The seats.
    pub seats: std::collections::BTreeMap<String, SeatView>,
    /// Who is to move.
    pub to_move: Option<String>,
    /// How it ended.
    pub result: Option<ResultView>,
    /// Unix seconds.
    pub created_at: i64,
}

/// `GET /api/games`'s answer.
#[derive(Serialize, ToSchema)]
pub struct GameList {
    /// The games.
    pub games: Vec<GameSummary>,
}

/// `GET /api/games`'s query.
#[derive(Deserialize, ToSchema, utoipa::IntoParams)]
pub struct ListQuery {
    /// `true`: only games waiting for a second player.
    pub open: Option<bool>,
}

/// A board's shape in the catalog.
#[derive(Serialize, ToSchema)]
pub struct BoardShape {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub columns: u8,
    /// `drop` or `squares`.
    pub kind: String,
    /// The seat whose home side is drawn at the bottom (`white` in
    /// checkers and draughts); null when the board has no sides (Connect
    /// Four, Othello). A page turns the board over for the other seat.
    pub bottom: Option<String>,
}

/// A game of the catalog.
#[derive(Serialize, ToSchema)]
pub struct CatalogGame {
    /// Its name for `POST /api/games`.
    pub game: String,
    /// Its title.
    pub title: String,
    /// Its seats' names, first mover first.
    pub players: Vec<String>,
    /// The computer's levels, weakest and strongest.
    pub levels: [u32; 2],
    /// The level used when none is given.
    pub default_level: u32,
    /// The board's shape.
    pub board: BoardShape,
    /// The game's word for a capture (`jump` in checkers, `capture`
    /// elsewhere).
    pub capture_word: String,
    /// Whether it takes `rows`, `columns`, `inarow`.
    pub parameters: bool,
}

/// `GET /api/catalog`'s answer.
#[derive(Serialize, ToSchema)]
pub struct Catalog {
    /// Every game.
    pub games: Vec<CatalogGame>,
}

struct Describe(GameSpec);

impl GameVisitor for Describe {
    type Output = CatalogGame;
    fn visit<G: Described>(self, start: G) -> CatalogGame {
        let board = start.board();
        CatalogGame {
            game: self.0.name().to_owned(),
            title: self.0.title(),
            players: G::players().map(|p| G::player_name(p).to_owned()).to_vec(),
            levels: [*G::levels().start(), *G::levels().end()],
            default_level: G::default_level(),
            board: BoardShape {
                rows: board.rows,
                columns: board.columns,
                kind: match board.kind {
                    BoardKind::Drop => "drop".to_owned(),
                    BoardKind::Squares => "squares".to_owned(),
                },
                bottom: G::player_at_bottom().map(|player| G::player_name(player).to_owned()),
            },
            capture_word: G::capture_word().to_owned(),
            parameters: matches!(self.0, GameSpec::ConnectX(_)),
        }
    }
}

/// The games the server offers.
#[utoipa::path(get, path = "/api/catalog", responses((status = 200, body = Catalog)))]
pub async fn catalog() -> Json<Catalog> {
    Json(Catalog {
        games: GameSpec::ALL
            .iter()
            .map(|spec| spec.visit(Describe(*spec)))
            .collect(),
    })
}

/// Creates a game.
#[utoipa::path(post, path = "/api/games", request_body = CreateGame,
    responses((status = 201, body = Created), (status = 400, body = ErrorBody),
              (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
pub async fn create(
    State(app): Shared,
    body: Result<Json<CreateGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) = body?;
    let spec_error = |error: rulebook::catalog::SpecError| {
        let code = match error {
            rulebook::catalog::SpecError::UnknownGame { .. } => "unknown_game",
            _ => "bad_request",
        };
        ApiError::new(StatusCode::BAD_REQUEST, code, error.to_string())
    };
    let mut spec: GameSpec = body.game.parse().map_err(spec_error)?;
    if body.rows.is_some() || body.columns.is_some() || body.inarow.is_some() {
        // Other games have no parameters: the fields are ignored.
        if let GameSpec::ConnectX(parameters) = spec {
            spec = GameSpec::connectx(
                body.rows.unwrap_or(parameters.rows()),
                body.columns.unwrap_or(parameters.columns()),
                body.inarow.unwrap_or(parameters.in_a_row()),
            )
            .map_err(spec_error)?;
        }
    }
    let computer_vs_computer = body.computer_vs_computer.unwrap_or(false);
    let tokens = [random_hex(32)?, random_hex(32)?];
    let coin = random_hex(1)?.as_bytes()[1] % 2 == 0;
    let create = Create {
        spec,
        opponent: body.opponent.unwrap_or(SeatKind::Human),
        level: body.level,
        side: body.side,
        computer_vs_computer,
        position: body.position,
        token_hashes: [token_hash(&tokens[0]), token_hash(&tokens[1])],
        coin,
        public: body.public.unwrap_or(false),
        time_control: body
            .time_control
            .map(|control| control.control())
            .transpose()
            .map_err(ApiError::bad_request)?,
        at: crate::app::now_ms(),
        first_move_ms: i64::try_from(app.options.first_move.as_millis()).unwrap_or(i64::MAX),
    };
    let (game, seat) = spec.visit(create)?;
    let invitation = game.free_seat().map(|free| Invitation {
        seat: game.seat_name(free).to_owned(),
        token: tokens[1].clone(),
        url: String::new(),
    });
    let seat_name = seat.map(|seat| game.seat_name(seat).to_owned());
    let handle = app.create(game).await?;
    let id = handle.id.clone();
    let created = Created {
        url: match seat {
            Some(_) => format!("/games/{id}#token={}", tokens[0]),
            None => format!("/games/{id}"),
        },
        seat: seat_name,
        token: seat.map(|_| tokens[0].clone()),
        invitation: invitation.map(|invitation| Invitation {
            url: format!("/games/{id}#token={}", invitation.token),
            ..invitation
        }),
        id,
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// Takes the free seat of a game against a human. A private game's seat
/// is taken only with its invitation's token as `Authorization: Bearer`
/// (kept as the seat's token); an open game's by anyone (with the
/// invitation's token, that token is kept; otherwise a new one is given).
#[utoipa::path(post, path = "/api/games/{id}/join", params(("id" = String, Path)),
    security((), ("bearer" = [])),
    responses((status = 200, body = Joined), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn join(
    State(app): Shared,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Json<Joined>, ApiError> {
    let Path(id) = path?;
    let handle = app.handle(&id).await?;
    let invitation = bearer(&headers).ok();
    let (token, hash) =
        {
            let slot = handle.slot.lock().await;
            let free = slot.game.free_seat().ok_or_else(|| {
                ApiError::conflict("this game has no free seat: both players are here")
            })?;
            let stored = slot.game.config().seats[usize::from(free)]
                .token_hash
                .clone();
            let invited = invitation.as_deref().is_some_and(|token| {
                stored.as_deref().is_some_and(|stored| {
                    bool::from(stored.as_bytes().ct_eq(token_hash(token).as_bytes()))
                })
            });
            match invitation {
                Some(token) if invited => {
                    let hash = token_hash(&token);
                    (token, hash)
                }
                _ if slot.game.config().public => {
                    let token = random_hex(32)?;
                    let hash = token_hash(&token);
                    (token, hash)
                }
                _ => return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "forbidden",
                    "this game is a private invitation: only its invitation link takes the seat",
                )),
            }
        };
    let (_, event) = app
        .change(&handle, Actor::Anyone, Command::Join(hash), None)
        .await?;
    let seat = handle
        .slot
        .lock()
        .await
        .game
        .seat_name(event.seat)
        .to_owned();
    Ok(Json(Joined {
        url: format!("/games/{id}#token={token}"),
        id,
        seat,
        token,
    }))
}

/// `GET /api/games/{id}/seat`'s answer.
#[derive(Serialize, ToSchema)]
pub struct SeatOfToken {
    /// The seat whose token this is.
    pub seat: String,
    /// Whether it is taken (false: an invitation not yet used, see
    /// `POST /api/games/{id}/join`).
    pub taken: bool,
}

/// The seat of a token (`Authorization: Bearer`): what a page holding a
/// token asks before it shows itself seated. 403 when the token is no
/// seat's of this game (a stale link, or an invitation another person
/// used on an open game).
#[utoipa::path(get, path = "/api/games/{id}/seat", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = SeatOfToken), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn seat(
    State(app): Shared,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Json<SeatOfToken>, ApiError> {
    let Path(id) = path?;
    let handle = app.handle(&id).await?;
    let token = bearer(&headers)?;
    app.seat_of(&handle, &token).await.map(Json)
}

/// Lists games: `open=true`, the games waiting for a second player;
/// otherwise the most recent games.
#[utoipa::path(get, path = "/api/games", params(ListQuery),
    responses((status = 200, body = GameList), (status = 400, body = ErrorBody)))]
pub async fn list(
    State(app): Shared,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<GameList>, ApiError> {
    let Query(query) = query?;
    let ids = if query.open == Some(true) {
        app.db.open_games(100).await
    } else {
        app.db.recent_games(100).await
    }
    .map_err(ApiError::unavailable)?;
    let mut games = Vec::with_capacity(ids.len());
    for id in ids {
        let Ok(handle) = app.handle(&id).await else {
            continue;
        };
        let slot = handle.slot.lock().await;
        if query.open == Some(true) && !slot.game.listed() {
            continue;
        }
        let state = slot.game.state(&id, slot.version, crate::app::now_ms());
        games.push(GameSummary {
            id,
            game: state.game,
            title: state.title,
            players: state.players,
            seats: state.seats,
            to_move: state.to_move,
            result: state.result,
            created_at: handle.created_at,
        });
    }
    Ok(Json(GameList { games }))
}

/// A game's state.
#[utoipa::path(get, path = "/api/games/{id}", params(("id" = String, Path)),
    responses((status = 200, body = GameState), (status = 404, body = ErrorBody)))]
pub async fn state(
    State(app): Shared,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let handle = app.handle(&id).await?;
    let text = app.state_text(&handle).await?;
    Ok(json_response(StatusCode::OK, text.to_string()))
}

async fn act(
    app: &Arc<App>,
    id: &str,
    headers: &HeaderMap,
    command: Command,
) -> Result<Response, ApiError> {
    let handle = app.handle(id).await?;
    let token = bearer(headers)?;
    let (text, _) = app
        .change(&handle, Actor::Token(&token), command, None)
        .await?;
    Ok(json_response(StatusCode::OK, text.to_string()))
}

/// Plays a move, or one hop of a multi-jump (kept as `pending_route`
/// until the capture ends).
#[utoipa::path(post, path = "/api/games/{id}/moves", params(("id" = String, Path)),
    request_body = MoveBody, security(("bearer" = [])),
    responses((status = 200, body = GameState), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 422, body = ErrorBody)))]
pub async fn play(
    State(app): Shared,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Json<MoveBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let Json(body) = body?;
    act(&app, &id, &headers, Command::Move(body.text)).await
}

/// Offers a draw, or answers the opponent's offer.
#[utoipa::path(post, path = "/api/games/{id}/draw", params(("id" = String, Path)),
    request_body = DrawBody, security(("bearer" = [])),
    responses((status = 200, body = GameState), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn draw(
    State(app): Shared,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Json<DrawBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let Json(body) = body?;
    let answer = match body.action {
        DrawAction::Offer => Answer::Ask,
        DrawAction::Accept => Answer::Accept,
        DrawAction::Decline => Answer::Decline,
    };
    act(&app, &id, &headers, Command::Draw(answer)).await
}

/// Resigns (the body, if any, is ignored).
#[utoipa::path(post, path = "/api/games/{id}/resign", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = GameState), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody)))]
pub async fn resign(
    State(app): Shared,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    act(&app, &id, &headers, Command::Resign).await
}

/// Asks to take back your last move (against the computer: at once, your
/// move and its reply), or answers the opponent's request.
#[utoipa::path(post, path = "/api/games/{id}/undo", params(("id" = String, Path)),
    request_body = UndoBody, security(("bearer" = [])),
    responses((status = 200, body = GameState), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn undo(
    State(app): Shared,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Json<UndoBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let Json(body) = body?;
    let answer = match body.action {
        UndoAction::Request => Answer::Ask,
        UndoAction::Accept => Answer::Accept,
        UndoAction::Decline => Answer::Decline,
    };
    act(&app, &id, &headers, Command::Undo(answer)).await
}

/// What a claim asks for.
#[derive(Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum ClaimResult {
    /// The win.
    Win,
    /// A draw.
    Draw,
}

/// `POST /api/games/{id}/claim`'s body.
#[derive(Deserialize, ToSchema)]
pub struct ClaimBody {
    /// The win or a draw.
    pub result: ClaimResult,
}

/// Claims the win or a draw when the opponent left: its page (WebSocket)
/// closed at least `--claim-grace-secs` (30 s) ago. An opponent who had
/// made no move: the game is aborted (nobody loses). The result's
/// termination is `abandoned`.
#[utoipa::path(post, path = "/api/games/{id}/claim", params(("id" = String, Path)),
    request_body = ClaimBody, security(("bearer" = [])),
    responses((status = 200, body = GameState), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn claim(
    State(app): Shared,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Json<ClaimBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let Json(body) = body?;
    let handle = app.handle(&id).await?;
    let token = bearer(&headers)?;
    let text = app
        .claim(&handle, &token, matches!(body.result, ClaimResult::Draw))
        .await?;
    Ok(json_response(StatusCode::OK, text.to_string()))
}

/// The game's record: PDN for checkers and draughts.
#[utoipa::path(get, path = "/api/games/{id}/record", params(("id" = String, Path)),
    responses((status = 200, body = String, content_type = "text/plain"), (status = 404, body = ErrorBody)))]
pub async fn record(
    State(app): Shared,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let handle = app.handle(&id).await?;
    let names = crate::people::seat_names(&app, &id).await?;
    let (text, extension, name) = {
        let slot = handle.slot.lock().await;
        let extension = match slot.game.spec() {
            GameSpec::Checkers | GameSpec::Draughts(_) => "pdn",
            _ => "txt",
        };
        (
            slot.game.record(&id, &names),
            extension,
            slot.game.record_name(&id),
        )
    };
    Ok((
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}.{extension}\""),
            ),
        ],
        text,
    )
        .into_response())
}

/// The game's WebSocket: `{"type":"state","state":...}` on connect, then
/// every change.
#[utoipa::path(get, path = "/api/games/{id}/events", params(("id" = String, Path)),
    responses((status = 101, description = "WebSocket"), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn events(
    State(app): Shared,
    path: Result<Path<String>, PathRejection>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let handle = app.handle(&id).await?;
    let app = app.clone();
    let upgrade = upgrade.map_err(|rejection| {
        ApiError::bad_request(format!(
            "this is the game's WebSocket: {}",
            rejection.body_text()
        ))
    })?;
    // Small buffers: thousands of sockets must not cost 128 KiB each.
    Ok(upgrade
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_message_size(MAX_BODY)
        .max_frame_size(MAX_BODY)
        .on_upgrade(move |socket| async move {
            serve_socket(&handle, socket).await;
            // Idle from now on (the game may be evicted after a while).
            handle.touch(&app);
        }))
}

async fn serve_socket(handle: &crate::app::Handle, socket: WebSocket) {
    // Set when the client says its seat's token: counted as present.
    let mut here = None;
    let mut pushes = handle.tx.subscribe();
    let (state, mut sent) = {
        let mut slot = handle.slot.lock().await;
        (slot.state_text(&handle.id), slot.version)
    };
    let (mut sink, mut stream) = socket.split();
    let hello = format!(r#"{{"type":"state","state":{state}}}"#);
    if sink.send(Message::Text(hello.into())).await.is_err() {
        return;
    }
    let mut bucket = Bucket::new(40.0);
    loop {
        tokio::select! {
            push = pushes.recv() => match push {
                Ok(push) => {
                    if push.version != 0 && push.version <= sent {
                        continue;
                    }
                    sent = sent.max(push.version);
                    if sink.send(Message::Text(push.text.to_string().into())).await.is_err() {
                        return;
                    }
                }
                Err(RecvError::Lagged(_)) => {
                    let (state, version) = {
                        let mut slot = handle.slot.lock().await;
                        (slot.state_text(&handle.id), slot.version)
                    };
                    sent = version;
                    let text = format!(r#"{{"type":"state","state":{state}}}"#);
                    if sink.send(Message::Text(text.into())).await.is_err() {
                        return;
                    }
                }
                Err(RecvError::Closed) => return,
            },
            message = stream.next() => match message {
                Some(Ok(Message::Text(text))) => {
                    if !bucket.take(20.0, 40.0) {
                        let _ = sink.send(Message::Close(Some(axum::extract::ws::CloseFrame {
                            code: 1008,
                            reason: "too many messages".into(),
                        }))).await;
                        return;
                    }
                    let message = serde_json::from_str::<serde_json::Value>(&text).unwrap_or_default();
                    if message["type"] == "ping" && sink.send(Message::Text(r#"{"type":"pong"}"#.into())).await.is_err() {
                        return;
                    }
                    if message["type"] == "hello" && here.is_none() {
                        // {"type":"hello","token":...}: this client plays that seat.
                        let token = message["token"].as_str().unwrap_or_default();
                        let seat = {
                            let slot = handle.slot.lock().await;
                            crate::app::seat_of_token(&*slot.game, token)
                                .map(|seat| (seat, slot.game.seat_name(seat)))
                        };
                        let reply = serde_json::json!({"type": "hello", "seat": seat.map(|(_, name)| name)});
                        if let Some((seat, _)) = seat {
                            here = Some(handle.arrive(seat));
                        }
                        if sink.send(Message::Text(reply.to_string().into())).await.is_err() {
                            return;
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {
                    if !bucket.take(20.0, 40.0) {
                        return;
                    }
                }
            },
        }
    }
}

struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// The OpenAPI document.
#[derive(OpenApi)]
#[openapi(
    info(title = "rulebook-server", description = "Board games of the rulebook crate over HTTP and WebSocket"),
    paths(catalog, create, join, seat, list, state, play, draw, resign, undo, claim, record, events, stats,
        crate::rematch::rematch, crate::chat::list, crate::chat::post,
        crate::endgame::endgame),
    components(schemas(ClaimBody, ClaimResult, CreateGame, crate::clock::TimeControlBody, Created, Invitation, Joined, SeatOfToken, MoveBody, DrawBody, DrawAction,
        UndoBody, UndoAction, GameSummary, GameList, Catalog, CatalogGame, BoardShape,
        GameState, SeatView, SeatKind, MoveView, HistoryEntry, Offers, ResultView,
        BoardJson, CellJson, PieceJson, ErrorBody, crate::app::MemoryStats,
        crate::rematch::RematchBody, crate::rematch::RematchAction, crate::session::RematchView,
        crate::chat::ChatBody, crate::chat::ChatMessage, crate::chat::ChatLog,
        crate::endgame::EndgameView)),
    modifiers(&BearerScheme)
)]
pub struct ApiDoc;

async fn openapi() -> Response {
    json_response(
        StatusCode::OK,
        ApiDoc::openapi()
            .merge_from(crate::people::PeopleDoc::openapi())
            .to_json()
            .unwrap_or_else(|_| "{}".to_owned()),
    )
}

async fn index(State(app): Shared) -> Response {
    app.options.web.file("index.html").await
}

async fn game_page(State(app): Shared) -> Response {
    app.options.web.file("index.html").await
}

async fn favicon(State(app): Shared) -> Response {
    app.options.web.file("favicon.svg").await
}

async fn asset(State(app): Shared, path: Result<Path<String>, PathRejection>) -> Response {
    match path {
        Ok(Path(path)) => app.options.web.file(&path).await,
        Err(rejection) => ApiError::from(rejection).into_response(),
    }
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such resource")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this resource does not take this method",
    )
}

async fn rate_limit(
    State(app): Shared,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    if !app.limiter.allow(client.ip()) {
        return ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many requests: slow down",
        )
        .into_response();
    }
    next.run(request).await
}

/// How many games are in memory, and how many were evicted (finished
/// games unused for `--idle-evict-secs`, unfinished ones for
/// `--idle-evict-live-secs`; they are loaded again when asked for).
#[utoipa::path(get, path = "/api/stats",
    responses((status = 200, body = crate::app::MemoryStats)))]
pub async fn stats(State(app): Shared) -> Json<crate::app::MemoryStats> {
    Json(app.memory_stats())
}

/// The router.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/api/catalog", get(catalog))
        .route("/api/games/meta", get(catalog))
        .route("/api/games", post(create).get(list))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/seat", get(seat))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/rematch", post(crate::rematch::rematch))
        .route(
            "/api/games/{id}/chat",
            get(crate::chat::list).post(crate::chat::post),
        )
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/endgame", get(crate::endgame::endgame))
        .route("/api/stats", get(stats))
        .route("/api/openapi.json", get(openapi))
        .route("/", get(index))
        .route("/games/{id}", get(game_page))
        .route("/favicon.ico", get(favicon))
        .route("/assets/{*path}", get(asset))
        .merge(crate::people::router(app.clone()))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            rate_limit,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}
