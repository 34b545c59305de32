//! Self-play games of the crate's International engine, for training
//! positions where few records exist: each game starts with seeded random
//! plies, then the engine plays both sides at a fixed depth; the games are
//! written as PDN.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use rulebook::draughts::{self, Draughts, InternationalRules, Rules};
use rulebook::search::Limits;
use rulebook::{Game, Match};

use crate::rng::{mix, Rng};

/// A game still going after this many plies is left out.
const MAX_PLIES: usize = 300;

/// The self-play settings.
pub struct Settings {
    /// Games to play.
    pub games: usize,
    /// The seed of the openings.
    pub seed: u64,
    /// The engine's depth.
    pub depth: u32,
    /// The most random plies at the start (each game draws a number from
    /// half of it to all of it).
    pub opening_plies: usize,
    /// Games played at once.
    pub threads: usize,
}

/// Plays the games and returns their PDN records (games that ended;
/// in the order of their numbers).
pub fn play(settings: &Settings) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let records = Mutex::new(vec![None; settings.games]);
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= settings.games {
                    return;
                }
                let record = play_one(settings, index);
                if index % 100 == 99 {
                    eprintln!("game {}", index + 1);
                }
                records.lock().unwrap()[index] = record;
            });
        }
    });
    records
        .into_inner()
        .unwrap()
        .into_iter()
        .flatten()
        .collect()
}

/// Game `index`: its PDN record, or `None` when it did not end.
fn play_one(settings: &Settings, index: usize) -> Option<String> {
    let mut rng = Rng(mix(settings.seed ^ mix(index as u64)));
    let start = Draughts::<InternationalRules>::default();
    let mut game = Match::with_rules(start, InternationalRules::DRAW_RULES);
    let plies = settings.opening_plies / 2 + rng.below(settings.opening_plies / 2 + 1);
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if game.is_over() || moves.is_empty() {
            return None;
        }
        game.play(moves[rng.below(moves.len())]).ok()?;
    }
    let mut engine = draughts::engine::<InternationalRules>(draughts::MAX_LEVEL).ok()?;
    engine.set_limits(Limits::depth(settings.depth));
    while !game.is_over() && game.history().len() < MAX_PLIES {
        let mv = engine.think(&game).best_move?;
        game.play(mv).ok()?;
    }
    if !game.is_over() {
        return None;
    }
    let round = (index + 1).to_string();
    draughts::pdn::write_match(&game, [("Event", "rulebook self-play"), ("Round", &round)]).ok()
}
