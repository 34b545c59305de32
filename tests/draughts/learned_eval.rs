//! What the shipped learned draughts evaluations claim: on quiet
//! positions of held-out self-play games
//! (`tests/data/learned_<variant>_sample.txt`, each written by the trainer
//! with the command that made the weights, docs/learned-eval.md "Round 3"
//! and "The 8x8 variants"), each predicts the games' results better than
//! the hand-set evaluation, each with its best scale; each was fitted
//! symmetric (`--symmetric yes`), so that what it adds to the hand-set
//! evaluation gives the same board the same value, negated, whoever is to
//! move; and the engines of level 3 and up judge with it, in exactly the
//! variants that ship weights.

#[path = "../learned_support/mod.rs"]
mod learned_support;

use rulebook::draughts::{
    Draughts, EngineEvaluation, Evaluation, LearnedEvaluation, Rules, RulesVisitor, Variant,
};
use rulebook::search::Evaluator;

/// `(name, its sample's text)`.
macro_rules! sample {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../data/learned_", $name, "_sample.txt")),
        )
    };
}

/// The sample of each variant with shipped weights, by name.
const SAMPLES: &[(&str, &str)] = &[
    sample!("international"),
    sample!("russian"),
    sample!("brazilian"),
    sample!("pool"),
    sample!("italian"),
    sample!("spanish"),
    sample!("czech"),
];

/// Checks a variant's shipped weights against its sample, or that it has
/// neither.
struct CheckShipped;

impl RulesVisitor for CheckShipped {
    type Output = ();
    fn visit<R: Rules>(self) {
        let sample = SAMPLES.iter().find(|(name, _)| *name == R::NAME);
        match (LearnedEvaluation::<R>::shipped(), sample) {
            (Some(learned), Some((_, text))) => {
                learned_support::check_learned_beats_hand_set(
                    text,
                    |fen| Draughts::<R>::from_fen(fen).expect("a position"),
                    &learned,
                    &Evaluation::<R>::new(),
                );
                check_no_bonus_for_the_move(text, &learned);
                assert!(EngineEvaluation::<R>::new().is_learned(), "{}", R::NAME);
            }
            (None, None) => assert!(!EngineEvaluation::<R>::new().is_learned(), "{}", R::NAME),
            _ => panic!("{}: shipped weights come with a sample", R::NAME),
        }
    }
}

/// On every position of the sample, and on the same board with the
/// other side to move, the learned part of the value (the learned
/// evaluation less the hand-set one) is the same, negated.
fn check_no_bonus_for_the_move<R: Rules>(text: &str, learned: &LearnedEvaluation<R>) {
    let learned_part = |fen: &str| {
        let position = Draughts::<R>::from_fen(fen).expect("a position");
        learned.evaluate(&position) - Evaluation::<R>::new().evaluate(&position)
    };
    let mut nonzero = 0;
    for (_, fen) in learned_support::read_sample(text) {
        let other = match fen.split_at(1) {
            ("W", board) => format!("B{board}"),
            ("B", board) => format!("W{board}"),
            _ => panic!("{}: {fen} does not start with the side to move", R::NAME),
        };
        let part = learned_part(fen);
        assert_eq!(part, -learned_part(&other), "{}: {fen}", R::NAME);
        nonzero += usize::from(part != 0);
    }
    // The check would hold for weights that are all zero: they are not.
    assert!(nonzero > 100, "{}: {nonzero} positions", R::NAME);
}

#[test]
fn shipped_weights_predict_their_sample_results_better_than_the_hand_set_evaluation() {
    for variant in Variant::ALL {
        variant.visit_rules(CheckShipped);
    }
    // International and the six 8x8 variants.
    assert_eq!(SAMPLES.len(), 7);
}
