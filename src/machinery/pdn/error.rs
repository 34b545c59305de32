//! [`PdnError`]: why a game's PDN text could not be read.

use super::{GameId, TextPosition};

/// A game whose text is not well-formed PDN: which game, where in the text,
/// and what is wrong. Reading goes on with the next game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{game}, {position}: {kind}")]
pub struct PdnError {
    /// The game the error is in.
    pub game: GameId,
    /// Where in the text the problem is (for a comment, variation or tag
    /// that is never closed: where it was opened).
    pub position: TextPosition,
    /// What is wrong.
    pub kind: PdnErrorKind,
}

/// What is wrong with a game's PDN text.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PdnErrorKind {
    /// `[` is not followed by a tag name.
    #[error("a tag must start with its name, as in [Event \"...\"]")]
    MissingTagName,
    /// A tag name is not followed by a quoted value.
    #[error("the tag {name} has no value in double quotes")]
    MissingTagValue {
        /// The tag's name.
        name: String,
    },
    /// A tag value's closing `"` is missing on its line.
    #[error("the value of the tag {name} has no closing double quote on its line")]
    UnclosedTagValue {
        /// The tag's name.
        name: String,
    },
    /// A tag's closing `]` is missing.
    #[error("the tag {name} is not closed with ]")]
    UnclosedTag {
        /// The tag's name.
        name: String,
    },
    /// A tag appears twice in one game.
    #[error("the tag {name} appears twice")]
    DuplicateTag {
        /// The tag's name.
        name: String,
    },
    /// A `{` comment is never closed.
    #[error("the comment opened here with {{ is never closed with }}")]
    UnclosedComment,
    /// A `(` variation is never closed.
    #[error("the variation opened here with ( is never closed with )")]
    UnclosedVariation,
    /// A `)` with no `(` before it.
    #[error(") closes no variation")]
    UnmatchedVariationEnd,
    /// `$` not followed by digits.
    #[error("$ must be followed by a number, as in the annotation $1")]
    InvalidNag,
    /// A move number too large to be one.
    #[error("the move number {text} is too large")]
    MoveNumberTooLarge {
        /// The number as written.
        text: String,
    },
    /// The source of a [`PdnReader::from_reader`](super::PdnReader::from_reader)
    /// failed; reading ends here.
    #[error("reading the text failed: {message}")]
    Read {
        /// The kind of I/O error.
        kind: std::io::ErrorKind,
        /// The I/O error's message.
        message: String,
    },
    /// Text that is no move, move number, result, comment or annotation.
    #[error("`{text}` is not a move (like 11-15 or 22x15x8), a move number or a result")]
    UnexpectedText {
        /// The offending text (one whitespace-separated word).
        text: String,
    },
}
