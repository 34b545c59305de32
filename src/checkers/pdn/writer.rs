//! Writing a [`Match<Checkers>`](Match) as PDN.

use super::{PdnResult, ENGLISH_CHECKERS_GAME_TYPE};
use crate::checkers::{Checkers, Player};
use crate::pdn::{numbered, write_record, RecordTags, WriteError};
use crate::{Game, Match};

/// Writes `game` as one PDN game record, ending with a line break.
///
/// The record holds, in this order: the caller's `tags` in the order given
/// (e.g. `Event`, `Date`, and the players: Red's name goes in the `Black`
/// tag, [`RED_PLAYER_TAG`](super::RED_PLAYER_TAG), because PDN calls the
/// first player Black; White's in `White`); then the tags computed from the
/// match, which replace any the caller gave with the same names: `Result`,
/// `GameType "21"`, and, when the match did not start from the standard
/// position, `SetUp "1"` and `FEN`. Then a blank line and the moves,
/// numbered (`1. 11-15 23-19 2. ...`, or `1... 23-19` when White moves
/// first), captures with their full path (`22x15x8`), lines under 80
/// characters, and the result: `1-0` Red won, `0-1` White won, `1/2-1/2`
/// drawn, `*` going on (see [`PdnResult`]).
///
/// Reading the record back with [`PdnReader`](super::PdnReader) and
/// [`PdnGame::replay`](super::PdnGame::replay) gives the same start, the
/// same moves and the same winner. Why a game ended is kept when PDN can
/// say it: by the rules, and otherwise a win reads back as a resignation and
/// a draw as a draw by agreement (a draw by repetition or the move limit
/// reads back as agreed). A pending draw offer is not recorded. To write
/// several games to one file, separate the records with a blank line.
///
/// # Errors
///
/// [`WriteError`] when a tag name is not letters, digits and `_`, a value
/// holds a line break, or a name is given twice.
pub fn write_match<I, N, V>(game: &Match<Checkers>, tags: I) -> Result<String, WriteError>
where
    I: IntoIterator<Item = (N, V)>,
    N: AsRef<str>,
    V: AsRef<str>,
{
    let result = game
        .result()
        .map_or(PdnResult::Undecided, |r| PdnResult::from_outcome(r.outcome));
    let computed = RecordTags {
        result: result.as_str(),
        game_type: ENGLISH_CHECKERS_GAME_TYPE,
        fen: (*game.start() != Checkers::default()).then(|| game.start().to_fen()),
    };
    let first_to_move = game.start().to_move() == Player::Red;
    write_record(tags, &computed, numbered(game.history(), first_to_move))
}
