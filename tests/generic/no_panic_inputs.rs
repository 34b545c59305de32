//! "No public API panics on any input", checked with values: every entry
//! point that takes text, numbers or actions from a user is fed generated
//! input that lives near the edges (near-valid FEN, move text with numbers
//! at the type limits, Connect Four digits and junk, mutated JSON), and
//! every answer is checked:
//!
//! - an `Ok` round-trips (FEN, move text, position text, JSON) and obeys
//!   the documented postconditions;
//! - an `Err` is the documented variant, names the offending token or
//!   index, leaves the value unchanged, and its `Display` is a sentence.
//!
//! Entry points covered: `Square` (constructors, `FromStr`), FEN
//! (`Checkers::from_fen`, `Setup`), `Move::from_str`,
//! `Checkers::parse_move`, `Checkers::enter_move` / `PartialCapture::enter`,
//! `Column` (constructors, `FromStr`), `Connect4::from_moves`,
//! `Match::<Connect4>::from_moves`, `Board::parse_text`,
//! `Connect4::parse_text` / `FromStr`, the `Board` queries and
//! `place_token` with any coordinates, `Match::act` / `undo` / `redo` from
//! any start under any draw rules, PDN replay, `write_match` tags,
//! `PdnResult` text, and (feature `serde`) JSON for `Checkers`, `Move`,
//! `Square`, `Column`, `Connect4` and `Match`.
//!
//! The default run takes about a second. Run with many cases:
//! `PROPTEST_CASES=20000 cargo test --all-features --test generic no_panic_inputs`
//! (the variable overrides the per-block case counts below).

use proptest::prelude::*;
use proptest::sample::select;

/// Text built by concatenating pieces chosen from `pieces`, `0..=max` of
/// them.
fn concat_of(pieces: Vec<&'static str>, max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(select(pieces), 0..=max).prop_map(|parts| parts.concat())
}

/// One edit of `text`: insert, delete or replace a character at a position
/// chosen by `at`, with `with` from a small alphabet of significant
/// characters.
fn mutate(text: &str, kind: u8, at: usize, with: char) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = if chars.is_empty() {
        0
    } else {
        at % (chars.len() + 1)
    };
    match kind % 4 {
        0 => chars.insert(at, with),
        1 if at < chars.len() => {
            chars.remove(at);
        }
        2 if at < chars.len() => chars[at] = with,
        _ => {
            chars.truncate(at);
        }
    }
    chars.into_iter().collect()
}

/// Characters that matter to one of the parsers, plus a few that do not.
fn significant_char() -> impl Strategy<Value = char> {
    select(vec![
        ':', ',', '-', 'x', 'X', 'K', 'k', 'B', 'W', 'b', 'w', '.', ' ', '0', '1', '2', '3', '9',
        '/', 'O', '"', '\\', '{', '[', 'é', '\u{0}', '\t', '\n', '+', '7',
    ])
}

/// A sentence: not empty, and not just whitespace.
fn assert_sentence(message: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        !message.trim().is_empty(),
        "an error's Display is empty: {:?}",
        message
    );
    Ok(())
}

/// What the players do after the moves of [`random_match`], if the game
/// goes on.
#[derive(Clone, Copy, Debug)]
enum PlayersEnd {
    /// The player to move resigns.
    Resign,
    /// A draw is offered and accepted.
    AgreeDraw,
    /// A draw is offered and left unanswered (only the serde tests use
    /// it: a PDN record has no place for a pending offer).
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    OfferDraw,
    /// Nothing: the match goes on.
    None,
}

/// A match of `G` from its start, played by `choices` (each picks one of
/// the legal moves), with up to `undos` moves taken back (they stay to be
/// redone), then ended (or not) by the players as `end` says.
fn random_match<G: rulebook::Game + Default>(
    choices: &[u16],
    undos: usize,
    end: PlayersEnd,
) -> rulebook::Match<G> {
    let mut game = rulebook::Match::new(G::default());
    for &choice in choices {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[usize::from(choice) % moves.len()]).unwrap();
    }
    for _ in 0..undos {
        if game.undo().is_err() {
            break;
        }
    }
    if !game.is_over() {
        match end {
            PlayersEnd::Resign => game.resign(game.to_move()).unwrap(),
            PlayersEnd::AgreeDraw => {
                game.offer_draw().unwrap();
                game.accept_draw().unwrap();
            }
            PlayersEnd::OfferDraw => game.offer_draw().unwrap(),
            PlayersEnd::None => {}
        }
    }
    game
}

// ---------------------------------------------------------------------------
// Checkers: squares, FEN, move text, parse_move.

mod checkers_inputs {
    use super::*;
    use rulebook::checkers::{
        Checkers, FenError, Move, ParseMoveError, ParseSquareError, Player, ResolveMoveError,
        Setup, Square, SquareOutOfRange, MAX_PIECES_PER_SIDE,
    };
    use rulebook::Game;

    /// Numbers as square text: mostly on the board, some just off it, some
    /// at and past the integer limits.
    fn number_text() -> impl Strategy<Value = String> {
        prop_oneof![
            6 => (1_u32..=32).prop_map(|n| n.to_string()),
            2 => select(vec![
                "0", "33", "00", "007", "32", "255", "256", "4294967295", "4294967296",
                "18446744073709551616", "99999999999999999999999",
            ])
            .prop_map(str::to_owned),
            1 => any::<u32>().prop_map(|n| n.to_string()),
        ]
    }

    /// One token of a FEN piece list: square, king, range, king range, or
    /// junk.
    fn fen_token() -> impl Strategy<Value = String> {
        prop_oneof![
            6 => (select(vec!["", "", "K", "k"]), number_text())
                .prop_map(|(king, n)| format!("{king}{n}")),
            2 => (select(vec!["", "K", "k"]), number_text(), select(vec!["", "K", "k"]), number_text())
                .prop_map(|(king, low, king2, high)| format!("{king}{low}-{king2}{high}")),
            1 => select(vec!["", " ", "K", "-", "1-", "-5", "x", "1 2", " 7 ", "K-K", "1--2", "+3"])
                .prop_map(str::to_owned),
        ]
    }

    /// A FEN piece list: a colour letter (sometimes wrong) and tokens.
    fn fen_list() -> impl Strategy<Value = String> {
        (
            select(vec!["W", "B", "W", "B", "w", "b", "", "R", "WB", " W"]),
            proptest::collection::vec(fen_token(), 0..14),
        )
            .prop_map(|(colour, tokens)| format!("{colour}{}", tokens.join(",")))
    }

    /// A valid FEN of an arbitrary board: each square empty or holding a
    /// man or king of either side, at most 12 pieces a side, no uncrowned
    /// man on its crowning row. Written with lists in either order.
    pub(super) fn valid_fen() -> impl Strategy<Value = String> {
        board_fen(true)
    }

    /// The FEN of an arbitrary board; when `lawful`, one the rules allow
    /// (see [`valid_fen`]), otherwise men may stand on their crowning row
    /// and a side may have more than 12 pieces.
    fn board_fen(lawful: bool) -> impl Strategy<Value = String> {
        (
            proptest::collection::vec(0_u8..8, 32),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(move |(cells, red_to_move, white_first)| {
                let (mut red, mut white) = (Vec::new(), Vec::new());
                for (index, cell) in cells.iter().enumerate() {
                    let number = index + 1;
                    let (list, king) = match cell {
                        0 => (&mut red, lawful && number > 28),
                        1 => (&mut red, true),
                        2 => (&mut white, lawful && number < 5),
                        3 => (&mut white, true),
                        _ => continue,
                    };
                    if !lawful || list.len() < MAX_PIECES_PER_SIDE as usize {
                        list.push(format!("{}{number}", if king { "K" } else { "" }));
                    }
                }
                if lawful && red.is_empty() && white.is_empty() {
                    red.push("K15".to_owned());
                }
                let side = if red_to_move { "B" } else { "W" };
                let (red, white) = (
                    format!("B{}", red.join(",")),
                    format!("W{}", white.join(",")),
                );
                if white_first {
                    format!("{side}:{white}:{red}")
                } else {
                    format!("{side}:{red}:{white}")
                }
            })
    }

    /// FEN-like text: valid FEN, valid FEN with one edit, assembled pieces,
    /// or arbitrary characters.
    pub(super) fn fen_like() -> impl Strategy<Value = String> {
        prop_oneof![
            2 => valid_fen(),
            1 => board_fen(false),
            3 => (valid_fen(), any::<u8>(), any::<usize>(), significant_char())
                .prop_map(|(fen, kind, at, with)| mutate(&fen, kind, at, with)),
            4 => (
                select(vec!["B", "W", "b", "w", "", "X", "BW", " B ", "\u{e9}"]),
                prop_oneof![6 => proptest::collection::vec(fen_list(), 2), 1 => proptest::collection::vec(fen_list(), 0..4)],
                select(vec!["", ".", " . ", ":", "\n"]),
            )
                .prop_map(|(side, lists, end)| {
                    let mut fen = side.to_owned();
                    for list in lists {
                        fen.push(':');
                        fen.push_str(&list);
                    }
                    fen + end
                }),
            1 => ".{0,40}",
        ]
    }

    /// Whether `token` (as an error reports it) appears in `text`.
    fn names_token(text: &str, token: &str) -> bool {
        text.contains(token)
    }

    /// Checks everything that can be said about `from_fen(fen)`.
    fn check_fen(fen: &str) -> Result<(), TestCaseError> {
        let result = Checkers::from_fen(fen);
        // from_fen is Setup parsing followed by validation.
        let staged = fen
            .parse::<Setup>()
            .map_err(|e| e.to_string())
            .and_then(|setup| Checkers::from_setup(&setup).map_err(|e| e.to_string()));
        prop_assert_eq!(result.is_ok(), staged.is_ok());
        prop_assert_eq!(fen.parse::<Checkers>(), result.clone());
        match result {
            Ok(position) => {
                let written = position.to_fen();
                prop_assert_eq!(Checkers::from_fen(&written), Ok(position), "{}", written);
                prop_assert_eq!(
                    position.to_fen(),
                    Checkers::from_fen(&written).unwrap().to_fen()
                );
                let setup: Setup = fen.parse().unwrap();
                prop_assert_eq!(position.to_setup(), setup.clone());
                prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
                for player in [Player::Red, Player::White] {
                    prop_assert!(position.piece_count(player) <= MAX_PIECES_PER_SIDE);
                    prop_assert_eq!(
                        position.piece_count(player),
                        position.king_count(player) + position.man_count(player)
                    );
                }
                prop_assert!(
                    position.piece_count(Player::Red) + position.piece_count(Player::White) > 0
                );
                check_position_answers(&position)?;
            }
            Err(error) => {
                assert_sentence(&error.to_string())?;
                match &error {
                    FenError::FieldCount {
                        fen: text, found, ..
                    } => {
                        prop_assert_eq!(text.as_str(), fen);
                        prop_assert_ne!(*found, 3);
                        prop_assert!(error.to_string().contains(fen));
                    }
                    FenError::SideToMove { token } | FenError::ListColor { token } => {
                        prop_assert!(names_token(fen, token), "{:?} not in {:?}", token, fen);
                        prop_assert!(error.to_string().contains(token.as_str()));
                    }
                    FenError::BadSquare { token, .. } => {
                        prop_assert!(names_token(fen, token), "{:?} not in {:?}", token, fen);
                        prop_assert!(error.to_string().contains(token.as_str()));
                    }
                    FenError::ListedTwice { token, square, .. } => {
                        prop_assert!(names_token(fen, token), "{:?} not in {:?}", token, fen);
                        prop_assert!(error.to_string().contains(token.as_str()));
                        prop_assert!(error.to_string().contains(&square.to_string()));
                    }
                    FenError::TagForm { text, .. } => {
                        prop_assert_eq!(text.as_str(), fen);
                        prop_assert!(fen.contains(['[', '"']));
                    }
                    FenError::SameColorTwice { .. }
                    | FenError::KingRun { .. }
                    | FenError::Invalid(_) => {}
                }
            }
        }
        Ok(())
    }

    /// A valid position answers every query, and every legal move's text
    /// resolves to it.
    fn check_position_answers(position: &Checkers) -> Result<(), TestCaseError> {
        let _board = position.to_string();
        let moves = position.legal_moves();
        prop_assert_eq!(position.ending().is_some(), moves.is_empty());
        for &mv in moves.iter() {
            let text = mv.to_string();
            prop_assert_eq!(text.parse::<Move>(), Ok(mv));
            prop_assert_eq!(position.parse_move(&text), Ok(mv));
            let next = position.after(mv).expect("a legal move plays");
            prop_assert_eq!(Checkers::from_fen(&next.to_fen()), Ok(next));
        }
        Ok(())
    }

    /// Move-like text: numbers near and past the edges joined by `-`, `x`,
    /// `X` (sometimes mixed), with stray whitespace or junk.
    pub(super) fn move_text() -> impl Strategy<Value = String> {
        prop_oneof![
            8 => (
                proptest::collection::vec(number_text(), 0..13),
                proptest::collection::vec(select(vec!["-", "x", "X", "x", "-", " x ", "--", ""]), 12),
                select(vec!["", " ", "\t", "\n"]),
            )
                .prop_map(|(numbers, separators, pad)| {
                    let mut text = pad.to_owned();
                    for (i, number) in numbers.iter().enumerate() {
                        if i > 0 {
                            text.push_str(separators[i - 1]);
                        }
                        text.push_str(number);
                    }
                    text + pad
                }),
            1 => concat_of(vec!["1", "5", "9", "-", "x", "X", " ", "3", "0", "32", "+", "K"], 10),
            1 => ".{0,20}",
        ]
    }

    /// The numbers written in move text, when it is numbers and separators
    /// only.
    fn written_numbers(text: &str) -> Vec<String> {
        text.trim()
            .split(['-', 'x', 'X'])
            .map(str::to_owned)
            .collect()
    }

    /// Checks `Move::from_str(text)`.
    fn check_move_text(text: &str) -> Result<(), TestCaseError> {
        match text.parse::<Move>() {
            Ok(mv) => {
                let written = mv.to_string();
                prop_assert_eq!(written.parse::<Move>(), Ok(mv));
                let path: Vec<u32> = mv.path().map(|s| u32::from(s.number())).collect();
                let numbers: Vec<u32> = written_numbers(text)
                    .iter()
                    .map(|n| n.parse().unwrap())
                    .collect();
                prop_assert_eq!(&path, &numbers, "{}", text);
                prop_assert_eq!(mv.from(), *mv.path().collect::<Vec<_>>().first().unwrap());
                if mv.is_capture() {
                    prop_assert_eq!(path.len(), mv.capture_count() + 1);
                    prop_assert_eq!(mv.captured().count(), mv.capture_count());
                } else {
                    prop_assert_eq!(path.len(), 2);
                }
            }
            Err(error) => {
                let message = error.to_string();
                assert_sentence(&message)?;
                match &error {
                    ParseMoveError::Syntax { text: t }
                    | ParseMoveError::TooLong { text: t }
                    | ParseMoveError::StepChain { text: t }
                    | ParseMoveError::JumpedTwice { text: t, .. } => {
                        prop_assert_eq!(t.as_str(), text);
                    }
                    ParseMoveError::SquareOutOfRange { text: t, number } => {
                        prop_assert_eq!(t.as_str(), text);
                        prop_assert!(*number == 0 || *number > 32);
                        prop_assert!(message.contains(&number.to_string()));
                    }
                    ParseMoveError::NotAStep { from, to }
                    | ParseMoveError::NotAJump { from, to } => {
                        let numbers = written_numbers(text);
                        let numbers: Vec<u32> =
                            numbers.iter().map(|n| n.parse().unwrap()).collect();
                        let pair = [u32::from(from.number()), u32::from(to.number())];
                        prop_assert!(numbers.windows(2).any(|w| w == pair), "{} {:?}", text, pair);
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks `position.parse_move(text)` against the legal moves.
    fn check_parse_move(position: &Checkers, text: &str) -> Result<(), TestCaseError> {
        let legal = position.legal_moves();
        let result = position.parse_move(text);
        // Exact text of a legal move always resolves to that move.
        if let Ok(exact) = text.parse::<Move>() {
            if legal.contains(&exact) {
                prop_assert_eq!(result.clone(), Ok(exact));
            }
        }
        match result {
            Ok(mv) => {
                prop_assert!(legal.contains(&mv), "{} resolved to illegal {}", text, mv);
                prop_assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
                prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
                // The first and last squares written are the move's.
                let numbers = written_numbers(text);
                prop_assert_eq!(
                    numbers.first().unwrap().parse::<u8>().ok(),
                    Some(mv.from().number())
                );
                prop_assert_eq!(
                    numbers.last().unwrap().parse::<u8>().ok(),
                    Some(mv.to().number())
                );
            }
            Err(error) => {
                let message = error.to_string();
                assert_sentence(&message)?;
                match error {
                    ResolveMoveError::Parse(parse) => {
                        prop_assert_eq!(text.parse::<Move>(), Err(parse));
                    }
                    ResolveMoveError::NoMatch {
                        text: t,
                        legal: listed,
                    } => {
                        prop_assert_eq!(t.as_str(), text.trim());
                        prop_assert!(message.contains(t.as_str()));
                        prop_assert!(listed.iter().all(|mv| message.contains(&mv.to_string())));
                        prop_assert_eq!(listed.as_slice(), &legal[..]);
                    }
                    ResolveMoveError::Ambiguous {
                        text: t,
                        candidates,
                    } => {
                        prop_assert_eq!(t.as_str(), text.trim());
                        prop_assert!(message.contains(t.as_str()));
                        prop_assert!(candidates
                            .iter()
                            .all(|mv| message.contains(&mv.to_string())));
                        prop_assert!(candidates.len() >= 2);
                        prop_assert!(candidates.iter().all(|mv| legal.contains(mv)));
                        let distinct: std::collections::HashSet<_> = candidates.iter().collect();
                        prop_assert_eq!(distinct.len(), candidates.len());
                    }
                }
            }
        }
        Ok(())
    }

    /// The position after playing `choices` (each picks a legal move by
    /// index) from `start`, stopping when the game ends.
    fn play_random(start: Checkers, choices: &[u16]) -> Checkers {
        let mut position = start;
        for &choice in choices {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position
                .apply(moves[usize::from(choice) % moves.len()])
                .unwrap();
        }
        position
    }

    /// Start, a position reached by random play, or a random legal board.
    pub(super) fn some_position() -> impl Strategy<Value = Checkers> {
        prop_oneof![
            1 => Just(Checkers::default()),
            3 => proptest::collection::vec(any::<u16>(), 0..80)
                .prop_map(|choices| play_random(Checkers::default(), &choices)),
            2 => valid_fen().prop_map(|fen| Checkers::from_fen(&fen).unwrap()),
            // Kings among pieces to jump, where short forms get ambiguous.
            1 => select(vec![
                "B:W14,15,22,23:BK10",
                "W:WK23:B14,15,18,19,26,27",
                "B:W6,7,14,15,22,23:BK1,K10",
            ])
            .prop_map(|fen| Checkers::from_fen(fen).unwrap()),
        ]
    }

    /// Text that is probably a move in `position`: a legal move's full
    /// text, its short form, or with a mutation.
    fn near_legal_text(
        position: &Checkers,
        pick: u16,
        form: u8,
        kind: u8,
        at: usize,
        with: char,
    ) -> Option<String> {
        let moves = position.legal_moves();
        let mv = *moves.get(usize::from(pick) % moves.len().max(1))?;
        let full = mv.to_string();
        let separator = if mv.is_capture() { "x" } else { "-" };
        let text = match form % 4 {
            0 => full,
            1 => format!("{}{separator}{}", mv.from(), mv.to()),
            2 => format!("{}-{}", mv.from(), mv.to()),
            _ => mutate(&full, kind, at, with),
        };
        Some(text)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        #[test]
        fn square_constructors_agree_on_every_number(n in any::<u8>(), wide in prop_oneof![any::<u32>(), 0_u32..64], row in any::<u8>(), column in any::<u8>()) {
            let square = Square::new(n);
            prop_assert_eq!(square.is_some(), (1..=32).contains(&n));
            prop_assert_eq!(Square::try_from(n), square.ok_or(SquareOutOfRange { number: u32::from(n), count: 32 }));
            if let Some(square) = square {
                prop_assert_eq!(square.number(), n);
                prop_assert_eq!(square.index(), usize::from(n) - 1);
                prop_assert_eq!(square.to_string(), n.to_string());
                prop_assert_eq!(Square::at(square.row(), square.column()), Some(square));
            }
            let from_wide = Square::try_from(wide);
            prop_assert_eq!(from_wide.is_ok(), (1..=32).contains(&wide));
            match from_wide {
                Ok(square) => prop_assert_eq!(u32::from(square.number()), wide),
                Err(error) => {
                    prop_assert_eq!(error, SquareOutOfRange { number: wide, count: 32 });
                    prop_assert!(error.to_string().contains(&wide.to_string()));
                }
            }
            match Square::at(usize::from(row), usize::from(column)) {
                Some(square) => {
                    prop_assert!(row < 8 && column < 8 && (row + column) % 2 == 1);
                    prop_assert_eq!((square.row(), square.column()), (usize::from(row), usize::from(column)));
                }
                None => prop_assert!(row >= 8 || column >= 8 || (row + column) % 2 == 0),
            }
        }

        #[test]
        fn square_text_parses_to_its_number_or_names_the_problem(text in prop_oneof![number_text(), concat_of(vec!["1", "0", "3", "+", "-", " ", "x", "9"], 6), ".{0,8}"]) {
            match text.parse::<Square>() {
                Ok(square) => {
                    // Surrounding blanks are allowed, as everywhere in the
                    // draughts family's notation.
                    let digits = text.trim();
                    prop_assert!(!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()));
                    prop_assert_eq!(digits.parse::<u32>(), Ok(u32::from(square.number())));
                    prop_assert_eq!(square.to_string().parse::<Square>(), Ok(square));
                }
                Err(error) => {
                    assert_sentence(&error.to_string())?;
                    let ParseSquareError { text: read, variant, expected } = error;
                    prop_assert_eq!(&read, &text);
                    prop_assert_eq!(variant, "english");
                    prop_assert_eq!(expected, "a number from 1 to 32");
                    let digits = text.trim();
                    let number = digits.parse::<u32>().ok();
                    prop_assert!(
                        digits.is_empty()
                            || !digits.bytes().all(|b| b.is_ascii_digit())
                            || number.map_or(true, |n| n == 0 || n > 32)
                    );
                }
            }
        }

        #[test]
        fn fen_text_reads_to_a_round_tripping_position_or_a_named_error(fen in fen_like()) {
            check_fen(&fen)?;
        }

        #[test]
        fn move_text_reads_to_its_path_or_a_named_error(text in move_text()) {
            check_move_text(&text)?;
        }

        #[test]
        fn parse_move_resolves_only_to_legal_moves(
            position in some_position(),
            text in move_text(),
            pick in any::<u16>(),
            form in any::<u8>(),
            kind in any::<u8>(),
            at in any::<usize>(),
            with in significant_char(),
        ) {
            check_parse_move(&position, &text)?;
            if let Some(near) = near_legal_text(&position, pick, form, kind, at, with) {
                check_parse_move(&position, &near)?;
                check_move_text(&near)?;
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Checkers: moves typed by a player, one jump at a time.

mod checkers_typing {
    use super::checkers_inputs::{move_text, some_position};
    use super::*;
    use rulebook::checkers::{Checkers, EnterMoveError, Entry, Move, PartialCapture, Square};
    use rulebook::Game;

    /// The squares of `text` when it is move notation.
    fn typed_squares(text: &str) -> Option<Vec<Square>> {
        let trimmed = text.trim();
        if trimmed.contains('-') && trimmed.contains(['x', 'X']) {
            return None;
        }
        trimmed
            .split(['-', 'x', 'X'])
            .map(|t| t.parse().ok())
            .collect()
    }

    /// Whether `typed` is a proper prefix of `mv`'s path.
    fn is_proper_prefix(typed: &[Square], mv: Move) -> bool {
        let path: Vec<Square> = mv.path().collect();
        typed.len() < path.len() && path.starts_with(typed)
    }

    /// Checks what `enter_move` / `PartialCapture::enter` answered for `text`
    /// (the squares typed in all, when known, are `typed`).
    fn check_entry(
        position: &Checkers,
        text: &str,
        continuing: Option<&PartialCapture>,
        answer: &Result<Entry, EnterMoveError>,
    ) -> Result<(), TestCaseError> {
        let legal = position.legal_moves();
        match answer {
            Ok(Entry::Complete(mv)) => {
                prop_assert!(legal.contains(mv), "{} entered illegal {}", text, mv);
            }
            Ok(Entry::Capturing(partial)) => {
                prop_assert!(partial.squares().len() >= 2);
                prop_assert_eq!(partial.landing(), *partial.squares().last().unwrap());
                prop_assert!(legal
                    .iter()
                    .any(|&mv| is_proper_prefix(partial.squares(), mv)));
                let next = partial.next_landings();
                prop_assert!(!next.is_empty());
                prop_assert!(next.windows(2).all(|w| w[0] < w[1]));
                if let Some(before) = continuing {
                    prop_assert!(partial.squares().starts_with(before.squares()));
                    prop_assert!(partial.squares().len() > before.squares().len());
                }
            }
            Err(error) => {
                let message = error.to_string();
                assert_sentence(&message)?;
                match error {
                    EnterMoveError::Parse(parse) => {
                        prop_assert_eq!(text.trim().parse::<Move>(), Err(parse.clone()));
                    }
                    EnterMoveError::Square(_) => prop_assert!(continuing.is_some()),
                    EnterMoveError::GameOver => prop_assert!(legal.is_empty()),
                    EnterMoveError::NotLegal {
                        text: t,
                        legal: listed,
                    } => {
                        prop_assert!(continuing.is_none());
                        prop_assert_eq!(t.as_str(), text.trim());
                        prop_assert_eq!(listed.as_slice(), &legal[..]);
                        prop_assert!(!legal[0].is_capture());
                        prop_assert!(message.contains(t.as_str()));
                    }
                    EnterMoveError::CaptureRequired { text: t, captures } => {
                        prop_assert!(continuing.is_none());
                        prop_assert_eq!(t.as_str(), text.trim());
                        prop_assert_eq!(captures.as_slice(), &legal[..]);
                        prop_assert!(legal.iter().all(|mv| mv.is_capture()));
                        prop_assert!(message.contains(t.as_str()));
                    }
                    EnterMoveError::PrecedenceRefused { .. } => {
                        prop_assert!(false, "checkers has no precedence rule: {}", message);
                    }
                    EnterMoveError::OneHopAtATime { text: t, from, to } => {
                        prop_assert_eq!(t.as_str(), text.trim());
                        // from -> to is a jump of some legal capture.
                        let is_a_jump = legal.iter().any(|mv| {
                            let path: Vec<Square> = mv.path().collect();
                            mv.is_capture() && path.windows(2).any(|w| w == [*from, *to])
                        });
                        prop_assert!(is_a_jump);
                    }
                    EnterMoveError::NotANextHop {
                        text: t,
                        landing,
                        next,
                    } => {
                        let partial = continuing.expect("only a jump in progress says this");
                        prop_assert_eq!(t.as_str(), text.trim());
                        prop_assert_eq!(*landing, partial.landing());
                        prop_assert_eq!(next, &partial.next_landings());
                    }
                }
            }
        }
        Ok(())
    }

    /// How to type the next jump of `path` after `done` squares.
    fn hop_text(path: &[Square], done: usize, style: u8) -> String {
        let join = |squares: &[Square]| {
            squares
                .iter()
                .map(Square::to_string)
                .collect::<Vec<_>>()
                .join("x")
        };
        match style % 3 {
            0 => path[done].to_string(),
            1 => join(&path[done - 1..=done]),
            _ => join(&path[..=done]),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        /// Any text typed in any position: a legal move, a jump in
        /// progress, or the documented error; and any further text typed
        /// to a jump in progress likewise.
        #[test]
        fn typed_text_enters_a_legal_move_or_says_why_not(
            position in some_position(),
            random_first in move_text(),
            near in any::<(u8, u16, u8)>(),
            then in proptest::collection::vec(
                (any::<(u8, u16)>(), prop_oneof![move_text(), "[0-9]{1,3}", Just(" ".to_owned())]),
                0..6,
            ),
        ) {
            // Mostly text near a legal move: its whole path, a prefix, or
            // start and end only (which skips jumps).
            let legal = position.legal_moves();
            let (form, pick, cut) = near;
            let first = match (form % 4, legal.get(usize::from(pick) % legal.len().max(1))) {
                (0, _) | (_, None) => random_first,
                (_, Some(mv)) => {
                    let path: Vec<Square> = mv.path().collect();
                    let shown: Vec<Square> = match form % 4 {
                        1 => path.clone(),
                        2 => path[..2 + usize::from(cut) % (path.len() - 1)].to_vec(),
                        _ => vec![path[0], *path.last().unwrap()],
                    };
                    let separator = if form % 8 < 4 { "x" } else { "-" };
                    shown.iter().map(Square::to_string).collect::<Vec<_>>().join(separator)
                }
            };
            let answer = position.enter_move(&first);
            check_entry(&position, &first, None, &answer)?;
            if let (Ok(Entry::Complete(mv)), Some(typed)) = (&answer, typed_squares(&first)) {
                if mv.is_capture() {
                    prop_assert_eq!(mv.path().collect::<Vec<_>>(), typed);
                } else {
                    prop_assert_eq!(vec![mv.from(), mv.to()], typed);
                }
            }
            let mut current = answer;
            for ((kind, pick), random) in &then {
                let Ok(Entry::Capturing(partial)) = current else { break };
                let next = partial.next_landings();
                let text = match kind % 4 {
                    0 => random.clone(),
                    1 => next[usize::from(*pick) % next.len()].to_string(),
                    2 => format!("{}x{}", partial.landing(), pick % 34),
                    _ => (pick % 34).to_string(),
                };
                current = partial.enter(&text);
                check_entry(&position, &text, Some(&partial), &current)?;
            }
        }

        /// Every legal move can be typed: a step at once, a capture one
        /// jump at a time in any of the accepted forms.
        #[test]
        fn every_legal_move_can_be_typed_jump_by_jump(
            position in some_position(),
            pick in any::<u16>(),
            styles in proptest::collection::vec(any::<u8>(), 10),
            first_hops in 1_usize..10,
        ) {
            let legal = position.legal_moves();
            if legal.is_empty() {
                prop_assert_eq!(position.enter_move("11-15"), Err(EnterMoveError::GameOver));
                return Ok(());
            }
            let mv = legal[usize::from(pick) % legal.len()];
            let path: Vec<Square> = mv.path().collect();
            // The first line: the start and one or more landings.
            let mut done = first_hops.min(path.len() - 1);
            let first_text = path[..=done].iter().map(Square::to_string).collect::<Vec<_>>()
                .join(if mv.is_capture() { "x" } else { "-" });
            let mut answer = position.enter_move(&first_text);
            check_entry(&position, &first_text, None, &answer)?;
            loop {
                match &answer {
                    Ok(Entry::Complete(entered)) => {
                        let entered = *entered;
                        prop_assert_eq!(entered, mv);
                        prop_assert_eq!(done, path.len() - 1);
                        break;
                    }
                    Ok(Entry::Capturing(partial)) => {
                        let partial = *partial;
                        prop_assert_eq!(partial.squares(), &path[..=done]);
                        prop_assert!(partial.next_landings().contains(&path[done + 1]));
                        done += 1;
                        let text = hop_text(&path, done, styles[done % styles.len()]);
                        answer = partial.enter(&text);
                        check_entry(&position, &text, Some(&partial), &answer)?;
                    }
                    Err(error) => prop_assert!(false, "{} typed as {:?}: {}", mv, first_text, error),
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Connect Four: columns, move strings, position text, the board's queries.

mod connect4_inputs {
    use super::*;
    use rulebook::connect4::{
        Board, Column, ColumnOutOfRange, Connect4, FromMovesError, ParseBoardError,
        ParseColumnError, ParsePositionError, PlaceTokenError, Player, COLUMNS, ROWS,
    };
    use rulebook::{Game, Match};

    /// Solver-notation-like text: mostly digits 0–9 (1–7 are columns),
    /// some junk.
    fn moves_text() -> impl Strategy<Value = String> {
        prop_oneof![
            4 => "[1-7]{0,60}",
            4 => proptest::collection::vec(
                prop_oneof![100 => select(vec!['1', '2', '3', '4', '5', '6', '7']), 2 => select(vec!['0', '8', '9']), 1 => select(vec![' ', 'a', '-', '\u{663}', '\u{ff14}', '\n'])],
                0..60,
            )
            .prop_map(|chars| chars.into_iter().collect()),
            // Few columns: they fill up.
            2 => "[34]{0,20}",
            1 => "[0-9]{0,50}",
            1 => ".{0,20}",
        ]
    }

    /// A board position text near a valid one: a reachable position's text
    /// (possibly edited), or rows assembled from cells and junk.
    fn position_text() -> impl Strategy<Value = String> {
        let reachable = "[1-7]{0,42}".prop_map(|moves| {
            let mut game = Connect4::new();
            for c in moves.chars() {
                let column = Column::new(c.to_digit(10).unwrap() as usize - 1).unwrap();
                if game.apply(column).is_err() {
                    break;
                }
            }
            game.text()
        });
        prop_oneof![
            2 => reachable.clone(),
            3 => (reachable, any::<u8>(), any::<usize>(), select(vec!['X', 'O', '.', '/', 'x', ' ', '\u{e9}']))
                .prop_map(|(text, kind, at, with)| mutate(&text, kind, at, with)),
            3 => proptest::collection::vec("[XO.]{7}", 6).prop_map(|rows| rows.join("/")),
            // Stacks that obey gravity, with any colours: the position
            // checks (counts, wins) decide.
            4 => proptest::collection::vec("[XXXOOO]{0,6}", 7).prop_map(|stacks| {
                let cell = |row: usize, col: usize| stacks[col].chars().nth(row).unwrap_or('.');
                (0..ROWS)
                    .rev()
                    .map(|row| (0..COLUMNS).map(|col| cell(row, col)).collect::<String>())
                    .collect::<Vec<_>>()
                    .join("/")
            }),
            1 => proptest::collection::vec("[XO.a ]{5,8}", 4..8).prop_map(|rows| rows.join("/")),
            1 => ".{0,50}",
        ]
    }

    /// The board after dropping tokens by `drops` (player, column), with
    /// no notion of turns.
    fn board_from(drops: &[(bool, u8)]) -> Board {
        let mut board = Board::new();
        for &(x, col) in drops {
            let player = if x { Player::X } else { Player::O };
            let _ = board.place_token(player, usize::from(col % 7));
        }
        board
    }

    /// Values near the type limits and the board's edges.
    fn coordinate() -> impl Strategy<Value = usize> {
        prop_oneof![
            4 => 0_usize..10,
            1 => select(vec![usize::MAX, usize::MAX - 1, usize::MAX / 2, 1 << 32, (1 << 32) - 1, 64, 63, 42]),
            1 => any::<usize>(),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        #[test]
        fn column_constructors_agree_on_every_number(index in coordinate(), byte in any::<u8>()) {
            let column = Column::new(index);
            prop_assert_eq!(column.is_some(), index < COLUMNS);
            if let Some(column) = column {
                prop_assert_eq!(column.index(), index);
                prop_assert_eq!(usize::from(column), index);
                prop_assert_eq!(column.to_string().parse::<Column>(), Ok(column));
            }
            match Column::try_from(byte) {
                Ok(column) => prop_assert_eq!(u8::from(column), byte),
                Err(error) => {
                    prop_assert!(usize::from(byte) >= COLUMNS);
                    prop_assert_eq!(error, ColumnOutOfRange { index: byte, last: 6 });
                    prop_assert!(error.to_string().contains(&byte.to_string()));
                }
            }
        }

        #[test]
        fn column_text_reads_its_number_or_says_which_way_it_is_off(
            text in prop_oneof![
                concat_of(vec!["0", "1", "3", "6", "7", "9", "-", "+", " ", "x", "00"], 6),
                select(vec!["9223372036854775807", "9223372036854775808", "-9223372036854775808",
                            "-9223372036854775809", "18446744073709551616", "-0", "+6", "06", " 3", "3 "])
                    .prop_map(str::to_owned),
                ".{0,6}",
            ]
        ) {
            // The reference: the number written, whatever its size.
            let reference = text.parse::<i128>();
            match text.parse::<Column>() {
                Ok(column) => {
                    prop_assert_eq!(reference, Ok(column.index() as i128));
                    prop_assert_eq!(column.to_string().parse::<Column>(), Ok(column));
                }
                Err(error) => {
                    let message = error.to_string();
                    assert_sentence(&message)?;
                    match &error {
                        ParseColumnError::NotANumber { text: t, last } => {
                            prop_assert_eq!(*last, 6);
                            prop_assert_eq!(t, &text);
                            prop_assert!(reference.is_err());
                        }
                        ParseColumnError::BelowZero { text: t } => {
                            prop_assert_eq!(t, &text);
                            prop_assert!(reference.map_or(text.starts_with('-'), |n| n < 0));
                        }
                        ParseColumnError::AboveMax { text: t, last } => {
                            prop_assert_eq!(*last, 6);
                            prop_assert_eq!(t, &text);
                            prop_assert!(reference.map_or(true, |n| n > 6));
                        }
                    }
                    let debug = format!("{:?}", text);
                    prop_assert!(message.contains(text.as_str()) || message.contains(&debug));
                }
            }
        }

        #[test]
        fn from_moves_places_one_token_per_digit_or_names_the_first_bad_one(moves in moves_text()) {
            let result = Connect4::from_moves(&moves);
            let record = Match::<Connect4>::from_moves(&moves);
            prop_assert_eq!(record.is_ok(), result.is_ok());
            match result {
                Ok(game) => {
                    prop_assert!(moves.chars().all(|c| ('1'..='7').contains(&c)));
                    prop_assert_eq!(game.board().token_count(), moves.chars().count());
                    prop_assert_eq!(game.plies() as usize, moves.len());
                    // The same game by the board's own drops, X first.
                    let mut board = Board::new();
                    for (i, c) in moves.chars().enumerate() {
                        let player = if i % 2 == 0 { Player::X } else { Player::O };
                        board.place_token(player, c.to_digit(10).unwrap() as usize - 1).unwrap();
                    }
                    prop_assert_eq!(game.board(), &board);
                    prop_assert_eq!(Connect4::parse_text(&game.text()), Ok(game));
                    let record = record.unwrap();
                    prop_assert_eq!(record.to_moves(), moves.clone());
                    prop_assert_eq!(record.position(), &game);
                }
                Err(error) => {
                    prop_assert_eq!(record.unwrap_err(), error);
                    let message = error.to_string();
                    assert_sentence(&message)?;
                    let (index, prefix_must_end) = match error {
                        FromMovesError::InvalidCharacter { character, index } => {
                            prop_assert_eq!(moves.chars().nth(index), Some(character));
                            prop_assert!(!('1'..='7').contains(&character));
                            let debug = format!("{:?}", character);
                            prop_assert!(message.contains(&debug));
                            (index, None)
                        }
                        FromMovesError::ColumnFull { index, column } => {
                            prop_assert_eq!(moves.chars().nth(index), char::from_digit(column.index() as u32 + 1, 10));
                            (index, Some(false))
                        }
                        FromMovesError::GameOver { index, column } => {
                            prop_assert_eq!(moves.chars().nth(index), char::from_digit(column.index() as u32 + 1, 10));
                            (index, Some(true))
                        }
                    };
                    prop_assert!(message.contains(&index.to_string()));
                    // Everything before the offending character is a game.
                    let prefix: String = moves.chars().take(index).collect();
                    let before = Connect4::from_moves(&prefix);
                    prop_assert!(before.is_ok(), "{:?}", before);
                    let before = before.unwrap();
                    match prefix_must_end {
                        Some(true) => prop_assert!(before.outcome().is_some()),
                        Some(false) => {
                            prop_assert!(before.outcome().is_none());
                            let digit = moves.chars().nth(index).unwrap().to_digit(10).unwrap();
                            let column = Column::new(digit as usize - 1).unwrap();
                            prop_assert_eq!(before.board().height(column), ROWS);
                        }
                        None => {}
                    }
                }
            }
        }

        #[test]
        fn position_text_round_trips_or_names_the_problem(text in position_text()) {
            let board = Board::parse_text(&text);
            let position = Connect4::parse_text(&text);
            prop_assert_eq!(text.parse::<Connect4>(), position.clone());
            match &board {
                Ok(board) => {
                    prop_assert_eq!(board.text(), text.clone());
                    prop_assert_eq!(Board::parse_text(&board.text()), Ok(*board));
                }
                Err(error) => {
                    assert_sentence(&error.to_string())?;
                    prop_assert_eq!(position, Err(ParsePositionError::Board(error.clone())));
                    let rows: Vec<&str> = text.split('/').collect();
                    match *error {
                        ParseBoardError::WrongRowCount { found, .. } => prop_assert_eq!(found, rows.len()),
                        ParseBoardError::NoParameters | ParseBoardError::Parameters(_) => {
                            prop_assert!(false, "Connect Four's text has no parameters: {error}");
                        }
                        ParseBoardError::WrongRowLength { row, cells, .. } => {
                            prop_assert_eq!(rows[ROWS - 1 - row].chars().count(), cells);
                        }
                        ParseBoardError::InvalidCharacter { character, row, col } => {
                            prop_assert_eq!(rows[ROWS - 1 - row].chars().nth(col), Some(character));
                        }
                        ParseBoardError::FloatingToken { row, col } => {
                            prop_assert_ne!(rows[ROWS - 1 - row].chars().nth(col), Some('.'));
                            prop_assert_eq!(rows[ROWS - row].chars().nth(col), Some('.'));
                        }
                    }
                    return Ok(());
                }
            }
            let board = board.unwrap();
            match position {
                Ok(game) => {
                    prop_assert_eq!(game.board(), &board);
                    prop_assert_eq!(game.text(), text.clone());
                    let (x, o) = (board.count(Player::X), board.count(Player::O));
                    prop_assert!(x == o || x == o + 1);
                    prop_assert_eq!(game.to_move(), if x == o { Player::X } else { Player::O });
                    prop_assert!(!board.has_four_in_a_row(game.to_move()));
                    prop_assert_eq!(game.legal_moves().is_empty(), game.outcome().is_some());
                }
                Err(ParsePositionError::Position(error)) => {
                    assert_sentence(&error.to_string())?;
                    prop_assert_eq!(Connect4::from_board(board), Err(error));
                }
                Err(other) => prop_assert!(false, "board parsed but position says {:?}", other),
            }
        }

        #[test]
        fn board_queries_answer_for_any_coordinates(
            drops in proptest::collection::vec((any::<bool>(), 0_u8..7), 0..45),
            row in coordinate(),
            col in coordinate(),
            x in any::<bool>(),
        ) {
            let board = board_from(&drops);
            let player = if x { Player::X } else { Player::O };
            let on_board = row < ROWS && col < COLUMNS;
            let piece = board.piece_at(row, col);
            if !on_board {
                prop_assert_eq!(piece, None);
                prop_assert!(!board.check_horizontal_win(row, col, player));
                prop_assert!(!board.check_vertical_win(row, col, player));
                prop_assert!(!board.check_diagonal_win(row, col, player));
            }
            if piece != Some(player) {
                // No four in a row through a cell the player does not hold.
                prop_assert!(!board.check_horizontal_win(row, col, player));
                prop_assert!(!board.check_vertical_win(row, col, player));
                prop_assert!(!board.check_diagonal_win(row, col, player));
            }
            if board.check_horizontal_win(row, col, player)
                || board.check_vertical_win(row, col, player)
                || board.check_diagonal_win(row, col, player)
            {
                prop_assert!(board.has_four_in_a_row(player));
            }
            match Column::new(col) {
                None => {
                    prop_assert!(!board.is_column_free(col));
                    prop_assert!(!board.check_for_win(col));
                }
                Some(column) => {
                    prop_assert_eq!(board.is_column_free(col), board.height(column) < ROWS);
                    if board.check_for_win(col) {
                        let top = board.piece_at(board.height(column) - 1, col).unwrap();
                        prop_assert!(board.has_four_in_a_row(top));
                    }
                }
            }
            prop_assert_eq!(board.check_tie(), board.is_full() && !board.has_four_in_a_row(Player::X) && !board.has_four_in_a_row(Player::O));
        }

        #[test]
        fn place_token_lands_on_the_lowest_free_row_or_names_the_column(
            drops in proptest::collection::vec((any::<bool>(), 0_u8..7), 0..45),
            col in coordinate(),
            x in any::<bool>(),
        ) {
            let mut board = board_from(&drops);
            let before = board;
            let player = if x { Player::X } else { Player::O };
            match board.place_token(player, col) {
                Ok(row) => {
                    let column = Column::new(col).unwrap();
                    prop_assert_eq!(row, before.height(column));
                    prop_assert_eq!(board.piece_at(row, col), Some(player));
                    prop_assert_eq!(board.height(column), row + 1);
                    prop_assert_eq!(board.token_count(), before.token_count() + 1);
                    prop_assert_eq!(Board::parse_text(&board.text()), Ok(board));
                }
                Err(error) => {
                    prop_assert_eq!(board, before);
                    let message = error.to_string();
                    assert_sentence(&message)?;
                    prop_assert!(message.contains(&col.to_string()));
                    match error {
                        PlaceTokenError::NoSuchColumn { col: c, last } => {
                            prop_assert_eq!(c, col);
                            prop_assert_eq!(last, 6);
                            prop_assert!(col >= COLUMNS);
                        }
                        PlaceTokenError::ColumnFull(column) => {
                            prop_assert_eq!(column.index(), col);
                            prop_assert_eq!(before.height(Column::try_from(column).unwrap()), ROWS);
                        }
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Match: arbitrary actions from arbitrary players, undo and redo, against a
// model of the documented order of checks.

mod match_actions {
    use super::*;
    use rulebook::checkers::{self, Checkers};
    use rulebook::connect4::{self, Column, Connect4};
    use rulebook::{
        Action, DrawRules, EndReason, Game, Match, MatchError, MatchResult, Outcome, UndoError,
    };

    /// One step of a session: an action by one of the two players, an undo
    /// or a redo.
    #[derive(Clone, Copy, Debug)]
    enum Step {
        Act {
            first_player: bool,
            action: u8,
            pick: u16,
        },
        Undo,
        Redo,
    }

    fn steps() -> impl Strategy<Value = Vec<Step>> {
        let step = prop_oneof![
            8 => (any::<bool>(), any::<u8>(), any::<u16>())
                .prop_map(|(first_player, action, pick)| Step::Act { first_player, action, pick }),
            2 => Just(Step::Undo),
            2 => Just(Step::Redo),
        ];
        proptest::collection::vec(step, 0..120)
    }

    /// Save then load gives back the same match.
    #[cfg(feature = "serde")]
    fn check_saved<G>(game: &Match<G>) -> Result<(), TestCaseError>
    where
        G: Game + serde::Serialize + serde::de::DeserializeOwned,
        G::Move: serde::Serialize + serde::de::DeserializeOwned,
        G::Player: serde::Serialize + serde::de::DeserializeOwned,
        G::Ending: serde::Serialize + serde::de::DeserializeOwned,
    {
        let json = serde_json::to_string(game).unwrap();
        let back = serde_json::from_str::<Match<G>>(&json);
        prop_assert!(back.is_ok(), "{:?} reading {}", back.err(), json);
        prop_assert_eq!(&back.unwrap(), game, "{}", json);
        Ok(())
    }

    /// Without the `serde` feature there is nothing to save.
    #[cfg(not(feature = "serde"))]
    fn check_saved<G: Game>(_game: &Match<G>) -> Result<(), TestCaseError> {
        Ok(())
    }

    /// What the tests need of a game beyond [`Game`].
    trait Subject: Game + Clone + PartialEq + core::fmt::Debug {
        fn players() -> [Self::Player; 2];
        /// Save then load gives back the same match (see [`check_saved`]).
        fn saves_and_loads(game: &Match<Self>) -> Result<(), TestCaseError>;
        /// A candidate move: legal most of the time, sometimes any move
        /// the type can hold.
        /// (`history`: the moves played so far.)
        fn candidate(&self, history: &[Self::Move], pick: u16) -> Self::Move;
    }

    impl Subject for Connect4 {
        fn players() -> [connect4::Player; 2] {
            connect4::Player::ALL
        }
        fn saves_and_loads(game: &Match<Self>) -> Result<(), TestCaseError> {
            check_saved(game)
        }
        fn candidate(&self, _history: &[Column], pick: u16) -> Column {
            let moves = self.legal_moves();
            if pick % 4 != 0 && !moves.is_empty() {
                moves[usize::from(pick) % moves.len()]
            } else {
                Column::ALL[usize::from(pick) % Column::ALL.len()]
            }
        }
    }

    impl Subject for Checkers {
        fn players() -> [checkers::Player; 2] {
            [checkers::Player::Red, checkers::Player::White]
        }
        fn saves_and_loads(game: &Match<Self>) -> Result<(), TestCaseError> {
            check_saved(game)
        }
        fn candidate(&self, history: &[checkers::Move], pick: u16) -> checkers::Move {
            let moves = self.legal_moves();
            // Often a king steps back where it came from, so positions
            // repeat.
            if pick % 4 != 0 && pick % 8 < 6 && history.len() >= 2 {
                let previous = history[history.len() - 2];
                if let Some(&back) = moves
                    .iter()
                    .find(|mv| mv.from() == previous.to() && mv.to() == previous.from())
                {
                    return back;
                }
            }
            if pick % 4 != 0 && !moves.is_empty() {
                return moves[usize::from(pick) % moves.len()];
            }
            // Some move of the right shape that is usually illegal here.
            let from = u32::from(pick % 32) + 1;
            ["-", "x"]
                .iter()
                .flat_map(|sep| (1..=32).map(move |to| format!("{from}{sep}{to}")))
                .find_map(|text| text.parse().ok())
                .expect("every square has a neighbour")
        }
    }

    /// An action; ending ones (resign, accept) are rare so that sessions
    /// last.
    fn action<M>(code: u8, mv: M) -> Action<M> {
        match code {
            0..=199 => Action::Play(mv),
            200..=219 => Action::OfferDraw,
            220..=239 => Action::DeclineDraw,
            240..=249 => Action::AcceptDraw,
            _ => Action::Resign,
        }
    }

    /// Plays `steps` on a match from `start`, checking every answer.
    fn run<G: Subject>(start: G, rules: DrawRules, steps: &[Step]) -> Result<(), TestCaseError>
    where
        G::Player: core::fmt::Debug,
    {
        let mut game = Match::with_rules(start.clone(), rules);
        prop_assert_eq!(game.draw_rules(), rules);
        if let (Some(outcome), Some(ending)) = (start.outcome(), start.ending()) {
            prop_assert_eq!(
                game.result(),
                Some(MatchResult {
                    outcome,
                    reason: EndReason::Rules(ending)
                })
            );
        }
        for &step in steps {
            let before = game.clone();
            match step {
                Step::Undo => {
                    let can = game.can_undo();
                    match game.undo() {
                        Ok(mv) => {
                            prop_assert!(can);
                            prop_assert_eq!(before.history().last(), Some(&mv));
                            prop_assert_eq!(
                                game.history(),
                                &before.history()[..before.history().len() - 1]
                            );
                            prop_assert_eq!(game.result(), None);
                            // Undo then redo gives back the same match.
                            let mut again = game.clone();
                            prop_assert_eq!(again.redo(), Ok(mv));
                            prop_assert_eq!(&again, &before);
                        }
                        Err(error) => {
                            prop_assert!(!can);
                            prop_assert_eq!(&game, &before);
                            assert_sentence(&error.to_string())?;
                            prop_assert_eq!(error, expected_undo_error(&before, false));
                        }
                    }
                }
                Step::Redo => {
                    let can = game.can_redo();
                    match game.redo() {
                        Ok(mv) => {
                            prop_assert!(can);
                            prop_assert_eq!(before.undone_moves().last(), Some(&mv));
                            prop_assert_eq!(game.history().len(), before.history().len() + 1);
                            prop_assert_eq!(game.position(), &before.position().after(mv).unwrap());
                        }
                        Err(error) => {
                            prop_assert!(!can);
                            prop_assert_eq!(&game, &before);
                            assert_sentence(&error.to_string())?;
                            prop_assert_eq!(error, expected_undo_error(&before, true));
                        }
                    }
                }
                Step::Act {
                    first_player,
                    action: code,
                    pick,
                } => {
                    let player = G::players()[usize::from(!first_player)];
                    let mv = before.position().candidate(before.history(), pick);
                    let act = action(code, mv);
                    let result = game.act(player, act);
                    check_act(&before, &game, player, act, result)?;
                }
            }
            // Invariants after every step.
            prop_assert_eq!(game.is_over(), game.result().is_some());
            if let Some(offered_by) = game.pending_draw_offer() {
                prop_assert!(!game.is_over());
                prop_assert_eq!(offered_by, game.to_move());
            }
            prop_assert_eq!(game.to_move(), game.position().to_move());
            let mut replayed = game.start().clone();
            for &mv in game.history() {
                replayed = replayed.after(mv).expect("the history is legal");
            }
            prop_assert_eq!(&replayed, game.position());
            G::saves_and_loads(&game)?;
        }
        Ok(())
    }

    /// Why undo (or redo) must refuse in `game`, by the documented rules:
    /// a pending offer first, then a players' ending, then (redo) a match
    /// over, then nothing to take back or play again.
    fn expected_undo_error<G: Game>(game: &Match<G>, redo: bool) -> UndoError<G::Player> {
        if let Some(offered_by) = game.pending_draw_offer() {
            return UndoError::DrawOfferPending {
                offered_by,
                answering: G::opponent(offered_by),
            };
        }
        match game.result() {
            Some(MatchResult {
                outcome: Outcome::Win(winner),
                reason: EndReason::Resignation,
            }) => UndoError::Resigned {
                player: G::opponent(winner),
            },
            Some(MatchResult {
                reason: EndReason::Agreement,
                ..
            }) => UndoError::DrawAgreed,
            Some(_) if redo => UndoError::GameOver,
            _ if redo => UndoError::NothingToRedo,
            _ => UndoError::NothingToUndo,
        }
    }

    /// Checks one `act` against the documented order of checks.
    fn check_act<G: Subject>(
        before: &Match<G>,
        after: &Match<G>,
        player: G::Player,
        action: Action<G::Move>,
        result: Result<(), MatchError<G::Player, G::Move>>,
    ) -> Result<(), TestCaseError> {
        if let Err(error) = &result {
            prop_assert_eq!(after, before, "an error changed the match");
            assert_sentence(&error.to_string())?;
        }
        if before.is_over() {
            prop_assert_eq!(result, Err(MatchError::GameOver));
            return Ok(());
        }
        if let Some(offered_by) = before.pending_draw_offer() {
            let answering = G::opponent(offered_by);
            match action {
                Action::AcceptDraw | Action::DeclineDraw if player != answering => {
                    prop_assert_eq!(result, Err(MatchError::OwnDrawOffer { player }));
                }
                Action::AcceptDraw => {
                    prop_assert_eq!(result, Ok(()));
                    prop_assert_eq!(
                        after.result(),
                        Some(MatchResult {
                            outcome: Outcome::Draw,
                            reason: EndReason::Agreement
                        })
                    );
                    prop_assert_eq!(after.history(), before.history());
                }
                Action::DeclineDraw => {
                    prop_assert_eq!(result, Ok(()));
                    prop_assert_eq!(after.pending_draw_offer(), None);
                    prop_assert_eq!(after.result(), None);
                    prop_assert_eq!(after.to_move(), offered_by);
                }
                _ => prop_assert_eq!(
                    result,
                    Err(MatchError::DrawOfferPending {
                        offered_by,
                        answering
                    })
                ),
            }
            return Ok(());
        }
        let to_move = before.to_move();
        match action {
            Action::AcceptDraw | Action::DeclineDraw => {
                prop_assert_eq!(result, Err(MatchError::NoDrawOffer))
            }
            Action::Resign => {
                prop_assert_eq!(result, Ok(()));
                prop_assert_eq!(
                    after.result(),
                    Some(MatchResult {
                        outcome: Outcome::Win(G::opponent(player)),
                        reason: EndReason::Resignation
                    })
                );
                prop_assert!(!after.can_undo() && !after.can_redo());
            }
            Action::Play(_) | Action::OfferDraw if player != to_move => {
                prop_assert_eq!(result, Err(MatchError::NotYourTurn { player, to_move }));
            }
            Action::Play(mv) => match before.position().after(mv) {
                Ok(next) => {
                    prop_assert_eq!(result, Ok(()));
                    prop_assert_eq!(after.position(), &next);
                    prop_assert_eq!(after.history().last(), Some(&mv));
                    prop_assert!(after.undone_moves().is_empty());
                    prop_assert_eq!(after.result(), expected_result_after_move(after));
                }
                Err(refusal) => prop_assert_eq!(result, Err(MatchError::Play(refusal))),
            },
            Action::OfferDraw => {
                prop_assert_eq!(result, Ok(()));
                prop_assert_eq!(after.pending_draw_offer(), Some(player));
            }
        }
        Ok(())
    }

    /// The result a match must have right after a move, from the
    /// definitions: the rules first, then threefold repetition since the
    /// last irreversible move, then the move limit in plies.
    fn expected_result_after_move<G: Subject>(
        game: &Match<G>,
    ) -> Option<MatchResult<G::Player, G::Ending>> {
        let current = game.position();
        if let (Some(outcome), Some(ending)) = (current.outcome(), current.ending()) {
            return Some(MatchResult {
                outcome,
                reason: EndReason::Rules(ending),
            });
        }
        let mut positions = vec![game.start().clone()];
        for &mv in game.history() {
            let next = positions.last().unwrap().after(mv).unwrap();
            positions.push(next);
        }
        let moves = game.history();
        // Index in `positions` of the first position after the last
        // irreversible move (0 when there is none).
        let since = (0..moves.len())
            .rev()
            .find(|&i| positions[i].is_irreversible(moves[i]))
            .map_or(0, |i| i + 1);
        let rules = game.draw_rules();
        let draw = |reason| {
            Some(MatchResult {
                outcome: Outcome::Draw,
                reason,
            })
        };
        let occurrences = positions[since..].iter().filter(|p| *p == current).count();
        if rules.threefold_repetition && occurrences >= 3 {
            return draw(EndReason::Repetition);
        }
        let reversible_plies = (moves.len() - since) as u64;
        match rules.move_limit {
            Some(limit) if limit > 0 && reversible_plies >= 2 * u64::from(limit) => {
                draw(EndReason::MoveLimit)
            }
            _ => None,
        }
    }

    fn draw_rules() -> impl Strategy<Value = DrawRules> {
        (
            any::<bool>(),
            select(vec![
                None,
                Some(0),
                Some(1),
                Some(2),
                Some(3),
                Some(40),
                Some(u32::MAX),
            ]),
        )
            .prop_map(|(threefold_repetition, move_limit)| DrawRules {
                threefold_repetition,
                move_limit,
            })
    }

    /// Checkers starts: the standard one, any lawful board (often kings
    /// only, so repetition and the move limit come into play, or already
    /// finished).
    fn checkers_start() -> impl Strategy<Value = Checkers> {
        prop_oneof![
            1 => Just(Checkers::default()),
            2 => super::checkers_inputs::valid_fen().prop_map(|fen| Checkers::from_fen(&fen).unwrap()),
            2 => select(vec!["B:WK29,K30:BK1,K2", "W:WK18:BK14", "B:W21:B", "W:WK32:BK1", "B:WK22,K31:BK3,K9"])
                .prop_map(|fen| Checkers::from_fen(fen).unwrap()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        #[test]
        #[ignore = "long unoptimised: the long-checks run"]
        fn connect4_match_answers_every_action_as_documented(steps in steps(), rules in draw_rules()) {
            run(Connect4::default(), rules, &steps)?;
        }

        #[test]
        #[ignore = "long unoptimised: the long-checks run"]
        fn checkers_match_answers_every_action_as_documented(
            start in checkers_start(),
            rules in draw_rules(),
            steps in steps(),
        ) {
            run(start, rules, &steps)?;
        }
    }
}

// ---------------------------------------------------------------------------
// PDN: replaying whatever text reads as a game.

mod pdn_replay {
    use super::*;
    use rulebook::checkers::pdn::{PdnReader, ReplayErrorKind};
    use rulebook::checkers::{Checkers, ResolveMoveError};
    use rulebook::Game;

    /// Move text for a record: legal moves from random play, short forms,
    /// steps written with `x`, or arbitrary squares.
    fn record_moves() -> impl Strategy<Value = Vec<String>> {
        (
            proptest::collection::vec(any::<u16>(), 0..40),
            proptest::collection::vec(any::<u8>(), 40),
        )
            .prop_map(|(choices, forms)| {
                let mut position = Checkers::default();
                let mut texts = Vec::new();
                for (&choice, &form) in choices.iter().zip(&forms) {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        texts.push(format!("{}-{}", choice % 38 + 3, form % 38 + 3));
                        continue;
                    }
                    let mv = moves[usize::from(choice) % moves.len()];
                    // Square numbers 3..=40 never spell a result (1-0, 2-0, 1-1...).
                    let (a, b) = (choice % 38 + 3, u16::from(form) % 38 + 3);
                    texts.push(match form % 40 {
                        0 => format!("{}x{}", mv.from(), mv.to()),
                        1 => format!("{}-{}", mv.from(), mv.to()),
                        2 => format!("{a}-{b}"),
                        // Mixed separators, which the reader accepts.
                        3 => mv.to_string().replacen('x', "-", 1),
                        _ => mv.to_string(),
                    });
                    position.apply(mv).unwrap();
                }
                texts
            })
    }

    /// A PDN game: optional FEN and GameType tags, numbered moves, a
    /// result.
    fn pdn_text() -> impl Strategy<Value = String> {
        (
            select(vec![
                "",
                "",
                "",
                "",
                "",
                "",
                "[FEN \"B:W21-32:B1-12\"]\n",
                "[FEN \"W:W21-32:B1-12\"]\n",
                "[FEN \"B:WK10:B1\"]\n",
                "[FEN \"B:W:B\"]\n",
                "[FEN \"B:W29:B1\"]\n",
                "[FEN \"X\"]\n",
                "[FEN \"B:W1-4294967295:B5\"]\n",
                "[GameType \"21\"]\n",
                "[GameType \"20\"]\n",
                "[GameType \"21,Italian\"]\n",
            ]),
            record_moves(),
            select(vec!["", "*", "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1"]),
        )
            .prop_map(|(tags, moves, result)| {
                let mut text = format!("[Event \"fuzz\"]\n{tags}\n");
                for (i, mv) in moves.iter().enumerate() {
                    if i % 2 == 0 {
                        text.push_str(&format!("{}. ", i / 2 + 1));
                    }
                    text.push_str(mv);
                    text.push(' ');
                }
                text + result + "\n"
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        /// Every game read from the text replays to a match with one move
        /// per written move, or names the move or tag that cannot be
        /// played, and that move really cannot be resolved.
        #[test]
        fn any_readable_game_replays_or_names_what_cannot_be_played(text in prop_oneof![
            4 => pdn_text(),
            1 => (pdn_text(), any::<u8>(), any::<usize>(), significant_char())
                .prop_map(|(text, kind, at, with)| mutate(&text, kind, at, with)),
        ]) {
            for game in PdnReader::new(&text).flatten() {
                match game.replay() {
                    Ok(replayed) => {
                        prop_assert_eq!(replayed.history().len(), game.moves().len());
                        prop_assert_eq!(Ok(*replayed.start()), game.start_position());
                        for (mv, written) in replayed.history().iter().zip(game.moves()) {
                            prop_assert_eq!(Some(u32::from(mv.from().number())), written.text().split(['-', 'x', 'X']).next().unwrap().parse::<u32>().ok());
                        }
                    }
                    Err(error) => {
                        assert_sentence(&error.to_string())?;
                        prop_assert_eq!(&error.game, game.id());
                        match *error.kind {
                            ReplayErrorKind::IllegalMove { mv, reason } => {
                                let index = game.moves().iter().position(|m| m.text() == mv.text && m.position() == mv.position);
                                prop_assert!(index.is_some(), "{} is not a move of the game", mv);
                                let index = index.unwrap();
                                let mut position = game.start_position().unwrap();
                                for earlier in &game.moves()[..index] {
                                    let resolved = position.parse_move(earlier.text()).unwrap();
                                    position.apply(resolved).unwrap();
                                }
                                prop_assert_eq!(position.to_move(), mv.side);
                                let again: Result<_, ResolveMoveError> = position.parse_move(&mv.text);
                                prop_assert_eq!(again, Err(reason));
                            }
                            ReplayErrorKind::InvalidFen { fen, source } => {
                                prop_assert_eq!(game.fen(), Some(fen.as_str()));
                                prop_assert_eq!(Checkers::from_fen(&fen), Err(source));
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// PDN: writing a match with caller-given tags, and result text.

mod pdn_write {
    use super::*;
    use rulebook::checkers::pdn::{
        write_match, ParseResultError, PdnReader, PdnResult, WriteError, FEN_TAG, GAME_TYPE_TAG,
        RESULT_TAG,
    };
    use rulebook::checkers::{Checkers, Player};
    use rulebook::Outcome;

    /// The tags the writer computes itself (and so leaves out when given).
    const COMPUTED: [&str; 4] = [RESULT_TAG, GAME_TYPE_TAG, "SetUp", FEN_TAG];

    fn tag_name() -> impl Strategy<Value = String> {
        prop_oneof![
            6 => select(vec![
                "Event", "Black", "White", "Date", "Site", "Round", "Result", "FEN", "GameType",
                "SetUp", "_", "a1", "\u{c9}v\u{e9}nement", "\u{540d}\u{524d}", "x\u{663}",
            ]),
            2 => select(vec!["", "a b", "Ev-ent", "[", "\"", "a]", "K\n", "\u{0}", " Event"]),
        ]
        .prop_map(str::to_owned)
    }

    fn tag_value() -> impl Strategy<Value = String> {
        prop_oneof![
            2 => "[a-zA-Z0-9 ]{0,12}",
            2 => concat_of(vec!["\"", "\\", "]", "[", "{", "}", ";", "%", "a", " ", "\u{2028}", "\u{85}", "\t", "1-0"], 6),
            1 => select(vec!["\n", "a\rb", "\r\n"]).prop_map(str::to_owned),
            1 => ".{0,12}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        /// Any tags: either the record reads back with exactly the tags
        /// given (those the writer does not compute), in order, and the
        /// same game; or the error names the first bad tag.
        #[test]
        fn written_tags_read_back_or_the_bad_one_is_named(
            tags in proptest::collection::vec((tag_name(), tag_value()), 0..5),
            choices in proptest::collection::vec(any::<u16>(), 0..30),
            ending in any::<u8>(),
            undos in 0..4_usize,
        ) {
            // A pending draw offer is not part of a PDN record: leave it out.
            let end = [PlayersEnd::Resign, PlayersEnd::AgreeDraw, PlayersEnd::None][usize::from(ending % 3)];
            let game = random_match::<Checkers>(&choices, undos, end);
            match write_match(&game, tags.iter().map(|(n, v)| (n.as_str(), v.as_str()))) {
                Ok(text) => {
                    let mut names = Vec::new();
                    for (name, value) in &tags {
                        prop_assert!(!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_'));
                        prop_assert!(!value.contains(['\n', '\r']));
                        prop_assert!(!names.contains(name));
                        names.push(name.clone());
                    }
                    let read: Vec<_> = PdnReader::new(&text).collect();
                    prop_assert_eq!(read.len(), 1, "{}", text);
                    let record = read.into_iter().next().unwrap();
                    prop_assert!(record.is_ok(), "{:?} from\n{}", record, text);
                    let record = record.unwrap();
                    let kept: Vec<(String, String)> = record
                        .tags()
                        .iter()
                        .filter(|(name, _)| !COMPUTED.contains(&name.as_str()))
                        .cloned()
                        .collect();
                    let given: Vec<(String, String)> = tags
                        .iter()
                        .filter(|(name, _)| !COMPUTED.contains(&name.as_str()))
                        .cloned()
                        .collect();
                    prop_assert_eq!(kept, given, "{}", text);
                    let replayed = record.replay();
                    prop_assert!(replayed.is_ok(), "{:?}", replayed);
                    let replayed = replayed.unwrap();
                    prop_assert_eq!(replayed.history(), game.history());
                    prop_assert_eq!(replayed.result().map(|r| r.outcome), game.result().map(|r| r.outcome));
                }
                Err(error) => {
                    let message = error.to_string();
                    assert_sentence(&message)?;
                    let (WriteError::InvalidTagName { name }
                    | WriteError::InvalidTagValue { name }
                    | WriteError::DuplicateTag { name }) = &error;
                    prop_assert!(message.contains(name.as_str()));
                    prop_assert!(tags.iter().any(|(n, _)| n == name));
                }
            }
        }

        #[test]
        fn result_text_reads_only_the_pdn_spellings(text in prop_oneof![
            concat_of(vec!["1", "0", "2", "-", "/", "*", " ", "1/2"], 4),
            ".{0,8}",
        ]) {
            match text.parse::<PdnResult>() {
                Ok(result) => {
                    prop_assert!(["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"].contains(&text.as_str()));
                    prop_assert_eq!(PdnResult::from_text(&text), Some(result));
                    prop_assert_eq!(result.as_str().parse::<PdnResult>(), Ok(result));
                    prop_assert_eq!(result.to_string(), result.as_str());
                    if let Some(outcome) = result.outcome() {
                        prop_assert_eq!(PdnResult::from_outcome(outcome), result);
                        let expected = match text.as_str() {
                            "1-0" | "2-0" => Outcome::Win(Player::Red),
                            "0-1" | "0-2" => Outcome::Win(Player::White),
                            _ => Outcome::Draw,
                        };
                        prop_assert_eq!(outcome, expected);
                    }
                }
                Err(error) => {
                    prop_assert_eq!(PdnResult::from_text(&text), None);
                    prop_assert_eq!(&error, &ParseResultError(text.clone()));
                    prop_assert!(error.to_string().contains(text.as_str()));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// serde: arbitrary and mutated JSON.

#[cfg(feature = "serde")]
mod serde_inputs {
    use super::*;
    use rulebook::checkers::{self, Checkers, Move};
    use rulebook::connect4::{Column, Connect4};
    use rulebook::{Game, Match};
    use serde_json::{json, Value};

    /// A JSON string literal of `text`.
    fn quoted(text: &str) -> String {
        serde_json::to_string(text).unwrap()
    }

    /// JSON of the wrong kind or at the edges of the number types.
    fn odd_json() -> impl Strategy<Value = String> {
        prop_oneof![
            select(vec![
                "null",
                "true",
                "[]",
                "{}",
                "-1",
                "0",
                "6",
                "7",
                "255",
                "256",
                "1e3",
                "6.0",
                "-0",
                "18446744073709551616",
                "\"3\"",
                "[3]",
                "{\"start\":null}",
                "\"",
                "\"\\u0000\"",
                "\"\\ud800\"",
            ])
            .prop_map(str::to_owned),
            any::<i64>().prop_map(|n| n.to_string()),
            ".{0,12}",
        ]
    }

    /// One structural edit of a match's JSON record.
    fn edit_record(record: &mut Value, edit: u8, pick: usize, text: &str) {
        let moves_len = record["moves"].as_array().map_or(0, Vec::len);
        match edit % 10 {
            0 if moves_len > 0 => record["moves"][pick % moves_len] = json!(text),
            1 if moves_len > 0 => {
                record["moves"]
                    .as_array_mut()
                    .unwrap()
                    .remove(pick % moves_len);
            }
            2 => record["moves"].as_array_mut().unwrap().push(json!(text)),
            3 => record["result"] = json!({"outcome": {"Win": text}, "reason": "Resignation"}),
            4 => record["result"] = json!({"outcome": "Draw", "reason": "Agreement"}),
            5 => record["draw_offer"] = json!(text),
            6 => {
                let limit = [0, 1, 2, u32::MAX][pick % 4];
                record["draw_rules"] = json!({"threefold_repetition": true, "move_limit": limit});
            }
            7 => record["start"] = json!(text),
            8 => record["result"] = Value::Null,
            9 if pick % 3 == 0 => {
                record
                    .as_object_mut()
                    .unwrap()
                    .remove(["undone", "draw_rules", "draw_offer", "result"][pick / 3 % 4]);
            }
            9 if pick % 3 == 1 => {
                if let Some(undone) = record["undone"].as_array_mut() {
                    undone.push(json!(text));
                }
            }
            _ => record["extra"] = json!(1),
        }
    }

    /// Checks a JSON text against `G`'s deserializer: what reads must
    /// write back to JSON that reads to the same value.
    fn check_round_trip<T>(json: &str) -> Result<Option<T>, TestCaseError>
    where
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + core::fmt::Debug,
    {
        match serde_json::from_str::<T>(json) {
            Ok(value) => {
                let written = serde_json::to_string(&value).unwrap();
                let again = serde_json::from_str::<T>(&written).ok();
                prop_assert_eq!(again.as_ref(), Some(&value), "{}", written);
                Ok(Some(value))
            }
            Err(error) => {
                assert_sentence(&error.to_string())?;
                Ok(None)
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        #[test]
        fn checkers_json_reads_only_valid_fen(
            text in super::checkers_inputs::fen_like(),
            odd in odd_json(),
        ) {
            let read = check_round_trip::<Checkers>(&quoted(&text))?;
            prop_assert_eq!(read, Checkers::from_fen(&text).ok());
            prop_assert_eq!(check_round_trip::<Checkers>(&odd)?, None);
        }

        #[test]
        fn move_json_reads_only_move_text(
            text in prop_oneof!["[0-9]{1,3}([-xX][0-9]{1,3}){1,11}", ".{0,12}"],
            odd in odd_json(),
        ) {
            let read = check_round_trip::<Move>(&quoted(&text))?;
            prop_assert_eq!(read, text.parse::<Move>().ok());
            prop_assert_eq!(check_round_trip::<Move>(&odd)?, None);
        }

        #[test]
        fn column_and_square_json_read_only_their_range(n in prop_oneof![any::<i64>(), -2_i64..40], odd in odd_json()) {
            let column = check_round_trip::<Column>(&n.to_string())?;
            prop_assert_eq!(column, usize::try_from(n).ok().and_then(Column::new));
            let square = check_round_trip::<checkers::Square>(&n.to_string())?;
            prop_assert_eq!(square, u8::try_from(n).ok().and_then(checkers::Square::new));
            // Only a bare in-range integer reads as a column.
            if let Some(column) = check_round_trip::<Column>(&odd)? {
                prop_assert_eq!(odd.trim().parse::<usize>().ok(), Some(column.index()));
            }
        }

        #[test]
        fn connect4_json_reads_only_valid_position_text(text in "[XO./]{0,50}", moves in "[1-7]{0,42}", odd in odd_json()) {
            let read = check_round_trip::<Connect4>(&quoted(&text))?;
            prop_assert_eq!(read, Connect4::parse_text(&text).ok());
            if let Ok(game) = Connect4::from_moves(&moves) {
                prop_assert_eq!(check_round_trip::<Connect4>(&quoted(&game.text()))?, Some(game));
            }
            prop_assert_eq!(check_round_trip::<Connect4>(&odd)?, None);
        }

        #[test]
        fn match_json_reads_only_possible_records(
            choices in proptest::collection::vec(any::<u16>(), 0..60),
            ending in any::<u8>(),
            edits in proptest::collection::vec((any::<u8>(), any::<usize>(), select(vec![
                "11-15", "22x15x8", "9-14", "Red", "White", "X", "O", "B:W21-32:B1-12",
                "W:WK1:B5", "1-1", "", "0", "4", "......./......./......./......./......./X......",
            ])), 0..3),
            char_edit in (any::<u8>(), any::<usize>(), significant_char()),
            checkers in any::<bool>(),
            mangle in any::<bool>(),
            undos in prop_oneof![2 => Just(0_usize), 1 => 1..8_usize],
        ) {
            #[allow(clippy::too_many_arguments)]
            fn check<G>(choices: &[u16], undos: usize, ending: u8, edits: &[(u8, usize, &str)], char_edit: (u8, usize, char), mangle: bool) -> Result<(), TestCaseError>
            where
                G: Game + Default + serde::Serialize + serde::de::DeserializeOwned + PartialEq + core::fmt::Debug,
                G::Move: serde::Serialize + serde::de::DeserializeOwned,
                G::Player: serde::Serialize + serde::de::DeserializeOwned,
                G::Ending: serde::Serialize + serde::de::DeserializeOwned,
            {
                let end = [
                    PlayersEnd::Resign,
                    PlayersEnd::AgreeDraw,
                    PlayersEnd::OfferDraw,
                    PlayersEnd::None,
                    PlayersEnd::None,
                ][usize::from(ending % 5)];
                let game: Match<G> = random_match(choices, undos, end);
                let mut record = serde_json::to_value(&game).unwrap();
                let read_back = serde_json::from_value::<Match<G>>(record.clone()).ok();
                prop_assert_eq!(read_back.as_ref(), Some(&game));
                for &(edit, pick, text) in edits {
                    edit_record(&mut record, edit, pick, text);
                }
                let mut json = record.to_string();
                if mangle {
                    json = mutate(&json, char_edit.0, char_edit.1, char_edit.2);
                }
                if let Some(read) = check_round_trip::<Match<G>>(&json)? {
                    // A record that reads is a legal game from its start.
                    let mut position = read.start().clone();
                    for &mv in read.history() {
                        position = position.after(mv).expect("a read record is legal");
                    }
                    prop_assert_eq!(&position, read.position());
                    prop_assert_eq!(read.is_over(), read.result().is_some());
                    // Its undone moves are playable in turn from there (once
                    // a pending draw offer is answered).
                    let mut redone = read.clone();
                    if redone.pending_draw_offer().is_some() {
                        redone.decline_draw().unwrap();
                    }
                    for &mv in read.undone_moves().iter().rev() {
                        prop_assert_eq!(redone.redo(), Ok(mv));
                    }
                    prop_assert!(redone.undone_moves().is_empty());
                }
                Ok(())
            }
            if checkers {
                check::<Checkers>(&choices, undos, ending, &edits, char_edit, mangle)?;
            } else {
                check::<Connect4>(&choices, undos, ending, &edits, char_edit, mangle)?;
            }
        }
    }
}
