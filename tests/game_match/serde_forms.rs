//! `Match` with serde: saved as its record (start, draw rules, moves, undone
//! moves, pending draw offer, result; every field required) and validated by
//! replay when read back.
#![cfg(feature = "serde")]

use crate::match_support::{Side, Step, Walk};
use rulebook::{DrawRules, Match};

fn played(rules: DrawRules, moves: &[Step]) -> Match<Walk> {
    let mut game = Match::with_rules(Walk::default(), rules);
    for &mv in moves {
        game.play(mv).expect("legal move");
    }
    game
}

fn round_trip(game: &Match<Walk>) -> Match<Walk> {
    let json = serde_json::to_string(game).expect("a match serializes");
    serde_json::from_str(&json).expect("a saved match reads back")
}

fn read(json: &str) -> Result<Match<Walk>, String> {
    serde_json::from_str(json).map_err(|error| error.to_string())
}

#[test]
fn a_match_serializes_as_its_record() {
    let game = played(DrawRules::default(), &[Step::R, Step::J]);
    assert_eq!(
        serde_json::to_string(&game).unwrap(),
        r#"{"start":{"square":0,"jumps":0,"to_move":"A"},"draw_rules":{"threefold_repetition":false,"move_limit":null},"moves":["R","J"],"undone":[],"draw_offer":null,"result":null}"#
    );
}

#[test]
fn matches_in_every_state_read_back_equal() {
    let going_on = played(DrawRules::default(), &[Step::R, Step::J]);
    assert_eq!(round_trip(&going_on), going_on);

    let won = played(DrawRules::default(), &[Step::J, Step::J, Step::J]);
    assert!(won.is_over());
    assert_eq!(round_trip(&won), won);

    let repeated = played(DrawRules::TOURNAMENT, &[Step::R, Step::L, Step::R, Step::L]);
    assert!(repeated.is_over());
    assert_eq!(round_trip(&repeated), repeated);

    let mut resigned = played(DrawRules::default(), &[Step::R]);
    resigned.resign(Side::A).unwrap();
    assert_eq!(round_trip(&resigned), resigned);

    let mut agreed = played(DrawRules::default(), &[Step::R]);
    agreed.offer_draw().unwrap();
    agreed.accept_draw().unwrap();
    assert_eq!(round_trip(&agreed), agreed);

    let mut offered = played(DrawRules::default(), &[Step::R]);
    offered.offer_draw().unwrap();
    assert_eq!(round_trip(&offered), offered);
}

#[test]
fn matches_with_undone_moves_read_back_equal_and_redo_the_same_moves() {
    let mut game = played(DrawRules::TOURNAMENT, &[Step::R, Step::J, Step::R, Step::L]);
    game.undo().unwrap();
    game.undo().unwrap();
    assert_eq!(game.undone_moves(), &[Step::L, Step::R]);
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.contains(r#""undone":["L","R"]"#), "{json}");
    let mut back = round_trip(&game);
    assert_eq!(back, game);
    assert_eq!(back.redo(), Ok(Step::R));
    assert_eq!(back.redo(), Ok(Step::L));
    assert_eq!(back.history(), &[Step::R, Step::J, Step::R, Step::L]);

    // Undone moves and a pending draw offer together.
    game.offer_draw().unwrap();
    assert_eq!(round_trip(&game), game);

    // Undone back to the start, the game having ended by the rules.
    let mut won = played(DrawRules::default(), &[Step::J, Step::J, Step::J]);
    for _ in 0..3 {
        won.undo().unwrap();
    }
    assert_eq!(round_trip(&won), won);
}

/// A complete record from the start with these JSON values.
fn record(moves: &str, undone: &str, draw_offer: &str, result: &str) -> String {
    format!(
        r#"{{{START},"draw_rules":{{"threefold_repetition":false,"move_limit":null}},"moves":{moves},"undone":{undone},"draw_offer":{draw_offer},"result":{result}}}"#
    )
}

const START: &str = r#""start":{"square":0,"jumps":0,"to_move":"A"}"#;

#[test]
fn every_field_is_required() {
    let full = record(r#"["R"]"#, "[]", "null", "null");
    assert!(read(&full).is_ok());
    let value: serde_json::Value = serde_json::from_str(&full).unwrap();
    for field in [
        "start",
        "draw_rules",
        "moves",
        "undone",
        "draw_offer",
        "result",
    ] {
        let mut without = value.clone();
        without.as_object_mut().unwrap().remove(field);
        let error = read(&without.to_string()).unwrap_err();
        assert!(
            error.starts_with(&format!("missing field `{field}`")),
            "{field}: {error}"
        );
    }
    // A tournament match cannot lose its move limit either.
    let mut without_limit = value.clone();
    without_limit["draw_rules"]
        .as_object_mut()
        .unwrap()
        .remove("move_limit");
    let error = read(&without_limit.to_string()).unwrap_err();
    assert!(error.starts_with("missing field `move_limit`"), "{error}");
}

#[test]
fn an_illegal_move_in_the_record_is_an_error_naming_it_its_side_and_why() {
    let error = read(&record(r#"["R","R","L","L","L"]"#, "[]", "null", "null")).unwrap_err();
    assert_eq!(
        error,
        "move 5 of the record, A's L, cannot be played: L is not a legal move in this position; \
         legal moves: R, J"
    );
    let error = read(&record(r#"["J","J","J","R"]"#, "[]", "null", "null")).unwrap_err();
    assert!(
        error.starts_with(
            "move 4 of the record, B's R, comes after the match ended: A wins: the token reached the goal"
        ),
        "{error}"
    );
}

#[test]
fn undone_moves_must_be_playable_and_left_by_a_match_going_on() {
    let error = read(&record(r#"["R"]"#, r#"["R","L","L"]"#, "null", "null")).unwrap_err();
    assert_eq!(
        error,
        "undone move 2 (counting from the next to redo), A's L, cannot be played: L is not a \
         legal move in this position; legal moves: R, J"
    );
    let resigned = r#"{"outcome":{"Win":"B"},"reason":"Resignation"}"#;
    let error = read(&record(r#"["R"]"#, r#"["R"]"#, "null", resigned)).unwrap_err();
    assert_eq!(
        error,
        "the record holds undone moves, but the players ended the match, which clears them"
    );
}

#[test]
fn a_result_the_moves_do_not_give_is_an_error() {
    let error = read(&record(
        r#"["R"]"#,
        "[]",
        "null",
        r#"{"outcome":{"Win":"A"},"reason":"Repetition"}"#,
    ))
    .unwrap_err();
    assert!(
        error.starts_with(
            "the recorded result (A wins by threefold repetition) is not what the moves give (the game goes on)"
        ),
        "{error}"
    );
    let error = read(&record(r#"["J","J","J"]"#, "[]", "null", "null")).unwrap_err();
    assert!(
        error.starts_with(
            "the recorded result (the game goes on) is not what the moves give (A wins: the token reached the goal)"
        ),
        "{error}"
    );
}

#[test]
fn a_recorded_resignation_or_agreement_is_restored() {
    let resigned = read(&record(
        r#"["R"]"#,
        "[]",
        "null",
        r#"{"outcome":{"Win":"B"},"reason":"Resignation"}"#,
    ))
    .unwrap();
    let mut expected = played(DrawRules::default(), &[Step::R]);
    expected.resign(Side::A).unwrap();
    assert_eq!(resigned, expected);

    let agreed = read(&record(
        r#"["R"]"#,
        "[]",
        "null",
        r#"{"outcome":"Draw","reason":"Agreement"}"#,
    ))
    .unwrap();
    let mut expected = played(DrawRules::default(), &[Step::R]);
    expected.offer_draw().unwrap();
    expected.accept_draw().unwrap();
    assert_eq!(agreed, expected);
}

#[test]
fn a_draw_offer_out_of_turn_or_after_the_end_is_an_error() {
    let error = read(&record(r#"["R"]"#, "[]", r#""A""#, "null")).unwrap_err();
    assert!(
        error.starts_with(
            "the recorded draw offer by A is impossible: it is not A's turn: B is to move"
        ),
        "{error}"
    );
    let error = read(&record(
        r#"["R"]"#,
        "[]",
        r#""B""#,
        r#"{"outcome":{"Win":"B"},"reason":"Resignation"}"#,
    ))
    .unwrap_err();
    assert!(
        error.starts_with("the recorded draw offer by B is impossible: the game is already over"),
        "{error}"
    );
}

#[test]
fn unknown_fields_are_an_error() {
    let full = record("[]", "[]", "null", "null");
    let error = read(&full.replace(r#""moves":[]"#, r#""moves":[],"clock":3"#)).unwrap_err();
    assert!(error.starts_with("unknown field `clock`"), "{error}");
}
