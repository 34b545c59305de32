//! Checkers move text: `Move::from_str` and `Checkers::parse_move`. The
//! first line is a FEN (the start position when it is not one), the rest
//! the move text. A move that reads writes back to text that reads to it;
//! `parse_move` only ever answers a legal move, resolves the exact text of
//! a legal move to that move, and lists the legal moves when nothing
//! matches.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulebook::checkers::{Checkers, Move, ResolveMoveError};
use rulebook::Game;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (fen, move_text) = text.split_once('\n').unwrap_or(("", text));
    let position = Checkers::from_fen(fen).unwrap_or_default();
    let legal = position.legal_moves();

    let exact = move_text.parse::<Move>();
    if let Ok(mv) = exact {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        assert_eq!(mv.path().count(), mv.capture_count().max(1) + 1);
        assert_eq!(position.is_legal(mv), legal.contains(&mv));
        assert_eq!(position.why_illegal(mv).is_none(), position.is_legal(mv));
    }
    match position.parse_move(move_text) {
        Ok(mv) => {
            assert!(legal.contains(&mv), "{move_text:?} resolved to {mv}");
            assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
            if let Ok(written) = exact {
                if legal.contains(&written) {
                    assert_eq!(mv, written, "an exact legal move resolves to itself");
                }
            }
        }
        Err(ResolveMoveError::NoMatch { legal: listed, .. }) => {
            assert_eq!(listed.as_slice(), &*legal);
            if let Ok(written) = exact {
                assert!(!legal.contains(&written));
            }
        }
        Err(ResolveMoveError::Ambiguous { candidates, .. }) => {
            assert!(candidates.len() >= 2);
            assert!(candidates.iter().all(|mv| legal.contains(mv)));
        }
        Err(ResolveMoveError::Parse(error)) => {
            assert_eq!(exact, Err(error));
        }
    }
});
