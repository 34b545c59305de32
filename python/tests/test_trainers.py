"""The trainers' interfaces: the batch as a Gymnasium ``VectorEnv``
(autoreset in the same step, masks in ``info``), as a Stable-Baselines3
``VecEnv`` that sb3-contrib's ``MaskablePPO`` trains on, TorchRL's
wrappers, and arrays a replay buffer can keep (fresh copies, or views
shared through DLPack).

The tests marked ``trainers`` need torch (stable-baselines3, sb3-contrib,
torchrl) and are skipped without it; the others need only gymnasium."""

import importlib.util

import numpy as np
import pytest

import rulebook

gymnasium = pytest.importorskip("gymnasium")
from rulebook.gymnasium import SelfPlayVectorEnv, make_vec  # noqa: E402


def has(module):
    return importlib.util.find_spec(module) is not None


def play_random(env, steps, seed=0):
    rng = np.random.default_rng(seed)
    masks = env.action_masks()
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        yield actions, env.step(actions)
        masks = env.action_masks()


@pytest.mark.parametrize("game", ["connect4", "checkers", "othello"])
def test_gymnasium_vector_env_plays_whole_games_with_masks_in_info(game):
    env = make_vec(game, 8, seed=3)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    observations, info = env.reset(seed=5)
    assert observations.shape == (8,) + env.single_observation_space.shape
    assert env.observation_space.contains(observations)
    assert info["action_mask"].shape == (8, env.single_action_space.n)
    finished = 0
    to_play = info["to_play"].copy()
    for actions, (observations, rewards, terminations, truncations, info) in play_random(env, 300):
        assert env.observation_space.contains(observations)
        # The mover's reward is the mover's column of both players' rewards.
        assert np.array_equal(rewards, info["rewards"][np.arange(8), to_play])
        # Zero-sum: a finished game gives the two players opposite rewards.
        assert np.array_equal(info["rewards"][:, 0], -info["rewards"][:, 1])
        assert not np.any(rewards[~terminations])
        done = terminations | truncations
        finished += int(done.sum())
        # Same-step autoreset: a finished game's slot shows a new game,
        # first player to act, with the start's legal actions.
        start = rulebook.game(game)
        for i in np.flatnonzero(done):
            assert info["to_play"][i] == 0
            assert env.batch.get_game(int(i)) == start
        to_play = info["to_play"].copy()
    assert finished > 0


def test_gymnasium_vector_env_copies_or_shares_its_arrays():
    fresh = SelfPlayVectorEnv("connect4", 4)
    first, _ = fresh.reset()
    kept = first.copy()
    second, *_ = fresh.step(np.array([3, 3, 3, 3]))
    assert first is not second and np.array_equal(first, kept)
    shared = SelfPlayVectorEnv("connect4", 4, copy=False)
    first, _ = shared.reset()
    view = np.from_dlpack(first)  # DLPack: the same memory, no copy
    second, *_ = shared.step(np.array([3, 3, 3, 3]))
    assert first is second and np.shares_memory(view, second)
    assert np.array_equal(view, second)


def test_gymnasium_vector_env_refuses_illegal_actions_and_step_before_reset():
    env = make_vec("connect4", 2)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(np.array([0, 0]))
    env.reset()
    for _ in range(6):
        env.step(np.array([0, 1]))
    with pytest.raises(rulebook.IllegalActionError):
        env.step(np.array([0, 1]))


trainers = pytest.mark.trainers


@trainers
@pytest.mark.skipif(not has("torch"), reason="torch is not installed")
def test_torch_shares_the_batch_arrays_through_dlpack():
    import torch

    env = SelfPlayVectorEnv("othello", 16, copy=False)
    observations, _ = env.reset()
    tensor = torch.from_dlpack(observations)
    assert tensor.data_ptr() == observations.ctypes.data  # no copy
    observations, *_ = env.step(env.batch.random_actions())
    assert torch.equal(tensor, torch.from_numpy(observations))


@trainers
@pytest.mark.skipif(not has("sb3_contrib"), reason="sb3-contrib (and torch) are not installed")
@pytest.mark.parametrize("game", ["connect4", "checkers"])
def test_maskable_ppo_trains_on_the_sb3_vec_env_and_plays_only_legal_actions(game):
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    from rulebook.sb3 import VecEnv

    env = VecEnv(game, 16, seed=1)
    assert is_masking_supported(env)
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=128, n_epochs=1, seed=0)
    model.learn(2 * 16 * 32)
    observations = env.reset()
    for _ in range(100):
        masks = get_action_masks(env)
        actions, _ = model.predict(observations, action_masks=masks, deterministic=True)
        assert masks[np.arange(16), actions].all()
        observations, rewards, dones, infos = env.step(actions)
        # Only the move that ends a game is rewarded, +1 for the winner's.
        assert not rewards[~dones].any() and np.isin(rewards[dones], [0.0, 1.0]).all()
    assert rewards.dtype == np.float32 and observations.dtype == np.float32


@trainers
@pytest.mark.skipif(not has("torchrl"), reason="torchrl (and torch) are not installed")
def test_torchrl_wraps_the_vector_env_and_the_pettingzoo_env():
    from torchrl.envs import ActionMask, TransformedEnv
    from torchrl.envs.libs.gym import GymWrapper
    from torchrl.envs.libs.pettingzoo import PettingZooWrapper
    from torchrl.envs.utils import check_env_specs

    import rulebook.pettingzoo

    batched = TransformedEnv(GymWrapper(make_vec("connect4", 8)), ActionMask())
    check_env_specs(batched)
    rollout = batched.rollout(60, break_when_any_done=False)  # illegal actions would raise
    assert rollout.batch_size == (8, 60)
    assert rollout["next", "terminated"].any()
    for game in ["connect4", "checkers", "othello"]:
        single = PettingZooWrapper(env=rulebook.pettingzoo.env(game), use_mask=True)
        check_env_specs(single)
        assert single.rollout(10, break_when_any_done=False).batch_size == (10,)


@trainers
@pytest.mark.skipif(not has("sb3_contrib"), reason="sb3-contrib (and torch) are not installed")
@pytest.mark.parametrize("game", ["connect4", "checkers"])
def test_pettingzoo_sb3_action_mask_tutorial_trains_on_our_aec_env(game):
    # PettingZoo's tutorial "SB3: Action Masked PPO for Connect Four"
    # (tutorials/SB3/connect_four/sb3_connect_four_action_mask.py) with
    # rulebook.pettingzoo.env swapped in, and the fix Gymnasium 1.x needs:
    # sb3-contrib's ActionMasker is a gymnasium.Wrapper, which takes only a
    # gymnasium.Env, so the tutorial's wrapper derives from it too.
    import pettingzoo.utils
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    from sb3_contrib.common.wrappers import ActionMasker

    import rulebook.pettingzoo

    class SB3ActionMaskWrapper(pettingzoo.utils.BaseWrapper, gymnasium.Env):
        def reset(self, seed=None, options=None):
            super().reset(seed, options)
            self.observation_space = super().observation_space(self.possible_agents[0])["observation"]
            self.action_space = super().action_space(self.possible_agents[0])
            return self.observe(self.agent_selection), {}

        def step(self, action):
            current_agent = self.agent_selection
            super().step(action)
            next_agent = self.agent_selection
            return (
                self.observe(next_agent),
                self._cumulative_rewards[current_agent],
                self.terminations[current_agent],
                self.truncations[current_agent],
                self.infos[current_agent],
            )

        def observe(self, agent):
            return super().observe(agent)["observation"]

        def action_mask(self):
            return super().observe(self.agent_selection)["action_mask"]

    env = SB3ActionMaskWrapper(rulebook.pettingzoo.env(game))
    env.reset(seed=0)
    env = ActionMasker(env, lambda env: env.action_mask())
    model = MaskablePPO(MaskableActorCriticPolicy, env, n_steps=64, batch_size=64, n_epochs=1, seed=0)
    model.learn(total_timesteps=256)
    # The tutorial's evaluation: the trained policy against itself, every
    # action among the mask's.
    aec = rulebook.pettingzoo.env(game)
    aec.reset(seed=1)
    finished = 0
    for _ in range(300):
        observation, reward, termination, truncation, _ = aec.last()
        if termination or truncation:
            finished += 1
            aec.reset()
            continue
        mask = observation["action_mask"]
        action = int(model.predict(observation["observation"], action_masks=mask, deterministic=True)[0])
        assert mask[action] == 1
        aec.step(action)
    assert finished >= 1


@trainers
@pytest.mark.skipif(not has("torchrl"), reason="torchrl (and torch) are not installed")
def test_a_torchrl_collector_gathers_legal_batches_from_the_vector_env():
    import torchrl.collectors

    # TorchRL 0.14 renamed SyncDataCollector to Collector.
    Collector = getattr(torchrl.collectors, "Collector", None) or torchrl.collectors.SyncDataCollector
    from torchrl.envs import ActionMask, TransformedEnv
    from torchrl.envs.libs.gym import GymWrapper

    def make():
        return TransformedEnv(GymWrapper(make_vec("connect4", 8, seed=3)), ActionMask())

    # A random policy over the legal actions: the action spec with the
    # step's mask. (With no policy the collector draws from the spec as it
    # was when made, whose mask is stale: illegal actions, which the
    # environment refuses.)
    spec = make().action_spec.clone()

    def masked_random(tensordict):
        spec.update_mask(tensordict["action_mask"])
        tensordict["action"] = spec.rand()
        return tensordict

    collector = Collector(make, policy=masked_random, frames_per_batch=8 * 16, total_frames=8 * 16 * 4)
    batches = 0
    for batch in collector:
        batches += 1
        assert batch.batch_size == (8, 16)
        actions = batch["action"].argmax(-1) if batch["action"].ndim == 3 else batch["action"]
        masks = batch["action_mask"]
        assert masks.gather(-1, actions.long().unsqueeze(-1)).all()
    collector.shutdown()
    assert batches == 4
