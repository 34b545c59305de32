//! A draughts engine program speaking the Hub protocol (version 2, as
//! Scan 3.x's `protocol.txt` defines it) on standard input and output, for
//! draughts GUIs and match tools.
//!
//! ```text
//! cargo run --release --example hub
//! ```
//!
//! Every variant of `rulebook::draughts::Variant` plays, chosen with the
//! `variant` parameter before `init`, by its `hub_name`: `normal`
//! (International, as Scan names it), `english`, `russian`, `brazilian`,
//! `pool`, `italian`, `spanish`, ... Positions and moves are written as `rulebook::draughts::hub`
//! documents (8x8 boards: 32 squares numbered as in English checkers).
//! Turkish draughts plays as `turkish` (Scan has none), its 64 squares
//! numbered 1 (`a8`) to 64 (`h1`) as `rulebook::turkish::hub_position`
//! documents.
//!
//! What it answers:
//! - `hub`: `id name=rulebook version=...`, one `param` line per parameter
//!   (`variant`, `tt-size` in MiB, `book`), then `wait`; `set-param name= value=`
//!   sets one; `init` is answered with `ready`.
//! - `new-game` clears the transposition table; `pos pos=... moves="..."`
//!   (or `pos start`) sets the position and the moves played from it (the
//!   search sees their repetitions and the variant's draw rules);
//!   `level depth=N | nodes=N | move-time=T | [moves=N] time=T [inc=I] |
//!   infinite` sets the limits of the next search (the default is one
//!   second a move). With a game clock (`time`: the time left, this
//!   move's increment included; `inc`; `moves`: moves to the next
//!   control) the move's budget is `rulebook::search::TimeControl`'s: no
//!   new depth after its soft limit, a stop at its hard limit, never
//!   the whole clock.
//! - `go think | ponder | analyze` searches on a thread, printing `info
//!   depth= mean-depth= score= nodes= time= nps= pv="..."` after every
//!   depth (score in men, nps in millions) and `done move=... ponder=...`
//!   at the end. During a search: `stop` ends it (still with `done`),
//!   `ping` is answered `pong`, `ponder-hit` turns a ponder search into a
//!   timed one (its time counted from the hit).
//! - With `book` true (the default), `go think` in a position of the
//!   variant's opening book (`rulebook::draughts::shipped_book`:
//!   International and Russian) answers `done move=...` at once with a
//!   move of the book, drawn by weight (seeded: the same session plays the
//!   same lines); `ponder` and `analyze` always search. `set-param
//!   name=book value=false` searches every move.
//! - `ping` → `pong`; `quit` or the end of the input ends the program.
//! - Unknown commands and arguments are ignored, as the protocol says; a
//!   line that cannot be read, or a bad value, gets `error message="..."`
//!   and the engine goes on.
//!
//! With `--endgame DIR` the engine probes the endgame databases of the
//! variant in DIR (built by the `endgame` example) in its searches, and
//! plays their move in a position they hold; the databases are read when
//! the variant's session starts (`init`), and a variant with no (or a
//! damaged) database there gets `error message="..."` and plays without.
//! Database wins and losses are reported as ±500 men (less a thousandth
//! per ply to the database position).
//!
//! With `--dxp-listen PORT` (follower) or `--dxp-connect HOST:PORT`
//! (initiator) it plays one International game over DamExchange instead
//! (`rulebook::draughts::DxpMessage`): the initiator's game request sets
//! the time per side (`--minutes`, default 10) and the number of moves
//! (`--moves`, default 75) and the start position (`--position FEN`,
//! default the standard one); each side keeps its own clock and plans each
//! move with `rulebook::search::TimeControl` (the remaining time, the
//! moves to go), on the clock alone or capped by the node or depth limit
//! of `--level N`. The game ends by the rules or
//! International's draw rules, with GAMEEND sent by the side to move and
//! confirmed by the other; the program prints every message and the
//! result. With `--endgame DIR` the DXP engine reads International's
//! databases in DIR before it listens or connects (a missing or damaged
//! one: a message and exit code 1, no game).

mod dxp;
mod game;

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use game::{GameVisitor, HubGame, HubVariant};
use rulebook::book::OpeningBook;
use rulebook::draughts::{self, HubMessage, Variant};
use rulebook::search::{
    AlphaBeta, Limits, Oracle, Progress, Score, Searcher, StopSignal, TimeControl,
};
use rulebook::SplitMix64;
use rulebook::{Game, Match};

const USAGE: &str = "\
usage: hub [--endgame DIR]  (then speak Hub protocol version 2 on standard input)
       hub --dxp-listen PORT [--level N] [--endgame DIR]
       hub --dxp-connect HOST:PORT [--level N] [--minutes M] [--moves N] [--follower white|black]
           [--position FEN] [--endgame DIR]";

/// Reads the DXP options.
fn dxp_options(args: &[String]) -> Result<dxp::Options, String> {
    let mut role = None;
    let mut options = dxp::Options {
        role: dxp::Role::Listen(0),
        level: None,
        minutes: DXP_DEFAULT_MINUTES,
        moves: DXP_DEFAULT_MOVES,
        follower: draughts::Color::Black,
        endgame: None,
        position: None,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = || rest.next().ok_or_else(|| format!("{arg} needs a value"));
        let number = |text: &String| -> Result<u32, String> {
            text.parse()
                .map_err(|_| format!("{arg} takes a number, not `{text}`"))
        };
        match arg.as_str() {
            "--dxp-listen" => {
                let text = value()?;
                let port = text
                    .parse()
                    .map_err(|_| format!("--dxp-listen takes a port, not `{text}`"))?;
                role = Some(dxp::Role::Listen(port));
            }
            "--dxp-connect" => role = Some(dxp::Role::Connect(value()?.clone())),
            "--level" => {
                let level = number(value()?)?;
                draughts::level_limits(level).map_err(|e| e.to_string())?;
                options.level = Some(level);
            }
            "--minutes" => options.minutes = number(value()?)?.min(999),
            "--moves" => options.moves = number(value()?)?.min(999),
            "--follower" => {
                options.follower = match value()?.as_str() {
                    "white" => draughts::Color::White,
                    "black" => draughts::Color::Black,
                    other => return Err(format!("--follower takes white or black, not `{other}`")),
                }
            }
            "--endgame" => options.endgame = Some(PathBuf::from(value()?)),
            "--position" => {
                let text = value()?;
                let position = draughts::International::from_fen(text)
                    .map_err(|e| format!("--position: `{text}`: {e}"))?;
                if position.legal_moves().is_empty() {
                    return Err(format!("--position: `{text}`: the game is over there"));
                }
                options.position = Some(position);
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    options.role = role.ok_or("say --dxp-listen PORT or --dxp-connect HOST:PORT")?;
    if options.position.is_some() && matches!(options.role, dxp::Role::Listen(_)) {
        return Err("--position is the initiator's (--dxp-connect): the follower plays the position of the game request".to_owned());
    }
    Ok(options)
}

/// The initiator's thinking time per side when `--minutes` is not given.
const DXP_DEFAULT_MINUTES: u32 = 10;
/// The initiator's number of moves when `--moves` is not given.
const DXP_DEFAULT_MOVES: u32 = 75;

/// The games' Hub names (`normal` is International), joined by
/// `separator`.
fn variant_names(separator: &str) -> String {
    HubVariant::names(separator)
}

/// The transposition table's size when the GUI does not set `tt-size`.
const DEFAULT_TABLE_MIB: usize = 16;
/// The men a database win is worth in Hub's `info` scores: below a win
/// proven to the end (1000), above any evaluation.
const DATABASE_MEN: f64 = 500.0;
/// The largest `tt-size` accepted, in MiB.
const MAX_TABLE_MIB: usize = 1024;
/// The seed of the opening book's draws in a session.
const BOOK_SEED: u64 = 0;
/// The time a move takes when no `level` says otherwise.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);

/// What the reader thread and the search thread tell the main loop.
enum Event {
    /// A line of input.
    Line(String),
    /// The input has ended.
    End,
    /// The search with this number has printed its `done` line.
    SearchDone(u64),
}

fn say(message: &HubMessage) {
    let mut out = io::stdout().lock();
    // A closed output means the GUI has gone: end quietly.
    if writeln!(out, "{message}")
        .and_then(|()| out.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

fn error(text: impl std::fmt::Display) {
    say(&HubMessage::new("error").with("message", text));
}

/// The limits a `level` command asked for.
#[derive(Clone, Copy, Default, Debug)]
struct Level {
    depth: Option<u32>,
    nodes: Option<u64>,
    move_time: Option<Duration>,
    /// The game clock: remaining time (with this move's increment, which
    /// Hub adds before the move), increment, moves to the next control.
    clock: Option<TimeControl>,
    infinite: bool,
}

impl Level {
    /// Reads a `level` message.
    fn read(message: &HubMessage) -> Result<Level, String> {
        fn number<T: std::str::FromStr>(
            message: &HubMessage,
            name: &str,
        ) -> Result<Option<T>, String> {
            match message.value(name) {
                None => Ok(None),
                Some(text) => text
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("level: {name}={text} is not a number")),
            }
        }
        fn seconds(message: &HubMessage, name: &str) -> Result<Option<Duration>, String> {
            match number::<f64>(message, name)? {
                None => Ok(None),
                Some(s) if (0.0..1e9).contains(&s) => Ok(Some(Duration::from_secs_f64(s))),
                Some(s) => Err(format!("level: {name}={s} is not a time in seconds")),
            }
        }
        let time = seconds(message, "time")?;
        let moves = number::<u32>(message, "moves")?;
        let inc = seconds(message, "inc")?;
        let clock = match (time, moves, inc) {
            (None, None, None) => None,
            (time, moves, inc) => {
                let mut clock = TimeControl::new(time.unwrap_or(Duration::ZERO))
                    .with_increment(inc.unwrap_or_default());
                if let Some(moves) = moves {
                    clock = clock.with_moves_to_go(moves);
                }
                Some(clock)
            }
        };
        Ok(Level {
            depth: number(message, "depth")?,
            nodes: number(message, "nodes")?,
            move_time: seconds(message, "move-time")?,
            clock,
            infinite: message.has("infinite"),
        })
    }

    /// The time limits of one move, if the level limits time: the hard
    /// limit, and the soft one of a game clock.
    fn time_limits(&self) -> Option<(Duration, Option<Duration>)> {
        if self.infinite {
            return None;
        }
        if let Some(time) = self.move_time {
            return Some((time, None));
        }
        if let Some(clock) = self.clock {
            let budget = clock.budget();
            return Some((budget.hard, Some(budget.soft)));
        }
        if self.depth.is_none() && self.nodes.is_none() {
            return Some((DEFAULT_MOVE_TIME, None));
        }
        None
    }

    /// The limits of a search, with or without the time limits.
    fn limits(&self, timed: bool) -> Limits {
        let mut limits = Limits::NONE;
        if !self.infinite {
            limits.depth = self.depth;
            limits.nodes = self.nodes;
            if let Some((hard, soft)) = self.time_limits().filter(|_| timed) {
                limits.time = Some(hard);
                limits.soft_time = soft;
            }
        }
        limits
    }
}

/// How a `go` searches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Think,
    Ponder,
    Analyze,
}

/// A search running on its own thread.
struct Running<G: HubGame> {
    handle: JoinHandle<Box<AlphaBeta<G, G::Eval>>>,
    /// Whether only `stop` (or a ponder-hit's deadline) ends it.
    endless: bool,
    /// Its number, to match its `SearchDone` event.
    id: u64,
}

/// The engine for one variant: its search, the position, the next
/// search's limits.
struct Session<G: HubGame> {
    search: Option<Box<AlphaBeta<G, G::Eval>>>,
    stop: StopSignal,
    game: Match<G>,
    level: Level,
    running: Option<Running<G>>,
    /// After a ponder-hit: when the search must stop.
    deadline: Option<Instant>,
    /// How many searches have started.
    searches: u64,
    /// The endgame databases the search probes, if any.
    oracle: Option<Arc<dyn Oracle<G>>>,
    /// The opening book and the draws of its moves, if any.
    book: Option<(Arc<OpeningBook<G>>, SplitMix64)>,
}

/// What the main loop needs of a session, whatever its variant.
trait Engine {
    fn new_game(&mut self);
    fn position(&mut self, message: &HubMessage);
    fn level(&mut self, message: &HubMessage);
    fn go(&mut self, message: &HubMessage, events: &Sender<Event>);
    fn is_searching(&self) -> bool;
    /// Whether the running search ends only when stopped.
    fn is_endless(&self) -> bool;
    fn stop(&mut self);
    fn ponder_hit(&mut self);
    fn deadline(&self) -> Option<Instant>;
    /// Waits for the running search to end (it has printed `done`).
    fn join(&mut self);
    /// The search numbered `id` has ended: joins it if it is the one
    /// running (an earlier one was joined already).
    fn finished(&mut self, id: u64);
}

impl<G: HubGame> Session<G> {
    /// A session with a transposition table of `table_mib` MiB, probing
    /// the databases of `endgame` when given (an `error` message, and none,
    /// when they cannot be read), and playing from the game's opening
    /// book when `book` is true and it has one.
    fn new(table_mib: usize, endgame: Option<&Path>, book: bool) -> Session<G> {
        let stop = StopSignal::new();
        let mut search = AlphaBeta::with_table_bytes(G::evaluation(), table_mib << 20)
            .with_stop_signal(stop.clone());
        let mut oracle: Option<Arc<dyn Oracle<G>>> = None;
        if let Some(dir) = endgame {
            match G::open_endgame(dir) {
                Ok(tablebase) => oracle = Some(tablebase),
                Err(problem) => error(format!("endgame databases: {problem}")),
            }
        }
        if let Some(oracle) = &oracle {
            search = search.with_oracle(Arc::clone(oracle));
        }
        Session {
            search: Some(Box::new(search)),
            stop,
            game: Match::with_rules(G::default(), G::DRAW_RULES),
            level: Level::default(),
            running: None,
            deadline: None,
            searches: 0,
            oracle,
            book: G::book()
                .filter(|_| book)
                .map(|book| (book, SplitMix64::new(BOOK_SEED))),
        }
    }
}

/// The score in men, as Hub's `info` gives it; proven wins and losses as
/// ±1000 men less a thousandth per ply, database wins and losses as ±500
/// men less a thousandth per ply to the database position.
fn score_in_men(score: Score) -> String {
    if let Some(plies) = score.win_in_plies() {
        format!("{:.3}", 1000.0 - f64::from(plies) / 1000.0)
    } else if let Some(plies) = score.loss_in_plies() {
        format!("{:.3}", -1000.0 + f64::from(plies) / 1000.0)
    } else if let Some(plies) = score.database_win_in_plies() {
        format!("{:.3}", DATABASE_MEN - f64::from(plies) / 1000.0)
    } else if let Some(plies) = score.database_loss_in_plies() {
        format!("{:.3}", -DATABASE_MEN + f64::from(plies) / 1000.0)
    } else {
        format!("{:.2}", f64::from(score.value()) / 100.0)
    }
}

/// A line of moves from `position`, in Hub text.
fn line_text<G: HubGame>(position: &G, moves: &[G::Move]) -> String {
    let mut position = *position;
    let mut words = Vec::new();
    for mv in moves {
        if !position.is_legal(*mv) {
            break;
        }
        words.push(position.hub_move(mv));
        position.apply_unchecked(*mv);
    }
    words.join(" ")
}

impl<G: HubGame> Engine for Session<G> {
    fn new_game(&mut self) {
        if let Some(search) = self.search.as_mut() {
            search.clear();
        }
        self.game = Match::with_rules(G::default(), G::DRAW_RULES);
    }

    fn position(&mut self, message: &HubMessage) {
        self.level = Level::default();
        let start = match message.value("pos") {
            Some(text) if !message.has("start") => match G::parse_hub_position(text) {
                Ok(position) => position,
                Err(problem) => return error(problem),
            },
            _ => G::default(),
        };
        let mut game = Match::with_rules(start, G::DRAW_RULES);
        for word in message.value("moves").unwrap_or("").split_whitespace() {
            if game.is_over() {
                error(format!("move {word} after the end of the game"));
                break;
            }
            match game.position().parse_hub_move(word) {
                Ok(mv) => {
                    if game.play(mv).is_err() {
                        error(format!("illegal move {word}"));
                        break;
                    }
                }
                Err(problem) => {
                    error(problem);
                    break;
                }
            }
        }
        self.game = game;
    }

    fn level(&mut self, message: &HubMessage) {
        match Level::read(message) {
            Ok(level) => self.level = level,
            Err(problem) => error(problem),
        }
    }

    fn go(&mut self, message: &HubMessage, events: &Sender<Event>) {
        let mode = if message.has("ponder") {
            Mode::Ponder
        } else if message.has("analyze") {
            Mode::Analyze
        } else {
            Mode::Think
        };
        let position = *self.game.position();
        if position.legal_moves().is_empty() || self.game.is_over() {
            error("the game is over: no move to search");
            say(&HubMessage::new("done"));
            return;
        }
        if mode == Mode::Think {
            if let Some((book, rng)) = self.book.as_mut() {
                if let Some(mv) = book.choose(&position, rng) {
                    say(&HubMessage::new("done").with("move", position.hub_move(&mv)));
                    return;
                }
            }
        }
        let Some(mut search) = self.search.take() else {
            return;
        };
        // A ponder search is timed only from the ponder-hit.
        let limits = self.level.limits(mode != Mode::Ponder);
        let endless = mode == Mode::Ponder
            || (limits.depth.is_none() && limits.nodes.is_none() && limits.time.is_none());
        self.stop.reset();
        self.deadline = None;
        let game = self.game.clone();
        let events = events.clone();
        self.searches += 1;
        let id = self.searches;
        let handle = std::thread::spawn(move || {
            let result =
                search.search_with_progress(&game, limits, |progress: &Progress<'_, _>| {
                    let seconds = progress.elapsed.as_secs_f64();
                    let info = HubMessage::new("info")
                        .with("depth", progress.depth)
                        .with("mean-depth", progress.depth)
                        .with("score", score_in_men(progress.score))
                        .with("nodes", progress.nodes)
                        .with("time", format!("{seconds:.3}"))
                        .with(
                            "nps",
                            format!("{:.2}", progress.nodes_per_second() as f64 / 1e6),
                        )
                        .with("pv", line_text(&position, progress.pv));
                    say(&info);
                });
            let mut done = HubMessage::new("done");
            if let Some(mv) = result.best_move {
                done = done.with("move", position.hub_move(&mv));
                let after = position.after(mv).unwrap_or(position);
                if let Some(answer) = result.pv.get(1).filter(|&&answer| after.is_legal(answer)) {
                    done = done.with("ponder", after.hub_move(answer));
                }
            }
            say(&done);
            let _ = events.send(Event::SearchDone(id));
            search
        });
        self.running = Some(Running {
            handle,
            endless,
            id,
        });
    }

    fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    fn is_endless(&self) -> bool {
        self.running.as_ref().is_some_and(|r| r.endless) && self.deadline.is_none()
    }

    fn stop(&mut self) {
        self.stop.stop();
    }

    fn ponder_hit(&mut self) {
        if self.running.is_some() {
            if let Some((hard, _)) = self.level.time_limits() {
                self.deadline = Some(Instant::now() + hard);
            }
        }
    }

    fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    fn finished(&mut self, id: u64) {
        if self
            .running
            .as_ref()
            .is_some_and(|running| running.id == id)
        {
            self.join();
        }
    }

    fn join(&mut self) {
        if let Some(running) = self.running.take() {
            match running.handle.join() {
                Ok(search) => self.search = Some(search),
                Err(_) => {
                    // The search panicked: start afresh rather than stop.
                    error("the search failed; its table is lost");
                    let fresh = Session::<G>::new(DEFAULT_TABLE_MIB, None, false);
                    let mut search = fresh.search;
                    if let (Some(search), Some(oracle)) = (search.as_mut(), &self.oracle) {
                        search.set_oracle(Some(Arc::clone(oracle)));
                    }
                    self.search = search;
                    self.stop = fresh.stop;
                }
            }
        }
        self.deadline = None;
    }
}

/// A session of the settings' variant, table size and endgame databases.
fn session(settings: &Settings) -> Box<dyn Engine> {
    /// Makes the [`Session`] of the variant's rules.
    struct NewSession<'a>(usize, Option<&'a Path>, bool);
    impl GameVisitor for NewSession<'_> {
        type Output = Box<dyn Engine>;
        fn visit<G: HubGame>(self) -> Box<dyn Engine> {
            Box::new(Session::<G>::new(self.0, self.1, self.2))
        }
    }
    settings.variant.visit(NewSession(
        settings.table_mib,
        settings.endgame.as_deref(),
        settings.book,
    ))
}

/// The parameters the GUI may set before `init`.
struct Settings {
    variant: HubVariant,
    table_mib: usize,
    /// The directory of the endgame databases (`--endgame`), if any.
    endgame: Option<PathBuf>,
    /// Whether the engine plays from the opening book.
    book: bool,
}

impl Settings {
    fn announce(&self) {
        say(&HubMessage::new("id")
            .with("name", "rulebook")
            .with("version", env!("CARGO_PKG_VERSION"))
            .with("author", "the rulebook authors"));
        say(&HubMessage::new("param")
            .with("name", "variant")
            .with("value", self.variant.hub_name())
            .with("type", "enum")
            .with("values", variant_names(" ")));
        say(&HubMessage::new("param")
            .with("name", "tt-size")
            .with("value", self.table_mib)
            .with("type", "int")
            .with("min", 1)
            .with("max", MAX_TABLE_MIB));
        say(&HubMessage::new("param")
            .with("name", "book")
            .with("value", self.book)
            .with("type", "bool"));
        say(&HubMessage::new("wait"));
    }

    /// Applies `set-param`; returns whether a setting changed.
    fn set(&mut self, message: &HubMessage) -> bool {
        let (Some(name), Some(value)) = (message.value("name"), message.value("value")) else {
            error("set-param needs name= and value=");
            return false;
        };
        match name {
            "variant" => match HubVariant::from_hub_name(value) {
                Some(variant) => {
                    let changed = self.variant != variant;
                    self.variant = variant;
                    changed
                }
                None => {
                    error(format!(
                        "unknown variant {value}: use one of {}",
                        variant_names(", ")
                    ));
                    false
                }
            },
            "tt-size" => match value.parse::<usize>() {
                Ok(mib) if (1..=MAX_TABLE_MIB).contains(&mib) => {
                    let changed = self.table_mib != mib;
                    self.table_mib = mib;
                    changed
                }
                _ => {
                    error(format!(
                        "tt-size takes 1 to {MAX_TABLE_MIB} (MiB), not {value}"
                    ));
                    false
                }
            },
            "book" => match value {
                "true" | "false" => {
                    let book = value == "true";
                    let changed = self.book != book;
                    self.book = book;
                    changed
                }
                _ => {
                    error(format!("book takes true or false, not {value}"));
                    false
                }
            },
            // Unknown parameters are ignored, as the protocol says.
            _ => false,
        }
    }
}

/// Reads standard input on its own thread, line by line, into `events`.
fn read_input(events: Sender<Event>) {
    std::thread::spawn(move || {
        let mut input = io::stdin().lock();
        loop {
            let mut bytes = Vec::new();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => {
                    let _ = events.send(Event::End);
                    return;
                }
                Ok(_) => {
                    let line = String::from_utf8_lossy(&bytes)
                        .trim_end_matches(['\n', '\r'])
                        .to_owned();
                    if events.send(Event::Line(line)).is_err() {
                        return;
                    }
                }
            }
        }
    });
}

/// The next event, waiting at most until `deadline`; `None` when the
/// deadline passes first.
fn next_event(events: &Receiver<Event>, deadline: Option<Instant>) -> Option<Event> {
    match deadline {
        None => Some(events.recv().unwrap_or(Event::End)),
        Some(deadline) => {
            let wait = deadline.saturating_duration_since(Instant::now());
            match events.recv_timeout(wait) {
                Ok(event) => Some(event),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Event::End),
            }
        }
    }
}

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--endgame DIR` alone: Hub with the databases.
    let mut endgame = None;
    if args.len() == 2 && args[0] == "--endgame" {
        endgame = args.pop().map(PathBuf::from);
        args.clear();
    }
    if !args.is_empty() {
        return match dxp_options(&args) {
            Ok(options) => match dxp::run(&options) {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => {
                    eprintln!("hub: {message}");
                    ExitCode::FAILURE
                }
            },
            Err(message) => {
                eprintln!("hub: {message}\n{USAGE}");
                ExitCode::from(2)
            }
        };
    }
    let (sender, events) = mpsc::channel();
    read_input(sender.clone());
    let mut settings = Settings {
        variant: HubVariant::Draughts(Variant::International),
        table_mib: DEFAULT_TABLE_MIB,
        endgame,
        book: true,
    };
    let mut engine: Option<Box<dyn Engine>> = None;
    loop {
        let deadline = engine.as_ref().and_then(|e| e.deadline());
        let Some(event) = next_event(&events, deadline) else {
            // A ponder-hit's time is up.
            if let Some(engine) = engine.as_mut() {
                engine.stop();
            }
            continue;
        };
        let line = match event {
            Event::End => return ExitCode::SUCCESS,
            Event::SearchDone(id) => {
                if let Some(engine) = engine.as_mut() {
                    engine.finished(id);
                }
                continue;
            }
            Event::Line(line) => line,
        };
        let message = match HubMessage::parse(&line) {
            Ok(message) => message,
            Err(problem) => {
                error(problem);
                continue;
            }
        };
        let searching = engine.as_ref().is_some_and(|e| e.is_searching());
        match message.command() {
            "quit" => return ExitCode::SUCCESS,
            "ping" => {
                say(&HubMessage::new("pong"));
                continue;
            }
            "stop" => {
                if let Some(engine) = engine.as_mut() {
                    engine.stop();
                }
                continue;
            }
            "ponder-hit" => {
                if let Some(engine) = engine.as_mut() {
                    engine.ponder_hit();
                }
                continue;
            }
            _ => {}
        }
        if searching {
            // Any other command waits for the search to end; a search that
            // would never end by itself is stopped first.
            if let Some(engine) = engine.as_mut() {
                if engine.is_endless() {
                    engine.stop();
                }
                engine.join();
            }
            // Its `SearchDone` event is still queued: `finished` ignores it.
        }
        match message.command() {
            "hub" => settings.announce(),
            // A new setting takes effect in a new session.
            "set-param" if settings.set(&message) => engine = None,
            "init" => {
                engine.get_or_insert_with(|| session(&settings));
                say(&HubMessage::new("ready"));
            }
            "new-game" => engine.get_or_insert_with(|| session(&settings)).new_game(),
            "pos" => engine
                .get_or_insert_with(|| session(&settings))
                .position(&message),
            "level" => engine
                .get_or_insert_with(|| session(&settings))
                .level(&message),
            "go" => engine
                .get_or_insert_with(|| session(&settings))
                .go(&message, &sender),
            // Unknown commands are ignored, as the protocol says.
            _ => {}
        }
    }
}
