//! `GET /api/catalog` is the library's registry, whole: every game the
//! library registers is offered under its name and title, with the board's
//! orientation and capture word the page needs, and can be created.

use rulebook::catalog::{Described, GameSpec, GameVisitor};
use serde_json::{json, Value};

use crate::support::Server;

/// What the catalog should say of a game, from the library itself.
struct Expected;

impl GameVisitor for Expected {
    type Output = (Vec<String>, Option<String>, String);
    fn visit<G: Described>(self, _start: G) -> Self::Output {
        (
            G::players().map(|p| G::player_name(p).to_owned()).to_vec(),
            G::player_at_bottom().map(|p| G::player_name(p).to_owned()),
            G::capture_word().to_owned(),
        )
    }
}

#[tokio::test]
async fn the_catalog_offers_every_registered_game_and_each_can_be_created() {
    let server = Server::start();
    let (status, catalog) = server.get("/api/catalog").await;
    assert_eq!(status, 200);
    let games = catalog["games"].as_array().unwrap();
    let names: Vec<&str> = games
        .iter()
        .map(|game| game["game"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        GameSpec::NAMES,
        "the catalog lists the registry, in its order"
    );
    for (game, spec) in games.iter().zip(GameSpec::ALL) {
        let (players, bottom, capture_word) = spec.visit(Expected);
        assert_eq!(game["title"], spec.title(), "{spec}");
        assert_eq!(game["players"], json!(players), "{spec}");
        assert_eq!(game["board"]["bottom"], json!(bottom), "{spec}");
        assert_eq!(game["capture_word"], capture_word, "{spec}");
        assert_eq!(
            game["parameters"],
            matches!(spec, GameSpec::ConnectX(_)),
            "{spec}"
        );

        let created = server.create(json!({"game": spec.name()})).await;
        let state: Value = server.state(created["id"].as_str().unwrap()).await;
        assert_eq!(state["game"], spec.to_string());
        assert_eq!(state["title"], spec.title());
        assert_eq!(state["board"]["bottom"], json!(bottom), "{spec}");
        assert_eq!(state["capture_word"], capture_word, "{spec}");
    }
    // Whose side is at the bottom, as the page turns boards: checkers and
    // draughts White's, Othello and Connect Four none.
    let bottom_of = |name: &str| {
        games.iter().find(|game| game["game"] == name).unwrap()["board"]["bottom"].clone()
    };
    assert_eq!(bottom_of("checkers"), "white");
    assert_eq!(bottom_of("pool"), "white");
    assert_eq!(bottom_of("othello"), Value::Null);
    assert_eq!(bottom_of("connect4"), Value::Null);
}

/// Turkish draughts, a game of the registry with no code of its own in
/// the server: a step, then a king's capture entered hop by hop (back over
/// its own start square), and its PDN record.
#[tokio::test]
async fn a_turkish_game_steps_and_captures_hop_by_hop() {
    let server = Server::start();
    let (id, white, black) = server.human_game(json!({"game": "turkish"})).await;
    let state = server.state(&id).await;
    assert_eq!(state["board"]["cells"].as_array().unwrap().len(), 64);
    assert_eq!(state["legal_moves"].as_array().unwrap().len(), 8);
    let (status, after) = server.play(&id, &white, "d3-d4").await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["history"][0]["text"], "d3-d4");
    let (status, error) = server.play(&id, &black, "e6-e4").await;
    assert_eq!(
        (status, error["error"]["code"].as_str()),
        (422, Some("illegal_move")),
        "{error}"
    );

    let position = "W:WKb2,h1:Bb4,d6,e3,c2,b7,h8";
    let (id, white, _) = server
        .human_game(json!({"game": "turkish", "position": position}))
        .await;
    let route = ["b2", "b6", "e6", "e2", "b2", "b8"];
    let mut state = Value::Null;
    for (index, hop) in route.windows(2).enumerate() {
        let (status, next) = server
            .play(&id, &white, &format!("{}x{}", hop[0], hop[1]))
            .await;
        assert_eq!(status, 200, "{next}");
        if index + 2 < route.len() {
            assert_eq!(next["pending_route"], json!(route[..index + 2]));
        }
        state = next;
    }
    assert_eq!(state["pending_route"], json!([]));
    assert_eq!(state["history"][0]["text"], "b2xb8");
    assert_eq!(
        state["history"][0]["captured"],
        json!(["b4", "d6", "e3", "c2", "b7"])
    );
    let (status, record) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    let record = record.as_str().unwrap();
    assert!(record.contains("[GameType \"30\"]"), "{record}");
    // The start as the library writes it (its pieces in square order).
    let start = rulebook::turkish::Turkish::from_fen(position).unwrap();
    assert!(
        record.contains(&format!("[FEN \"{}\"]", start.to_fen())),
        "{record}"
    );
    assert!(record.contains("1. b2xb8"), "{record}");
}
