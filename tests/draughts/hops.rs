//! Entering draughts moves hop by hop, as the `draughts` example does.

use rulebook::draughts::{EnterMoveError, Entry, International, Russian};
use rulebook::Game;

#[test]
fn a_capture_typed_one_hop_at_a_time() {
    // 33 takes 29 landing on 24, then 19 landing on 13 (majority: the only
    // legal move).
    let position = International::from_fen("W:W33:B28,29,19").unwrap();
    let Ok(Entry::Capturing(partial)) = position.enter_move("33x24") else {
        panic!("33x24 starts the capture");
    };
    assert_eq!(partial.landing().to_string(), "24");
    assert_eq!(
        partial
            .next_landings()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["13"]
    );
    let expected = position.parse_move("33x24x13").unwrap();
    assert_eq!(partial.enter("24x13"), Ok(Entry::Complete(expected)));
    assert_eq!(partial.enter("13"), Ok(Entry::Complete(expected)));
    assert_eq!(partial.enter("33x24x13"), Ok(Entry::Complete(expected)));
    let error = partial.enter("24x15").unwrap_err();
    assert!(
        error.to_string().contains("must capture on, landing on 13"),
        "{error}"
    );
    // All at once, or the short form.
    assert_eq!(
        position.enter_move("33x24x13"),
        Ok(Entry::Complete(expected))
    );
    assert_eq!(position.enter_move("33x13"), Ok(Entry::Complete(expected)));
}

#[test]
fn the_majority_rule_is_explained_when_a_shorter_capture_is_refused() {
    let position = International::from_fen("W:W33:B28,29,19").unwrap();
    let error = position.enter_move("33x22").unwrap_err();
    assert!(
        matches!(error, EnterMoveError::PrecedenceRefused { .. }),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(
        message.contains("the capture that takes the most pieces is compulsory (2 here"),
        "{message}"
    );
    assert!(message.contains("33x24x13"), "{message}");
    // A quiet move while a capture is available.
    let error = position.enter_move("33-27").unwrap_err();
    assert!(
        matches!(error, EnterMoveError::CaptureRequired { .. }),
        "{error:?}"
    );
}

#[test]
fn quiet_moves_and_algebraic_hops() {
    let position = International::default();
    let mv = position.parse_move("32-28").unwrap();
    assert_eq!(position.enter_move("32-28"), Ok(Entry::Complete(mv)));
    assert!(matches!(
        position.enter_move("32-23"),
        Err(EnterMoveError::NotLegal { .. })
    ));
    // Russian: crowned during the capture, then on as a king.
    let russian = Russian::from_fen("W:Wb6:Bc7,f6").unwrap();
    let Ok(Entry::Capturing(partial)) = russian.enter_move("b6:d8") else {
        panic!("b6:d8 starts the capture");
    };
    let landings: Vec<String> = partial
        .next_landings()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(landings, ["g5", "h4"]);
    assert!(matches!(partial.enter("h4"), Ok(Entry::Complete(_))));
    assert!(russian
        .legal_moves()
        .iter()
        .all(|mv| mv.capture_count() == 2));
}
