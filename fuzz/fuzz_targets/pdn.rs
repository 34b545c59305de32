//! PDN: the reader on any bytes (from a string and from a `BufRead`, which
//! must agree), every game read replayed under the rules (as English
//! checkers, and as the draughts variant its `GameType` names), and every
//! replayed game written and read back to the same match.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulebook::checkers::pdn::{write_match, PdnReader, PdnResult};
use rulebook::draughts::pdn::{replay, replay_any, MatchVisitor};
use rulebook::draughts::{Draughts, Rules};
use rulebook::{Game, Match};

/// The tags the writer computes itself.
const COMPUTED_TAGS: [&str; 4] = ["Result", "GameType", "SetUp", "FEN"];

/// Whether `square` is PDN square syntax: a number, or a file letter and a
/// rank number (`c3`).
fn is_square(square: &str) -> bool {
    let digits = square.strip_prefix(|c: char| c.is_ascii_lowercase()).unwrap_or(square);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A draughts match written with the variant's writer reads back, as the
/// same variant, to the same start, moves and winner.
fn draughts_round_trip<R: Rules>(replayed: &Match<Draughts<R>>, tags: &[(&str, &str)]) {
    let written = rulebook::draughts::pdn::write_match(replayed, tags.iter().copied())
        .expect("the tags of a game read are writable");
    let read_back = PdnReader::new(&written)
        .next()
        .expect("one game")
        .unwrap_or_else(|error| panic!("{error}\n{written}"));
    let again = replay::<R>(&read_back).unwrap_or_else(|error| panic!("{error}\n{written}"));
    assert_eq!(again.start(), replayed.start(), "{written}");
    assert_eq!(again.history(), replayed.history(), "{written}");
    assert_eq!(
        again.result().map(|r| r.outcome),
        replayed.result().map(|r| r.outcome),
        "{written}"
    );
}

/// [`draughts_round_trip`] for whichever variant a game replayed as.
struct RoundTrip<'a>(&'a [(&'a str, &'a str)]);

impl MatchVisitor for RoundTrip<'_> {
    type Output = ();
    fn visit<R: Rules>(self, replayed: &Match<Draughts<R>>) {
        draughts_round_trip(replayed, self.0);
    }
}

fuzz_target!(|data: &[u8]| {
    let from_bytes: Vec<_> = PdnReader::from_reader(data).collect();
    if let Ok(text) = std::str::from_utf8(data) {
        let from_text: Vec<_> = PdnReader::new(text).collect();
        assert_eq!(from_text, from_bytes);
    }
    for (index, item) in from_bytes.iter().enumerate() {
        let game = match item {
            Ok(game) => game,
            Err(error) => {
                assert_eq!(error.game.number, index + 1);
                assert!(error.position.line >= 1);
                continue;
            }
        };
        assert_eq!(game.id().number, index + 1);
        for mv in game.moves() {
            // A move is move syntax, read exactly as written.
            let squares: Vec<&str> = mv.text().split(['-', 'x', 'X', ':']).collect();
            assert!(squares.len() >= 2, "{:?}", mv.text());
            assert!(squares.iter().all(|s| is_square(s)), "{:?}", mv.text());
        }
        let tags: Vec<(&str, &str)> = game
            .tags()
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        if let Ok(replayed) = replay_any(game) {
            replayed.visit(RoundTrip(&tags));
        }
        let Ok(replayed) = game.replay() else {
            continue;
        };
        assert_eq!(replayed.history().len(), game.moves().len());
        let mut position = *replayed.start();
        for &mv in replayed.history() {
            position = position.after(mv).expect("a replayed game is legal");
        }
        assert_eq!(&position, replayed.position());
        let result = PdnResult::of_match(&replayed);
        if game.result() != PdnResult::Undecided {
            assert_eq!(result, game.result());
        }
        // Written and read back: the same match, the caller's tags kept.
        let written = write_match(&replayed, tags.iter().copied())
            .expect("the tags of a game read are writable");
        assert!(written.lines().all(|line| line.len() < 80 || line.starts_with('[')));
        let mut reader = PdnReader::new(&written);
        let read_back = reader
            .next()
            .expect("one game")
            .unwrap_or_else(|error| panic!("{error}\n{written}"));
        assert!(reader.next().is_none(), "{written}");
        let again = read_back
            .replay()
            .unwrap_or_else(|error| panic!("{error}\n{written}"));
        assert_eq!(again, replayed, "{written}");
        let kept: Vec<(&str, &str)> = read_back
            .tags()
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .filter(|(name, _)| !COMPUTED_TAGS.contains(name))
            .collect();
        let given: Vec<(&str, &str)> = tags
            .iter()
            .copied()
            .filter(|(name, _)| !COMPUTED_TAGS.contains(name))
            .collect();
        assert_eq!(kept, given, "{written}");
    }
});
