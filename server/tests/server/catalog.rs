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
