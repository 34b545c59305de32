//! [`PdnReader`]: splits PDN text into games, one at a time.

use core::iter::FusedIterator;

use super::{GameId, PdnError, PdnErrorKind, PdnGame, PdnMove, PdnResult, TextPosition};

/// Characters that end a word of movetext (besides whitespace): each starts
/// a different kind of token.
const WORD_DELIMITERS: &[char] = &['[', ']', '{', '}', '(', ')', ';', '$', '"'];

/// Annotation glyphs that may follow a move (`11-15!`, `22x15?!`) or stand
/// alone.
const ANNOTATION_GLYPHS: &[char] = &['!', '?'];

/// The separators of PDN move syntax (`:` is the Russian capture
/// separator); real files mix them.
const MOVE_SEPARATORS: &[char] = &['-', 'x', ':'];

/// The file letters of algebraic squares (`a1` to `h8`, and up to `l` for
/// larger boards).
const FILE_LETTERS: &[u8] = b"abcdefghijkl";

/// The byte order mark some editors put at the start of a file.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// Reads PDN text game by game: an iterator over `Result<PdnGame, PdnError>`.
///
/// What it understands: tag pairs `[Name "value"]` (with `\"` and `\\`
/// escapes), move numbers `12.` and `12...` (also glued to the move, as in
/// `12.11-15`), moves in numeric notation with `-`, `x` and `:` in any
/// mix (`11-15`, `22x15`, `22x15x8`, `22x8`) or, when the `GameType` tag
/// says so (Russian, Brazilian, Czech), algebraic (`c3-d4`, `c3:e5`),
/// comments `{...}` (over several
/// lines) and `;` to the end of the line, variations `(...)` (nested; skipped),
/// annotations `$1`, `!`, `?`, `!?`..., `%` escape lines, and the results
/// `1-0`, `0-1`, `1/2-1/2`, `*`, `2-0`, `0-2`, `1-1`.
///
/// One tolerance for a corruption found in real files (two games of the
/// Tinsley collection): a comment glued to its move after its braces and
/// spaces were lost, as in `8-11Redoversteppedthetimecontrolonthismove.`,
/// is read as the move followed by that text, which is kept in
/// [`PdnMove::trailing_text`]. Only text starting with a letter is taken so;
/// anything else glued to a move is an error.
///
/// A game ends with its result, or where the next game's tags start, or at
/// the end of the text. Comments and variations are skipped, not kept.
///
/// # Errors
///
/// A game whose text is malformed is yielded as a [`PdnError`] naming the
/// game (its number and `Event`), the line and column, and the problem.
/// Reading then goes on at the next game: the next line that starts with
/// `[` right after a blank line or a line that ends with a result.
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
/// ```
#[derive(Clone, Debug)]
pub struct PdnReader<'a> {
    text: &'a str,
    cursor: Cursor,
    /// Games yielded so far (good or bad): the next game's number minus 1.
    games_read: usize,
}

/// A place in the text: byte offset and its human line/column.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    offset: usize,
    position: TextPosition,
}

/// A problem found while reading a game, before the game is named.
struct Failure {
    offset: usize,
    position: TextPosition,
    kind: PdnErrorKind,
}

impl Failure {
    fn at(cursor: Cursor, kind: PdnErrorKind) -> Failure {
        Failure {
            offset: cursor.offset,
            position: cursor.position,
            kind,
        }
    }
}

/// The game being read.
struct Draft {
    id: GameId,
    position: TextPosition,
    tags: Vec<(String, String)>,
    tag_result: Option<PdnResult>,
    moves: Vec<PdnMove>,
    written_result: Option<PdnResult>,
    numbering: Numbering,
}

impl Draft {
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

impl<'a> PdnReader<'a> {
    /// A reader over `text`, positioned before its first game (and after a
    /// byte order mark, if the text starts with one).
    pub fn new(text: &'a str) -> PdnReader<'a> {
        let start = if text.starts_with(BYTE_ORDER_MARK) {
            BYTE_ORDER_MARK.len_utf8()
        } else {
            0
        };
        PdnReader {
            text,
            cursor: Cursor {
                offset: start,
                position: TextPosition { line: 1, column: 1 },
            },
            games_read: 0,
        }
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.cursor.offset..).unwrap_or("")
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.cursor.offset += c.len_utf8();
        let position = &mut self.cursor.position;
        if c == '\n' {
            position.line = position.line.saturating_add(1);
            position.column = 1;
        } else {
            position.column = position.column.saturating_add(1);
        }
        Some(c)
    }

    /// Skips whitespace and `%` escape lines.
    fn skip_whitespace(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.bump();
            } else if c == '%' && self.cursor.position.column == 1 {
                self.skip_line();
            } else {
                break;
            }
        }
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    fn skip_blanks_on_line(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
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
            let start = self.cursor;
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
                    let word = self.read_word();
                    if let Some(result) = PdnResult::from_text(word) {
                        return Self::end_with_result(draft, result, start);
                    }
                    Self::read_movetext_word(draft, word, start)?;
                }
            }
        }
    }

    fn end_with_result(draft: &mut Draft, result: PdnResult, at: Cursor) -> Result<(), Failure> {
        if let Some(tag) = draft.tag_result {
            if tag != result {
                return Err(Failure::at(
                    at,
                    PdnErrorKind::ResultMismatch {
                        tag,
                        written: result,
                    },
                ));
            }
        }
        draft.written_result = Some(result);
        Ok(())
    }

    /// Reads one `[Name "value"]` tag pair, the cursor being on its `[`.
    fn read_tag(&mut self, draft: &mut Draft) -> Result<(), Failure> {
        let open = self.cursor;
        self.bump();
        self.skip_blanks_on_line();
        let name_start = self.cursor.offset;
        while matches!(self.peek(), Some(c) if c.is_alphanumeric() || c == '_') {
            self.bump();
        }
        let name = self.text[name_start..self.cursor.offset].to_owned();
        if name.is_empty() {
            return Err(Failure::at(self.cursor, PdnErrorKind::MissingTagName));
        }
        self.skip_blanks_on_line();
        let quote = self.cursor;
        if self.peek() != Some('"') {
            return Err(Failure::at(quote, PdnErrorKind::MissingTagValue { name }));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n' | '\r') => {
                    return Err(Failure::at(quote, PdnErrorKind::UnclosedTagValue { name }))
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
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
        if self.peek() != Some(']') {
            return Err(Failure::at(self.cursor, PdnErrorKind::UnclosedTag { name }));
        }
        self.bump();
        if draft.tags.iter().any(|(seen, _)| *seen == name) {
            return Err(Failure::at(open, PdnErrorKind::DuplicateTag { name }));
        }
        if name == super::RESULT_TAG {
            let result = PdnResult::from_text(&value).ok_or_else(|| {
                Failure::at(
                    quote,
                    PdnErrorKind::InvalidResultTag {
                        value: value.clone(),
                    },
                )
            })?;
            draft.tag_result = Some(result);
        }
        if name == super::EVENT_TAG {
            draft.id.event = Some(value.clone());
        }
        draft.tags.push((name, value));
        Ok(())
    }

    fn skip_comment(&mut self) -> Result<(), Failure> {
        let open = self.cursor;
        self.bump();
        loop {
            match self.bump() {
                None => return Err(Failure::at(open, PdnErrorKind::UnclosedComment)),
                Some('}') => return Ok(()),
                Some(_) => {}
            }
        }
    }

    /// Skips a variation with everything nested in it, the cursor being on
    /// its `(`.
    fn skip_variation(&mut self) -> Result<(), Failure> {
        let open = self.cursor;
        let mut depth = 0_usize;
        loop {
            match self.peek() {
                None => return Err(Failure::at(open, PdnErrorKind::UnclosedVariation)),
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
                Some(_) => {
                    self.bump();
                }
            }
        }
    }

    fn skip_nag(&mut self) -> Result<(), Failure> {
        let dollar = self.cursor;
        self.bump();
        let mut digits = 0;
        while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
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
    fn read_word(&mut self) -> &'a str {
        let start = self.cursor.offset;
        while matches!(self.peek(), Some(c) if !c.is_whitespace() && !WORD_DELIMITERS.contains(&c))
        {
            self.bump();
        }
        if self.cursor.offset == start {
            self.bump();
        }
        &self.text[start..self.cursor.offset]
    }

    /// Handles a word of movetext that is not a result: a move number, a
    /// move (possibly glued to its number), `...`, or annotation glyphs.
    fn read_movetext_word(draft: &mut Draft, word: &str, start: Cursor) -> Result<(), Failure> {
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
            move_start.offset += prefix;
            // The prefix is ASCII: one column per byte.
            move_start.position.column = move_start
                .position
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
        let algebraic = writes_algebraic(&draft.tags);
        let (text, tail) = split_move(rest, algebraic).ok_or_else(unexpected)?;
        let tail = tail.trim_start_matches(ANNOTATION_GLYPHS);
        let trailing_text = match tail.chars().next() {
            None => None,
            Some(c) if c.is_alphabetic() && !MOVE_SEPARATORS.contains(&c) => Some(tail.to_owned()),
            Some(_) => return Err(unexpected()),
        };
        draft.moves.push(PdnMove {
            number: draft.numbering.next_move_number(),
            text: text.to_owned(),
            trailing_text,
            position: move_start.position,
        });
        draft.numbering.plies_since_number = draft.numbering.plies_since_number.saturating_add(1);
        Ok(())
    }

    /// Moves the cursor to the next game after a failure: the first line
    /// after the failure's line that starts with `[` and follows a blank line
    /// or a line ending with a result. Guarantees progress: the cursor ends
    /// on a later line, or at the end of the text.
    fn resynchronise(&mut self, failure: &Failure) {
        let text = self.text;
        let line_end = |from: usize| text[from..].find('\n').map_or(text.len(), |i| from + i);
        let failure_line_start = text[..failure.offset].rfind('\n').map_or(0, |i| i + 1);
        let mut previous = &text[failure_line_start..line_end(failure.offset)];
        let mut start = line_end(failure.offset) + 1;
        let mut line = failure.position.line.saturating_add(1);
        while start <= text.len() {
            let end = line_end(start);
            let current = &text[start..end];
            if current.trim_start().starts_with('[') && ends_a_game(previous) {
                self.cursor = Cursor {
                    offset: start,
                    position: TextPosition { line, column: 1 },
                };
                return;
            }
            previous = current;
            start = end + 1;
            line = line.saturating_add(1);
        }
        self.cursor.offset = text.len();
    }
}

/// A blank line, or one whose last word is a result.
fn ends_a_game(line: &str) -> bool {
    line.split_whitespace()
        .last()
        .map_or(true, |word| PdnResult::from_text(word).is_some())
}

/// Splits `text` into its longest prefix of move syntax (at least two
/// squares separated by `-`, `x` or `:`; a square is a number, or, when
/// `algebraic`, a file letter and a rank number as in `c3`) and the rest,
/// or `None` when it does not start with a move.
fn split_move(text: &str, algebraic: bool) -> Option<(&str, &str)> {
    let bytes = text.as_bytes();
    let square_from = |start: usize| {
        let rest = &bytes[start.min(bytes.len())..];
        let letter =
            usize::from(algebraic && rest.first().is_some_and(|b| FILE_LETTERS.contains(b)));
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

/// The `GameType` numbers whose squares are written algebraically by
/// default (PDN: Russian, Brazilian, Czech, Turkish).
const ALGEBRAIC_GAME_TYPES: [&str; 4] = ["25", "26", "29", "30"];

/// Whether the game's `GameType` tag (read before its moves) says squares
/// are algebraic: one of [`ALGEBRAIC_GAME_TYPES`], or a notation field
/// starting with `A` (`23,W,8,8,A0,0`). Without the tag squares are numbers.
fn writes_algebraic(tags: &[(String, String)]) -> bool {
    let Some((_, value)) = tags.iter().find(|(name, _)| name == super::GAME_TYPE_TAG) else {
        return false;
    };
    let mut fields = value.split(',').map(str::trim);
    let number = fields.next().unwrap_or_default();
    match fields.nth(3) {
        Some(notation) => notation.starts_with('A'),
        None => ALGEBRAIC_GAME_TYPES.contains(&number),
    }
}

impl Iterator for PdnReader<'_> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.skip_whitespace();
            self.peek()?;
            let mut draft = Draft {
                id: GameId {
                    number: self.games_read + 1,
                    event: None,
                },
                position: self.cursor.position,
                tags: Vec::new(),
                tag_result: None,
                moves: Vec::new(),
                written_result: None,
                numbering: Numbering::START,
            };
            match self.read_game(&mut draft) {
                Ok(()) if draft.is_empty() => {}
                Ok(()) => {
                    self.games_read += 1;
                    return Some(Ok(draft.finish()));
                }
                Err(failure) => {
                    self.games_read += 1;
                    self.resynchronise(&failure);
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

impl FusedIterator for PdnReader<'_> {}
