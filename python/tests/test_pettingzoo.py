"""rulebook.pettingzoo: PettingZoo's own API test, and Connect Four played
through both rulebook's environment and PettingZoo's connect_four_v3."""

import random

import numpy as np
import pytest
from pettingzoo.classic import connect_four_v3
from pettingzoo.test import api_test, parallel_api_test

import rulebook
from rulebook import pettingzoo as rz


# Every game of the registry (rulebook.GAMES), ConnectX on a smaller board.
GAMES_AND_PARAMS = [
    (name, {"rows": 5, "columns": 6, "inarow": 3} if name == "connectx" else {}) for name in rulebook.GAMES
]


@pytest.mark.parametrize("game,params", GAMES_AND_PARAMS)
def test_api_test_passes(game, params):
    api_test(rz.env(game, **params), num_cycles=200)


@pytest.mark.parametrize("game,params", GAMES_AND_PARAMS)
def test_parallel_api_test_passes(game, params):
    parallel_api_test(rz.parallel_env(game, **params), num_cycles=300)


def test_every_game_has_an_environment():
    names = {name for name, _ in GAMES_AND_PARAMS}
    assert names == set(rulebook.GAMES)


def test_parallel_env_plays_the_acting_agents_action_only():
    par = rz.parallel_env("checkers")
    observations, _ = par.reset()
    # A multi-jump: the same agent acts on; the other's actions are ignored.
    steps = 0
    while par.agents and steps < 400:
        acting = [a for a in par.agents if observations[a]["action_mask"].any()]
        assert len(acting) == 1
        [agent] = acting
        legal = np.flatnonzero(observations[agent]["action_mask"])
        other = [a for a in par.agents if a != agent][0]
        actions = {agent: int(legal[steps % len(legal)]), other: 12345}
        observations, rewards, terminations, truncations, infos = par.step(actions)
        if par.agents:
            active = infos[par.agents[0]]["active_agent"]
            assert observations[active]["action_mask"].any()
        steps += 1
    assert steps > 10


def assert_same_observation(ours, theirs, over):
    """The same planes and dtypes; the same mask while the game goes on.
    Once it is over rulebook marks no action legal, where connect_four_v3
    still marks the columns that are not full for the agent selected."""
    for key in ("observation", "action_mask"):
        assert ours[key].dtype == theirs[key].dtype
        assert ours[key].shape == theirs[key].shape
    np.testing.assert_array_equal(ours["observation"], theirs["observation"])
    if over:
        assert not ours["action_mask"].any()
    else:
        np.testing.assert_array_equal(ours["action_mask"], theirs["action_mask"])


def play_both(actions_of):
    """Plays one game through both environments, choosing each action with
    ``actions_of(mask)``, and asserts every observation, mask, reward,
    termination and agent match."""
    ours, theirs = rz.env("connect4"), connect_four_v3.env()
    ours.reset()
    theirs.reset()
    steps = 0
    for agent in theirs.agent_iter():
        assert ours.agent_selection == agent
        expected = theirs.last()
        got = ours.last()
        over = any(theirs.terminations.values())
        for e, g in zip(expected[:4], got[:4]):
            if isinstance(e, dict):
                assert_same_observation(g, e, over)
            else:
                assert g == e
        for other in theirs.agents:
            assert_same_observation(ours.observe(other), theirs.observe(other), over)
        assert ours.rewards == theirs.rewards
        assert ours.terminations == theirs.terminations
        assert ours.truncations == theirs.truncations
        assert ours.agents == theirs.agents
        observation, _, termination, truncation, _ = expected
        action = None if termination or truncation else actions_of(observation["action_mask"])
        theirs.step(action)
        ours.step(action)
        steps += 1
    assert ours.agents == theirs.agents == []
    return steps


def test_connect_four_is_a_drop_in_for_connect_four_v3():
    rng = random.Random(20)
    total = 0
    for _ in range(150):
        total += play_both(lambda mask: rng.choice(np.flatnonzero(mask).tolist()))
    # Leftmost-legal play fills columns: a draw-heavy, full-board line.
    total += play_both(lambda mask: int(np.flatnonzero(mask)[0]))
    assert total > 150 * 7


def test_illegal_action_is_an_exception_and_changes_nothing():
    env = rz.env("connect4")
    env.reset()
    for _ in range(6):
        env.step(0)
    before = env.observe("player_0")["observation"].copy()
    with pytest.raises(rulebook.IllegalActionError, match="not legal"):
        env.step(0)
    with pytest.raises(rulebook.IllegalActionError, match="does not exist"):
        env.step(7)
    with pytest.raises(ValueError):
        env.step(-1)
    np.testing.assert_array_equal(env.observe("player_0")["observation"], before)
    env.step(1)


def test_illegal_lose_ends_the_game_like_terminate_illegal_wrapper():
    env = rz.env("connect4", illegal="lose")
    env.reset()
    for _ in range(6):
        env.step(0)
    env.step(0)
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env._cumulative_rewards == {"player_0": -1, "player_1": 0}


def test_ansi_render_is_the_console_board():
    env = rz.env("connect4", render_mode="ansi")
    env.reset()
    env.step(3)
    text = env.render()
    assert isinstance(text, str) and "X" in text


def test_checkers_multi_jump_keeps_the_same_agent_to_act():
    env = rz.env("checkers")
    env.reset()
    rng = random.Random(5)
    repeated = 0
    for _ in range(30):
        env.reset()
        previous = None
        for agent in env.agent_iter(max_iter=2000):
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            repeated += agent == previous
            previous = agent
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert repeated > 0
