//! Training positions: the quiet positions of PDN records, each labelled
//! with its game's result for the side to move, split into training and
//! held-out sets by game (seeded).

use std::fs::File;
use std::io::BufReader;

use rulebook::pdn::PdnReader;
use rulebook::{Game, Outcome};

use crate::rng::mix;
use crate::variant::{is_quiet, Variant};

/// One labelled position.
pub struct Sample<P> {
    /// The position (quiet, game not over).
    pub position: P,
    /// The game's result for the side to move: 1 won, 0.5 drawn, 0 lost.
    pub label: f32,
}

/// The samples of a set of games, split.
pub struct Data<P> {
    /// For fitting.
    pub train: Vec<Sample<P>>,
    /// Games never fitted on: for the held-out loss.
    pub held_out: Vec<Sample<P>>,
    /// Games read with a result (decided or drawn).
    pub games: usize,
    /// Games skipped: unreadable, not replaying, or undecided.
    pub skipped: usize,
}

/// The labelled quiet positions of the games in `paths`; a game goes to
/// the held-out set when a hash of its number and `seed` falls in the
/// `held_out_percent` lowest hundredths. Positions of the first
/// `skip_plies` plies are left out (the opening: every game has them).
///
/// # Errors
///
/// A file that cannot be opened.
pub fn load<V: Variant>(
    paths: &[String],
    seed: u64,
    held_out_percent: u64,
    skip_plies: usize,
) -> Result<Data<V::Position>, String> {
    let mut data = Data {
        train: Vec::new(),
        held_out: Vec::new(),
        games: 0,
        skipped: 0,
    };
    let first = V::Position::default().to_move();
    let second = V::Position::opponent(first);
    let mut index = 0u64;
    for path in paths {
        let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for record in PdnReader::from_reader(BufReader::new(file)) {
            index += 1;
            let Ok(record) = record else {
                data.skipped += 1;
                continue;
            };
            let Some(outcome) = record.result().outcome_of(first, second) else {
                data.skipped += 1;
                continue;
            };
            let Ok(game) = V::replay(&record) else {
                data.skipped += 1;
                continue;
            };
            data.games += 1;
            let held_out = mix(index ^ mix(seed)) % 100 < held_out_percent;
            let set = if held_out {
                &mut data.held_out
            } else {
                &mut data.train
            };
            for position in game.positions().iter().skip(skip_plies) {
                if !is_quiet::<V>(position) {
                    continue;
                }
                let label = match outcome {
                    Outcome::Draw => 0.5,
                    Outcome::Win(winner) if winner == position.to_move() => 1.0,
                    Outcome::Win(_) => 0.0,
                };
                set.push(Sample {
                    position: *position,
                    label,
                });
            }
        }
    }
    Ok(data)
}
