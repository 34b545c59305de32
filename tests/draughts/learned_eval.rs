//! What the shipped learned International evaluation claims: on quiet
//! positions of held-out self-play games
//! (`tests/data/learned_international_sample.txt`, written by the trainer
//! with the command that made the weights, docs/learned-eval.md "Round
//! 3"), it predicts the games' results better than the hand-set
//! evaluation, each with its best scale; and the engines of level 3 and
//! up judge with it.

#[path = "../learned_support/mod.rs"]
mod learned_support;

use rulebook::draughts::{
    EngineEvaluation, Evaluation, International, InternationalRules, LearnedEvaluation,
    RussianRules,
};
use rulebook::search::Evaluator;
use rulebook::Game;

use learned_support::{best_log_loss, read_sample};

#[test]
fn the_learned_evaluation_predicts_the_sample_results_better_than_the_hand_set_one() {
    let sample = read_sample(include_str!("../data/learned_international_sample.txt"));
    assert!(sample.len() >= 1000);
    let positions: Vec<International> = sample
        .iter()
        .map(|(_, fen)| International::from_fen(fen).expect("a position"))
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
    let learned = LearnedEvaluation::<InternationalRules>::shipped().expect("shipped weights");
    let hand = Evaluation::<InternationalRules>::new();
    let values = |eval: &dyn Evaluator<International>| -> Vec<i32> {
        positions.iter().map(|p| eval.evaluate(p)).collect()
    };
    let learned_loss = best_log_loss(&values(&learned), &labels);
    let hand_loss = best_log_loss(&values(&hand), &labels);
    assert!(
        learned_loss < hand_loss,
        "learned {learned_loss:.5}, hand-set {hand_loss:.5}"
    );
}

#[test]
fn international_engines_judge_with_the_learned_evaluation_from_level_3() {
    assert!(EngineEvaluation::<InternationalRules>::new().is_learned());
    // No weights ship for the other variants.
    assert!(!EngineEvaluation::<RussianRules>::new().is_learned());
    assert!(LearnedEvaluation::<RussianRules>::shipped().is_none());
}
