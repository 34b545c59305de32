//! PDN: the reader on any bytes (from a string and from a `BufRead`, which
//! must agree), every game read replayed under the rules, and every
//! replayed game written and read back to the same match.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulebook::checkers::pdn::{write_match, PdnReader, PdnResult};
use rulebook::Game;

/// The tags the writer computes itself.
const COMPUTED_TAGS: [&str; 4] = ["Result", "GameType", "SetUp", "FEN"];

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
            let squares: Vec<&str> = mv.text().split(['-', 'x', 'X']).collect();
            assert!(squares.len() >= 2, "{:?}", mv.text());
            assert!(squares
                .iter()
                .all(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())));
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
        let tags: Vec<(&str, &str)> = game
            .tags()
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
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
