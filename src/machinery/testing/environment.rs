//! [`check_environment`]: the rules of the
//! [`Environment`](crate::agent::Environment) contract, checked on random
//! playouts.

use std::collections::HashSet;

use super::violation::Report;
use super::{Config, ContractViolation, Rule, Summary};
use crate::agent::{ActionError, Environment, Progress};
use crate::{Game, SplitMix64};

/// A value no implementation writes, to see whether a refused buffer was
/// touched and whether every value of an accepted one was written.
const UNWRITTEN: f32 = -7.25;

/// More actions than any move of a game in this crate takes; a move still
/// incomplete after this many is reported.
const MAX_ACTIONS_PER_MOVE: usize = 256;

/// Checks the [`Environment`] contract for `E` on random playouts from
/// `E::from_position` of `G::default()` and of the config's extra start
/// positions (the config's seed, playouts, longest playout in moves, and
/// candidate moves are used; perft and round trips are
/// [`check_contract`](super::check_contract)'s).
///
/// In every state: the buffer methods accept exactly the documented sizes
/// and leave a refused buffer untouched, and these sizes never change; the
/// mask marks exactly the actions `apply_action` (and `is_legal_action`)
/// accept, none iff the game is over; a refused action (and an action
/// number out of range) leaves the environment unchanged; the observation
/// overwrites every value, finite, the same each time. Between moves, each
/// legal move's `actions_of_move` replays to that move (only the last
/// action completes it, and the position is then the position after the
/// move), `move_of_actions` inverts it, and the candidate moves that are
/// not legal are refused. While a move is in progress the position does
/// not change and no whole move can start. At the end of each playout,
/// `reset` gives what a reset at its start gives, with the same sizes.
///
/// # Errors
///
/// The first [`ContractViolation`] found; its path lists the actions
/// played from the start.
///
/// # Example
///
/// ```
/// use rulebook::checkers::{Checkers, HopByHop};
/// use rulebook::testing::{check_environment, Config};
///
/// let config = Config::<Checkers>::new().seed(1).playouts(5).max_plies(60);
/// let summary = check_environment::<HopByHop>(&config).unwrap();
/// assert_eq!(summary.playouts, 5);
/// ```
pub fn check_environment<E: Environment>(
    config: &Config<E::Game>,
) -> Result<Summary, ContractViolation> {
    let mut summary = Summary::default();
    let mut distinct: HashSet<E::Game> = HashSet::new();
    let mut rng = SplitMix64::new(config.seed);
    let starts = config.starts();
    for index in 0..config.playouts {
        let start = E::from_position(starts[index % starts.len()].clone());
        let mut walk = Walk {
            config,
            index,
            start: start.clone(),
            actions: Vec::new(),
            action_count: start.action_count(),
            observation_len: start.observation_shape().len(),
        };
        let mut env = start;
        let mut moves = 0;
        let mut actions_this_move = 0;
        while moves < config.max_plies && !env.position().is_over() {
            let between_moves = actions_this_move == 0;
            summary.positions += usize::from(between_moves);
            summary.illegal_moves_tried += walk.check_state(&env, between_moves)?;
            distinct.insert(env.position().clone());

            let action = walk.random_legal_action(&env, &mut rng)?;
            let before = env.clone();
            match env.apply_action(action) {
                Ok(Progress::Completed(mv)) => {
                    walk.check_completed(&before, &env, mv, action)?;
                    moves += 1;
                    actions_this_move = 0;
                }
                Ok(Progress::Continues) => {
                    if env.position() != before.position() {
                        let detail = "the position changed before the move completed".into();
                        return Err(walk.violation(&before, Rule::ActingPlayer, action, detail));
                    }
                    actions_this_move += 1;
                    if actions_this_move > MAX_ACTIONS_PER_MOVE {
                        let detail = format!("no move completed in {MAX_ACTIONS_PER_MOVE} actions");
                        return Err(walk.violation(&before, Rule::ActingPlayer, action, detail));
                    }
                }
                Err(error) => {
                    let detail = format!("the mask marks it, apply_action refused it: {error}");
                    return Err(walk.violation(&before, Rule::ActionMask, action, detail));
                }
            }
            walk.actions.push(action);
        }
        // The last state too: a finished game has no legal action.
        walk.check_state(&env, actions_this_move == 0)?;
        walk.check_reset(&env)?;
        summary.playouts += 1;
        summary.positions += 1;
        summary.longest_playout = summary.longest_playout.max(moves);
        summary.finished_games += usize::from(env.position().is_over());
        distinct.insert(env.position().clone());
    }
    summary.distinct_positions = distinct.len();
    Ok(summary)
}

/// One playout of [`check_environment`]: where it started and the actions
/// played so far, for the reports.
struct Walk<'c, E: Environment> {
    config: &'c Config<E::Game>,
    index: usize,
    start: E,
    actions: Vec<usize>,
    action_count: usize,
    observation_len: usize,
}

impl<E: Environment> Walk<'_, E> {
    /// The report of `rule` broken in state `env`, about `action` (or, for
    /// `usize::MAX`, no action in particular).
    fn violation(&self, env: &E, rule: Rule, action: usize, detail: String) -> ContractViolation {
        Report {
            rule,
            detail,
            position: format!("{env:?}"),
            move_text: (action != usize::MAX).then(|| format!("action {action}")),
            start: format!("{:?}", self.start),
            path: self.actions.iter().map(ToString::to_string).collect(),
            seed: self.config.seed,
            playout: self.index,
        }
        .into()
    }

    /// Every rule of one state; returns the number of illegal actions
    /// tried.
    fn check_state(&self, env: &E, between_moves: bool) -> Result<usize, ContractViolation> {
        let fail = |rule, action, detail| Err(self.violation(env, rule, action, detail));
        let (count, len) = (env.action_count(), env.observation_shape().len());
        if (count, len) != (self.action_count, self.observation_len) {
            let detail = format!(
                "{count} actions and {len} observation values, but {} and {} at the start",
                self.action_count, self.observation_len
            );
            return fail(Rule::BufferSize, usize::MAX, detail);
        }

        // Wrong sizes are refused and leave the buffer as it was.
        for wrong in [count + 1, count.wrapping_sub(1)]
            .into_iter()
            .filter(|&n| n <= count + 1)
        {
            let mut mask = vec![true; wrong];
            if env.legal_action_mask(&mut mask).is_ok() || mask.iter().any(|&m| !m) {
                let detail = format!("a mask buffer of {wrong} values (not {count}) was used");
                return fail(Rule::BufferSize, usize::MAX, detail);
            }
        }
        for wrong in [len + 1, len.wrapping_sub(1)]
            .into_iter()
            .filter(|&n| n <= len + 1)
        {
            let mut observation = vec![UNWRITTEN; wrong];
            if env.write_observation(&mut observation).is_ok()
                || observation.iter().any(|&v| v != UNWRITTEN)
            {
                let detail =
                    format!("an observation buffer of {wrong} values (not {len}) was used");
                return fail(Rule::BufferSize, usize::MAX, detail);
            }
        }

        let mut mask = vec![false; count];
        if let Err(error) = env.legal_action_mask(&mut mask) {
            return fail(
                Rule::BufferSize,
                usize::MAX,
                format!("mask refused: {error}"),
            );
        }
        let mut tried = 0;
        for (action, &marked) in mask.iter().enumerate() {
            let mut copy = env.clone();
            let result = copy.apply_action(action);
            if result.is_ok() != marked || env.is_legal_action(action) != marked {
                let detail = format!(
                    "mask says {marked}, apply_action returned {result:?}, is_legal_action {}",
                    env.is_legal_action(action)
                );
                return fail(Rule::ActionMask, action, detail);
            }
            if result.is_err() {
                tried += 1;
                if copy != *env {
                    let detail = format!("refused with {result:?}, the state became {copy:?}");
                    return fail(Rule::StateChangedOnRefusedAction, action, detail);
                }
            }
        }
        let mut copy = env.clone();
        let out_of_range = copy.apply_action(count);
        if out_of_range
            != Err(ActionError::OutOfRange {
                action: count,
                count,
            })
            || copy != *env
        {
            let detail = format!("apply_action({count}) returned {out_of_range:?}");
            return fail(Rule::ActionMask, count, detail);
        }
        let over = env.position().is_over();
        if over == mask.contains(&true) {
            let detail = format!(
                "is_over() = {over}, {} legal actions",
                mask.iter().filter(|&&m| m).count()
            );
            return fail(Rule::ActionMask, usize::MAX, detail);
        }

        let mut first = vec![0.0; len];
        let mut second = vec![UNWRITTEN; len];
        if env.write_observation(&mut first).is_err() || env.write_observation(&mut second).is_err()
        {
            let detail = format!("an observation buffer of {len} values was refused");
            return fail(Rule::BufferSize, usize::MAX, detail);
        }
        if let Some(at) = (0..len).find(|&i| first[i] != second[i] || !first[i].is_finite()) {
            let detail = format!(
                "value {at} is {} in one write and {} in another",
                first[at], second[at]
            );
            return fail(Rule::Observation, usize::MAX, detail);
        }

        if between_moves && !over {
            self.check_move_actions(env)?;
        } else if !between_moves {
            for mv in env.position().legal_moves() {
                if env.actions_of_move(mv).is_ok() {
                    let detail =
                        format!("actions_of_move({mv}) accepted while a move is in progress");
                    return fail(Rule::MoveActionsRoundTrip, usize::MAX, detail);
                }
            }
        }
        Ok(tried)
    }

    /// Between moves: every legal move's actions replay to it; the other
    /// candidates are refused.
    fn check_move_actions(&self, env: &E) -> Result<(), ContractViolation> {
        let fail =
            |detail| Err(self.violation(env, Rule::MoveActionsRoundTrip, usize::MAX, detail));
        let position = env.position();
        let legal = position.legal_moves();
        for &mv in legal.iter() {
            let actions = match env.actions_of_move(mv) {
                Ok(actions) => actions,
                Err(error) => return fail(format!("actions_of_move({mv}) failed: {error}")),
            };
            let mut replay = env.clone();
            for (index, &action) in actions.iter().enumerate() {
                let last = index + 1 == actions.len();
                let before = replay.position().clone();
                let result = replay.apply_action(action);
                if result == Ok(Progress::Continues) && *replay.position() != before {
                    let detail = format!(
                        "action {action} of {mv} continues the move but changed the position"
                    );
                    return Err(self.violation(env, Rule::ActingPlayer, action, detail));
                }
                match result {
                    Ok(Progress::Continues) if !last => {}
                    Ok(Progress::Completed(made)) if last && made == mv => {}
                    result => {
                        let detail = format!(
                            "{mv} is actions {:?}; action {action} (number {index}) returned {result:?}",
                            &*actions
                        );
                        return fail(detail);
                    }
                }
            }
            if actions.is_empty() {
                return fail(format!("{mv} has no actions"));
            }
            let expected = position.after(mv).ok();
            if Some(replay.position()) != expected.as_ref() {
                let detail = format!(
                    "after {mv}'s actions the position is {:?}",
                    replay.position()
                );
                return fail(detail);
            }
            if env.move_of_actions(&actions) != Ok(mv) {
                let detail = format!(
                    "move_of_actions({:?}) = {:?}, not {mv}",
                    &*actions,
                    env.move_of_actions(&actions)
                );
                return fail(detail);
            }
        }
        for &mv in &self.config.candidate_moves {
            if !legal.contains(&mv) && env.actions_of_move(mv).is_ok() {
                return fail(format!("actions_of_move({mv}) accepted an illegal move"));
            }
        }
        Ok(())
    }

    /// After `action` completed `mv`: `mv` was legal and the position is
    /// the position after it.
    fn check_completed(
        &self,
        before: &E,
        after: &E,
        mv: <E::Game as Game>::Move,
        action: usize,
    ) -> Result<(), ContractViolation> {
        let expected = before.position().after(mv).ok();
        if Some(after.position()) != expected.as_ref() {
            let detail = format!(
                "it completed {mv}, but the position became {:?}, not {expected:?}",
                after.position()
            );
            return Err(self.violation(before, Rule::MoveActionsRoundTrip, action, detail));
        }
        Ok(())
    }

    /// A random action among those the mask marks.
    fn random_legal_action(
        &self,
        env: &E,
        rng: &mut SplitMix64,
    ) -> Result<usize, ContractViolation> {
        let mut mask = vec![false; self.action_count];
        // Checked in `check_state`: the mask has the right size.
        let _ = env.legal_action_mask(&mut mask);
        let legal: Vec<usize> = (0..mask.len()).filter(|&a| mask[a]).collect();
        match legal.get(rng.below(legal.len())) {
            Some(&action) => Ok(action),
            None => {
                let detail = "no legal action in a game that goes on".into();
                Err(self.violation(env, Rule::ActionMask, usize::MAX, detail))
            }
        }
    }

    /// [`Environment::reset`] from `env` (the end of the playout) gives the
    /// environment a reset at the playout's start gives, of the start's
    /// sizes.
    fn check_reset(&self, env: &E) -> Result<(), ContractViolation> {
        let mut from_end = env.clone();
        from_end.reset();
        let mut from_start = self.start.clone();
        from_start.reset();
        let sizes = (from_end.action_count(), from_end.observation_shape().len());
        let detail = if sizes != (self.action_count, self.observation_len) {
            format!(
                "after reset: {} actions and {} observation values, but {} and {} before",
                sizes.0, sizes.1, self.action_count, self.observation_len
            )
        } else if from_end != from_start {
            format!("reset after the playout gives {from_end:?}, reset at its start {from_start:?}")
        } else {
            return Ok(());
        };
        Err(self.violation(env, Rule::Reset, usize::MAX, detail))
    }
}
