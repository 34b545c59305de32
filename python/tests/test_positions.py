"""Positions in and out of the environments: a VectorEnv slot's game read,
set and cloned; the PettingZoo and Gymnasium environments' game read and
set; copy.deepcopy and pickle of games and environments, which then go on
exactly as the originals."""

import copy
import pickle
import random

import numpy as np
import pytest

import rulebook
import rulebook.gymnasium as rg
import rulebook.pettingzoo as rz

GAMES = ["connect4", "checkers", "international", "othello"]


def play_batch(env, steps):
    for _ in range(steps):
        out = env.step(env.random_actions())
    return out


@pytest.mark.parametrize("game", GAMES)
def test_vector_env_slots_read_back_into_another_batch(game):
    env = rulebook.VectorEnv(game, num_envs=6, seed=7, max_steps=0)
    play_batch(env, 37)
    other = rulebook.VectorEnv(game, num_envs=6, seed=99, max_steps=0)
    for i in range(6):
        position = env.get_game(i)
        assert isinstance(position, rulebook.Game) and position.name == game
        other.set_game(i, position, env.actions_in_progress(i), env.episode_steps(i))
    # The same states: the same actions give the same arrays from now on.
    for _ in range(30):
        actions = env.random_actions().copy()
        a = env.step(actions)
        b = other.step(actions)
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)


def test_a_multi_jump_in_progress_is_read_and_set():
    # Random checkers games until some game is in the middle of a
    # multi-jump; that state goes into a fresh batch, which then shows the
    # same arrays and plays on the same.
    env = rulebook.VectorEnv("checkers", num_envs=64, seed=3)
    for _ in range(400):
        out = env.step(env.random_actions())
        busy = [i for i in range(64) if env.actions_in_progress(i)]
        if busy:
            break
    assert busy, "no multi-jump in 400 steps"
    i = busy[0]
    position, actions = env.get_game(i), env.actions_in_progress(i)
    assert len(actions) >= 1
    fresh = rulebook.VectorEnv("checkers", num_envs=1)
    arrays = fresh.reset()  # the arrays set_game writes into
    fresh.set_game(0, position, actions)
    assert fresh.actions_in_progress(0) == actions and fresh.get_game(0) == position
    np.testing.assert_array_equal(arrays[0][0], out[0][i])  # observation
    np.testing.assert_array_equal(arrays[1][0], out[1][i])  # mask
    assert arrays[2][0] == out[5][i]  # the same player still to act
    action = np.flatnonzero(out[1][i])[0]
    actions_all = np.array([np.flatnonzero(out[1][k])[0] for k in range(64)])
    a = env.step(actions_all)
    b = fresh.step(np.array([action]))
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x[i], y[0])


def test_set_game_refuses_other_games_and_illegal_actions_and_changes_nothing():
    env = rulebook.VectorEnv("connect4", num_envs=2)
    before = [a.copy() for a in env.reset()]
    with pytest.raises(ValueError, match="connect4"):
        env.set_game(0, rulebook.Checkers())
    with pytest.raises(ValueError, match="connect4"):
        env.set_game(0, rulebook.ConnectX(rows=5, columns=6, inarow=3))
    with pytest.raises(rulebook.IllegalActionError):
        env.set_game(0, rulebook.Connect4(), [9])
    with pytest.raises(IndexError, match="env 2"):
        env.get_game(2)
    with pytest.raises(TypeError, match="rulebook.Game"):
        env.set_game(0, "connect4")
    for x, y in zip(env.reset(), before):
        np.testing.assert_array_equal(x, y)


def test_set_game_writes_the_slots_row():
    env = rulebook.VectorEnv("connect4", num_envs=3)
    observations, masks, to_play = env.reset()
    game = rulebook.Connect4()
    for column in "3333332":
        game.apply(column)
    env.set_game(1, game)
    reference = rulebook.VectorEnv("connect4", num_envs=1)
    reference.reset()
    for column in [3, 3, 3, 3, 3, 3, 2]:
        expected = reference.step(np.array([column]))
    np.testing.assert_array_equal(observations[1], expected[0][0])
    np.testing.assert_array_equal(masks[1], expected[1][0])
    assert not masks[1][3]  # the full column
    assert to_play[1] == expected[5][0] == 1
    assert env.get_game(1) == game and env.get_game(0) == rulebook.Connect4()
    assert not observations[0].any() and not observations[2].any()


@pytest.mark.parametrize("clone", [copy.deepcopy, lambda env: pickle.loads(pickle.dumps(env))])
@pytest.mark.parametrize("game", GAMES)
def test_vector_env_copies_go_on_like_the_original(game, clone):
    env = rulebook.VectorEnv(game, num_envs=5, seed=4, num_threads=2)
    play_batch(env, 53)
    twin = clone(env)
    assert twin.num_envs == 5 and twin.num_threads == 2
    for _ in range(40):
        a, b = env.random_actions().copy(), twin.random_actions().copy()
        np.testing.assert_array_equal(a, b)
        for x, y in zip(env.step(a), twin.step(b)):
            np.testing.assert_array_equal(x, y)
    # Independent: stepping one leaves the other.
    before = twin.get_game(0)
    env.step(env.random_actions())
    assert twin.get_game(0) == before


@pytest.mark.parametrize("clone", [copy.copy, copy.deepcopy, lambda g: pickle.loads(pickle.dumps(g))])
def test_games_copy_and_pickle_to_their_class(clone):
    for game in [rulebook.Checkers(), rulebook.ConnectX(rows=5, columns=9, inarow=5), rulebook.Othello()]:
        game.apply(game.legal_moves()[0])
        twin = clone(game)
        assert type(twin) is type(game) and twin == game and twin.spec == game.spec
        twin.apply(twin.legal_moves()[0])
        assert twin != game


def random_aec_steps(env, steps, rng):
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            return
        mask = env.observe(agent)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


def aec_state(env):
    return (
        env.agent_selection,
        dict(env.rewards),
        dict(env.terminations),
        {a: env.observe(a)["observation"].tolist() for a in env.possible_agents},
        {a: env.observe(a)["action_mask"].tolist() for a in env.possible_agents},
    )


@pytest.mark.parametrize("clone", [copy.deepcopy, lambda env: pickle.loads(pickle.dumps(env))])
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_copies_go_on_like_the_original(game, clone):
    env = rz.env(game)
    env.reset()
    random_aec_steps(env, 25, np.random.default_rng(1))
    twin = clone(env)
    assert aec_state(twin) == aec_state(env)
    random_aec_steps(env, 30, np.random.default_rng(2))
    random_aec_steps(twin, 30, np.random.default_rng(2))
    assert aec_state(twin) == aec_state(env)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_set_game_starts_an_episode_there(game):
    source = rz.env(game)
    source.reset()
    random_aec_steps(source, 21, np.random.default_rng(3))
    target = rz.env(game)
    target.set_game(source.get_game(), source.actions_in_progress())
    assert target.get_game() == source.get_game()
    assert target.actions_in_progress() == source.actions_in_progress()
    assert target.agent_selection == source.agent_selection
    for agent in target.possible_agents:
        np.testing.assert_array_equal(target.observe(agent)["observation"], source.observe(agent)["observation"])
        np.testing.assert_array_equal(target.observe(agent)["action_mask"], source.observe(agent)["action_mask"])


def test_pettingzoo_set_game_at_a_finished_position_terminates_every_agent():
    env = rz.env("connect4")
    won = rulebook.Connect4()
    for column in "0101010":
        won.apply(column)
    env.set_game(won)
    assert all(env.terminations.values())
    for agent in env.agent_iter():
        env.step(None)
    assert env.agents == []


@pytest.mark.parametrize("clone", [copy.deepcopy, lambda env: pickle.loads(pickle.dumps(env))])
def test_gymnasium_copies_go_on_like_the_original(clone):
    env = rg.make("checkers", opponent="random")
    observation, _ = env.reset(seed=5)
    rng = random.Random(0)
    for _ in range(10):
        observation, reward, terminated, truncated, _ = env.step(rng.choice(np.flatnonzero(env.action_masks())))
        assert not (terminated or truncated)
    twin = clone(env)
    for _ in range(20):
        if not env.action_masks().any():
            break
        action = rng.choice(np.flatnonzero(env.action_masks()))
        a = env.step(action)
        b = twin.step(action)
        np.testing.assert_array_equal(a[0]["observation"], b[0]["observation"])
        assert a[1:4] == b[1:4]
    assert twin.get_game() == env.get_game()


def test_gymnasium_set_game_lets_the_opponent_move_first_when_it_is_to_act():
    env = rg.make("connect4", opponent="level:3", agent_player=0)
    game = rulebook.Connect4()
    game.apply("3")  # now O (the opponent) is to move
    observation, info = env.set_game(game)
    assert env.get_game().to_move == "x"
    assert observation["observation"][:, :, 0].sum() == 1  # our one stone
    assert observation["observation"][:, :, 1].sum() == 1  # its reply


@pytest.mark.parametrize("game", GAMES)
def test_layout_helpers_turn_batch_observations_into_pettingzoos(game):
    # The same actions in a one-game batch and in the AEC environment: the
    # batch's observation in PettingZoo's layout is the acting agent's.
    batch = rulebook.VectorEnv(game, num_envs=1, seed=2)
    observations, masks, _ = batch.reset()
    aec = rz.env(game)
    aec.reset()
    rng = np.random.default_rng(6)
    for _ in range(40):
        agent = aec.agent_selection
        if aec.terminations[agent] or aec.truncations[agent]:
            break
        expected = aec.observe(agent)["observation"]
        converted = rulebook.to_pettingzoo_layout(observations[0])
        np.testing.assert_array_equal(converted.astype(np.int8), expected)
        np.testing.assert_array_equal(rulebook.to_batch_layout(expected), observations[0])
        # Batches convert whole: the first axis stays.
        assert rulebook.to_pettingzoo_layout(observations).shape == (1,) + expected.shape
        action = int(rng.choice(np.flatnonzero(masks[0])))
        aec.step(action)
        observations, masks, *_ = batch.step(np.array([action]))
