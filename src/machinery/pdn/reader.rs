//! [`PdnReader`]: splits PDN text into games, one at a time, from a string
//! or from any [`BufRead`] (a file of any size, in constant memory).

use core::iter::FusedIterator;
use std::collections::HashSet;
use std::io::BufRead;

use super::{GameId, PdnError, PdnErrorKind, PdnGame, PdnMove, PdnResult, TextPosition};

/// Characters that end a word of movetext (besides whitespace): each starts
/// a different kind of token.
const WORD_DELIMITERS: &[char] = &['[', ']', '{', '}', '(', ')', ';', '$', '"'];

/// Annotation glyphs that may follow a move (`11-15!`, `22x15?!`) or stand
/// alone.
const ANNOTATION_GLYPHS: &[char] = &['!', '?'];

/// The separators of PDN move syntax (`:` is the Russian capture
/// separator); real files mix them, and checkers'
/// [`Move`](crate::checkers::Move) `FromStr` reads `x` and `X` alike.
const MOVE_SEPARATORS: &[char] = &['-', 'x', 'X', ':'];

/// The file letters of algebraic squares (`a1` to `h8`, and up to `l` for
/// larger boards).
const FILE_LETTERS: &[u8] = b"abcdefghijkl";

/// Up to this many tags, a duplicate is found by comparing names (cheaper
/// than hashing for the few tags of real games); beyond, by a hash set.
const TAGS_SCANNED: usize = 16;

/// The byte order mark some editors put at the start of a file.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// Reads PDN game by game: an iterator over `Result<PdnGame, PdnError>`,
/// from a string ([`PdnReader::new`]) or from any [`BufRead`]
/// ([`PdnReader::from_reader`]), such as a buffered file or standard input.
///
/// What it understands: tag pairs `[Name "value"]` (with `\"` and `\\`
/// escapes), move numbers `12.` and `12...` (also glued to the move, as in
/// `12.11-15`), moves in numeric notation with `-`, `x` (or `X`) and `:`
/// in any mix (`11-15`, `22x15`, `22x15x8`, `22x8`), with squares as
/// numbers or algebraic (`c3-d4`, `c3:e5`, `d8xb6xd4xb2`, whatever the
/// `GameType` tag), squares padded for alignment (`1- 6`, `1 -6`, read as
/// `1-6`), move numbers with leading zeros (`01.`),
/// comments `{...}` (over several lines) and `;` to the end of the line,
/// variations `(...)` (nested; skipped), annotations `$1`, `!`, `?`, `!?`..., `%` escape lines, and the
/// results `1-0`, `0-1`, `1/2-1/2`, `*`, `2-0`, `0-2`, `1-1`. Tags may be
/// padded (`[Event     "..."]`). A `Result` tag in no known spelling
/// (`4-6`) leaves the result unknown ([`PdnResult::Undecided`]), and the
/// same text after the moves ends the game; a `Result` tag that
/// disagrees with the result after the moves is kept
/// ([`PdnGame::result_disagreement`]): the game is read either way.
///
/// # Results: the first number is the first player's
///
/// `1-0` means the side that moves first won: Red, which PDN calls
/// "Black"; `0-1` means White won (see [`PdnResult`]). This is how
/// checkers records score games, in move order. Some software copies
/// chess's "1-0 = White won" instead; its files read here with the winners
/// swapped. The evidence for the checkers convention: in the Tinsley
/// collection (`tests/data/tinsley.pdn`), 61 of the 66 games scored `1-0`
/// end with a move by the first player and 114 of the 125 scored `0-1` end
/// with a move by the second: the loser resigned facing the winner's last
/// move.
///
/// # Games, and what happens after an error
///
/// A game ends with its result, or where the next game's tags start, or at
/// the end of the text. Comments and variations are skipped, not kept.
///
/// A game whose text is malformed is yielded as a [`PdnError`] naming the
/// game (its number and `Event`), the line and column, and the problem.
/// Reading then goes on at the next game: the next line that starts with
/// `[` right after a blank line or a line that ends with a result. A
/// comment or variation cannot run into such a line either: one still open
/// there is reported as never closed, and the next game is read from that
/// line. So a missing `}` or `)` costs one game, not the rest of the file,
/// and reading takes time in proportion to the length of the text, whatever
/// the text.
///
/// One tolerance for a corruption found in real files (two games of the
/// Tinsley collection): a comment glued to its move after its braces and
/// spaces were lost, as in `8-11Redoversteppedthetimecontrolonthismove.`,
/// is read as the move followed by that text, which is kept in
/// [`PdnMove::trailing_text`]. Only text that starts with a letter other
/// than `x` or `X` and holds no digit is taken so; anything else glued to a
/// move is an error. So a move is read exactly as written, or not at all:
/// `10x19X26` is one move, and `10x19e26` an error.
///
/// # Reading from a file
///
/// [`from_reader`](PdnReader::from_reader) reads line by line and keeps
/// only the current line and the game being read, so a database of any
/// size streams in constant memory. Each line is decoded as UTF-8 or, when
/// it is not valid UTF-8, as ISO 8859-1 (Latin-1, the character set of
/// older files), so no byte is ever lost or refused. An error from the
/// underlying reader is yielded as a [`PdnErrorKind::Read`] error for the
/// game being read, and ends the reading.
///
/// ```
/// use rulebook::checkers::pdn::{PdnReader, PdnResult};
///
/// let text = "[Event \"Demo\"]\n1. 11-15 23-19 2. 8-11 {book} 22-17 1/2-1/2\n";
/// let games: Vec<_> = PdnReader::new(text).collect();
/// let game = games[0].as_ref().unwrap();
/// assert_eq!(game.event(), Some("Demo"));
/// assert_eq!(game.moves().len(), 4);
/// assert_eq!(game.moves()[3].number(), 2);
/// assert_eq!(game.result(), PdnResult::Draw);
///
/// // The same from any `BufRead`, such as a `BufReader<File>`.
/// let from_bytes = PdnReader::from_reader(text.as_bytes()).next().unwrap().unwrap();
/// assert_eq!(&from_bytes, game);
/// ```
#[derive(Debug)]
pub struct PdnReader<R> {
    source: R,
    /// The line being read, with its line ending.
    line: String,
    /// Byte offset of the cursor in `line`.
    at: usize,
    /// Where the cursor is. Its line is `line`'s number (0 before the first
    /// line is read).
    position: TextPosition,
    /// Whether the line before `line` ends a game: blank, or its last word
    /// is a result. True for the first line.
    after_game_end: bool,
    /// The source is exhausted (or failed): nothing more is read from it.
    exhausted: bool,
    /// A read error not yet reported.
    read_error: Option<PdnErrorKind>,
    /// Games yielded so far (good or bad): the next game's number minus 1.
    games_read: usize,
}

/// A problem found while reading a game, before the game is named.
struct Failure {
    position: TextPosition,
    kind: PdnErrorKind,
}

impl Failure {
    fn at(position: TextPosition, kind: PdnErrorKind) -> Failure {
        Failure { position, kind }
    }
}

/// The game being read.
struct Draft {
    id: GameId,
    position: TextPosition,
    tags: Vec<(String, String)>,
    /// The names in `tags` once there are more than [`TAGS_SCANNED`], to
    /// find a duplicate in constant time.
    tag_names: Option<HashSet<String>>,
    tag_result: Option<PdnResult>,
    moves: Vec<PdnMove>,
    written_result: Option<PdnResult>,
    numbering: Numbering,
    /// The `Result` tag's value when it is no known spelling (`4-6`): the
    /// same word after the moves is the result, unknown.
    unknown_result: Option<String>,
}

impl Draft {
    /// Whether a tag `name` was read.
    fn has_tag(&self, name: &str) -> bool {
        match &self.tag_names {
            Some(names) => names.contains(name),
            None => self.tags.iter().any(|(seen, _)| seen == name),
        }
    }

    /// Adds a tag whose name is new.
    fn add_tag(&mut self, name: String, value: String) {
        debug_assert!(!self.has_tag(&name));
        if let Some(names) = &mut self.tag_names {
            names.insert(name.clone());
        } else if self.tags.len() >= TAGS_SCANNED {
            let mut names: HashSet<String> = self.tags.iter().map(|(n, _)| n.clone()).collect();
            names.insert(name.clone());
            self.tag_names = Some(names);
        }
        self.tags.push((name, value));
    }

    /// Nothing but whitespace, comments or annotations was read: no game.
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.written_result.is_none()
    }

    fn finish(self) -> PdnGame {
        PdnGame {
            id: self.id,
            position: self.position,
            tags: self.tags,
            moves: self.moves,
            result: self
                .written_result
                .or(self.tag_result)
                .unwrap_or(PdnResult::Undecided),
        }
    }
}

/// Which move number the next move belongs to.
#[derive(Clone, Copy)]
struct Numbering {
    /// The last number written (1 before any).
    number: u32,
    /// Moves (and `...` placeholders) since that number.
    plies_since_number: u32,
}

impl Numbering {
    const START: Numbering = Numbering {
        number: 1,
        plies_since_number: 0,
    };

    fn next_move_number(self) -> u32 {
        self.number.saturating_add(self.plies_since_number / 2)
    }
}

impl<'a> PdnReader<&'a [u8]> {
    /// A reader over `text`, positioned before its first game (and after a
    /// byte order mark, if the text starts with one).
    pub fn new(text: &'a str) -> PdnReader<&'a [u8]> {
        PdnReader::from_reader(text.as_bytes())
    }
}

impl<R: BufRead> PdnReader<R> {
    /// A reader over the lines of `source`, positioned before its first
    /// game (and after a byte order mark, if the text starts with one).
    /// Nothing is read until the first game is asked for.
    ///
    /// ```no_run
    /// use std::fs::File;
    /// use std::io::BufReader;
    /// use rulebook::checkers::pdn::PdnReader;
    ///
    /// let file = BufReader::new(File::open("games.pdn")?);
    /// let mut good = 0;
    /// for game in PdnReader::from_reader(file) {
    ///     match game {
    ///         Ok(game) => good += usize::from(game.replay().is_ok()),
    ///         Err(error) => eprintln!("{error}"),
    ///     }
    /// }
    /// println!("{good} games replay");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn from_reader(source: R) -> PdnReader<R> {
        PdnReader {
            source,
            line: String::new(),
            at: 0,
            position: TextPosition { line: 0, column: 1 },
            after_game_end: true,
            exhausted: false,
            read_error: None,
            games_read: 0,
        }
    }

    /// Reads the next line into `line`, the cursor at its start. Returns
    /// `false` (and leaves an empty line) at the end of the source.
    fn next_line(&mut self) -> bool {
        self.after_game_end = ends_a_game(&self.line);
        self.at = 0;
        // The old line's buffer takes the next line's bytes: no allocation
        // and no copy once the buffers have grown to the longest line.
        let mut bytes = core::mem::take(&mut self.line).into_bytes();
        bytes.clear();
        if self.exhausted {
            return false;
        }
        match self.source.read_until(b'\n', &mut bytes) {
            Ok(0) => {
                self.exhausted = true;
                return false;
            }
            Ok(_) => {}
            Err(error) => {
                bytes.clear();
                self.exhausted = true;
                // The error is about the line that could not be read.
                self.position = TextPosition {
                    line: self.position.line.saturating_add(1),
                    column: 1,
                };
                self.read_error = Some(PdnErrorKind::Read {
                    kind: error.kind(),
                    message: error.to_string(),
                });
                return false;
            }
        }
        self.line = match String::from_utf8(bytes) {
            Ok(text) => text,
            // Not UTF-8: ISO 8859-1, where every byte is the code point of
            // the same number.
            Err(error) => error.as_bytes().iter().map(|&b| char::from(b)).collect(),
        };
        self.position = TextPosition {
            line: self.position.line.saturating_add(1),
            column: 1,
        };
        if self.position.line == 1 && self.line.starts_with(BYTE_ORDER_MARK) {
            self.at = BYTE_ORDER_MARK.len_utf8();
        }
        true
    }

    /// The character at the cursor on the current line (`None` at its end).
    fn peek_in_line(&self) -> Option<char> {
        self.line[self.at..].chars().next()
    }

    /// The character at the cursor, reading the next line when the current
    /// one is used up (`None` at the end of the text).
    fn peek(&mut self) -> Option<char> {
        while self.at == self.line.len() {
            if !self.next_line() {
                return None;
            }
        }
        self.peek_in_line()
    }

    /// Moves past the character at the cursor on the current line.
    fn bump(&mut self) {
        if let Some(c) = self.peek_in_line() {
            self.at += c.len_utf8();
            self.position.column = self.position.column.saturating_add(1);
        }
    }

    /// Whether the cursor is at the start of a line that starts a game:
    /// `[` first (after blanks), right after a line that ends a game.
    fn at_game_start(&self) -> bool {
        self.at == 0 && self.after_game_end && self.line.trim_start().starts_with('[')
    }

    /// Skips whitespace and `%` escape lines.
    fn skip_whitespace(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.bump();
            } else if c == '%' && self.position.column == 1 {
                self.skip_line();
            } else {
                break;
            }
        }
    }

    /// Skips to the end of the current line.
    fn skip_line(&mut self) {
        while self.peek_in_line().is_some() {
            self.bump();
        }
    }

    fn skip_blanks_on_line(&mut self) {
        while matches!(self.peek_in_line(), Some(' ' | '\t')) {
            self.bump();
        }
    }

    fn read_game(&mut self, draft: &mut Draft) -> Result<(), Failure> {
        loop {
            self.skip_whitespace();
            if self.peek() != Some('[') {
                break;
            }
            self.read_tag(draft)?;
        }
        loop {
            self.skip_whitespace();
            let start = self.position;
            match self.peek() {
                // The end of the text, or the next game's tags: this game has
                // no written result.
                None | Some('[') => return Ok(()),
                Some('{') => self.skip_comment()?,
                Some(';') => self.skip_line(),
                Some('(') => self.skip_variation()?,
                Some(')') => return Err(Failure::at(start, PdnErrorKind::UnmatchedVariationEnd)),
                Some('$') => self.skip_nag()?,
                Some(_) => {
                    let word = self.read_padded_word();
                    if let Some(result) = PdnResult::from_text(&word) {
                        draft.written_result = Some(result);
                        return Ok(());
                    }
                    if draft.unknown_result.as_deref() == Some(word.as_str()) {
                        draft.written_result = Some(PdnResult::Undecided);
                        return Ok(());
                    }
                    Self::read_movetext_word(draft, &word, start)?;
                }
            }
        }
    }

    /// Reads one `[Name "value"]` tag pair, the cursor being on its `[`. A
    /// tag pair is on one line.
    fn read_tag(&mut self, draft: &mut Draft) -> Result<(), Failure> {
        let open = self.position;
        self.bump();
        self.skip_blanks_on_line();
        let name_start = self.at;
        while matches!(self.peek_in_line(), Some(c) if c.is_alphanumeric() || c == '_') {
            self.bump();
        }
        let name = self.line[name_start..self.at].to_owned();
        if name.is_empty() {
            return Err(Failure::at(self.position, PdnErrorKind::MissingTagName));
        }
        self.skip_blanks_on_line();
        let quote = self.position;
        if self.peek_in_line() != Some('"') {
            return Err(Failure::at(quote, PdnErrorKind::MissingTagValue { name }));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek_in_line() {
                None | Some('\n' | '\r') => {
                    return Err(Failure::at(quote, PdnErrorKind::UnclosedTagValue { name }))
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek_in_line() {
                        Some(escaped @ ('"' | '\\')) => {
                            self.bump();
                            value.push(escaped);
                        }
                        _ => value.push('\\'),
                    }
                }
                Some(c) => {
                    self.bump();
                    value.push(c);
                }
            }
        }
        self.skip_blanks_on_line();
        if self.peek_in_line() != Some(']') {
            return Err(Failure::at(
                self.position,
                PdnErrorKind::UnclosedTag { name },
            ));
        }
        self.bump();
        if draft.has_tag(&name) {
            return Err(Failure::at(open, PdnErrorKind::DuplicateTag { name }));
        }
        if name == super::RESULT_TAG {
            match PdnResult::from_text(&value) {
                Some(result) => draft.tag_result = Some(result),
                // A result in no known spelling: unknown.
                None => {
                    draft.tag_result = Some(PdnResult::Undecided);
                    draft.unknown_result = Some(value.clone());
                }
            }
        }
        if name == super::EVENT_TAG {
            draft.id.event = Some(value.clone());
        }
        draft.add_tag(name, value);
        Ok(())
    }

    /// Reads the next line for a comment or variation that goes on past the
    /// end of the current one. Returns `false` at the end of the text and
    /// at the start of the next game (see
    /// [`at_game_start`](Self::at_game_start)), which no comment or
    /// variation runs into.
    fn next_line_within_game(&mut self) -> bool {
        self.next_line() && !self.at_game_start()
    }

    /// Skips a comment, the cursor being on its `{`.
    fn skip_comment(&mut self) -> Result<(), Failure> {
        let open = self.position;
        self.bump();
        loop {
            match self.peek_in_line() {
                Some('}') => {
                    self.bump();
                    return Ok(());
                }
                Some(_) => self.bump(),
                None => {
                    if !self.next_line_within_game() {
                        return Err(Failure::at(open, PdnErrorKind::UnclosedComment));
                    }
                }
            }
        }
    }

    /// Skips a variation with everything nested in it, the cursor being on
    /// its `(`.
    fn skip_variation(&mut self) -> Result<(), Failure> {
        let open = self.position;
        let mut depth = 0_usize;
        loop {
            match self.peek_in_line() {
                None => {
                    if !self.next_line_within_game() {
                        return Err(Failure::at(open, PdnErrorKind::UnclosedVariation));
                    }
                }
                Some('(') => {
                    depth += 1;
                    self.bump();
                }
                Some(')') => {
                    self.bump();
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                // A `)` inside a comment closes nothing.
                Some('{') => self.skip_comment()?,
                Some(';') => self.skip_line(),
                Some(_) => self.bump(),
            }
        }
    }

    fn skip_nag(&mut self) -> Result<(), Failure> {
        let dollar = self.position;
        self.bump();
        let mut digits = 0;
        while matches!(self.peek_in_line(), Some(c) if c.is_ascii_digit()) {
            self.bump();
            digits += 1;
        }
        if digits == 0 {
            return Err(Failure::at(dollar, PdnErrorKind::InvalidNag));
        }
        Ok(())
    }

    /// Reads the word at the cursor: up to whitespace or a delimiter; a lone
    /// delimiter that starts no token (`]`, `}`, `"`) is a word by itself.
    /// A word never runs past its line.
    fn read_word(&mut self) -> &str {
        let start = self.at;
        while matches!(self.peek_in_line(), Some(c) if !c.is_whitespace() && !WORD_DELIMITERS.contains(&c))
        {
            self.bump();
        }
        if self.at == start {
            self.bump();
        }
        &self.line[start..self.at]
    }

    /// Reads the word at the cursor ([`read_word`](Self::read_word)) and,
    /// when a move's squares were padded apart on the line (`1- 6`,
    /// `1 -6`), the words that complete it, without the padding.
    fn read_padded_word(&mut self) -> String {
        let mut word = self.read_word().to_owned();
        loop {
            let (at, position) = (self.at, self.position);
            self.skip_blanks_on_line();
            let next = self.peek_in_line();
            let open = word.ends_with(MOVE_SEPARATORS)
                && word.chars().any(|c| c.is_ascii_digit())
                && next.is_some_and(|c| c.is_ascii_alphanumeric());
            let continued = next.is_some_and(|c| MOVE_SEPARATORS.contains(&c))
                && word.ends_with(|c: char| c.is_ascii_digit());
            if !(open || continued) {
                (self.at, self.position) = (at, position);
                return word;
            }
            word.push_str(self.read_word());
        }
    }

    /// Handles a word of movetext that is not a result: a move number, a
    /// move (possibly glued to its number), `...`, or annotation glyphs.
    fn read_movetext_word(
        draft: &mut Draft,
        word: &str,
        start: TextPosition,
    ) -> Result<(), Failure> {
        let unexpected = || {
            Failure::at(
                start,
                PdnErrorKind::UnexpectedText {
                    text: word.to_owned(),
                },
            )
        };
        let mut rest = word;
        let mut move_start = start;
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 && word[digits..].starts_with('.') {
            let number = word[..digits].parse::<u32>().map_err(|_| {
                Failure::at(
                    start,
                    PdnErrorKind::MoveNumberTooLarge {
                        text: word[..digits].to_owned(),
                    },
                )
            })?;
            let after_dots = word[digits..].trim_start_matches('.');
            let dots = word.len() - digits - after_dots.len();
            // `12.` announces the first move of the pair, `12...` the second.
            draft.numbering = Numbering {
                number,
                plies_since_number: u32::from(dots > 1),
            };
            let prefix = word.len() - after_dots.len();
            // The prefix is ASCII: one column per byte.
            move_start.column = move_start
                .column
                .saturating_add(u32::try_from(prefix).unwrap_or(u32::MAX));
            rest = after_dots;
            if rest.is_empty() {
                return Ok(());
            }
        } else if word.chars().all(|c| c == '.') {
            // `1. ... 23-18`: a placeholder for the move not shown.
            draft.numbering.plies_since_number =
                draft.numbering.plies_since_number.saturating_add(1);
            return Ok(());
        }
        if rest.chars().all(|c| ANNOTATION_GLYPHS.contains(&c)) {
            // Glyphs standing alone (`!`, `?!`): an annotation of the last move.
            return if rest.len() == word.len() {
                Ok(())
            } else {
                Err(unexpected())
            };
        }
        let (text, tail) = split_move(rest).ok_or_else(unexpected)?;
        let tail = tail.trim_start_matches(ANNOTATION_GLYPHS);
        let trailing_text = match tail.chars().next() {
            None => None,
            Some(c) if is_glued_comment(tail, c) => Some(tail.to_owned()),
            Some(_) => return Err(unexpected()),
        };
        draft.moves.push(PdnMove {
            number: draft.numbering.next_move_number(),
            text: text.to_owned(),
            trailing_text,
            position: move_start,
        });
        draft.numbering.plies_since_number = draft.numbering.plies_since_number.saturating_add(1);
        Ok(())
    }

    /// Moves the cursor to the next game after a failure on line
    /// `failure_line`: the first later line that starts with `[` and follows
    /// a blank line or a line ending with a result (the cursor may already
    /// be there: an unclosed comment stops at such a line). Guarantees
    /// progress: the cursor ends on a later line, or at the end of the text.
    fn resynchronise(&mut self, failure_line: u32) {
        loop {
            if self.position.line > failure_line && self.at_game_start() {
                return;
            }
            self.skip_line();
            if !self.next_line() {
                return;
            }
        }
    }
}

/// Whether `tail`, glued to the end of a move and starting with `first`,
/// is a comment that lost its braces: it starts with a letter that is no
/// move separator and holds no digit (so it cannot hide more of the move).
fn is_glued_comment(tail: &str, first: char) -> bool {
    first.is_alphabetic()
        && !MOVE_SEPARATORS.contains(&first)
        && !tail.chars().any(|c| c.is_ascii_digit())
}

/// A blank line, or one whose last word is a result. Reads the line from
/// its end, and only its last word.
fn ends_a_game(line: &str) -> bool {
    line.trim_end()
        .rsplit(char::is_whitespace)
        .next()
        .map_or(true, |word| {
            word.is_empty() || PdnResult::from_text(word).is_some()
        })
}

/// Splits `text` into its longest prefix of move syntax (at least two
/// squares separated by `-`, `x`, `X` or `:`; a square is a number, or a
/// file letter and a rank number as in `c3`) and the rest, or `None` when
/// it does not start with a move.
fn split_move(text: &str) -> Option<(&str, &str)> {
    let bytes = text.as_bytes();
    let square_from = |start: usize| {
        let rest = &bytes[start.min(bytes.len())..];
        let letter = usize::from(rest.first().is_some_and(|b| FILE_LETTERS.contains(b)));
        let digits = rest[letter..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            0
        } else {
            letter + digits
        }
    };
    let mut end = square_from(0);
    if end == 0 {
        return None;
    }
    let mut squares = 1;
    while let Some(&separator) = bytes.get(end) {
        let next = square_from(end + 1);
        if !MOVE_SEPARATORS.contains(&char::from(separator)) || next == 0 {
            break;
        }
        end += 1 + next;
        squares += 1;
    }
    (squares >= 2).then(|| text.split_at(end))
}

impl<R: BufRead> Iterator for PdnReader<R> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.skip_whitespace();
            if self.peek().is_none() {
                // The end of the text; or a read error between games.
                let kind = self.read_error.take()?;
                self.games_read += 1;
                return Some(Err(PdnError {
                    game: GameId {
                        number: self.games_read,
                        event: None,
                    },
                    position: self.position,
                    kind,
                }));
            }
            let mut draft = Draft {
                id: GameId {
                    number: self.games_read + 1,
                    event: None,
                },
                position: self.position,
                tags: Vec::new(),
                tag_names: None,
                tag_result: None,
                moves: Vec::new(),
                written_result: None,
                numbering: Numbering::START,
                unknown_result: None,
            };
            let read = self.read_game(&mut draft);
            if let Some(kind) = self.read_error.take() {
                // The game may be cut short: report the read error instead.
                self.games_read += 1;
                return Some(Err(PdnError {
                    game: draft.id,
                    position: self.position,
                    kind,
                }));
            }
            match read {
                Ok(()) if draft.is_empty() => {}
                Ok(()) => {
                    self.games_read += 1;
                    return Some(Ok(draft.finish()));
                }
                Err(failure) => {
                    self.games_read += 1;
                    self.resynchronise(failure.position.line);
                    return Some(Err(PdnError {
                        game: draft.id,
                        position: failure.position,
                        kind: failure.kind,
                    }));
                }
            }
        }
    }
}

impl<R: BufRead> FusedIterator for PdnReader<R> {}
