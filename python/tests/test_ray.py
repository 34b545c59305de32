"""examples/ray_self_play.py: Ray actors around VectorEnv, on a local Ray
(skipped without ray)."""

import importlib.util
import os
import sys

import pytest

pytestmark = [
    pytest.mark.trainers,
    pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed"),
]


def test_actors_play_whole_games_and_the_driver_gathers_them():
    import ray

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples"))
    import ray_self_play

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        steps, games, mean, _ = ray_self_play.run("connect4", actors=2, envs=64, steps=50, rounds=2)
    finally:
        ray.shutdown()
    assert steps == 2 * 64 * 50 * 2
    # Random Connect Four games last 7 to 42 plies: 100 steps finish more
    # than one game per slot.
    assert games > 2 * 64
    assert -1.0 <= mean <= 1.0
