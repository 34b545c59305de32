//! Laying out a PDN record: the caller's tags (checked), the tags a game
//! computes, and the movetext wrapped under 80 columns.

use core::fmt::Write as _;

use super::{FEN_TAG, GAME_TYPE_TAG, RESULT_TAG, SET_UP_TAG};

/// The longest line of movetext the writer produces (PGN's export format
/// keeps lines under 80 characters).
const MAX_LINE_LENGTH: usize = 79;

/// The tags a game's writer computes from the match: a caller's tags with
/// these names are left out.
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

/// The tags a game computes for its record.
pub(crate) struct RecordTags<'a> {
    /// The `Result` tag (and the movetext's last word).
    pub(crate) result: &'a str,
    /// The `GameType` tag, or `None` for a game PDN has no number for
    /// (Connect Four's PDN-like records).
    pub(crate) game_type: Option<&'a str>,
    /// The `FEN` of the start position when it is not the standard one
    /// (written with `SetUp "1"`).
    pub(crate) fen: Option<String>,
}

/// Writes one record: the caller's `tags` in the order given (those named
/// like a computed tag are left out), then `Result`, `GameType` (when the game has one) and, with a
/// set-up, `SetUp` and `FEN`; a blank line; then `words` (the units of
/// [`numbered`]) and the result, wrapped under 80 columns between units.
///
/// # Errors
///
/// [`WriteError`] when a tag name is not letters, digits and `_`, a value
/// holds a line break, or a name is given twice.
pub(crate) fn write_record<'a>(
    tags: impl IntoIterator<Item = (&'a str, &'a str)>,
    computed: &RecordTags<'_>,
    words: impl IntoIterator<Item = String>,
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
    write_tag(&mut text, RESULT_TAG, computed.result);
    if let Some(game_type) = computed.game_type {
        write_tag(&mut text, GAME_TYPE_TAG, game_type);
    }
    if let Some(fen) = &computed.fen {
        write_tag(&mut text, SET_UP_TAG, "1");
        write_tag(&mut text, FEN_TAG, fen);
    }
    text.push('\n');
    let mut line_length = 0;
    for word in words.into_iter().chain([computed.result.to_owned()]) {
        if line_length > 0 && line_length + 1 + word.len() > MAX_LINE_LENGTH {
            text.push('\n');
            line_length = 0;
        } else if line_length > 0 {
            text.push(' ');
            line_length += 1;
        }
        text.push_str(&word);
        line_length += word.len();
    }
    text.push('\n');
    Ok(text)
}

fn write_tag(text: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    // Writing to a String cannot fail.
    let _ = writeln!(text, "[{name} \"{escaped}\"]");
}

/// The numbered movetext units of a game whose first player is to move
/// when `first_to_move` (`1. a`, `b`, `2. c`, ..., or `1... b`, `2. c`, ...
/// when the second player moves first). A move number is one unit with its
/// move, so the layout never leaves a number at the end of a line.
pub(crate) fn numbered<T: core::fmt::Display>(
    moves: impl IntoIterator<Item = T>,
    first_to_move: bool,
) -> Vec<String> {
    let mut units = Vec::new();
    let mut number = 1_u32;
    let mut first = first_to_move;
    for (index, mv) in moves.into_iter().enumerate() {
        units.push(if first {
            format!("{number}. {mv}")
        } else if index == 0 {
            format!("{number}... {mv}")
        } else {
            mv.to_string()
        });
        if !first {
            number += 1;
        }
        first = !first;
    }
    units
}
