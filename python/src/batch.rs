//! [`Batch`]: many copies of one [`Environment`] stepped together, writing
//! every result into caller-owned flat buffers (the numpy arrays of
//! `VectorEnv`), with no allocation per step. Generic over the
//! environment; `VectorEnv` holds one as a [`BatchCore`] trait object.

use pyo3::PyResult;
use rulebook::agent::{Environment, Progress};
use rulebook::catalog::Described;
use rulebook::{Game, PlayerOutcome};

use crate::environments::{actions_in_progress, environment_at, AgentEnvironment};

/// The reward of a win; a loss is its negation, a draw zero.
const WIN_REWARD: f32 = 1.0;

/// What a batch does with an action that is out of range or not legal.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) enum IllegalPolicy {
    /// Refuse the whole step (nothing changes) with an error naming the
    /// environment and the action.
    Raise,
    /// The player who acted loses that game at once with this reward (its
    /// opponent gets 0), and the game restarts.
    Lose(f32),
}

/// The sizes of a batch.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dims {
    pub(crate) num_envs: usize,
    pub(crate) action_count: usize,
    /// Planes, rows, columns (the environment's observation shape).
    pub(crate) observation: [usize; 3],
}

impl Dims {
    pub(crate) fn observation_len(&self) -> usize {
        self.observation.iter().product()
    }
}

/// The output buffers, flat, environment-major. Each holds exactly
/// `num_envs` rows of its width (checked by the caller: `VectorEnv`
/// allocates them from [`Dims`]).
pub(crate) struct Outputs<'a> {
    /// `observation_len` values per environment.
    pub(crate) observations: &'a mut [f32],
    /// `action_count` values per environment.
    pub(crate) masks: &'a mut [bool],
    /// Two per environment: the first player's reward, the second's.
    pub(crate) rewards: &'a mut [f32],
    pub(crate) terminations: &'a mut [bool],
    pub(crate) truncations: &'a mut [bool],
    /// 0 when the first player is to act, 1 for the second.
    pub(crate) to_play: &'a mut [i8],
}

impl Outputs<'_> {
    /// The same buffers, borrowed again (to pass them on more than once).
    pub(crate) fn reborrow(&mut self) -> Outputs<'_> {
        Outputs {
            observations: self.observations,
            masks: self.masks,
            rewards: self.rewards,
            terminations: self.terminations,
            truncations: self.truncations,
            to_play: self.to_play,
        }
    }
}

/// A batch too large for the memory that could be had.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OutOfMemory;

impl std::fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the allocation failed")
    }
}

/// An action refused under [`IllegalPolicy::Raise`].
#[derive(Clone, Debug)]
pub(crate) struct StepError {
    pub(crate) env: usize,
    pub(crate) action: i64,
    pub(crate) legal: Vec<usize>,
}

/// A batch of environments, object-safe: what `VectorEnv` drives.
pub(crate) trait BatchCore: Send + Sync {
    fn dims(&self) -> Dims;
    /// Restarts every game (reseeding the random actions when `seed` is
    /// given) and writes the start state; rewards, terminations and
    /// truncations are zeroed.
    fn reset(&mut self, seed: Option<u64>, outputs: Outputs<'_>);
    /// Plays `actions[i]` in environment `i` (on `threads` threads),
    /// restarting the games that end.
    ///
    /// # Errors
    ///
    /// Under [`IllegalPolicy::Raise`], the first illegal action; nothing
    /// changed.
    fn step(
        &mut self,
        actions: &[i64],
        threads: usize,
        outputs: Outputs<'_>,
    ) -> Result<(), StepError>;
    /// Writes one uniformly random legal action per environment, from the
    /// batch's seeded generator.
    fn random_actions(&mut self, actions: &mut [i64]);
    /// The position of environment `env` (before its move in progress).
    ///
    /// Precondition: `env < num_envs` (as for every `env` below).
    fn game(&self, env: usize) -> Box<dyn crate::games::DynGame>;
    /// The actions of environment `env`'s move in progress.
    fn actions_in_progress(&self, env: usize) -> Vec<usize>;
    /// The actions environment `env` played since its game started.
    fn steps(&self, env: usize) -> u32;
    /// Puts environment `env` at `game` then `actions`, with `steps`
    /// counted; unchanged on error.
    fn set_game(
        &mut self,
        env: usize,
        game: &dyn crate::games::DynGame,
        actions: &[usize],
        steps: u32,
    ) -> PyResult<()>;
    /// Writes environment `env`'s row of every output: its observation,
    /// mask and player to act; zero rewards, no termination or
    /// truncation.
    fn write_row(&self, env: usize, outputs: Outputs<'_>);
    /// A copy (games, masks, generator).
    fn boxed_clone(&self) -> Box<dyn BatchCore>;
    /// The state of the random-action generator, and setting it back.
    fn rng_state(&self) -> u64;
    fn set_rng_state(&mut self, state: u64);
    /// The game with its parameters ("connectx:8x9x5").
    fn spec(&self) -> String;
    /// The step limit as `VectorEnv`'s `max_steps` reads it (0: none).
    fn max_steps_argument(&self) -> u32;
}

/// One environment of the batch and the actions played since its game
/// started.
#[derive(Clone)]
struct Slot<E> {
    env: E,
    steps: u32,
}

/// The shared, read-only part of a step.
struct Rules<'a, E: Environment> {
    start: &'a E,
    dims: Dims,
    illegal: IllegalPolicy,
    max_steps: Option<u32>,
}

/// `num_envs` copies of an environment.
#[derive(Clone)]
pub(crate) struct Batch<E: Environment> {
    start: E,
    slots: Vec<Slot<E>>,
    /// The legal-action masks of the current states (`action_count` per
    /// environment): the copy the step checks actions against, whatever
    /// the caller did to the output array.
    masks: Vec<bool>,
    dims: Dims,
    illegal: IllegalPolicy,
    max_steps: Option<u32>,
    rng: fastrand::Rng,
}

impl<E: Environment> Batch<E> {
    /// `num_envs` games from `start`. `max_steps` truncates a game after
    /// that many actions (`None`: never).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] when the games or their masks cannot be allocated
    /// (nothing is left allocated).
    pub(crate) fn new(
        start: E,
        num_envs: usize,
        seed: u64,
        illegal: IllegalPolicy,
        max_steps: Option<u32>,
    ) -> Result<Batch<E>, OutOfMemory> {
        let shape = start.observation_shape();
        let dims = Dims {
            num_envs,
            action_count: start.action_count(),
            observation: shape.dims(),
        };
        let slot = Slot {
            env: start.clone(),
            steps: 0,
        };
        let mask_len = num_envs.checked_mul(dims.action_count).ok_or(OutOfMemory)?;
        let mut slots = Vec::new();
        slots.try_reserve_exact(num_envs).map_err(|_| OutOfMemory)?;
        slots.resize(num_envs, slot);
        let mut masks = Vec::new();
        masks.try_reserve_exact(mask_len).map_err(|_| OutOfMemory)?;
        masks.resize(mask_len, false);
        let mut batch = Batch {
            slots,
            masks,
            start,
            dims,
            illegal,
            max_steps,
            rng: fastrand::Rng::with_seed(seed),
        };
        let masks = batch.masks.chunks_exact_mut(dims.action_count.max(1));
        for (slot, mask) in batch.slots.iter().zip(masks) {
            let _ = slot.env.legal_action_mask(mask);
        }
        Ok(batch)
    }

    fn rules(&self) -> Rules<'_, E> {
        Rules {
            start: &self.start,
            dims: self.dims,
            illegal: self.illegal,
            max_steps: self.max_steps,
        }
    }

    /// The first action that [`IllegalPolicy::Raise`] refuses.
    fn first_illegal(&self, actions: &[i64]) -> Option<StepError> {
        let count = self.dims.action_count;
        actions.iter().enumerate().find_map(|(env, &action)| {
            let mask = &self.masks[env * count..(env + 1) * count];
            let legal = usize::try_from(action)
                .ok()
                .and_then(|a| mask.get(a).copied())
                .unwrap_or(false);
            (!legal).then(|| StepError {
                env,
                action,
                legal: (0..count).filter(|&a| mask[a]).collect(),
            })
        })
    }
}

impl<E: Environment> Rules<'_, E> {
    /// The player number (0 = first) of `player`.
    fn index(&self, player: <E::Game as Game>::Player) -> usize {
        usize::from(player != self.start.position().to_move())
    }

    /// Steps a run of environments with their rows of every buffer.
    fn step_run(
        &self,
        slots: &mut [Slot<E>],
        masks: &mut [bool],
        actions: &[i64],
        outputs: Outputs<'_>,
    ) {
        let Dims { action_count, .. } = self.dims;
        let observation_len = self.dims.observation_len();
        let rows = slots
            .iter_mut()
            .zip(actions)
            .zip(masks.chunks_exact_mut(action_count))
            .zip(outputs.masks.chunks_exact_mut(action_count))
            .zip(outputs.observations.chunks_exact_mut(observation_len))
            .zip(outputs.rewards.chunks_exact_mut(2))
            .zip(outputs.terminations.iter_mut())
            .zip(outputs.truncations.iter_mut())
            .zip(outputs.to_play.iter_mut());
        for (
            (
                ((((((slot, &action), mask), mask_out), observation), rewards), terminated),
                truncated,
            ),
            to_play,
        ) in rows
        {
            rewards.fill(0.0);
            *terminated = false;
            *truncated = false;
            let mover = slot.env.position().to_move();
            let actor = self.index(mover);
            let played = usize::try_from(action)
                .ok()
                .filter(|&a| mask.get(a).copied().unwrap_or(false))
                .map(|a| slot.env.apply_action(a));
            match played {
                Some(Ok(progress)) => {
                    slot.steps += 1;
                    // The mask of the new state tells whether the game is
                    // over (no legal action iff over, between moves): the
                    // outcome is computed only then.
                    let _ = slot.env.legal_action_mask(mask);
                    let completed = matches!(progress, Progress::Completed(_));
                    if completed && !mask.contains(&true) {
                        if let Some(outcome) = slot.env.position().outcome_for(mover) {
                            let reward = match outcome {
                                PlayerOutcome::Win => WIN_REWARD,
                                PlayerOutcome::Draw => 0.0,
                                PlayerOutcome::Loss => -WIN_REWARD,
                            };
                            rewards[actor] = reward;
                            rewards[1 - actor] = -reward;
                            *terminated = true;
                        }
                    }
                    if !*terminated && self.max_steps.is_some_and(|max| slot.steps >= max) {
                        *truncated = true;
                    }
                }
                // Only reached under `IllegalPolicy::Lose`: `Raise` checked
                // every action before stepping.
                Some(Err(_)) | None => {
                    if let IllegalPolicy::Lose(penalty) = self.illegal {
                        rewards[actor] = penalty;
                    }
                    *terminated = true;
                }
            }
            if *terminated || *truncated {
                slot.env = self.start.clone();
                slot.steps = 0;
                let _ = slot.env.legal_action_mask(mask);
            }
            // The buffers have the environment's sizes: these cannot fail.
            mask_out.copy_from_slice(mask);
            let _ = slot.env.write_observation(observation);
            *to_play = self.index(slot.env.position().to_move()) as i8;
        }
    }
}

/// Splits `outputs` after `envs` environments.
fn split_outputs(outputs: Outputs<'_>, envs: usize, dims: Dims) -> (Outputs<'_>, Outputs<'_>) {
    let (o1, o2) = outputs
        .observations
        .split_at_mut(envs * dims.observation_len());
    let (m1, m2) = outputs.masks.split_at_mut(envs * dims.action_count);
    let (r1, r2) = outputs.rewards.split_at_mut(envs * 2);
    let (t1, t2) = outputs.terminations.split_at_mut(envs);
    let (u1, u2) = outputs.truncations.split_at_mut(envs);
    let (p1, p2) = outputs.to_play.split_at_mut(envs);
    (
        Outputs {
            observations: o1,
            masks: m1,
            rewards: r1,
            terminations: t1,
            truncations: u1,
            to_play: p1,
        },
        Outputs {
            observations: o2,
            masks: m2,
            rewards: r2,
            terminations: t2,
            truncations: u2,
            to_play: p2,
        },
    )
}

impl<E: AgentEnvironment> BatchCore for Batch<E> {
    fn game(&self, env: usize) -> Box<dyn crate::games::DynGame> {
        Box::new(self.slots[env].env.position().clone())
    }

    fn actions_in_progress(&self, env: usize) -> Vec<usize> {
        actions_in_progress(&self.slots[env].env)
    }

    fn steps(&self, env: usize) -> u32 {
        self.slots[env].steps
    }

    fn set_game(
        &mut self,
        env: usize,
        game: &dyn crate::games::DynGame,
        actions: &[usize],
        steps: u32,
    ) -> PyResult<()> {
        let state = environment_at(&self.start, game, actions)?;
        let count = self.dims.action_count;
        let slot = &mut self.slots[env];
        slot.env = state;
        slot.steps = steps;
        let _ = slot
            .env
            .legal_action_mask(&mut self.masks[env * count..(env + 1) * count]);
        Ok(())
    }

    fn write_row(&self, env: usize, outputs: Outputs<'_>) {
        let (count, observation_len) = (self.dims.action_count, self.dims.observation_len());
        let slot = &self.slots[env];
        let mask = &self.masks[env * count..(env + 1) * count];
        outputs.masks[env * count..(env + 1) * count].copy_from_slice(mask);
        let observation = &mut outputs.observations[env * observation_len..][..observation_len];
        let _ = slot.env.write_observation(observation);
        outputs.rewards[2 * env..2 * env + 2].fill(0.0);
        outputs.terminations[env] = false;
        outputs.truncations[env] = false;
        outputs.to_play[env] = self.rules().index(slot.env.position().to_move()) as i8;
    }

    fn boxed_clone(&self) -> Box<dyn BatchCore> {
        Box::new(self.clone())
    }

    fn rng_state(&self) -> u64 {
        self.rng.get_seed()
    }

    fn set_rng_state(&mut self, state: u64) {
        self.rng.seed(state);
    }

    fn spec(&self) -> String {
        Described::spec(self.start.position()).to_string()
    }

    fn max_steps_argument(&self) -> u32 {
        self.max_steps.unwrap_or(0)
    }

    fn dims(&self) -> Dims {
        self.dims
    }

    fn reset(&mut self, seed: Option<u64>, outputs: Outputs<'_>) {
        if let Some(seed) = seed {
            self.rng = fastrand::Rng::with_seed(seed);
        }
        let (count, observation_len) = (self.dims.action_count, self.dims.observation_len());
        let first = self.index_of_start();
        let rows = self
            .slots
            .iter_mut()
            .zip(self.masks.chunks_exact_mut(count))
            .zip(outputs.masks.chunks_exact_mut(count))
            .zip(outputs.observations.chunks_exact_mut(observation_len));
        for (((slot, mask), mask_out), observation) in rows {
            slot.env = self.start.clone();
            slot.steps = 0;
            let _ = slot.env.legal_action_mask(mask);
            mask_out.copy_from_slice(mask);
            let _ = slot.env.write_observation(observation);
        }
        outputs.rewards.fill(0.0);
        outputs.terminations.fill(false);
        outputs.truncations.fill(false);
        outputs.to_play.fill(first);
    }

    fn step(
        &mut self,
        actions: &[i64],
        threads: usize,
        outputs: Outputs<'_>,
    ) -> Result<(), StepError> {
        if self.illegal == IllegalPolicy::Raise {
            if let Some(error) = self.first_illegal(actions) {
                return Err(error);
            }
        }
        let rules = Rules {
            start: &self.start,
            dims: self.dims,
            illegal: self.illegal,
            max_steps: self.max_steps,
        };
        let num_envs = self.slots.len();
        let threads = threads.clamp(1, num_envs.max(1));
        if threads == 1 {
            rules.step_run(&mut self.slots, &mut self.masks, actions, outputs);
            return Ok(());
        }
        let per_thread = num_envs.div_ceil(threads);
        let count = self.dims.action_count;
        std::thread::scope(|scope| {
            let mut slots = &mut self.slots[..];
            let mut masks = &mut self.masks[..];
            let mut actions = actions;
            let mut outputs = outputs;
            while !slots.is_empty() {
                let take = per_thread.min(slots.len());
                let (run_slots, rest_slots) = slots.split_at_mut(take);
                let (run_masks, rest_masks) = masks.split_at_mut(take * count);
                let (run_actions, rest_actions) = actions.split_at(take);
                let (run_outputs, rest_outputs) = split_outputs(outputs, take, rules.dims);
                let rules = &rules;
                scope.spawn(move || rules.step_run(run_slots, run_masks, run_actions, run_outputs));
                (slots, masks, actions, outputs) =
                    (rest_slots, rest_masks, rest_actions, rest_outputs);
            }
        });
        Ok(())
    }

    fn random_actions(&mut self, actions: &mut [i64]) {
        let count = self.dims.action_count;
        for (action, mask) in actions.iter_mut().zip(self.masks.chunks_exact(count)) {
            *action = random_legal(mask, &mut self.rng) as i64;
        }
    }
}

/// Uniform guesses [`random_legal`] makes before it counts the legal
/// actions.
const GUESSES: usize = 2;
/// Bits per word of a packed mask.
const WORD_BITS: usize = 64;
/// Bytes packed at once by [`pack8`].
const PACK_BYTES: usize = 8;

/// Eight booleans (one per byte, each 0 or 1) as the low eight bits of a
/// byte, bit `i` from byte `i`: one multiply gathers them.
#[inline]
fn pack8(bytes: [bool; PACK_BYTES]) -> u64 {
    let word = u64::from_le_bytes(bytes.map(u8::from));
    (word.wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// A uniformly random index among the `true` entries of `mask` (0 when
/// there is none): the mask packed into 64-bit words (no scan per action),
/// a random rank among the set bits, then that bit.
fn random_legal(mask: &[bool], rng: &mut fastrand::Rng) -> usize {
    // Most Connect Four masks are nearly full: a few uniform guesses
    // usually hit a legal action, and a hit is uniform among them.
    for _ in 0..GUESSES {
        let guess = rng.usize(..mask.len().max(1));
        if mask.get(guess) == Some(&true) {
            return guess;
        }
    }
    let mut words = [0u64; 4];
    let packed_len = mask.len().div_ceil(WORD_BITS);
    if packed_len > words.len() {
        // Beyond 256 actions (no game yet): a plain scan.
        let legal = mask.iter().filter(|&&m| m).count();
        let pick = rng.usize(..legal.max(1));
        return mask
            .iter()
            .enumerate()
            .filter(|(_, &m)| m)
            .nth(pick)
            .map_or(0, |(a, _)| a);
    }
    let (chunks, rest) = mask.split_at(mask.len() - mask.len() % PACK_BYTES);
    for (index, chunk) in chunks.chunks_exact(PACK_BYTES).enumerate() {
        let bytes: [bool; PACK_BYTES] = chunk.try_into().unwrap_or([false; PACK_BYTES]);
        words[index / PACK_BYTES] |= pack8(bytes) << ((index % PACK_BYTES) * PACK_BYTES);
    }
    for (offset, &legal) in rest.iter().enumerate() {
        let bit = chunks.len() + offset;
        words[bit / WORD_BITS] |= u64::from(legal) << (bit % WORD_BITS);
    }
    let legal: u32 = words.iter().map(|w| w.count_ones()).sum();
    let mut pick = rng.u32(..legal.max(1));
    for (index, &word) in words.iter().enumerate() {
        let ones = word.count_ones();
        if pick < ones {
            let mut word = word;
            for _ in 0..pick {
                word &= word - 1;
            }
            return index * WORD_BITS + word.trailing_zeros() as usize;
        }
        pick -= ones;
    }
    0
}

impl<E: Environment> Batch<E> {
    /// The player number to act at the start.
    fn index_of_start(&self) -> i8 {
        self.rules().index(self.start.position().to_move()) as i8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_legal_picks_only_legal_actions_uniformly() {
        let mut rng = fastrand::Rng::with_seed(3);
        for count in [1, 7, 9, 64, 65, 128, 200, 300] {
            let mask: Vec<bool> = (0..count).map(|a| a % 3 == 1 || a == count - 1).collect();
            let legal: Vec<usize> = (0..count).filter(|&a| mask[a]).collect();
            let mut seen = vec![0u32; count];
            for _ in 0..200 * legal.len() {
                seen[random_legal(&mask, &mut rng)] += 1;
            }
            for a in 0..count {
                if mask[a] {
                    assert!(
                        (100..300).contains(&seen[a]),
                        "{count}: action {a} seen {}",
                        seen[a]
                    );
                } else {
                    assert_eq!(seen[a], 0, "{count}: illegal action {a} picked");
                }
            }
        }
        assert_eq!(random_legal(&[false; 10], &mut rng), 0);
    }
}
