//! `Match` with serde: saved as its record (start, draw rules, moves,
//! pending draw offer, result) and validated by replay when read back.
#![cfg(feature = "serde")]

mod match_support;

use match_support::{Side, Step, Walk};
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
        r#"{"start":{"square":0,"jumps":0,"to_move":"A"},"draw_rules":{"threefold_repetition":false,"move_limit":null},"moves":["R","J"],"draw_offer":null,"result":null}"#
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
fn the_redo_list_is_not_saved() {
    let mut game = played(DrawRules::default(), &[Step::R, Step::J]);
    game.undo().unwrap();
    let back = round_trip(&game);
    assert_eq!(back.history(), game.history());
    assert_eq!(back.undone_moves(), &[] as &[Step]);
}

const START: &str = r#""start":{"square":0,"jumps":0,"to_move":"A"}"#;

#[test]
fn an_illegal_move_in_the_record_is_an_error_naming_it() {
    let error = read(&format!(r#"{{{START},"moves":["R","R","L","L","L"]}}"#)).unwrap_err();
    assert_eq!(
        error,
        "move 5 of the record (L) cannot be played: L is not a legal move in this position"
    );
}

#[test]
fn a_result_the_moves_do_not_give_is_an_error() {
    let error = read(&format!(
        r#"{{{START},"moves":["R"],"result":{{"outcome":{{"Win":"A"}},"reason":"Repetition"}}}}"#
    ))
    .unwrap_err();
    assert!(
        error.starts_with(
            "the recorded result (A wins by threefold repetition) is not what the moves give (the game goes on)"
        ),
        "{error}"
    );
    let error = read(&format!(r#"{{{START},"moves":["J","J","J"]}}"#)).unwrap_err();
    assert!(
        error.starts_with(
            "the recorded result (the game goes on) is not what the moves give (A wins: the token reached the goal)"
        ),
        "{error}"
    );
}

#[test]
fn a_recorded_resignation_or_agreement_is_restored() {
    let resigned = read(&format!(
        r#"{{{START},"moves":["R"],"result":{{"outcome":{{"Win":"B"}},"reason":"Resignation"}}}}"#
    ))
    .unwrap();
    let mut expected = played(DrawRules::default(), &[Step::R]);
    expected.resign(Side::A).unwrap();
    assert_eq!(resigned, expected);

    let agreed = read(&format!(
        r#"{{{START},"moves":["R"],"result":{{"outcome":"Draw","reason":"Agreement"}}}}"#
    ))
    .unwrap();
    let mut expected = played(DrawRules::default(), &[Step::R]);
    expected.offer_draw().unwrap();
    expected.accept_draw().unwrap();
    assert_eq!(agreed, expected);
}

#[test]
fn a_draw_offer_out_of_turn_or_after_the_end_is_an_error() {
    let error = read(&format!(r#"{{{START},"moves":["R"],"draw_offer":"A"}}"#)).unwrap_err();
    assert!(
        error.starts_with(
            "the recorded draw offer by A is impossible: it is not A's turn: B is to move"
        ),
        "{error}"
    );
    let error = read(&format!(
        r#"{{{START},"moves":["R"],"draw_offer":"B","result":{{"outcome":{{"Win":"B"}},"reason":"Resignation"}}}}"#
    ))
    .unwrap_err();
    assert!(
        error.starts_with("the recorded draw offer by B is impossible: the game is already over"),
        "{error}"
    );
}

#[test]
fn unknown_fields_are_an_error() {
    let error = read(&format!(r#"{{{START},"moves":[],"clock":3}}"#)).unwrap_err();
    assert!(error.starts_with("unknown field `clock`"), "{error}");
}
