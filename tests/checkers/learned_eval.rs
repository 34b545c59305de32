//! What the shipped learned checkers evaluation claims: on quiet positions
//! of OCA games (`tests/data/learned_checkers_sample.txt`, written by the
//! trainer), it predicts the games' results better than the hand-set
//! evaluation, each with its best scale. The sample is what the trainer
//! held out when it measured the weights' options with a tenth of the
//! games held out; the shipped weights were then fitted on all the games
//! (docs/learned-eval.md has both commands and the held-out losses).

#[path = "../learned_support/mod.rs"]
mod learned_support;

use rulebook::checkers::{Checkers, Evaluation, LearnedEvaluation};
use rulebook::search::Evaluator;
use rulebook::Game;

use learned_support::{best_log_loss, read_sample};

#[test]
fn the_learned_evaluation_predicts_the_sample_results_better_than_the_hand_set_one() {
    let sample = read_sample(include_str!("../data/learned_checkers_sample.txt"));
    assert!(sample.len() >= 1000);
    let positions: Vec<Checkers> = sample
        .iter()
        .map(|(_, fen)| Checkers::from_fen(fen).expect("a position"))
        .collect();
    let labels: Vec<f64> = sample.iter().map(|&(label, _)| label).collect();
    // The sample holds quiet positions only.
    for position in &positions {
        assert!(position.outcome().is_none());
        assert!(!position
            .legal_moves()
            .iter()
            .any(|&mv| position.is_tactical(mv)));
    }
    let learned = LearnedEvaluation::shipped();
    let hand = Evaluation::new();
    let values = |eval: &dyn Evaluator<Checkers>| -> Vec<i32> {
        positions.iter().map(|p| eval.evaluate(p)).collect()
    };
    let learned_loss = best_log_loss(&values(&learned), &labels);
    let hand_loss = best_log_loss(&values(&hand), &labels);
    assert!(
        learned_loss < hand_loss,
        "learned {learned_loss:.5}, hand-set {hand_loss:.5}"
    );
}
