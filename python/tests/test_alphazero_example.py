"""The AlphaZero example's parts: self-play's training targets, the
graded positions, and (with torch, marked ``trainers``) the convolutional
network and a short run of the example on it."""

import importlib.util
import os
import subprocess
import sys

import numpy as np
import pytest

import rulebook

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "examples", "alphazero_connect4.py")


def example():
    spec = importlib.util.spec_from_file_location("alphazero_connect4", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Uniform:
    def evaluate(self, observations, masks):
        return masks / masks.sum(axis=1, keepdims=True), np.zeros(len(masks), np.float32)


def test_self_play_targets_are_the_results_for_the_player_to_act():
    az = example()
    mcts = rulebook.BatchMcts("connect4", simulations=8, seed=1)
    observations, masks, policies, targets = az.self_play(Uniform(), mcts, 4, np.random.default_rng(2))
    assert observations.shape[1:] == (2, 6, 7) and len(observations) == len(targets) >= 4 * 7
    assert np.allclose(policies.sum(axis=1), 1.0) and not (policies[~masks] > 0).any()
    assert set(np.unique(targets)) <= {-1.0, 0.0, 1.0}
    # Each game's first position (no stones) starts a run of targets that
    # alternate in sign, the players taking turns.
    starts = list(np.flatnonzero(observations.sum(axis=(1, 2, 3)) == 0)) + [len(targets)]
    assert len(starts) == 5
    for start, end in zip(starts, starts[1:]):
        game = targets[start:end]
        assert np.all(game[1:] == -game[:-1])


def test_self_play_mixes_the_root_values_into_the_value_targets():
    az = example()
    mcts = rulebook.BatchMcts("connect4", simulations=16, seed=1)
    *_, results = az.self_play(Uniform(), mcts, 4, np.random.default_rng(2))
    mcts = rulebook.BatchMcts("connect4", simulations=16, seed=1)
    *_, mixed = az.self_play(Uniform(), mcts, 4, np.random.default_rng(2), value_mix=0.5)
    assert mixed.shape == results.shape
    # Half the result plus half a root value in [-1, 1]: within 1/2 of
    # half the result, and not the result itself everywhere.
    assert np.all(np.abs(mixed - 0.5 * results) <= 0.5 + 1e-6)
    assert not np.allclose(mixed, results)


def test_graded_random_play_positions_have_a_wrong_move_and_are_cached(tmp_path):
    az = example()
    cache = str(tmp_path / "positions.json")
    positions = az.random_play_positions(6, seed=5, stones=(14, 20), only_choices=True, cache=cache)
    assert len(positions) == 6 and os.path.exists(cache)
    for game, scores in positions:
        legal = [s for s in scores if s is not None]
        assert len(legal) == len(game.legal_moves()) and min(legal) < max(legal)
    again = az.random_play_positions(6, seed=5, stones=(14, 20), only_choices=True, cache=cache)
    assert [(g.position, s) for g, s in again] == [(g.position, s) for g, s in positions]


@pytest.mark.trainers
def test_the_torch_network_learns_a_policy_and_a_value():
    pytest.importorskip("torch")
    az = example()
    net = az.TorchNetwork(seed=0, channels=8, blocks=1, lr=3e-3)
    env = rulebook.VectorEnv("connect4", 16, seed=1)
    observations, masks, _ = env.reset()
    for _ in range(5):
        observations, masks, *_ = env.step(env.random_actions())
    observations, masks = observations.copy(), masks.copy()
    policies = np.zeros((16, 7), np.float32)
    policies[:, 2] = 1.0
    masks[:, 2] = True
    values = np.where(np.arange(16) % 2 == 0, 1.0, -1.0).astype(np.float32)
    rng = np.random.default_rng(0)
    for _ in range(150):
        net.train(observations, masks, policies, values, batch=16, rng=rng)
    priors, predicted = net.evaluate(observations, masks)
    assert priors.shape == (16, 7) and predicted.shape == (16,)
    assert np.all(priors[:, 2] > 0.9)
    assert np.all(np.sign(predicted) == values)


@pytest.mark.trainers
def test_the_example_runs_a_short_training_on_torch():
    pytest.importorskip("torch")
    result = subprocess.run(
        [sys.executable, EXAMPLE, "--network", "torch", "--iterations", "1", "--games", "4",
         "--simulations", "4", "--positions", "20", "--grade-every", "1", "--seed", "3",
         "--mirror", "--value-mix", "0.5"],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("network: torch")
    lines = [line for line in result.stdout.splitlines() if line.startswith("iteration")]
    assert len(lines) == 2 and "optimal" in lines[0]
