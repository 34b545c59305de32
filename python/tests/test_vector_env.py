"""rulebook.VectorEnv: in-place arrays, auto-reset, seeding, threads, bad
input; Connect Four checked move by move against PettingZoo's
connect_four_v3."""

import numpy as np
import pytest
from pettingzoo.classic import connect_four_v3

import rulebook


def test_shapes_dtypes_and_arrays_reused():
    env = rulebook.VectorEnv("connect4", num_envs=5, seed=3)
    observations, masks, to_play = env.reset()
    assert observations.shape == (5, 2, 6, 7) and observations.dtype == np.float32
    assert masks.shape == (5, 7) and masks.dtype == np.bool_
    assert to_play.dtype == np.int8 and not to_play.any()
    out = env.step(env.random_actions())
    assert [a.shape for a in out] == [(5, 2, 6, 7), (5, 7), (5, 2), (5,), (5,), (5,)]
    again = env.step(env.random_actions())
    assert all(a is b for a, b in zip(out, again))
    assert env.observation_shape == (2, 6, 7) and env.action_count == 7
    checkers = rulebook.VectorEnv("checkers", num_envs=2)
    assert checkers.observation_shape == (6, 8, 4) and checkers.action_count == 128


def pettingzoo_observation(batch_observation):
    """Our (2, 6, 7) mover-relative planes, row 0 the bottom, as
    connect_four_v3's (6, 7, 2) for the agent to act, row 0 the top."""
    return np.transpose(batch_observation, (1, 2, 0))[::-1].astype(np.int8)


def test_connect_four_games_match_connect_four_v3():
    env = rulebook.VectorEnv("connect4", num_envs=3, seed=11)
    env.reset()
    reference = connect_four_v3.env()
    reference.reset()
    finished = 0
    while finished < 60:
        actions = env.random_actions().copy()
        observations, masks, rewards, terminations, truncations, to_play = env.step(actions)
        agent = reference.agent_selection
        reference.step(int(actions[0]))
        if all(reference.terminations.values()):
            assert terminations[0] and not truncations[0]
            mover = int(agent[-1])
            assert rewards[0, mover] == reference.rewards[agent]
            assert rewards[0].sum() == 0
            finished += 1
            reference.reset()
        else:
            assert not terminations[0] and not rewards[0].any()
            assert to_play[0] == int(reference.agent_selection[-1])
        expected = reference.observe(reference.agent_selection)
        np.testing.assert_array_equal(pettingzoo_observation(observations[0]), expected["observation"])
        np.testing.assert_array_equal(masks[0], expected["action_mask"].astype(bool))


def run(env, steps):
    env.reset()
    history = []
    for _ in range(steps):
        out = env.step(env.random_actions())
        history.append([a.copy() for a in out])
    return history


@pytest.mark.parametrize("game", ["connect4", "checkers", "international", "russian", "othello"])
def test_same_seed_same_games_whatever_the_threads(game):
    one = run(rulebook.VectorEnv(game, num_envs=16, seed=1), 300)
    same = run(rulebook.VectorEnv(game, num_envs=16, seed=1, num_threads=3), 300)
    for a, b in zip(one, same):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)
    other = run(rulebook.VectorEnv(game, num_envs=16, seed=2), 300)
    assert any(not np.array_equal(a[0], b[0]) for a, b in zip(one, other))
    # reset(seed=) reseeds: the same games again.
    env = rulebook.VectorEnv(game, num_envs=16, seed=99)
    env.reset(seed=1)
    np.testing.assert_array_equal(env.step(env.random_actions())[0], one[0][0])


def test_finished_games_restart_and_rewards_are_zero_sum():
    env = rulebook.VectorEnv("connect4", num_envs=64, seed=5)
    env.reset()
    ends = 0
    for _ in range(200):
        observations, masks, rewards, terminations, _, to_play = env.step(env.random_actions())
        np.testing.assert_array_equal(rewards.sum(axis=1), 0)
        done = np.flatnonzero(terminations)
        ends += len(done)
        assert not observations[done].any() and masks[done].all() and not to_play[done].any()
    assert ends > 64


def test_checkers_is_truncated_at_max_steps():
    env = rulebook.VectorEnv("checkers", num_envs=4, seed=1, max_steps=10)
    env.reset()
    for step in range(1, 11):
        _, _, _, terminations, truncations, _ = env.step(env.random_actions())
    assert truncations.all() and not terminations.any()


def test_illegal_raise_names_the_game_and_changes_nothing():
    env = rulebook.VectorEnv("connect4", num_envs=3)
    observations, _, _ = env.reset()
    for _ in range(6):
        env.step(np.array([0, 1, 2]))
    before = observations.copy()
    with pytest.raises(rulebook.IllegalActionError, match="action 0 is not legal in environment 0"):
        env.step(np.array([0, 1, 2]))
    with pytest.raises(rulebook.IllegalActionError, match="environment 2"):
        env.step(np.array([3, 3, -1]))
    np.testing.assert_array_equal(observations, before)


def test_illegal_lose_forfeits_with_the_penalty():
    env = rulebook.VectorEnv("connect4", num_envs=2, illegal="lose", illegal_penalty=-5)
    env.reset()
    _, _, rewards, terminations, _, _ = env.step(np.array([99, 3]))
    assert terminations.tolist() == [True, False]
    assert rewards.tolist() == [[-5.0, 0.0], [0.0, 0.0]]


def test_wrong_actions_are_type_and_value_errors():
    env = rulebook.VectorEnv("connect4", num_envs=4)
    env.reset()
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        env.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        env.step(np.zeros((4, 1), dtype=np.int64))
    with pytest.raises(TypeError, match="int64"):
        env.step(np.zeros(4, dtype=np.float32))
    with pytest.raises(TypeError):
        env.step("0000")
    env.step([0, 1, 2, 3])
    env.step(np.array([0, 1, 2, 3], dtype=np.int32))
    env.step(np.arange(8)[::2] % 7)


def test_bad_construction_is_a_value_error():
    with pytest.raises(rulebook.ParseError, match="games are"):
        rulebook.VectorEnv("chess")
    with pytest.raises(ValueError, match="inarow"):
        rulebook.VectorEnv("connect4", inarow=5)
    with pytest.raises(ValueError):
        rulebook.VectorEnv("connectx", rows=40)
    with pytest.raises(ValueError):
        rulebook.VectorEnv("connect4", num_envs=0)
    with pytest.raises(ValueError, match="illegal"):
        rulebook.VectorEnv("connect4", illegal="ignore")


@pytest.mark.parametrize(
    "game,actions,shape",
    [
        ("international", 1800, (6, 10, 5)),
        ("brazilian", 896, (6, 8, 4)),
        ("russian", 896, (6, 8, 4)),
        ("pool", 896, (6, 8, 4)),
        ("italian", 896, (6, 8, 4)),
        ("spanish", 896, (6, 8, 4)),
        ("czech", 896, (6, 8, 4)),
        ("othello", 65, (2, 8, 8)),
    ],
)
def test_draughts_and_othello_batches_play_whole_games(game, actions, shape):
    env = rulebook.VectorEnv(game, num_envs=8, seed=3, max_steps=300)
    assert env.action_count == actions and env.observation_shape == shape
    observations, masks, to_play = env.reset()
    assert observations.shape == (8, *shape) and masks.shape == (8, actions)
    ends = 0
    for _ in range(700):
        chosen = env.random_actions()
        assert masks[np.arange(8), chosen].all()
        observations, masks, rewards, terminations, truncations, to_play = env.step(chosen)
        np.testing.assert_array_equal(rewards.sum(axis=1), 0)
        ends += int(terminations.sum() + truncations.sum())
        assert masks.any(axis=1).all(), "every game has a legal action (finished ones restart)"
    assert ends >= 8
