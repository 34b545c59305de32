//! What the trainer needs to know about a game: its positions, its
//! features, its hand-set evaluation and its learned one.

use core::marker::PhantomData;

use rulebook::checkers::{self, Checkers};
use rulebook::draughts::{self, Draughts, InternationalRules, LearnedEvaluation, Rules};
use rulebook::pdn::Recorded;
use rulebook::search::{Engine, Evaluator};
use rulebook::{DrawRules, Game, Match};

/// An evaluation of positions of type `P`, boxed.
pub type BoxedEval<P> = Box<dyn Fn(&P) -> i32>;

/// A game the trainer learns an evaluation for.
pub trait Variant {
    /// A position.
    type Position: Recorded + Send + Sync;
    /// Its name on the command line.
    const NAME: &'static str;
    /// The draw rules its games are played under (self-play).
    const DRAW_RULES: DrawRules;
    /// The position with the other side to move.
    fn flipped(position: &Self::Position) -> Self::Position;
    /// Calls `visit(feature, count)` for the learned evaluation's features.
    fn features(position: &Self::Position, visit: impl FnMut(usize, i32));
    /// Features per phase.
    fn feature_count() -> usize;
    /// Pattern features (the first ones, stored as `i8`).
    fn pattern_feature_count() -> usize;
    /// The feature `feature` (below [`feature_count`](Variant::feature_count))
    /// becomes with the other side to move on the same board.
    fn mirror(feature: usize) -> usize;
    /// Pieces at the start.
    fn start_pieces() -> i32;
    /// Pieces on the board.
    fn pieces(position: &Self::Position) -> i32;
    /// The hand-set evaluation (for the side to move).
    fn hand_set(position: &Self::Position) -> i32;
    /// The weights file of `opening` and `ending`.
    fn encode(opening: &[i32], ending: &[i32], base: bool) -> Result<Vec<u8>, String>;
    /// The learned evaluation of `position` with the weights `bytes`.
    fn learned(bytes: &'static [u8]) -> Result<BoxedEval<Self::Position>, String>;
    /// The games of PDN record `game`, replayed.
    fn replay(game: &rulebook::pdn::PdnGame) -> Result<Match<Self::Position>, String>;
    /// FEN of a position.
    fn fen(position: &Self::Position) -> String;
    /// The position of FEN `text`.
    fn from_fen(text: &str) -> Result<Self::Position, String>;
    /// The crate's strongest engine, judging with the hand-set evaluation,
    /// or with the shipped learned one when `learned` (its limits to be
    /// set).
    ///
    /// # Errors
    ///
    /// `learned` for a game that ships no learned evaluation.
    fn strongest_engine(learned: bool) -> Result<Engine<Self::Position>, String>;
}

/// `fen` with the other side to move.
fn flip_fen(fen: &str) -> String {
    let mut flipped = String::with_capacity(fen.len());
    match fen.as_bytes().first() {
        Some(b'W') => flipped.push('B'),
        Some(b'B') => flipped.push('W'),
        _ => return fen.to_owned(),
    }
    flipped.push_str(&fen[1..]);
    flipped
}

/// English checkers.
pub struct English;

impl Variant for English {
    type Position = Checkers;
    const NAME: &'static str = "checkers";
    const DRAW_RULES: DrawRules = DrawRules::TOURNAMENT;
    fn flipped(position: &Checkers) -> Checkers {
        Checkers::from_fen(&flip_fen(&position.to_fen())).unwrap_or(*position)
    }
    fn features(position: &Checkers, visit: impl FnMut(usize, i32)) {
        checkers::LearnedEvaluation::for_each_feature(position, visit)
    }
    fn feature_count() -> usize {
        checkers::LearnedEvaluation::feature_count()
    }
    fn pattern_feature_count() -> usize {
        checkers::LearnedEvaluation::pattern_feature_count()
    }
    fn mirror(feature: usize) -> usize {
        checkers::LearnedEvaluation::mirror_feature(feature).unwrap_or(feature)
    }
    fn start_pieces() -> i32 {
        checkers::LearnedEvaluation::start_pieces()
    }
    fn pieces(position: &Checkers) -> i32 {
        (position.piece_count(checkers::Player::Red)
            + position.piece_count(checkers::Player::White)) as i32
    }
    fn hand_set(position: &Checkers) -> i32 {
        checkers::Evaluation::new().evaluate(position)
    }
    fn encode(opening: &[i32], ending: &[i32], base: bool) -> Result<Vec<u8>, String> {
        checkers::LearnedEvaluation::encode_weights(opening, ending, base)
            .map_err(|e| e.to_string())
    }
    fn learned(bytes: &'static [u8]) -> Result<BoxedEval<Checkers>, String> {
        let eval = checkers::LearnedEvaluation::from_bytes(bytes).map_err(|e| e.to_string())?;
        Ok(Box::new(move |position| eval.evaluate(position)))
    }
    fn replay(game: &rulebook::pdn::PdnGame) -> Result<Match<Checkers>, String> {
        game.replay().map_err(|e| e.to_string())
    }
    fn fen(position: &Checkers) -> String {
        position.to_fen()
    }
    fn from_fen(text: &str) -> Result<Checkers, String> {
        Checkers::from_fen(text).map_err(|e| e.to_string())
    }
    fn strongest_engine(learned: bool) -> Result<Engine<Checkers>, String> {
        if learned {
            checkers::engine_with(checkers::MAX_LEVEL, checkers::LearnedEvaluation::shipped())
        } else {
            checkers::engine_with(checkers::MAX_LEVEL, checkers::Evaluation::new())
        }
        .map_err(|e| e.to_string())
    }
}

/// A draughts variant of the library (any [`Rules`]: International, the
/// 8x8 variants, ...), its learned evaluation the library's
/// [`LearnedEvaluation`] of `R`.
pub struct DraughtsVariant<R>(PhantomData<fn() -> R>);

/// International draughts.
pub type International = DraughtsVariant<InternationalRules>;

impl<R: Rules> Variant for DraughtsVariant<R> {
    type Position = Draughts<R>;
    const NAME: &'static str = R::NAME;
    const DRAW_RULES: DrawRules = R::DRAW_RULES;
    fn flipped(position: &Self::Position) -> Self::Position {
        Draughts::from_fen(&flip_fen(&position.to_fen())).unwrap_or(*position)
    }
    fn features(position: &Self::Position, visit: impl FnMut(usize, i32)) {
        LearnedEvaluation::<R>::for_each_feature(position, visit)
    }
    fn feature_count() -> usize {
        LearnedEvaluation::<R>::feature_count()
    }
    fn pattern_feature_count() -> usize {
        LearnedEvaluation::<R>::pattern_feature_count()
    }
    fn mirror(feature: usize) -> usize {
        LearnedEvaluation::<R>::mirror_feature(feature).unwrap_or(feature)
    }
    fn start_pieces() -> i32 {
        LearnedEvaluation::<R>::start_pieces()
    }
    fn pieces(position: &Self::Position) -> i32 {
        let white = position.squares_of(draughts::Color::White).count();
        let black = position.squares_of(draughts::Color::Black).count();
        (white + black) as i32
    }
    fn hand_set(position: &Self::Position) -> i32 {
        draughts::Evaluation::<R>::new().evaluate(position)
    }
    fn encode(opening: &[i32], ending: &[i32], base: bool) -> Result<Vec<u8>, String> {
        LearnedEvaluation::<R>::encode_weights(opening, ending, base).map_err(|e| e.to_string())
    }
    fn learned(bytes: &'static [u8]) -> Result<BoxedEval<Self::Position>, String> {
        let eval = LearnedEvaluation::<R>::from_bytes(bytes).map_err(|e| e.to_string())?;
        Ok(Box::new(move |position| eval.evaluate(position)))
    }
    fn replay(game: &rulebook::pdn::PdnGame) -> Result<Match<Self::Position>, String> {
        draughts::pdn::replay::<R>(game).map_err(|e| e.to_string())
    }
    fn fen(position: &Self::Position) -> String {
        position.to_fen()
    }
    fn from_fen(text: &str) -> Result<Self::Position, String> {
        Draughts::from_fen(text).map_err(|e| e.to_string())
    }
    fn strongest_engine(learned: bool) -> Result<Engine<Self::Position>, String> {
        if learned {
            let shipped = LearnedEvaluation::<R>::shipped()
                .ok_or_else(|| format!("the crate ships no weights for {}", R::NAME))?;
            draughts::engine_with(draughts::MAX_LEVEL, shipped)
        } else {
            draughts::engine_with::<R, _>(draughts::MAX_LEVEL, draughts::Evaluation::new())
        }
        .map_err(|e| e.to_string())
    }
}

/// Whether `position` is quiet: the game goes on and neither side has a
/// capture.
pub fn is_quiet<V: Variant>(position: &V::Position) -> bool {
    let captures = |p: &V::Position| p.legal_moves().into_iter().any(|mv| p.is_tactical(mv));
    position.outcome().is_none() && !captures(position) && !captures(&V::flipped(position))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_means_no_capture_for_either_side() {
        // Red to move has no capture (its man on 15 cannot take 19: 24 is
        // taken), but White's man on 19 could take 15: not quiet.
        let white_threat = Checkers::from_fen("B:W19:B15,24").unwrap();
        assert!(!white_threat
            .legal_moves()
            .into_iter()
            .any(|mv| white_threat.is_tactical(mv)));
        assert!(!is_quiet::<English>(&white_threat));
        let quiet = Checkers::from_fen("B:W32:B1").unwrap();
        assert!(is_quiet::<English>(&quiet));
        assert_eq!(English::flipped(&quiet).to_fen(), "W:W32:B1");
    }
}
