//! Checkers FEN: `Checkers::from_fen` and `Setup` on any text. What reads
//! writes back to FEN that reads to the same position, agrees with the
//! two-stage `Setup` path, and is playable: every legal move's text
//! resolves to it and plays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulebook::checkers::{Checkers, Setup};
use rulebook::Game;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let result = Checkers::from_fen(text);
    let staged = text
        .parse::<Setup>()
        .map_err(|error| error.to_string())
        .and_then(|setup| Checkers::from_setup(&setup).map_err(|error| error.to_string()));
    assert_eq!(result.is_ok(), staged.is_ok(), "{text:?}");
    assert_eq!(text.parse::<Checkers>(), result.clone());
    match result {
        Ok(position) => {
            let fen = position.to_fen();
            assert_eq!(Checkers::from_fen(&fen), Ok(position), "{fen}");
            assert_eq!(position.to_setup().to_string(), fen);
            let moves = position.legal_moves();
            assert_eq!(moves.is_empty(), position.outcome().is_some());
            for &mv in moves.iter() {
                assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
                let next = position.after(mv).expect("a legal move plays");
                assert_eq!(Checkers::from_fen(&next.to_fen()), Ok(next));
            }
            let _board = position.to_string();
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
