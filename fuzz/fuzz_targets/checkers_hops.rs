//! Checkers moves entered hop by hop (`Checkers::enter_move`, then
//! `PartialCapture::enter`): the first line is a FEN (the start position when
//! it is not one), every further line one entry. Whatever is typed, a
//! completed move is legal, a capture in progress always has a next jump
//! along a legal capture, and errors are sentences.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulebook::checkers::{Checkers, Entry, PartialCapture};
use rulebook::Game;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.split('\n');
    let position = Checkers::from_fen(lines.next().unwrap_or("")).unwrap_or_default();
    let legal = position.legal_moves();
    let mut partial: Option<PartialCapture> = None;
    for line in lines {
        let entry = match &partial {
            None => position.enter_move(line),
            Some(jump) => jump.enter(line),
        };
        match entry {
            Ok(Entry::Complete(mv)) => {
                assert!(legal.contains(&mv), "{line:?} completed {mv}");
                if let Some(jump) = &partial {
                    let squares: Vec<_> = mv.path().collect();
                    assert!(squares.starts_with(jump.squares()));
                }
                partial = None;
            }
            Ok(Entry::Capturing(jump)) => {
                let next = jump.next_landings();
                assert!(!next.is_empty(), "a capture in progress goes on");
                assert_eq!(jump.squares().last(), Some(&jump.landing()));
                // Some legal capture starts with the squares so far and is
                // longer.
                assert!(legal.iter().any(|mv| {
                    let path: Vec<_> = mv.path().collect();
                    path.len() > jump.squares().len() && path.starts_with(jump.squares())
                }));
                partial = Some(jump);
            }
            Err(error) => {
                let message = error.to_string();
                assert!(!message.is_empty());
            }
        }
    }
});
