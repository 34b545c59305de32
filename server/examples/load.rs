//! Load test of a running rulebook-server: N concurrent Connect Four games
//! between humans, two WebSocket clients each, random legal moves to the
//! end. Reports moves per second, the p50/p99 latency from a move request
//! to the opponent's push, the server's memory, errors and lost moves.
//!
//! Two modes:
//!
//! - **Closed loop** (the default): the N games are seated, then each plays
//!   to its end, moving again as soon as the opponent's push of the last
//!   move arrived. This measures the most the server can do; with many
//!   games the latency is mostly queueing (N moves always in flight).
//! - **Paced** (`--rate R`, open loop): R moves per second in total, spread
//!   evenly over the N games (game i's moves are scheduled at
//!   `t0 + i / R + k * N / R`) for `--duration S` seconds. A game that ends
//!   is replaced at once by a new one in its slot, so N games are live all
//!   the time. Latency is reported two ways: from the request's actual send
//!   to the opponent's push (the issue's definition), and from the move's
//!   scheduled time to that push (which also counts any delay in sending,
//!   so a server that falls behind cannot hide it: no coordinated omission).
//!
//! ```text
//! cargo build --profile long-checks -p rulebook-server --example load
//! target/long-checks/rulebook-server --listen 127.0.0.1:8080 --database /tmp/load.db --rate-limit 0 &
//! target/long-checks/examples/load --addr 127.0.0.1:8080 --games 1000 --pid $!
//! target/long-checks/examples/load --addr 127.0.0.1:8080 --games 1000 --rate 2000 --duration 30 --pid $!
//! # with clocks: the games played on a 10+0 clock, and 200 more games left
//! # to run out of time (5 to 14 s) during the run: the server's timer ends
//! # each, and the report gives the latest any ended after its deadline
//! target/long-checks/examples/load --addr 127.0.0.1:8080 --games 1000 --rate 2000 --duration 30 \
//!     --clock 600 --flaggers 200 --pid $!
//! ```

#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde::Deserialize;
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

/// What to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// The server's `host:port`.
    pub addr: String,
    /// Concurrent games.
    pub games: usize,
    /// The server's process id, for its memory.
    pub pid: Option<u32>,
    /// The game (`connect4`, `checkers`, ...).
    pub game: String,
    /// Paced mode: moves per second in total (None: the closed loop).
    pub rate: Option<f64>,
    /// Paced mode: seconds of play.
    pub duration: f64,
    /// The played games' clock: initial seconds (None: no clocks).
    pub clock: Option<u32>,
    /// Extra games that make their first moves and then let their clock run
    /// out during the run (5 to 14 s), to measure how punctually the
    /// server flags.
    pub flaggers: usize,
}

impl Config {
    /// The closed loop over `games` games at `addr`.
    pub fn closed(addr: &str, games: usize) -> Config {
        Config {
            addr: addr.to_owned(),
            games,
            pid: None,
            game: "connect4".to_owned(),
            rate: None,
            duration: 30.0,
            clock: None,
            flaggers: 0,
        }
    }
}

/// What it measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The mode, for the report.
    pub mode: String,
    /// Games seated.
    pub games_started: usize,
    /// Games played to the end.
    pub games_finished: usize,
    /// Moves acknowledged.
    pub moves: u64,
    /// Seconds of play.
    pub seconds: f64,
    /// Moves per second.
    pub moves_per_second: f64,
    /// Median latency, move request sent to the opponent's push, ms.
    pub p50_ms: f64,
    /// 99th percentile, ms.
    pub p99_ms: f64,
    /// 99.9th percentile, ms.
    pub p999_ms: f64,
    /// The worst, ms.
    pub max_ms: f64,
    /// Paced mode: from the scheduled time to the opponent's push, ms
    /// (p50, p99, max).
    pub scheduled_ms: Option<(f64, f64, f64)>,
    /// Paced mode: moves sent more than 5 ms after their scheduled time.
    pub late: u64,
    /// Requests that failed.
    pub errors: u64,
    /// Moves acknowledged but not pushed to the opponent, or missing from
    /// the final history.
    pub lost: u64,
    /// The server's peak resident memory (VmHWM), KiB.
    pub server_peak_kib: Option<u64>,
    /// The server's resident memory at the end of play (VmRSS), KiB.
    pub server_rss_kib: Option<u64>,
    /// The server's highest VmRSS sampled every second during play, KiB.
    pub server_rss_max_kib: Option<u64>,
    /// With `--flaggers`: the games left to run out of time, those that
    /// ended on time, and the most ms the server committed a flag after
    /// its deadline (`GET /api/stats`).
    pub flags: Option<(usize, u64, u64)>,
    /// With `--flaggers`: the most ms any timeout was decided after its
    /// deadline (the time of its event, `GET /api/stats`).
    pub flags_decided_ms: Option<u64>,
    /// With `--flaggers`: the flags' `end` pushes received by a WebSocket
    /// client of each game, and the most ms any arrived after its deadline
    /// (as the client can know the deadline: from the send of the move
    /// that started the clock, so never less than the truth; the third
    /// number is by how much it can be more: that move's round trip).
    pub flags_pushed: Option<(u64, i64, i64)>,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "mode             {}", self.mode)?;
        writeln!(f, "games started    {}", self.games_started)?;
        writeln!(f, "games finished   {}", self.games_finished)?;
        writeln!(f, "moves            {}", self.moves)?;
        writeln!(f, "seconds          {:.2}", self.seconds)?;
        writeln!(f, "moves/s          {:.0}", self.moves_per_second)?;
        writeln!(f, "latency p50      {:.1} ms", self.p50_ms)?;
        writeln!(f, "latency p99      {:.1} ms", self.p99_ms)?;
        writeln!(f, "latency p99.9    {:.1} ms", self.p999_ms)?;
        writeln!(f, "latency max      {:.1} ms", self.max_ms)?;
        if let Some((p50, p99, max)) = self.scheduled_ms {
            writeln!(
                f,
                "from schedule    p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms"
            )?;
            writeln!(f, "sent late (>5ms) {}", self.late)?;
        }
        if let Some((left, flagged, late)) = self.flags {
            writeln!(
                f,
                "flags            {flagged} of {left} games ended on time, the latest committed {late} ms after its deadline"
            )?;
        }
        if let Some(decided) = self.flags_decided_ms {
            writeln!(
                f,
                "flags decided    at most {decided} ms after the deadline"
            )?;
        }
        if let Some((pushed, late, bound)) = self.flags_pushed.filter(|pushed| pushed.0 > 0) {
            writeln!(
                f,
                "flags pushed     {pushed} received by a client, the latest {late} ms after its deadline (an upper bound, by at most {bound} ms)"
            )?;
        }
        writeln!(f, "errors           {}", self.errors)?;
        writeln!(f, "lost moves       {}", self.lost)?;
        if let (Some(peak), Some(rss)) = (self.server_peak_kib, self.server_rss_kib) {
            writeln!(
                f,
                "server memory    {} MiB peak (VmHWM), {} MiB at the end (VmRSS), {} MiB highest VmRSS sampled during play",
                peak / 1024,
                rss / 1024,
                self.server_rss_max_kib.unwrap_or(0) / 1024
            )?;
        }
        Ok(())
    }
}

#[derive(Deserialize)]
struct MoveView {
    text: String,
}

#[derive(Deserialize)]
struct State {
    version: u64,
    to_move: Option<String>,
    players: Vec<String>,
    legal_moves: Vec<MoveView>,
    history: Vec<serde::de::IgnoredAny>,
}

#[derive(Deserialize)]
struct Push {
    state: Option<State>,
}

#[derive(Deserialize)]
struct Created {
    id: String,
    seat: String,
    token: String,
    invitation: Option<Invitation>,
}

#[derive(Deserialize)]
struct Invitation {
    token: String,
}

fn memory(pid: Option<u32>, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    status
        .lines()
        .find(|line| line.starts_with(field))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

struct Seated {
    id: String,
    tokens: [String; 2],
    sockets: [mpsc::UnboundedReceiver<(u64, Instant)>; 2],
    /// Dropping these closes the two WebSockets.
    _close: [oneshot::Sender<()>; 2],
}

async fn seat_game(http: &reqwest::Client, config: &Config) -> Result<Seated, String> {
    let base = format!("http://{}", config.addr);
    let created: Created = http
        .post(format!("{base}/api/games"))
        .json(&match config.clock {
            None => serde_json::json!({"game": config.game, "side": "random"}),
            Some(seconds) => serde_json::json!({
                "game": config.game, "side": "random",
                "time_control": {"initial_seconds": seconds, "increment_seconds": 0},
            }),
        })
        .send()
        .await
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    let invitation = created.invitation.ok_or("no invitation")?.token;
    let joined = http
        .post(format!("{base}/api/games/{}/join", created.id))
        .bearer_auth(&invitation)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !joined.status().is_success() {
        return Err(format!("join: {}", joined.status()));
    }
    let state: State = http
        .get(format!("{base}/api/games/{}", created.id))
        .send()
        .await
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    let tokens = if created.seat == state.players[0] {
        [created.token, invitation]
    } else {
        [invitation, created.token]
    };
    let mut sockets = Vec::new();
    let mut closers = Vec::new();
    for _ in 0..2 {
        let url = format!("ws://{}/api/games/{}/events", config.addr, created.id);
        let (mut stream, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| e.to_string())?;
        let (tx, rx) = mpsc::unbounded_channel();
        let (close, mut closed) = oneshot::channel::<()>();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    message = stream.next() => match message {
                        Some(Ok(Message::Text(text))) => {
                            let at = Instant::now();
                            if let Ok(Push { state: Some(state) }) = serde_json::from_str::<Push>(&text) {
                                if tx.send((state.version, at)).is_err() {
                                    break;
                                }
                            }
                        }
                        Some(Ok(_)) => {}
                        Some(Err(_)) | None => return,
                    },
                    _ = &mut closed => break,
                }
            }
            let _ = stream.close(None).await;
            // Read to the server's close frame.
            let _ = tokio::time::timeout(Duration::from_secs(2), async {
                while let Some(Ok(_)) = stream.next().await {}
            })
            .await;
        });
        sockets.push(rx);
        closers.push(close);
    }
    let [a, b]: [_; 2] = sockets.try_into().map_err(|_| "two sockets")?;
    let [c, d]: [_; 2] = closers.try_into().map_err(|_| "two sockets")?;
    Ok(Seated {
        id: created.id,
        tokens,
        sockets: [a, b],
        _close: [c, d],
    })
}

/// A paced game slot's schedule: moves at `phase + k * interval`.
struct Pace {
    phase: Instant,
    interval: Duration,
    next: u64,
    deadline: Instant,
    /// The next move would be after the deadline.
    done: bool,
}

impl Pace {
    /// The next scheduled time not before now (None after the deadline).
    fn next_slot(&mut self) -> Option<Instant> {
        let now = Instant::now();
        let mut at = self.phase + self.interval.mul_f64(self.next as f64);
        if at + self.interval <= now {
            // Behind by a whole interval (a new game was seated): skip to
            // the next slot, so the rate does not burst to catch up.
            let behind = now.saturating_duration_since(at).as_secs_f64();
            self.next += (behind / self.interval.as_secs_f64()).floor() as u64;
            at = self.phase + self.interval.mul_f64(self.next as f64);
        }
        self.next += 1;
        self.done = at >= self.deadline;
        (!self.done).then_some(at)
    }
}

#[derive(Default)]
struct Outcome {
    /// µs, send to the opponent's push.
    latencies: Vec<u64>,
    /// µs, scheduled time to the opponent's push.
    scheduled: Vec<u64>,
    moves: u64,
    errors: u64,
    lost: u64,
    late: u64,
    finished: bool,
}

/// Plays one game to the end (or, paced, to the deadline).
async fn play_game(
    http: &reqwest::Client,
    addr: &str,
    mut seated: Seated,
    mut pace: Option<&mut Pace>,
    out: &mut Outcome,
) {
    let base = format!("http://{addr}");
    let mut rng = fastrand::Rng::new();
    let state: Result<State, _> = async {
        http.get(format!("{base}/api/games/{}", seated.id))
            .send()
            .await?
            .json()
            .await
    }
    .await;
    let Ok(mut state) = state else {
        out.errors += 1;
        return;
    };
    let mut moves = 0u64;
    let mut seen: [HashMap<u64, Instant>; 2] = [HashMap::new(), HashMap::new()];
    while let Some(to_move) = state.to_move.clone() {
        let seat = usize::from(to_move != state.players[0]);
        let Some(choice) = state
            .legal_moves
            .get(rng.usize(..state.legal_moves.len().max(1)))
        else {
            break;
        };
        let scheduled = match pace.as_deref_mut() {
            Some(pace) => {
                let Some(at) = pace.next_slot() else { break };
                tokio::time::sleep_until(at.into()).await;
                Some(at)
            }
            None => None,
        };
        let started = Instant::now();
        if let Some(at) = scheduled {
            if started.saturating_duration_since(at) > Duration::from_millis(5) {
                out.late += 1;
            }
        }
        let response = http
            .post(format!("{base}/api/games/{}/moves", seated.id))
            .bearer_auth(&seated.tokens[seat])
            .json(&serde_json::json!({"move": choice.text}))
            .send()
            .await;
        let next: Option<State> = match response {
            Ok(response) if response.status().is_success() => response.json().await.ok(),
            _ => None,
        };
        let Some(next) = next else {
            out.errors += 1;
            break;
        };
        moves += 1;
        // The opponent's push of this version.
        let opponent = 1 - seat;
        let version = next.version;
        let arrived = loop {
            if let Some(at) = seen[opponent].remove(&version) {
                break Some(at);
            }
            match tokio::time::timeout(Duration::from_secs(10), seated.sockets[opponent].recv())
                .await
            {
                Ok(Some((v, at))) => {
                    if v == version {
                        break Some(at);
                    }
                    seen[opponent].insert(v, at);
                }
                _ => break None,
            }
        };
        match arrived {
            Some(at) => {
                out.latencies
                    .push(at.saturating_duration_since(started).as_micros() as u64);
                if let Some(scheduled) = scheduled {
                    out.scheduled
                        .push(at.saturating_duration_since(scheduled).as_micros() as u64);
                }
            }
            None => out.lost += 1,
        }
        // Drain the mover's own pushes.
        while let Ok((v, at)) = seated.sockets[seat].try_recv() {
            seen[seat].insert(v, at);
        }
        state = next;
    }
    out.moves += moves;
    out.finished = state.to_move.is_none();
    // The final history holds every move once.
    if let Ok(response) = http
        .get(format!("{base}/api/games/{}", seated.id))
        .send()
        .await
    {
        if let Ok(final_state) = response.json::<State>().await {
            let kept = final_state.history.len() as u64;
            if kept != moves {
                out.lost += moves.abs_diff(kept);
            }
        } else {
            out.errors += 1;
        }
    } else {
        out.errors += 1;
    }
}

fn percentile(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[index] as f64 / 1000.0
}

/// Seats N games in batches of 50.
async fn seat_all(http: &reqwest::Client, config: &Config, errors: &mut u64) -> Vec<Seated> {
    let mut seated = Vec::with_capacity(config.games);
    let mut setups = Vec::new();
    let chunk = 50;
    for start in (0..config.games).step_by(chunk) {
        for _ in start..(start + chunk).min(config.games) {
            let http = http.clone();
            let config = config.clone();
            setups.push(tokio::spawn(async move { seat_game(&http, &config).await }));
        }
        for setup in setups.drain(..) {
            match setup.await {
                Ok(Ok(game)) => seated.push(game),
                Ok(Err(error)) => {
                    eprintln!("setup: {error}");
                    *errors += 1;
                }
                Err(_) => *errors += 1,
            }
        }
    }
    seated
}

/// Unix milliseconds now (the server's clock: the same machine).
fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| i64::try_from(elapsed.as_millis()).unwrap_or(0))
}

/// A flagger's watcher: when its game's `end` push arrived, after the
/// deadline (ms, an upper bound) and the bound's slack (ms).
type FlagWatch = tokio::task::JoinHandle<Option<(i64, i64)>>;

/// A Connect Four game with `seconds` on each clock, both first moves
/// made: X's clock runs out `seconds` later unless X moves. A WebSocket
/// client watches it for the `end` push.
async fn seat_flagger(
    http: &reqwest::Client,
    addr: &str,
    seconds: u32,
) -> Result<FlagWatch, String> {
    let base = format!("http://{addr}");
    let post = |path: String, body: serde_json::Value, token: Option<String>| {
        let mut request = http.post(format!("{base}{path}")).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        async move {
            let response = request.send().await.map_err(|e| e.to_string())?;
            if !response.status().is_success() {
                return Err(format!("{path}: {}", response.status()));
            }
            response
                .json::<serde_json::Value>()
                .await
                .map_err(|e| e.to_string())
        }
    };
    let created = post(
        "/api/games".to_owned(),
        serde_json::json!({"game": "connect4", "side": "x",
            "time_control": {"initial_seconds": seconds}}),
        None,
    )
    .await?;
    let id = created["id"].as_str().unwrap_or_default().to_owned();
    let token = |value: &serde_json::Value| value.as_str().map(str::to_owned);
    let x = token(&created["token"]);
    let o = token(&created["invitation"]["token"]);
    post(
        format!("/api/games/{id}/join"),
        serde_json::json!({}),
        o.clone(),
    )
    .await?;
    let url = format!("ws://{addr}/api/games/{id}/events");
    let (mut stream, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|e| e.to_string())?;
    post(
        format!("/api/games/{id}/moves"),
        serde_json::json!({"move": "3"}),
        x,
    )
    .await?;
    // O's first move starts X's clock: at the move's time, between this
    // send and its answer, so the deadline is at least `sent + seconds`.
    let sent = unix_ms();
    post(
        format!("/api/games/{id}/moves"),
        serde_json::json!({"move": "3"}),
        o,
    )
    .await?;
    let slack = unix_ms() - sent;
    let deadline = sent + i64::from(seconds) * 1000;
    Ok(tokio::spawn(async move {
        let wait = Duration::from_secs(u64::from(seconds) + 30);
        let ended = tokio::time::timeout(wait, async {
            while let Some(Ok(message)) = stream.next().await {
                if let Message::Text(text) = message {
                    if text.starts_with(r#"{"type":"end""#) {
                        return Some(unix_ms());
                    }
                }
            }
            None
        })
        .await
        .ok()
        .flatten();
        let _ = stream.close(None).await;
        ended.map(|at| (at - deadline, slack))
    }))
}

/// The server's `GET /api/stats`: (timeouts, the latest committed after
/// its deadline, the latest decided after it; ms).
async fn timeout_stats(http: &reqwest::Client, addr: &str) -> Option<(u64, u64, u64)> {
    let stats: serde_json::Value = http
        .get(format!("http://{addr}/api/stats"))
        .send()
        .await
        .ok()?
        .json()
        .await
        .ok()?;
    Some((
        stats["timeouts"].as_u64()?,
        stats["timeout_late_max_ms"].as_u64()?,
        stats["timeout_decided_late_max_ms"].as_u64().unwrap_or(0),
    ))
}

/// Seats the games, then plays them (closed loop, or paced).
pub async fn run(config: Config) -> Report {
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(4096)
        // Before the server's header timeout (10 s) closes idle connections.
        .pool_idle_timeout(Duration::from_secs(5))
        .build()
        .expect("an HTTP client");
    let mut report = Report::default();
    let flags_before = timeout_stats(&http, &config.addr)
        .await
        .map_or(0, |(n, _, _)| n);
    let seated = seat_all(&http, &config, &mut report.errors).await;
    report.games_started = seated.len();
    // The flaggers after the games are seated (which takes seconds): their
    // clocks run out 5-14 s after, while the games are played.
    let mut watches = Vec::new();
    for index in 0..config.flaggers {
        // Spread over 5-14 s, so that the flags fall during the run.
        let seconds = 5 + u32::try_from(index % 10).unwrap_or(0);
        match seat_flagger(&http, &config.addr, seconds).await {
            Ok(watch) => watches.push(watch),
            Err(error) => {
                eprintln!("setup: {error}");
                report.errors += 1;
            }
        }
    }
    // The server's memory, sampled every second during play.
    let highest = Arc::new(AtomicU64::new(0));
    let sampler = {
        let (pid, highest) = (config.pid, highest.clone());
        tokio::spawn(async move {
            while let Some(rss) = memory(pid, "VmRSS:") {
                highest.fetch_max(rss, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        })
    };
    let started = Instant::now();
    let mut tasks = Vec::new();
    let slots = seated.len().max(1);
    let deadline = started + Duration::from_secs_f64(config.duration);
    for (index, game) in seated.into_iter().enumerate() {
        let http = http.clone();
        let config = config.clone();
        tasks.push(tokio::spawn(async move {
            let mut outcomes = Vec::new();
            match config.rate {
                None => {
                    let mut out = Outcome::default();
                    play_game(&http, &config.addr, game, None, &mut out).await;
                    outcomes.push(out);
                }
                Some(rate) => {
                    let mut pace = Pace {
                        phase: started + Duration::from_secs_f64(index as f64 / rate),
                        interval: Duration::from_secs_f64(slots as f64 / rate),
                        next: 0,
                        deadline,
                        done: false,
                    };
                    let mut game = Some(game);
                    while !pace.done {
                        let seated = match game.take() {
                            Some(seated) => seated,
                            None => match seat_game(&http, &config).await {
                                Ok(seated) => seated,
                                Err(error) => {
                                    eprintln!("setup: {error}");
                                    outcomes.push(Outcome {
                                        errors: 1,
                                        ..Outcome::default()
                                    });
                                    break;
                                }
                            },
                        };
                        let mut out = Outcome::default();
                        play_game(&http, &config.addr, seated, Some(&mut pace), &mut out).await;
                        let stop = out.errors > 0;
                        outcomes.push(out);
                        if stop {
                            break;
                        }
                    }
                }
            }
            outcomes
        }));
    }
    let mut latencies = Vec::new();
    let mut scheduled = Vec::new();
    let mut games_played = 0usize;
    for task in tasks {
        let Ok(outcomes) = task.await else {
            report.errors += 1;
            continue;
        };
        for out in outcomes {
            latencies.extend(out.latencies);
            scheduled.extend(out.scheduled);
            report.moves += out.moves;
            report.errors += out.errors;
            report.lost += out.lost;
            report.late += out.late;
            report.games_finished += usize::from(out.finished);
            games_played += 1;
        }
    }
    report.seconds = started.elapsed().as_secs_f64();
    if config.rate.is_some() {
        // Only the slots' first games were seated before the clock started.
        report.games_started = games_played;
        // The last moves end shortly after the deadline.
        report.seconds = report.seconds.min(config.duration).max(1e-9);
    }
    if config.flaggers > 0 {
        // Every flag falls within 15 s of the start of play.
        let wait_until = Instant::now().max(started + Duration::from_secs(20));
        let mut last = (0, 0, 0);
        loop {
            if let Some(stats) = timeout_stats(&http, &config.addr).await {
                last = stats;
                if stats.0 - flags_before >= config.flaggers as u64 {
                    break;
                }
            }
            if Instant::now() >= wait_until {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        report.flags = Some((config.flaggers, last.0 - flags_before, last.1));
        report.flags_decided_ms = Some(last.2);
        let mut pushed = (0, i64::MIN, 0);
        for watch in watches {
            if let Ok(Some((late, slack))) = watch.await {
                pushed = (pushed.0 + 1, pushed.1.max(late), pushed.2.max(slack));
            }
        }
        report.flags_pushed = Some(pushed);
    }
    report.server_peak_kib = memory(config.pid, "VmHWM:");
    report.server_rss_kib = memory(config.pid, "VmRSS:");
    sampler.abort();
    report.server_rss_max_kib = report
        .server_rss_kib
        .map(|rss| rss.max(highest.load(Ordering::Relaxed)));
    report.moves_per_second = report.moves as f64 / report.seconds.max(1e-9);
    latencies.sort_unstable();
    report.p50_ms = percentile(&latencies, 0.50);
    report.p99_ms = percentile(&latencies, 0.99);
    report.p999_ms = percentile(&latencies, 0.999);
    report.max_ms = percentile(&latencies, 1.0);
    report.mode = match config.rate {
        None => format!("closed loop, {} games", config.games),
        Some(rate) => format!(
            "paced, {rate} moves/s over {} live games for {} s (open loop)",
            config.games, config.duration
        ),
    };
    if config.rate.is_some() {
        scheduled.sort_unstable();
        report.scheduled_ms = Some((
            percentile(&scheduled, 0.50),
            percentile(&scheduled, 0.99),
            percentile(&scheduled, 1.0),
        ));
    }
    report
}

fn main() {
    let mut config = Config::closed("127.0.0.1:8080", 1000);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().unwrap_or_default();
        match arg.as_str() {
            "--addr" => config.addr = value,
            "--games" => config.games = value.parse().expect("--games N"),
            "--pid" => config.pid = value.parse().ok(),
            "--game" => config.game = value,
            "--rate" => {
                config.rate = Some(
                    value
                        .parse()
                        .ok()
                        .filter(|rate: &f64| *rate > 0.0)
                        .expect("--rate MOVES_PER_SECOND"),
                );
            }
            "--clock" => config.clock = Some(value.parse().expect("--clock SECONDS")),
            "--flaggers" => config.flaggers = value.parse().expect("--flaggers N"),
            "--duration" => {
                config.duration = value
                    .parse()
                    .ok()
                    .filter(|seconds: &f64| *seconds > 0.0)
                    .expect("--duration SECONDS");
            }
            _ => {
                eprintln!(
                    "usage: load [--addr HOST:PORT] [--games N] [--pid SERVER_PID] [--game NAME]\n\
                     \x20           [--rate MOVES_PER_SECOND [--duration SECONDS]] [--clock SECONDS] [--flaggers N]"
                );
                std::process::exit(2);
            }
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let report = runtime.block_on(run(config));
    print!("{report}");
    if report.errors > 0 || report.lost > 0 {
        std::process::exit(1);
    }
}
