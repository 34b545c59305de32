//! [`EngineEvaluation`]: the evaluation the draughts engines of
//! [`engine`](super::engine) judge with from level
//! [`FIRST_LEARNED_LEVEL`](super::FIRST_LEARNED_LEVEL) on, and every timed
//! search of the front doors (Hub, DXP, server, Python): the learned one
//! where the crate ships weights, the hand-set one elsewhere.

use super::eval::Evaluation;
use super::learned::LearnedEvaluation;
use super::moves::Move;
use super::position::Draughts;
use super::rules::Rules;
use crate::search::{Evaluator, Reductions};

/// The strongest evaluation the crate has for variant `R`: the
/// [`LearnedEvaluation`] with the shipped weights
/// ([`LearnedEvaluation::shipped`]: International and the 8x8 variants),
/// or else the hand-set
/// [`Evaluation`]. It answers every question of [`Evaluator`] as the
/// evaluation it holds does.
///
/// ```
/// use rulebook::draughts::{EngineEvaluation, FrisianRules, InternationalRules};
///
/// assert!(EngineEvaluation::<InternationalRules>::new().is_learned());
/// assert!(!EngineEvaluation::<FrisianRules>::new().is_learned());
/// ```
pub enum EngineEvaluation<R> {
    /// The hand-set evaluation: no weights ship for the variant.
    Hand(Evaluation<R>),
    /// The learned evaluation with the shipped weights.
    Learned(LearnedEvaluation<R>),
}

impl<R> Clone for EngineEvaluation<R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R> Copy for EngineEvaluation<R> {}
impl<R: Rules> core::fmt::Debug for EngineEvaluation<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            EngineEvaluation::Hand(_) => write!(f, "EngineEvaluation<{}>::Hand", R::NAME),
            EngineEvaluation::Learned(_) => write!(f, "EngineEvaluation<{}>::Learned", R::NAME),
        }
    }
}

impl<R: Rules> Default for EngineEvaluation<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Rules> EngineEvaluation<R> {
    /// The learned evaluation with the shipped weights of `R`, or the
    /// hand-set one when none ship.
    pub fn new() -> Self {
        match LearnedEvaluation::<R>::shipped() {
            Some(learned) => EngineEvaluation::Learned(learned),
            None => EngineEvaluation::Hand(Evaluation::new()),
        }
    }

    /// Whether it is the learned evaluation.
    pub fn is_learned(&self) -> bool {
        matches!(self, EngineEvaluation::Learned(_))
    }
}

impl<R: Rules> Evaluator<Draughts<R>> for EngineEvaluation<R> {
    fn evaluate(&self, position: &Draughts<R>) -> i32 {
        match self {
            EngineEvaluation::Hand(eval) => eval.evaluate(position),
            EngineEvaluation::Learned(eval) => eval.evaluate(position),
        }
    }

    fn move_hint(&self, position: &Draughts<R>, mv: Move<R>) -> i32 {
        match self {
            EngineEvaluation::Hand(eval) => eval.move_hint(position, mv),
            EngineEvaluation::Learned(eval) => eval.move_hint(position, mv),
        }
    }

    fn aspiration_window(&self) -> Option<i32> {
        match self {
            EngineEvaluation::Hand(eval) => eval.aspiration_window(),
            EngineEvaluation::Learned(eval) => eval.aspiration_window(),
        }
    }

    fn probcut_margin(&self) -> Option<i32> {
        match self {
            EngineEvaluation::Hand(eval) => eval.probcut_margin(),
            EngineEvaluation::Learned(eval) => eval.probcut_margin(),
        }
    }

    fn reductions(&self) -> Reductions {
        match self {
            EngineEvaluation::Hand(eval) => eval.reductions(),
            EngineEvaluation::Learned(eval) => eval.reductions(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::{Frisian, FrisianRules, International, InternationalRules};

    #[test]
    fn it_judges_as_the_evaluation_it_holds() {
        let international = International::from_fen("W:W31,32,K44,45:B5,K12,20").unwrap();
        let learned = LearnedEvaluation::<InternationalRules>::shipped().unwrap();
        let engine = EngineEvaluation::<InternationalRules>::new();
        assert_eq!(
            engine.evaluate(&international),
            learned.evaluate(&international)
        );
        assert_eq!(engine.probcut_margin(), learned.probcut_margin());
        assert_eq!(engine.reductions(), learned.reductions());
        let frisian = Frisian::from_fen("W:W31,32,K44,45:B5,K12,20").unwrap();
        let hand = Evaluation::<FrisianRules>::new();
        let engine = EngineEvaluation::<FrisianRules>::new();
        assert_eq!(engine.evaluate(&frisian), hand.evaluate(&frisian));
        assert_eq!(engine.aspiration_window(), hand.aspiration_window());
        assert_eq!(engine.reductions(), hand.reductions());
    }
}
