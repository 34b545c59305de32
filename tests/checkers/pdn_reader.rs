//! The PDN reader at the text level: every syntax item, every error, and
//! recovery after an error. No rules are involved.

use rulebook::checkers::pdn::{
    GameId, PdnError, PdnErrorKind, PdnGame, PdnReader, PdnResult, TextPosition,
};

fn read_all(text: &str) -> Vec<Result<PdnGame, PdnError>> {
    PdnReader::new(text).collect()
}

fn read_one(text: &str) -> PdnGame {
    let mut games = read_all(text);
    assert_eq!(games.len(), 1, "expected exactly one game in {text:?}");
    games.remove(0).expect("the game reads")
}

fn move_texts(game: &PdnGame) -> Vec<&str> {
    game.moves().iter().map(|mv| mv.text()).collect()
}

fn move_numbers(game: &PdnGame) -> Vec<u32> {
    game.moves().iter().map(|mv| mv.number()).collect()
}

fn at(line: u32, column: u32) -> TextPosition {
    TextPosition { line, column }
}

#[test]
fn tags_are_kept_in_order_with_fen_and_game_type() {
    let game = read_one(concat!(
        "[Event \"Club night\"]\n",
        "[GameType \"21\"]\n",
        "[Black \"Ann\"]\n",
        "[White \"Bob\"]\n",
        "[SetUp \"1\"]\n",
        "[FEN \"W:W18,K30:B14,15\"]\n",
        "[Result \"*\"]\n",
        "*\n",
    ));
    let names: Vec<&str> = game.tags().iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        ["Event", "GameType", "Black", "White", "SetUp", "FEN", "Result"]
    );
    assert_eq!(game.event(), Some("Club night"));
    assert_eq!(game.game_type(), Some("21"));
    assert_eq!(game.fen(), Some("W:W18,K30:B14,15"));
    assert_eq!(game.red_player(), Some("Ann"));
    assert_eq!(game.white_player(), Some("Bob"));
    assert_eq!(game.tag("SetUp"), Some("1"));
    assert_eq!(game.tag("setup"), None, "tag names are case-sensitive");
    assert!(game.moves().is_empty());
    assert_eq!(game.result(), PdnResult::Undecided);
    assert_eq!(
        game.id(),
        &GameId {
            number: 1,
            event: Some("Club night".into())
        }
    );
    assert_eq!(game.position(), at(1, 1));
}

#[test]
fn tag_values_unescape_quotes_and_backslashes_and_allow_spaces_inside_brackets() {
    let game = read_one("[ Event  \"The \\\"Big\\\" one \\\\ C:\\x\" ] *");
    assert_eq!(game.event(), Some("The \"Big\" one \\ C:\\x"));
}

#[test]
fn move_numbers_with_one_dot_and_three_dots_and_glued_to_the_move() {
    let game = read_one("1. 11-15 23-19 2.8-11 22-17 3... 9-13 4.12-16 17-14 *");
    assert_eq!(
        move_texts(&game),
        ["11-15", "23-19", "8-11", "22-17", "9-13", "12-16", "17-14"]
    );
    assert_eq!(move_numbers(&game), [1, 1, 2, 2, 3, 4, 4]);
    // `2.8-11` starts at line 1 column 16; the move itself two columns later.
    assert_eq!(game.moves()[2].position(), at(1, 18));
}

#[test]
fn a_placeholder_ellipsis_stands_for_the_first_players_move() {
    let game = read_one("1. ... 23-19 2. 8-11 22-17 *");
    assert_eq!(move_texts(&game), ["23-19", "8-11", "22-17"]);
    assert_eq!(move_numbers(&game), [1, 2, 2]);
}

#[test]
fn numbers_count_on_when_moves_are_written_without_them() {
    let game = read_one("11-15 23-19 8-11 22-17 9-13 *");
    assert_eq!(move_numbers(&game), [1, 1, 2, 2, 3]);
    let game = read_one("7... 23-19 8-11 22-17 *");
    assert_eq!(move_numbers(&game), [7, 8, 8]);
}

#[test]
fn move_texts_quiet_jumps_multi_jumps_short_forms_and_mixed_separators() {
    let game = read_one("1. 11-15 22x15 2. 10x19x26 24x8 3. 4x11-18 9x14 *");
    assert_eq!(
        move_texts(&game),
        ["11-15", "22x15", "10x19x26", "24x8", "4x11-18", "9x14"]
    );
}

#[test]
fn brace_comments_over_several_lines_and_semicolon_comments_are_skipped() {
    let game = read_one(concat!(
        "{before the moves} 1. 11-15 {the Old\n",
        "Fourteenth? no: 1. 9-14 (a) [x] is not here}\n",
        "23-19 ; a comment to the end of the line 8-11\n",
        "2. 8-11 *",
    ));
    assert_eq!(move_texts(&game), ["11-15", "23-19", "8-11"]);
    assert_eq!(game.moves()[1].position(), at(3, 1));
    assert_eq!(game.moves()[2].position(), at(4, 4));
}

#[test]
fn variations_are_skipped_even_when_nested_or_holding_comments() {
    let game = read_one(concat!(
        "1. 11-15 (1. 9-14 22-18 (2. 5-9 {not this)} 24-19) 2. 10-15) 23-19 ",
        "(1... 22-18 ; ) in a line comment\n 15x22) 2. 8-11 *",
    ));
    assert_eq!(move_texts(&game), ["11-15", "23-19", "8-11"]);
    assert_eq!(move_numbers(&game), [1, 1, 2]);
}

#[test]
fn nags_and_annotation_glyphs_are_skipped() {
    let game = read_one("1. 11-15! $1 23-19?! $14 2. 8-11!! ?? 22-17 !? *");
    assert_eq!(move_texts(&game), ["11-15", "23-19", "8-11", "22-17"]);
}

#[test]
fn every_result_spelling_ends_a_game() {
    let cases = [
        ("1-0", PdnResult::FirstPlayerWins),
        ("0-1", PdnResult::SecondPlayerWins),
        ("1/2-1/2", PdnResult::Draw),
        ("*", PdnResult::Undecided),
        ("2-0", PdnResult::FirstPlayerWins),
        ("0-2", PdnResult::SecondPlayerWins),
        ("1-1", PdnResult::Draw),
    ];
    for (text, result) in cases {
        let game = read_one(&format!("1. 11-15 23-19 {text}"));
        assert_eq!(game.result(), result, "{text}");
        assert_eq!(game.moves().len(), 2, "{text}");
    }
}

#[test]
fn several_games_with_or_without_blank_lines_between_them() {
    let text = concat!(
        "[Event \"one\"]\n1. 11-15 1-0\n",
        "[Event \"two\"]\n1. 9-13 0-1\n\n\n",
        "[Event \"three\"]\n\n1. 10-14 23-19 1/2-1/2",
    );
    let games: Vec<PdnGame> = read_all(text).into_iter().map(Result::unwrap).collect();
    let summary: Vec<(usize, Option<&str>, PdnResult, usize)> = games
        .iter()
        .map(|g| (g.id().number, g.event(), g.result(), g.moves().len()))
        .collect();
    assert_eq!(
        summary,
        [
            (1, Some("one"), PdnResult::FirstPlayerWins, 1),
            (2, Some("two"), PdnResult::SecondPlayerWins, 1),
            (3, Some("three"), PdnResult::Draw, 2),
        ]
    );
    assert_eq!(games[2].position(), at(7, 1));
}

#[test]
fn a_game_without_a_written_result_ends_at_the_next_tags_and_takes_the_result_tag() {
    let text = concat!(
        "[Event \"a\"]\n[Result \"0-1\"]\n1. 11-15 23-19\n\n",
        "[Event \"b\"]\n1. 9-14\n",
    );
    let games: Vec<PdnGame> = read_all(text).into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].result(), PdnResult::SecondPlayerWins);
    assert_eq!(move_texts(&games[0]), ["11-15", "23-19"]);
    assert_eq!(games[1].result(), PdnResult::Undecided);
    assert_eq!(move_texts(&games[1]), ["9-14"]);
}

#[test]
fn escape_lines_byte_order_mark_and_crlf_line_ends() {
    let game = read_one("\u{feff}% exported by a tool\r\n[Event \"e\"]\r\n1. 11-15\r\n23-19 *\r\n");
    assert_eq!(game.event(), Some("e"));
    assert_eq!(move_texts(&game), ["11-15", "23-19"]);
    assert_eq!(game.moves()[1].position(), at(4, 1));
}

#[test]
fn text_with_only_comments_holds_no_game() {
    assert!(read_all("").is_empty());
    assert!(read_all("  {just a comment}\n; and another\n").is_empty());
}

#[test]
fn a_comment_glued_to_a_move_is_kept_as_its_trailing_text() {
    let game = read_one("1. 11-15 8-11Redoversteppedthetimecontrol. 0-1");
    assert_eq!(move_texts(&game), ["11-15", "8-11"]);
    assert_eq!(game.moves()[0].trailing_text(), None);
    assert_eq!(
        game.moves()[1].trailing_text(),
        Some("Redoversteppedthetimecontrol.")
    );
}

/// The error of the only game in `text`.
fn error_of(text: &str) -> PdnError {
    let mut games = read_all(text);
    assert_eq!(games.len(), 1, "expected exactly one game in {text:?}");
    games.remove(0).expect_err("the game must not read")
}

#[test]
fn each_malformed_item_is_named_with_its_line_and_column() {
    let cases: Vec<(&str, TextPosition, PdnErrorKind)> = vec![
        ("[ \"x\"]\n*", at(1, 3), PdnErrorKind::MissingTagName),
        (
            "[Event x]\n*",
            at(1, 8),
            PdnErrorKind::MissingTagValue {
                name: "Event".into(),
            },
        ),
        (
            "[Event \"x]\n*",
            at(1, 8),
            PdnErrorKind::UnclosedTagValue {
                name: "Event".into(),
            },
        ),
        (
            "[Event \"x\" y]\n*",
            at(1, 12),
            PdnErrorKind::UnclosedTag {
                name: "Event".into(),
            },
        ),
        (
            "[Site \"a\"]\n[Site \"b\"]\n*",
            at(2, 1),
            PdnErrorKind::DuplicateTag {
                name: "Site".into(),
            },
        ),
        (
            "1. 11-15 {never\nclosed 1-0",
            at(1, 10),
            PdnErrorKind::UnclosedComment,
        ),
        (
            "1. 11-15 (1. 9-14 (2. 8-11) 1-0",
            at(1, 10),
            PdnErrorKind::UnclosedVariation,
        ),
        (
            "1. 11-15 ) 1-0",
            at(1, 10),
            PdnErrorKind::UnmatchedVariationEnd,
        ),
        ("1. 11-15 $ 1-0", at(1, 10), PdnErrorKind::InvalidNag),
        (
            "99999999999. 11-15 *",
            at(1, 1),
            PdnErrorKind::MoveNumberTooLarge {
                text: "99999999999".into(),
            },
        ),
        (
            "1. 11-15 23- *",
            at(1, 10),
            PdnErrorKind::UnexpectedText { text: "23-".into() },
        ),
        (
            "1. 11-15\n  z3-f4 *",
            at(2, 3),
            PdnErrorKind::UnexpectedText {
                text: "z3-f4".into(),
            },
        ),
        (
            "1. 11-15 23-19x *",
            at(1, 10),
            PdnErrorKind::UnexpectedText {
                text: "23-19x".into(),
            },
        ),
        (
            "1. 11-15 12 *",
            at(1, 10),
            PdnErrorKind::UnexpectedText { text: "12".into() },
        ),
        (
            "1. 11-15 \"x\" *",
            at(1, 10),
            PdnErrorKind::UnexpectedText { text: "\"".into() },
        ),
        (
            "1.! 11-15 *",
            at(1, 1),
            PdnErrorKind::UnexpectedText { text: "1.!".into() },
        ),
    ];
    for (text, position, kind) in cases {
        let error = error_of(text);
        assert_eq!(
            (error.position, &error.kind),
            (position, &kind),
            "reading {text:?}"
        );
        assert_eq!(error.game.number, 1);
    }
}

#[test]
fn an_error_message_names_the_game_its_event_the_place_and_the_problem() {
    let error = error_of("[Event \"Open 1950\"]\n[Black \"A\"]\n1. 11-15 23-19 2. 8-11 zz 1-0\n");
    assert_eq!(
        error.to_string(),
        "game 1 (Event \"Open 1950\"), line 3, column 24: `zz` is not a move \
         (like 11-15 or 22x15x8), a move number or a result"
    );
    let error = error_of("1. 11-15 {oops\n");
    assert_eq!(
        error.to_string(),
        "game 1, line 1, column 10: the comment opened here with { is never closed with }"
    );
}

#[test]
fn reading_goes_on_with_the_next_game_after_an_error() {
    let text = concat!(
        "[Event \"good 1\"]\n1. 11-15 23-19 1-0\n\n",
        // An error in the movetext: the rest of this game is skipped.
        "[Event \"bad move\"]\n1. 11-15 ?? zz 23-19 2. 8-11 22-17 0-1\n\n",
        // An error in the tags: the following tag lines are not a new game.
        "[Event \"bad tag\"]\n[Black \"A]\n[White \"B\"]\n1. 9-13 *\n",
        "[Event \"good 2\"]\n1. 9-14 22-18 1/2-1/2\n",
        // An unclosed comment runs to the end of the text; the tags inside it
        // after a blank line are still found.
        "[Event \"bad comment\"]\n1. 10-14 {oops 1-0\n\n",
        "[Event \"good 3\"]\n1. 11-16 *\n",
    );
    let summary: Vec<(usize, Option<String>, Option<TextPosition>)> = read_all(text)
        .into_iter()
        .map(|game| match game {
            Ok(game) => (game.id().number, game.event().map(str::to_owned), None),
            Err(error) => (error.game.number, error.game.event, Some(error.position)),
        })
        .collect();
    assert_eq!(
        summary,
        [
            (1, Some("good 1".into()), None),
            (2, Some("bad move".into()), Some(at(5, 13))),
            (3, Some("bad tag".into()), Some(at(8, 8))),
            (4, Some("good 2".into()), None),
            (5, Some("bad comment".into()), Some(at(14, 10))),
            (6, Some("good 3".into()), None),
        ]
    );
}

#[test]
fn an_error_in_the_last_game_ends_the_reading() {
    let games = read_all("[Event \"a\"]\n1. 11-15 x\n1-0\n");
    assert_eq!(games.len(), 1);
    assert!(games[0].is_err());
    let mut reader = PdnReader::new("1. 11-15 {");
    assert!(matches!(reader.next(), Some(Err(_))));
    assert!(reader.next().is_none());
    assert!(reader.next().is_none());
}

#[test]
fn an_unclosed_comment_or_variation_costs_only_its_own_game() {
    for opening in ["{oops", "(1... 22-18"] {
        let text = format!(
            "[Event \"a\"]\n1. 11-15 {opening}\n\n[Event \"b\"]\n1. 9-13 {{fine}} (2. 8-11) 1-0\n"
        );
        let games = read_all(&text);
        assert_eq!(games.len(), 2, "{text:?}");
        let error = games[0].as_ref().expect_err("game a is never closed");
        assert_eq!(error.position, at(2, 10), "{text:?}");
        assert!(matches!(
            error.kind,
            PdnErrorKind::UnclosedComment | PdnErrorKind::UnclosedVariation
        ));
        let game = games[1].as_ref().expect("game b reads");
        assert_eq!(game.event(), Some("b"));
        assert_eq!(move_texts(game), ["9-13"]);
        assert_eq!(game.result(), PdnResult::FirstPlayerWins);
    }
}

#[test]
fn a_comment_may_hold_brackets_and_blank_lines_that_start_no_game() {
    let game = read_one("1. 11-15 {a [bracket]\n\nand [Event \"x\"] mid-line\n} 23-19 *");
    assert_eq!(move_texts(&game), ["11-15", "23-19"]);
}

#[test]
fn a_move_is_read_exactly_as_written_or_not_at_all() {
    // An upper-case X is a separator, as `Move::from_str` reads it.
    let game = read_one("1. 11-15 23-19 2. 10x19X26 *");
    assert_eq!(move_texts(&game), ["11-15", "23-19", "10x19X26"]);
    assert_eq!(game.moves()[2].trailing_text(), None);
    // Glued text that could hide more of the move is an error, not a comment.
    for word in ["10x19X", "10x19e26", "10x19Xa", "10-15K3"] {
        let error = error_of(&format!("1. {word} *"));
        assert_eq!(
            error.kind,
            PdnErrorKind::UnexpectedText { text: word.into() },
            "{word}"
        );
    }
}

#[test]
fn duplicate_tags_are_found_among_many() {
    let mut text: String = (0..2000).map(|i| format!("[T{i} \"v\"]\n")).collect();
    text.push_str("[T1999 \"again\"]\n*\n");
    let error = error_of(&text);
    assert_eq!(
        error.kind,
        PdnErrorKind::DuplicateTag {
            name: "T1999".into()
        }
    );
    assert_eq!(error.position, at(2001, 1));
}

/// A `BufRead` over text that counts the lines handed out and can fail.
struct Lines<'a> {
    inner: &'a [u8],
    lines_read: std::rc::Rc<std::cell::Cell<usize>>,
    fail_at_end: bool,
}

impl std::io::Read for Lines<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        std::io::Read::read(&mut self.inner, buf)
    }
}

impl std::io::BufRead for Lines<'_> {
    /// One line at a time, so that the count says how far the reader read.
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.inner.is_empty() && self.fail_at_end {
            return Err(std::io::Error::new(
                std::io::ErrorKind::ConnectionReset,
                "the network went away",
            ));
        }
        let end = self
            .inner
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.inner.len(), |i| i + 1);
        Ok(&self.inner[..end])
    }

    fn consume(&mut self, amount: usize) {
        if self.inner[..amount].ends_with(b"\n") {
            self.lines_read.set(self.lines_read.get() + 1);
        }
        self.inner = &self.inner[amount..];
    }
}

#[test]
fn a_buf_read_source_is_read_game_by_game() {
    let text = concat!(
        "[Event \"one\"]\n1. 11-15 23-19 1-0\n\n",
        "[Event \"two\"]\n1. 9-13 {a\ncomment} 0-1\n\n",
        "[Event \"three\"]\n1. 10-14 *\n",
    );
    let lines_read = std::rc::Rc::new(std::cell::Cell::new(0));
    let mut reader = PdnReader::from_reader(Lines {
        inner: text.as_bytes(),
        lines_read: lines_read.clone(),
        fail_at_end: false,
    });
    let mut read_lines_after_each_game = Vec::new();
    let mut events = Vec::new();
    for game in &mut reader {
        let game = game.expect("every game reads");
        events.push(game.event().unwrap_or_default().to_owned());
        read_lines_after_each_game.push(lines_read.get());
    }
    assert_eq!(events, ["one", "two", "three"]);
    // Each game is yielded as soon as its result is read: no read-ahead.
    assert_eq!(read_lines_after_each_game, [2, 6, 9]);
    // The same games as from the text itself.
    let from_text: Vec<PdnGame> = read_all(text).into_iter().map(Result::unwrap).collect();
    let from_bytes: Vec<PdnGame> = PdnReader::from_reader(text.as_bytes())
        .map(Result::unwrap)
        .collect();
    assert_eq!(from_text, from_bytes);
}

#[test]
fn a_failing_source_ends_the_reading_with_a_read_error() {
    let text = "[Event \"one\"]\n1. 11-15 1-0\n[Event \"two\"]\n1. 9-13";
    let mut reader = PdnReader::from_reader(Lines {
        inner: text.as_bytes(),
        lines_read: Default::default(),
        fail_at_end: true,
    });
    assert_eq!(reader.next().map(|g| g.is_ok()), Some(true));
    let error = reader
        .next()
        .expect("an error")
        .expect_err("the source failed");
    assert_eq!(error.game.number, 2);
    assert_eq!(error.game.event.as_deref(), Some("two"));
    assert_eq!(
        error.kind,
        PdnErrorKind::Read {
            kind: std::io::ErrorKind::ConnectionReset,
            message: "the network went away".into(),
        }
    );
    assert_eq!(
        error.to_string(),
        "game 2 (Event \"two\"), line 4, column 1: reading the text failed: the network went away"
    );
    assert!(reader.next().is_none());
}

#[test]
fn lines_that_are_not_utf8_read_as_latin1() {
    let bytes = b"[Event \"Caf\xe9\"]\n[Black \"J\xc3\xb6rg\"]\n1. 11-15 *\n";
    let game = PdnReader::from_reader(&bytes[..]).next().unwrap().unwrap();
    assert_eq!(game.event(), Some("Caf\u{e9}"));
    assert_eq!(game.red_player(), Some("J\u{f6}rg"));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// A well-formed game to place after arbitrary text.
    const GOOD_GAME: &str = "[Event \"good\"]\n[Black \"A\"]\n1. 11-15 23-19 2. 8-11 22-17 0-1\n";

    /// Arbitrary text made of PDN's special characters, digits and letters.
    fn pdn_like_text() -> impl Strategy<Value = String> {
        "[\\[\\]{}()\";$%!?.*x/ \n0-9a-zA-Z-]{0,80}"
    }

    proptest! {
        /// Whatever the text, reading ends; games are numbered 1, 2, ... in
        /// order; every move read is move syntax; every error points into
        /// the text.
        #[test]
        fn any_text_reads_to_numbered_games_or_errors(text in pdn_like_text()) {
            let lines = u32::try_from(text.split('\n').count()).unwrap();
            for (index, item) in PdnReader::new(&text).enumerate() {
                match item {
                    Ok(game) => {
                        prop_assert_eq!(game.id().number, index + 1);
                        for mv in game.moves() {
                            let squares: Vec<&str> = mv.text().split(['-', 'x', 'X']).collect();
                            prop_assert!(squares.len() >= 2);
                            prop_assert!(squares
                                .iter()
                                .all(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())));
                        }
                    }
                    Err(error) => {
                        prop_assert_eq!(error.game.number, index + 1);
                        prop_assert!(error.position.line >= 1 && error.position.line <= lines);
                    }
                }
            }
        }

        /// Whatever comes before it, a game that starts after a line ending
        /// with a result and a blank line is read intact.
        #[test]
        fn a_good_game_after_any_text_is_read_intact(junk in pdn_like_text()) {
            let text = format!("{junk}\n*\n\n{GOOD_GAME}");
            let last = PdnReader::new(&text).last().expect("at least the good game");
            let game = last.expect("the good game reads");
            prop_assert_eq!(game.event(), Some("good"));
            prop_assert_eq!(game.tags().len(), 2);
            prop_assert_eq!(move_texts(&game), ["11-15", "23-19", "8-11", "22-17"]);
            prop_assert_eq!(game.result(), PdnResult::SecondPlayerWins);
        }
    }
}
