//! Writing a [`Match<Checkers>`](Match) as PDN.

#[cfg(doc)]
use super::PdnResult;
use crate::checkers::Checkers;
use crate::pdn::WriteError;
use crate::Match;

/// Writes `game` as one PDN game record, ending with a line break (the
/// family's [`crate::pdn::write_match`]).
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
/// characters with every move number on the line of its move, and the
/// result ([`PdnResult::of_match`]).
///
/// # Results: the first number is the first player's
///
/// `1-0` means Red won (the first player, PDN's "Black"), `0-1` White won,
/// `1/2-1/2` drawn, `*` going on: checkers records score in move order.
/// Software that copies chess's "1-0 = White won" reads these records
/// with the winners swapped. The evidence for the checkers convention: in
/// the Tinsley collection (`tests/data/tinsley.pdn`), 61 of the 66 games
/// scored `1-0` end with a move by the first player and 114 of the 125
/// scored `0-1` with a move by the second (the loser resigned facing the
/// winner's last move). See [`PdnResult`].
///
/// # Reading it back
///
/// Reading the record back with [`PdnReader`](super::PdnReader) and
/// [`PdnGame::replay`](super::PdnGame::replay) gives the same start, the
/// same moves and the same winner. Why a game ended is kept when PDN can
/// say it: by the rules, and otherwise a win reads back as a resignation and
/// a draw as a draw by agreement (a draw by repetition or the move limit
/// reads back as agreed). A pending draw offer and the moves that
/// [`Match::redo`] could play are not recorded. To write several games to
/// one file, separate the records with a blank line.
///
/// ```
/// use rulebook::checkers::pdn::write_match;
/// use rulebook::checkers::Checkers;
/// use rulebook::Match;
///
/// let game = Match::new(Checkers::default());
/// // No tags of your own: an empty array will do.
/// let record = write_match(&game, [])?;
/// assert_eq!(record, "[Result \"*\"]\n[GameType \"21\"]\n\n*\n");
///
/// // Tags held as `String`s: lend them as `&str`.
/// let owned = vec![("Event".to_owned(), "Club night".to_owned())];
/// let record = write_match(&game, owned.iter().map(|(n, v)| (n.as_str(), v.as_str())))?;
/// assert!(record.starts_with("[Event \"Club night\"]\n"));
/// # Ok::<(), rulebook::checkers::pdn::WriteError>(())
/// ```
///
/// # Errors
///
/// [`WriteError`] when a tag name is not letters, digits and `_`, a value
/// holds a line break, or a name is given twice.
pub fn write_match<'a>(
    game: &Match<Checkers>,
    tags: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<String, WriteError> {
    crate::pdn::write_match(game, tags)
}
