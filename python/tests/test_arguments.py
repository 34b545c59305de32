"""Bad arguments anywhere are exceptions that name the parameter, never a
bare OverflowError or an aborted interpreter: seeds, counts, levels,
limits, actions, and batches too large for memory."""

import numpy as np
import pytest

import rulebook
import rulebook.gymnasium as rg
import rulebook.pettingzoo as rz

from _scripts import run_python


@pytest.mark.parametrize(
    "keywords, error, words",
    [
        ({"seed": -1}, ValueError, "seed"),
        ({"seed": 2**64}, ValueError, "seed"),
        ({"seed": 1.5}, TypeError, "seed"),
        ({"seed": "1"}, TypeError, "seed"),
        ({"num_envs": 0}, ValueError, "num_envs"),
        ({"num_envs": -3}, ValueError, "num_envs"),
        ({"num_envs": 2.0}, TypeError, "num_envs"),
        ({"num_threads": 0}, ValueError, "num_threads"),
        ({"num_threads": True}, TypeError, "num_threads"),
        ({"max_steps": -1}, ValueError, "max_steps"),
        ({"illegal_penalty": float("nan")}, ValueError, "illegal_penalty"),
    ],
)
def test_vector_env_arguments_name_the_parameter(keywords, error, words):
    with pytest.raises(error, match=words):
        rulebook.VectorEnv("connect4", **keywords)


def test_seeds_accept_none_and_numpy_integers():
    # None is fresh entropy (as Gymnasium means it): two batches differ.
    draws = {tuple(rulebook.VectorEnv("connect4", 64, seed=None).random_actions()) for _ in range(3)}
    assert len(draws) > 1
    # The default is still seed 0: the same actions every time.
    assert np.array_equal(
        rulebook.VectorEnv("connect4", 64).random_actions(),
        rulebook.VectorEnv("connect4", 64, seed=0).random_actions(),
    )
    env = rulebook.VectorEnv("connect4", 8, seed=np.uint64(2**64 - 1))
    env.reset(seed=np.int32(4))
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-4)
    # Gymnasium's environment: seed=None is unseeded (Gymnasium itself
    # checks the seed's type and sign).
    gym = rg.make("connect4")
    gym.reset(seed=None)


@pytest.mark.parametrize("level, error", [(-1, ValueError), (2**40, ValueError), (2.0, TypeError), ("3", TypeError)])
def test_engine_levels_name_the_parameter(level, error):
    with pytest.raises(error, match="level"):
        rulebook.Engine("connect4", level=level)
    with pytest.raises(error, match="level"):
        rulebook.Connect4().best_move(level=level)


def test_connectx_sizes_name_the_parameter():
    with pytest.raises(ValueError, match="rows"):
        rulebook.ConnectX(rows=-1)
    with pytest.raises(TypeError, match="inarow"):
        rulebook.VectorEnv("connectx", inarow=3.5)


@pytest.mark.parametrize("action", [3.7, "3", True, np.bool_(True), None, [3]])
def test_aec_step_takes_integers_only_and_changes_nothing(action):
    env = rz.env("connect4")
    env.reset()
    before = env.observe("player_0")["observation"].copy()
    with pytest.raises((TypeError, ValueError)):
        env.step(action)
    assert env.agent_selection == "player_0"
    assert np.array_equal(env.observe("player_0")["observation"], before)


@pytest.mark.parametrize("action", [3, np.int64(3), np.uint8(3), np.array(3)])
def test_aec_step_accepts_python_and_numpy_integers(action):
    env = rz.env("connect4")
    env.reset()
    env.step(action)
    assert env.agent_selection == "player_1"
    assert env.observe("player_1")["observation"][5, 3].tolist() == [0, 1]


def test_gymnasium_step_takes_integers_only():
    env = rg.make("connect4")
    env.reset(seed=0)
    for action in (3.7, "3", True):
        with pytest.raises(TypeError, match="action"):
            env.step(action)
    env.step(np.int64(3))


def test_aec_step_before_reset_is_pettingzoos_error():
    env = rz.env("connect4")
    with pytest.raises(AssertionError, match="reset"):
        env.step(3)
    with pytest.raises(AssertionError, match="reset"):
        env.observe("player_0")


def test_gymnasium_step_before_reset_is_reset_needed():
    from gymnasium.error import ResetNeeded

    with pytest.raises(ResetNeeded):
        rg.make("connect4").step(3)


def test_aec_step_after_every_agent_is_done_warns_like_pettingzoo(caplog):
    env = rz.env("connect4")
    env.reset()
    for column in [0, 1, 0, 1, 0, 1, 0]:
        env.step(column)
    for agent in env.agent_iter():
        assert env.terminations[agent]
        env.step(None)
    assert env.agents == []
    with caplog.at_level("WARNING"):
        env.step(None)
        env.step(3)
    assert "step() called after all agents are terminated or truncated" in caplog.text


def test_a_batch_too_large_is_a_memory_error():
    for num_envs in (10**12, 2**62):
        with pytest.raises(MemoryError):
            rulebook.VectorEnv("connect4", num_envs)
    # The interpreter goes on.
    assert rulebook.VectorEnv("connect4", 2).num_envs == 2


def test_a_batch_over_a_memory_limit_is_a_memory_error_not_an_abort():
    # 10**8 games need tens of GB; under a 1 GiB address-space limit every
    # allocation fails. Before, Rust's allocator aborted the process
    # (SIGABRT); now each size is a MemoryError.
    result = run_python(
        """
        import resource
        import rulebook
        limit = 1 << 30
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        for game, n in [("connect4", 10**8), ("checkers", 10**7), ("othello", 3 * 10**6)]:
            try:
                rulebook.VectorEnv(game, n)
            except MemoryError as error:
                print("MemoryError", game)
        print("alive")
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "MemoryError", "connect4", "MemoryError", "checkers", "MemoryError", "othello", "alive"
    ]
