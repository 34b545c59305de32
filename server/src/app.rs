//! The server's shared state: the games in memory (loaded from the
//! database on first use), each behind its own lock with a broadcast
//! channel to its WebSocket clients; every change committed before it is
//! kept and pushed; the computer's turns run off the async runtime.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rulebook::catalog::GameSpec;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use tokio::sync::{broadcast, Semaphore};

use crate::db::{CommitError, Db, Op};
use crate::error::ApiError;
use crate::ratelimit::RateLimiter;
use crate::session::{Command, EngineOutcome, Event, EventKind, GameConfig, LiveGame, Restore};
use crate::web::Web;

/// A message for a game's WebSocket clients.
#[derive(Clone, Debug)]
pub struct Push {
    /// The version it shows (0: not a change, e.g. `thinking`).
    pub version: u64,
    /// The JSON text.
    pub text: Arc<str>,
}

/// A game's current state.
pub struct Slot {
    /// The game.
    pub game: Box<dyn LiveGame>,
    /// Its version: the seq of its last event.
    pub version: u64,
    /// The state's JSON at `version`.
    cache: Option<Arc<str>>,
    /// The version a computer job runs for.
    engine_for: Option<u64>,
}

impl Slot {
    /// The state's JSON text, its clocks as of now (kept for the next
    /// request unless a clock runs).
    pub fn state_text(&mut self, id: &str) -> Arc<str> {
        if let Some(text) = &self.cache {
            return text.clone();
        }
        let state = self.game.state(id, self.version, now_ms());
        let text: Arc<str> = serde_json::to_string(&state)
            .unwrap_or_else(|_| "{}".to_owned())
            .into();
        if !self.game.clock_running() {
            self.cache = Some(text.clone());
        }
        text
    }
}

/// A game in memory.
pub struct Handle {
    /// Its id.
    pub id: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Whether a seat is the computer's.
    pub has_computer: bool,
    /// Its state.
    pub slot: tokio::sync::Mutex<Slot>,
    /// Its WebSocket clients.
    pub tx: broadcast::Sender<Push>,
    /// When it was last used: milliseconds since the server started.
    last_used: AtomicU64,
    /// The timer that ends the game when the side to move's clock runs
    /// out (re-armed on every change).
    timer: Mutex<Option<tokio::task::JoinHandle<()>>>,
    /// Which players are here: WebSocket clients that said their token.
    presence: Mutex<Presence>,
}

/// Which players have a WebSocket open (in this process).
#[derive(Default)]
struct Presence {
    /// Open sockets per seat.
    connected: [u32; 2],
    /// When the seat's last socket closed (Unix ms); None while connected,
    /// or when it never connected.
    left_at: [Option<i64>; 2],
}

/// A seat's WebSocket: counted as present until dropped.
pub struct Here<'a> {
    handle: &'a Handle,
    seat: u8,
}

impl Drop for Here<'_> {
    fn drop(&mut self) {
        let seat = usize::from(self.seat);
        if let Ok(mut presence) = self.handle.presence.lock() {
            presence.connected[seat] = presence.connected[seat].saturating_sub(1);
            if presence.connected[seat] == 0 {
                presence.left_at[seat] = Some(now_ms());
            }
        }
        self.handle.push_presence();
    }
}

impl Handle {
    /// Counts a WebSocket of `seat` as present until the guard drops.
    pub fn arrive(&self, seat: u8) -> Here<'_> {
        let seat = seat.min(1);
        if let Ok(mut presence) = self.presence.lock() {
            presence.connected[usize::from(seat)] += 1;
            presence.left_at[usize::from(seat)] = None;
        }
        self.push_presence();
        Here { handle: self, seat }
    }

    /// For how long each seat has been gone (ms; absent: here, or never
    /// came), as of now.
    fn away(&self) -> [Option<i64>; 2] {
        let now = now_ms();
        self.presence.lock().map_or([None, None], |presence| {
            presence
                .left_at
                .map(|left| left.map(|at| (now - at).max(0)))
        })
    }

    /// Tells the clients who is here: `{"type":"presence","here":[..],"away_ms":[..]}`
    /// by seat index (first mover first).
    fn push_presence(&self) {
        let (here, away) = match self.presence.lock() {
            Ok(presence) => (presence.connected.map(|n| n > 0), presence.left_at),
            Err(_) => return,
        };
        let now = now_ms();
        let text = serde_json::json!({
            "type": "presence",
            "here": here,
            "away_ms": away.map(|left| left.map(|at| (now - at).max(0))),
        })
        .to_string();
        let _ = self.tx.send(Push {
            version: 0,
            text: text.into(),
        });
    }

    /// Marks the game as used now (it is evicted only after being idle).
    pub fn touch(&self, app: &App) {
        self.last_used.store(app.millis(), Ordering::Relaxed);
    }
}

/// Who asks.
#[derive(Clone, Copy, Debug)]
pub enum Actor<'a> {
    /// The holder of a token.
    Token(&'a str),
    /// The server for a seat (the computer).
    Seat(u8),
    /// Anyone (joining).
    Anyone,
}

/// The server's options.
#[derive(Clone, Debug)]
pub struct Options {
    /// Milliseconds of thinking per level.
    pub millis_per_level: u64,
    /// Searches at once.
    pub engine_threads: usize,
    /// Requests per second per client (0: no limit).
    pub rate: f64,
    /// Burst per client.
    pub burst: f64,
    /// The web page's files.
    pub web: Web,
    /// A finished game leaves memory after this long unused with no
    /// WebSocket client (None: never).
    pub evict_finished: Option<Duration>,
    /// An unfinished game likewise (None: never).
    pub evict_live: Option<Duration>,
    /// How long a player must be gone (its last WebSocket closed) before
    /// the opponent may claim the win or a draw.
    pub claim_grace: Duration,
    /// A Fischer game's time for each side's first move before it is
    /// aborted.
    pub first_move: Duration,
    /// Mark the session cookie `Secure` (the server is behind https).
    pub secure_cookies: bool,
    /// The endgame databases (`--endgame-dir`), if any: the computer
    /// players probe them, and `GET /api/games/{id}/endgame` reads them.
    pub endgame: Option<Arc<rulebook::endgame::Databases>>,
}

/// How often a process looks for the games of stopped processes.
pub const ADOPT_EVERY: Duration = Duration::from_secs(2);

/// The shared state.
pub struct App {
    /// The database.
    pub db: Db,
    games: Mutex<HashMap<String, Arc<Handle>>>,
    engines: Arc<Semaphore>,
    /// Options.
    pub options: Options,
    /// Per-client limits.
    pub limiter: RateLimiter,
    /// When the server started (the clock of `Handle::last_used`).
    started: Instant,
    /// Games evicted from memory so far.
    evicted: AtomicU64,
    /// Games ended by their timer, and the latest any ended after its
    /// deadline (ms).
    flags: AtomicU64,
    flag_late_max: AtomicU64,
    /// The latest any timeout was decided (its event's time) after its
    /// deadline (ms).
    flag_decided_late_max: AtomicU64,
    /// The chat's rate limits per game and seat.
    pub chat_limits: crate::chat::ChatLimits,
}

/// How many games are in memory, and how many were evicted.
#[derive(Clone, Copy, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct MemoryStats {
    /// Games in memory now.
    pub games_in_memory: usize,
    /// Games evicted from memory since the server started (they are
    /// loaded from the database again when asked for).
    pub games_evicted: u64,
    /// Games the server's timer ended (a clock ran out, or no first move)
    /// since it started.
    pub timeouts: u64,
    /// The most milliseconds any of them was committed after its deadline
    /// (and pushed: the push follows the commit at once).
    pub timeout_late_max_ms: u64,
    /// The most milliseconds any of them was decided after its deadline:
    /// the time of its `timeout` event, when the timer took the game
    /// (from then on no move is accepted), before its commit.
    pub timeout_decided_late_max_ms: u64,
}

/// A fresh random value of `bytes` bytes, in hex.
///
/// # Errors
///
/// When the system has no randomness.
pub fn random_hex(bytes: usize) -> Result<String, ApiError> {
    let mut buffer = vec![0u8; bytes];
    getrandom::fill(&mut buffer).map_err(|_| ApiError::unavailable("no randomness"))?;
    Ok(hex(&buffer))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        let _ = write!(text, "{byte:02x}");
    }
    text
}

/// The SHA-256 of a token, in hex: what the database keeps.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Whether `id` looks like a game id (32 hex digits).
pub fn valid_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|byte| byte.is_ascii_hexdigit())
}

/// Unix milliseconds now: the server's time for clocks.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| i64::try_from(elapsed.as_millis()).unwrap_or(0))
}

/// Unix seconds now.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| i64::try_from(elapsed.as_secs()).unwrap_or(0))
}

/// The seat whose token is `token`, comparing in constant time.
pub fn seat_of_token(game: &dyn LiveGame, token: &str) -> Option<u8> {
    let hash = token_hash(token);
    let mut found = None;
    for (seat, config) in game.config().seats.iter().enumerate() {
        if let Some(stored) = &config.token_hash {
            if bool::from(stored.as_bytes().ct_eq(hash.as_bytes())) {
                found = Some(u8::try_from(seat).unwrap_or(0));
            }
        }
    }
    found
}

impl App {
    /// The shared state over `db`.
    pub fn new(db: Db, options: Options) -> App {
        App {
            db,
            games: Mutex::new(HashMap::new()),
            engines: Arc::new(Semaphore::new(options.engine_threads.max(1))),
            limiter: RateLimiter::new(options.rate, options.burst),
            options,
            started: Instant::now(),
            evicted: AtomicU64::new(0),
            flags: AtomicU64::new(0),
            flag_late_max: AtomicU64::new(0),
            flag_decided_late_max: AtomicU64::new(0),
            chat_limits: crate::chat::ChatLimits::default(),
        }
    }

    fn millis(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// How many games are in memory, and how many were evicted.
    pub fn memory_stats(&self) -> MemoryStats {
        MemoryStats {
            games_in_memory: self.games.lock().map_or(0, |games| games.len()),
            games_evicted: self.evicted.load(Ordering::Relaxed),
            timeouts: self.flags.load(Ordering::Relaxed),
            timeout_late_max_ms: self.flag_late_max.load(Ordering::Relaxed),
            timeout_decided_late_max_ms: self.flag_decided_late_max.load(Ordering::Relaxed),
        }
    }

    /// Drops from memory the games unused for long enough: nothing holds
    /// them (no request, WebSocket client or computer search: the map's is
    /// the only reference, and references are only taken under the map's
    /// lock), and they were last used longer ago than the option for
    /// finished or unfinished games. They are committed, so the next
    /// request loads them from the database, as a restart does.
    pub fn evict_idle(&self) -> usize {
        let now = self.millis();
        let idle_for = |limit: Option<Duration>, handle: &Handle| {
            limit.is_some_and(|limit| {
                let limit = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX);
                now.saturating_sub(handle.last_used.load(Ordering::Relaxed)) >= limit
            })
        };
        let Ok(mut games) = self.games.lock() else {
            return 0;
        };
        let before = games.len();
        games.retain(|_, handle| {
            if Arc::strong_count(handle) > 1 || handle.tx.receiver_count() > 0 {
                return true;
            }
            // Not locked, as nothing else holds the handle.
            let Ok(slot) = handle.slot.try_lock() else {
                return true;
            };
            let limit = if slot.game.is_over() {
                self.options.evict_finished
            } else {
                self.options.evict_live
            };
            !idle_for(limit, handle)
        });
        let evicted = before - games.len();
        self.evicted
            .fetch_add(u64::try_from(evicted).unwrap_or(0), Ordering::Relaxed);
        evicted
    }

    /// Evicts idle games every so often, for ever.
    pub async fn evict_loop(self: Arc<Self>) {
        let shortest = [self.options.evict_finished, self.options.evict_live]
            .into_iter()
            .flatten()
            .min();
        let Some(shortest) = shortest else { return };
        let every = (shortest / 4).clamp(Duration::from_millis(100), Duration::from_secs(15));
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            self.evict_idle();
        }
    }

    /// The game `id` if it is in memory.
    pub(crate) fn cached(&self, id: &str) -> Option<Arc<Handle>> {
        self.games.lock().ok()?.get(id).cloned()
    }

    /// The game `id`, from memory or the database.
    ///
    /// # Errors
    ///
    /// 404 for an unknown id, 503 when the database fails.
    pub async fn handle(self: &Arc<Self>, id: &str) -> Result<Arc<Handle>, ApiError> {
        if !valid_id(id) {
            return Err(ApiError::unknown_id(id));
        }
        if let Some(handle) = self.cached(id) {
            handle.touch(self);
            return Ok(handle);
        }
        let stored = self
            .db
            .load(id, 0)
            .await
            .map_err(ApiError::unavailable)?
            .ok_or_else(|| ApiError::unknown_id(id))?;
        let spec: GameSpec = stored
            .spec
            .parse()
            .map_err(|error| ApiError::unavailable(format!("stored game: {error}")))?;
        let config: GameConfig = serde_json::from_str(&stored.config)
            .map_err(|error| ApiError::unavailable(format!("stored game: {error}")))?;
        let mut game = spec
            .visit(Restore { spec, config })
            .map_err(ApiError::unavailable)?;
        let mut version = 0;
        for (seq, event) in &stored.events {
            game.replay(event)
                .map_err(|error| ApiError::unavailable(format!("stored game: {error}")))?;
            version = *seq;
        }
        let handle = self.insert(id.to_owned(), stored.created_at, game, version);
        // A game loaded again (after a restart, or evicted while the
        // computer was to move) goes on, its clocks too.
        self.after_load(&handle).await;
        Ok(handle)
    }

    /// A game just loaded from the database: its timer is armed, its
    /// computer thinks. (The time nobody counted its clocks is given back
    /// when its owner has stopped, by [`App::adopt_orphans`], not here: the
    /// game may be another running process's.)
    async fn after_load(self: &Arc<Self>, handle: &Arc<Handle>) {
        {
            let slot = handle.slot.lock().await;
            self.arm_timer(handle, &slot);
        }
        self.schedule_computer(handle.clone());
    }

    /// Adopts the unfinished games with a clock or a computer whose owner
    /// (the process that last changed them) has stopped: marked stopped,
    /// or no heartbeat since `alive_since` (Unix ms). Each is taken by one
    /// process only (a compare-and-set of its owner), loaded, its timer
    /// armed and its computer started; and when the side to move's clock
    /// was running, the time from the owner's last heartbeat (or the
    /// clock's start, if later) to now is not charged: a `resume` event
    /// records that pause, so every process replays the same clocks.
    /// Returns how many games it adopted.
    ///
    /// # Errors
    ///
    /// The database's message when the games cannot be listed.
    pub async fn adopt_orphans(self: &Arc<Self>, alive_since: i64) -> Result<usize, String> {
        let mut adopted = 0;
        for orphan in self.db.orphans(alive_since).await? {
            match self.db.adopt(&orphan).await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(error) => {
                    eprintln!("rulebook-server: adopting {}: {error}", orphan.id);
                    continue;
                }
            }
            adopted += 1;
            let Ok(handle) = self.handle(&orphan.id).await else {
                continue;
            };
            let resume = {
                let mut slot = handle.slot.lock().await;
                if self.db.postgres && self.catch_up(&handle, &mut slot).await.is_err() {
                    continue;
                }
                let now = now_ms();
                match (slot.game.clock_since(), orphan.heartbeat) {
                    (Some(since), Some(heartbeat)) => {
                        let paused = now - since.max(heartbeat);
                        (paused > 0).then_some((paused, slot.version))
                    }
                    _ => None,
                }
            };
            if let Some((paused, version)) = resume {
                let result = self
                    .change(
                        &handle,
                        Actor::Seat(0),
                        Command::Resume(paused),
                        Some(version),
                    )
                    .await;
                if result.is_err() {
                    let slot = handle.slot.lock().await;
                    self.arm_timer(&handle, &slot);
                }
            }
        }
        Ok(adopted)
    }

    /// Adopts the games of stopped processes every [`ADOPT_EVERY`], for
    /// ever (see [`App::adopt_orphans`]).
    pub async fn adopt_loop(self: Arc<Self>) {
        let mut ticks = tokio::time::interval(ADOPT_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let stale = i64::try_from(crate::db::STALE_AFTER.as_millis()).unwrap_or(i64::MAX);
        loop {
            ticks.tick().await;
            if let Err(error) = self.adopt_orphans(now_ms() - stale).await {
                eprintln!("rulebook-server: adopting games: {error}");
            }
        }
    }

    /// Arms the game's timer for its current deadline (a flag, or an
    /// abort), replacing the previous one: at the deadline it commits the
    /// timeout, whether or not anyone sends anything.
    fn arm_timer(self: &Arc<Self>, handle: &Arc<Handle>, slot: &Slot) {
        let deadline = slot.game.deadline();
        let mut timer = handle
            .timer
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(previous) = timer.take() {
            previous.abort();
        }
        let Some((deadline, _)) = deadline else {
            return;
        };
        let version = slot.version;
        let app = self.clone();
        let game = handle.clone();
        *timer = Some(tokio::spawn(async move {
            let wait = u64::try_from(deadline - now_ms()).unwrap_or(0);
            tokio::time::sleep(Duration::from_millis(wait)).await;
            while now_ms() < deadline {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            let result = app
                .change(&game, Actor::Seat(0), Command::Timeout, Some(version))
                .await;
            if let Ok((_, event)) = result {
                let late = u64::try_from(now_ms() - deadline).unwrap_or(0);
                let decided = u64::try_from(event.at - deadline).unwrap_or(0);
                app.flags.fetch_add(1, Ordering::Relaxed);
                app.flag_late_max.fetch_max(late, Ordering::Relaxed);
                app.flag_decided_late_max
                    .fetch_max(decided, Ordering::Relaxed);
            }
        }));
    }

    /// Keeps a game in memory (or returns the one already there).
    pub fn insert(
        &self,
        id: String,
        created_at: i64,
        game: Box<dyn LiveGame>,
        version: u64,
    ) -> Arc<Handle> {
        // The channel keeps its last messages (full states): few, to bound memory;
        // a client that lags gets a fresh state instead.
        let (tx, _) = broadcast::channel(16);
        let has_computer = game
            .config()
            .seats
            .iter()
            .any(|seat| seat.kind == crate::session::SeatKind::Computer);
        let handle = Arc::new(Handle {
            id: id.clone(),
            created_at,
            has_computer,
            slot: tokio::sync::Mutex::new(Slot {
                game,
                version,
                cache: None,
                engine_for: None,
            }),
            tx,
            last_used: AtomicU64::new(self.millis()),
            timer: Mutex::new(None),
            presence: Mutex::new(Presence::default()),
        });
        match self.games.lock() {
            Ok(mut games) => games.entry(id).or_insert(handle).clone(),
            Err(_) => handle,
        }
    }

    /// Replays the events committed after `slot.version` (by another
    /// process), pushing the new state.
    async fn catch_up(&self, handle: &Handle, slot: &mut Slot) -> Result<bool, ApiError> {
        let events = self
            .db
            .events(&handle.id, slot.version)
            .await
            .map_err(ApiError::unavailable)?;
        let Some(last) = events.last().map(|(_, event)| event.kind) else {
            return Ok(false);
        };
        for (seq, event) in &events {
            slot.game
                .replay(event)
                .map_err(|error| ApiError::unavailable(format!("stored game: {error}")))?;
            slot.version = *seq;
        }
        slot.cache = None;
        publish(handle, slot, last);
        Ok(true)
    }

    /// The game's state as JSON (on PostgreSQL, after catching up with
    /// the other processes).
    ///
    /// # Errors
    ///
    /// 503 when the database fails.
    pub async fn state_text(&self, handle: &Arc<Handle>) -> Result<Arc<str>, ApiError> {
        let mut slot = handle.slot.lock().await;
        if self.db.postgres {
            self.catch_up(handle, &mut slot).await?;
        }
        Ok(slot.state_text(&handle.id))
    }

    /// A change arrived from another process (PostgreSQL NOTIFY).
    pub async fn notified(self: &Arc<Self>, id: &str, version: u64) {
        let Some(handle) = self.cached(id) else {
            return;
        };
        {
            let mut slot = handle.slot.lock().await;
            if slot.version >= version {
                // Caught up already (by a request's catch-up, which arms no
                // timer): the timer follows the current version.
                self.arm_timer(&handle, &slot);
                return;
            }
            if self.catch_up(&handle, &mut slot).await.is_err() {
                return;
            }
            self.arm_timer(&handle, &slot);
        }
        self.schedule_computer(handle);
    }

    /// The seat of `token` in the game (on PostgreSQL, after catching up).
    ///
    /// # Errors
    ///
    /// 403 when the token is no seat's; 503 when the database fails.
    pub async fn seat_of(
        &self,
        handle: &Arc<Handle>,
        token: &str,
    ) -> Result<crate::routes::SeatOfToken, ApiError> {
        let mut slot = handle.slot.lock().await;
        if self.db.postgres {
            self.catch_up(handle, &mut slot).await?;
        }
        let seat = seat_of_token(&*slot.game, token).ok_or_else(not_a_seat)?;
        Ok(crate::routes::SeatOfToken {
            seat: slot.game.seat_name(seat).to_owned(),
            taken: slot.game.config().seats[usize::from(seat)].taken,
        })
    }

    /// Claims the win (or a draw, `draw`) for the holder of `token`, whose
    /// opponent left: its WebSocket closed at least `claim_grace` ago and
    /// none is open. An opponent who had made no move: the game is aborted.
    ///
    /// # Errors
    ///
    /// 403 for a token that is no seat's; 409 when the opponent is here or
    /// left too recently, on PostgreSQL (presence is per process), or when
    /// the game is over; 503 when the database fails.
    pub async fn claim(
        self: &Arc<Self>,
        handle: &Arc<Handle>,
        token: &str,
        draw: bool,
    ) -> Result<Arc<str>, ApiError> {
        if self.db.postgres {
            return Err(ApiError::conflict(
                "claims need to know who is connected, which one process knows: not on PostgreSQL",
            ));
        }
        let seat = {
            let slot = handle.slot.lock().await;
            seat_of_token(&*slot.game, token).ok_or_else(not_a_seat)?
        };
        let opponent = usize::from(1 - seat.min(1));
        let grace = i64::try_from(self.options.claim_grace.as_millis()).unwrap_or(i64::MAX);
        match handle.away()[opponent] {
            Some(away) if away >= grace => {}
            Some(away) => {
                return Err(ApiError::conflict(format!(
                    "your opponent left {} s ago: you can claim after {} s",
                    away / 1000,
                    grace / 1000
                )))
            }
            None => {
                return Err(ApiError::conflict(
                    "your opponent is here (or never opened the game): there is nothing to claim",
                ))
            }
        }
        let (text, _) = self
            .change(handle, Actor::Token(token), Command::Claim(draw), None)
            .await?;
        Ok(text)
    }

    /// Does `command` for `actor` in the game: checks, commits, keeps,
    /// pushes; returns the new state's JSON and the event.
    ///
    /// # Errors
    ///
    /// The refusal (401/403 for tokens, 4xx from the game), 503 when the
    /// database fails.
    pub async fn change(
        self: &Arc<Self>,
        handle: &Arc<Handle>,
        actor: Actor<'_>,
        command: Command,
        expected_version: Option<u64>,
    ) -> Result<(Arc<str>, Event), ApiError> {
        let mut slot = handle.slot.lock().await;
        let mut caught_up = false;
        if self.db.postgres && expected_version.is_none() {
            // Another process may have changed the game: judge the request
            // against what is committed.
            self.catch_up(handle, &mut slot).await?;
            caught_up = true;
        }
        for _attempt in 0..8 {
            if expected_version.is_some_and(|expected| expected != slot.version) {
                return Err(ApiError::conflict("the game changed meanwhile"));
            }
            let seat = match actor {
                Actor::Seat(seat) => seat,
                Actor::Anyone => 0,
                Actor::Token(token) => match seat_of_token(&*slot.game, token) {
                    Some(seat) => seat,
                    None if self.db.postgres && !caught_up => {
                        // Another process may have seated this token.
                        caught_up = true;
                        self.catch_up(handle, &mut slot).await?;
                        continue;
                    }
                    None => return Err(not_a_seat()),
                },
            };
            // A clock that has run out ends the game first: no move is
            // played after the deadline, even before the timer fires.
            let at = now_ms();
            let timeout = !matches!(command, Command::Timeout | Command::Resume(_))
                && slot
                    .game
                    .deadline()
                    .is_some_and(|(deadline, _)| at >= deadline);
            let mut next = slot.game.clone_box();
            let event = if timeout {
                next.act(0, &Command::Timeout, at)?
            } else {
                next.act(seat, &command, at)?
            };
            let version = slot.version + 1;
            let op = Op::Event {
                id: handle.id.clone(),
                version,
                event: event.clone(),
                open: next.listed(),
                over: next.is_over(),
            };
            match self.db.commit(op).await {
                Ok(()) => {
                    slot.game = next;
                    slot.version = version;
                    slot.cache = None;
                    let text = publish(handle, &mut slot, event.kind);
                    self.arm_timer(handle, &slot);
                    if timeout {
                        // Now judge the request against the ended game.
                        continue;
                    }
                    drop(slot);
                    self.schedule_computer(handle.clone());
                    return Ok((text, event));
                }
                Err(CommitError::Conflict) => {
                    caught_up = true;
                    self.catch_up(handle, &mut slot).await?;
                }
                Err(CommitError::Db(error)) => {
                    return Err(ApiError::unavailable(format!(
                        "the database failed: {error}"
                    )))
                }
            }
        }
        Err(ApiError::conflict(
            "the game kept changing meanwhile: try again",
        ))
    }

    /// Starts the computer's turn if it is the computer's turn.
    pub fn schedule_computer(self: &Arc<Self>, handle: Arc<Handle>) {
        if !handle.has_computer {
            return;
        }
        let app = self.clone();
        tokio::spawn(async move { app.computer_turn(handle).await });
    }

    async fn computer_turn(self: Arc<Self>, handle: Arc<Handle>) {
        let (job, version) = {
            let mut slot = handle.slot.lock().await;
            if slot.engine_for == Some(slot.version) {
                return;
            }
            let Some(job) = slot.game.computer_job(
                self.options.millis_per_level,
                now_ms(),
                self.options.endgame.as_deref(),
            ) else {
                return;
            };
            slot.engine_for = Some(slot.version);
            (job, slot.version)
        };
        let Ok(permit) = self.engines.clone().acquire_owned().await else {
            return;
        };
        let seat = job.seat;
        let outcome = tokio::task::spawn_blocking(job.run).await;
        drop(permit);
        let Ok(outcome) = outcome else { return };
        if let EngineOutcome::Move { depth, score, .. } = &outcome {
            let seat_name = handle.slot.lock().await.game.seat_name(seat);
            let text = serde_json::json!({
                "type": "thinking", "seat": seat_name, "depth": depth, "score": score,
            })
            .to_string();
            let _ = handle.tx.send(Push {
                version: 0,
                text: text.into(),
            });
        }
        let result = self
            .change(
                &handle,
                Actor::Seat(seat),
                Command::Engine(outcome),
                Some(version),
            )
            .await;
        if let Err(error) = result {
            if error.status.is_server_error() {
                eprintln!(
                    "rulebook-server: the computer's turn in {}: {}",
                    handle.id, error.message
                );
                // Let a later change try again.
                let mut slot = handle.slot.lock().await;
                if slot.engine_for == Some(version) {
                    slot.engine_for = None;
                }
            }
        }
    }

    /// Creates a game: commits it, keeps it, starts the computer if it moves first.
    ///
    /// # Errors
    ///
    /// 503 when the database fails.
    pub async fn create(
        self: &Arc<Self>,
        game: Box<dyn LiveGame>,
    ) -> Result<Arc<Handle>, ApiError> {
        let id = random_hex(16)?;
        let spec = game.spec().to_string();
        let config = serde_json::to_string(game.config())
            .map_err(|error| ApiError::unavailable(error.to_string()))?;
        let computer = game
            .config()
            .seats
            .iter()
            .any(|seat| seat.kind == crate::session::SeatKind::Computer);
        let timed = game.config().time_control.is_some();
        let created_at = now();
        self.db
            .commit(Op::Create {
                id: id.clone(),
                spec,
                config,
                created_at,
                open: game.listed(),
                computer,
                timed,
            })
            .await
            .map_err(|error| match error {
                CommitError::Conflict => ApiError::conflict("try again"),
                CommitError::Db(error) => {
                    ApiError::unavailable(format!("the database failed: {error}"))
                }
            })?;
        let handle = self.insert(id, created_at, game, 0);
        {
            let slot = handle.slot.lock().await;
            self.arm_timer(&handle, &slot);
        }
        self.schedule_computer(handle.clone());
        Ok(handle)
    }
}

/// The refusal of a token that is no seat's of the game.
fn not_a_seat() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::FORBIDDEN,
        "forbidden",
        "this token is not a seat's token of this game",
    )
}

/// Pushes the slot's state to the game's clients as a change of `kind`;
/// returns the state's JSON.
fn publish(handle: &Handle, slot: &mut Slot, kind: EventKind) -> Arc<str> {
    let state = slot.state_text(&handle.id);
    let push_type = if slot.game.is_over()
        && matches!(
            kind,
            EventKind::Move | EventKind::DrawAccept | EventKind::Resign | EventKind::Timeout
        ) {
        "end"
    } else {
        kind.push_type()
    };
    let text = format!(r#"{{"type":"{push_type}","state":{state}}}"#);
    let _ = handle.tx.send(Push {
        version: slot.version,
        text: text.into(),
    });
    state
}
