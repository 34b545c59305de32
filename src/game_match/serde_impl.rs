//! `serde` support for [`Match`]: a match is saved as its record (start,
//! draw rules, moves, pending draw offer, result) and validated on the way
//! back in by replaying the moves, so an impossible match is an error.
//!
//! The moves that [`Match::redo`] could play are not saved.

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
    draw_offer: Option<G::Player>,
    result: Option<MatchResult<G::Player, G::Ending>>,
}

/// What is read back, before validation.
#[derive(Deserialize)]
#[serde(bound(deserialize = "G: Deserialize<'de>, G::Move: Deserialize<'de>, \
                             G::Player: Deserialize<'de>, G::Ending: Deserialize<'de>"))]
#[serde(deny_unknown_fields)]
struct Record<G: Game> {
    start: G,
    #[serde(default)]
    draw_rules: DrawRules,
    moves: Vec<G::Move>,
    #[serde(default)]
    draw_offer: Option<G::Player>,
    #[serde(default)]
    result: Option<MatchResult<G::Player, G::Ending>>,
}

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
            draw_offer: self.draw_offer,
            result: self.result,
        }
        .serialize(serializer)
    }
}

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
    for (index, mv) in record.moves.into_iter().enumerate() {
        replayed.play(mv).map_err(|error| {
            format!(
                "move {} of the record ({mv}) cannot be played: {error}",
                index + 1
            )
        })?;
    }
    match (replayed.result, record.result) {
        (computed, recorded) if computed == recorded => {}
        (
            None,
            Some(MatchResult {
                outcome: Outcome::Win(winner),
                reason: EndReason::Resignation,
            }),
        ) => {
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

/// A result as words, for error messages.
fn describe<P: core::fmt::Display, E: core::fmt::Display>(
    result: Option<MatchResult<P, E>>,
) -> String {
    match result {
        Some(result) => result.to_string(),
        None => "the game goes on".to_owned(),
    }
}
