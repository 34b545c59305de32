//! rulebook-server: every game of the rulebook crate online, JSON over
//! HTTP and a WebSocket per game, on SQLite or PostgreSQL. See
//! `server/README.md`.

#![forbid(unsafe_code)]

mod accounts;
mod app;
mod chat;
mod clock;
mod db;
mod endgame;
mod error;
mod lobby;
mod lobby_socket;
mod people;
mod ratelimit;
mod rating;
mod rematch;
mod routes;
mod session;
mod settle;
mod web;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use app::{App, Options};
use web::Web;

const USAGE: &str = "usage: rulebook-server [--listen ADDR] [--database URL] [--web-dir DIR]
    [--engine-threads N] [--engine-millis-per-level MS] [--rate-limit PER_SECOND] [--rate-burst N]
    [--idle-evict-secs S] [--idle-evict-live-secs S] [--header-timeout-secs S] [--claim-grace-secs S]
    [--first-move-secs S] [--secure-cookies] [--endgame-dir DIR]

  --listen ADDR        where to listen (default 127.0.0.1:8080; port 0 picks a free one)
  --database URL       sqlite://FILE, a file path, or postgres://... (default rulebook-server.db)
  --web-dir DIR        serve the web page from DIR instead of the embedded files
                       (also env RULEBOOK_WEB_DIR)
  --engine-threads N   searches at once (default: the number of cores)
  --engine-millis-per-level MS   the computer's time limit per move: MS x level (default 250)
  --rate-limit R       requests per second per client address, 0 for none (default 200)
  --rate-burst N       requests at once per client address (default 400)
  --idle-evict-secs S  a finished game leaves memory after S seconds unused with no
                       WebSocket client; it is loaded from the database when asked
                       for again (default 60, 0: never)
  --idle-evict-live-secs S   the same for an unfinished game (default 900, 0: never)
  --header-timeout-secs S    close a connection that has not sent a whole request head
                       within S seconds (default 10)
  --claim-grace-secs S a player whose opponent left (closed the game's page) may claim
                       the win or a draw S seconds later (default 30)
  --first-move-secs S  in a game with a clock, each side's first move within S seconds
                       or the game is aborted (default 30; correspondence: its days)
  --secure-cookies     mark the session cookie `Secure` (behind https)
  --endgame-dir DIR    the endgame databases in DIR (built by the rulebook `endgame` example):
                       the computer players probe them, and they answer
                       GET /api/games/{id}/endgame; a missing or damaged one stops the
                       server at the start";

struct Args {
    listen: String,
    database: String,
    web_dir: Option<PathBuf>,
    engine_threads: usize,
    millis_per_level: u64,
    rate: f64,
    burst: f64,
    evict_finished: f64,
    evict_live: f64,
    header_timeout: f64,
    claim_grace: f64,
    first_move: f64,
    secure_cookies: bool,
    endgame_dir: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        listen: "127.0.0.1:8080".to_owned(),
        database: "rulebook-server.db".to_owned(),
        web_dir: std::env::var_os("RULEBOOK_WEB_DIR").map(PathBuf::from),
        engine_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
        millis_per_level: 250,
        rate: 200.0,
        burst: 400.0,
        evict_finished: 60.0,
        evict_live: 900.0,
        header_timeout: 10.0,
        claim_grace: 30.0,
        first_move: 30.0,
        secure_cookies: false,
        endgame_dir: None,
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        if word == "--help" || word == "-h" {
            return Err(String::new());
        }
        let mut value = || words.next().ok_or_else(|| format!("{word} needs a value"));
        let number = |text: String| -> Result<f64, String> {
            text.parse::<f64>()
                .ok()
                .filter(|n| n.is_finite() && *n >= 0.0)
                .ok_or_else(|| format!("{word}: `{text}` is not a number"))
        };
        match word.as_str() {
            "--listen" => args.listen = value()?,
            "--database" => args.database = value()?,
            "--web-dir" => args.web_dir = Some(PathBuf::from(value()?)),
            "--engine-threads" => args.engine_threads = number(value()?)? as usize,
            "--engine-millis-per-level" => args.millis_per_level = number(value()?)? as u64,
            "--rate-limit" => args.rate = number(value()?)?,
            "--rate-burst" => args.burst = number(value()?)?,
            "--idle-evict-secs" => args.evict_finished = number(value()?)?,
            "--idle-evict-live-secs" => args.evict_live = number(value()?)?,
            "--header-timeout-secs" => args.header_timeout = number(value()?)?,
            "--claim-grace-secs" => args.claim_grace = number(value()?)?,
            "--first-move-secs" => args.first_move = number(value()?)?,
            "--secure-cookies" => args.secure_cookies = true,
            "--endgame-dir" => args.endgame_dir = Some(PathBuf::from(value()?)),
            _ => return Err(format!("unknown argument `{word}`")),
        }
    }
    Ok(args)
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("rulebook-server: {message}");
            }
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("rulebook-server: cannot start: {error}");
            std::process::exit(1);
        }
    };
    if let Err(error) = runtime.block_on(serve(args)) {
        eprintln!("rulebook-server: {error}");
        std::process::exit(1);
    }
}

async fn serve(args: Args) -> Result<(), String> {
    // Read first: a missing or damaged database stops the server at once.
    let endgame = match &args.endgame_dir {
        Some(dir) => Some(Arc::new(
            rulebook::endgame::Databases::open(dir)
                .map_err(|error| format!("endgame databases: {error}"))?,
        )),
        None => None,
    };
    let db = db::Db::open(&args.database).await?;
    tokio::spawn(db.clone().heartbeat_loop());
    let options = Options {
        millis_per_level: args.millis_per_level,
        engine_threads: args.engine_threads,
        rate: args.rate,
        burst: args.burst,
        web: args.web_dir.map_or(Web::Embedded, Web::Dir),
        evict_finished: seconds(args.evict_finished),
        evict_live: seconds(args.evict_live),
        claim_grace: seconds(args.claim_grace).unwrap_or_default(),
        first_move: seconds(args.first_move).unwrap_or(std::time::Duration::from_secs(30)),
        secure_cookies: args.secure_cookies,
        endgame,
    };
    let app = Arc::new(App::new(db.clone(), options));
    tokio::spawn(app.clone().evict_loop());
    // Finished games with named players: results kept, ratings updated.
    tokio::spawn(settle::settle_loop(app.clone()));
    // The games with clocks or a computer of the processes that stopped
    // (on SQLite, one process per file: every other; on PostgreSQL, those
    // without a heartbeat for `STALE_AFTER`) go on here: their timers run,
    // the time nobody counted is not charged, their computers think (see
    // `App::adopt_orphans`). The games of running processes are theirs.
    let alive_since = if db.postgres {
        app::now_ms() - i64::try_from(db::STALE_AFTER.as_millis()).unwrap_or(i64::MAX)
    } else {
        i64::MAX
    };
    app.adopt_orphans(alive_since).await?;
    tokio::spawn(app.clone().adopt_loop());
    if db.postgres {
        let listener_app = app.clone();
        let url = db.url.clone();
        tokio::spawn(async move { listen(listener_app, url).await });
    }
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(|error| format!("cannot listen on {}: {error}", args.listen))?;
    let address = listener
        .local_addr()
        .map_err(|error| format!("cannot listen on {}: {error}", args.listen))?;
    println!("rulebook-server listening on http://{address}");
    let router = routes::router(app);
    let header_timeout = seconds(args.header_timeout);
    let shutdown = tokio::signal::ctrl_c();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => {
                    // Out of file descriptors, or a connection reset before
                    // it was accepted: go on after a pause.
                    tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                    continue;
                }
            },
            _ = &mut shutdown => {
                // The other processes adopt this one's games at once.
                let _ = db.stop().await;
                return Ok(());
            }
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(serve_connection(
            stream,
            peer,
            router.clone(),
            header_timeout,
        ));
    }
}

/// Serves one HTTP/1 connection (and its WebSocket upgrade). A client that
/// has not sent a whole request head within `header_timeout` (from the
/// connection's start, or from the end of its previous response) is
/// disconnected, so slow or idle clients do not keep connections for ever.
async fn serve_connection(
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    router: axum::Router,
    header_timeout: Option<std::time::Duration>,
) {
    use tower::ServiceExt as _;
    let service =
        hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let mut request = request.map(axum::body::Body::new);
            request
                .extensions_mut()
                .insert(axum::extract::ConnectInfo(peer));
            router.clone().oneshot(request)
        });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(hyper_util::rt::TokioTimer::new());
    builder.header_read_timeout(header_timeout);
    let connection = builder
        .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
        .with_upgrades();
    // A connection that fails (a reset, a timeout) is just closed.
    let _ = connection.await;
}

/// `seconds` as a duration, None for 0 (or too large).
fn seconds(seconds: f64) -> Option<std::time::Duration> {
    std::time::Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|duration| !duration.is_zero())
}

/// Pushes the changes other processes commit (PostgreSQL LISTEN).
async fn listen(app: Arc<App>, url: String) {
    loop {
        match sqlx::postgres::PgListener::connect(&url).await {
            Ok(mut listener) => {
                if listener
                    .listen_all([db::CHANNEL, chat::CHAT_CHANNEL])
                    .await
                    .is_ok()
                {
                    while let Ok(notification) = listener.recv().await {
                        if notification.channel() == chat::CHAT_CHANNEL {
                            app.chat_notified(notification.payload());
                            continue;
                        }
                        if let Some((id, version)) = notification.payload().split_once(':') {
                            if let Ok(version) = version.parse() {
                                let app = app.clone();
                                let id = id.to_owned();
                                tokio::spawn(async move { app.notified(&id, version).await });
                            }
                        }
                    }
                }
            }
            Err(error) => eprintln!("rulebook-server: LISTEN failed: {error}"),
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}
