//! Seeks and random pairing: a player posts a seek (game, time control,
//! rated or casual, an optional rating range); anyone accepts it, which
//! starts the game with both seats taken. "Play a random opponent" pairs
//! two players who asked for the same game and time control (rated: by
//! rating range), or waits as a seek that is not listed.
//!
//! Seeks live in the database (the `seeks` table, [`MIGRATION`]), so every
//! process of a PostgreSQL deployment lists, accepts and pairs the same
//! ones: a seek is taken by one accepter only (a compare-and-set of its
//! `taken` flag). A seek whose owner stops asking for it
//! (`GET /api/seeks/{id}`, or its watch on the lobby's WebSocket,
//! [`crate::lobby_socket`]) expires after [`SEEK_TIMEOUT_MS`]. A private
//! invitation is never a seek.
//!
//! Every change this process makes to the seeks bumps [`Lobby::changes`];
//! one task per process ([`Lobby::start_listing`]) then reads the listed
//! seeks once and hands them to every lobby socket ([`Lobby::listing`]).
//! It reads them again every [`LISTING_REFRESH`] too, for the changes of
//! other processes and the expiries.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Arc;

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use rulebook::catalog::GameSpec;
use serde::{Deserialize, Serialize};
use sqlx::{AnyPool, Row};
use subtle::ConstantTimeEq;
use utoipa::ToSchema;

use crate::accounts::Account;
use crate::app::{now_ms, random_hex, token_hash, Actor};
use crate::clock::TimeControlBody;
use crate::error::{ApiError, ErrorBody};
use crate::people::{created, name_game, name_seat, rating_of, People, Player};
use crate::rating;
use crate::routes::Joined;
use crate::session::{Command, Create, SeatKind};

/// The listing task reads the seeks at least this often while a lobby
/// socket is open (the changes made by other processes, the expiries).
pub const LISTING_REFRESH: std::time::Duration = std::time::Duration::from_secs(2);
/// A seek whose owner has not asked for it for this long is dropped.
pub const SEEK_TIMEOUT_MS: i64 = 20_000;
/// An accepted seek's game waits this long for its owner to ask for it.
pub const MATCHED_TIMEOUT_MS: i64 = 120_000;
/// The most open seeks at once.
pub const MAX_SEEKS: usize = 2_000;
/// The most open seeks (and pairing requests) from one client address.
pub const MAX_SEEKS_PER_ADDRESS: usize = 10;
/// Random pairing of rated players without a range: within this many
/// rating points of each other.
pub const PAIRING_RANGE: f64 = 300.0;

/// One seek.
#[derive(Clone, Debug)]
pub(crate) struct Seek {
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

    pub(crate) fn view(&self, id: &str) -> SeekView {
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

/// The table of seeks: one migration step of `db::MIGRATIONS`.
pub const MIGRATION: &[&str] = &[
    // A seek (or a random-pairing request: `pairing` is its key, '' for a
    // listed seek); `data` its JSON ([`StoredSeek`]); `taken` once an
    // accepter has it; `game_id` and `seat`, the owner's seat, once its game
    // started.
    "CREATE TABLE IF NOT EXISTS seeks (
        id TEXT PRIMARY KEY,
        owner_hash TEXT NOT NULL,
        data TEXT NOT NULL,
        pairing TEXT NOT NULL,
        address TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        seen_ms BIGINT NOT NULL,
        taken BIGINT NOT NULL,
        game_id TEXT NOT NULL,
        seat TEXT NOT NULL,
        accepted_ms BIGINT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS seeks_pairing ON seeks (pairing, taken, created_ms)",
];

/// What a seek keeps in `seeks.data`.
#[derive(Serialize, Deserialize)]
struct StoredSeek {
    spec: String,
    control: Option<TimeControlBody>,
    rated: bool,
    range: Option<(f64, f64)>,
    name: String,
    /// The account's key and name, none for a guest.
    account: Option<(String, String)>,
    rating: Option<f64>,
}

impl Seek {
    /// The key random-pairing requests match on: the game, the clocks,
    /// rated or not ('' for a listed seek).
    fn pairing_key(&self) -> String {
        if !self.random {
            return String::new();
        }
        let control = serde_json::to_string(&self.control).unwrap_or_default();
        format!("{}|{control}|{}", self.spec, self.rated)
    }

    fn stored(&self) -> String {
        serde_json::to_string(&StoredSeek {
            spec: self.spec.to_string(),
            control: self.control,
            rated: self.rated,
            range: self.range,
            name: self.player.name.clone(),
            account: self
                .player
                .account
                .as_ref()
                .map(|account| (account.key.clone(), account.name.clone())),
            rating: self.rating,
        })
        .unwrap_or_default()
    }

    fn of_row(row: &sqlx::any::AnyRow) -> Result<(String, Seek), ApiError> {
        let failed = |error: sqlx::Error| ApiError::unavailable(error.to_string());
        let id: String = row.try_get("id").map_err(failed)?;
        let data: String = row.try_get("data").map_err(failed)?;
        let pairing: String = row.try_get("pairing").map_err(failed)?;
        let address: String = row.try_get("address").map_err(failed)?;
        let stored: StoredSeek = serde_json::from_str(&data)
            .map_err(|error| ApiError::unavailable(format!("stored seek: {error}")))?;
        let spec = stored
            .spec
            .parse()
            .map_err(|error| ApiError::unavailable(format!("stored seek: {error}")))?;
        Ok((
            id,
            Seek {
                owner_hash: row.try_get("owner_hash").map_err(failed)?,
                spec,
                control: stored.control,
                rated: stored.rated,
                range: stored.range,
                player: Player {
                    name: stored.name,
                    account: stored.account.map(|(key, name)| Account { key, name }),
                },
                rating: stored.rating,
                random: !pairing.is_empty(),
                address: address.parse().ok(),
                created_ms: row.try_get("created_ms").map_err(failed)?,
                seen_ms: row.try_get("seen_ms").map_err(failed)?,
            },
        ))
    }
}

/// Where a seek stands, for its owner.
pub(crate) enum Standing {
    /// Waiting (or being accepted right now).
    Open(Seek),
    /// Accepted: the game and the owner's seat.
    Accepted { game_id: String, seat: String },
}

/// The seeks, in the database (shared by every process).
pub struct Lobby {
    pool: AnyPool,
    /// Whether the database is PostgreSQL (several processes).
    postgres: bool,
    /// Random pairing, one request at a time in this process.
    pairing: tokio::sync::Mutex<()>,
    /// When this process last dropped the expired seeks (Unix ms).
    swept_ms: AtomicI64,
    /// Bumped by every change of the seeks this process makes.
    pub changes: tokio::sync::watch::Sender<u64>,
    /// The listed seeks as the lobby socket sends them
    /// (`{"type":"seeks","seeks":[...]}`, `GET /api/seeks`'s answer with a
    /// type; empty until first read), kept by the listing task.
    pub listing: tokio::sync::watch::Sender<Arc<str>>,
    /// Whether the listing task runs.
    listing_runs: AtomicBool,
}

/// Inserts seek `id`.
async fn insert_row<'e, E>(executor: E, id: &str, seek: &Seek) -> Result<(), ApiError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query(
        "INSERT INTO seeks (id, owner_hash, data, pairing, address, created_ms, seen_ms, taken, game_id, seat, accepted_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0, '', '', 0)",
    )
    .bind(id.to_owned())
    .bind(seek.owner_hash.clone())
    .bind(seek.stored())
    .bind(seek.pairing_key())
    .bind(seek.address.map(|address| address.to_string()).unwrap_or_default())
    .bind(seek.created_ms)
    .bind(seek.seen_ms)
    .execute(executor)
    .await
    .map_err(db_failed)?;
    Ok(())
}

/// The columns of a seek read back.
const SEEK_COLUMNS: &str =
    "id, owner_hash, data, pairing, address, created_ms, seen_ms, taken, game_id, seat";

fn db_failed(error: sqlx::Error) -> ApiError {
    ApiError::unavailable(format!("the database failed: {error}"))
}

impl Lobby {
    /// The lobby of the database behind `pool`.
    pub fn new(pool: AnyPool, postgres: bool) -> Lobby {
        Lobby {
            pool,
            postgres,
            pairing: tokio::sync::Mutex::new(()),
            swept_ms: AtomicI64::new(0),
            changes: tokio::sync::watch::Sender::new(0),
            listing: tokio::sync::watch::Sender::new(Arc::from("")),
            listing_runs: AtomicBool::new(false),
        }
    }

    /// Tells the listing task and the lobby sockets that the seeks changed.
    fn changed(&self) {
        self.changes
            .send_modify(|version| *version = version.wrapping_add(1));
    }

    /// Starts the listing task unless it runs (a lobby socket calls this
    /// once it holds a receiver of [`Lobby::listing`]). The task stops when
    /// no socket listens.
    pub fn start_listing(people: &Arc<People>) {
        if people
            .lobby
            .listing_runs
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            tokio::spawn(keep_listing(people.clone()));
        }
    }
}

/// The listing task: reads the listed seeks after every change and every
/// [`LISTING_REFRESH`], and hands them on when they differ, while anyone
/// listens.
async fn keep_listing(people: Arc<People>) {
    let lobby = &people.lobby;
    let mut changes = lobby.changes.subscribe();
    let mut refresh = tokio::time::interval(LISTING_REFRESH);
    refresh.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        if lobby.listing.receiver_count() == 0 {
            lobby.listing_runs.store(false, Ordering::Release);
            // A socket that subscribed meanwhile may have seen the task
            // running: take over again for it.
            if lobby.listing.receiver_count() == 0
                || lobby
                    .listing_runs
                    .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
                    .is_err()
            {
                return;
            }
        }
        changes.borrow_and_update();
        let now = now_ms();
        let read = match lobby.sweep(now).await {
            Ok(()) => lobby.listed().await,
            Err(error) => Err(error),
        };
        if let Ok(seeks) = read {
            let list = SeekList {
                seeks: seeks.iter().map(|(id, seek)| seek.view(id)).collect(),
            };
            let mut text = serde_json::to_string(&list).unwrap_or_default();
            // {"seeks":[...]} -> {"type":"seeks","seeks":[...]}
            text.replace_range(..1, r#"{"type":"seeks","#);
            lobby.listing.send_if_modified(|old| {
                if **old == *text {
                    false
                } else {
                    *old = Arc::from(text);
                    true
                }
            });
        }
        tokio::select! {
            _ = changes.changed() => {}
            _ = refresh.tick() => {}
        }
    }
}

impl Lobby {
    /// Drops the seeks whose owners left, and the matches never fetched
    /// (at most once a second per process).
    async fn sweep(&self, now: i64) -> Result<(), ApiError> {
        let last = self.swept_ms.load(Ordering::Relaxed);
        if now - last < 1_000
            || self
                .swept_ms
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return Ok(());
        }
        let done = sqlx::query(
            "DELETE FROM seeks WHERE (game_id = '' AND seen_ms < $1) OR (game_id <> '' AND accepted_ms < $2)",
        )
        .bind(now - SEEK_TIMEOUT_MS)
        .bind(now - MATCHED_TIMEOUT_MS)
        .execute(&self.pool)
        .await
        .map_err(db_failed)?;
        if done.rows_affected() > 0 {
            self.changed();
        }
        Ok(())
    }

    async fn count(&self, sql: &str, address: Option<String>) -> Result<usize, ApiError> {
        let mut query = sqlx::query(sql);
        if let Some(address) = address {
            query = query.bind(address);
        }
        let count: i64 = query
            .fetch_one(&self.pool)
            .await
            .map_err(db_failed)?
            .try_get("n")
            .map_err(db_failed)?;
        Ok(usize::try_from(count).unwrap_or(usize::MAX))
    }

    async fn insert(&self, id: &str, seek: &Seek) -> Result<(), ApiError> {
        self.check_room(seek).await?;
        insert_row(&self.pool, id, seek).await?;
        self.changed();
        Ok(())
    }

    /// Refuses a seek beyond [`MAX_SEEKS`] in all, or
    /// [`MAX_SEEKS_PER_ADDRESS`] from its address.
    async fn check_room(&self, seek: &Seek) -> Result<(), ApiError> {
        let open = self
            .count("SELECT COUNT(*) AS n FROM seeks WHERE game_id = ''", None)
            .await?;
        if open >= MAX_SEEKS {
            return Err(ApiError::conflict("the lobby is full: try again later"));
        }
        if let Some(address) = seek.address {
            let from_address = self
                .count(
                    "SELECT COUNT(*) AS n FROM seeks WHERE game_id = '' AND address = $1",
                    Some(address.to_string()),
                )
                .await?;
            if from_address >= MAX_SEEKS_PER_ADDRESS {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "rate_limited",
                    format!(
                        "at most {MAX_SEEKS_PER_ADDRESS} open seeks from one address: cancel one first"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Random pairing, atomic on every process (this process's lock, and
    /// on PostgreSQL an advisory lock for the transaction): takes the
    /// oldest waiting request with `mine`'s key that `compatible` accepts,
    /// or else puts `mine` in the lobby as `id` to wait.
    async fn pair(
        &self,
        id: &str,
        mine: &Seek,
        compatible: impl Fn(&Seek) -> bool,
    ) -> Result<Option<(String, Seek)>, ApiError> {
        self.check_room(mine).await?;
        let _this_process = self.pairing.lock().await;
        if self.postgres {
            let mut tx = self.pool.begin().await.map_err(db_failed)?;
            sqlx::query("SELECT pg_advisory_xact_lock(7212019)")
                .execute(&mut *tx)
                .await
                .map_err(db_failed)?;
            let partner = pair_on(&mut tx, id, mine, compatible).await?;
            tx.commit().await.map_err(db_failed)?;
            self.changed();
            Ok(partner)
        } else {
            // One process per SQLite file: its lock is enough (and a
            // transaction that reads first could not take SQLite's write
            // lock once another connection has committed).
            let mut conn = self.pool.acquire().await.map_err(db_failed)?;
            let partner = pair_on(&mut conn, id, mine, compatible).await?;
            self.changed();
            Ok(partner)
        }
    }
}

/// [`Lobby::pair`]'s work, on a connection that nobody else pairs on.
async fn pair_on(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    mine: &Seek,
    compatible: impl Fn(&Seek) -> bool,
) -> Result<Option<(String, Seek)>, ApiError> {
    let rows = sqlx::query(&format!(
        "SELECT {SEEK_COLUMNS} FROM seeks WHERE pairing = $1 AND taken = 0 ORDER BY created_ms, id"
    ))
    .bind(mine.pairing_key())
    .fetch_all(&mut *conn)
    .await
    .map_err(db_failed)?;
    for row in &rows {
        let (their_id, theirs) = Seek::of_row(row)?;
        if compatible(&theirs) {
            sqlx::query("UPDATE seeks SET taken = 1 WHERE id = $1")
                .bind(their_id.clone())
                .execute(&mut *conn)
                .await
                .map_err(db_failed)?;
            return Ok(Some((their_id, theirs)));
        }
    }
    insert_row(&mut *conn, id, mine).await?;
    Ok(None)
}

impl Lobby {
    /// The open seek `id` (not taken by an accepter).
    async fn open_seek(&self, id: &str) -> Result<Option<Seek>, ApiError> {
        let row = sqlx::query(&format!(
            "SELECT {SEEK_COLUMNS} FROM seeks WHERE id = $1 AND taken = 0"
        ))
        .bind(id.to_owned())
        .fetch_optional(&self.pool)
        .await
        .map_err(db_failed)?;
        row.map(|row| Seek::of_row(&row).map(|(_, seek)| seek))
            .transpose()
    }

    /// The listed seeks open now, oldest first.
    async fn listed(&self) -> Result<Vec<(String, Seek)>, ApiError> {
        let rows = sqlx::query(&format!(
            "SELECT {SEEK_COLUMNS} FROM seeks WHERE pairing = '' AND taken = 0 ORDER BY created_ms, id"
        ))
        .fetch_all(&self.pool)
        .await
        .map_err(db_failed)?;
        rows.iter().map(Seek::of_row).collect()
    }

    /// Seek `id` for its owner; with `keep`, asking keeps it (its
    /// `seen_ms` becomes `keep`).
    pub(crate) async fn standing(
        &self,
        id: &str,
        keep: Option<i64>,
    ) -> Result<Option<(String, Standing)>, ApiError> {
        if let Some(now) = keep {
            sqlx::query("UPDATE seeks SET seen_ms = $1 WHERE id = $2 AND game_id = ''")
                .bind(now)
                .bind(id.to_owned())
                .execute(&self.pool)
                .await
                .map_err(db_failed)?;
        }
        let row = sqlx::query(&format!("SELECT {SEEK_COLUMNS} FROM seeks WHERE id = $1"))
            .bind(id.to_owned())
            .fetch_optional(&self.pool)
            .await
            .map_err(db_failed)?;
        let Some(row) = row else { return Ok(None) };
        let game_id: String = row.try_get("game_id").map_err(db_failed)?;
        let (_, seek) = Seek::of_row(&row)?;
        let standing = if game_id.is_empty() {
            Standing::Open(seek.clone())
        } else {
            Standing::Accepted {
                game_id,
                seat: row.try_get("seat").map_err(db_failed)?,
            }
        };
        Ok(Some((seek.owner_hash, standing)))
    }

    /// Takes seek `id` for an accepter: whether this caller got it (one
    /// does, on every process).
    async fn take(&self, id: &str) -> Result<bool, ApiError> {
        self.set_taken(id, 1, 0).await
    }

    /// Gives back a seek taken by [`Lobby::take`] whose game did not start.
    async fn release(&self, id: &str) -> Result<bool, ApiError> {
        self.set_taken(id, 0, 1).await
    }

    async fn set_taken(&self, id: &str, taken: i64, was: i64) -> Result<bool, ApiError> {
        let done = sqlx::query(
            "UPDATE seeks SET taken = $1 WHERE id = $2 AND taken = $3 AND game_id = ''",
        )
        .bind(taken)
        .bind(id.to_owned())
        .bind(was)
        .execute(&self.pool)
        .await
        .map_err(db_failed)?;
        self.changed();
        Ok(done.rows_affected() == 1)
    }

    /// Records that seek `id`'s game started, the owner on `seat`.
    async fn accepted(&self, id: &str, game_id: &str, seat: &str) -> Result<(), ApiError> {
        sqlx::query("UPDATE seeks SET game_id = $1, seat = $2, accepted_ms = $3 WHERE id = $4")
            .bind(game_id.to_owned())
            .bind(seat.to_owned())
            .bind(now_ms())
            .bind(id.to_owned())
            .execute(&self.pool)
            .await
            .map_err(db_failed)?;
        self.changed();
        Ok(())
    }

    /// Deletes seek `id` unless an accepter has it: whether it did.
    async fn remove(&self, id: &str) -> Result<bool, ApiError> {
        let done = sqlx::query("DELETE FROM seeks WHERE id = $1 AND taken = 0")
            .bind(id.to_owned())
            .execute(&self.pool)
            .await
            .map_err(db_failed)?;
        self.changed();
        Ok(done.rows_affected() == 1)
    }
}

/// `POST /api/seeks`'s body: what a pairing request asks for, and a
/// rating range.
#[derive(Deserialize, ToSchema)]
pub struct SeekBody {
    /// The game, the clocks, rated or casual, a guest's name.
    #[serde(flatten)]
    pub terms: PairingBody,
    /// Rated seeks: the lowest rating of an opponent it accepts.
    pub rating_min: Option<u32>,
    /// Rated seeks: the highest.
    pub rating_max: Option<u32>,
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

/// `POST /api/pairing`'s body (and the most of `POST /api/seeks`'s).
#[derive(Deserialize, ToSchema)]
pub struct PairingBody {
    /// The game, as `POST /api/games` takes it (`checkers`, `connectx:6x7x4`).
    #[schema(example = "checkers")]
    pub game: String,
    /// The clocks, as `POST /api/games` takes them (the same for both);
    /// absent: no clocks (casual only).
    pub time_control: Option<TimeControlBody>,
    /// Rated (both players need accounts, and a clock) or casual (default).
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

fn needs_account() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "unauthorized",
        "a rated game needs an account: log in first",
    )
}

fn not_yours() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "forbidden",
        "this token is not this seek's",
    )
}

pub(crate) fn same_token(stored_hash: &str, token: &str) -> bool {
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
            return Err(needs_account());
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
        game: &body.terms.game,
        control: body.terms.time_control,
        rated: body.terms.rated.unwrap_or(false),
        range: Some((body.rating_min, body.rating_max)),
        name: body.terms.name.as_deref(),
        random: false,
    };
    let mut seek = new_seek(&people, &headers, request).await?;
    seek.address = Some(client.ip());
    let posted = open(&people, seek).await?;
    Ok(created(posted))
}

/// Puts `seek` in the lobby with a new id and owner's token.
async fn open(people: &People, mut seek: Seek) -> Result<SeekPosted, ApiError> {
    let id = random_hex(16)?;
    let token = random_hex(32)?;
    seek.owner_hash = token_hash(&token);
    let view = seek.view(&id);
    people.lobby.sweep(now_ms()).await?;
    people.lobby.insert(&id, &seek).await?;
    Ok(SeekPosted {
        id,
        token,
        seek: view,
    })
}

/// The open seeks (not random-pairing requests, never private invitations).
#[utoipa::path(get, path = "/api/seeks", responses((status = 200, body = SeekList),
    (status = 503, body = ErrorBody)))]
pub async fn list_seeks(State(people): State<Arc<People>>) -> Result<Json<SeekList>, ApiError> {
    people.lobby.sweep(now_ms()).await?;
    let seeks = people.lobby.listed().await?;
    Ok(Json(SeekList {
        seeks: seeks.iter().map(|(id, seek)| seek.view(id)).collect(),
    }))
}

/// The owner asks for its seek (`Authorization: Bearer` its token): still
/// open (and kept: a seek not asked for in 20 s expires), or accepted,
/// with the owner's seat of the new game (whose token is the seek's).
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
    people.lobby.sweep(now).await?;
    let Some((owner_hash, standing)) = people.lobby.standing(&id, Some(now)).await? else {
        return Err(unknown_seek(&id));
    };
    if !same_token(&owner_hash, &token) {
        return Err(not_yours());
    }
    Ok(Json(match standing {
        Standing::Open(seek) => SeekStatus {
            status: "open".to_owned(),
            seek: Some(seek.view(&id)),
            game: None,
        },
        Standing::Accepted { game_id, seat } => SeekStatus {
            status: "accepted".to_owned(),
            seek: None,
            game: Some(joined(&game_id, &seat, &token)),
        },
    }))
}

/// A seat of game `id` held with `token`.
pub(crate) fn joined(id: &str, seat: &str, token: &str) -> Joined {
    Joined {
        id: id.to_owned(),
        seat: seat.to_owned(),
        token: token.to_owned(),
        url: format!("/games/{id}#token={token}"),
    }
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
    let seek = people
        .lobby
        .open_seek(&id)
        .await?
        .ok_or_else(|| unknown_seek(&id))?;
    if !same_token(&seek.owner_hash, &token) {
        return Err(not_yours());
    }
    if !people.lobby.remove(&id).await? {
        return Err(unknown_seek(&id));
    }
    Ok(StatusCode::NO_CONTENT.into_response())
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
    people.lobby.sweep(now_ms()).await?;
    let seek = people
        .lobby
        .open_seek(&id)
        .await?
        .filter(|seek| !seek.random)
        .ok_or_else(|| unknown_seek(&id))?;
    let rating = match (&player.account, seek.rated) {
        (Some(account), true) => Some(rating_of(&people, &account.key, &seek.kind()).await?.rating),
        _ => None,
    };
    check_opponents(&seek, &player, rating)?;
    // Only one accepter takes it, whichever process it asks.
    if !people.lobby.take(&id).await? {
        return Err(unknown_seek(&id));
    }
    Ok(Json(start_taken(&people, &id, &seek, player).await?))
}

/// Starts the game of seek `id`, which this caller took, against `other`:
/// the other's seat; the owner's is recorded for it to ask. A game that
/// could not start gives the seek back.
async fn start_taken(
    people: &People,
    id: &str,
    seek: &Seek,
    other: Player,
) -> Result<Joined, ApiError> {
    match start(people, seek, other).await {
        Ok((owner_seat, joined)) => {
            people.lobby.accepted(id, &joined.id, &owner_seat).await?;
            Ok(joined)
        }
        Err(error) => {
            let _ = people.lobby.release(id).await;
            Err(error)
        }
    }
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
            return Err(needs_account());
        }
        if !seek.accepts(rating) {
            return Err(ApiError::conflict(
                "your rating is outside the seek's range",
            ));
        }
    }
    Ok(())
}

/// Starts `seek`'s game between its owner and `other`: both seats taken,
/// sides by lot, each seat named; the owner's seat's name (its token is
/// the seek's own, which only the owner knows: no secret is kept for it)
/// and the other's seat.
async fn start(people: &People, seek: &Seek, other: Player) -> Result<(String, Joined), ApiError> {
    let app = &people.app;
    let token = random_hex(32)?;
    let hashes = [seek.owner_hash.clone(), token_hash(&token)];
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
    Ok((seat_names[0].to_owned(), joined(&id, seat_names[1], &token)))
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
    let id = random_hex(16)?;
    let token = random_hex(32)?;
    mine.owner_hash = token_hash(&token);
    people.lobby.sweep(now_ms()).await?;
    let partner = people
        .lobby
        .pair(&id, &mine, |theirs| {
            check_opponents(theirs, &mine.player, mine.rating).is_ok()
                && mine.accepts(theirs.rating)
        })
        .await?;
    match partner {
        Some((their_id, theirs)) => {
            let caller = start_taken(&people, &their_id, &theirs, mine.player).await?;
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
        None => Ok((
            StatusCode::ACCEPTED,
            Json(PairingAnswer {
                status: "waiting".to_owned(),
                game: None,
                seek: Some(SeekPosted {
                    seek: mine.view(&id),
                    id,
                    token,
                }),
            }),
        )
            .into_response()),
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

    /// A lobby on a fresh SQLite file.
    async fn lobby() -> Lobby {
        let dir = std::env::temp_dir().join(format!("rulebook-lobby-{}", random_hex(8).unwrap()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = crate::db::Db::open(&dir.join("lobby.db").display().to_string())
            .await
            .unwrap();
        Lobby::new(db.pool().clone(), false)
    }

    #[tokio::test]
    async fn one_address_has_a_few_seeks_at_most() {
        let lobby = lobby().await;
        let from = |address: [u8; 4]| Seek {
            address: Some(IpAddr::from(address)),
            ..seek(None)
        };
        for index in 0..MAX_SEEKS_PER_ADDRESS {
            lobby
                .insert(&index.to_string(), &from([10, 0, 0, 1]))
                .await
                .unwrap();
        }
        let refused = lobby
            .insert("more", &from([10, 0, 0, 1]))
            .await
            .unwrap_err();
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
        lobby.insert("other", &from([10, 0, 0, 2])).await.unwrap();
    }

    #[tokio::test]
    async fn expired_seeks_are_swept() {
        let lobby = lobby().await;
        lobby.insert("old", &seek(None)).await.unwrap();
        let mut fresh = seek(None);
        fresh.seen_ms = 100_000;
        lobby.insert("fresh", &fresh).await.unwrap();
        lobby.sweep(100_000 + SEEK_TIMEOUT_MS - 1).await.unwrap();
        let listed: Vec<String> = lobby
            .listed()
            .await
            .unwrap()
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        assert_eq!(listed, ["fresh"]);
    }

    #[tokio::test]
    async fn a_seek_is_taken_once_and_kept_as_written() {
        let lobby = lobby().await;
        let mut rated = seek(Some((1400.0, 1600.0)));
        rated.player.account = Some(Account {
            key: "ann".to_owned(),
            name: "Ann".to_owned(),
        });
        rated.rating = Some(1500.0);
        rated.control = Some(TimeControlBody {
            initial_seconds: Some(180),
            increment_seconds: Some(2),
            days_per_move: None,
        });
        lobby.insert("s", &rated).await.unwrap();
        let read = lobby.open_seek("s").await.unwrap().unwrap();
        assert_eq!(read.view("s").player, rated.player.name);
        assert_eq!(read.range, rated.range);
        assert_eq!(read.control, rated.control);
        assert_eq!(read.player.account, rated.player.account);
        assert!(lobby.take("s").await.unwrap());
        assert!(!lobby.take("s").await.unwrap(), "taken twice");
        assert!(lobby.open_seek("s").await.unwrap().is_none());
        assert!(!lobby.remove("s").await.unwrap(), "cancelled while taken");
        assert!(lobby.release("s").await.unwrap());
        assert!(lobby.take("s").await.unwrap());
    }
}
