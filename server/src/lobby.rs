//! Seeks and random pairing: a player posts a seek (game, time control,
//! rated or casual, an optional rating range); anyone accepts it, which
//! starts the game with both seats taken. "Play a random opponent" pairs
//! two players who asked for the same game and time control (rated: by
//! rating range), or waits as a seek that is not listed.
//!
//! Seeks live in this process's memory: a seek whose owner stops asking
//! for it (`GET /api/seeks/{id}`, the page does every two seconds) expires
//! after [`SEEK_TIMEOUT_MS`]. A private invitation is never a seek.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use rulebook::catalog::GameSpec;
use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;
use utoipa::ToSchema;

use crate::app::{now_ms, random_hex, token_hash, Actor};
use crate::clock::TimeControlBody;
use crate::error::{ApiError, ErrorBody};
use crate::people::{created, name_game, name_seat, rating_of, People, Player};
use crate::rating;
use crate::routes::Joined;
use crate::session::{Command, Create, SeatKind};

/// A seek whose owner has not asked for it for this long is dropped.
pub const SEEK_TIMEOUT_MS: i64 = 20_000;
/// An accepted seek's game waits this long for its owner to ask for it.
pub const MATCHED_TIMEOUT_MS: i64 = 120_000;
/// The most seeks at once (memory is bounded).
pub const MAX_SEEKS: usize = 2_000;
/// The most open seeks (and pairing requests) from one client address.
pub const MAX_SEEKS_PER_ADDRESS: usize = 10;
/// Random pairing of rated players without a range: within this many
/// rating points of each other.
pub const PAIRING_RANGE: f64 = 300.0;

/// One seek.
#[derive(Clone, Debug)]
struct Seek {
    owner_hash: String,
    spec: GameSpec,
    control: Option<TimeControlBody>,
    rated: bool,
    /// The ratings it accepts (rated seeks).
    range: Option<(f64, f64)>,
    player: Player,
    /// The owner's rating in the seek's kind (rated seeks).
    rating: Option<f64>,
    /// A random-pairing seek: not listed.
    random: bool,
    /// The client address that posted it.
    address: Option<IpAddr>,
    created_ms: i64,
    seen_ms: i64,
}

impl Seek {
    fn kind(&self) -> String {
        rating::kind(&self.spec.to_string(), self.control.as_ref())
    }

    fn view(&self, id: &str) -> SeekView {
        SeekView {
            id: id.to_owned(),
            game: self.spec.to_string(),
            title: self.spec.title(),
            time_control: self.control,
            speed: rating::speed(self.control.as_ref()).to_owned(),
            rated: self.rated,
            rating_min: self.range.map(|range| range.0),
            rating_max: self.range.map(|range| range.1),
            player: self.player.name.clone(),
            account: self.player.account.is_some(),
            rating: self.rating,
            created_at: self.created_ms / 1000,
        }
    }

    fn accepts(&self, rating: Option<f64>) -> bool {
        match (self.range, rating) {
            (Some((low, high)), Some(rating)) => (low..=high).contains(&rating),
            (Some(_), None) => false,
            (None, _) => true,
        }
    }
}

/// An accepted seek's game, waiting for its owner to ask.
#[derive(Clone, Debug)]
struct Matched {
    owner_hash: String,
    game: Joined,
    at: i64,
}

/// The seeks of this process.
#[derive(Default)]
pub struct Lobby {
    seeks: Mutex<HashMap<String, Seek>>,
    matched: Mutex<HashMap<String, Matched>>,
}

impl Lobby {
    /// Drops the seeks whose owners left, and the matches never fetched.
    fn sweep(&self, now: i64) {
        if let Ok(mut seeks) = self.seeks.lock() {
            seeks.retain(|_, seek| now - seek.seen_ms < SEEK_TIMEOUT_MS);
        }
        if let Ok(mut matched) = self.matched.lock() {
            matched.retain(|_, game| now - game.at < MATCHED_TIMEOUT_MS);
        }
    }

    fn insert(&self, id: String, seek: Seek) -> Result<(), ApiError> {
        let mut seeks = self
            .seeks
            .lock()
            .map_err(|_| ApiError::unavailable("the lobby is unavailable"))?;
        if seeks.len() >= MAX_SEEKS {
            return Err(ApiError::conflict("the lobby is full: try again later"));
        }
        let from_address = seeks
            .values()
            .filter(|other| seek.address.is_some() && other.address == seek.address)
            .count();
        if from_address >= MAX_SEEKS_PER_ADDRESS {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!(
                    "at most {MAX_SEEKS_PER_ADDRESS} open seeks from one address: cancel one first"
                ),
            ));
        }
        seeks.insert(id, seek);
        Ok(())
    }

    /// Takes seek `id` out of the lobby (to accept it).
    fn take(&self, id: &str) -> Option<Seek> {
        self.seeks.lock().ok()?.remove(id)
    }
}

/// `POST /api/seeks`'s body.
#[derive(Deserialize, ToSchema)]
pub struct SeekBody {
    /// The game, as `POST /api/games` takes it (`checkers`, `connectx:6x7x4`).
    #[schema(example = "checkers")]
    pub game: String,
    /// The clocks, as `POST /api/games` takes them; absent: no clocks
    /// (casual only).
    pub time_control: Option<TimeControlBody>,
    /// Rated (both players need accounts, and a clock) or casual (default).
    pub rated: Option<bool>,
    /// Rated seeks: the lowest rating of an opponent it accepts.
    pub rating_min: Option<u32>,
    /// Rated seeks: the highest.
    pub rating_max: Option<u32>,
    /// A guest's name (ignored with an account's session cookie).
    pub name: Option<String>,
}

/// A seek as listed.
#[derive(Serialize, ToSchema, Clone)]
pub struct SeekView {
    /// Its id.
    pub id: String,
    /// The game.
    pub game: String,
    /// Its title.
    pub title: String,
    /// The clocks.
    pub time_control: Option<TimeControlBody>,
    /// The time control's class: `bullet`, `blitz`, `rapid`, `classical`,
    /// `correspondence`, ...
    pub speed: String,
    /// Whether it is rated.
    pub rated: bool,
    /// The lowest rating it accepts.
    pub rating_min: Option<f64>,
    /// The highest.
    pub rating_max: Option<f64>,
    /// Who seeks.
    pub player: String,
    /// Whether that is an account.
    pub account: bool,
    /// Its rating in the seek's kind (rated seeks).
    pub rating: Option<f64>,
    /// Unix seconds.
    pub created_at: i64,
}

/// `GET /api/seeks`'s answer.
#[derive(Serialize, ToSchema)]
pub struct SeekList {
    /// The open seeks, oldest first (random-pairing requests are not listed).
    pub seeks: Vec<SeekView>,
}

/// `POST /api/seeks`'s answer.
#[derive(Serialize, ToSchema)]
pub struct SeekPosted {
    /// The seek's id.
    pub id: String,
    /// Its owner's token: to ask for it (`GET /api/seeks/{id}`) and to
    /// cancel it (`DELETE /api/seeks/{id}`), as `Authorization: Bearer`.
    pub token: String,
    /// The seek.
    pub seek: SeekView,
}

/// `GET /api/seeks/{id}`'s answer.
#[derive(Serialize, ToSchema)]
pub struct SeekStatus {
    /// `open` (waiting) or `accepted`.
    pub status: String,
    /// The seek, while open.
    pub seek: Option<SeekView>,
    /// Once accepted: the owner's seat of the new game.
    pub game: Option<Joined>,
}

/// `POST /api/seeks/{id}/accept`'s body.
#[derive(Deserialize, ToSchema)]
pub struct AcceptBody {
    /// A guest's name (ignored with an account's session cookie).
    pub name: Option<String>,
}

/// `POST /api/pairing`'s body.
#[derive(Deserialize, ToSchema)]
pub struct PairingBody {
    /// The game.
    #[schema(example = "checkers")]
    pub game: String,
    /// The clocks (the same for both).
    pub time_control: Option<TimeControlBody>,
    /// Rated (accounts only) or casual (default).
    pub rated: Option<bool>,
    /// A guest's name (ignored with an account's session cookie).
    pub name: Option<String>,
}

/// `POST /api/pairing`'s answer.
#[derive(Serialize, ToSchema)]
pub struct PairingAnswer {
    /// `paired` (the game started: `game`) or `waiting` (ask for `seek`
    /// with its token until it is accepted).
    pub status: String,
    /// The caller's seat, when paired.
    pub game: Option<Joined>,
    /// The caller's waiting request, when no one matched yet.
    pub seek: Option<SeekPosted>,
}

fn seek_token(headers: &HeaderMap) -> Result<String, ApiError> {
    crate::routes::bearer(headers).map_err(|_| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "this request needs `Authorization: Bearer <token>`, the token of your seek",
        )
    })
}

fn not_yours() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "forbidden",
        "this token is not this seek's",
    )
}

fn same_token(stored_hash: &str, token: &str) -> bool {
    bool::from(stored_hash.as_bytes().ct_eq(token_hash(token).as_bytes()))
}

fn unknown_seek(id: &str) -> ApiError {
    let shown: String = id.chars().take(40).collect();
    ApiError::not_found(format!(
        "there is no open seek `{shown}` (accepted, cancelled, or expired)"
    ))
}

/// What a seek or a pairing request asks for.
struct SeekRequest<'a> {
    game: &'a str,
    control: Option<TimeControlBody>,
    rated: bool,
    /// The rating range asked for (seeks only).
    range: Option<(Option<u32>, Option<u32>)>,
    /// A guest's name.
    name: Option<&'a str>,
    /// A random-pairing request (not listed).
    random: bool,
}

/// Reads and checks a seek's request: the seek, unlisted for `random`.
async fn new_seek(
    people: &People,
    headers: &HeaderMap,
    request: SeekRequest<'_>,
) -> Result<Seek, ApiError> {
    let SeekRequest {
        game,
        control,
        rated,
        range,
        name,
        random,
    } = request;
    let spec: GameSpec = game
        .parse()
        .map_err(|error: rulebook::catalog::SpecError| {
            let code = match error {
                rulebook::catalog::SpecError::UnknownGame { .. } => "unknown_game",
                _ => "bad_request",
            };
            ApiError::new(StatusCode::BAD_REQUEST, code, error.to_string())
        })?;
    if let Some(control) = &control {
        control.control().map_err(ApiError::bad_request)?;
    }
    let player = Player::of_request(people, headers, name).await?;
    let mut seek = Seek {
        owner_hash: String::new(),
        spec,
        control,
        rated,
        range: None,
        player,
        rating: None,
        random,
        address: None,
        created_ms: now_ms(),
        seen_ms: now_ms(),
    };
    if rated {
        let Some(account) = &seek.player.account else {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "unauthorized",
                "a rated game needs an account: log in first",
            ));
        };
        if control.is_none() {
            return Err(ApiError::bad_request("a rated game needs a clock"));
        }
        let rating = rating_of(people, &account.key, &seek.kind()).await?.rating;
        seek.rating = Some(rating);
        seek.range = match range {
            Some((None, None)) | None if random => {
                Some((rating - PAIRING_RANGE, rating + PAIRING_RANGE))
            }
            Some((None, None)) | None => None,
            Some((low, high)) => {
                let low = f64::from(low.unwrap_or(0));
                let high = f64::from(high.unwrap_or(u32::MAX));
                if low > high {
                    return Err(ApiError::bad_request("rating_min is above rating_max"));
                }
                Some((low, high))
            }
        };
    } else if range.is_some_and(|(low, high)| low.is_some() || high.is_some()) {
        return Err(ApiError::bad_request(
            "a rating range is for rated seeks only",
        ));
    }
    Ok(seek)
}

/// Posts a seek, open to anyone (a rated one to accounts in its range).
#[utoipa::path(post, path = "/api/seeks", request_body = SeekBody,
    responses((status = 201, body = SeekPosted), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 415, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn post_seek(
    State(people): State<Arc<People>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<SeekBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) = body?;
    let request = SeekRequest {
        game: &body.game,
        control: body.time_control,
        rated: body.rated.unwrap_or(false),
        range: Some((body.rating_min, body.rating_max)),
        name: body.name.as_deref(),
        random: false,
    };
    let mut seek = new_seek(&people, &headers, request).await?;
    seek.address = Some(client.ip());
    let posted = open(&people, seek)?;
    Ok(created(posted))
}

/// Puts `seek` in the lobby with a new id and owner's token.
fn open(people: &People, mut seek: Seek) -> Result<SeekPosted, ApiError> {
    let id = random_hex(16)?;
    let token = random_hex(32)?;
    seek.owner_hash = token_hash(&token);
    let view = seek.view(&id);
    people.lobby.sweep(now_ms());
    people.lobby.insert(id.clone(), seek)?;
    Ok(SeekPosted {
        id,
        token,
        seek: view,
    })
}

/// The open seeks (not random-pairing requests, never private invitations).
#[utoipa::path(get, path = "/api/seeks", responses((status = 200, body = SeekList)))]
pub async fn list_seeks(State(people): State<Arc<People>>) -> Json<SeekList> {
    people.lobby.sweep(now_ms());
    let mut seeks: Vec<(i64, SeekView)> = people
        .lobby
        .seeks
        .lock()
        .map(|seeks| {
            seeks
                .iter()
                .filter(|(_, seek)| !seek.random)
                .map(|(id, seek)| (seek.created_ms, seek.view(id)))
                .collect()
        })
        .unwrap_or_default();
    seeks.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.id.cmp(&b.1.id)));
    Json(SeekList {
        seeks: seeks.into_iter().map(|(_, view)| view).collect(),
    })
}

/// The owner asks for its seek (`Authorization: Bearer` its token): still
/// open (and kept: a seek not asked for in 20 s expires), or accepted,
/// with the owner's seat of the new game.
#[utoipa::path(get, path = "/api/seeks/{id}", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = SeekStatus), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn seek_status(
    State(people): State<Arc<People>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Json<SeekStatus>, ApiError> {
    let Path(id) = path?;
    let token = seek_token(&headers)?;
    let now = now_ms();
    people.lobby.sweep(now);
    if let Ok(mut seeks) = people.lobby.seeks.lock() {
        if let Some(seek) = seeks.get_mut(&id) {
            if !same_token(&seek.owner_hash, &token) {
                return Err(not_yours());
            }
            seek.seen_ms = now;
            return Ok(Json(SeekStatus {
                status: "open".to_owned(),
                seek: Some(seek.view(&id)),
                game: None,
            }));
        }
    }
    if let Ok(matched) = people.lobby.matched.lock() {
        if let Some(found) = matched.get(&id) {
            if !same_token(&found.owner_hash, &token) {
                return Err(not_yours());
            }
            return Ok(Json(SeekStatus {
                status: "accepted".to_owned(),
                seek: None,
                game: Some(found.game.clone()),
            }));
        }
    }
    Err(unknown_seek(&id))
}

/// Cancels a seek (`Authorization: Bearer` its owner's token).
#[utoipa::path(delete, path = "/api/seeks/{id}", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses((status = 204), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn cancel_seek(
    State(people): State<Arc<People>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let token = seek_token(&headers)?;
    let mut seeks = people
        .lobby
        .seeks
        .lock()
        .map_err(|_| ApiError::unavailable("the lobby is unavailable"))?;
    match seeks.get(&id) {
        None => Err(unknown_seek(&id)),
        Some(seek) if !same_token(&seek.owner_hash, &token) => Err(not_yours()),
        Some(_) => {
            seeks.remove(&id);
            Ok(StatusCode::NO_CONTENT.into_response())
        }
    }
}

/// Accepts a seek: the game starts with both seats taken (sides drawn by
/// lot); the answer is the accepter's seat, the owner gets its own from
/// `GET /api/seeks/{id}`. A rated seek needs an account (not the
/// seeker's) whose rating is in its range.
#[utoipa::path(post, path = "/api/seeks/{id}/accept", params(("id" = String, Path)),
    request_body = AcceptBody,
    responses((status = 200, body = Joined), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody)))]
pub async fn accept_seek(
    State(people): State<Arc<People>>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Json<AcceptBody>, JsonRejection>,
) -> Result<Json<Joined>, ApiError> {
    let Path(id) = path?;
    let Json(body) = body?;
    let player = Player::of_request(&people, &headers, body.name.as_deref()).await?;
    people.lobby.sweep(now_ms());
    let seek = {
        let seeks = people
            .lobby
            .seeks
            .lock()
            .map_err(|_| ApiError::unavailable("the lobby is unavailable"))?;
        seeks
            .get(&id)
            .filter(|seek| !seek.random)
            .cloned()
            .ok_or_else(|| unknown_seek(&id))?
    };
    let rating = match (&player.account, seek.rated) {
        (Some(account), true) => Some(rating_of(&people, &account.key, &seek.kind()).await?.rating),
        _ => None,
    };
    check_opponents(&seek, &player, rating)?;
    // Only one accepter takes it.
    let seek = people.lobby.take(&id).ok_or_else(|| unknown_seek(&id))?;
    let [owner, accepter] = start(&people, &seek, player).await?;
    remember_match(&people, &id, &seek, owner);
    Ok(Json(accepter))
}

/// Whether `player` (rated `rating`) may play `seek`'s owner.
fn check_opponents(seek: &Seek, player: &Player, rating: Option<f64>) -> Result<(), ApiError> {
    if let (Some(mine), Some(theirs)) = (&player.account, &seek.player.account) {
        if mine.key == theirs.key {
            return Err(ApiError::conflict("this is your own seek"));
        }
    }
    if seek.rated {
        if player.account.is_none() {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "unauthorized",
                "a rated game needs an account: log in first",
            ));
        }
        if !seek.accepts(rating) {
            return Err(ApiError::conflict(
                "your rating is outside the seek's range",
            ));
        }
    }
    Ok(())
}

fn remember_match(people: &People, id: &str, seek: &Seek, game: Joined) {
    if let Ok(mut matched) = people.lobby.matched.lock() {
        matched.insert(
            id.to_owned(),
            Matched {
                owner_hash: seek.owner_hash.clone(),
                game,
                at: now_ms(),
            },
        );
    }
}

/// Starts `seek`'s game between its owner and `other`: both seats taken,
/// sides by lot, each seat named; the owner's seat and the other's.
async fn start(people: &People, seek: &Seek, other: Player) -> Result<[Joined; 2], ApiError> {
    let app = &people.app;
    let tokens = [random_hex(32)?, random_hex(32)?];
    let hashes = [token_hash(&tokens[0]), token_hash(&tokens[1])];
    let coin = random_hex(1)?.as_bytes()[1] % 2 == 0;
    let create = Create {
        spec: seek.spec,
        opponent: SeatKind::Human,
        level: None,
        side: Some("random".to_owned()),
        computer_vs_computer: false,
        position: None,
        token_hashes: hashes.clone(),
        coin,
        public: false,
        time_control: seek
            .control
            .map(|control| control.control())
            .transpose()
            .map_err(ApiError::bad_request)?,
        at: now_ms(),
        first_move_ms: i64::try_from(app.options.first_move.as_millis()).unwrap_or(i64::MAX),
    };
    let (game, seat) = seek.spec.visit(create)?;
    let owner_seat = seat.unwrap_or(0);
    let seat_names = [game.seat_name(owner_seat), game.seat_name(1 - owner_seat)];
    let handle = app.create(game).await?;
    let id = handle.id.clone();
    name_game(people, &id, &seek.kind(), seek.rated, handle.created_at).await?;
    name_seat(people, &id, owner_seat, &seek.player).await?;
    name_seat(people, &id, 1 - owner_seat, &other).await?;
    app.change(
        &handle,
        Actor::Anyone,
        Command::Join(hashes[1].clone()),
        None,
    )
    .await?;
    Ok([0, 1].map(|index| Joined {
        id: id.clone(),
        seat: seat_names[index].to_owned(),
        token: tokens[index].clone(),
        url: format!("/games/{id}#token={}", tokens[index]),
    }))
}

/// "Play a random opponent": pairs the caller with a player waiting for
/// the same game and time control (rated: both accounts, each within the
/// other's range, by default 300 points), and the game starts; otherwise
/// the caller waits, as an unlisted seek it asks for with its token.
#[utoipa::path(post, path = "/api/pairing", request_body = PairingBody,
    responses((status = 200, body = PairingAnswer, description = "paired"),
              (status = 202, body = PairingAnswer, description = "waiting"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 415, body = ErrorBody),
              (status = 429, body = ErrorBody)))]
pub async fn pairing(
    State(people): State<Arc<People>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<PairingBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) = body?;
    let request = SeekRequest {
        game: &body.game,
        control: body.time_control,
        rated: body.rated.unwrap_or(false),
        range: None,
        name: body.name.as_deref(),
        random: true,
    };
    let mut mine = new_seek(&people, &headers, request).await?;
    mine.address = Some(client.ip());
    let now = now_ms();
    people.lobby.sweep(now);
    // The oldest waiting request that matches, taken out of the lobby.
    let partner = people.lobby.seeks.lock().ok().and_then(|mut seeks| {
        let found = seeks
            .iter()
            .filter(|(_, theirs)| {
                theirs.random
                    && theirs.spec == mine.spec
                    && theirs.control == mine.control
                    && theirs.rated == mine.rated
                    && check_opponents(theirs, &mine.player, mine.rating).is_ok()
                    && mine.accepts(theirs.rating)
            })
            .min_by_key(|(_, theirs)| theirs.created_ms)
            .map(|(id, _)| id.clone())?;
        seeks.remove(&found).map(|seek| (found, seek))
    });
    match partner {
        Some((id, theirs)) => {
            let [owner, caller] = start(&people, &theirs, mine.player).await?;
            remember_match(&people, &id, &theirs, owner);
            Ok((
                StatusCode::OK,
                Json(PairingAnswer {
                    status: "paired".to_owned(),
                    game: Some(caller),
                    seek: None,
                }),
            )
                .into_response())
        }
        None => {
            let posted = open(&people, mine)?;
            Ok((
                StatusCode::ACCEPTED,
                Json(PairingAnswer {
                    status: "waiting".to_owned(),
                    game: None,
                    seek: Some(posted),
                }),
            )
                .into_response())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seek(range: Option<(f64, f64)>) -> Seek {
        Seek {
            owner_hash: String::new(),
            spec: GameSpec::Checkers,
            control: None,
            rated: range.is_some(),
            range,
            player: Player {
                name: "a".to_owned(),
                account: None,
            },
            rating: None,
            random: false,
            address: None,
            created_ms: 0,
            seen_ms: 0,
        }
    }

    #[test]
    fn ranges() {
        assert!(seek(None).accepts(None));
        assert!(seek(Some((1400.0, 1600.0))).accepts(Some(1500.0)));
        assert!(!seek(Some((1400.0, 1600.0))).accepts(Some(1700.0)));
        assert!(!seek(Some((1400.0, 1600.0))).accepts(None));
    }

    #[test]
    fn one_address_has_a_few_seeks_at_most() {
        let lobby = Lobby::default();
        let from = |address: [u8; 4]| Seek {
            address: Some(IpAddr::from(address)),
            ..seek(None)
        };
        for index in 0..MAX_SEEKS_PER_ADDRESS {
            lobby
                .insert(index.to_string(), from([10, 0, 0, 1]))
                .unwrap();
        }
        let refused = lobby
            .insert("more".to_owned(), from([10, 0, 0, 1]))
            .unwrap_err();
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
        lobby
            .insert("other".to_owned(), from([10, 0, 0, 2]))
            .unwrap();
    }

    #[test]
    fn expired_seeks_are_swept() {
        let lobby = Lobby::default();
        lobby.insert("old".to_owned(), seek(None)).unwrap();
        let mut fresh = seek(None);
        fresh.seen_ms = 100_000;
        lobby.insert("fresh".to_owned(), fresh).unwrap();
        lobby.sweep(100_000 + SEEK_TIMEOUT_MS - 1);
        let seeks = lobby.seeks.lock().unwrap();
        assert!(seeks.contains_key("fresh") && !seeks.contains_key("old"));
    }
}
