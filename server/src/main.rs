//! rulebook-server: every game of the rulebook crate online, JSON over
//! HTTP and a WebSocket per game, on SQLite or PostgreSQL. See
//! `server/README.md`.

#![forbid(unsafe_code)]

mod app;
mod db;
mod error;
mod ratelimit;
mod routes;
mod session;
mod web;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use app::{App, Options};
use web::Web;

const USAGE: &str = "usage: rulebook-server [--listen ADDR] [--database URL] [--web-dir DIR]
    [--engine-threads N] [--engine-millis-per-level MS] [--rate-limit PER_SECOND] [--rate-burst N]

  --listen ADDR        where to listen (default 127.0.0.1:8080; port 0 picks a free one)
  --database URL       sqlite://FILE, a file path, or postgres://... (default rulebook-server.db)
  --web-dir DIR        serve the web page from DIR instead of the embedded files
                       (also env RULEBOOK_WEB_DIR)
  --engine-threads N   searches at once (default: the number of cores)
  --engine-millis-per-level MS   the computer's time limit per move: MS x level (default 250)
  --rate-limit R       requests per second per client address, 0 for none (default 200)
  --rate-burst N       requests at once per client address (default 400)";

struct Args {
    listen: String,
    database: String,
    web_dir: Option<PathBuf>,
    engine_threads: usize,
    millis_per_level: u64,
    rate: f64,
    burst: f64,
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
    let db = db::Db::open(&args.database).await?;
    let options = Options {
        millis_per_level: args.millis_per_level,
        engine_threads: args.engine_threads,
        rate: args.rate,
        burst: args.burst,
        web: args.web_dir.map_or(Web::Embedded, Web::Dir),
    };
    let app = Arc::new(App::new(db.clone(), options));
    // Games whose computer was thinking when the server stopped go on.
    for id in db.live_computer_games().await? {
        if let Ok(handle) = app.handle(&id).await {
            app.schedule_computer(handle);
        }
    }
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
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
    .map_err(|error| format!("server error: {error}"))
}

/// Pushes the changes other processes commit (PostgreSQL LISTEN).
async fn listen(app: Arc<App>, url: String) {
    loop {
        match sqlx::postgres::PgListener::connect(&url).await {
            Ok(mut listener) => {
                if listener.listen(db::CHANNEL).await.is_ok() {
                    while let Ok(notification) = listener.recv().await {
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
