//! Shared by the learned-evaluation tests of `checkers` and `draughts`:
//! labelled positions from `tests/data/learned_*_sample.txt`, the log
//! loss of an evaluation on them with its best scale, and the check that a
//! learned evaluation's loss beats the hand-set one's.

use rulebook::search::Evaluator;
use rulebook::Game;

/// The lines of a sample file: `(label, fen)`, after its `# Source:` line.
pub fn read_sample(text: &str) -> Vec<(f64, &str)> {
    let mut lines = text.lines();
    let source = lines.next().unwrap_or_default();
    assert!(source.starts_with("# Source: "), "{source}");
    lines
        .map(|line| {
            let (label, fen) = line.split_once(' ').expect("label and FEN");
            (label.parse().expect("a label"), fen)
        })
        .collect()
}

/// The mean log loss of predicting `sigmoid(value / k)` for each label,
/// with the `k` that fits best (golden section search on `ln k`).
pub fn best_log_loss(values: &[i32], labels: &[f64]) -> f64 {
    let loss = |k: f64| {
        values
            .iter()
            .zip(labels)
            .map(|(&v, &y)| {
                let p = (1.0 / (1.0 + (-f64::from(v) / k).exp())).clamp(1e-7, 1.0 - 1e-7);
                -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
            })
            .sum::<f64>()
            / values.len() as f64
    };
    let (mut low, mut high) = (1f64.ln(), 100_000f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if loss(a.exp()) < loss(b.exp()) {
            high = b;
        } else {
            low = a;
        }
    }
    loss(((low + high) / 2.0).exp())
}

/// Checks a shipped learned evaluation's claim on the sample file `text`
/// (at least 1,000 positions, read by `parse`): every position is quiet,
/// and `learned` predicts the labels with a lower log loss than `hand`,
/// each with its best scale.
pub fn check_learned_beats_hand_set<G: Game>(
    text: &str,
    parse: impl Fn(&str) -> G,
    learned: &dyn Evaluator<G>,
    hand: &dyn Evaluator<G>,
) {
    let sample = read_sample(text);
    assert!(sample.len() >= 1000);
    let positions: Vec<G> = sample.iter().map(|(_, fen)| parse(fen)).collect();
    let labels: Vec<f64> = sample.iter().map(|&(label, _)| label).collect();
    // The sample holds quiet positions only.
    for position in &positions {
        assert!(position.outcome().is_none());
        assert!(!position
            .legal_moves()
            .iter()
            .any(|&mv| position.is_tactical(mv)));
    }
    let values = |eval: &dyn Evaluator<G>| -> Vec<i32> {
        positions.iter().map(|p| eval.evaluate(p)).collect()
    };
    let learned_loss = best_log_loss(&values(learned), &labels);
    let hand_loss = best_log_loss(&values(hand), &labels);
    assert!(
        learned_loss < hand_loss,
        "learned {learned_loss:.5}, hand-set {hand_loss:.5}"
    );
}
