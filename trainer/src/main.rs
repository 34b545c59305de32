//! The trainer of rulebook's learned evaluations
//! (`rulebook::checkers::LearnedEvaluation`,
//! `rulebook::draughts::LearnedEvaluation`): it plays self-play games,
//! reads game records, keeps the quiet positions labelled with their
//! game's result, fits the pattern weights by logistic regression and
//! reports the training and held-out log loss, against the hand-set
//! evaluation's with only its scale fitted.
//!
//! ```text
//! cargo run --release -p rulebook-trainer -- selfplay [checkers|VARIANT] \
//!     --games N --seed S --depth D --opening-plies K [--threads T] \
//!     [--engine hand|learned] [--balanced M] --out GAMES.pdn
//! cargo run --release -p rulebook-trainer -- fit <checkers|VARIANT> \
//!     PDN... --seed S --out WEIGHTS [--epochs E] [--batch B] [--lr R] \
//!     [--l2 L] [--held-out PERCENT] [--skip-plies K] [--sample FILE N] \
//!     [--base none|hand] [--learn all|patterns] [--min-count N] \
//!     [--input pdn|labels] [--blend W] [--runs K] [--threads T] [--symmetric yes|no]
//! cargo run --release -p rulebook-trainer -- label <checkers|VARIANT> \
//!     PDN... --depth D --out LABELS [--every K] [--skip-plies K] [--threads T] \
//!     [--engine hand|learned]
//! ```
//!
//! `checkers` is English checkers; `VARIANT` is any draughts variant of
//! the library by its name (`international`, `russian`, `brazilian`,
//! `pool`, `italian`, `spanish`, `czech`, ...).
//!
//! `label` scores quiet positions with a fixed-depth search of the
//! hand-set engine (`--engine learned`: of the engine with the shipped
//! learned evaluation), without the opening book; `fit
//! --input labels` fits on those scores (through the hand-set evaluation's
//! fitted scale), blended with the games' results by `--blend W` (1: the
//! scores only).
//!
//! `--base hand` fits a correction added to the hand-set evaluation (the
//! weights file says so) instead of a whole evaluation; `--learn patterns`
//! fits the pattern weights only (the others stay 0, or a man = the
//! hand-set man without a base); `--min-count N` sets to 0 the weight of
//! every pattern state seen in fewer than N training positions (a weight
//! fitted on a handful of positions is noise that a search would steer
//! into). `--symmetric yes` ties each weight to its mirror's (the feature
//! with the other side to move), so that the learned part gives the same
//! board the same value, negated, whoever is to move: no bonus for having
//! the move, which a search would see rise and fall between odd and even
//! depths.
//!
//! `--runs K` fits K times, run k shuffling the samples with seed S + k
//! (the held-out games are those of seed S for every run), on up to
//! `--threads T` threads, and writes the mean of the K runs' weights:
//! where a run stops depends on the order of the samples, and the mean
//! keeps what the runs agree on.
//!
//! Every random choice comes from the seed: the same command makes the
//! same bytes. `docs/learned-eval.md` has the commands that made the
//! shipped weights.

mod data;
mod fit;
mod label;
mod rng;
mod selfplay;
mod variant;

use std::process::ExitCode;

use rulebook::draughts::{self, Rules, RulesVisitor};
use variant::{DraughtsVariant, English, International, Variant};

const USAGE: &str = "\
usage: rulebook-trainer selfplay [checkers|VARIANT] --games N --seed S --depth D
                        --opening-plies K [--threads T] [--engine hand|learned] [--balanced M]
                        --out GAMES.pdn
       rulebook-trainer fit <checkers|VARIANT> PDN... --seed S --out WEIGHTS
                        [--epochs E] [--batch B] [--lr R] [--l2 L]
                        [--held-out PERCENT] [--skip-plies K] [--sample FILE N]
                        [--base none|hand] [--learn all|patterns] [--min-count N]
                        [--input pdn|labels] [--blend W] [--runs K] [--threads T]
                        [--symmetric yes|no]
       rulebook-trainer label <checkers|VARIANT> PDN... --depth D --out LABELS
                        [--every K] [--skip-plies K] [--threads T] [--engine hand|learned]
VARIANT: a draughts variant by name (international, russian, brazilian, pool, ...)";

/// The parsed options of a command: `--name value` pairs and the rest.
struct Options {
    flags: Vec<(String, String)>,
    positional: Vec<String>,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options {
            flags: Vec::new(),
            positional: Vec::new(),
        };
        let mut rest = args.iter();
        while let Some(arg) = rest.next() {
            if let Some(name) = arg.strip_prefix("--") {
                let value = rest
                    .next()
                    .ok_or_else(|| format!("--{name} needs a value"))?;
                if name == "sample" {
                    let count = rest.next().ok_or("--sample needs a file and a count")?;
                    options.flags.push(("sample-size".into(), count.clone()));
                }
                options.flags.push((name.to_owned(), value.clone()));
            } else {
                options.positional.push(arg.clone());
            }
        }
        Ok(options)
    }

    fn text(&self, name: &str) -> Option<&str> {
        self.flags
            .iter()
            .rev()
            .find(|(flag, _)| flag == name)
            .map(|(_, value)| value.as_str())
    }

    fn number<T: std::str::FromStr>(&self, name: &str, default: Option<T>) -> Result<T, String> {
        match self.text(name) {
            Some(text) => text
                .parse()
                .map_err(|_| format!("--{name}: {text:?} is not a number")),
            None => default.ok_or_else(|| format!("--{name} is required")),
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("--help" | "-h") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        first => match first.and_then(Command::from_name) {
            Some(command) => Options::parse(&args[1..]).and_then(|o| {
                // The game is optional for selfplay only: International before
                // the others could play themselves.
                let game = match (o.positional.first(), command) {
                    (Some(game), _) => game.as_str(),
                    (None, Command::Selfplay) => International::NAME,
                    (None, _) => return Err(format!("{}: which game?", command.name())),
                };
                command.run_for(game, &o)
            }),
            None => Err("expected a command".to_owned()),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// A command of the trainer that works on one game.
#[derive(Clone, Copy)]
enum Command {
    Selfplay,
    Label,
    Fit,
}

impl Command {
    const ALL: [Command; 3] = [Command::Selfplay, Command::Label, Command::Fit];

    /// The command named `name` on the command line.
    fn from_name(name: &str) -> Option<Command> {
        Command::ALL
            .into_iter()
            .find(|command| command.name() == name)
    }

    fn name(self) -> &'static str {
        match self {
            Command::Selfplay => "selfplay",
            Command::Label => "label",
            Command::Fit => "fit",
        }
    }

    /// Runs the command for variant `V`.
    fn run<V: Variant>(self, options: &Options) -> Result<(), String> {
        match self {
            Command::Selfplay => selfplay::<V>(options),
            Command::Label => label::<V>(options),
            Command::Fit => fit::<V>(options),
        }
    }

    /// Runs the command for the game named `game`: English checkers
    /// (`checkers`) or any draughts variant of the library, by its name.
    fn run_for(self, game: &str, options: &Options) -> Result<(), String> {
        if game == English::NAME {
            return self.run::<English>(options);
        }
        let variant: draughts::Variant = game
            .parse()
            .map_err(|_| format!("{}: unknown game {game:?}", self.name()))?;
        if variant == draughts::Variant::English {
            // The draughts engine's English has no learned evaluation of
            // its own: the checkers module's is the one to train.
            return Err(format!(
                "{}: English checkers is trained as `{}`",
                self.name(),
                English::NAME
            ));
        }
        variant.visit_rules(RunCommand {
            command: self,
            options,
        })
    }
}

/// [`Command::run`] for the draughts variant a user named.
struct RunCommand<'a> {
    command: Command,
    options: &'a Options,
}

impl RulesVisitor for RunCommand<'_> {
    type Output = Result<(), String>;
    fn visit<R: Rules>(self) -> Self::Output {
        self.command.run::<DraughtsVariant<R>>(self.options)
    }
}

fn selfplay<V: Variant>(options: &Options) -> Result<(), String> {
    let settings = selfplay::Settings {
        games: options.number("games", None)?,
        seed: options.number("seed", None)?,
        depth: options.number("depth", None)?,
        opening_plies: options.number("opening-plies", None)?,
        threads: options.number("threads", Some(1))?,
        learned: engine_choice(options)?,
        balanced: options
            .text("balanced")
            .map(|_| options.number("balanced", None))
            .transpose()?,
    };
    let out = options.text("out").ok_or("--out is required")?;
    let records = selfplay::play::<V>(&settings)?;
    std::fs::write(out, records.join("\n")).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("{} of {} games ended: {out}", records.len(), settings.games);
    Ok(())
}

fn label<V: Variant>(options: &Options) -> Result<(), String> {
    let settings = label::Settings {
        depth: options.number("depth", None)?,
        every: options.number("every", Some(1))?,
        skip_plies: options.number("skip-plies", Some(0))?,
        threads: options.number("threads", Some(1))?,
        learned: engine_choice(options)?,
    };
    let out = options.text("out").ok_or("--out is required")?;
    let lines = label::label::<V>(&options.positional[1..], &settings)?;
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("{} positions labelled: {out}", lines.len());
    Ok(())
}

/// `--engine hand|learned` (default `hand`): whether the engine judges with
/// the shipped learned evaluation.
fn engine_choice(options: &Options) -> Result<bool, String> {
    match options.text("engine").unwrap_or("hand") {
        "hand" => Ok(false),
        "learned" => Ok(true),
        other => Err(format!("--engine: {other:?} is not hand or learned")),
    }
}

fn fit<V: Variant>(options: &Options) -> Result<(), String> {
    let seed: u64 = options.number("seed", None)?;
    let out = options.text("out").ok_or("--out is required")?;
    let paths = &options.positional[1..];
    let held_out_percent: u64 = options.number("held-out", Some(10))?;
    if held_out_percent >= 100 {
        return Err(format!(
            "--held-out {held_out_percent}: the percentage of games held out must be below 100"
        ));
    }
    let skip_plies = options.number("skip-plies", Some(0))?;
    let from_labels = match options.text("input").unwrap_or("pdn") {
        "pdn" => false,
        "labels" => true,
        other => return Err(format!("--input: {other:?} is not pdn or labels")),
    };
    let mut data = if from_labels {
        data::load_labels::<V>(paths, seed, held_out_percent)?
    } else {
        data::load::<V>(paths, seed, held_out_percent, skip_plies)?
    };
    eprintln!(
        "{} games ({} skipped): {} training and {} held-out quiet positions",
        data.games,
        data.skipped,
        data.train.len(),
        data.held_out.len()
    );
    if data.train.is_empty() {
        return Err(
            "no training positions: the records hold no quiet position of a finished game".into(),
        );
    }
    if data.held_out.is_empty() && options.text("sample").is_some() {
        return Err("--sample: no held-out positions to take it from (--held-out 0?)".into());
    }
    let held_count = data.held_out.len();
    let held = |loss: f64| fit::shown(loss, held_count);
    let labels = |samples: &[data::Sample<V::Position>]| -> Vec<f32> {
        samples.iter().map(|s| s.label).collect()
    };
    let (mut train_labels, mut held_labels) = (labels(&data.train), labels(&data.held_out));
    let held_results = held_labels.clone();

    // The hand-set evaluation with only its scale fitted.
    let hand = |samples: &[data::Sample<V::Position>]| -> Vec<i32> {
        samples.iter().map(|s| V::hand_set(&s.position)).collect()
    };
    let (hand_train, hand_held) = (hand(&data.train), hand(&data.held_out));
    let (scale, hand_train_loss) = fit::fit_scale(&hand_train, &train_labels);
    let hand_held_loss = fit::scaled_loss(&hand_held, &held_labels, scale);
    let constant = {
        let mean = train_labels.iter().map(|&y| f64::from(y)).sum::<f64>()
            / train_labels.len().max(1) as f64;
        let logit = (mean / (1.0 - mean)).ln() as f32;
        held_labels
            .iter()
            .map(|&y| fit::log_loss(logit, y))
            .sum::<f64>()
            / held_labels.len().max(1) as f64
    };
    eprintln!(
        "held-out loss of a constant (the mean result): {}",
        held(constant)
    );
    eprintln!(
        "hand-set evaluation, scale {scale:.1}: train loss {hand_train_loss:.5}, held-out loss {}",
        held(hand_held_loss)
    );

    if from_labels {
        // Blend the deeper search's score, seen through the hand-set
        // evaluation's fitted scale, with the game's result.
        let blend: f32 = options.number("blend", Some(1.0))?;
        if !(0.0..=1.0).contains(&blend) {
            return Err(format!("--blend {blend} is not between 0 and 1"));
        }
        let relabel = |samples: &mut [data::Sample<V::Position>]| {
            for sample in samples {
                let searched = match sample.score {
                    Some(score) if score >= label::DECIDED => 1.0,
                    Some(score) if score <= -label::DECIDED => 0.0,
                    Some(score) => fit::sigmoid((f64::from(score) / scale) as f32),
                    None => sample.result,
                };
                sample.label = blend * searched + (1.0 - blend) * sample.result;
            }
        };
        relabel(&mut data.train);
        relabel(&mut data.held_out);
        (train_labels, held_labels) = (labels(&data.train), labels(&data.held_out));
        eprintln!(
            "labels: {blend} x the search's score + {} x the result; against them the hand-set evaluation: \
             train loss {:.5}, held-out loss {}",
            1.0 - blend,
            fit::scaled_loss(&hand_train, &train_labels, scale),
            held(fit::scaled_loss(&hand_held, &held_labels, scale))
        );
    }

    let features = V::feature_count();
    let base = match options.text("base").unwrap_or("none") {
        "none" => false,
        "hand" => true,
        other => return Err(format!("--base: {other:?} is not none or hand")),
    };
    let patterns = V::pattern_feature_count();
    let frozen_from = match options.text("learn").unwrap_or("all") {
        "all" => features,
        "patterns" => patterns,
        other => return Err(format!("--learn: {other:?} is not all or patterns")),
    };
    let base_scale = base.then_some(scale);
    let symmetric = match options.text("symmetric").unwrap_or("no") {
        "no" => false,
        "yes" => true,
        other => return Err(format!("--symmetric: {other:?} is not yes or no")),
    };
    let train = fit::Table::new::<V>(&data.train, base_scale, symmetric);
    let held_out = fit::Table::new::<V>(&data.held_out, base_scale, symmetric);
    // Without a base, start from material only: a man is worth a hand-set
    // man.
    let mut initial = vec![0f32; 2 * features];
    if !base {
        let men = features - 5;
        for phase in 0..2 {
            initial[phase * features + men] = (100.0 / scale) as f32;
            initial[phase * features + men + 1] = (-100.0 / scale) as f32;
        }
    }
    let settings = fit::Settings {
        epochs: options.number("epochs", Some(20))?,
        batch: options.number("batch", Some(1024))?,
        learning_rate: options.number("lr", Some(0.002))?,
        l2: options.number("l2", Some(1e-6))?,
        seed,
        frozen_from,
    };
    let runs: usize = options.number("runs", Some(1))?;
    if runs == 0 {
        return Err("--runs 0: at least one run is needed".into());
    }
    let threads: usize = options.number("threads", Some(1))?;
    let mut weights = fit::fit_averaged(
        &train,
        &held_out,
        features,
        &initial,
        &settings,
        runs,
        threads.max(1),
    );
    if runs > 1 {
        eprintln!(
            "the mean of the {runs} runs: train loss {:.5}, held-out loss {}",
            train.loss(&weights, features),
            held(held_out.loss(&weights, features))
        );
    }
    let min_count: u32 = options.number("min-count", Some(0))?;
    if min_count > 0 {
        let occurrences = train.occurrences(features);
        let mut cleared = 0;
        for f in 0..patterns {
            if occurrences[f] > 0 && occurrences[f] < min_count {
                weights[f] = 0.0;
                weights[features + f] = 0.0;
                cleared += 1;
            }
        }
        eprintln!(
            "cleared {cleared} pattern states seen in fewer than {min_count} positions: held-out loss {}",
            held(held_out.loss(&weights, features))
        );
    }

    if symmetric {
        weights = fit::antisymmetric::<V>(&weights, features);
    }
    // Quantised to hundredths of a man on the hand-set evaluation's scale.
    let quantise = |phase: usize| -> Vec<i32> {
        (0..features)
            .map(|f| {
                let cp = (weights[phase * features + f] as f64 * scale).round() as i32;
                if f < patterns {
                    cp.clamp(-127, 127)
                } else {
                    cp.clamp(-32_768, 32_767)
                }
            })
            .collect()
    };
    let bytes = V::encode(&quantise(0), &quantise(1), base)?;
    std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
    let shipped: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let learned = V::learned(shipped)?;
    let values = |samples: &[data::Sample<V::Position>]| -> Vec<i32> {
        samples.iter().map(|s| learned(&s.position)).collect()
    };
    let (learned_train, learned_held) = (values(&data.train), values(&data.held_out));
    eprintln!(
        "learned evaluation as shipped (scale {scale:.1}): train loss {:.5}, held-out loss {}",
        fit::scaled_loss(&learned_train, &train_labels, scale),
        held(fit::scaled_loss(&learned_held, &held_labels, scale))
    );
    let (learned_scale, _) = fit::fit_scale(&learned_train, &train_labels);
    eprintln!(
        "learned evaluation, its scale refitted ({learned_scale:.1}): held-out loss {}",
        held(fit::scaled_loss(&learned_held, &held_labels, learned_scale))
    );
    if from_labels {
        eprintln!(
            "against the games' results, held-out loss: hand-set {}, learned as shipped {}",
            held(hand_held_loss),
            held(fit::scaled_loss(&learned_held, &held_results, scale))
        );
    }
    eprintln!("weights: {out}, {} bytes", shipped.len());

    if let Some(sample) = options.text("sample") {
        let count: usize = options.number("sample-size", None)?;
        let step = (data.held_out.len() / count.max(1)).max(1);
        let mut text = format!(
            "# Source: rulebook-trainer fit {} (seed {seed}): every {step}th quiet position of the held-out games, \
             with its game's result for the side to move (1 won, 0.5 drawn, 0 lost)\n",
            V::NAME
        );
        // The game's result, also when the fit's labels are a search's
        // scores: what a test of the weights can check without a search.
        for s in data.held_out.iter().step_by(step).take(count) {
            text.push_str(&format!("{} {}\n", s.result, V::fen(&s.position)));
        }
        std::fs::write(sample, text).map_err(|e| format!("{sample}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed English games ([`data::english_test_games`]) and a
    /// fresh directory for the output.
    fn games_and_dir(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
        let games = data::english_test_games();
        let dir =
            std::env::temp_dir().join(format!("rulebook-trainer-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        (games, dir)
    }

    fn fit_args(pdn: &std::path::Path, out: &std::path::Path, extra: &[&str]) -> Options {
        let mut args: Vec<String> = [
            "checkers",
            &pdn.to_string_lossy(),
            "--seed",
            "1",
            "--epochs",
            "1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        args.extend(["--out".to_string(), out.to_string_lossy().into_owned()]);
        args.extend(extra.iter().map(|s| s.to_string()));
        Options::parse(&args).unwrap()
    }

    #[test]
    fn fit_refuses_to_hold_out_every_game_and_writes_nothing() {
        let (pdn, dir) = games_and_dir("held-out");
        let out = dir.join("weights.rbpw");
        for percent in ["100", "150"] {
            let error =
                fit::<English>(&fit_args(&pdn, &out, &["--held-out", percent])).unwrap_err();
            assert!(error.contains("below 100"), "{error}");
            assert!(!out.exists());
        }
        // With nothing held out the fit runs, but a sample of the held-out
        // positions cannot be taken.
        let sample = dir.join("sample.txt");
        let sample_text = sample.to_string_lossy().into_owned();
        let error = fit::<English>(&fit_args(
            &pdn,
            &out,
            &["--held-out", "0", "--sample", &sample_text, "5"],
        ))
        .unwrap_err();
        assert!(error.contains("no held-out positions"), "{error}");
        assert!(!out.exists() && !sample.exists());
        fit::<English>(&fit_args(&pdn, &out, &["--held-out", "0"])).unwrap();
        assert!(out.exists());
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// `args` parsed.
    fn options(args: &[&str]) -> Options {
        Options::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn any_draughts_variant_is_trained_by_name() {
        let dir =
            std::env::temp_dir().join(format!("rulebook-trainer-by-name-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pdn = dir.join("russian.pdn").to_string_lossy().into_owned();
        let weights = dir.join("russian.rbpw");
        let weights_text = weights.to_string_lossy().into_owned();
        let selfplay = ["russian", "--games", "6", "--seed", "1", "--depth", "2"];
        let selfplay = [&selfplay[..], &["--opening-plies", "4", "--out", &pdn]].concat();
        Command::Selfplay
            .run_for("russian", &options(&selfplay))
            .unwrap();
        let fit = [
            "russian",
            &pdn,
            "--seed",
            "1",
            "--epochs",
            "1",
            "--held-out",
            "0",
        ];
        let fit = [&fit[..], &["--out", &weights_text]].concat();
        Command::Fit.run_for("russian", &options(&fit)).unwrap();
        // The weights are Russian's: the library reads them for its 8x8
        // board and refuses them for International's 10x10.
        let bytes: &'static [u8] = Box::leak(std::fs::read(&weights).unwrap().into_boxed_slice());
        assert!(draughts::LearnedEvaluation::<draughts::RussianRules>::from_bytes(bytes).is_ok());
        assert!(
            draughts::LearnedEvaluation::<draughts::InternationalRules>::from_bytes(bytes).is_err()
        );
        use rulebook::search::Evaluator;
        use rulebook::Game;
        // Fitted symmetric, they give every board the same value, negated,
        // with the other side to move (the free fit does not).
        let symmetric_text = dir.join("symmetric.rbpw").to_string_lossy().into_owned();
        let free_text = dir.join("free.rbpw").to_string_lossy().into_owned();
        let longer = [&fit[..], &["--epochs", "20"]].concat();
        let free = [&longer[..], &["--out", &free_text]].concat();
        Command::Fit.run_for("russian", &options(&free)).unwrap();
        let symmetric = [
            &longer[..],
            &["--symmetric", "yes", "--out", &symmetric_text],
        ]
        .concat();
        Command::Fit
            .run_for("russian", &options(&symmetric))
            .unwrap();
        let read = |path: &str| {
            let bytes: &'static [u8] = Box::leak(std::fs::read(path).unwrap().into_boxed_slice());
            draughts::LearnedEvaluation::<draughts::RussianRules>::from_bytes(bytes).unwrap()
        };
        let bonus = |eval: &draughts::LearnedEvaluation<draughts::RussianRules>| {
            let mut position = draughts::Draughts::<draughts::RussianRules>::new();
            let mut bonus = Vec::new();
            for ply in 0..30 {
                let flipped = DraughtsVariant::<draughts::RussianRules>::flipped(&position);
                bonus.push(eval.evaluate(&position) + eval.evaluate(&flipped));
                let moves = position.legal_moves();
                let Some(&mv) = moves.get(ply % moves.len().max(1)) else {
                    break;
                };
                position.apply_unchecked(mv);
            }
            bonus
        };
        assert!(bonus(&read(&symmetric_text)).iter().all(|&b| b == 0));
        assert!(bonus(&read(&free_text)).iter().any(|&b| b != 0));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn an_unknown_game_or_the_draughts_english_is_refused() {
        let args = options(&["--seed", "1"]);
        let error = Command::Fit.run_for("chess", &args).unwrap_err();
        assert!(error.contains("unknown game \"chess\""), "{error}");
        let error = Command::Label.run_for("english", &args).unwrap_err();
        assert!(error.contains("trained as `checkers`"), "{error}");
    }

    #[test]
    fn an_empty_mean_is_shown_as_none() {
        assert_eq!(fit::shown(0.123456, 10), "0.12346");
        assert!(fit::shown(-0.0, 0).starts_with("none"));
    }
}
