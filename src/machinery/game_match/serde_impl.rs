//! `serde` support for [`Match`]: a match is saved as its record (start,
//! draw rules, moves, the moves [`Match::redo`] could play, pending draw
//! offer, result) and validated on the way back in by replaying the moves,
//! so an impossible match is an error. Every field must be present. See
//! [`Match`](Match#saving-and-loading-serde) for the layout.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{DrawRules, EndReason, Match, MatchResult};
use crate::{Game, Outcome};

/// What is written: the record of a match, borrowed.
#[derive(Serialize)]
#[serde(bound(
    serialize = "G: Serialize, G::Move: Serialize, G::Player: Serialize, G::Ending: Serialize"
))]
struct RecordRef<'a, G: Game> {
    start: &'a G,
    draw_rules: DrawRules,
    moves: &'a [G::Move],
    undone: &'a [G::Move],
    draw_offer: Option<G::Player>,
    result: Option<MatchResult<G::Player, G::Ending>>,
}

/// What is read back, before validation. Every field is required: a
/// missing `draw_rules` must not silently become "no draw rules" (the
/// `Option` fields read with `Option::deserialize`, which, unlike serde's
/// default for `Option`, refuses a missing field).
#[derive(Deserialize)]
#[serde(bound(deserialize = "G: Deserialize<'de>, G::Move: Deserialize<'de>, \
                             G::Player: Deserialize<'de>, G::Ending: Deserialize<'de>"))]
#[serde(deny_unknown_fields)]
struct Record<G: Game> {
    start: G,
    draw_rules: DrawRules,
    moves: Vec<G::Move>,
    undone: Vec<G::Move>,
    #[serde(deserialize_with = "Option::deserialize")]
    draw_offer: Option<G::Player>,
    #[serde(deserialize_with = "Option::deserialize")]
    result: Option<MatchResult<G::Player, G::Ending>>,
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<G> Serialize for Match<G>
where
    G: Game + Serialize,
    G::Move: Serialize,
    G::Player: Serialize,
    G::Ending: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RecordRef {
            start: self.start(),
            draw_rules: self.rules,
            moves: &self.moves,
            undone: &self.undone,
            draw_offer: self.draw_offer,
            result: self.result,
        }
        .serialize(serializer)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de, G> Deserialize<'de> for Match<G>
where
    G: Game + Deserialize<'de>,
    G::Move: Deserialize<'de>,
    G::Player: Deserialize<'de>,
    G::Ending: Deserialize<'de>,
{
    /// Replays the record and checks that its result and draw offer are
    /// what the moves and the rules allow.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let record = Record::<G>::deserialize(deserializer)?;
        replay(record).map_err(D::Error::custom)
    }
}

/// Rebuilds the match a record describes, or says in a sentence why the
/// record is impossible.
fn replay<G: Game>(record: Record<G>) -> Result<Match<G>, String> {
    let mut replayed = Match::with_rules(record.start, record.draw_rules);
    for (index, &mv) in record.moves.iter().enumerate() {
        play_recorded(&mut replayed, mv, || {
            format!("move {} of the record", index + 1)
        })?;
    }
    // The moves to redo: played on (the next one first) and taken back.
    for (count, &mv) in record.undone.iter().rev().enumerate() {
        play_recorded(&mut replayed, mv, || {
            format!("undone move {} (counting from the next to redo)", count + 1)
        })?;
    }
    for _ in &record.undone {
        replayed
            .undo()
            .map_err(|error| format!("the undone moves cannot be taken back: {error}"))?;
    }
    debug_assert_eq!(replayed.undone, record.undone);
    match (replayed.result, record.result) {
        (computed, recorded) if computed == recorded => {}
        (
            None,
            Some(MatchResult {
                outcome: Outcome::Win(winner),
                reason: EndReason::Resignation,
            }),
        ) => {
            if !replayed.undone.is_empty() {
                return Err(ENDED_WITH_UNDONE_MOVES.to_owned());
            }
            replayed
                .resign(G::opponent(winner))
                .map_err(|error| format!("the recorded resignation is impossible: {error}"))?;
        }
        (
            None,
            Some(MatchResult {
                outcome: Outcome::Draw,
                reason: EndReason::Agreement,
            }),
        ) => {
            if !replayed.undone.is_empty() {
                return Err(ENDED_WITH_UNDONE_MOVES.to_owned());
            }
            replayed.end_by_players(Outcome::Draw, EndReason::Agreement);
        }
        (computed, recorded) => {
            return Err(format!(
                "the recorded result ({}) is not what the moves give ({})",
                describe(recorded),
                describe(computed)
            ))
        }
    }
    if let Some(offered_by) = record.draw_offer {
        replayed
            .act(offered_by, super::Action::OfferDraw)
            .map_err(|error| {
                format!("the recorded draw offer by {offered_by} is impossible: {error}")
            })?;
    }
    Ok(replayed)
}

/// Why a record that the players ended cannot hold moves to redo.
const ENDED_WITH_UNDONE_MOVES: &str =
    "the record holds undone moves, but the players ended the match, which clears them";

/// Plays `mv` of a record, or says which move (`name`), whose, and why it
/// cannot be played: the rules' reason with the legal moves, or the result
/// that had already ended the match.
fn play_recorded<G: Game>(
    replayed: &mut Match<G>,
    mv: G::Move,
    name: impl FnOnce() -> String,
) -> Result<(), String> {
    let side = replayed.to_move();
    if let Some(result) = replayed.result() {
        return Err(format!(
            "{}, {side}'s {mv}, comes after the match ended: {result}",
            name()
        ));
    }
    let why = replayed.position().why_illegal(mv);
    replayed.play(mv).map_err(|error| {
        let reason = why.unwrap_or_else(|| error.to_string());
        format!("{}, {side}'s {mv}, cannot be played: {reason}", name())
    })
}

/// A result as words, for error messages.
fn describe<P: core::fmt::Display, E: core::fmt::Display>(
    result: Option<MatchResult<P, E>>,
) -> String {
    match result {
        Some(result) => result.to_string(),
        None => "the game goes on".to_owned(),
    }
}
