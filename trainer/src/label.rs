//! Labels from a deeper search: the quiet positions of PDN records, each
//! scored by the crate's engine (without its book) with the hand-set
//! evaluation, or the shipped learned one, searching a fixed depth,
//! written with its game's number and result so that `fit --labels` can
//! fit on the search's score, the result, or a blend.
//!
//! A line of the output: `GAME RESULT SCORE FEN`, GAME the game's number
//! in the files read (from 1, as `fit` numbers them), RESULT the game's
//! result for the side to move (1, 0.5, 0), SCORE the search's score for
//! the side to move in hundredths of a man (a proven win or loss as
//! ±[`DECIDED`]).

use std::fs::File;
use std::io::BufReader;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use rulebook::pdn::PdnReader;
use rulebook::search::{Engine, Limits};
use rulebook::{Game, Outcome};

use crate::variant::{is_quiet, Variant};

/// The score written for a proven win (its negation for a loss).
pub const DECIDED: i32 = 10_000;

/// The labelling settings.
pub struct Settings {
    /// The search's depth.
    pub depth: u32,
    /// Label one quiet position in this many (the others are left out).
    pub every: usize,
    /// Positions of the first plies of every game left out.
    pub skip_plies: usize,
    /// Searches at once.
    pub threads: usize,
    /// Search with the shipped learned evaluation instead of the hand-set one.
    pub learned: bool,
}

/// The engine that labels positions: the variant's strongest, without its
/// opening book (the book's moves come without a search's score).
///
/// # Errors
///
/// `learned` for a game that ships no learned evaluation.
pub fn labelling_engine<V: Variant>(learned: bool) -> Result<Engine<V::Position>, String> {
    V::strongest_engine(learned).map(Engine::without_book)
}

/// The labelled lines of the quiet positions of the games in `paths`
/// (one in `settings.every`, in the order of the games).
///
/// # Errors
///
/// A file that cannot be opened, or the engine of the variant.
pub fn label<V: Variant>(paths: &[String], settings: &Settings) -> Result<Vec<String>, String> {
    // Before reading anything: a game without a learned evaluation says so.
    labelling_engine::<V>(settings.learned)?;
    let first = V::Position::default().to_move();
    let second = V::Position::opponent(first);
    let mut jobs: Vec<(u64, f32, V::Position)> = Vec::new();
    let mut index = 0u64;
    let mut quiet = 0usize;
    for path in paths {
        let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for record in PdnReader::from_reader(BufReader::new(file)) {
            index += 1;
            let Ok(record) = record else { continue };
            let Some(outcome) = record.result().outcome_of(first, second) else {
                continue;
            };
            let Ok(game) = V::replay(&record) else {
                continue;
            };
            for position in game.positions().iter().skip(settings.skip_plies) {
                if !is_quiet::<V>(position) {
                    continue;
                }
                quiet += 1;
                if quiet % settings.every.max(1) != 0 {
                    continue;
                }
                let result = match outcome {
                    Outcome::Draw => 0.5,
                    Outcome::Win(winner) if winner == position.to_move() => 1.0,
                    Outcome::Win(_) => 0.0,
                };
                jobs.push((index, result, *position));
            }
        }
    }
    eprintln!(
        "{} positions to search at depth {}",
        jobs.len(),
        settings.depth
    );
    let next = AtomicUsize::new(0);
    let lines = Mutex::new(vec![String::new(); jobs.len()]);
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(|| {
                let mut engine = match labelling_engine::<V>(settings.learned) {
                    Ok(engine) => engine,
                    Err(e) => {
                        *failure.lock().unwrap() = Some(e);
                        return;
                    }
                };
                engine.set_limits(Limits::depth(settings.depth));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(game, result, position)) = jobs.get(i) else {
                        return;
                    };
                    // A fresh table for every position: the score does not
                    // depend on which thread searched what before.
                    engine.new_game();
                    let score = engine.think(position).score;
                    let value = if score.win_in_plies().is_some()
                        || score.database_win_in_plies().is_some()
                    {
                        DECIDED
                    } else if score.is_decisive() {
                        -DECIDED
                    } else {
                        score.value().clamp(-DECIDED + 1, DECIDED - 1)
                    };
                    lines.lock().unwrap()[i] =
                        format!("{game} {result} {value} {}", V::fen(&position));
                    if i % 1000 == 999 {
                        eprintln!("position {}", i + 1);
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    Ok(lines.into_inner().unwrap())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{English, International};
    use rulebook::checkers::Checkers;

    /// The depth-4 scores of `position` by the labelling engines with the
    /// hand-set and the learned evaluation, each searched without the
    /// book.
    fn hand_and_learned_scores<V: Variant>(position: V::Position) -> Vec<i32> {
        [false, true]
            .into_iter()
            .map(|learned| {
                let mut engine = labelling_engine::<V>(learned).unwrap();
                assert!(engine.book().is_none());
                engine.set_limits(Limits::depth(4));
                let result = engine.think(position);
                assert_eq!(result.depth, 4);
                result.score.value()
            })
            .collect()
    }

    #[test]
    fn labelling_engines_search_without_the_book_and_with_the_evaluation_asked_for() {
        // The starts are in the books: labels need a search of them. The
        // two evaluations judge them differently (International's shipped
        // weights too).
        let scores = hand_and_learned_scores::<English>(Checkers::default());
        assert_ne!(scores[0], scores[1]);
        let scores =
            hand_and_learned_scores::<International>(rulebook::draughts::International::default());
        assert_ne!(scores[0], scores[1]);
    }
}
