//! The database: one schema and one code path for SQLite and PostgreSQL
//! (sqlx's `Any` driver), migrations applied at start, and one writer task
//! that commits many changes per transaction (group commit), each request
//! awaiting its own commit.
//!
//! A change is an event row `(game_id, seq)`, inserted only if that seq
//! is free (`ON CONFLICT DO NOTHING`, the primary key), and the game row's
//! `version` moved to `seq` in the same transaction: two processes on one
//! PostgreSQL never both commit a change of the same version, so no move
//! is lost or doubled. A batch takes a few multi-row statements. On PostgreSQL each commit also sends `NOTIFY rulebook`, so the
//! other processes push the change to their WebSocket clients.

use std::time::Duration;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqliteSynchronous};
use sqlx::{AnyPool, ConnectOptions, Connection, Executor, Row};
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
], &[
    // Clocks: each event's server time, which games have clocks, and a
    // heartbeat (so a restart knows since when the server was down).
    "ALTER TABLE events ADD COLUMN at BIGINT NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN timed BIGINT NOT NULL DEFAULT 0",
    "CREATE INDEX IF NOT EXISTS games_timed ON games (over, timed)",
    "CREATE TABLE IF NOT EXISTS heartbeat (id BIGINT PRIMARY KEY, at BIGINT NOT NULL)",
    "INSERT INTO heartbeat (id, at) SELECT 0, 0 WHERE NOT EXISTS (SELECT 1 FROM heartbeat WHERE id = 0)",
], crate::people::MIGRATION, &[
    // A game's chat (`src/chat.rs`): its messages by seq.
    "CREATE TABLE IF NOT EXISTS chat (
        game_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        seat BIGINT NOT NULL,
        text TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )",
], &[
    // Which process holds each game (`games.owner`: the process that last
    // committed a change of it) and each process's own heartbeat, so that
    // a process adopts (and resumes the clocks of) only the games of
    // processes that stopped. The single heartbeat of before becomes the
    // process '' that owns the games made before this step.
    "CREATE TABLE IF NOT EXISTS processes (
        id TEXT PRIMARY KEY,
        started BIGINT NOT NULL,
        heartbeat BIGINT NOT NULL,
        stopped BIGINT NOT NULL DEFAULT 0
    )",
    "INSERT INTO processes (id, started, heartbeat, stopped) SELECT '', 0, at, 1 FROM heartbeat \
     WHERE id = 0 AND at > 0 AND NOT EXISTS (SELECT 1 FROM processes WHERE id = '')",
    "ALTER TABLE games ADD COLUMN owner TEXT NOT NULL DEFAULT ''",
], crate::lobby::MIGRATION, crate::people::PLAYED_AT_MIGRATION, EVENTS_CLUSTERED];

/// SQLite only (PostgreSQL has no rowid: its step is empty): the events
/// table `WITHOUT ROWID`, its rows kept in the B-tree of its primary key
/// `(game_id, seq)`, so that an event is written into one B-tree instead
/// of two (the rowid table and the key's index). Fewer pages per move for
/// the writer (see `Writer::Sqlite`).
const EVENTS_CLUSTERED: &[&str] = &[
    "CREATE TABLE events_clustered (
        game_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        kind TEXT NOT NULL,
        seat BIGINT NOT NULL,
        data TEXT NOT NULL,
        at BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID",
    "INSERT INTO events_clustered (game_id, seq, kind, seat, data, at) \
     SELECT game_id, seq, kind, seat, data, at FROM events",
    "DROP TABLE events",
    "ALTER TABLE events_clustered RENAME TO events",
];

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
        /// Whether it has clocks.
        timed: bool,
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

impl Op {
    /// Whether the writer commits it before the changes waiting in its
    /// queue: a timeout (a flag, or an abort), which the timer commits at
    /// its deadline and which must not wait behind a queue of moves.
    pub fn is_urgent(&self) -> bool {
        matches!(self, Op::Event { event, .. } if event.kind == EventKind::Timeout)
    }
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
    /// The writer's priority lane: the timers' flags (see [`Op::is_urgent`]).
    urgent: mpsc::Sender<Request>,
    /// Whether this is PostgreSQL.
    pub postgres: bool,
    /// The URL (for LISTEN).
    pub url: String,
    /// This process's id (random), the owner it writes on the games it
    /// changes, with its heartbeat in `processes`.
    pub process: String,
}

/// How often a process writes its heartbeat.
pub const HEARTBEAT_EVERY: Duration = Duration::from_secs(1);

/// A process whose heartbeat is older than this has stopped: its games are
/// adopted by another (five heartbeats missed, so a process that is only
/// slow keeps its games).
pub const STALE_AFTER: Duration = Duration::from_secs(5);

/// A game whose owner has stopped (see [`Db::orphans`]).
#[derive(Debug, Clone)]
pub struct Orphan {
    /// The game.
    pub id: String,
    /// Its owner (a stopped process).
    pub owner: String,
    /// The owner's last heartbeat (Unix ms), None when unknown: the game's
    /// clocks were not counted by anyone since then.
    pub heartbeat: Option<i64>,
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
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(|error| format!("no randomness: {error}"))?;
        let process: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
        let started = crate::app::now_ms();
        sqlx::query("INSERT INTO processes (id, started, heartbeat) VALUES ($1, $2, $2)")
            .bind(process.clone())
            .bind(started)
            .execute(&pool)
            .await
            .map_err(|error| format!("cannot register this process: {error}"))?;
        let store = if postgres {
            Writer::Pool(pool.clone())
        } else {
            Writer::Sqlite(Box::new(
                sqlite_writer(&url)
                    .await
                    .map_err(|error| format!("cannot open the database {url}: {error}"))?,
            ))
        };
        let (writer, requests) = mpsc::channel(4096);
        let (urgent, urgent_requests) = mpsc::channel(1024);
        tokio::spawn(write_loop(
            store,
            Lanes {
                urgent: urgent_requests,
                normal: requests,
            },
            postgres,
            process.clone(),
        ));
        Ok(Db {
            pool,
            writer,
            urgent,
            postgres,
            url,
            process,
        })
    }

    /// The connection pool, for the tables outside the group-commit
    /// writer: accounts, ratings and players (`crate::people`) and the
    /// chat, which change outside the games' events.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Commits `op`, returning once it is committed (or refused).
    ///
    /// # Errors
    ///
    /// [`CommitError::Conflict`] when the game's version moved,
    /// [`CommitError::Db`] when the database failed.
    pub async fn commit(&self, op: Op) -> Result<(), CommitError> {
        let (reply, answer) = oneshot::channel();
        let lane = if op.is_urgent() {
            &self.urgent
        } else {
            &self.writer
        };
        lane.send(Request { op, reply })
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
            "SELECT seq, kind, seat, data, at FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq",
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

    /// Writes this process's heartbeat every [`HEARTBEAT_EVERY`], for
    /// ever: its time, which tells the others it runs, and, once it has
    /// stopped, since when its games' clocks were not counted.
    pub async fn heartbeat_loop(self) {
        let mut ticks = tokio::time::interval(HEARTBEAT_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let written = sqlx::query("UPDATE processes SET heartbeat = $1 WHERE id = $2")
                .bind(crate::app::now_ms())
                .bind(self.process.clone())
                .execute(&self.pool)
                .await;
            if let Err(error) = written {
                eprintln!("rulebook-server: heartbeat: {error}");
            }
            if !self.postgres {
                // Copy the WAL's pages into the database file from this
                // connection, not the writer's (see
                // `WRITER_WAL_AUTOCHECKPOINT`): PASSIVE neither waits for
                // nor blocks the writer.
                let checkpoint = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                    .execute(&self.pool)
                    .await;
                if let Err(error) = checkpoint {
                    eprintln!("rulebook-server: checkpoint: {error}");
                }
            }
        }
    }

    /// Marks this process stopped (a clean shutdown): the others adopt its
    /// games at once instead of after [`STALE_AFTER`].
    ///
    /// # Errors
    ///
    /// The database's message.
    pub async fn stop(&self) -> Result<(), String> {
        sqlx::query("UPDATE processes SET heartbeat = $1, stopped = 1 WHERE id = $2")
            .bind(crate::app::now_ms())
            .bind(self.process.clone())
            .execute(&self.pool)
            .await
            .map(|_| ())
            .map_err(|error| error.to_string())
    }

    /// The unfinished games with a clock or a computer seat whose owner is
    /// another process that has stopped: marked stopped, or no heartbeat
    /// since `alive_since` (Unix ms). A game owned by a running process is
    /// not listed: that process counts its clocks.
    ///
    /// # Errors
    ///
    /// The database's message.
    pub async fn orphans(&self, alive_since: i64) -> Result<Vec<Orphan>, String> {
        let text = |error: sqlx::Error| error.to_string();
        let rows = sqlx::query(
            "SELECT g.id, g.owner, p.heartbeat FROM games g LEFT JOIN processes p ON p.id = g.owner \
             WHERE g.over = 0 AND (g.timed = 1 OR g.computer = 1) AND g.owner <> $1 \
             AND (p.id IS NULL OR p.stopped = 1 OR p.heartbeat < $2)",
        )
        .bind(self.process.clone())
        .bind(alive_since)
        .fetch_all(&self.pool)
        .await
        .map_err(text)?;
        rows.iter()
            .map(|row| {
                Ok(Orphan {
                    id: row.try_get("id").map_err(text)?,
                    owner: row.try_get("owner").map_err(text)?,
                    heartbeat: row.try_get::<Option<i64>, _>("heartbeat").map_err(text)?,
                })
            })
            .collect()
    }

    /// Makes this process the owner of `orphan`'s game, unless another
    /// process took it first (or changed the game meanwhile): whether it
    /// did.
    ///
    /// # Errors
    ///
    /// The database's message.
    pub async fn adopt(&self, orphan: &Orphan) -> Result<bool, String> {
        let done = sqlx::query("UPDATE games SET owner = $1 WHERE id = $2 AND owner = $3")
            .bind(self.process.clone())
            .bind(orphan.id.clone())
            .bind(orphan.owner.clone())
            .execute(&self.pool)
            .await
            .map_err(|error| error.to_string())?;
        Ok(done.rows_affected() == 1)
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
    let at: i64 = row.try_get("at").map_err(|error| error.to_string())?;
    let kind = EventKind::from_name(&kind).ok_or_else(|| format!("unknown event kind {kind}"))?;
    Ok((
        u64::try_from(seq).unwrap_or(0),
        Event {
            kind,
            seat: u8::from(seat != 0),
            data,
            at,
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
            // Each step in a transaction: a step that rebuilds a table
            // (`EVENTS_CLUSTERED`) is done whole or not at all.
            let mut tx = conn.begin().await?;
            let sqlite_only = std::ptr::eq(*steps, EVENTS_CLUSTERED);
            if !(postgres && sqlite_only) {
                for step in *steps {
                    tx.execute(*step).await?;
                }
            }
            sqlx::query("INSERT INTO schema_version (version) VALUES ($1)")
                .bind(i64::try_from(index + 1).unwrap_or(i64::MAX))
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
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

/// The most changes in a batch that carries urgent ones (flags): a small
/// batch commits in a few milliseconds even when the queue behind it is
/// long, so a flag is committed soon after its deadline.
const URGENT_BATCH: usize = 32;

/// The writer's two queues: urgent changes (flags) are taken first.
struct Lanes {
    urgent: mpsc::Receiver<Request>,
    normal: mpsc::Receiver<Request>,
}

/// What the writer did in the last second, printed to stderr each second
/// when the environment sets `RULEBOOK_COMMIT_STATS` (a profile of the
/// commit path: batches, their sizes, and where their time went).
#[derive(Default)]
struct CommitStats {
    batches: u64,
    ops: u64,
    largest: usize,
    /// Waiting for the next request, and gathering the batch.
    idle: Duration,
    /// BEGIN and the statements.
    statements: Duration,
    /// COMMIT (the fsync).
    commit: Duration,
    since: Option<std::time::Instant>,
}

impl CommitStats {
    fn report(&mut self) {
        let now = std::time::Instant::now();
        let since = *self.since.get_or_insert(now);
        if now.duration_since(since) < Duration::from_secs(1) {
            return;
        }
        let per = |total: Duration| total.as_secs_f64() * 1000.0 / self.batches.max(1) as f64;
        eprintln!(
            "commit stats: {} batches, {} ops ({:.1} per batch, largest {}); per batch {:.2} ms statements, {:.2} ms commit; writer idle {:.0}%",
            self.batches,
            self.ops,
            self.ops as f64 / self.batches.max(1) as f64,
            self.largest,
            per(self.statements),
            per(self.commit),
            100.0 * self.idle.as_secs_f64() / now.duration_since(since).as_secs_f64(),
        );
        *self = CommitStats {
            since: Some(now),
            ..CommitStats::default()
        };
    }
}

/// Where the writer commits.
enum Writer {
    /// PostgreSQL: a connection of the pool per batch, a round trip per
    /// statement (with `NOTIFY` for the other processes).
    Pool(AnyPool),
    /// SQLite: a connection of its own, kept for the writer (its page
    /// cache stays warm: the pool's connections see their caches dropped
    /// each time another connection writes), and a whole batch sent to
    /// SQLite's worker thread as one script (see [`commit_batch_sqlite`]).
    Sqlite(Box<SqliteConnection>),
}

/// The pages the writer's WAL may hold before the writer checkpoints it
/// itself (SQLite's default is 1,000: at 2,000 moves/s that was a
/// checkpoint after about every batch, on the writer's time). Between
/// those, the heartbeat loop checkpoints every second from another
/// connection (`PRAGMA wal_checkpoint(PASSIVE)`, which does not block the
/// writer), so the writer's own checkpoint has little left to copy.
const WRITER_WAL_AUTOCHECKPOINT: u32 = 16_000;

/// The writer's SQLite connection: WAL, `synchronous = FULL` (a commit is
/// on the disk before it is answered, as on the pool's connections), a
/// page cache of up to 32 MiB, and room for a batch's rows.
async fn sqlite_writer(url: &str) -> Result<SqliteConnection, sqlx::Error> {
    use std::str::FromStr as _;
    SqliteConnectOptions::from_str(url)?
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .busy_timeout(Duration::from_secs(10))
        .pragma("cache_size", "-32768")
        .pragma("wal_autocheckpoint", WRITER_WAL_AUTOCHECKPOINT.to_string())
        .statement_cache_capacity(256)
        .row_buffer_size(1024)
        .disable_statement_logging()
        .connect()
        .await
}

async fn write_loop(mut store: Writer, mut lanes: Lanes, postgres: bool, process: String) {
    let mut stats = std::env::var_os("RULEBOOK_COMMIT_STATS").map(|_| CommitStats::default());
    let mut waiting = std::time::Instant::now();
    loop {
        let first = tokio::select! {
            biased;
            Some(request) = lanes.urgent.recv() => request,
            Some(request) = lanes.normal.recv() => request,
            else => break,
        };
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match lanes.urgent.try_recv() {
                Ok(request) => batch.push(request),
                Err(_) => break,
            }
        }
        let limit = if batch[0].op.is_urgent() {
            URGENT_BATCH.max(batch.len())
        } else {
            MAX_BATCH
        };
        while batch.len() < limit {
            match lanes.normal.try_recv() {
                Ok(request) => batch.push(request),
                Err(_) => break,
            }
        }
        // Lock rows in one order (by game id, a game's events in order) so
        // that two processes' batches never deadlock.
        batch.sort_by(|a, b| op_id(&a.op).cmp(op_id(&b.op)));
        let mut outcome = Err(String::new());
        let mut timing = (Duration::ZERO, Duration::ZERO);
        let started = std::time::Instant::now();
        for attempt in 0..3 {
            outcome = match &mut store {
                Writer::Pool(pool) => {
                    commit_batch(pool, &batch, postgres, &process, &mut timing).await
                }
                Writer::Sqlite(conn) => {
                    commit_batch_sqlite(conn, &batch, &process, &mut timing).await
                }
            };
            if outcome.is_ok() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5 << attempt)).await;
        }
        if let Some(stats) = &mut stats {
            stats.batches += 1;
            stats.ops += batch.len() as u64;
            stats.largest = stats.largest.max(batch.len());
            stats.statements += timing.0;
            stats.commit += timing.1;
            stats.idle += started.duration_since(waiting);
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
        if let Some(stats) = &mut stats {
            stats.report();
        }
        waiting = std::time::Instant::now();
    }
}

/// The batch's new games ([`Op::Create`]), in the batch's order.
fn new_games(batch: &[Request]) -> Vec<&Op> {
    batch
        .iter()
        .map(|request| &request.op)
        .filter(|op| matches!(op, Op::Create { .. }))
        .collect()
}

/// The batch's events as rows `(game id, version, event)`, in the batch's
/// order.
fn batch_events(batch: &[Request]) -> Vec<(&str, i64, &Event)> {
    batch
        .iter()
        .filter_map(|request| match &request.op {
            Op::Event {
                id, version, event, ..
            } => Some((
                id.as_str(),
                i64::try_from(*version).unwrap_or(i64::MAX),
                event,
            )),
            Op::Create { .. } => None,
        })
        .collect()
}

/// Binds a new game's row to `$query`, in the column order of `INSERT INTO
/// games (id, spec, config, created_at, version, open, over, computer, timed,
/// owner)`, when `$op` is an [`Op::Create`]; other changes bind nothing. A
/// macro, not a function, because the two commit paths build queries of two
/// database types (`Any` and `Sqlite`).
macro_rules! bind_new_game {
    ($query:ident, $op:expr, $process:expr) => {
        if let Op::Create {
            id,
            spec,
            config,
            created_at,
            open,
            computer,
            timed,
        } = $op
        {
            $query = $query
                .bind(id.clone())
                .bind(spec.clone())
                .bind(config.clone())
                .bind(*created_at)
                .bind(0i64)
                .bind(i64::from(*open))
                .bind(0i64)
                .bind(i64::from(*computer))
                .bind(i64::from(*timed))
                .bind($process.to_owned());
        }
    };
}

fn op_id(op: &Op) -> &str {
    match op {
        Op::Create { id, .. } | Op::Event { id, .. } => id,
    }
}

/// Rows per multi-row statement (a batch of `MAX_BATCH` changes takes a
/// few statements, not two per change: each statement is a round trip to
/// the database's worker thread, which is what limited the throughput).
const ROWS_PER_STATEMENT: usize = 64;

/// `($1, $2), ($3, $4), ...`: `rows` tuples of `columns` placeholders.
fn placeholders(rows: usize, columns: usize) -> String {
    placeholders_from(rows, columns, 0)
}

/// [`placeholders`] numbered from `$(skip + 1)` on.
fn placeholders_from(rows: usize, columns: usize, skip: usize) -> String {
    let mut text = String::with_capacity(rows * columns * 6);
    for row in 0..rows {
        if row > 0 {
            text.push_str(", ");
        }
        text.push('(');
        for column in 0..columns {
            if column > 0 {
                text.push_str(", ");
            }
            text.push('$');
            text.push_str(&(skip + row * columns + column + 1).to_string());
        }
        text.push(')');
    }
    text
}

/// Commits a batch in one transaction, with a few multi-row statements.
///
/// A change of game `id` to version `n` is the event row `(id, n)`,
/// inserted with `ON CONFLICT DO NOTHING`: the primary key lets only one
/// process commit version `n` of a game (the others get
/// [`CommitError::Conflict`] and catch up), so no move is lost or doubled.
/// The game rows then get their new version, `open` and `over` in one
/// `UPDATE ... FROM (VALUES ...)`, and `owner`: this process, which holds
/// the games it changes.
async fn commit_batch(
    pool: &AnyPool,
    batch: &[Request],
    postgres: bool,
    process: &str,
    timing: &mut (Duration, Duration),
) -> Result<Vec<Result<(), CommitError>>, String> {
    let started = std::time::Instant::now();
    let mut tx = pool.begin().await.map_err(|error| error.to_string())?;
    let text = |error: sqlx::Error| error.to_string();
    // New games.
    let creates = new_games(batch);
    for chunk in creates.chunks(ROWS_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO games (id, spec, config, created_at, version, open, over, computer, timed, owner) VALUES {}",
            placeholders(chunk.len(), 10)
        );
        let mut query = sqlx::query(&sql);
        for op in chunk {
            bind_new_game!(query, op, process);
        }
        query.execute(&mut *tx).await.map_err(text)?;
    }
    // Events: the ones inserted are committed, the others conflict.
    let events = batch_events(batch);
    let mut inserted = std::collections::HashSet::new();
    for chunk in events.chunks(ROWS_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO events (game_id, seq, kind, seat, data, at) VALUES {} \
             ON CONFLICT (game_id, seq) DO NOTHING RETURNING game_id, seq",
            placeholders(chunk.len(), 6)
        );
        let mut query = sqlx::query(&sql);
        for (id, version, event) in chunk {
            query = query
                .bind((*id).to_owned())
                .bind(*version)
                .bind(event.kind.as_str().to_owned())
                .bind(i64::from(event.seat))
                .bind(event.data.clone())
                .bind(event.at);
        }
        for row in query.fetch_all(&mut *tx).await.map_err(text)? {
            let id: String = row.try_get("game_id").map_err(text)?;
            let seq: i64 = row.try_get("seq").map_err(text)?;
            inserted.insert((id, seq));
        }
    }
    // The games' rows, one per game (its newest committed change).
    let mut games: std::collections::BTreeMap<&str, (i64, bool, bool)> =
        std::collections::BTreeMap::new();
    let mut results = Vec::with_capacity(batch.len());
    for request in batch {
        match &request.op {
            Op::Create { .. } => results.push(Ok(())),
            Op::Event {
                id,
                version,
                open,
                over,
                ..
            } => {
                let version = i64::try_from(*version).unwrap_or(i64::MAX);
                if inserted.remove(&(id.clone(), version)) {
                    let entry = games.entry(id.as_str()).or_insert((version, *open, *over));
                    if version >= entry.0 {
                        *entry = (version, *open, *over);
                    }
                    results.push(Ok(()));
                } else {
                    results.push(Err(CommitError::Conflict));
                }
            }
        }
    }
    let games: Vec<_> = games.into_iter().collect();
    for chunk in games.chunks(ROWS_PER_STATEMENT) {
        // `column1`... are the names both SQLite and PostgreSQL give the
        // columns of a VALUES list.
        let sql = format!(
            "UPDATE games SET version = v.column2, open = v.column3, over = v.column4, owner = v.column5 \
             FROM (VALUES {}) AS v WHERE games.id = v.column1 AND games.version < v.column2",
            placeholders(chunk.len(), 5)
        );
        let mut query = sqlx::query(&sql);
        for (id, (version, open, over)) in chunk {
            query = query
                .bind((*id).to_owned())
                .bind(*version)
                .bind(i64::from(*open))
                .bind(i64::from(*over))
                .bind(process.to_owned());
        }
        query.execute(&mut *tx).await.map_err(text)?;
        if postgres {
            let sql = format!(
                "SELECT pg_notify($1, v.column1) FROM (VALUES {}) AS v",
                (0..chunk.len())
                    .map(|row| format!("(${})", row + 2))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let mut query = sqlx::query(&sql).bind(CHANNEL.to_owned());
            for (id, (version, _, _)) in chunk {
                query = query.bind(format!("{id}:{version}"));
            }
            query.execute(&mut *tx).await.map_err(text)?;
        }
    }
    let committing = std::time::Instant::now();
    timing.0 += committing.duration_since(started);
    tx.commit().await.map_err(text)?;
    timing.1 += committing.elapsed();
    Ok(results)
}

/// One game row's change in a batch: its newest version, `open`, `over`.
type GameRow<'a> = (&'a str, (i64, bool, bool));

/// The newest change of each game in `batch` (a game has at most one
/// change in flight per process: its slot is locked until the commit).
fn game_rows(batch: &[Request]) -> Vec<GameRow<'_>> {
    let mut games: std::collections::BTreeMap<&str, (i64, bool, bool)> =
        std::collections::BTreeMap::new();
    for request in batch {
        if let Op::Event {
            id,
            version,
            open,
            over,
            ..
        } = &request.op
        {
            let version = i64::try_from(*version).unwrap_or(i64::MAX);
            let entry = games.entry(id.as_str()).or_insert((version, *open, *over));
            if version > entry.0 {
                *entry = (version, *open, *over);
            }
        }
    }
    games.into_iter().collect()
}

/// Commits a batch on SQLite in one transaction sent as one script
/// (`BEGIN IMMEDIATE; INSERT ...; UPDATE ...`, then `COMMIT`): two round
/// trips to SQLite's worker thread per batch instead of two per
/// statement. On a machine whose cores are shared with other work, each
/// round trip waits for the two threads to be scheduled, and that wait,
/// not SQLite's work, was most of a batch's time.
///
/// The same rules as [`commit_batch`]: an event is committed only if its
/// `(game_id, seq)` is free (`ON CONFLICT DO NOTHING ... RETURNING`), and
/// a game row moves to the version of its change only if it is behind it
/// (a process that committed that seq first moved the row in the same
/// transaction). Fewer pages per move: the game row's `version` and
/// `owner` are set by a statement of their own, which touches no index,
/// and `open` and `over` (in three indexes) only when they change (when a
/// player joins, when the game ends).
async fn commit_batch_sqlite(
    conn: &mut SqliteConnection,
    batch: &[Request],
    process: &str,
    timing: &mut (Duration, Duration),
) -> Result<Vec<Result<(), CommitError>>, String> {
    let started = std::time::Instant::now();
    let mut sql = String::from("BEGIN IMMEDIATE;\n");
    let mut count = 0;
    let creates = new_games(batch);
    for chunk in creates.chunks(ROWS_PER_STATEMENT) {
        sql.push_str(
            "INSERT INTO games (id, spec, config, created_at, version, open, over, computer, timed, owner) VALUES ",
        );
        sql.push_str(&placeholders_from(chunk.len(), 10, count));
        sql.push_str(";\n");
        count += chunk.len() * 10;
    }
    let events = batch_events(batch);
    for chunk in events.chunks(ROWS_PER_STATEMENT) {
        sql.push_str("INSERT INTO events (game_id, seq, kind, seat, data, at) VALUES ");
        sql.push_str(&placeholders_from(chunk.len(), 6, count));
        sql.push_str(" ON CONFLICT (game_id, seq) DO NOTHING RETURNING game_id, seq;\n");
        count += chunk.len() * 6;
    }
    let games = game_rows(batch);
    for chunk in games.chunks(ROWS_PER_STATEMENT) {
        // `open` and `over` first, only where they change (the condition
        // on the version is the next statement's).
        sql.push_str("UPDATE games SET open = v.column3, over = v.column4 FROM (VALUES ");
        sql.push_str(&placeholders_from(chunk.len(), 4, count));
        sql.push_str(
            ") AS v WHERE games.id = v.column1 AND games.version < v.column2 \
             AND (games.open <> v.column3 OR games.over <> v.column4);\n",
        );
        count += chunk.len() * 4;
        sql.push_str("UPDATE games SET version = v.column2, owner = v.column3 FROM (VALUES ");
        sql.push_str(&placeholders_from(chunk.len(), 3, count));
        sql.push_str(") AS v WHERE games.id = v.column1 AND games.version < v.column2;\n");
        count += chunk.len() * 3;
    }
    let mut query = sqlx::query::<sqlx::Sqlite>(&sql);
    for chunk in creates.chunks(ROWS_PER_STATEMENT) {
        for op in chunk {
            bind_new_game!(query, op, process);
        }
    }
    for (id, version, event) in &events {
        query = query
            .bind((*id).to_owned())
            .bind(*version)
            .bind(event.kind.as_str().to_owned())
            .bind(i64::from(event.seat))
            .bind(event.data.clone())
            .bind(event.at);
    }
    for chunk in games.chunks(ROWS_PER_STATEMENT) {
        for (id, (version, open, over)) in chunk {
            query = query
                .bind((*id).to_owned())
                .bind(*version)
                .bind(i64::from(*open))
                .bind(i64::from(*over));
        }
        for (id, (version, _, _)) in chunk {
            query = query
                .bind((*id).to_owned())
                .bind(*version)
                .bind(process.to_owned());
        }
    }
    let text = |error: sqlx::Error| error.to_string();
    let rows = match query.fetch_all(&mut *conn).await {
        Ok(rows) => rows,
        Err(error) => {
            // The script stopped at the failing statement, inside the
            // transaction (or before it began): undo what it did.
            let _ = conn.execute("ROLLBACK").await;
            return Err(text(error));
        }
    };
    let mut inserted = std::collections::HashSet::new();
    for row in &rows {
        let id: String = row.try_get("game_id").map_err(text)?;
        let seq: i64 = row.try_get("seq").map_err(text)?;
        inserted.insert((id, seq));
    }
    let committing = std::time::Instant::now();
    timing.0 += committing.duration_since(started);
    if let Err(error) = conn.execute("COMMIT").await {
        let _ = conn.execute("ROLLBACK").await;
        return Err(text(error));
    }
    timing.1 += committing.elapsed();
    Ok(batch
        .iter()
        .map(|request| match &request.op {
            Op::Create { .. } => Ok(()),
            Op::Event { id, version, .. } => {
                let version = i64::try_from(*version).unwrap_or(i64::MAX);
                // The first change of a version is the one inserted (rows
                // go in in the batch's order); any other conflicts.
                if inserted.remove(&(id.clone(), version)) {
                    Ok(())
                } else {
                    Err(CommitError::Conflict)
                }
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_url() -> String {
        let dir = std::env::temp_dir().join(format!(
            "rulebook-server-db-test-{}-{:x}",
            std::process::id(),
            crate::app::now_ms()
        ));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let mut nonce = [0u8; 8];
        getrandom::fill(&mut nonce).expect("randomness");
        let name: String = nonce.iter().map(|byte| format!("{byte:02x}")).collect();
        normalize_url(&dir.join(format!("{name}.db")).display().to_string())
    }

    fn create(id: &str) -> Op {
        Op::Create {
            id: id.to_owned(),
            spec: "connect4".to_owned(),
            config: "{}".to_owned(),
            created_at: 1,
            open: true,
            computer: false,
            timed: false,
        }
    }

    fn event(id: &str, version: u64, data: &str, open: bool, over: bool) -> Op {
        Op::Event {
            id: id.to_owned(),
            version,
            event: Event {
                kind: EventKind::Move,
                seat: 0,
                data: data.to_owned(),
                at: 7,
            },
            open,
            over,
        }
    }

    async fn game_row(db: &Db, id: &str) -> (i64, i64, i64) {
        let row = sqlx::query("SELECT version, open, over FROM games WHERE id = $1")
            .bind(id.to_owned())
            .fetch_one(db.pool())
            .await
            .expect("the game's row");
        (
            row.try_get("version").expect("version"),
            row.try_get("open").expect("open"),
            row.try_get("over").expect("over"),
        )
    }

    /// Two processes on one SQLite file commit the same version of a game:
    /// one commits, the other is told of the conflict, and the game's row
    /// follows the committed events (`open` and `over` only when they
    /// change, in the same transaction).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_batches_commit_each_version_once_and_move_the_game_row() {
        let url = temp_url();
        let first = Db::open(&url).await.expect("the database");
        let second = Db::open(&url).await.expect("the database again");
        first.commit(create("g1")).await.expect("created");
        first.commit(create("g2")).await.expect("created");
        first
            .commit(event("g1", 1, "3", false, false))
            .await
            .expect("the first process commits version 1");
        let refused = second.commit(event("g1", 1, "4", false, false)).await;
        assert!(matches!(refused, Err(CommitError::Conflict)), "{refused:?}");
        assert_eq!(game_row(&first, "g1").await, (1, 0, 0));
        // Many changes at once: batched together, each committed.
        let commits: Vec<_> = (2..=40)
            .map(|version| {
                let db = first.clone();
                tokio::spawn(async move {
                    db.commit(event("g2", 1, &version.to_string(), true, false))
                        .await
                })
            })
            .collect();
        let mut committed = 0;
        for commit in commits {
            if commit.await.expect("a task").is_ok() {
                committed += 1;
            }
        }
        assert_eq!(committed, 1, "one change of version 1 of g2");
        second
            .commit(event("g1", 2, "4", false, true))
            .await
            .expect("the second process commits version 2");
        assert_eq!(game_row(&first, "g1").await, (2, 0, 1));
        assert_eq!(game_row(&first, "g2").await, (1, 1, 0));
        let events = first.events("g1", 0).await.expect("the events");
        let texts: Vec<_> = events
            .iter()
            .map(|(seq, event)| (*seq, event.data.as_str(), event.at))
            .collect();
        assert_eq!(texts, [(1, "3", 7), (2, "4", 7)]);
    }

    /// A database of before the clustered events table keeps its events
    /// through the migration, which rebuilds the table `WITHOUT ROWID`.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_events_table_is_rebuilt_without_rowid_keeping_its_rows() {
        let url = temp_url();
        sqlx::any::install_default_drivers();
        {
            let pool = AnyPool::connect(&url).await.expect("the old database");
            let before = MIGRATIONS.len() - 1;
            pool.execute("CREATE TABLE schema_version (version BIGINT NOT NULL)")
                .await
                .expect("schema_version");
            for steps in &MIGRATIONS[..before] {
                for step in *steps {
                    pool.execute(*step).await.expect("an old step");
                }
            }
            sqlx::query("INSERT INTO schema_version (version) VALUES ($1)")
                .bind(i64::try_from(before).expect("a count"))
                .execute(&pool)
                .await
                .expect("the old version");
            pool.execute(
                "INSERT INTO games (id, spec, config, created_at, version, open, over, computer) \
                 VALUES ('old', 'connect4', '{}', 1, 2, 0, 0, 0)",
            )
            .await
            .expect("an old game");
            pool.execute(
                "INSERT INTO events (game_id, seq, kind, seat, data, at) \
                 VALUES ('old', 1, 'move', 0, '3', 5), ('old', 2, 'move', 1, '4', 6)",
            )
            .await
            .expect("its events");
            pool.close().await;
        }
        let db = Db::open(&url).await.expect("the migrated database");
        let layout: String =
            sqlx::query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'")
                .fetch_one(db.pool())
                .await
                .expect("the events table")
                .try_get("sql")
                .expect("its SQL");
        assert!(layout.contains("WITHOUT ROWID"), "{layout}");
        let events = db.events("old", 0).await.expect("the events");
        let kept: Vec<_> = events
            .iter()
            .map(|(seq, event)| (*seq, event.seat, event.data.as_str(), event.at))
            .collect();
        assert_eq!(kept, [(1, 0, "3", 5), (2, 1, "4", 6)]);
        db.commit(event("old", 3, "5", false, false))
            .await
            .expect("a new event after them");
        assert_eq!(game_row(&db, "old").await, (3, 0, 0));
    }
}
