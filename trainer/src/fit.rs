//! Logistic regression of game results on the learned evaluation's
//! features: the model's value of a position is
//! `sum(count * (phase * opening[f] + (1 - phase) * ending[f]))` (in
//! logits), its predicted score `sigmoid(value)`, fitted by minibatch Adam
//! on the log loss with an L2 penalty.

use crate::data::Sample;
use crate::rng::Rng;
use crate::variant::Variant;

/// The features of the samples, flattened once.
pub struct Table {
    /// Per sample: its first feature in `features`.
    starts: Vec<u32>,
    features: Vec<u32>,
    counts: Vec<i8>,
    /// Per sample: the opening's share, pieces / start pieces.
    phases: Vec<f32>,
    labels: Vec<f32>,
    /// Per sample: a fixed part of its value (the hand-set evaluation's,
    /// in logits, when the weights are a correction to it).
    offsets: Vec<f32>,
}

impl Table {
    /// The features of `samples`, with the hand-set evaluation divided by
    /// `base_scale` as a fixed part of the value when given. When
    /// `symmetric`, each feature comes with its mirror
    /// ([`Variant::mirror`]) counted negatively, so that the model is
    /// `(w - mirror(w)) . x`: the same value, negated, for the other side to
    /// move on the same board ([`antisymmetric`] gives the weights to
    /// encode).
    pub fn new<V: Variant>(
        samples: &[Sample<V::Position>],
        base_scale: Option<f64>,
        symmetric: bool,
    ) -> Table {
        let mut table = Table {
            starts: Vec::with_capacity(samples.len() + 1),
            features: Vec::new(),
            counts: Vec::new(),
            phases: Vec::with_capacity(samples.len()),
            labels: Vec::with_capacity(samples.len()),
            offsets: Vec::with_capacity(samples.len()),
        };
        let all = V::start_pieces() as f32;
        for sample in samples {
            table.starts.push(table.features.len() as u32);
            V::features(&sample.position, |feature, count| {
                table.features.push(feature as u32);
                table.counts.push(count as i8);
                if symmetric {
                    table.features.push(V::mirror(feature) as u32);
                    table.counts.push(-count as i8);
                }
            });
            table
                .phases
                .push((V::pieces(&sample.position) as f32 / all).min(1.0));
            table.labels.push(sample.label);
            table.offsets.push(match base_scale {
                Some(scale) => (f64::from(V::hand_set(&sample.position)) / scale) as f32,
                None => 0.0,
            });
        }
        table.starts.push(table.features.len() as u32);
        table
    }

    /// How many samples have each of the `features` features.
    pub fn occurrences(&self, features: usize) -> Vec<u32> {
        let mut counts = vec![0; features];
        for &f in &self.features {
            counts[f as usize] += 1;
        }
        counts
    }

    /// Samples.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// The model's value (logits) of sample `i` with `weights` (opening
    /// weights, then ending weights).
    fn value(&self, weights: &[f32], features: usize, i: usize) -> f32 {
        let phase = self.phases[i];
        let (start, end) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        let mut value = self.offsets[i];
        for k in start..end {
            let f = self.features[k] as usize;
            let count = f32::from(self.counts[k]);
            value += count * (phase * weights[f] + (1.0 - phase) * weights[features + f]);
        }
        value
    }

    /// The mean log loss of `weights`.
    pub fn loss(&self, weights: &[f32], features: usize) -> f64 {
        let total: f64 = (0..self.len())
            .map(|i| log_loss(self.value(weights, features, i), self.labels[i]))
            .sum();
        total / self.len().max(1) as f64
    }
}

/// The weights (opening then ending, `features` each) that give a
/// position the value a model fitted on a symmetric [`Table`] gives it:
/// each weight less its mirror's.
pub fn antisymmetric<V: Variant>(weights: &[f32], features: usize) -> Vec<f32> {
    let mut tied = vec![0f32; weights.len()];
    for phase in [0, features] {
        for f in 0..features {
            tied[phase + f] = weights[phase + f] - weights[phase + V::mirror(f)];
        }
    }
    tied
}

/// A mean loss over `samples` positions as the reports print it: five
/// decimals, or "none" when there were no positions to average (with
/// `--held-out 0`), rather than the empty mean's 0.
pub fn shown(loss: f64, samples: usize) -> String {
    if samples == 0 {
        "none (no held-out positions)".to_string()
    } else {
        format!("{loss:.5}")
    }
}

/// The log loss of predicting `sigmoid(value)` for result `label`.
pub fn log_loss(value: f32, label: f32) -> f64 {
    let p = f64::from(sigmoid(value)).clamp(1e-7, 1.0 - 1e-7);
    let y = f64::from(label);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The fitting's settings.
#[derive(Clone, Copy)]
pub struct Settings {
    /// Passes over the training set.
    pub epochs: usize,
    /// Samples per Adam step.
    pub batch: usize,
    /// Adam's step size.
    pub learning_rate: f32,
    /// The L2 penalty per weight (per sample it appears in).
    pub l2: f32,
    /// Shuffles the samples.
    pub seed: u64,
    /// Features from this one on keep their initial weights.
    pub frozen_from: usize,
}

/// Fits the weights `runs` times from `initial`, run `k` shuffling the
/// samples with seed `settings.seed + k`, on up to `threads` threads, and
/// returns the mean of the runs' weights (summed in run order, so the
/// result does not depend on `threads`).
///
/// Why: minibatch Adam stops at a point that depends on the order of the
/// samples (on the OCA games two orders give pattern weights about 0.2
/// hundredths of a man apart on average, up to 8); the mean of several
/// runs keeps what they agree on (docs/learned-eval.md measures it in
/// play). One run is [`fit`] itself.
pub fn fit_averaged(
    train: &Table,
    held_out: &Table,
    features: usize,
    initial: &[f32],
    settings: &Settings,
    runs: usize,
    threads: usize,
) -> Vec<f32> {
    debug_assert!(runs >= 1 && threads >= 1);
    let run_settings = |run: usize| Settings {
        seed: settings.seed.wrapping_add(run as u64),
        ..*settings
    };
    let name = |run: usize| {
        if runs == 1 {
            String::new()
        } else {
            format!("run {}, ", run + 1)
        }
    };
    let mut results: Vec<Vec<f32>> = Vec::with_capacity(runs);
    for first in (0..runs).step_by(threads.max(1)) {
        let last = (first + threads.max(1)).min(runs);
        let batch: Vec<Vec<f32>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (first..last)
                .map(|run| {
                    let start = initial.to_vec();
                    let (settings, name) = (run_settings(run), name(run));
                    scope.spawn(move || fit(train, held_out, features, start, &settings, &name))
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| match handle.join() {
                    Ok(weights) => weights,
                    Err(panic) => std::panic::resume_unwind(panic),
                })
                .collect()
        });
        results.extend(batch);
    }
    let mut mean = vec![0f32; initial.len()];
    for weights in &results {
        for (sum, w) in mean.iter_mut().zip(weights) {
            *sum += w;
        }
    }
    for sum in &mut mean {
        *sum /= runs as f32;
    }
    mean
}

/// Fits the weights (opening then ending, `features` each) on `train`,
/// printing the losses on `train` and `held_out` after each epoch, each
/// line starting with `name`.
pub fn fit(
    train: &Table,
    held_out: &Table,
    features: usize,
    initial: Vec<f32>,
    settings: &Settings,
    name: &str,
) -> Vec<f32> {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;
    let mut weights = initial;
    let parameters = weights.len();
    let mut gradient = vec![0f32; parameters];
    let mut first = vec![0f32; parameters];
    let mut second = vec![0f32; parameters];
    let mut steps = vec![0u32; parameters];
    let mut touched: Vec<u32> = Vec::new();
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = Rng(settings.seed);
    for epoch in 1..=settings.epochs {
        // Fisher-Yates with the seeded generator.
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        // Step size halved over the last third of the epochs.
        let rate = if epoch * 3 > settings.epochs * 2 {
            settings.learning_rate / 2.0
        } else {
            settings.learning_rate
        };
        for batch in order.chunks(settings.batch) {
            for &i in batch {
                let i = i as usize;
                let error = sigmoid(train.value(&weights, features, i)) - train.labels[i];
                let phase = train.phases[i];
                let (start, end) = (train.starts[i] as usize, train.starts[i + 1] as usize);
                for k in start..end {
                    let f = train.features[k] as usize;
                    if f >= settings.frozen_from {
                        continue;
                    }
                    let count = f32::from(train.counts[k]);
                    for (p, share) in [(f, phase), (features + f, 1.0 - phase)] {
                        if gradient[p] == 0.0 {
                            touched.push(p as u32);
                        }
                        // A tiny offset marks the weight as touched even
                        // when the error is exactly zero.
                        gradient[p] += error * count * share + weights[p] * settings.l2 + 1e-30;
                    }
                }
            }
            let scale = 1.0 / batch.len() as f32;
            for &p in &touched {
                let p = p as usize;
                let g = gradient[p] * scale;
                gradient[p] = 0.0;
                steps[p] += 1;
                first[p] = BETA1 * first[p] + (1.0 - BETA1) * g;
                second[p] = BETA2 * second[p] + (1.0 - BETA2) * g * g;
                let m = first[p] / (1.0 - BETA1.powi(steps[p] as i32));
                let v = second[p] / (1.0 - BETA2.powi(steps[p] as i32));
                weights[p] -= rate * m / (v.sqrt() + EPSILON);
            }
            touched.clear();
        }
        let train_loss = train.loss(&weights, features);
        if held_out.len() == 0 {
            eprintln!("{name}epoch {epoch:>3}: train loss {train_loss:.5}");
        } else {
            eprintln!(
                "{name}epoch {epoch:>3}: train loss {train_loss:.5}, held-out loss {:.5}",
                held_out.loss(&weights, features)
            );
        }
    }
    let _ = parameters;
    weights
}

/// The scale `k` that best fits `sigmoid(value / k)` to the labels (golden
/// section search on `ln k`), and its mean log loss.
pub fn fit_scale(values: &[i32], labels: &[f32]) -> (f64, f64) {
    let loss = |k: f64| {
        values
            .iter()
            .zip(labels)
            .map(|(&v, &y)| log_loss((f64::from(v) / k) as f32, y))
            .sum::<f64>()
            / values.len().max(1) as f64
    };
    let (mut low, mut high) = (1f64.ln(), 100_000f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if loss(a.exp()) < loss(b.exp()) {
            high = b;
        } else {
            low = a;
        }
    }
    let k = ((low + high) / 2.0).exp();
    (k, loss(k))
}

/// The mean log loss of `sigmoid(value / k)`.
pub fn scaled_loss(values: &[i32], labels: &[f32], k: f64) -> f64 {
    values
        .iter()
        .zip(labels)
        .map(|(&v, &y)| log_loss((f64::from(v) / k) as f32, y))
        .sum::<f64>()
        / values.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fitted_scale_is_the_one_the_labels_came_from() {
        // Labels drawn as sigmoid(v / 200) would predict them: the expected
        // label of each value, exactly.
        let values: Vec<i32> = (-400..=400).step_by(10).collect();
        let labels: Vec<f32> = values.iter().map(|&v| sigmoid(v as f32 / 200.0)).collect();
        let (k, loss) = fit_scale(&values, &labels);
        assert!((k - 200.0).abs() < 1.0, "{k}");
        assert!(loss < scaled_loss(&values, &labels, 100.0));
        assert!(loss < scaled_loss(&values, &labels, 400.0));
    }

    #[test]
    fn averaged_runs_are_the_mean_of_the_runs_whatever_the_threads() {
        use crate::data::Sample;
        use crate::variant::{English, Variant};
        // The positions of a real game, labelled alternately won and lost.
        let file = std::fs::File::open(crate::data::english_test_games()).unwrap();
        let record = rulebook::pdn::PdnReader::from_reader(std::io::BufReader::new(file))
            .next()
            .unwrap()
            .unwrap();
        let game = English::replay(&record).unwrap();
        let samples: Vec<Sample<_>> = game
            .positions()
            .iter()
            .enumerate()
            .map(|(i, &position)| Sample {
                position,
                label: (i % 2) as f32,
                result: (i % 2) as f32,
                score: None,
            })
            .collect();
        let table = Table::new::<English>(&samples, None, false);
        let features = English::feature_count();
        let initial = vec![0f32; 2 * features];
        let settings = Settings {
            epochs: 2,
            batch: 2,
            learning_rate: 0.01,
            l2: 0.0,
            seed: 5,
            frozen_from: features,
        };
        let one = fit(&table, &table, features, initial.clone(), &settings, "");
        assert_eq!(
            fit_averaged(&table, &table, features, &initial, &settings, 1, 2),
            one
        );
        let other = fit(
            &table,
            &table,
            features,
            initial.clone(),
            &Settings {
                seed: 6,
                ..settings
            },
            "",
        );
        assert_ne!(one, other, "another order, other weights");
        let mean: Vec<f32> = one.iter().zip(&other).map(|(a, b)| (a + b) / 2.0).collect();
        for threads in [1, 2, 3] {
            assert_eq!(
                fit_averaged(&table, &table, features, &initial, &settings, 2, threads),
                mean
            );
        }
    }

    #[test]
    fn log_loss_is_smallest_at_the_label() {
        assert!(log_loss(3.0, 1.0) < log_loss(0.0, 1.0));
        assert!(log_loss(-3.0, 0.0) < log_loss(0.0, 0.0));
        assert!((log_loss(0.0, 0.5) - 2f64.ln()).abs() < 1e-6);
    }
}
