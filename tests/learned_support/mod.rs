//! Shared by the learned-evaluation tests of `checkers` and `draughts`:
//! labelled positions from `tests/data/learned_*_sample.txt` and the log
//! loss of an evaluation on them, with its best scale.

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
