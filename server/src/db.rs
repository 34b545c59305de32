//! The database: one schema and one code path for SQLite and PostgreSQL
//! (sqlx's `Any` driver), migrations applied at start, and one writer task
//! that commits many changes per transaction (group commit), each request
//! awaiting its own commit.
//!
//! A change is an event row `(game_id, seq)` and the game row's `version`
//! moved from `seq - 1` to `seq` in the same transaction
//! (`UPDATE ... WHERE version = seq - 1`): two processes on one PostgreSQL
//! never both commit a change of the same version, so no move is lost or
//! doubled. On PostgreSQL each commit also sends `NOTIFY rulebook`, so the
//! other processes push the change to their WebSocket clients.

use std::time::Duration;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};
use tokio::sync::{mpsc, oneshot};

use crate::session::{Event, EventKind};

/// The NOTIFY channel of PostgreSQL.
pub const CHANNEL: &str = "rulebook";

/// The schema, by version: each step runs once, in order.
const MIGRATIONS: &[&[&str]] = &[&[
    "CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        spec TEXT NOT NULL,
        config TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        version BIGINT NOT NULL,
        open BIGINT NOT NULL,
        over BIGINT NOT NULL,
        computer BIGINT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS games_open ON games (open, over, created_at)",
    "CREATE INDEX IF NOT EXISTS games_live ON games (over, computer)",
    "CREATE TABLE IF NOT EXISTS events (
        game_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        kind TEXT NOT NULL,
        seat BIGINT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )",
]];

/// A change to commit.
#[derive(Debug)]
pub enum Op {
    /// A new game (version 0).
    Create {
        /// Its id.
        id: String,
        /// Its spec text.
        spec: String,
        /// Its configuration (JSON).
        config: String,
        /// Unix seconds.
        created_at: i64,
        /// Whether a seat waits for a player.
        open: bool,
        /// Whether a seat is the computer's.
        computer: bool,
    },
    /// An event: the game's version goes from `version - 1` to `version`.
    Event {
        /// The game.
        id: String,
        /// The new version (the event's seq).
        version: u64,
        /// What happened.
        event: Event,
        /// Whether a seat still waits for a player.
        open: bool,
        /// Whether the game is over.
        over: bool,
    },
}

/// Why a change was not committed.
#[derive(Debug, Clone)]
pub enum CommitError {
    /// Another process changed the game first (its version moved).
    Conflict,
    /// The database failed.
    Db(String),
}

struct Request {
    op: Op,
    reply: oneshot::Sender<Result<(), CommitError>>,
}

/// A stored game: its row and events.
pub struct StoredGame {
    /// Its spec text.
    pub spec: String,
    /// Its configuration (JSON).
    pub config: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Its events, in order.
    pub events: Vec<(u64, Event)>,
}

/// The database handle.
#[derive(Clone)]
pub struct Db {
    pool: AnyPool,
    writer: mpsc::Sender<Request>,
    /// Whether this is PostgreSQL.
    pub postgres: bool,
    /// The URL (for LISTEN).
    pub url: String,
}

/// The URL sqlx reads for `database` (a bare path is a SQLite file).
pub fn normalize_url(database: &str) -> String {
    if database.starts_with("postgres://") || database.starts_with("postgresql://") {
        database.to_owned()
    } else if database.starts_with("sqlite:") {
        if database.contains('?') {
            database.to_owned()
        } else {
            format!("{database}?mode=rwc")
        }
    } else {
        format!("sqlite://{database}?mode=rwc")
    }
}

impl Db {
    /// Connects, applies the migrations and starts the writer.
    ///
    /// # Errors
    ///
    /// The database's message when it cannot be opened or migrated.
    pub async fn open(database: &str) -> Result<Db, String> {
        sqlx::any::install_default_drivers();
        let url = normalize_url(database);
        let postgres = url.starts_with("postgres");
        let pool = AnyPoolOptions::new()
            .max_connections(if postgres { 8 } else { 4 })
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if !postgres {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .map_err(|error| format!("cannot open the database {url}: {error}"))?;
        migrate(&pool, postgres)
            .await
            .map_err(|error| format!("cannot migrate the database: {error}"))?;
        let (writer, requests) = mpsc::channel(4096);
        tokio::spawn(write_loop(pool.clone(), requests, postgres));
        Ok(Db {
            pool,
            writer,
            postgres,
            url,
        })
    }

    /// Commits `op`, returning once it is committed (or refused).
    ///
    /// # Errors
    ///
    /// [`CommitError::Conflict`] when the game's version moved,
    /// [`CommitError::Db`] when the database failed.
    pub async fn commit(&self, op: Op) -> Result<(), CommitError> {
        let (reply, answer) = oneshot::channel();
        self.writer
            .send(Request { op, reply })
            .await
            .map_err(|_| CommitError::Db("the writer has stopped".to_owned()))?;
        answer
            .await
            .map_err(|_| CommitError::Db("the writer has stopped".to_owned()))?
    }

    /// The game `id` with its events after `after`, or `None`.
    ///
    /// # Errors
    ///
    /// The database's message.
    pub async fn load(&self, id: &str, after: u64) -> Result<Option<StoredGame>, String> {
        let row = sqlx::query("SELECT spec, config, created_at FROM games WHERE id = $1")
            .bind(id.to_owned())
            .fetch_optional(&self.pool)
            .await
            .map_err(|error| error.to_string())?;
        let Some(row) = row else { return Ok(None) };
        let spec: String = row.try_get("spec").map_err(|error| error.to_string())?;
        let config: String = row.try_get("config").map_err(|error| error.to_string())?;
        let created_at: i64 = row
            .try_get("created_at")
            .map_err(|error| error.to_string())?;
        let events = self.events(id, after).await?;
        Ok(Some(StoredGame {
            spec,
            config,
            created_at,
            events,
        }))
    }

    /// The events of `id` after seq `after`, in order.
    ///
    /// # Errors
    ///
    /// The database's message.
    pub async fn events(&self, id: &str, after: u64) -> Result<Vec<(u64, Event)>, String> {
        let rows = sqlx::query(
            "SELECT seq, kind, seat, data FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq",
        )
        .bind(id.to_owned())
        .bind(i64::try_from(after).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await
        .map_err(|error| error.to_string())?;
        rows.iter().map(event_of_row).collect()
    }

    /// Ids of the games waiting for a second player, newest first.
    ///
    /// # Errors
    ///
    /// The database's message.
    pub async fn open_games(&self, limit: i64) -> Result<Vec<String>, String> {
        self.ids(
            "SELECT id FROM games WHERE open = 1 AND over = 0 ORDER BY created_at DESC LIMIT $1",
            Some(limit),
        )
        .await
    }

    /// Ids of the most recent games, newest first.
    ///
    /// # Errors
    ///
    /// The database's message.
    pub async fn recent_games(&self, limit: i64) -> Result<Vec<String>, String> {
        self.ids(
            "SELECT id FROM games ORDER BY created_at DESC LIMIT $1",
            Some(limit),
        )
        .await
    }

    /// Ids of the unfinished games with a computer seat.
    ///
    /// # Errors
    ///
    /// The database's message.
    pub async fn live_computer_games(&self) -> Result<Vec<String>, String> {
        self.ids("SELECT id FROM games WHERE over = 0 AND computer = 1", None)
            .await
    }

    async fn ids(&self, sql: &str, limit: Option<i64>) -> Result<Vec<String>, String> {
        let mut query = sqlx::query(sql);
        if let Some(limit) = limit {
            query = query.bind(limit);
        }
        let rows = query
            .fetch_all(&self.pool)
            .await
            .map_err(|error| error.to_string())?;
        rows.iter()
            .map(|row| {
                row.try_get::<String, _>("id")
                    .map_err(|error| error.to_string())
            })
            .collect()
    }
}

fn event_of_row(row: &AnyRow) -> Result<(u64, Event), String> {
    let seq: i64 = row.try_get("seq").map_err(|error| error.to_string())?;
    let kind: String = row.try_get("kind").map_err(|error| error.to_string())?;
    let seat: i64 = row.try_get("seat").map_err(|error| error.to_string())?;
    let data: String = row.try_get("data").map_err(|error| error.to_string())?;
    let kind = EventKind::from_name(&kind).ok_or_else(|| format!("unknown event kind {kind}"))?;
    Ok((
        u64::try_from(seq).unwrap_or(0),
        Event {
            kind,
            seat: u8::from(seat != 0),
            data,
        },
    ))
}

async fn migrate(pool: &AnyPool, postgres: bool) -> Result<(), sqlx::Error> {
    let mut conn = pool.acquire().await?;
    if postgres {
        // Several processes may start at once: one migrates at a time.
        conn.execute("SELECT pg_advisory_lock(7212018)").await?;
    }
    let result = async {
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            .await?;
        let current: Option<i64> = sqlx::query("SELECT MAX(version) AS v FROM schema_version")
            .fetch_one(&mut *conn)
            .await?
            .try_get("v")
            .ok();
        let current = usize::try_from(current.unwrap_or(0)).unwrap_or(0);
        for (index, steps) in MIGRATIONS.iter().enumerate().skip(current) {
            for step in *steps {
                conn.execute(*step).await?;
            }
            sqlx::query("INSERT INTO schema_version (version) VALUES ($1)")
                .bind(i64::try_from(index + 1).unwrap_or(i64::MAX))
                .execute(&mut *conn)
                .await?;
        }
        Ok::<(), sqlx::Error>(())
    }
    .await;
    if postgres {
        conn.execute("SELECT pg_advisory_unlock(7212018)").await?;
    }
    result
}

/// The most changes committed in one transaction.
const MAX_BATCH: usize = 256;

async fn write_loop(pool: AnyPool, mut requests: mpsc::Receiver<Request>, postgres: bool) {
    while let Some(first) = requests.recv().await {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match requests.try_recv() {
                Ok(request) => batch.push(request),
                Err(_) => break,
            }
        }
        // Lock rows in one order (by game id, a game's events in order) so
        // that two processes' batches never deadlock.
        batch.sort_by(|a, b| op_id(&a.op).cmp(op_id(&b.op)));
        let mut outcome = Err(String::new());
        for attempt in 0..3 {
            outcome = commit_batch(&pool, &batch, postgres).await;
            if outcome.is_ok() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5 << attempt)).await;
        }
        match outcome {
            Ok(results) => {
                for (request, result) in batch.into_iter().zip(results) {
                    let _ = request.reply.send(result);
                }
            }
            Err(error) => {
                eprintln!("rulebook-server: commit failed: {error}");
                for request in batch {
                    let _ = request.reply.send(Err(CommitError::Db(error.clone())));
                }
            }
        }
    }
}

fn op_id(op: &Op) -> &str {
    match op {
        Op::Create { id, .. } | Op::Event { id, .. } => id,
    }
}

async fn commit_batch(
    pool: &AnyPool,
    batch: &[Request],
    postgres: bool,
) -> Result<Vec<Result<(), CommitError>>, String> {
    let mut tx = pool.begin().await.map_err(|error| error.to_string())?;
    let mut results = Vec::with_capacity(batch.len());
    for request in batch {
        match &request.op {
            Op::Create {
                id,
                spec,
                config,
                created_at,
                open,
                computer,
            } => {
                sqlx::query(
                    "INSERT INTO games (id, spec, config, created_at, version, open, over, computer)
                     VALUES ($1, $2, $3, $4, 0, $5, 0, $6)",
                )
                .bind(id.clone())
                .bind(spec.clone())
                .bind(config.clone())
                .bind(*created_at)
                .bind(i64::from(*open))
                .bind(i64::from(*computer))
                .execute(&mut *tx)
                .await
                .map_err(|error| error.to_string())?;
                results.push(Ok(()));
            }
            Op::Event {
                id,
                version,
                event,
                open,
                over,
            } => {
                let version = i64::try_from(*version).unwrap_or(i64::MAX);
                let updated = sqlx::query(
                    "UPDATE games SET version = $1, open = $2, over = $3 WHERE id = $4 AND version = $5",
                )
                .bind(version)
                .bind(i64::from(*open))
                .bind(i64::from(*over))
                .bind(id.clone())
                .bind(version - 1)
                .execute(&mut *tx)
                .await
                .map_err(|error| error.to_string())?;
                if updated.rows_affected() != 1 {
                    results.push(Err(CommitError::Conflict));
                    continue;
                }
                sqlx::query(
                    "INSERT INTO events (game_id, seq, kind, seat, data) VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(id.clone())
                .bind(version)
                .bind(event.kind.as_str().to_owned())
                .bind(i64::from(event.seat))
                .bind(event.data.clone())
                .execute(&mut *tx)
                .await
                .map_err(|error| error.to_string())?;
                if postgres {
                    sqlx::query("SELECT pg_notify($1, $2)")
                        .bind(CHANNEL.to_owned())
                        .bind(format!("{id}:{version}"))
                        .execute(&mut *tx)
                        .await
                        .map_err(|error| error.to_string())?;
                }
                results.push(Ok(()));
            }
        }
    }
    tx.commit().await.map_err(|error| error.to_string())?;
    Ok(results)
}
