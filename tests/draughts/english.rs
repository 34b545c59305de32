//! The generic draughts engine set to English rules (`English`) against
//! `Checkers`, which has its own code: the same legal moves (as text) in
//! thousands of positions reached by random play and in random set-up
//! positions full of kings, and the same perft. Agreement proves both.

use rulebook::checkers::Checkers;
use rulebook::draughts::English;
use rulebook::{perft, Game, SplitMix64};

/// The English position with the same FEN.
fn english_of(checkers: &Checkers) -> English {
    English::from_fen(&checkers.to_fen()).expect("a checkers FEN is an English FEN")
}

/// Legal moves as sorted text.
fn move_texts<G: Game>(game: &G) -> Vec<String> {
    let mut texts: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
    texts.sort();
    texts
}

/// Both engines agree in `checkers`: same FEN round trip, same moves, same
/// ending; returns the English position.
fn assert_agree(checkers: &Checkers) -> English {
    let english = english_of(checkers);
    assert_eq!(english.to_fen(), checkers.to_fen());
    assert_eq!(
        move_texts(&english),
        move_texts(checkers),
        "in {}",
        checkers.to_fen()
    );
    assert_eq!(english.outcome().is_some(), checkers.outcome().is_some());
    english
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn random_games_have_the_same_moves() {
    let mut rng = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    for game in 0..400 {
        let mut checkers = Checkers::default();
        for _ply in 0..200 {
            let english = assert_agree(&checkers);
            positions += 1;
            let moves = checkers.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            checkers.apply(mv).unwrap();
            // The same move, read from its text, on the generic engine.
            let mut next = english;
            next.apply(mv.to_string().parse().unwrap()).unwrap();
            assert_eq!(next.to_fen(), checkers.to_fen(), "game {game} after {mv}");
        }
    }
    assert!(positions > 20_000, "{positions} positions");
}

/// A random legal set-up: up to 12 pieces a side, half of them kings, no
/// man on its crowning row.
fn random_setup(rng: &mut SplitMix64) -> Option<Checkers> {
    let mut white = Vec::new();
    let mut black = Vec::new();
    for square in 1..=32u32 {
        match rng.below(5) {
            0 if white.len() < 12 => {
                let king = square <= 4 || rng.below(2) == 0;
                white.push(format!("{}{square}", if king { "K" } else { "" }));
            }
            1 if black.len() < 12 => {
                let king = square >= 29 || rng.below(2) == 0;
                black.push(format!("{}{square}", if king { "K" } else { "" }));
            }
            _ => {}
        }
    }
    let turn = if rng.below(2) == 0 { "W" } else { "B" };
    Checkers::from_fen(&format!("{turn}:W{}:B{}", white.join(","), black.join(","))).ok()
}

#[test]
fn random_setups_have_the_same_moves_and_perft() {
    let mut rng = SplitMix64::new(42);
    for _ in 0..3000 {
        let Some(checkers) = random_setup(&mut rng) else {
            continue;
        };
        let english = assert_agree(&checkers);
        for depth in 0..=3 {
            assert_eq!(
                perft(&english, depth),
                perft(&checkers, depth),
                "{}",
                checkers.to_fen()
            );
        }
    }
}

#[test]
fn start_position_perft_agrees() {
    for depth in 0..=8 {
        assert_eq!(
            perft(&English::default(), depth),
            perft(&Checkers::default(), depth)
        );
    }
}

#[test]
#[ignore = "deep perft: run in release"]
fn start_position_perft_agrees_deep() {
    // 18,391,564 and 85,242,128: OEIS A133046.
    assert_eq!(perft(&English::default(), 10), 18_391_564);
    assert_eq!(perft(&English::default(), 11), 85_242_128);
}
