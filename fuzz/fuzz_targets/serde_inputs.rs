//! serde JSON of every serializable type, on any text: what deserializes
//! serializes back to JSON that reads to the same value, and is playable
//! (positions answer their moves; matches replay, play on, undo and redo).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulebook::checkers::pdn::PdnResult;
use rulebook::checkers::{self, Checkers};
use rulebook::connect4::{self, Connect4};
use rulebook::{Action, DrawRules, EndReason, Game, Match, MatchResult, Outcome};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Reads `json` as a `T`; when it reads, checks the round trip.
fn round_trip<T>(json: &str) -> Option<T>
where
    T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug,
{
    let value = serde_json::from_str::<T>(json).ok()?;
    let written = serde_json::to_string(&value).expect("what reads writes");
    let again = serde_json::from_str::<T>(&written).expect("what is written reads");
    assert_eq!(again, value, "{written}");
    Some(value)
}

/// A position that reads is valid: its moves play and it writes back.
fn check_position<G>(json: &str)
where
    G: Game + Serialize + DeserializeOwned,
{
    let Some(position) = round_trip::<G>(json) else {
        return;
    };
    let moves = position.legal_moves();
    assert_eq!(moves.is_empty(), position.outcome().is_some());
    for &mv in moves.iter() {
        let next = position.after(mv).expect("a legal move plays");
        let written = serde_json::to_string(&next).unwrap();
        assert_eq!(serde_json::from_str::<G>(&written).ok(), Some(next));
    }
}

/// A match that reads is a legal game from its start that goes on as a
/// match does: it plays a legal move (when it can), undoes and redoes.
fn check_match<G>(json: &str)
where
    G: Game + Serialize + DeserializeOwned,
    G::Move: Serialize + DeserializeOwned,
    G::Player: Serialize + DeserializeOwned,
    G::Ending: Serialize + DeserializeOwned,
{
    let Some(game) = round_trip::<Match<G>>(json) else {
        return;
    };
    let mut position = game.start().clone();
    for &mv in game.history() {
        position = position.after(mv).expect("a read match is legal");
    }
    assert_eq!(&position, game.position());
    assert_eq!(game.is_over(), game.result().is_some());
    if let (Some(outcome), Some(ending)) = (position.outcome(), position.ending()) {
        assert_eq!(
            game.result(),
            Some(MatchResult {
                outcome,
                reason: EndReason::Rules(ending)
            })
        );
    }
    let mut playing = game.clone();
    if playing.pending_draw_offer().is_some() {
        playing.decline_draw().expect("an offer can be declined");
    }
    for &mv in game.undone_moves().iter().rev() {
        assert_eq!(playing.redo(), Ok(mv));
    }
    if let Some(&mv) = playing.position().legal_moves().first() {
        if !playing.is_over() {
            playing.act(playing.to_move(), Action::Play(mv)).unwrap();
            assert_eq!(playing.undo(), Ok(mv));
        }
    }
    let saved = serde_json::to_string(&playing).unwrap();
    assert_eq!(serde_json::from_str::<Match<G>>(&saved).ok(), Some(playing));
}

fuzz_target!(|data: &[u8]| {
    let Ok(json) = std::str::from_utf8(data) else {
        return;
    };
    check_position::<Checkers>(json);
    check_position::<Connect4>(json);
    check_match::<Checkers>(json);
    check_match::<Connect4>(json);
    if let Some(mv) = round_trip::<checkers::Move>(json) {
        assert_eq!(mv.to_string().parse(), Ok(mv));
    }
    if let Some(column) = round_trip::<connect4::Column>(json) {
        assert!(column.index() <= connect4::Column::MAX_INDEX);
    }
    round_trip::<checkers::Square>(json);
    round_trip::<checkers::Player>(json);
    round_trip::<checkers::Piece>(json);
    round_trip::<checkers::Role>(json);
    round_trip::<checkers::Ending>(json);
    round_trip::<connect4::Player>(json);
    round_trip::<connect4::Ending>(json);
    round_trip::<DrawRules>(json);
    round_trip::<Outcome<checkers::Player>>(json);
    round_trip::<MatchResult<checkers::Player, checkers::Ending>>(json);
    round_trip::<Action<checkers::Move>>(json);
    round_trip::<Action<connect4::Column>>(json);
    round_trip::<PdnResult>(json);
});
