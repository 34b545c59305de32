//! Load test of a running rulebook-server: N concurrent Connect Four games
//! between humans, two WebSocket clients each, random legal moves to the
//! end. Reports moves per second, the p50/p99 latency from a move request
//! to the opponent's push, the server's memory, errors and lost moves.
//!
//! ```text
//! cargo build --release -p rulebook-server --examples
//! target/release/rulebook-server --listen 127.0.0.1:8080 --database /tmp/load.db --rate-limit 0 &
//! target/release/examples/load --addr 127.0.0.1:8080 --games 1000 --pid $!
//! ```

#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde::Deserialize;
use tokio::sync::mpsc;
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
}

/// What it measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games played to the end.
    pub games_finished: usize,
    /// Moves acknowledged.
    pub moves: u64,
    /// Seconds of play.
    pub seconds: f64,
    /// Moves per second.
    pub moves_per_second: f64,
    /// Median latency, move request to the opponent's push, ms.
    pub p50_ms: f64,
    /// 99th percentile, ms.
    pub p99_ms: f64,
    /// The worst, ms.
    pub max_ms: f64,
    /// Requests that failed.
    pub errors: u64,
    /// Moves acknowledged but not pushed to the opponent, or missing from
    /// the final history.
    pub lost: u64,
    /// The server's peak resident memory (VmHWM), KiB.
    pub server_peak_kib: Option<u64>,
    /// The server's resident memory at the end of play (VmRSS), KiB.
    pub server_rss_kib: Option<u64>,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "games finished   {}", self.games_finished)?;
        writeln!(f, "moves            {}", self.moves)?;
        writeln!(f, "seconds          {:.2}", self.seconds)?;
        writeln!(f, "moves/s          {:.0}", self.moves_per_second)?;
        writeln!(f, "latency p50      {:.1} ms", self.p50_ms)?;
        writeln!(f, "latency p99      {:.1} ms", self.p99_ms)?;
        writeln!(f, "latency max      {:.1} ms", self.max_ms)?;
        writeln!(f, "errors           {}", self.errors)?;
        writeln!(f, "lost moves       {}", self.lost)?;
        if let (Some(peak), Some(rss)) = (self.server_peak_kib, self.server_rss_kib) {
            writeln!(
                f,
                "server memory    {} MiB peak (VmHWM), {} MiB at the end (VmRSS)",
                peak / 1024,
                rss / 1024
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
}

async fn seat_game(http: &reqwest::Client, config: &Config) -> Result<Seated, String> {
    let base = format!("http://{}", config.addr);
    let created: Created = http
        .post(format!("{base}/api/games"))
        .json(&serde_json::json!({"game": config.game, "side": "random"}))
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
    for _ in 0..2 {
        let url = format!("ws://{}/api/games/{}/events", config.addr, created.id);
        let (mut stream, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| e.to_string())?;
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            while let Some(Ok(message)) = stream.next().await {
                if let Message::Text(text) = message {
                    let at = Instant::now();
                    if let Ok(Push { state: Some(state) }) = serde_json::from_str::<Push>(&text) {
                        if tx.send((state.version, at)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        sockets.push(rx);
    }
    let [a, b]: [_; 2] = sockets.try_into().map_err(|_| "two sockets")?;
    Ok(Seated {
        id: created.id,
        tokens,
        sockets: [a, b],
    })
}

/// Plays one game to the end: latencies (µs), moves, errors, lost.
async fn play_game(
    http: reqwest::Client,
    addr: String,
    mut seated: Seated,
) -> (Vec<u64>, u64, u64, u64, bool) {
    let base = format!("http://{addr}");
    let mut latencies = Vec::new();
    let (mut moves, mut errors, mut lost) = (0u64, 0u64, 0u64);
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
        return (latencies, 0, 1, 0, false);
    };
    let mut seen: [HashMap<u64, Instant>; 2] = [HashMap::new(), HashMap::new()];
    while let Some(to_move) = state.to_move.clone() {
        let seat = usize::from(to_move != state.players[0]);
        let Some(choice) = state
            .legal_moves
            .get(rng.usize(..state.legal_moves.len().max(1)))
        else {
            break;
        };
        let started = Instant::now();
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
            errors += 1;
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
            Some(at) => latencies.push(at.saturating_duration_since(started).as_micros() as u64),
            None => lost += 1,
        }
        // Drain the mover's own pushes.
        while let Ok((v, at)) = seated.sockets[seat].try_recv() {
            seen[seat].insert(v, at);
        }
        state = next;
    }
    let finished = state.to_move.is_none();
    // The final history holds every move once.
    if let Ok(response) = http
        .get(format!("{base}/api/games/{}", seated.id))
        .send()
        .await
    {
        if let Ok(final_state) = response.json::<State>().await {
            let kept = final_state.history.len() as u64;
            if kept != moves {
                lost += moves.abs_diff(kept);
            }
        }
    }
    (latencies, moves, errors, lost, finished)
}

/// Seats the games, then plays them all at once.
pub async fn run(config: Config) -> Report {
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(4096)
        .build()
        .expect("an HTTP client");
    let setup_errors = Arc::new(AtomicU64::new(0));
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
                    setup_errors.fetch_add(1, Ordering::Relaxed);
                }
                Err(_) => {
                    setup_errors.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }
    let started = Instant::now();
    let mut tasks = Vec::new();
    for game in seated {
        tasks.push(tokio::spawn(play_game(
            http.clone(),
            config.addr.clone(),
            game,
        )));
    }
    let mut report = Report {
        errors: setup_errors.load(Ordering::Relaxed),
        ..Report::default()
    };
    let mut latencies = Vec::new();
    for task in tasks {
        if let Ok((game_latencies, moves, errors, lost, finished)) = task.await {
            latencies.extend(game_latencies);
            report.moves += moves;
            report.errors += errors;
            report.lost += lost;
            report.games_finished += usize::from(finished);
        } else {
            report.errors += 1;
        }
    }
    report.seconds = started.elapsed().as_secs_f64();
    report.server_peak_kib = memory(config.pid, "VmHWM:");
    report.server_rss_kib = memory(config.pid, "VmRSS:");
    report.moves_per_second = report.moves as f64 / report.seconds.max(1e-9);
    latencies.sort_unstable();
    let at = |q: f64| -> f64 {
        if latencies.is_empty() {
            return 0.0;
        }
        let index = ((latencies.len() as f64 - 1.0) * q).round() as usize;
        latencies[index] as f64 / 1000.0
    };
    report.p50_ms = at(0.50);
    report.p99_ms = at(0.99);
    report.max_ms = at(1.0);
    report
}

fn main() {
    let mut config = Config {
        addr: "127.0.0.1:8080".to_owned(),
        games: 1000,
        pid: None,
        game: "connect4".to_owned(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().unwrap_or_default();
        match arg.as_str() {
            "--addr" => config.addr = value,
            "--games" => config.games = value.parse().expect("--games N"),
            "--pid" => config.pid = value.parse().ok(),
            "--game" => config.game = value,
            _ => {
                eprintln!(
                    "usage: load [--addr HOST:PORT] [--games N] [--pid SERVER_PID] [--game NAME]"
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
