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

#[test]
fn the_learned_evaluation_predicts_the_sample_results_better_than_the_hand_set_one() {
    learned_support::check_learned_beats_hand_set(
        include_str!("../data/learned_checkers_sample.txt"),
        |fen| Checkers::from_fen(fen).expect("a position"),
        &LearnedEvaluation::shipped(),
        &Evaluation::new(),
    );
}
