//! Plays two of the `hub` example's engines against each other over
//! DamExchange on the loopback interface, to the end of the game under
//! International's draw rules, and checks that both saw the same game.

use std::net::TcpListener;
use std::process::{Command, Stdio};

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

#[test]
fn two_engines_play_a_whole_game_over_loopback() {
    // A free port: bound by the system, then released for the follower.
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let binary = support::example_binary("hub");
    let follower = Command::new(&binary)
        .args(["--dxp-listen", &port.to_string(), "--level", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the follower starts");
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
    let follower = follower.wait_with_output().expect("the follower ends");
    for (name, output) in [("initiator", &initiator), ("follower", &follower)] {
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let initiator = String::from_utf8_lossy(&initiator.stdout).into_owned();
    let follower = String::from_utf8_lossy(&follower.stdout).into_owned();
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
