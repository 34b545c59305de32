//! Games between two levels of the Turkish computer player, from seeded
//! random openings with the colours swapped: the level-ladder test
//! (`engine.rs`) and the `turkish_ladder` example, which measures the
//! table of docs/turkish.md, share it.

use rulebook::search::Engine;
use rulebook::turkish::{self, Color, Turkish, DRAW_RULES};
use rulebook::{Game, Match, Outcome, SplitMix64};

/// The longest game, in plies: past it the game counts as a draw.
pub const MAX_GAME_PLIES: usize = 300;
/// Random plies before the engines take over.
pub const OPENING_PLIES: usize = 4;

/// Wins, draws and losses of the stronger level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the stronger level won.
    pub wins: u32,
    /// Games drawn (by the draw rules, or longer than [`MAX_GAME_PLIES`]).
    pub draws: u32,
    /// Games the stronger level lost.
    pub losses: u32,
}

impl Tally {
    /// Points of the stronger and the weaker level, 2 a win and 1 a draw.
    pub fn points(&self) -> (u32, u32) {
        (2 * self.wins + self.draws, 2 * self.losses + self.draws)
    }
}

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

/// Level `strong` against level `weak` over `pairs` pairs of games, each
/// pair from one random opening ([`OPENING_PLIES`] plies drawn from
/// `seed`) with the colours swapped.
pub fn ladder_match(strong: u32, weak: u32, pairs: usize, seed: u64) -> Tally {
    let mut random = SplitMix64::new(seed);
    let (mut a, mut b) = (
        turkish::engine(strong).expect("a level"),
        turkish::engine(weak).expect("a level"),
    );
    let mut tally = Tally::default();
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
                Some(color) if color == strong_color => tally.wins += 1,
                Some(_) => tally.losses += 1,
                None => tally.draws += 1,
            }
        }
    }
    tally
}
