//! Who may take a seat: a private invitation only with its link, an open
//! game anyone, also from its plain page; and what a token's seat is.

use serde_json::json;

use crate::support::Server;

fn listed(list: &serde_json::Value, id: &str) -> bool {
    list["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|game| game["id"] == id)
}

#[tokio::test]
async fn a_stranger_cannot_take_an_invitations_seat() {
    let server = Server::start();
    let created = server
        .create(json!({"game": "checkers", "opponent": "human", "side": "red"}))
        .await;
    let id = created["id"].as_str().unwrap();
    let invitation = created["invitation"]["token"].as_str().unwrap();
    let creator = created["token"].as_str().unwrap();
    assert_eq!(server.state(id).await["public"], false);
    // Not listed as waiting for a player.
    let (_, open) = server.get("/api/games?open=true").await;
    assert!(!listed(&open, id), "{open}");
    // A stranger, with no token or a made-up one, is refused; nothing changes.
    let before = server.state(id).await;
    for token in [None, Some("0123"), Some(creator)] {
        let (status, body) = server
            .post(&format!("/api/games/{id}/join"), json!({}), token)
            .await;
        assert_eq!(status, 403, "{body}");
        assert_eq!(body["error"]["code"], "forbidden");
        assert!(body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("invitation"));
    }
    assert_eq!(server.state(id).await, before);
    // The invitation's token is the white seat's, not yet taken.
    let seat = format!("/api/games/{id}/seat");
    let (status, body) = server.get_with(&seat, Some(invitation)).await;
    assert_eq!(
        (status, &body["seat"], &body["taken"]),
        (200, &json!("white"), &json!(false))
    );
    let (status, body) = server.get_with(&seat, Some(creator)).await;
    assert_eq!(
        (status, &body["seat"], &body["taken"]),
        (200, &json!("red"), &json!(true))
    );
    // The friend joins with the link and keeps its token.
    let (status, joined) = server
        .post(
            &format!("/api/games/{id}/join"),
            json!({}),
            Some(invitation),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["token"], invitation);
    assert_eq!(joined["seat"], "white");
    let (status, body) = server.get_with(&seat, Some(invitation)).await;
    assert_eq!((status, &body["taken"]), (200, &json!(true)));
    // A token that is no seat's: 403; none: 401.
    let (status, body) = server.get_with(&seat, Some("0123")).await;
    assert_eq!((status, &body["error"]["code"]), (403, &json!("forbidden")));
    let (status, body) = server.get_with(&seat, None).await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (401, &json!("unauthorized"))
    );
}

#[tokio::test]
async fn an_open_game_is_listed_and_anyone_takes_its_seat() {
    let server = Server::start();
    let created = server
        .create(json!({"game": "connect4", "opponent": "human", "side": "x", "public": true}))
        .await;
    let id = created["id"].as_str().unwrap();
    let invitation = created["invitation"]["token"].as_str().unwrap();
    assert_eq!(server.state(id).await["public"], true);
    let (_, open) = server.get("/api/games?open=true").await;
    assert!(listed(&open, id), "{open}");
    // Anyone, from the plain page (no token): a new token for the seat.
    let (status, joined) = server
        .post(&format!("/api/games/{id}/join"), json!({}), None)
        .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], "o");
    let stranger = joined["token"].as_str().unwrap();
    assert_ne!(stranger, invitation);
    let (_, open) = server.get("/api/games?open=true").await;
    assert!(!listed(&open, id), "{open}");
    // The invitation's token is now no seat's: the page holding it can
    // tell, and its moves are refused.
    let seat = format!("/api/games/{id}/seat");
    let (status, body) = server.get_with(&seat, Some(invitation)).await;
    assert_eq!((status, &body["error"]["code"]), (403, &json!("forbidden")));
    let (status, body) = server.get_with(&seat, Some(stranger)).await;
    assert_eq!((status, &body["seat"]), (200, &json!("o")));
    let (status, _) = server
        .play(id, created["token"].as_str().unwrap(), "3")
        .await;
    assert_eq!(status, 200);
    let (status, body) = server.play(id, invitation, "3").await;
    assert_eq!((status, &body["error"]["code"]), (403, &json!("forbidden")));
    let (status, body) = server.play(id, stranger, "3").await;
    assert_eq!(status, 200, "{body}");
    // A second join: no free seat.
    let (status, body) = server
        .post(&format!("/api/games/{id}/join"), json!({}), None)
        .await;
    assert_eq!((status, &body["error"]["code"]), (409, &json!("conflict")));
}
