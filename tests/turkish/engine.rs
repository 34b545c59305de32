//! The computer players: each level beats the one below in paired games
//! from random openings (seeded), and an engine finds a winning capture.

use rulebook::search::Engine;
use rulebook::turkish::{self, Color, Turkish, DRAW_RULES};
use rulebook::{Game, Match, Outcome, SplitMix64};

/// The longest game, in plies: past it the game counts as a draw.
const MAX_GAME_PLIES: usize = 300;
/// Random plies before the engines take over.
const OPENING_PLIES: usize = 4;

/// One game from `opening`, `white` and `black` to move in turn: the
/// winner, or `None` for a draw.
fn play(
    opening: Turkish,
    white: &mut Engine<Turkish>,
    black: &mut Engine<Turkish>,
) -> Option<Color> {
    white.new_game();
    black.new_game();
    let mut game = Match::with_rules(opening, DRAW_RULES);
    for _ in 0..MAX_GAME_PLIES {
        if let Some(result) = game.result() {
            return match result.outcome {
                Outcome::Win(color) => Some(color),
                Outcome::Draw => None,
            };
        }
        let engine = match game.position().to_move() {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let mv = engine
            .think(&game)
            .best_move
            .expect("a game not over has a move");
        game.play(mv).expect("the engine plays legal moves");
    }
    None
}

/// Points (2 a win, 1 a draw) of level `strong` and level `weak` over
/// `pairs` pairs of games, each pair from one random opening with the
/// colours swapped, openings drawn from `seed`.
fn ladder_match(strong: u32, weak: u32, pairs: usize, seed: u64) -> (u32, u32) {
    let mut random = SplitMix64::new(seed);
    let (mut a, mut b) = (
        turkish::engine(strong).unwrap(),
        turkish::engine(weak).unwrap(),
    );
    let mut points = (0, 0);
    for _ in 0..pairs {
        let mut opening = Turkish::default();
        for _ in 0..OPENING_PLIES {
            let moves = opening.legal_moves();
            opening.apply_unchecked(moves[random.below(moves.len())]);
        }
        for strong_color in [Color::White, Color::Black] {
            let winner = if strong_color == Color::White {
                play(opening, &mut a, &mut b)
            } else {
                play(opening, &mut b, &mut a)
            };
            match winner {
                Some(color) if color == strong_color => points.0 += 2,
                Some(_) => points.1 += 2,
                None => (points.0 += 1, points.1 += 1).0,
            }
        }
    }
    points
}

#[test]
fn an_engine_takes_the_capture_that_wins() {
    // Taking the last piece wins at once, wherever the king lands.
    let game = Turkish::from_fen("W:WKa1,h3:Ba5").unwrap();
    let mut engine = turkish::engine(1).unwrap();
    let best = engine.think(game).best_move.unwrap();
    assert_eq!(
        game.after(best).unwrap().outcome(),
        Some(Outcome::Win(Color::White))
    );
}

#[test]
#[ignore = "long: the long-checks run"]
fn each_level_beats_the_one_below() {
    for (weak, seed) in [(1, 0x7a3b_0001), (2, 0x7a3b_0002)] {
        let (strong_points, weak_points) = ladder_match(weak + 1, weak, 6, seed);
        eprintln!("level {} against level {weak}, seed {seed:#x}: {strong_points} to {weak_points} points (2 a win)", weak + 1);
        assert!(
            strong_points > weak_points,
            "level {} against level {weak}: {strong_points} to {weak_points} (seed {seed:#x})",
            weak + 1
        );
    }
}
