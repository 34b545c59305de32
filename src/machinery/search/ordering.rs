//! Move ordering for alpha-beta: which moves to try first. The better the
//! first move, the sooner a node is cut off, so this decides most of the
//! search's speed (never its result at a given depth without reductions).
//!
//! The order: the transposition table's move (the best move the last,
//! shallower search found), then tactical moves (captures, best first by
//! the evaluator's hint), then the two *killer* moves of the ply (quiet
//! moves that cut off a sibling node), then the other quiet moves by their
//! *history* (how often and how deep they cut off anywhere) plus the
//! evaluator's hint.

use core::hash::{Hash, Hasher};

use crate::PositionHasher;

/// History slots: moves are hashed into them with the side that plays
/// them (a collision only blurs the order).
const HISTORY_SLOTS: usize = 1 << 12;
/// When a history value passes this, every value is halved, so that
/// recent cut-offs weigh more than old ones and values stay small.
const HISTORY_CEILING: i32 = 1 << 20;

/// Order classes, far apart so that no hint or history crosses them.
const TABLE_MOVE: i32 = 1 << 30;
const TACTICAL: i32 = 1 << 29;
const FIRST_KILLER: i32 = 1 << 28;
const SECOND_KILLER: i32 = FIRST_KILLER - 1;
/// Hints are clamped into this range so they stay inside their class.
const MAX_HINT: i32 = 1 << 24;

/// Lists longer than this are sorted without the cached scores (slower,
/// still without allocating). Both games of this crate stay below it
/// (checkers: at most 42 moves); the score buffer is cleared at every
/// node, so it is kept small.
const MAX_SCORED_MOVES: usize = 64;

/// The killer moves of each ply and the history of every move.
#[derive(Clone, Debug)]
pub(crate) struct MoveOrder<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

/// The history slot of `mv` played by `player`.
#[inline]
pub(crate) fn history_slot<P: Hash, M: Hash>(player: P, mv: M) -> usize {
    let mut hasher = PositionHasher::new();
    mv.hash(&mut hasher);
    player.hash(&mut hasher);
    hasher.finish() as usize & (HISTORY_SLOTS - 1)
}

/// What the order needs to know about one move besides its history slot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveFacts {
    pub(crate) is_table_move: bool,
    pub(crate) is_tactical: bool,
    /// 0 for no killer, 1 for the first, 2 for the second.
    pub(crate) killer: u8,
    pub(crate) hint: i32,
    pub(crate) history_slot: usize,
}

impl<M: Copy + PartialEq> MoveOrder<M> {
    /// Killers for plies `0..max_ply`, and an empty history.
    pub(crate) fn new(max_ply: usize) -> MoveOrder<M> {
        MoveOrder {
            killers: vec![[None, None]; max_ply],
            history: vec![0; HISTORY_SLOTS],
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.killers.fill([None, None]);
        self.history.fill(0);
    }

    /// Starts a new search: killers belong to the old positions and go;
    /// the history is kept at half weight.
    pub(crate) fn new_search(&mut self) {
        self.killers.fill([None, None]);
        self.age_history();
    }

    fn age_history(&mut self) {
        for value in &mut self.history {
            *value /= 2;
        }
    }

    /// The killer of `ply` of rank `rank` (0 for the first, 1 for the
    /// second), if any.
    #[inline]
    pub(crate) fn killer(&self, ply: usize, rank: usize) -> Option<M> {
        self.killers
            .get(ply)
            .and_then(|pair| pair.get(rank).copied().flatten())
    }

    /// Which killer of `ply`, if any, `mv` is (1 or 2; 0 for none).
    #[inline]
    pub(crate) fn killer_rank(&self, ply: usize, mv: M) -> u8 {
        match self.killers.get(ply) {
            Some([Some(first), _]) if *first == mv => 1,
            Some([_, Some(second)]) if *second == mv => 2,
            _ => 0,
        }
    }

    /// The order score of a move from its facts: larger first.
    #[inline]
    pub(crate) fn score(&self, facts: MoveFacts) -> i32 {
        let hint = facts.hint.clamp(-MAX_HINT, MAX_HINT);
        if facts.is_table_move {
            TABLE_MOVE
        } else if facts.is_tactical {
            TACTICAL + hint
        } else if facts.killer == 1 {
            FIRST_KILLER
        } else if facts.killer == 2 {
            SECOND_KILLER
        } else {
            self.history[facts.history_slot] + hint
        }
    }

    /// Records that quiet move `mv` cut off a node at `ply`, searched to
    /// `depth`.
    pub(crate) fn record_cut(&mut self, ply: usize, mv: M, slot: usize, depth: i32) {
        if let Some(killers) = self.killers.get_mut(ply) {
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
        }
        let bonus = depth.clamp(1, 64).pow(2);
        self.history[slot] += bonus;
        if self.history[slot] > HISTORY_CEILING {
            self.age_history();
        }
    }
}

/// Sorts `moves` by `score`, larger first; equal scores keep their order
/// (so the result does not depend on the sort). Never allocates.
#[inline]
pub(crate) fn sort_by_score<M: Copy>(moves: &mut [M], mut score: impl FnMut(M) -> i32) {
    if moves.len() > MAX_SCORED_MOVES {
        // Stable order for equal keys is lost here; the list is still
        // deterministic, as `sort_unstable` is.
        moves.sort_unstable_by_key(|&mv| core::cmp::Reverse(score(mv)));
        return;
    }
    let mut scores = [0i32; MAX_SCORED_MOVES];
    for (slot, &mv) in scores.iter_mut().zip(moves.iter()) {
        *slot = score(mv);
    }
    // Insertion sort: short lists, often nearly sorted, and stable.
    for i in 1..moves.len() {
        let (mv, value) = (moves[i], scores[i]);
        let mut j = i;
        while j > 0 && scores[j - 1] < value {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
            j -= 1;
        }
        moves[j] = mv;
        scores[j] = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(slot: usize) -> MoveFacts {
        MoveFacts {
            is_table_move: false,
            is_tactical: false,
            killer: 0,
            hint: 0,
            history_slot: slot,
        }
    }

    #[test]
    fn sort_is_descending_and_stable() {
        let mut moves = [1u8, 2, 3, 4, 5, 6];
        sort_by_score(&mut moves, |mv| i32::from(mv % 3));
        assert_eq!(moves, [2, 5, 1, 4, 3, 6]);
        let mut long: Vec<u16> = (0..300).collect();
        sort_by_score(&mut long, i32::from);
        assert_eq!(long[0], 299);
        assert_eq!(long[299], 0);
        assert!(long.windows(2).all(|pair| pair[0] > pair[1]));
    }

    #[test]
    fn classes_come_in_order() {
        let mut order = MoveOrder::<u8>::new(4);
        order.record_cut(1, 7, 3, 5);
        order.record_cut(1, 8, 4, 5);
        assert_eq!(order.killer_rank(1, 8), 1);
        assert_eq!(order.killer_rank(1, 7), 2);
        assert_eq!(order.killer_rank(2, 8), 0);
        assert_eq!(order.killer_rank(99, 8), 0);
        assert_eq!(order.killer(1, 0), Some(8));
        assert_eq!(order.killer(1, 1), Some(7));
        assert_eq!(order.killer(2, 0), None);
        assert_eq!(order.killer(1, 2), None);
        assert_eq!(order.killer(99, 0), None);
        let table = order.score(MoveFacts {
            is_table_move: true,
            ..facts(0)
        });
        let tactical = order.score(MoveFacts {
            is_tactical: true,
            hint: i32::MIN,
            ..facts(0)
        });
        let killer = order.score(MoveFacts {
            killer: 2,
            ..facts(0)
        });
        let quiet = order.score(MoveFacts {
            hint: i32::MAX,
            ..facts(3)
        });
        let plain = order.score(facts(5));
        assert!(table > tactical && tactical > killer && killer > quiet && quiet > plain);
        assert_eq!(order.score(facts(3)), 25);
        order.new_search();
        assert_eq!(order.killer_rank(1, 8), 0);
        assert_eq!(order.score(facts(3)), 12);
    }

    #[test]
    fn slots_depend_on_the_player() {
        let red = history_slot(0u8, 11u32);
        assert!(red < HISTORY_SLOTS);
        assert_ne!(history_slot(0u8, 11u32), history_slot(1u8, 11u32));
    }
}
