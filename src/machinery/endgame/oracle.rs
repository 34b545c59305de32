//! The databases as a search's [`Oracle`]: [`Tablebase<R>`] judges
//! [`Draughts<R>`] positions, and `Tablebase<EnglishRules>` judges
//! [`Checkers`] positions too, so that
//! [`Engine::with_endgame`](crate::search::Engine::with_endgame) takes one
//! for either game.

use super::tablebase::{Tablebase, Verdict};
use super::value::Value;
use crate::checkers::Checkers;
use crate::draughts::{Color, Draughts, English, EnglishRules, Rules};
use crate::search::{Oracle, OracleAdvice};
use crate::{Game, PlayerOutcome};

/// The advice of `verdict`, its move `best_move` (as the caller's game
/// writes it).
fn advice<M, R: Rules>(verdict: &Verdict<R>, best_move: Option<M>) -> OracleAdvice<M> {
    OracleAdvice {
        outcome: verdict.value.outcome(),
        best_move,
        distance: verdict.distance,
    }
}

impl<R: Rules> Oracle<Draughts<R>> for Tablebase<R> {
    fn probe(&self, game: &Draughts<R>) -> Option<PlayerOutcome> {
        Tablebase::probe(self, game).map(Value::outcome)
    }

    fn advice(&self, game: &Draughts<R>) -> Option<OracleAdvice<crate::draughts::Move<R>>> {
        let verdict = self.best_move(game)?;
        Some(advice(&verdict, verdict.best_move))
    }
}

/// `position` as an [`English`] position: the same pieces on the same
/// squares, Red as Black.
fn as_english(position: &Checkers) -> English {
    let [white, red, kings] = position.dense_bitboards();
    let turn = match position.to_move() {
        crate::checkers::Player::White => Color::White,
        crate::checkers::Player::Red => Color::Black,
    };
    English::from_dense_bitboards(white, red, kings, turn)
}

impl Oracle<Checkers> for Tablebase<EnglishRules> {
    fn probe(&self, game: &Checkers) -> Option<PlayerOutcome> {
        self.probe_checkers(game).map(Value::outcome)
    }

    fn advice(&self, game: &Checkers) -> Option<OracleAdvice<crate::checkers::Move>> {
        let [white, red, _] = game.dense_bitboards();
        if (white | red).count_ones() > self.max_pieces() {
            return None;
        }
        let english = as_english(game);
        let verdict = self.best_move(&english)?;
        // The checkers move to the position the database's move leads to.
        let best_move = verdict.best_move.and_then(|best| {
            let mut target = english;
            target.apply_unchecked(best);
            let target = target.dense_bitboards();
            game.legal_moves().iter().copied().find(|&mv| {
                let mut after = *game;
                after.apply_unchecked(mv);
                after.dense_bitboards() == target
            })
        });
        Some(advice(&verdict, best_move))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;

    /// Random checkers positions of at most `pieces` pieces (no man on
    /// its crowning row), either side to move.
    fn random_positions(seed: u64, count: usize, pieces: u32) -> Vec<Checkers> {
        let mut random = SplitMix64::new(seed);
        let mut positions = Vec::new();
        while positions.len() < count {
            let total = 1 + (random.next_u64() % u64::from(pieces)) as usize;
            let mut squares: Vec<u32> = (1..=32).collect();
            let mut white = Vec::new();
            let mut red = Vec::new();
            for i in 0..total {
                let at = (random.next_u64() % squares.len() as u64) as usize;
                let square = squares.swap_remove(at);
                let king = random.next_u64() % 2 == 0;
                let white_side = i % 2 == 0;
                // Men may not stand on their crowning row.
                let crowning = if white_side { 1..=4 } else { 29..=32 };
                let label = if king || crowning.contains(&square) {
                    format!("K{square}")
                } else {
                    square.to_string()
                };
                if white_side {
                    white.push(label);
                } else {
                    red.push(label);
                }
            }
            let turn = if random.next_u64() % 2 == 0 { "W" } else { "B" };
            let fen = format!("{turn}:W{}:B{}", white.join(","), red.join(","));
            if let Ok(position) = Checkers::from_fen(&fen) {
                positions.push(position);
            }
        }
        positions
    }

    #[test]
    fn checkers_positions_are_probed_as_the_same_english_positions() {
        let tablebase = Tablebase::<EnglishRules>::build_in_memory(3, |_| {}).unwrap();
        for position in random_positions(31, 2_000, 4) {
            let english = English::from_setup(&position.to_setup()).unwrap();
            assert_eq!(as_english(&position), english, "{}", position.to_fen());
            assert_eq!(
                tablebase.probe_checkers(&position),
                tablebase.probe(&english),
                "{}",
                position.to_fen()
            );
            let checkers_advice = Oracle::<Checkers>::advice(&tablebase, &position);
            let english_advice = Oracle::<English>::advice(&tablebase, &english);
            assert_eq!(
                checkers_advice.map(|advice| (advice.outcome, advice.distance)),
                english_advice.map(|advice| (advice.outcome, advice.distance))
            );
            if let Some(advice) = checkers_advice {
                let moves = position.legal_moves();
                match advice.best_move {
                    Some(mv) => assert!(moves.contains(&mv)),
                    None => assert!(moves.is_empty()),
                }
            }
        }
    }
}
