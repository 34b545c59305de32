//! Plays two of the `hub` example's engines against each other over
//! DamExchange on the loopback interface, to the end of the game under
//! International's draw rules, and checks that both saw the same game.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

use rulebook::draughts::{DxpMessage, International};
use rulebook::{DrawRules, Match};

use crate::support;

/// The messages a program sent (`dxp > ...`) and received (`dxp < ...`).
fn messages(output: &str, marker: &str) -> Vec<DxpMessage> {
    output
        .lines()
        .filter_map(|line| line.strip_prefix(marker))
        .map(|text| DxpMessage::decode(text).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// A free port: bound by the system, then released for the follower.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

/// The `hub` example listening on `port` as a level-2 DXP follower, its
/// output captured.
fn start_follower(binary: &Path, port: u16) -> Child {
    Command::new(binary)
        .args(["--dxp-listen", &port.to_string(), "--level", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the follower starts")
}

/// Waits for the follower, asserts that both programs succeeded and returns
/// what each wrote to standard output, as text: initiator first.
fn finish(initiator: Output, follower: Child) -> (String, String) {
    let follower = follower.wait_with_output().expect("the follower ends");
    for (name, output) in [("initiator", &initiator), ("follower", &follower)] {
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    (
        String::from_utf8_lossy(&initiator.stdout).into_owned(),
        String::from_utf8_lossy(&follower.stdout).into_owned(),
    )
}

#[test]
fn two_engines_play_a_whole_game_over_loopback() {
    let port = free_port();
    let binary = support::example_binary("hub");
    let follower = start_follower(&binary, port);
    let initiator = Command::new(&binary)
        .args([
            "--dxp-connect",
            &format!("127.0.0.1:{port}"),
            "--level",
            "1",
            "--minutes",
            "2",
            "--moves",
            "0",
        ])
        .output()
        .expect("the initiator runs");
    let (initiator, follower) = finish(initiator, follower);
    // What one sent, the other received, in the same order.
    assert_eq!(
        messages(&initiator, "dxp > "),
        messages(&follower, "dxp < ")
    );
    assert_eq!(
        messages(&follower, "dxp > "),
        messages(&initiator, "dxp < ")
    );
    let sent = messages(&initiator, "dxp > ");
    assert!(matches!(
        sent[0],
        DxpMessage::GameRequest {
            minutes: 2,
            moves: 0,
            position: None,
            ..
        }
    ));
    assert!(matches!(
        messages(&follower, "dxp > ")[0],
        DxpMessage::GameAccept { code: 0, .. }
    ));
    // Replay the moves, alternating as they came: the game ends by the
    // rules or the draw rules, and both programs report that result.
    let mut game = Match::with_rules(
        International::default(),
        <rulebook::draughts::InternationalRules as rulebook::draughts::Rules>::DRAW_RULES,
    );
    let log: Vec<DxpMessage> = initiator
        .lines()
        .filter_map(|line| {
            line.strip_prefix("dxp > ")
                .or_else(|| line.strip_prefix("dxp < "))
        })
        .map(|text| DxpMessage::decode(text).unwrap())
        .collect();
    let mut ends = 0;
    for message in &log {
        match message {
            DxpMessage::Move { .. } => {
                let mv = message.to_move(game.position()).expect("a legal move");
                game.play(mv).expect("the game goes on");
            }
            DxpMessage::GameEnd { .. } => ends += 1,
            _ => {}
        }
    }
    assert_eq!(ends, 2, "a GAMEEND and its confirmation");
    assert!(game.is_over(), "the game was played to its end");
    assert_ne!(game.draw_rules(), DrawRules::NONE);
    let result = |output: &str| {
        output
            .lines()
            .find(|line| line.starts_with("result: "))
            .map(str::to_owned)
    };
    assert!(result(&initiator).is_some());
    assert_eq!(result(&initiator), result(&follower));
    let plies = game.history().len();
    assert!(result(&initiator)
        .unwrap()
        .ends_with(&format!("after {plies} plies")));
}

/// A won ending for White, within International's databases up to 2
/// pieces: White's man on 48 against Black's man on 3 (the databases:
/// `win 48-42`, 11 plies to the crowning); then White's king catches the
/// man.
const WON_FOR_WHITE: &str = "W:W48:B3";

#[test]
fn the_initiator_with_the_databases_plays_their_win_to_the_end() {
    use rulebook::draughts::InternationalRules;
    use rulebook::endgame::{Tablebase, Value};

    let dir = std::env::temp_dir().join(format!("rulebook-dxp-endgame-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let tablebase = Tablebase::<InternationalRules>::build(&dir, 2, |_| {}).unwrap();
    let start = International::from_fen(WON_FOR_WHITE).unwrap();
    assert_eq!(tablebase.probe(&start), Some(Value::Win));

    let port = free_port();
    let binary = support::example_binary("hub");
    // The follower, Black, without the databases.
    let follower = start_follower(&binary, port);
    let initiator = Command::new(&binary)
        .args([
            "--dxp-connect",
            &format!("127.0.0.1:{port}"),
            "--level",
            "1",
        ])
        .args(["--minutes", "2", "--moves", "0", "--follower", "black"])
        .args([
            "--position",
            WON_FOR_WHITE,
            "--endgame",
            dir.to_str().unwrap(),
        ])
        .output()
        .expect("the initiator runs");
    let (initiator, follower) = finish(initiator, follower);
    assert!(
        initiator.contains("dxp: endgame databases up to 2 pieces"),
        "{initiator}"
    );
    // The game request carried the position, and the follower took it.
    let request = &messages(&initiator, "dxp > ")[0];
    assert!(
        matches!(request, DxpMessage::GameRequest { position: Some(position), .. } if *position == start),
        "{request:?}"
    );
    assert_eq!(
        messages(&initiator, "dxp > "),
        messages(&follower, "dxp < ")
    );
    // Replayed: every position White's move left is lost for Black, and
    // White wins by the rules.
    let mut game = Match::with_rules(
        start,
        <InternationalRules as rulebook::draughts::Rules>::DRAW_RULES,
    );
    let mut white_moves = 0;
    for line in initiator.lines() {
        let (sent, text) = match (line.strip_prefix("dxp > "), line.strip_prefix("dxp < ")) {
            (Some(text), _) => (true, text),
            (_, Some(text)) => (false, text),
            _ => continue,
        };
        let message = DxpMessage::decode(text).unwrap();
        if let DxpMessage::Move { .. } = message {
            let mv = message.to_move(game.position()).expect("a legal move");
            game.play(mv).expect("the game goes on");
            if sent {
                white_moves += 1;
                assert_eq!(
                    tablebase.probe(game.position()),
                    Some(Value::Loss),
                    "after White's move {white_moves}: {}",
                    game.position().to_fen()
                );
            }
        }
    }
    assert!(white_moves >= 5, "{initiator}");
    let result = game.result().expect("the game was played to its end");
    assert_eq!(
        result.outcome,
        rulebook::Outcome::Win(rulebook::draughts::Color::White),
        "{initiator}"
    );
    assert!(initiator.contains("result: White wins"), "{initiator}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_databases_directory_stops_the_dxp_engine_before_it_connects() {
    let dir = std::env::temp_dir().join(format!("rulebook-dxp-no-endgame-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Nobody listens on the port: an engine that tried to connect first
    // would wait and report that instead.
    let port = free_port();
    let output = Command::new(support::example_binary("hub"))
        .args(["--dxp-connect", &format!("127.0.0.1:{port}")])
        .args(["--endgame", dir.to_str().unwrap()])
        .output()
        .expect("the initiator runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("endgame databases"), "{stderr}");
    assert!(output.stdout.is_empty(), "no game message was sent");
    // A --position that is not a position: the usage's exit code.
    let output = Command::new(support::example_binary("hub"))
        .args(["--dxp-connect", &format!("127.0.0.1:{port}")])
        .args(["--position", "W:W99:B4"])
        .output()
        .expect("the initiator runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--position"));
    std::fs::remove_dir_all(&dir).unwrap();
}
