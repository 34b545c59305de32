//! [`Batch`]: many copies of one [`Environment`] stepped together, writing
//! every result into caller-owned flat buffers (the numpy arrays of
//! `VectorEnv`), with no allocation per step. Generic over the
//! environment; `VectorEnv` holds one as a [`BatchCore`] trait object.

use rulebook::agent::{Environment, Progress};
use rulebook::{Game, PlayerOutcome};

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
    pub(crate) fn new(
        start: E,
        num_envs: usize,
        seed: u64,
        illegal: IllegalPolicy,
        max_steps: Option<u32>,
    ) -> Batch<E> {
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
        let mut batch = Batch {
            slots: vec![slot; num_envs],
            masks: vec![false; num_envs * dims.action_count],
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
        batch
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
                    if let Progress::Completed(_) = progress {
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
            }
            // The buffers have the environment's sizes: these cannot fail.
            let _ = slot.env.legal_action_mask(mask);
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

impl<E> BatchCore for Batch<E>
where
    E: Environment + Send + Sync,
{
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
            let legal = mask.iter().filter(|&&m| m).count();
            let mut pick = self.rng.usize(..legal.max(1));
            *action = 0;
            for (a, _) in mask.iter().enumerate().filter(|(_, &m)| m) {
                if pick == 0 {
                    *action = a as i64;
                    break;
                }
                pick -= 1;
            }
        }
    }
}

impl<E: Environment> Batch<E> {
    /// The player number to act at the start.
    fn index_of_start(&self) -> i8 {
        self.rules().index(self.start.position().to_move()) as i8
    }
}
