"""The package as a whole: submodules reachable from ``import rulebook``
(with a clear ImportError when their optional package is missing), render
modes, ``action_masks()``, signatures as ``help()`` shows them, and the
type stubs checked against the module by mypy's stubtest."""

import importlib.util
import inspect
import os
import subprocess
import sys

import numpy as np
import pytest

import rulebook

from _scripts import run_python


def test_submodules_are_reachable_from_import_rulebook():
    result = run_python(
        """
        import sys
        import rulebook
        assert "rulebook.pettingzoo" not in sys.modules  # imported on first use
        env = rulebook.pettingzoo.env("connect4")
        gym = rulebook.gymnasium.make("connect4")
        print(type(env).__name__, type(gym).__name__, "pettingzoo" in dir(rulebook))
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["RulebookAECEnv", "RulebookEnv", "True"]


@pytest.mark.parametrize(
    "submodule, package",
    [("pettingzoo", "pettingzoo"), ("gymnasium", "gymnasium"), ("sb3", "stable_baselines3")],
)
def test_a_missing_optional_package_is_an_import_error_naming_it(submodule, package):
    # The package made unimportable (as if not installed): the rest of
    # rulebook works, and using the submodule says what to install.
    result = run_python(
        f"""
        import sys
        sys.modules[{package!r}] = None
        import rulebook
        print(rulebook.VectorEnv("connect4", 2).num_envs)
        try:
            rulebook.{submodule}
        except ImportError as error:
            print("ImportError:", error)
        """
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "2"
    assert lines[1].startswith(f"ImportError: rulebook.{submodule} needs the {package} package: pip install {package}")


def test_unknown_attribute_is_still_an_attribute_error():
    with pytest.raises(AttributeError, match="no_such_thing"):
        rulebook.no_such_thing


@pytest.mark.parametrize("game", ["connect4", "checkers", "international", "othello", "connectx"])
def test_render_modes_of_the_pettingzoo_environment(game, capsys):
    params = {"rows": 5, "columns": 8, "inarow": 4} if game == "connectx" else {}
    ansi = rulebook.pettingzoo.env(game, render_mode="ansi", **params)
    ansi.reset()
    text = ansi.render()
    assert isinstance(text, str) and text == str(ansi.get_game())

    human = rulebook.pettingzoo.env(game, render_mode="human", **params)
    human.reset()  # prints the board, as each step does
    assert human.render() is None
    printed = capsys.readouterr().out
    assert printed == (text + "\n") * 2

    rgb = rulebook.pettingzoo.env(game, render_mode="rgb_array", **params)
    rgb.reset()
    image = rgb.render()
    board = rgb.get_game().board()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] * board["columns"] == image.shape[1] * board["rows"]
    # A move changes the picture.
    first = image.copy()
    rgb.step(int(np.flatnonzero(rgb.observe(rgb.agent_selection)["action_mask"])[0]))
    assert not np.array_equal(rgb.render(), first)


def test_rgb_array_draws_each_player_in_its_own_colour():
    from rulebook._render import CELL, board_image

    game = rulebook.Connect4()
    game.apply("0")  # x, bottom left
    game.apply("6")  # o, bottom right
    image = board_image(game)
    bottom = image.shape[0] - CELL // 2
    x_colour = tuple(image[bottom, CELL // 2])
    o_colour = tuple(image[bottom, image.shape[1] - CELL // 2])
    empty = tuple(image[bottom, 3 * CELL + CELL // 2])
    assert len({x_colour, o_colour, empty}) == 3


def test_unknown_render_mode_is_refused():
    with pytest.raises(ValueError, match="rgb_array"):
        rulebook.pettingzoo.env("connect4", render_mode="video")
    with pytest.raises(ValueError, match="human"):
        rulebook.gymnasium.make("connect4", render_mode="video")


def test_gymnasium_render_modes_and_action_masks(capsys):
    env = rulebook.gymnasium.make("checkers", render_mode="human", agent_player=1)
    observation, _ = env.reset(seed=3)
    assert str(env.get_game()) in capsys.readouterr().out
    masks = env.action_masks()
    assert masks.dtype == np.bool_ and masks.shape == (128,)
    np.testing.assert_array_equal(masks, observation["action_mask"].astype(bool))
    env.step(int(np.flatnonzero(masks)[0]))
    assert capsys.readouterr().out
    rgb = rulebook.gymnasium.make("othello", render_mode="rgb_array")
    rgb.reset(seed=0)
    assert rgb.render().shape[2] == 3


def test_action_masks_is_all_false_once_the_game_is_over():
    env = rulebook.gymnasium.make("connect4", opponent=lambda observation: 1)
    env.reset(seed=0)
    for _ in range(4):
        *_, terminated, truncated, _ = env.step(0)
    assert terminated and not env.action_masks().any()


def test_signatures_show_the_defaults():
    signature = str(inspect.signature(rulebook.VectorEnv))
    assert "Ellipsis" not in signature and "..." not in signature
    assert "illegal_penalty=-1.0" in signature and "seed=0" in signature
    assert "max_nodes=None" in str(inspect.signature(rulebook.Solver.move_scores))


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_stubtest_finds_the_stubs_consistent(tmp_path):
    config = os.path.join(os.path.dirname(__file__), "..", "pyproject.toml")
    allowlist = tmp_path / "allowlist.txt"
    # rulebook.sb3 cannot be imported without stable-baselines3 (and torch).
    allowlist.write_text("" if importlib.util.find_spec("stable_baselines3") else "rulebook\\.sb3.*\n")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "rulebook",
            "--mypy-config-file",
            config,
            "--allowlist",
            str(allowlist),
            "--ignore-unused-allowlist",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
