//! A game's chat: players write, everyone reads; plain text kept as
//! written, at most 500 characters, rate-limited per seat, pushed on the
//! WebSocket, stored (a restart keeps it).

use serde_json::{json, Value};

use crate::support::{temp_db, Server};

async fn say(server: &Server, id: &str, token: Option<&str>, text: &str) -> (u16, Value) {
    server
        .post(
            &format!("/api/games/{id}/chat"),
            json!({"text": text}),
            token,
        )
        .await
}

async fn log(server: &Server, id: &str) -> Vec<Value> {
    let (status, body) = server.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(status, 200, "{body}");
    body["messages"].as_array().unwrap().clone()
}

#[tokio::test]
async fn players_chat_spectators_read_and_a_restart_keeps_it() {
    let database = temp_db();
    let server = Server::start_with(&database, &[]);
    let (id, x, o) = server
        .human_game(json!({"game": "connect4", "side": "x"}))
        .await;
    let mut watcher = server.socket(&id).await;
    watcher.next().await;
    let version = server.state(&id).await["version"].clone();
    let (status, sent) = say(&server, &id, Some(&x), "  good luck\nand have fun ").await;
    assert_eq!(status, 201, "{sent}");
    assert_eq!(sent["seq"], 1);
    assert_eq!(sent["seat"], "x");
    assert_eq!(sent["text"], "good luck and have fun");
    let push = watcher.next().await;
    assert_eq!(push["type"], "chat");
    assert_eq!(push["message"], sent);
    // Markup is text: kept and given back exactly as written.
    let scripts = [
        "<script>window.hacked = 1</script>",
        "<img src=x onerror=\"window.hacked = 2\">",
    ];
    for text in scripts {
        let (status, sent) = say(&server, &id, Some(&o), text).await;
        assert_eq!((status, sent["text"].as_str()), (201, Some(text)));
    }
    // A chat message is not a change of the game.
    assert_eq!(server.state(&id).await["version"], version);
    // Refused, and nothing stored: no token, a token that is no seat's,
    // empty, too long, not JSON.
    let (status, _) = say(&server, &id, None, "hi").await;
    assert_eq!(status, 401);
    let (status, body) = say(&server, &id, Some("0123"), "I am X").await;
    assert_eq!((status, &body["error"]["code"]), (403, &json!("forbidden")));
    let (status, body) = say(&server, &id, Some(&x), " \n ").await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (400, &json!("bad_request"))
    );
    let (status, body) = say(&server, &id, Some(&x), &"é".repeat(501)).await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (400, &json!("bad_request"))
    );
    assert_eq!(say(&server, &id, Some(&x), &"é".repeat(500)).await.0, 201);
    let (status, _) = server
        .post(
            &format!("/api/games/{id}/chat"),
            json!({"words": 1}),
            Some(&x),
        )
        .await;
    assert_eq!(status, 400);
    let messages = log(&server, &id).await;
    let texts: Vec<&str> = messages
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts.len(), 4);
    assert_eq!(
        texts[..3],
        ["good luck and have fun", scripts[0], scripts[1]]
    );
    let (status, after) = server.get(&format!("/api/games/{id}/chat?after=2")).await;
    assert_eq!(status, 200);
    assert_eq!(after["messages"][0]["seq"], 3);
    assert_eq!(after["messages"].as_array().unwrap().len(), 2);
    // A spectator reads a game's chat, and an unknown game has none.
    let (status, _) = server
        .get("/api/games/00000000000000000000000000000000/chat")
        .await;
    assert_eq!(status, 404);
    // kill -9 and restart: the chat is still there.
    server.kill();
    let server = Server::start_with(&database, &[]);
    assert_eq!(log(&server, &id).await, messages);
    let (status, sent) = say(&server, &id, Some(&x), "still here").await;
    assert_eq!((status, &sent["seq"]), (201, &json!(5)));
}

#[tokio::test]
async fn a_seat_that_floods_the_chat_is_slowed_down() {
    let server = Server::start();
    let (id, x, o) = server
        .human_game(json!({"game": "othello", "side": "black"}))
        .await;
    let mut accepted = Vec::new();
    let mut limited = 0;
    for n in 0..20 {
        let (status, body) = say(&server, &id, Some(&x), &format!("message {n}")).await;
        match status {
            201 => accepted.push(body["text"].clone()),
            429 => {
                assert_eq!(body["error"]["code"], "rate_limited");
                limited += 1;
            }
            _ => panic!("{status}: {body}"),
        }
    }
    assert!(limited > 0, "20 messages at once: some refused");
    assert!(accepted.len() >= 5, "the first five pass");
    // The other seat has its own allowance.
    assert_eq!(say(&server, &id, Some(&o), "my turn").await.0, 201);
    let stored: Vec<Value> = log(&server, &id)
        .await
        .into_iter()
        .filter(|m| m["seat"] == "black")
        .map(|m| m["text"].clone())
        .collect();
    assert_eq!(stored, accepted);
}
