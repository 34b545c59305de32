"""rulebook.BatchMcts: batched PUCT search with the evaluation in Python.

With a perfect value oracle (the Connect Four solver) and uniform priors,
the search must choose moves that keep the position's value (a winning
move when the player to act wins, a drawing one when it draws); with a
uniform evaluation it must still find a win in one. Python is asked once
per round for all the trees' leaves."""

import os

import numpy as np
import pytest

import rulebook

# Source: the repository's tests/data/Test_L2_R1 (the classic benchmark's
# middle-game positions, easy: moves as columns from 1, exact score); its
# first twelve, with both wins, losses and draws for the player to act.
DATA = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "Test_L2_R1")


def positions(count):
    with open(DATA) as lines:
        return [line.split()[0] for line, _ in zip(lines, range(count))]


def position(moves):
    game = rulebook.Connect4()
    for column in moves:
        game.apply(str(int(column) - 1))
    return game


def sign(x):
    return (x > 0) - (x < 0)


def uniform(observations, masks, *games):
    return np.ones(masks.shape, np.float32), np.zeros(len(masks), np.float32)


def test_a_perfect_value_oracle_makes_it_keep_the_value():
    solver = rulebook.Solver()
    calls = []

    def oracle(observations, masks, games):
        calls.append(len(games))
        values = [sign(solver.score(game)) for game in games]
        return np.ones(masks.shape, np.float32), np.array(values, np.float32)

    roots = [position(moves) for moves in positions(12)]
    mcts = rulebook.BatchMcts("connect4", simulations=200, dirichlet_fraction=0.0, seed=1)
    policy, values, actions = mcts.search(roots, oracle, temperature=0.0, leaf_games=True)
    assert policy.shape == (len(roots), 7) and np.allclose(policy.sum(axis=1), 1.0)
    # One call for the roots, then at most one per simulation, each for at
    # most one leaf per tree.
    assert 1 < len(calls) <= 201 and max(calls) <= len(roots)
    for root, action, value in zip(roots, actions, values):
        assert np.argmax(policy[roots.index(root)]) == action
        best = sign(solver.score(root))
        after = root.after(str(action))
        kept = 1 if after.outcome() else -sign(solver.score(after))
        assert kept == best, (root.position, action)
        assert abs(value - best) < 0.5


@pytest.mark.parametrize("game", ["connect4", "checkers", "othello"])
def test_every_game_searches_and_its_policy_covers_only_legal_actions(game):
    env = rulebook.VectorEnv(game, 4, seed=2)
    for _ in range(7):
        env.step(env.random_actions())
    roots = [env.get_game(i) for i in range(4) if not env.actions_in_progress(i)]
    mcts = rulebook.BatchMcts(game, simulations=16, seed=3)
    policy, values, actions = mcts.search(roots, uniform)
    probe = rulebook.VectorEnv(game, 1)
    _, masks, _ = probe.reset()  # set_game writes its row of these arrays
    for root, row, action in zip(roots, policy, actions):
        probe.set_game(0, root)
        assert row.sum() == pytest.approx(1.0)
        assert not row[~masks[0]].any() and row[action] > 0
    assert np.all(np.abs(values) <= 1.0)


def test_the_same_seed_searches_the_same():
    roots = [rulebook.Connect4()] * 3
    first = rulebook.BatchMcts("connect4", simulations=32, seed=9).search(roots, uniform)
    again = rulebook.BatchMcts("connect4", simulations=32, seed=9).search(roots, uniform)
    for a, b in zip(first, again):
        assert np.array_equal(a, b)


def test_a_win_in_one_is_found_with_a_uniform_evaluation():
    game = rulebook.Connect4()
    for column in "061626":
        game.apply(column)
    mcts = rulebook.BatchMcts("connect4", simulations=100, dirichlet_fraction=0.0)
    _, _, actions = mcts.search([game], uniform, temperature=0.0)
    assert actions[0] == 3


@pytest.mark.parametrize(
    ("keywords", "error"),
    [
        ({"simulations": -1}, "simulations"),
        ({"simulations": 0}, "simulations"),
        ({"c_puct": -1.0}, "c_puct"),
        ({"dirichlet_alpha": 0.0}, "dirichlet_alpha"),
        ({"dirichlet_fraction": 1.5}, "dirichlet_fraction"),
        ({"seed": -3}, "seed"),
    ],
)
def test_bad_settings_name_the_parameter(keywords, error):
    with pytest.raises((ValueError, OverflowError, TypeError), match=error):
        rulebook.BatchMcts("connect4", **keywords)


def test_bad_evaluations_and_roots_are_clear_errors():
    mcts = rulebook.BatchMcts("connect4", simulations=2)
    with pytest.raises(ValueError, match=r"\(1, 7\)"):
        mcts.search([rulebook.Connect4()], lambda o, m: (np.ones((1, 6)), np.zeros(1)))
    with pytest.raises(TypeError, match="priors, values"):
        mcts.search([rulebook.Connect4()], lambda o, m: None)
    with pytest.raises(TypeError, match="root 0"):
        mcts.search(["4"], uniform)
    with pytest.raises(ValueError, match="root 0"):
        mcts.search([rulebook.Checkers()], uniform)
    with pytest.raises(ValueError, match="temperature"):
        mcts.search([rulebook.Connect4()], uniform, temperature=-1.0)
    with pytest.raises(ZeroDivisionError):
        mcts.search([rulebook.Connect4()], lambda o, m: 1 / 0)


def test_the_alphazero_example_runs_a_short_training():
    import subprocess
    import sys

    example = os.path.join(os.path.dirname(__file__), "..", "examples", "alphazero_connect4.py")
    result = subprocess.run(
        [sys.executable, example, "--iterations", "1", "--games", "4", "--simulations", "4",
         "--positions", "20", "--grade-every", "1", "--seed", "3"],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if line.startswith("iteration")]
    assert len(lines) == 2 and "optimal" in lines[0]
