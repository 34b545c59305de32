//! The draughts computer players: every variant's engine plays legal moves
//! to the end of a game against a random player and wins, and takes a
//! winning capture when it has one.

use rulebook::draughts::{self, Draughts, Rules};
use rulebook::{Game, Match, Outcome};

/// A small seeded generator for the random player.
fn next(state: &mut u64) -> usize {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*state >> 33) as usize
}

/// Plays the level-2 engine against a random player (engine as White,
/// then as Black); returns the engine's wins.
fn wins_against_random<R: Rules>(seed: u64) -> usize {
    let mut wins = 0;
    for engine_side in [draughts::Color::White, draughts::Color::Black] {
        let mut engine = draughts::engine::<R>(2).unwrap();
        let mut game = Match::with_rules(Draughts::<R>::default(), R::DRAW_RULES);
        let mut state = seed;
        while !game.is_over() && game.history().len() < 400 {
            let mv = if game.to_move() == engine_side {
                let mv = engine
                    .think(&game)
                    .best_move
                    .expect("a move while the game goes on");
                assert!(game.position().is_legal(mv));
                mv
            } else {
                let moves = game.position().legal_moves();
                moves[next(&mut state) % moves.len()]
            };
            game.play(mv).unwrap();
        }
        if game.result().map(|r| r.outcome) == Some(Outcome::Win(engine_side)) {
            wins += 1;
        }
    }
    wins
}

#[test]
fn every_variant_beats_a_random_player() {
    assert_eq!(wins_against_random::<draughts::InternationalRules>(1), 2);
    assert_eq!(wins_against_random::<draughts::RussianRules>(2), 2);
    assert_eq!(wins_against_random::<draughts::BrazilianRules>(3), 2);
    assert_eq!(wins_against_random::<draughts::PoolRules>(4), 2);
    assert_eq!(wins_against_random::<draughts::ItalianRules>(5), 2);
    assert_eq!(wins_against_random::<draughts::SpanishRules>(6), 2);
    assert_eq!(wins_against_random::<draughts::CzechRules>(7), 2);
    assert_eq!(wins_against_random::<draughts::EnglishRules>(8), 2);
}

#[test]
fn the_engine_sees_a_win_and_judges_draws() {
    // White's king takes Black's last two pieces in one capture.
    let position = draughts::International::from_fen("W:WK46:B37,19").unwrap();
    let mut engine = draughts::engine::<draughts::InternationalRules>(1).unwrap();
    let result = engine.think(position);
    assert_eq!(result.score.win_in_plies(), Some(1), "{result:?}");
    // One king each: a dead draw, so a draw offer is accepted.
    let dead = draughts::International::from_fen("W:WK46:BK5").unwrap();
    let game = Match::new(dead);
    assert!(engine.accepts_draw(&game));
    // A man up with men on the board: declined.
    let ahead = draughts::International::from_fen("B:W31,32,33:B5,6").unwrap();
    assert!(!engine.accepts_draw(&Match::new(ahead)));
}
