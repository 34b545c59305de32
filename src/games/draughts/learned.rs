//! [`LearnedEvaluation`]: the draughts family's evaluation learned from
//! games (pattern weights fitted by logistic regression, in the manner of
//! Scan), and the weights the crate ships (International's and the 8x8
//! variants', each a correction to the hand-set evaluation fitted on
//! positions of self-play games labelled by a deeper search;
//! `docs/learned-eval.md` has the commands that make them and what they
//! were measured to do).

use core::marker::PhantomData;

use super::eval::{kings_cannot_win, Evaluation, ASPIRATION_WINDOW, DRAWISH_DIVISOR};
use super::moves::Move;
use super::patterns::{fn_table::BitOf, Oriented, PatternWeights, Shape};
use super::piece::Color;
use super::position::Draughts;
use super::rules::Rules;
use crate::search::{Evaluator, Reductions};

pub use super::patterns::WeightsError;

/// The weights the crate ships, by variant name: International's
/// (`docs/learned-eval.md`, "Round 5") and the 8x8 variants'
/// ("The 8x8 variants"), each a correction to the hand-set evaluation.
const SHIPPED_WEIGHTS: &[(&str, &[u8])] = &[
    (
        "international",
        include_bytes!("weights/international.rbpw"),
    ),
    ("russian", include_bytes!("weights/russian.rbpw")),
    ("brazilian", include_bytes!("weights/brazilian.rbpw")),
    ("pool", include_bytes!("weights/pool.rbpw")),
    ("italian", include_bytes!("weights/italian.rbpw")),
    ("spanish", include_bytes!("weights/spanish.rbpw")),
    ("czech", include_bytes!("weights/czech.rbpw")),
];

/// The 8x8 boards (Brazilian, Russian, pool, Italian, Spanish, Czech,
/// English on this engine).
static SHAPE_8: Shape = Shape::new(8, BitOf::Padded, 24);
/// The 10x10 board (International).
static SHAPE_10: Shape = Shape::new(10, BitOf::Padded, 40);

/// An evaluation of draughts positions learned from games, in hundredths
/// of a man from the point of view of the side to move.
///
/// The features (a core shared with
/// [`checkers::LearnedEvaluation`](crate::checkers::LearnedEvaluation)),
/// seen from the side to move: every overlapping 4x4 region of the board
/// (3^8 states of its 8 dark squares: empty, own man, opponent's man), a
/// king of each side on each square, the men and kings of each side, and
/// having the move; each with a weight for the opening and one for the
/// ending, mixed by the pieces on the board. Weights may be a whole
/// evaluation or a correction added to the hand-set [`Evaluation`] (a flag
/// of the weights file). Kings-only endings that
/// cannot be won are scored 16 times smaller, as in the hand-set
/// [`Evaluation`].
///
/// [`from_bytes`](LearnedEvaluation::from_bytes) takes weights made by
/// [`encode_weights`](LearnedEvaluation::encode_weights) (the `trainer`
/// workspace member writes them). Evaluating allocates nothing.
///
/// ```
/// use rulebook::draughts::{International, InternationalRules, LearnedEvaluation};
/// use rulebook::search::Evaluator;
///
/// type Learned = LearnedEvaluation<InternationalRules>;
/// // Weights that count men only: 100 each, the opponent's -100.
/// let count = Learned::feature_count();
/// let mut weights = vec![0; count];
/// weights[count - 5] = 100;
/// weights[count - 4] = -100;
/// let bytes = Learned::encode_weights(&weights, &weights, false).unwrap();
/// let eval = Learned::from_bytes(Box::leak(bytes.into_boxed_slice())).unwrap();
/// // White to move, a man up.
/// let ahead = International::from_fen("W:W31,32,33:B18,19").unwrap();
/// assert_eq!(eval.evaluate(&ahead), 100);
/// ```
pub struct LearnedEvaluation<R> {
    weights: PatternWeights,
    variant: PhantomData<fn() -> R>,
}

impl<R> Clone for LearnedEvaluation<R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R> Copy for LearnedEvaluation<R> {}
impl<R: Rules> core::fmt::Debug for LearnedEvaluation<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "LearnedEvaluation<{}>", R::NAME)
    }
}

impl<R: Rules> LearnedEvaluation<R> {
    fn shape() -> &'static Shape {
        if R::SIZE == 10 {
            &SHAPE_10
        } else {
            &SHAPE_8
        }
    }

    /// The evaluation with the weights `bytes` (a weights file made by
    /// [`encode_weights`](LearnedEvaluation::encode_weights) for `R`'s
    /// board).
    ///
    /// # Errors
    ///
    /// [`WeightsError`] when `bytes` are not a weights file, or one for
    /// another board, or of the wrong length.
    pub fn from_bytes(bytes: &'static [u8]) -> Result<LearnedEvaluation<R>, WeightsError> {
        Ok(LearnedEvaluation {
            weights: PatternWeights::new(bytes, Self::shape())?,
            variant: PhantomData,
        })
    }

    /// The evaluation with the weights the crate ships for `R`, if there
    /// are any: International's and the 8x8 variants' (Russian,
    /// Brazilian, Pool, Italian, Spanish, Czech), each a correction added
    /// to the hand-set [`Evaluation`]; `None` for the others (Frisian,
    /// Frysk!, Killer, Breakthrough, Antidraughts, English on this engine).
    ///
    /// ```
    /// use rulebook::draughts::{FrisianRules, InternationalRules, LearnedEvaluation, RussianRules};
    ///
    /// assert!(LearnedEvaluation::<InternationalRules>::shipped().is_some());
    /// assert!(LearnedEvaluation::<RussianRules>::shipped().is_some());
    /// assert!(LearnedEvaluation::<FrisianRules>::shipped().is_none());
    /// ```
    pub fn shipped() -> Option<LearnedEvaluation<R>> {
        let &(_, bytes) = SHIPPED_WEIGHTS.iter().find(|(name, _)| *name == R::NAME)?;
        // Checked by the tests: the shipped bytes read.
        LearnedEvaluation::from_bytes(bytes).ok()
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
        PatternWeights::encode(Self::shape(), opening, ending, adds_to_hand_set)
    }

    /// How many features the evaluation weighs (per phase).
    pub fn feature_count() -> usize {
        Self::shape().features()
    }

    /// The feature that `feature` becomes when the other side is to move
    /// on the same board, or `None` when `feature` is not below
    /// [`feature_count`](LearnedEvaluation::feature_count). Mirroring
    /// twice gives the feature back. A trainer ties each weight to its
    /// mirror's (the same weight, negated) to fit an evaluation that
    /// gives no side a bonus for having the move, which a search between
    /// odd and even depths needs (see docs/learned-eval.md).
    pub fn mirror_feature(feature: usize) -> Option<usize> {
        (feature < Self::shape().features()).then(|| Self::shape().mirror(feature))
    }

    /// How many of them are patterns (the first ones).
    pub fn pattern_feature_count() -> usize {
        Self::shape().pattern_features()
    }

    /// The pieces on the board at the start (both sides): a position's
    /// value is `(opening * pieces + ending * (start - pieces)) / start`.
    pub fn start_pieces() -> i32 {
        Self::shape().all_pieces
    }

    /// Calls `visit(feature, count)` for each feature of `position` (a
    /// feature index below [`feature_count`](LearnedEvaluation::feature_count)
    /// and how many times it is present), the features the evaluation
    /// weighs: what a trainer fits the weights on.
    pub fn for_each_feature(position: &Draughts<R>, visit: impl FnMut(usize, i32)) {
        Self::shape().for_each_feature(&Self::orient(position), visit);
    }

    /// The board seen from the side to move.
    #[inline]
    fn orient(position: &Draughts<R>) -> Oriented {
        match position.turn {
            // White's men move up: as the features want.
            Color::White => Oriented {
                own: position.white,
                opp: position.black,
                kings: position.kings,
            },
            Color::Black => {
                let shape = Self::shape();
                Oriented {
                    own: shape.turn(position.black),
                    opp: shape.turn(position.white),
                    kings: shape.turn(position.kings),
                }
            }
        }
    }
}

impl<R: Rules> Evaluator<Draughts<R>> for LearnedEvaluation<R> {
    fn evaluate(&self, position: &Draughts<R>) -> i32 {
        let mut value = self.weights.evaluate(&Self::orient(position));
        let (white, black) = (position.white, position.black);
        if position.kings == white | black {
            let (w, b) = (white.count_ones(), black.count_ones());
            if kings_cannot_win::<R>(w.max(b), w.min(b)) {
                value /= DRAWISH_DIVISOR;
            }
        }
        if self.weights.adds_to_hand_set() {
            value += Evaluation::<R>::new().evaluate(position);
        }
        value
    }

    fn move_hint(&self, position: &Draughts<R>, mv: Move<R>) -> i32 {
        Evaluation::<R>::new().move_hint(position, mv)
    }

    /// Half a man, as for the hand-set [`Evaluation`].
    fn aspiration_window(&self) -> Option<i32> {
        Some(ASPIRATION_WINDOW)
    }

    /// The hand-set [`Evaluation`]'s margin (0.3 of a man where the last
    /// player to move wins; none in Breakthrough and Antidraughts): the
    /// learned values are on the same scale, hundredths of a man.
    fn probcut_margin(&self) -> Option<i32> {
        Evaluation::<R>::new().probcut_margin()
    }

    /// [`Reductions::DEEP`], as Scan 2.0 reduces: measured with the
    /// International weights (docs/draughts-engine.md, "Deeper
    /// reductions").
    fn reductions(&self) -> Reductions {
        Reductions::DEEP
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::{International, InternationalRules, Russian, RussianRules};

    type Intl = LearnedEvaluation<InternationalRules>;

    /// Weights with one pattern-free feature set: `feature` weighs
    /// `opening` in the opening and `ending` in the ending.
    fn one_weight<R: Rules>(feature: usize, opening: i32, ending: i32) -> &'static [u8] {
        let count = LearnedEvaluation::<R>::feature_count();
        let (mut a, mut b) = (vec![0; count], vec![0; count]);
        a[feature] = opening;
        b[feature] = ending;
        let bytes = LearnedEvaluation::<R>::encode_weights(&a, &b, false).unwrap();
        Box::leak(bytes.into_boxed_slice())
    }

    /// Weights drawn from a seeded generator, every feature non-zero.
    fn random_weights<R: Rules>(adds_to_hand_set: bool) -> &'static [u8] {
        let count = LearnedEvaluation::<R>::feature_count();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 33) as i32 % 100
        };
        let opening: Vec<i32> = (0..count).map(|_| next()).collect();
        let ending: Vec<i32> = (0..count).map(|_| next()).collect();
        let bytes =
            LearnedEvaluation::<R>::encode_weights(&opening, &ending, adds_to_hand_set).unwrap();
        Box::leak(bytes.into_boxed_slice())
    }

    #[test]
    fn the_colours_mirror() {
        let eval = Intl::from_bytes(random_weights::<InternationalRules>(false)).unwrap();
        // The same position with the colours swapped (square s <-> 51 - s)
        // and the other side to move has the same value.
        let a = International::from_fen("W:W31,32,K44,45:B5,K12,20").unwrap();
        let b = International::from_fen("B:W31,K39,46:B6,K7,19,20").unwrap();
        assert_eq!(eval.evaluate(&a), eval.evaluate(&b));
        let start = International::default();
        let mut black_start = start;
        black_start.turn = Color::Black;
        assert_eq!(eval.evaluate(&start), eval.evaluate(&black_start));
    }

    #[test]
    fn a_correction_adds_the_hand_set_value() {
        let correction = Intl::from_bytes(random_weights::<InternationalRules>(true)).unwrap();
        let whole = Intl::from_bytes(random_weights::<InternationalRules>(false)).unwrap();
        let hand = Evaluation::<InternationalRules>::new();
        let position = International::from_fen("W:W31,32,K44,45:B5,K12,20").unwrap();
        assert_eq!(
            correction.evaluate(&position),
            whole.evaluate(&position) + hand.evaluate(&position)
        );
    }

    #[test]
    fn probcut_asks_the_hand_set_margin() {
        use crate::draughts::{AntidraughtsRules, BreakthroughRules};
        fn margin<R: Rules>() -> Option<i32> {
            let weights = random_weights::<R>(true);
            LearnedEvaluation::<R>::from_bytes(weights)
                .unwrap()
                .probcut_margin()
        }
        let hand = Evaluation::<InternationalRules>::new().probcut_margin();
        assert!(hand.is_some());
        assert_eq!(margin::<InternationalRules>(), hand);
        assert_eq!(margin::<BreakthroughRules>(), None);
        assert_eq!(margin::<AntidraughtsRules>(), None);
    }

    #[test]
    fn a_feature_weighs_its_count_mixed_by_phase() {
        let count = Intl::feature_count();
        let own_men = count - 5;
        // 100 a man in the opening, 300 in the ending.
        let eval = Intl::from_bytes(one_weight::<InternationalRules>(own_men, 100, 300)).unwrap();
        // 3 men of the mover, 5 pieces of 40: 3 * (100 * 5 + 300 * 35) / 40.
        let position = International::from_fen("W:W31,32,33:B18,19").unwrap();
        assert_eq!(eval.evaluate(&position), 3 * (100 * 5 + 300 * 35) / 40);
        // Black to move: Black's two men are the mover's.
        let position = International::from_fen("B:W31,32,33:B18,19").unwrap();
        assert_eq!(eval.evaluate(&position), 2 * (100 * 5 + 300 * 35) / 40);

        // A king of the mover on square 46 (dense 45), seen from Black as
        // square 5 (dense 4).
        let patterns = Intl::pattern_feature_count();
        let eval =
            Intl::from_bytes(one_weight::<InternationalRules>(patterns + 4, 40, 40)).unwrap();
        let black_king = International::from_fen("B:W31:BK46,20").unwrap();
        assert_eq!(eval.evaluate(&black_king), 40);
        assert_eq!(
            eval.evaluate(&International::from_fen("W:WK46,31:B20").unwrap()),
            0
        );
    }

    #[test]
    fn every_position_has_one_state_per_region_and_its_material() {
        let position = Russian::from_fen("W:Wa1,c1,Kd4:Bh8,g7").unwrap();
        let mut regions = 0;
        let mut total = 0;
        LearnedEvaluation::<RussianRules>::for_each_feature(&position, |feature, count| {
            assert!(feature < LearnedEvaluation::<RussianRules>::feature_count());
            if feature < LearnedEvaluation::<RussianRules>::pattern_feature_count() {
                regions += 1;
            }
            total += count;
        });
        // 9 regions, 1 king square, 2 + 2 men, 1 + 0 kings, tempo 1.
        assert_eq!(regions, 9);
        assert_eq!(total, 9 + 1 + 2 + 2 + 1 + 1);
    }

    #[test]
    fn bad_weights_are_refused_with_the_reason() {
        assert_eq!(
            Intl::from_bytes(b"not weights").unwrap_err(),
            WeightsError::NotWeights
        );
        let russian = one_weight::<RussianRules>(0, 1, 1);
        assert!(matches!(
            Intl::from_bytes(russian),
            Err(WeightsError::WrongShape { .. })
        ));
        let weights = random_weights::<InternationalRules>(false);
        let short: &'static [u8] = &weights[..weights.len() - 1];
        assert!(matches!(
            Intl::from_bytes(short),
            Err(WeightsError::WrongLength { .. })
        ));
        let count = Intl::feature_count();
        assert!(matches!(
            Intl::encode_weights(&vec![200; count], &vec![0; count], false),
            Err(WeightsError::OutOfRange {
                feature: 0,
                weight: 200
            })
        ));
        assert!(matches!(
            Intl::encode_weights(&[0; 3], &[0; 3], true),
            Err(WeightsError::WrongLength { .. })
        ));
    }
}
