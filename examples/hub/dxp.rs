//! The DamExchange (DXP) player of the `hub` example: one International
//! game over TCP, as the follower (`--dxp-listen PORT`) or the initiator
//! (`--dxp-connect HOST:PORT`), messages from `rulebook::draughts::DxpMessage`.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

use rulebook::draughts::{
    self, Color, DxpMessage, International, InternationalRules, Rules, DXP_TERMINATOR,
};
use rulebook::search::{Engine, Limits, TimeControl};
use rulebook::{EndReason, Game, Match, Outcome};

/// The name this program gives in GAMEREQ and GAMEACC.
const NAME: &str = "rulebook";
/// How long the initiator keeps trying to reach the follower.
const CONNECT_PATIENCE: Duration = Duration::from_secs(20);

/// Which end of the connection this program is.
pub enum Role {
    /// Waits on this port for an initiator.
    Listen(u16),
    /// Connects to this address and asks for a game.
    Connect(String),
}

/// What the command line says about the DXP game.
pub struct Options {
    pub role: Role,
    /// The engine's level, whose node or depth limit caps the clock's
    /// budget; `None`: the strongest engine, on the clock alone.
    pub level: Option<u32>,
    /// As initiator: thinking time per side, in minutes.
    pub minutes: u32,
    /// As initiator: moves for the whole game (0: no limit).
    pub moves: u32,
    /// As initiator: the colour the follower plays.
    pub follower: Color,
    /// The directory of the endgame databases the engine probes, if any.
    pub endgame: Option<std::path::PathBuf>,
    /// As initiator: the start position sent in the game request, when
    /// not the standard one.
    pub position: Option<International>,
}

/// Sends and receives NUL-terminated messages.
struct Link {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Link {
    fn send(&mut self, message: &DxpMessage) -> Result<(), String> {
        let mut bytes = message.encode().into_bytes();
        bytes.push(DXP_TERMINATOR);
        println!("dxp > {}", message.encode());
        self.writer
            .write_all(&bytes)
            .and_then(|()| self.writer.flush())
            .map_err(|e| format!("cannot send: {e}"))
    }

    /// The next message; `None` when the other side has closed the
    /// connection.
    fn receive(&mut self) -> Result<Option<DxpMessage>, String> {
        let mut bytes = Vec::new();
        let read = self
            .reader
            .read_until(DXP_TERMINATOR, &mut bytes)
            .map_err(|e| format!("cannot receive: {e}"))?;
        if read == 0 {
            return Ok(None);
        }
        if bytes.last() == Some(&DXP_TERMINATOR) {
            bytes.pop();
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        println!("dxp < {text}");
        DxpMessage::decode(&text)
            .map(Some)
            .map_err(|e| e.to_string())
    }
}

/// The engine of `options`: its level, probing the endgame databases of
/// `options.endgame` when given.
///
/// # Errors
///
/// A bad level, or a missing, truncated or corrupted database (read here,
/// before any connection, so that a bad directory changes nothing).
fn engine(options: &Options) -> Result<Engine<International>, String> {
    let level = options.level;
    let mut engine = draughts::engine::<InternationalRules>(level.unwrap_or(draughts::MAX_LEVEL))
        .map_err(|e| e.to_string())?;
    if let Some(dir) = &options.endgame {
        let tablebase = rulebook::endgame::Tablebase::<InternationalRules>::open(dir)
            .map_err(|e| format!("endgame databases: {e}"))?;
        println!(
            "dxp: endgame databases up to {} pieces",
            tablebase.max_pieces()
        );
        engine = engine.with_endgame(std::sync::Arc::new(tablebase));
    }
    if level.is_none() {
        engine.set_limits(Limits::NONE);
    }
    Ok(engine)
}

/// Plays one game as `options` say, printing the messages and the result.
pub fn run(options: &Options) -> Result<(), String> {
    let engine = engine(options)?;
    let stream = match &options.role {
        Role::Listen(port) => {
            let listener = TcpListener::bind(("0.0.0.0", *port))
                .map_err(|e| format!("cannot listen on port {port}: {e}"))?;
            println!("dxp: waiting on port {port}");
            listener
                .accept()
                .map_err(|e| format!("cannot accept: {e}"))?
                .0
        }
        Role::Connect(address) => connect(address)?,
    };
    let writer = stream
        .try_clone()
        .map_err(|e| format!("cannot use the connection: {e}"))?;
    let mut link = Link {
        reader: BufReader::new(stream),
        writer,
    };
    let (own, minutes, moves, start) = match options.role {
        Role::Connect(_) => {
            link.send(&DxpMessage::GameRequest {
                name: NAME.to_owned(),
                follower: options.follower,
                minutes: options.minutes,
                moves: options.moves,
                position: options.position,
            })?;
            loop {
                match link.receive()? {
                    Some(DxpMessage::GameAccept { code: 0, .. }) => break,
                    Some(DxpMessage::GameAccept { code, .. }) => {
                        return Err(format!("the follower declined the game (code {code})"))
                    }
                    Some(DxpMessage::Chat(_)) => {}
                    Some(other) => return Err(format!("expected GAMEACC, got {}", other.encode())),
                    None => return Err("the follower closed the connection".to_owned()),
                }
            }
            let own = options.follower.opponent();
            (
                own,
                options.minutes,
                options.moves,
                options.position.unwrap_or_default(),
            )
        }
        Role::Listen(_) => loop {
            match link.receive()? {
                Some(DxpMessage::GameRequest {
                    follower,
                    minutes,
                    moves,
                    position,
                    ..
                }) => {
                    let start = position.unwrap_or_default();
                    let code = if start.legal_moves().is_empty() { 2 } else { 0 };
                    link.send(&DxpMessage::GameAccept {
                        name: NAME.to_owned(),
                        code,
                    })?;
                    if code == 0 {
                        break (follower, minutes, moves, start);
                    }
                }
                Some(DxpMessage::Chat(_)) => {}
                Some(other) => return Err(format!("expected GAMEREQ, got {}", other.encode())),
                None => return Err("the initiator closed the connection".to_owned()),
            }
        },
    };
    play(&mut link, engine, own, minutes, moves, start)
}

/// Connects to `address`, retrying while the follower is not yet up.
fn connect(address: &str) -> Result<TcpStream, String> {
    let started = Instant::now();
    loop {
        match TcpStream::connect(address) {
            Ok(stream) => return Ok(stream),
            Err(error) if started.elapsed() < CONNECT_PATIENCE => {
                let _ = error;
                std::thread::sleep(Duration::from_millis(100));
            }
            Err(error) => return Err(format!("cannot connect to {address}: {error}")),
        }
    }
}

/// The GAMEEND reason the side to move gives for the end of `game`.
fn end_reason(game: &Match<International>) -> u8 {
    match game.result().map(|r| r.outcome) {
        Some(Outcome::Draw) => 2,
        Some(Outcome::Win(winner)) if winner == game.to_move() => 3,
        Some(Outcome::Win(_)) => 1,
        None => 0,
    }
}

/// Plays the game from `start` with `engine`, `own` being this program's
/// colour, with `minutes` per side for `moves` moves (0: no limit).
fn play(
    link: &mut Link,
    mut engine: Engine<International>,
    own: Color,
    minutes: u32,
    moves: u32,
    start: International,
) -> Result<(), String> {
    let mut game = Match::with_rules(start, InternationalRules::DRAW_RULES);
    let mut left = Duration::from_secs(u64::from(minutes) * 60);
    let mut own_moves = 0u32;
    println!(
        "dxp: playing {own}, {minutes} min for {} moves",
        if moves == 0 {
            "all".to_owned()
        } else {
            moves.to_string()
        }
    );
    loop {
        if game.to_move() == own {
            if game.is_over() {
                link.send(&DxpMessage::GameEnd {
                    reason: end_reason(&game),
                    stop: 0,
                })?;
                // The other side confirms.
                while let Some(message) = link.receive()? {
                    if let DxpMessage::GameEnd { .. } = message {
                        break;
                    }
                }
                break;
            }
            // DXP's clock has no increment; the game request may set the
            // moves the time is for.
            let mut clock = TimeControl::new(left);
            // Past that many moves (a game the request did not foresee
            // lasting so long), the clock goes on as sudden death.
            if moves > own_moves {
                clock = clock.with_moves_to_go(moves - own_moves);
            }
            let started = Instant::now();
            let thought = engine.think_on_clock(&game, clock);
            let used = started.elapsed();
            left = left.saturating_sub(used);
            let Some(mv) = thought.best_move else {
                return Err("the engine found no move".to_owned());
            };
            let message = DxpMessage::of_move(game.position(), &mv, used.as_secs() as u32);
            game.play(mv).map_err(|e| e.to_string())?;
            own_moves += 1;
            link.send(&message)?;
            continue;
        }
        match link.receive()? {
            Some(message @ DxpMessage::Move { .. }) => {
                let mv = message
                    .to_move(game.position())
                    .map_err(|e| e.to_string())?;
                game.play(mv).map_err(|e| e.to_string())?;
            }
            Some(DxpMessage::GameEnd { stop, .. }) => {
                link.send(&DxpMessage::GameEnd { reason: 0, stop })?;
                break;
            }
            Some(DxpMessage::BackRequest { number, to_move }) => {
                // Back to move `number` with `to_move` to move: replay the
                // game up to there, if it got that far.
                let first = game.start().to_move();
                let plies = (number.max(1) as usize - 1) * 2 + usize::from(to_move != first);
                if plies <= game.history().len() {
                    let history = game.history()[..plies].to_vec();
                    let mut back = Match::with_rules(*game.start(), InternationalRules::DRAW_RULES);
                    for mv in history {
                        back.play(mv).map_err(|e| e.to_string())?;
                    }
                    game = back;
                    link.send(&DxpMessage::BackAccept { code: 0 })?;
                } else {
                    link.send(&DxpMessage::BackAccept { code: 2 })?;
                }
            }
            Some(DxpMessage::Chat(_)) | Some(DxpMessage::BackAccept { .. }) => {}
            Some(other) => return Err(format!("unexpected {}", other.encode())),
            None => return Err("the other program closed the connection".to_owned()),
        }
    }
    let result = match game.result() {
        Some(result) => match (result.outcome, result.reason) {
            (Outcome::Draw, _) => "draw".to_owned(),
            (Outcome::Win(winner), EndReason::Rules(_)) => format!("{winner} wins"),
            (Outcome::Win(winner), _) => format!("{winner} wins ({:?})", result.reason),
        },
        None => "unfinished".to_owned(),
    };
    println!("result: {result} after {} plies", game.history().len());
    Ok(())
}
