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

#[test]
fn the_learned_evaluation_predicts_the_sample_results_better_than_the_hand_set_one() {
    learned_support::check_learned_beats_hand_set(
        include_str!("../data/learned_international_sample.txt"),
        |fen| International::from_fen(fen).expect("a position"),
        &LearnedEvaluation::<InternationalRules>::shipped().expect("shipped weights"),
        &Evaluation::<InternationalRules>::new(),
    );
}

#[test]
fn international_engines_judge_with_the_learned_evaluation_from_level_3() {
    assert!(EngineEvaluation::<InternationalRules>::new().is_learned());
    // No weights ship for the other variants.
    assert!(!EngineEvaluation::<RussianRules>::new().is_learned());
    assert!(LearnedEvaluation::<RussianRules>::shipped().is_none());
}
