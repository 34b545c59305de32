//! The people around the games: accounts and sessions (`accounts.rs`),
//! seeks and random pairing (`lobby.rs`), who sat on each seat (an
//! account or a guest's name), ratings settled when a rated game ends
//! (`rating.rs`, `settle.rs`), and the player pages. This module owns their tables,
//! their shared state and their routes.

use std::sync::Arc;

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use sqlx::{AnyPool, Row};
use utoipa::{OpenApi, ToSchema};

use crate::accounts::{self, Account, LoginLimits};
use crate::app::App;
use crate::error::{ApiError, ErrorBody};
use crate::lobby::{self, Lobby};
use crate::rating::{self, Rating};

/// The tables of accounts, sessions, ratings and the games' players: one
/// migration step of `db::MIGRATIONS`.
pub const MIGRATION: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS accounts (
        name_key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        password TEXT NOT NULL,
        created_at BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS account_sessions (
        token_hash TEXT PRIMARY KEY,
        name_key TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS ratings (
        name_key TEXT NOT NULL,
        kind TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        PRIMARY KEY (name_key, kind)
    )",
    "CREATE TABLE IF NOT EXISTS rating_history (
        name_key TEXT NOT NULL,
        game_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        at BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (name_key, game_id)
    )",
    // A game whose players have names: its rating kind, whether it is
    // rated, and (once over) its result, settled once.
    "CREATE TABLE IF NOT EXISTS named_games (
        game_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        rated BIGINT NOT NULL,
        settled BIGINT NOT NULL,
        result TEXT NOT NULL,
        created_at BIGINT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS named_games_settled ON named_games (settled)",
    // Who sat on a seat: the name shown, and the account's key ('' for a guest).
    "CREATE TABLE IF NOT EXISTS game_players (
        game_id TEXT NOT NULL,
        seat BIGINT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )",
    "CREATE INDEX IF NOT EXISTS game_players_account ON game_players (name_key)",
];

/// When each rating last moved (`ratings.played_at`, Unix ms; 0: unknown),
/// from which its deviation grows without games
/// ([`Rating::after_inactivity`]): one migration step of `db::MIGRATIONS`.
/// The ratings of before take the time of their last game in the history.
pub const PLAYED_AT_MIGRATION: &[&str] = &[
    "ALTER TABLE ratings ADD COLUMN played_at BIGINT NOT NULL DEFAULT 0",
    "UPDATE ratings SET played_at = COALESCE((SELECT MAX(h.at) FROM rating_history h \
     WHERE h.name_key = ratings.name_key AND h.kind = ratings.kind), 0)",
];

/// Guests' names: 1 to 20 characters, letters, digits, spaces, `_`, `-`.
pub const GUEST_NAME_LENGTH: usize = 20;

/// The state of accounts, seeks and players (one per process).
pub struct People {
    /// The games.
    pub app: Arc<App>,
    /// Login attempts.
    pub login_limits: LoginLimits,
    /// The seeks.
    pub lobby: Lobby,
}

impl People {
    /// The database's pool.
    pub fn pool(&self) -> &AnyPool {
        self.app.db.pool()
    }
}

/// Who plays: an account, or a guest with a name.
#[derive(Clone, Debug)]
pub struct Player {
    /// The name shown.
    pub name: String,
    /// The account, none for a guest.
    pub account: Option<Account>,
}

impl Player {
    /// The request's account if it has a session, otherwise a guest named
    /// `guest_name` (default `Guest`).
    ///
    /// # Errors
    ///
    /// 400 for a guest name that is not 1 to 20 letters, digits, spaces,
    /// `_` or `-`; 503 when the database fails.
    pub async fn of_request(
        people: &People,
        headers: &HeaderMap,
        guest_name: Option<&str>,
    ) -> Result<Player, ApiError> {
        if let Some(account) = accounts::account_of(people, headers).await? {
            return Ok(Player {
                name: account.name.clone(),
                account: Some(account),
            });
        }
        let name = guest_name.map(str::trim).unwrap_or_default();
        let name = if name.is_empty() { "Guest" } else { name };
        let valid = name.chars().count() <= GUEST_NAME_LENGTH
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || c == ' ' || c == '_' || c == '-');
        if !valid {
            return Err(ApiError::bad_request(format!(
                "a guest's name is 1 to {GUEST_NAME_LENGTH} letters, digits, spaces, `_` or `-`"
            )));
        }
        Ok(Player {
            name: name.to_owned(),
            account: None,
        })
    }

    fn key(&self) -> String {
        self.account
            .as_ref()
            .map(|account| account.key.clone())
            .unwrap_or_default()
    }
}

fn db_error(error: sqlx::Error) -> ApiError {
    ApiError::unavailable(format!("the database failed: {error}"))
}

/// Records a game's kind and whether it is rated (once: a second call
/// changes nothing).
///
/// # Errors
///
/// 503 when the database fails.
pub async fn name_game(
    people: &People,
    id: &str,
    kind: &str,
    rated: bool,
    created_at: i64,
) -> Result<(), ApiError> {
    sqlx::query(
        "INSERT INTO named_games (game_id, kind, rated, settled, result, created_at) \
         VALUES ($1, $2, $3, 0, '', $4) ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(id.to_owned())
    .bind(kind.to_owned())
    .bind(i64::from(rated))
    .bind(created_at)
    .execute(people.pool())
    .await
    .map_err(db_error)?;
    Ok(())
}

/// Records who sits on `seat` (once: false when the seat had a name).
///
/// # Errors
///
/// 503 when the database fails.
pub async fn name_seat(
    people: &People,
    id: &str,
    seat: u8,
    player: &Player,
) -> Result<bool, ApiError> {
    let done = sqlx::query(
        "INSERT INTO game_players (game_id, seat, name, name_key) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id, seat) DO NOTHING",
    )
    .bind(id.to_owned())
    .bind(i64::from(seat))
    .bind(player.name.clone())
    .bind(player.key())
    .execute(people.pool())
    .await
    .map_err(db_error)?;
    Ok(done.rows_affected() == 1)
}

/// The names of the seats' players (accounts or guests), by seat.
///
/// # Errors
///
/// 503 when the database fails.
pub async fn seat_names(app: &App, id: &str) -> Result<[Option<String>; 2], ApiError> {
    let rows = sqlx::query("SELECT seat, name FROM game_players WHERE game_id = $1")
        .bind(id.to_owned())
        .fetch_all(app.db.pool())
        .await
        .map_err(db_error)?;
    let mut names = [None, None];
    for row in rows {
        let seat: i64 = row.try_get("seat").map_err(db_error)?;
        names[usize::from(seat != 0)] = Some(row.try_get("name").map_err(db_error)?);
    }
    Ok(names)
}

/// A rating as the API shows it.
#[derive(Serialize, ToSchema, Clone, Copy)]
pub struct RatingView {
    /// The rating (Glicko scale).
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Whether it is still provisional (deviation over 110).
    pub provisional: bool,
}

impl From<Rating> for RatingView {
    fn from(rating: Rating) -> RatingView {
        RatingView {
            rating: rating.rating,
            deviation: rating.deviation,
            provisional: rating.deviation > rating::PROVISIONAL_DEVIATION,
        }
    }
}

/// The rating of `key` in `kind` (the default for one never rated).
///
/// # Errors
///
/// 503 when the database fails.
pub async fn rating_of(people: &People, key: &str, kind: &str) -> Result<Rating, ApiError> {
    let mut conn = people.pool().acquire().await.map_err(db_error)?;
    read_rating(&mut conn, key, kind).await.map_err(db_error)
}

/// The rating of `key` in `kind` on `conn` as of now: the stored one, its
/// deviation grown for the time since its last game (the default for one
/// never rated).
///
/// # Errors
///
/// The database's.
pub async fn read_rating(
    conn: &mut sqlx::AnyConnection,
    key: &str,
    kind: &str,
) -> Result<Rating, sqlx::Error> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, played_at FROM ratings WHERE name_key = $1 AND kind = $2",
    )
    .bind(key.to_owned())
    .bind(kind.to_owned())
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        Some(row) => rating_now(&row),
        None => Ok(Rating::default()),
    }
}

/// A `ratings` row's rating as of now (see [`Rating::after_inactivity`]).
fn rating_now(row: &sqlx::any::AnyRow) -> Result<Rating, sqlx::Error> {
    let stored = Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
    };
    let played_at: i64 = row.try_get("played_at")?;
    Ok(if played_at > 0 {
        stored.after_inactivity(crate::app::now_ms() - played_at)
    } else {
        stored
    })
}

/// A seat's player as the API shows it.
#[derive(Serialize, ToSchema)]
pub struct SeatPlayer {
    /// The name shown.
    pub name: String,
    /// Whether it is an account (its page is `/players/{name}`); false: a guest.
    pub account: bool,
    /// The account's rating in the game's kind, for a rated game.
    pub rating: Option<RatingView>,
}

/// `GET /api/games/{id}/players`'s answer.
#[derive(Serialize, ToSchema)]
pub struct GamePlayers {
    /// Whether the game is rated.
    pub rated: bool,
    /// Its rating kind (`checkers:blitz`), when its players have names.
    pub kind: Option<String>,
    /// The seats' players by seat name (a seat without a name is absent).
    pub players: std::collections::BTreeMap<String, SeatPlayer>,
}

/// `POST /api/games/{id}/players`'s body.
#[derive(Deserialize, ToSchema)]
pub struct NameBody {
    /// A guest's name (ignored with an account's session cookie, whose
    /// name is used): 1 to 20 letters, digits, spaces, `_` or `-`.
    pub name: Option<String>,
}

/// Who plays the game: each seat's account or guest name, and whether it
/// is rated.
#[utoipa::path(get, path = "/api/games/{id}/players", params(("id" = String, Path)),
    responses((status = 200, body = GamePlayers), (status = 404, body = ErrorBody)))]
pub async fn game_players(
    State(people): State<Arc<People>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<GamePlayers>, ApiError> {
    let Path(id) = path?;
    let handle = people.app.handle(&id).await?;
    let names = {
        let slot = handle.slot.lock().await;
        [slot.game.seat_name(0), slot.game.seat_name(1)]
    };
    let game = sqlx::query("SELECT kind, rated FROM named_games WHERE game_id = $1")
        .bind(id.clone())
        .fetch_optional(people.pool())
        .await
        .map_err(db_error)?;
    let (kind, rated) = match game {
        Some(row) => (
            Some(row.try_get::<String, _>("kind").map_err(db_error)?),
            row.try_get::<i64, _>("rated").map_err(db_error)? != 0,
        ),
        None => (None, false),
    };
    let rows = sqlx::query("SELECT seat, name, name_key FROM game_players WHERE game_id = $1")
        .bind(id.clone())
        .fetch_all(people.pool())
        .await
        .map_err(db_error)?;
    let mut players = std::collections::BTreeMap::new();
    for row in rows {
        let seat: i64 = row.try_get("seat").map_err(db_error)?;
        let name: String = row.try_get("name").map_err(db_error)?;
        let key: String = row.try_get("name_key").map_err(db_error)?;
        let rating = match (&kind, key.is_empty()) {
            (Some(kind), false) if rated => Some(rating_of(&people, &key, kind).await?.into()),
            _ => None,
        };
        players.insert(
            names[usize::from(seat != 0)].to_owned(),
            SeatPlayer {
                name,
                account: !key.is_empty(),
                rating,
            },
        );
    }
    Ok(Json(GamePlayers {
        rated,
        kind,
        players,
    }))
}

/// Names the seat of the `Authorization: Bearer` token: the account of the
/// session cookie, or a guest's name. A seat is named once (the seek's
/// games are named when they start); 409 when it already has another name.
#[utoipa::path(post, path = "/api/games/{id}/players", params(("id" = String, Path)),
    request_body = NameBody, security(("bearer" = [])),
    responses((status = 200, body = GamePlayers), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn name_my_seat(
    State(people): State<Arc<People>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Json<NameBody>, JsonRejection>,
) -> Result<Json<GamePlayers>, ApiError> {
    let Path(id) = path?;
    let Json(body) = body?;
    let handle = people.app.handle(&id).await?;
    let token = crate::routes::bearer(&headers)?;
    let seat = people.app.seat_of(&handle, &token).await?;
    let player = Player::of_request(&people, &headers, body.name.as_deref()).await?;
    let (index, kind) = {
        let slot = handle.slot.lock().await;
        let index = u8::from(slot.game.seat_name(0) != seat.seat);
        let control = slot
            .game
            .config()
            .time_control
            .map(|control| control.body());
        let kind = rating::kind(&slot.game.spec().to_string(), control.as_ref());
        (index, kind)
    };
    name_game(&people, &id, &kind, false, handle.created_at).await?;
    if !name_seat(&people, &id, index, &player).await? {
        let current =
            sqlx::query("SELECT name, name_key FROM game_players WHERE game_id = $1 AND seat = $2")
                .bind(id.clone())
                .bind(i64::from(index))
                .fetch_one(people.pool())
                .await
                .map_err(db_error)?;
        let name: String = current.try_get("name").map_err(db_error)?;
        let key: String = current.try_get("name_key").map_err(db_error)?;
        if name != player.name || key != player.key() {
            return Err(ApiError::conflict(format!("this seat is already {name}'s")));
        }
    }
    game_players(State(people), Ok(Path(id))).await
}

/// A player's rating in one kind.
#[derive(Serialize, ToSchema)]
pub struct KindRating {
    /// The kind: the game and the speed (`checkers:blitz`).
    pub kind: String,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Whether it is still provisional.
    pub provisional: bool,
    /// Rated games played in this kind.
    pub games: i64,
}

/// A point of a player's rating history.
#[derive(Serialize, ToSchema)]
pub struct HistoryPoint {
    /// The kind.
    pub kind: String,
    /// The game that moved it.
    pub game_id: String,
    /// When (Unix ms).
    pub at: i64,
    /// The rating after the game.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
}

/// A game in a player's list.
#[derive(Serialize, ToSchema)]
pub struct PlayerGame {
    /// The game's id.
    pub id: String,
    /// Its page.
    pub url: String,
    /// Its kind.
    pub kind: String,
    /// Whether it was rated.
    pub rated: bool,
    /// The player's seat (0: the first mover).
    pub seat: i64,
    /// The opponent's name ('' when none has a name).
    pub opponent: String,
    /// Whether the opponent is an account.
    pub opponent_account: bool,
    /// The PDN result (`1-0`, `0-1`, `1/2-1/2`, `*`); empty while it goes on.
    pub result: String,
    /// Unix seconds.
    pub created_at: i64,
}

/// `GET /api/players/{name}`'s answer.
#[derive(Serialize, ToSchema)]
pub struct PlayerPage {
    /// The account's name.
    pub name: String,
    /// When it registered (Unix seconds).
    pub created_at: i64,
    /// Its ratings, one per kind it played rated.
    pub ratings: Vec<KindRating>,
    /// Its rating after each rated game, oldest first.
    pub history: Vec<HistoryPoint>,
    /// Its games, newest first (the last 100).
    pub games: Vec<PlayerGame>,
}

/// A player: ratings per kind, the rating history and the games.
#[utoipa::path(get, path = "/api/players/{name}", params(("name" = String, Path)),
    responses((status = 200, body = PlayerPage), (status = 404, body = ErrorBody)))]
pub async fn player(
    State(people): State<Arc<People>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<PlayerPage>, ApiError> {
    let Path(name) = path?;
    let key = name.to_lowercase();
    let unknown = || {
        let shown: String = name.chars().take(32).collect();
        ApiError::not_found(format!("there is no player `{shown}`"))
    };
    if accounts::check_name(&name).is_err() {
        return Err(unknown());
    }
    let pool = people.pool();
    let account = sqlx::query("SELECT name, created_at FROM accounts WHERE name_key = $1")
        .bind(key.clone())
        .fetch_optional(pool)
        .await
        .map_err(db_error)?
        .ok_or_else(unknown)?;
    let ratings = sqlx::query(
        "SELECT kind, rating, deviation, volatility, played_at, games FROM ratings WHERE name_key = $1 ORDER BY games DESC, kind",
    )
    .bind(key.clone())
    .fetch_all(pool)
    .await
    .map_err(db_error)?
    .iter()
    .map(|row| {
        let now = rating_now(row)?;
        Ok(KindRating {
            kind: row.try_get("kind")?,
            rating: now.rating,
            deviation: now.deviation,
            volatility: now.volatility,
            provisional: now.deviation > rating::PROVISIONAL_DEVIATION,
            games: row.try_get("games")?,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()
    .map_err(db_error)?;
    let history = sqlx::query(
        "SELECT kind, game_id, at, rating, deviation FROM rating_history WHERE name_key = $1 ORDER BY at, game_id",
    )
    .bind(key.clone())
    .fetch_all(pool)
    .await
    .map_err(db_error)?
    .iter()
    .map(|row| {
        Ok(HistoryPoint {
            kind: row.try_get("kind")?,
            game_id: row.try_get("game_id")?,
            at: row.try_get("at")?,
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()
    .map_err(db_error)?;
    let games = sqlx::query(
        "SELECT p.game_id, p.seat, n.kind, n.rated, n.result, n.created_at, \
         COALESCE(o.name, '') AS opponent, COALESCE(o.name_key, '') AS opponent_key \
         FROM game_players p JOIN named_games n ON n.game_id = p.game_id \
         LEFT JOIN game_players o ON o.game_id = p.game_id AND o.seat <> p.seat \
         WHERE p.name_key = $1 ORDER BY n.created_at DESC, p.game_id LIMIT 100",
    )
    .bind(key)
    .fetch_all(pool)
    .await
    .map_err(db_error)?
    .iter()
    .map(|row| {
        let id: String = row.try_get("game_id")?;
        Ok(PlayerGame {
            url: format!("/games/{id}"),
            id,
            kind: row.try_get("kind")?,
            rated: row.try_get::<i64, _>("rated")? != 0,
            seat: row.try_get("seat")?,
            opponent: row.try_get("opponent")?,
            opponent_account: !row.try_get::<String, _>("opponent_key")?.is_empty(),
            result: row.try_get("result")?,
            created_at: row.try_get("created_at")?,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()
    .map_err(db_error)?;
    Ok(Json(PlayerPage {
        name: account.try_get("name").map_err(db_error)?,
        created_at: account.try_get("created_at").map_err(db_error)?,
        ratings,
        history,
        games,
    }))
}

async fn player_page(State(people): State<Arc<People>>) -> Response {
    people.app.options.web.file("index.html").await
}

/// The OpenAPI paths and schemas of accounts, seeks and players (merged
/// into the server's document).
#[derive(OpenApi)]
#[openapi(
    paths(
        accounts::register,
        accounts::login,
        accounts::whoami,
        accounts::logout,
        lobby::post_seek,
        lobby::list_seeks,
        lobby::seek_status,
        lobby::cancel_seek,
        lobby::accept_seek,
        lobby::pairing,
        crate::lobby_socket::events,
        game_players,
        name_my_seat,
        player
    ),
    components(schemas(
        accounts::Credentials,
        accounts::SessionView,
        lobby::SeekBody,
        lobby::SeekView,
        lobby::SeekList,
        lobby::SeekPosted,
        lobby::SeekStatus,
        lobby::AcceptBody,
        lobby::PairingBody,
        lobby::PairingAnswer,
        crate::routes::Joined,
        GamePlayers,
        SeatPlayer,
        RatingView,
        NameBody,
        PlayerPage,
        KindRating,
        HistoryPoint,
        PlayerGame,
        ErrorBody
    ))
)]
pub struct PeopleDoc;

/// The routes of accounts, seeks and players, over their own state.
pub fn router(app: Arc<App>) -> Router<Arc<App>> {
    let lobby = Lobby::new(app.db.pool().clone(), app.db.postgres);
    let people = Arc::new(People {
        app,
        login_limits: LoginLimits::default(),
        lobby,
    });
    Router::new()
        .route("/api/accounts", post(accounts::register))
        .route(
            "/api/session",
            post(accounts::login)
                .get(accounts::whoami)
                .delete(accounts::logout),
        )
        .route("/api/seeks", post(lobby::post_seek).get(lobby::list_seeks))
        .route(
            "/api/seeks/{id}",
            get(lobby::seek_status).delete(lobby::cancel_seek),
        )
        .route("/api/seeks/{id}/accept", post(lobby::accept_seek))
        .route("/api/pairing", post(lobby::pairing))
        .route("/api/lobby/events", get(crate::lobby_socket::events))
        .route(
            "/api/games/{id}/players",
            get(game_players).post(name_my_seat),
        )
        .route("/api/players/{name}", get(player))
        .route("/players/{name}", get(player_page))
        .with_state(people)
}

/// 201 with a JSON body.
pub fn created<T: Serialize>(body: T) -> Response {
    use axum::response::IntoResponse;
    (StatusCode::CREATED, Json(body)).into_response()
}
