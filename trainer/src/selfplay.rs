//! Self-play games of the crate's engines, for training positions beyond
//! the records: each game starts with seeded random plies, then the
//! variant's strongest engine (hand-set evaluation, or the shipped learned
//! one) plays both sides at a fixed depth; the games are written as PDN.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use rulebook::search::Limits;
use rulebook::{Game, Match};

use crate::label::labelling_engine;
use crate::rng::{mix, Rng};
use crate::variant::Variant;

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
    /// Play with the shipped learned evaluation instead of the hand-set one.
    pub learned: bool,
    /// Keep only openings that a [`BALANCE_DEPTH`]-ply search scores
    /// within this margin of even (hundredths of a man): the first of up to
    /// [`BALANCE_TRIES`] random openings, else the closest to even.
    pub balanced: Option<u32>,
}

/// The depth of the search that judges an opening under `balanced`.
const BALANCE_DEPTH: u32 = 8;

/// How many random openings a game draws under `balanced` before it keeps
/// the closest to even.
const BALANCE_TRIES: usize = 200;

/// Plays the games and returns their PDN records (games that ended;
/// in the order of their numbers).
///
/// # Errors
///
/// `settings.learned` for a game that ships no learned evaluation.
pub fn play<V: Variant>(settings: &Settings) -> Result<Vec<String>, String> {
    // Before playing anything: a game without a learned evaluation says so.
    V::strongest_engine(settings.learned)?;
    let next = AtomicUsize::new(0);
    let records = Mutex::new(vec![None; settings.games]);
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= settings.games {
                    return;
                }
                let record = play_one::<V>(settings, index);
                if index % 100 == 99 {
                    eprintln!("game {}", index + 1);
                }
                records.lock().unwrap()[index] = record;
            });
        }
    });
    Ok(records
        .into_inner()
        .unwrap()
        .into_iter()
        .flatten()
        .collect())
}

/// Game `index`: its PDN record, or `None` when it did not end.
fn play_one<V: Variant>(settings: &Settings, index: usize) -> Option<String> {
    let mut rng = Rng(mix(settings.seed ^ mix(index as u64)));
    let mut game = match settings.balanced {
        None => random_opening::<V>(settings, &mut rng)?,
        Some(margin) => balanced_opening::<V>(settings, margin, &mut rng)?,
    };
    let mut engine = V::strongest_engine(settings.learned).ok()?;
    engine.set_limits(Limits::depth(settings.depth));
    while !game.is_over() && game.history().len() < MAX_PLIES {
        let mv = engine.think(&game).best_move?;
        game.play(mv).ok()?;
    }
    if !game.is_over() {
        return None;
    }
    let round = (index + 1).to_string();
    rulebook::pdn::write_match(&game, [("Event", "rulebook self-play"), ("Round", &round)]).ok()
}

/// `settings.opening_plies / 2` to `settings.opening_plies` random plies
/// from the start, or `None` when the game ended in them.
fn random_opening<V: Variant>(settings: &Settings, rng: &mut Rng) -> Option<Match<V::Position>> {
    let mut game = Match::with_rules(V::Position::default(), V::DRAW_RULES);
    let plies = settings.opening_plies / 2 + rng.below(settings.opening_plies / 2 + 1);
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if game.is_over() || moves.is_empty() {
            return None;
        }
        game.play(moves[rng.below(moves.len())]).ok()?;
    }
    Some(game)
}

/// The first random opening (of a game that goes on) that the labelling
/// engine, searching [`BALANCE_DEPTH`] plies, scores within `margin` of
/// even; after [`BALANCE_TRIES`] the closest to even.
fn balanced_opening<V: Variant>(
    settings: &Settings,
    margin: u32,
    rng: &mut Rng,
) -> Option<Match<V::Position>> {
    let mut judge = labelling_engine::<V>(settings.learned).ok()?;
    judge.set_limits(Limits::depth(BALANCE_DEPTH));
    let mut closest: Option<(u32, Match<V::Position>)> = None;
    for _ in 0..BALANCE_TRIES {
        let Some(game) = random_opening::<V>(settings, rng).filter(|game| !game.is_over()) else {
            continue;
        };
        // A fresh table for every try: the score is the position's, not
        // what the earlier tries left in the table.
        judge.new_game();
        let imbalance = judge.think(&game).score.value().unsigned_abs();
        if imbalance <= margin {
            return Some(game);
        }
        if closest.as_ref().map_or(true, |(best, _)| imbalance < *best) {
            closest = Some((imbalance, game));
        }
    }
    closest.map(|(_, game)| game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{English, International};

    fn settings(learned: bool) -> Settings {
        Settings {
            games: 4,
            seed: 7,
            depth: 2,
            opening_plies: 6,
            threads: 2,
            learned,
            balanced: None,
        }
    }

    #[test]
    fn checkers_self_play_writes_games_that_replay_to_their_end() {
        let records = play::<English>(&settings(true)).unwrap();
        assert!(!records.is_empty());
        assert_eq!(records, play::<English>(&settings(true)).unwrap());
        let text = records.join("\n");
        let games: Vec<_> = rulebook::pdn::PdnReader::from_reader(text.as_bytes())
            .map(|record| English::replay(&record.unwrap()).unwrap())
            .collect();
        assert_eq!(games.len(), records.len());
        for game in &games {
            let mut replayed = Match::with_rules(*game.start(), English::DRAW_RULES);
            for &mv in game.history() {
                replayed.play(mv).unwrap();
            }
            assert!(replayed.is_over(), "a written game ends");
        }
    }

    #[test]
    fn balanced_openings_are_scored_within_the_margin_by_the_judge() {
        let settings = Settings {
            opening_plies: 10,
            ..settings(true)
        };
        let mut judge = labelling_engine::<English>(true).unwrap();
        judge.set_limits(Limits::depth(BALANCE_DEPTH));
        let mut lopsided = 0;
        for seed in 0..6 {
            let game = balanced_opening::<English>(&settings, 40, &mut Rng(mix(seed))).unwrap();
            assert!(game.history().len() >= 5);
            // Judged afresh, as the opening was.
            judge.new_game();
            assert!(judge.think(&game).score.value().abs() <= 40);
            // Random openings of the same length are often lopsided: the
            // margin is what keeps these even.
            let random = random_opening::<English>(&settings, &mut Rng(mix(seed + 100))).unwrap();
            judge.new_game();
            lopsided += usize::from(judge.think(&random).score.value().abs() > 40);
        }
        assert!(lopsided > 0, "some random openings are lopsided");
    }

    #[test]
    fn international_self_play_with_the_shipped_weights_differs_from_the_hand_set_one() {
        // Both evaluations play the games of the seed to their end; the
        // learned one judges otherwise, so the games are not all the same.
        let learned = play::<International>(&settings(true)).unwrap();
        let hand = play::<International>(&settings(false)).unwrap();
        assert!(!learned.is_empty() && !hand.is_empty());
        assert_ne!(learned, hand);
    }
}
