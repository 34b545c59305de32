//! Plays scripted GUI sessions against the `hub` example, a real process
//! on standard input and output: every command of the Hub protocol
//! (version 2, Scan 3.x's `protocol.txt`), wrong input included. Moves the
//! engine answers are checked against the library's legal moves.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use rulebook::draughts::{
    hub_position, parse_hub_move, parse_hub_position, HubMessage, International,
    InternationalRules, Russian, RussianRules,
};
use rulebook::turkish::{self, Turkish};
use rulebook::Game;

use crate::support;

/// The longest any expected answer may take (a loaded CI machine, a debug
/// build).
const PATIENCE: Duration = Duration::from_secs(60);

/// A running engine: its input, and its output line by line.
struct Engine {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(support::example_binary("hub"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the hub example starts");
        let output = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        Engine {
            input: child.stdin.take(),
            child,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("input open");
        writeln!(input, "{line}").expect("the engine reads");
        input.flush().expect("flush");
    }

    /// The next line, within [`PATIENCE`].
    fn next(&self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("the engine answers in time")
    }

    /// Lines up to and including the first whose command is `command`.
    fn until(&self, command: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self.next();
            let done = HubMessage::parse(&line).is_ok_and(|m| m.command() == command);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Sends `ping` and returns what the engine printed before its `pong`.
    fn sync(&mut self) -> Vec<String> {
        self.send("ping");
        let mut lines = self.until("pong");
        lines.pop();
        lines
    }

    /// Waits for the process to end by itself; its exit status.
    fn wait_exit(mut self) -> std::process::ExitStatus {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            assert!(started.elapsed() < PATIENCE, "the engine did not quit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn parse(line: &str) -> HubMessage {
    HubMessage::parse(line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
}

/// Checks a search's output: `info` lines whose pv starts legally, and a
/// `done` with a legal move (and a legal ponder move after it); returns
/// the move's text.
fn check_search<R: rulebook::draughts::Rules>(
    lines: &[String],
    position: &rulebook::draughts::Draughts<R>,
) -> String {
    let (done, infos) = lines.split_last().expect("a done line");
    for info in infos {
        let info = parse(info);
        assert_eq!(info.command(), "info", "{info}");
        for field in ["depth", "mean-depth", "score", "nodes", "time", "nps", "pv"] {
            assert!(info.has(field), "{info} lacks {field}");
        }
        let first = info.value("pv").unwrap().split_whitespace().next();
        if let Some(first) = first {
            assert!(parse_hub_move(position, first).is_ok(), "{info}");
        }
    }
    let done = parse(done);
    assert_eq!(done.command(), "done");
    let text = done.value("move").expect("done move=").to_owned();
    let mv = parse_hub_move(position, &text).unwrap_or_else(|e| panic!("{done}: {e}"));
    if let Some(answer) = done.value("ponder") {
        let after = position.after(mv).unwrap();
        assert!(parse_hub_move(&after, answer).is_ok(), "{done}");
    }
    text
}

#[test]
fn handshake_parameters_and_init() {
    let mut engine = Engine::start();
    engine.send("hub");
    let lines = engine.until("wait");
    let id = parse(&lines[0]);
    assert_eq!(id.command(), "id");
    assert!(id.has("name") && id.has("version"));
    let params: Vec<HubMessage> = lines[1..lines.len() - 1].iter().map(|l| parse(l)).collect();
    assert!(params.iter().all(|p| p.command() == "param"));
    let variant = params
        .iter()
        .find(|p| p.value("name") == Some("variant"))
        .expect("a variant parameter");
    assert_eq!(variant.value("type"), Some("enum"));
    assert_eq!(variant.value("value"), Some("normal"));
    let values: Vec<&str> = variant.value("values").unwrap().split(' ').collect();
    // Every variant of the registry, by its Hub name (Scan's `normal` for
    // International), and Turkish draughts.
    let mut registered = rulebook::draughts::Variant::ALL
        .map(rulebook::draughts::Variant::hub_name)
        .to_vec();
    registered.push("turkish");
    assert_eq!(values, registered);
    for name in ["normal", "english", "russian", "czech"] {
        assert!(values.contains(&name), "{values:?} lacks {name}");
    }
    assert!(params.iter().any(|p| p.value("name") == Some("tt-size")));
    engine.send("set-param name=tt-size value=4");
    engine.send("set-param name=variant value=russian");
    engine.send("set-param name=some-future-option value=1");
    assert!(engine.sync().is_empty(), "set-param answers nothing");
    engine.send("init");
    assert_eq!(engine.until("ready"), ["ready"]);
    // Russian now: an 8x8 position of 32 squares.
    let start = Russian::default();
    engine.send("new-game");
    engine.send(&format!("pos pos={}", hub_position(&start)));
    engine.send("level depth=2");
    engine.send("go think");
    check_search(&engine.until("done"), &start);
    engine.send("quit");
    assert!(engine.wait_exit().success());
}

#[test]
fn think_with_depth_nodes_and_time_levels() {
    let mut engine = Engine::start();
    // Without the opening book, which would answer the start at once.
    engine.send("set-param name=book value=false");
    engine.send("init");
    engine.until("ready");
    let start = International::default();
    engine.send("pos start");
    engine.send("level depth=4");
    engine.send("go think");
    let lines = engine.until("done");
    let depths: Vec<u32> = lines[..lines.len() - 1]
        .iter()
        .map(|l| parse(l).value("depth").unwrap().parse().unwrap())
        .collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    check_search(&lines, &start);

    // After 32-28 19-23 (quoted moves), White can take: 28x19.
    engine.send(&format!(
        r#"pos pos={} moves="32-28 19-23""#,
        hub_position(&start)
    ));
    engine.send("level nodes=2000");
    engine.send("go think");
    let mut position = start;
    for text in ["32-28", "19-23"] {
        position
            .apply(parse_hub_move(&position, text).unwrap())
            .unwrap();
    }
    let answer = check_search(&engine.until("done"), &position);
    assert_eq!(answer, "28x19x23", "captures name the piece taken");

    // A game clock, and a time per move.
    for level in [
        "level time=2 inc=0.1",
        "level moves=10 time=1.5",
        "level move-time=0.2",
    ] {
        engine.send("pos start");
        engine.send(level);
        let started = Instant::now();
        engine.send("go think");
        check_search(&engine.until("done"), &start);
        assert!(started.elapsed() < Duration::from_secs(20), "{level}");
    }
    // EOF quits.
    drop(engine.input.take());
    assert!(engine.wait_exit().success());
}

#[test]
fn the_opening_book_answers_at_once_and_analysis_still_searches() {
    let mut engine = Engine::start();
    engine.send("hub");
    let announced = engine.until("wait");
    assert!(
        announced
            .iter()
            .any(|l| l.contains("name=book") && l.contains("value=true")),
        "{announced:?}"
    );
    engine.send("init");
    engine.until("ready");
    let start = International::default();
    engine.send("pos start");
    engine.send("level depth=4");
    engine.send("go think");
    // A book move: `done` alone, no search.
    let lines = engine.until("done");
    assert_eq!(lines.len(), 1, "{lines:?}");
    check_search(&lines, &start);
    // `analyze` searches (to the level's depth 4), book or not.
    engine.send("go analyze");
    let lines = engine.until("done");
    assert_eq!(lines.len(), 5, "{lines:?}");
    check_search(&lines, &start);
    drop(engine.input.take());
    assert!(engine.wait_exit().success());
}

/// Plays a game of `plies` plies (or to its end) with the engine on both
/// sides, each on its own clock of `clock` for the game, as a GUI keeps
/// it: the time from `go think` to `done` comes off the mover's clock,
/// `inc` goes on before each move (Hub's convention), and `moves` (if
/// given) is the number of moves a side has left in the game. Returns the
/// time each side used, and the engine's `info` times with the time its
/// clock held at that move.
fn play_on_the_clock(
    clock: Duration,
    inc: Duration,
    moves: Option<u32>,
    plies: usize,
) -> ([Duration; 2], Vec<(Duration, Duration)>) {
    use rulebook::search::TimeControl;
    let mut engine = Engine::start();
    engine.send("init");
    engine.until("ready");
    engine.send("new-game");
    let mut position = International::default();
    let mut played: Vec<String> = Vec::new();
    let mut left = [clock; 2];
    let mut used = [Duration::ZERO; 2];
    let mut reported = Vec::new();
    for ply in 0..plies {
        if position.legal_moves().is_empty() {
            break;
        }
        let side = ply % 2;
        left[side] += inc;
        let moves_left = moves.map(|m| m.saturating_sub((ply / 2) as u32).max(1));
        let mut control = TimeControl::new(left[side]).with_increment(inc);
        let mut level = format!(
            "level time={:.3} inc={:.3}",
            left[side].as_secs_f64(),
            inc.as_secs_f64()
        );
        if let Some(m) = moves_left {
            control = control.with_moves_to_go(m);
            level = format!("level moves={m} time={:.3}", left[side].as_secs_f64());
        }
        engine.send(&format!(r#"pos start moves="{}""#, played.join(" ")));
        engine.send(&level);
        let started = Instant::now();
        engine.send("go think");
        let lines = engine.until("done");
        let took = started.elapsed();
        assert!(
            took < left[side],
            "ply {ply}: {took:?} with {:?} on the clock ({level})",
            left[side]
        );
        left[side] -= took;
        used[side] += took;
        // The budget the engine derives never exceeds what the clock holds.
        assert!(control.budget().hard < left[side] + took);
        for info in &lines[..lines.len() - 1] {
            let seconds: f64 = parse(info).value("time").unwrap().parse().unwrap();
            reported.push((Duration::from_secs_f64(seconds), left[side] + took));
        }
        let text = check_search(&lines, &position);
        position
            .apply(parse_hub_move(&position, &text).unwrap())
            .unwrap();
        played.push(text);
    }
    (used, reported)
}

#[test]
fn a_game_on_a_small_clock_never_runs_out_and_uses_the_clock() {
    // Sudden death, Fischer time, and 20 moves to the time control (of
    // which 15 are played, so that the last has half of what the clock
    // holds, less the margin): 4 s a side for 30 plies. The engine's own reports never pass what its clock
    // held, the GUI's clock never runs out, and the engine spends a
    // real part of what it was given (its search never ends by itself at
    // these times).
    let clock = Duration::from_secs(4);
    for (inc, moves) in [
        (Duration::ZERO, None),
        (Duration::from_millis(100), None),
        (Duration::ZERO, Some(20)),
    ] {
        let (used, reported) = play_on_the_clock(clock, inc, moves, 30);
        for (time, held) in reported {
            assert!(
                time < held,
                "an info line at {time:?} with {held:?} on the clock"
            );
        }
        for side in used {
            assert!(
                side > clock / 10,
                "only {side:?} of {clock:?} used ({inc:?}, {moves:?})"
            );
        }
    }
}

#[test]
fn stop_ping_and_ponder_during_a_search() {
    let mut engine = Engine::start();
    engine.send("init");
    engine.until("ready");
    let start = International::default();
    engine.send("pos start");
    engine.send("level infinite");
    engine.send("go analyze");
    std::thread::sleep(Duration::from_millis(300));
    // Answered while searching.
    let before_pong = engine.sync();
    assert!(before_pong.iter().all(|l| parse(l).command() == "info"));
    engine.send("stop");
    let mut lines = before_pong;
    lines.extend(engine.until("done"));
    check_search(&lines, &start);

    // Ponder: the time starts at the ponder-hit.
    let after = start
        .after(parse_hub_move(&start, "32-28").unwrap())
        .unwrap();
    engine.send(r#"pos start moves="32-28""#);
    engine.send("level move-time=0.3");
    engine.send("go ponder");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("ponder-hit");
    check_search(&engine.until("done"), &after);

    // A ponder search stopped (the opponent played something else).
    engine.send("pos start");
    engine.send("level move-time=0.3");
    engine.send("go ponder");
    engine.send("stop");
    check_search(&engine.until("done"), &start);

    // Another command during an endless search stops it first.
    engine.send("pos start");
    engine.send("level infinite");
    engine.send("go analyze");
    engine.send("pos start");
    check_search(&engine.until("done"), &start);
    engine.send("quit");
    assert!(engine.wait_exit().success());
}

#[test]
fn wrong_input_gets_errors_and_the_engine_goes_on() {
    let mut engine = Engine::start();
    engine.send("hub");
    engine.until("wait");
    engine.send("init");
    engine.until("ready");
    let error_of = |line: &str| {
        let message = parse(line);
        assert_eq!(message.command(), "error", "{line}");
        message.value("message").expect("message=").to_owned()
    };
    for bad in [
        "",
        "   ",
        r#"pos moves="32-28"#,
        "=oops",
        "level depth=",
        "level depth=deep",
        "level move-time=-1",
        "pos pos=Xbbb",
        "pos pos=W",
        &format!("pos pos=W{}", "q".repeat(50)),
        r#"pos start moves="32-26""#,
        r#"pos start moves="32-28 32-28""#,
        r#"pos start moves="banana""#,
        "set-param name=variant value=chess",
        "set-param name=tt-size value=0",
        "set-param name=tt-size value=lots",
        "set-param value=1",
    ] {
        engine.send(bad);
        let lines = engine.sync();
        assert_eq!(lines.len(), 1, "{bad:?} gave {lines:?}");
        assert!(!error_of(&lines[0]).is_empty());
    }
    // Unknown commands and arguments are ignored.
    for ignored in ["xyzzy", "undo 3", "hub2 a=b", "go think extra=1 later"] {
        engine.send(ignored);
        if ignored.starts_with("go") {
            engine.until("done");
        }
        assert!(engine.sync().is_empty(), "{ignored}");
    }
    // The position after a bad move list keeps the moves before it.
    let start = International::default();
    engine.send(r#"pos start moves="32-28 banana""#);
    assert_eq!(engine.sync().len(), 1);
    engine.send("level depth=2");
    engine.send("go think");
    let after = start
        .after(parse_hub_move(&start, "32-28").unwrap())
        .unwrap();
    check_search(&engine.until("done"), &after);
    // A finished game: an error, and still a done.
    let lost = parse_hub_position::<InternationalRules>(&format!(
        "W{}b{}",
        "e".repeat(10),
        "e".repeat(39)
    ))
    .unwrap();
    assert!(lost.legal_moves().is_empty());
    engine.send(&format!("pos pos={}", hub_position(&lost)));
    engine.send("go think");
    let lines = engine.until("done");
    assert_eq!(lines.len(), 2, "{lines:?}");
    error_of(&lines[0]);
    // Stray search commands outside a search are ignored.
    engine.send("stop");
    engine.send("ponder-hit");
    assert!(engine.sync().is_empty());
    engine.send("quit");
    assert!(engine.wait_exit().success());
}

#[test]
fn russian_positions_and_captures_use_numbers() {
    let mut engine = Engine::start();
    engine.send("set-param name=variant value=russian");
    engine.send("init");
    engine.until("ready");
    // White c3 can take d4 (landing e5): squares 22, 18 and 15 in the
    // 1-32 numbering.
    let position = Russian::from_fen("W:Wc3,a1:Bd4,h8").unwrap();
    engine.send(&format!("pos pos={}", hub_position(&position)));
    engine.send("level depth=3");
    engine.send("go think");
    let answer = check_search(&engine.until("done"), &position);
    assert!(answer.contains('x'), "{answer}");
    let mv = parse_hub_move(&position, &answer).unwrap();
    assert!(mv.is_capture());
    assert!(parse_hub_position::<RussianRules>(&hub_position(&position)).is_ok());
}

/// Checks a Turkish search's output as [`check_search`] does; returns the
/// move's text.
fn check_turkish_search(lines: &[String], position: &Turkish) -> String {
    let (done, infos) = lines.split_last().expect("a done line");
    for info in infos {
        let info = parse(info);
        assert_eq!(info.command(), "info", "{info}");
        let first = info.value("pv").unwrap().split_whitespace().next();
        if let Some(first) = first {
            assert!(turkish::parse_hub_move(position, first).is_ok(), "{info}");
        }
    }
    let done = parse(done);
    assert_eq!(done.command(), "done");
    let text = done.value("move").expect("done move=").to_owned();
    let mv = turkish::parse_hub_move(position, &text).unwrap_or_else(|e| panic!("{done}: {e}"));
    assert!(position.is_legal(mv));
    if let Some(answer) = done.value("ponder") {
        let after = position.after(mv).unwrap();
        assert!(turkish::parse_hub_move(&after, answer).is_ok(), "{done}");
    }
    text
}

/// Turkish draughts through Hub (`variant=turkish`, Scan has none): 64
/// squares numbered 1 (`a8`) to 64 (`h1`), positions of 64 characters,
/// moves `41-33` and `36x4x28x12`.
#[test]
fn turkish_plays_through_hub() {
    let mut engine = Engine::start();
    engine.send("set-param name=variant value=turkish");
    engine.send("init");
    assert_eq!(engine.until("ready"), ["ready"]);
    // From the start, after a3-a4 (41-33) and h6-h5 (24-32).
    engine.send("new-game");
    engine.send(r#"pos start moves="41-33 24-32""#);
    engine.send("level depth=3");
    engine.send("go think");
    let mut position = Turkish::default();
    for text in ["a3-a4", "h6-h5"] {
        position.apply(position.parse_move(text).unwrap()).unwrap();
    }
    check_turkish_search(&engine.until("done"), &position);
    // A capture: d4 (36) takes d5 (28) and d7 (12), the most pieces,
    // ending on d8 (4).
    let position = Turkish::from_fen("W:Wd4,a2:Bd5,d7,h7").unwrap();
    let text = turkish::hub_position(&position);
    assert_eq!(text.len(), 65);
    engine.send(&format!("pos pos={text}"));
    engine.send("level depth=2");
    engine.send("go think");
    let answer = check_turkish_search(&engine.until("done"), &position);
    assert_eq!(answer, "36x4x28x12");
    // Wrong input: a 32-square position, an illegal move; the engine goes on.
    engine.send(&format!("pos pos=W{}", "e".repeat(32)));
    engine.send(r#"pos start moves="49-33""#);
    let errors = engine.sync();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors.iter().all(|line| parse(line).command() == "error"),
        "{errors:?}"
    );
    engine.send("quit");
    assert!(engine.wait_exit().success());
}
