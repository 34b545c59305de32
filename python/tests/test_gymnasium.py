"""rulebook.gymnasium: Gymnasium's environment checker, opponents, errors."""


import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import rulebook

from _scripts import printed_pairs
from rulebook import gymnasium as rg


@pytest.mark.parametrize("game", ["connect4", "connectx", "checkers", "international", "russian", "othello"])
@pytest.mark.parametrize("agent_player", [0, 1])
def test_check_env_passes(game, agent_player):
    # check_env samples actions without the mask: illegal ones must not raise.
    env = rg.make(game, agent_player=agent_player, illegal="lose")
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("game", ["brazilian", "pool", "italian", "spanish", "czech"])
def test_check_env_passes_for_the_other_draughts_variants(game):
    check_env(rg.make(game, illegal="lose"), skip_render_check=True)


def test_illegal_lose_forfeits_with_the_penalty():
    env = rg.make("connect4", opponent=lambda obs: 0, illegal="lose", illegal_penalty=-2)
    env.reset()
    for _ in range(3):
        env.step(0)
    _, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated, info) == (-2.0, True, False, {"illegal_action": True})
    with pytest.raises(rulebook.IllegalActionError, match="reset"):
        env.step(1)


def random_episode(env, rng):
    observation, _ = env.reset(seed=int(rng.integers(1 << 30)))
    while True:
        action = rng.choice(np.flatnonzero(observation["action_mask"]))
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return reward


def test_random_games_end_with_a_reward_in_range():
    env = rg.make("connectx", rows=5, columns=5, inarow=4)
    rng = np.random.default_rng(1)
    rewards = {random_episode(env, rng) for _ in range(200)}
    assert rewards <= {-1.0, 0.0, 1.0} and {-1.0, 1.0} <= rewards


def test_same_seed_same_opponent_moves():
    a, b = rg.make("connect4", agent_player=1), rg.make("connect4", agent_player=1)
    for seed in range(5):
        oa, _ = a.reset(seed=seed)
        ob, _ = b.reset(seed=seed)
        np.testing.assert_array_equal(oa["observation"], ob["observation"])
        # The opponent opened: one token on the board, in the bottom row.
        assert oa["observation"].sum() == 1 and oa["observation"][5].sum() == 1


def test_callable_opponent_sees_its_own_observation():
    seen = []

    def leftmost(observation):
        seen.append(observation["observation"].copy())
        return int(np.flatnonzero(observation["action_mask"])[0])

    env = rg.make("connect4", opponent=leftmost)
    env.reset()
    observation, *_ = env.step(3)
    # The opponent saw the agent's token in its "other" plane.
    assert seen[0][5, 3, 1] == 1 and seen[0][:, :, 0].sum() == 0
    assert observation["observation"][5, 0, 1] == 1


def test_illegal_action_raises_and_changes_nothing():
    env = rg.make("connect4", opponent=lambda obs: 0)
    env.reset()
    for _ in range(3):
        env.step(0)
    before = env._observe(0)["observation"].copy()
    with pytest.raises(rulebook.IllegalActionError):
        env.step(0)
    np.testing.assert_array_equal(env._observe(0)["observation"], before)


def test_bad_opponent_is_a_value_error():
    with pytest.raises(ValueError, match="opponent"):
        rg.make("connect4", opponent="strong")


def test_level_opponent_plays_whole_moves():
    env = rg.make("checkers", opponent="level:1", agent_player=1)
    observation, _ = env.reset(seed=0)
    assert observation["observation"].sum() == 24
    rng = np.random.default_rng(0)
    for _ in range(20):
        action = rng.choice(np.flatnonzero(observation["action_mask"]))
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            break
    with pytest.raises(ValueError, match="level"):
        rg.make("connect4", opponent="level:99")


def test_level_opponent_wins_against_a_blunder():
    env = rg.make("connect4", opponent="level:3")
    env.reset(seed=0)
    # The agent stacks column 0; the engine must win in column it builds.
    reward = 0.0
    for _ in range(6):
        _, reward, terminated, _, _ = env.step(0 if env._core.legal_actions()[0] == 0 else env._core.legal_actions()[0])
        if terminated:
            break
    assert reward == -1.0


def test_ctrl_c_reaches_python_from_a_level_opponents_long_think():
    # The perfect player (the solver) would think for minutes on this
    # two-stone position off its book; SIGINT sent 0.3 s in must come back
    # as KeyboardInterrupt. The episode then needs a reset, after which the
    # environment plays on. The elapsed time is printed, not asserted.
    lines, output = printed_pairs(
        """
        import os, signal, threading, time
        import rulebook
        from rulebook import gymnasium as rg
        from gymnasium.error import ResetNeeded
        top = rulebook.Connect4().levels[1]
        env = rg.make("connect4", opponent=f"level:{top}", agent_player=1)
        off_the_book = rulebook.Connect4()
        off_the_book.apply("0")
        off_the_book.apply("0")
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        start = time.monotonic()
        timer.start()
        try:
            env.set_game(off_the_book)
            print("set_game finished")
        except KeyboardInterrupt:
            print("set_game interrupted", round(time.monotonic() - start, 2))
        timer.join()
        try:
            env.step(3)
            print("step played")
        except ResetNeeded:
            print("step ResetNeeded")
        observation, _ = env.reset()
        # The opponent opened from its book.
        print("reset", int(observation["observation"].sum()))
        """
    )
    assert lines == [
        ["set_game", "interrupted"],
        ["step", "ResetNeeded"],
        ["reset", "1"],
    ], output
    print(output)
