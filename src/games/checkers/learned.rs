//! [`LearnedEvaluation`]: an evaluation of English checkers learned from
//! the OCA database's games (pattern weights fitted by logistic
//! regression), with the weights the crate ships.

use super::eval::Evaluation;
use super::moves::Move;
use super::piece::Player;
use super::position::Checkers;
use crate::draughts::patterns::{fn_table::BitOf, Oriented, PatternWeights, Shape};
use crate::draughts::WeightsError;
use crate::search::Evaluator;

/// The board: bit `i` is square `i + 1`, 24 pieces at the start.
static SHAPE: Shape = Shape::new(8, BitOf::Dense, 24);

/// The weights the crate ships: 9 regions of 6561 pattern weights and 69
/// other weights, for the opening and the ending (118 KB, 41 KB gzipped).
/// Made by the `trainer` workspace member from the OCA 2.0 database's
/// games (the mean of eight fits, seeds 1 to 8), with the command written
/// in `checkers.txt` beside the weights file and in `docs/learned-eval.md`.
pub(crate) const CHECKERS_WEIGHTS: &[u8] = include_bytes!("weights/checkers.rbpw");

/// The half-width of the search's aspiration windows: half a man.
const ASPIRATION_WINDOW: i32 = 50;

/// The search's ProbCut margin: 0.3 of a man (measured against no ProbCut
/// at equal time and against DarkHorse in docs/learned-eval.md).
const PROBCUT_MARGIN: i32 = 30;

/// An evaluation of checkers positions learned from games, in hundredths
/// of a man from the point of view of the player to move.
///
/// The features are those of the draughts family's
/// [`LearnedEvaluation`](crate::draughts::LearnedEvaluation), seen from the
/// player to move: every overlapping 4x4 region of the board (9 regions,
/// 3^8 states of their 8 dark squares: empty, own man, opponent's man), a
/// king of each player on each square, the men and kings of each player,
/// and having the move; each with a weight for the opening and one for the
/// ending, mixed by the pieces on the board. Weights may be a whole
/// evaluation (the shipped ones are) or a correction added to the hand-set
/// [`Evaluation`] (a flag of the weights file).
///
/// [`shipped`](LearnedEvaluation::shipped) gives the weights the crate
/// ships; [`from_bytes`](LearnedEvaluation::from_bytes) takes any made by
/// [`encode_weights`](LearnedEvaluation::encode_weights). Evaluating
/// allocates nothing.
///
/// ```
/// use rulebook::checkers::{Checkers, LearnedEvaluation};
/// use rulebook::search::Evaluator;
///
/// let eval = LearnedEvaluation::shipped();
/// // Red to move, a man up.
/// let ahead = Checkers::from_fen("B:W21,22:B1,2,3").unwrap();
/// assert!(eval.evaluate(&ahead) > 50);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct LearnedEvaluation {
    weights: PatternWeights,
}

impl LearnedEvaluation {
    /// The evaluation with the weights the crate ships.
    pub fn shipped() -> LearnedEvaluation {
        match LearnedEvaluation::from_bytes(CHECKERS_WEIGHTS) {
            Ok(eval) => eval,
            // The shipped file's shape is checked by the tests.
            Err(error) => unreachable!("the shipped checkers weights: {error}"),
        }
    }

    /// The evaluation with the weights `bytes` (a weights file made by
    /// [`encode_weights`](LearnedEvaluation::encode_weights)).
    ///
    /// # Errors
    ///
    /// [`WeightsError`] when `bytes` are not a weights file, or one for
    /// another board, or of the wrong length.
    pub fn from_bytes(bytes: &'static [u8]) -> Result<LearnedEvaluation, WeightsError> {
        Ok(LearnedEvaluation {
            weights: PatternWeights::new(bytes, &SHAPE)?,
        })
    }

    /// The weights file holding `opening` and `ending`, one weight per
    /// feature each, a whole evaluation or, when `adds_to_hand_set`, a
    /// correction added to the hand-set [`Evaluation`]'s value ([`feature_count`](LearnedEvaluation::feature_count)),
    /// in hundredths of a man: the pattern features (the first
    /// [`pattern_feature_count`](LearnedEvaluation::pattern_feature_count))
    /// must fit an `i8`, the others an `i16`.
    ///
    /// # Errors
    ///
    /// [`WeightsError::WrongLength`] or [`WeightsError::OutOfRange`].
    pub fn encode_weights(
        opening: &[i32],
        ending: &[i32],
        adds_to_hand_set: bool,
    ) -> Result<Vec<u8>, WeightsError> {
        PatternWeights::encode(&SHAPE, opening, ending, adds_to_hand_set)
    }

    /// How many features the evaluation weighs (per phase).
    pub fn feature_count() -> usize {
        SHAPE.features()
    }

    /// The feature that `feature` becomes when the other side is to move
    /// on the same board, or `None` when `feature` is not below
    /// [`feature_count`](LearnedEvaluation::feature_count). Mirroring
    /// twice gives the feature back. A trainer ties each weight to its
    /// mirror's (the same weight, negated) to fit an evaluation that
    /// gives no side a bonus for having the move, which a search between
    /// odd and even depths needs (see docs/learned-eval.md).
    pub fn mirror_feature(feature: usize) -> Option<usize> {
        (feature < SHAPE.features()).then(|| SHAPE.mirror(feature))
    }

    /// How many of them are patterns (the first ones).
    pub fn pattern_feature_count() -> usize {
        SHAPE.pattern_features()
    }

    /// The pieces on the board at the start (both players): a position's
    /// value is `(opening * pieces + ending * (24 - pieces)) / 24`.
    pub fn start_pieces() -> i32 {
        SHAPE.all_pieces
    }

    /// Calls `visit(feature, count)` for each feature of `position` (a
    /// feature index below [`feature_count`](LearnedEvaluation::feature_count)
    /// and how many times it is present), the features the evaluation
    /// weighs: what a trainer fits the weights on.
    pub fn for_each_feature(position: &Checkers, visit: impl FnMut(usize, i32)) {
        SHAPE.for_each_feature(&orient(position), visit);
    }
}

/// The board seen from the player to move: White's men move up (toward
/// square 1), Red's are turned half a turn.
#[inline]
fn orient(position: &Checkers) -> Oriented {
    let (own, opp, kings) = (
        u64::from(position.white),
        u64::from(position.red),
        u64::from(position.kings),
    );
    match position.turn {
        Player::White => Oriented { own, opp, kings },
        Player::Red => Oriented {
            own: SHAPE.turn(opp),
            opp: SHAPE.turn(own),
            kings: SHAPE.turn(kings),
        },
    }
}

impl Evaluator<Checkers> for LearnedEvaluation {
    fn evaluate(&self, position: &Checkers) -> i32 {
        let value = self.weights.evaluate(&orient(position));
        if self.weights.adds_to_hand_set() {
            value + Evaluation::new().evaluate(position)
        } else {
            value
        }
    }

    fn move_hint(&self, position: &Checkers, mv: Move) -> i32 {
        Evaluation::new().move_hint(position, mv)
    }

    /// Half a man.
    fn aspiration_window(&self) -> Option<i32> {
        Some(ASPIRATION_WINDOW)
    }

    /// 0.3 of a man.
    fn probcut_margin(&self) -> Option<i32> {
        Some(PROBCUT_MARGIN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        LearnedEvaluation::shipped().evaluate(&Checkers::from_fen(fen).unwrap())
    }

    #[test]
    fn the_colours_mirror() {
        // The same position with the colours swapped (square s <-> 33 - s)
        // and the other side to move has the same value.
        assert_eq!(eval("B:W24,K19,30:B1,K10,6"), eval("W:W32,K23,27:B9,K14,3"));
        assert_eq!(
            eval("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"),
            eval("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
        );
    }

    #[test]
    fn a_feature_weighs_its_count_mixed_by_phase() {
        let count = LearnedEvaluation::feature_count();
        let (mut opening, mut ending) = (vec![0; count], vec![0; count]);
        // Opponent's kings: -150 in the opening, -90 in the ending.
        opening[count - 2] = -150;
        ending[count - 2] = -90;
        let bytes = LearnedEvaluation::encode_weights(&opening, &ending, false).unwrap();
        let eval = LearnedEvaluation::from_bytes(Box::leak(bytes.into_boxed_slice())).unwrap();
        // Red to move; White has 2 kings; 6 pieces of 24.
        let position = Checkers::from_fen("B:WK1,K2,30:B10,11,12").unwrap();
        assert_eq!(eval.evaluate(&position), 2 * (-150 * 6 - 90 * 18) / 24);
        assert_eq!(
            LearnedEvaluation::from_bytes(b"RBPW").unwrap_err(),
            WeightsError::NotWeights
        );
    }
}
