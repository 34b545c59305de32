//! Writing a [`Match<Checkers>`](Match) as PDN.

use core::fmt::Write as _;

use super::{PdnResult, ENGLISH_CHECKERS_GAME_TYPE, FEN_TAG, GAME_TYPE_TAG, RESULT_TAG};
use crate::checkers::{Checkers, Player};
use crate::{Game, Match};

/// The longest line of movetext the writer produces (PGN's export format
/// keeps lines under 80 characters).
const MAX_LINE_LENGTH: usize = 79;

/// The tag that says a `FEN` set-up follows (PDN wants it with every `FEN`).
const SET_UP_TAG: &str = "SetUp";

/// The tags the writer computes from the match: a caller's tags with these
/// names are left out.
const COMPUTED_TAGS: [&str; 4] = [RESULT_TAG, GAME_TYPE_TAG, SET_UP_TAG, FEN_TAG];

/// A tag the writer cannot write.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum WriteError {
    /// A tag name that is empty or holds characters other than letters,
    /// digits and `_`.
    #[error("`{name}` is not a tag name: use letters, digits and _ only")]
    InvalidTagName {
        /// The name as given.
        name: String,
    },
    /// A tag value with a line break (a tag must fit on one line).
    #[error("the value of the tag {name} holds a line break; a tag must fit on one line")]
    InvalidTagValue {
        /// The tag's name.
        name: String,
    },
    /// The same tag given twice.
    #[error("the tag {name} is given twice")]
    DuplicateTag {
        /// The tag's name.
        name: String,
    },
}

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
    let mut text = String::new();
    let mut names: Vec<String> = Vec::new();
    for (name, value) in tags {
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(WriteError::InvalidTagName {
                name: name.to_owned(),
            });
        }
        if value.contains(['\n', '\r']) {
            return Err(WriteError::InvalidTagValue {
                name: name.to_owned(),
            });
        }
        if names.iter().any(|seen| seen == name) {
            return Err(WriteError::DuplicateTag {
                name: name.to_owned(),
            });
        }
        names.push(name.to_owned());
        if !COMPUTED_TAGS.contains(&name) {
            write_tag(&mut text, name, value);
        }
    }
    let result = PdnResult::of_match(game);
    write_tag(&mut text, RESULT_TAG, result.as_str());
    write_tag(&mut text, GAME_TYPE_TAG, ENGLISH_CHECKERS_GAME_TYPE);
    if *game.start() != Checkers::default() {
        write_tag(&mut text, SET_UP_TAG, "1");
        write_tag(&mut text, FEN_TAG, &game.start().to_fen());
    }
    text.push('\n');
    write_movetext(&mut text, game, result);
    Ok(text)
}

fn write_tag(text: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    // Writing to a String cannot fail.
    let _ = writeln!(text, "[{name} \"{escaped}\"]");
}

/// The numbered moves and the result, wrapped under [`MAX_LINE_LENGTH`]. A
/// move number and the move after it are one unit that is never split
/// across lines.
fn write_movetext(text: &mut String, game: &Match<Checkers>, result: PdnResult) {
    let mut units: Vec<String> = Vec::new();
    let mut number = 1_u32;
    let mut to_move = game.start().to_move();
    for (index, mv) in game.history().iter().enumerate() {
        let unit = match to_move {
            Player::Red => format!("{number}. {mv}"),
            Player::White if index == 0 => format!("{number}... {mv}"),
            Player::White => mv.to_string(),
        };
        units.push(unit);
        if to_move == Player::White {
            number += 1;
        }
        to_move = Checkers::opponent(to_move);
    }
    units.push(result.as_str().to_owned());
    let mut line_length = 0;
    for unit in units {
        if line_length > 0 && line_length + 1 + unit.len() > MAX_LINE_LENGTH {
            text.push('\n');
            line_length = 0;
        } else if line_length > 0 {
            text.push(' ');
            line_length += 1;
        }
        text.push_str(&unit);
        line_length += unit.len();
    }
    text.push('\n');
}
