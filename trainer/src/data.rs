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
    /// What the fit predicts: the game's result for the side to move
    /// (1 won, 0.5 drawn, 0 lost), or a blend of it with a deeper search's
    /// score (`fit --labels ... --blend W`).
    pub label: f32,
    /// The game's result for the side to move.
    pub result: f32,
    /// A deeper search's score for the side to move, when labelled
    /// (`label`).
    pub score: Option<i32>,
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

impl<P> Data<P> {
    /// No samples and no games yet: what a loader fills.
    fn empty() -> Self {
        Data {
            train: Vec::new(),
            held_out: Vec::new(),
            games: 0,
            skipped: 0,
        }
    }
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
    let mut data = Data::empty();
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
                    result: label,
                    score: None,
                });
            }
        }
    }
    Ok(data)
}

/// The positions of label files written by `label` (`GAME RESULT SCORE
/// FEN` lines), split by game as [`load`] splits them: the same seed puts
/// the same games in the held-out set. Each sample's `label` is its
/// result until the caller blends in the score.
///
/// # Errors
///
/// A file that cannot be read, or a line that does not read.
pub fn load_labels<V: Variant>(
    paths: &[String],
    seed: u64,
    held_out_percent: u64,
) -> Result<Data<V::Position>, String> {
    let mut data = Data::empty();
    let mut last_game = None;
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (number, line) in text.lines().enumerate() {
            let bad = || format!("{path}:{}: not GAME RESULT SCORE FEN", number + 1);
            let mut words = line.splitn(4, ' ');
            let mut word = || words.next().ok_or_else(bad);
            let game: u64 = word()?.parse().map_err(|_| bad())?;
            let result: f32 = word()?.parse().map_err(|_| bad())?;
            let score: i32 = word()?.parse().map_err(|_| bad())?;
            let position = V::from_fen(word()?).map_err(|e| format!("{}: {e}", bad()))?;
            if last_game != Some(game) {
                data.games += 1;
                last_game = Some(game);
            }
            let held_out = mix(game ^ mix(seed)) % 100 < held_out_percent;
            let set = if held_out {
                &mut data.held_out
            } else {
                &mut data.train
            };
            set.push(Sample {
                position,
                label: result,
                result,
                score: Some(score),
            });
        }
    }
    Ok(data)
}

/// The PDN 3.0 standard repository's 68 English games, committed for
/// the tests (where they come from: tests/data/games/README.md).
#[cfg(test)]
pub fn english_test_games() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/games/inferno.pdn")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::English;

    #[test]
    fn label_files_read_back_split_by_game_as_pdn_is() {
        let path = std::env::temp_dir().join(format!("rulebook-labels-{}.txt", std::process::id()));
        let lines = [
            "1 1 35 B:W21,22:B1,2",
            "1 0 -10000 W:W21,22:B1,2",
            "2 0.5 0 B:W32:B1",
        ];
        std::fs::write(&path, lines.join("\n")).unwrap();
        let paths = [path.to_string_lossy().into_owned()];
        let all_held_out = load_labels::<English>(&paths, 7, 100).unwrap();
        assert_eq!(all_held_out.games, 2);
        assert!(all_held_out.train.is_empty());
        let samples = &all_held_out.held_out;
        assert_eq!(samples.len(), 3);
        assert_eq!((samples[0].result, samples[0].score), (1.0, Some(35)));
        assert_eq!((samples[1].result, samples[1].score), (0.0, Some(-10_000)));
        assert_eq!(samples[2].label, 0.5);
        assert_eq!(English::fen(&samples[2].position), "B:W32:B1");
        let none_held_out = load_labels::<English>(&paths, 7, 0).unwrap();
        assert_eq!(none_held_out.train.len(), 3);
        std::fs::write(&path, "1 1 x B:W32:B1").unwrap();
        assert!(load_labels::<English>(&paths, 7, 10).is_err());
        std::fs::remove_file(&path).unwrap();
    }
}
