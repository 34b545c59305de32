"""rulebook: exact board-game rules written in Rust, for Python.

- Games: ``rulebook.Connect4()``, ``rulebook.ConnectX(rows=, columns=,
  inarow=)``, ``rulebook.Checkers()`` and each draughts variant
  (``rulebook.International()``, ``Brazilian``, ``Russian``, ``Pool``,
  ``Italian``, ``Spanish``, ``Czech``), ``rulebook.Othello()``,
  ``rulebook.Turkish()``, or
  ``rulebook.game(name)``: all are
  ``rulebook.Game``. ``rulebook.Engine(game, level)`` plays them,
  ``rulebook.Solver()`` solves Connect Four, ``read_pdn``/``write_pdn``
  read and write records.
- ``rulebook.VectorEnv``: a batch of games stepped in Rust, numpy arrays in
  and out, for training agents fast.
- Every game has the three environments, made by one code path over the
  library's ``agent::Environment``.
- ``to_pettingzoo_layout`` and ``to_batch_layout`` convert observations
  between the two layouts.
- ``rulebook.pettingzoo.env(game)``: a PettingZoo AEC environment (for
  Connect Four a drop-in for ``pettingzoo.classic.connect_four_v3``);
  ``rulebook.pettingzoo.parallel_env(game)``, the parallel API.
- ``rulebook.gymnasium.make(game, opponent=...)``: a Gymnasium environment
  against a fixed opponent; ``rulebook.gymnasium.make_vec(game, n)``, the
  batch as a ``gymnasium.vector.VectorEnv`` (self-play).
- ``rulebook.sb3.VecEnv(game, n)``: the batch as a Stable-Baselines3
  ``VecEnv`` with the action masks of sb3-contrib's ``MaskablePPO``.

``rulebook.pettingzoo`` and ``rulebook.gymnasium`` are imported on first
use (``import rulebook`` alone needs only numpy); without the optional
package, using them raises an ImportError that names it.

Errors are ``ValueError`` subclasses carrying the library's messages:
``IllegalMoveError``, ``IllegalActionError``, ``ParseError`` (all
``RulebookError``).
"""

import importlib
from typing import Any, Dict, List, Optional

import numpy as np

from rulebook._rulebook import (
    BatchMcts,
    Engine,
    Game,
    IllegalActionError,
    IllegalMoveError,
    Move,
    ParseError,
    RulebookError,
    Solver,
    Tablebase,
    VectorEnv,
    game_names,
    read_pdn_records,
    write_pdn,
)

#: Every game name, as ``rulebook.game`` takes it.
GAMES = tuple(game_names())

#: The games the environments (VectorEnv, pettingzoo, gymnasium) accept:
#: every game.
ENVIRONMENTS = GAMES

#: The Python class of each game name.
_CLASS_NAMES = {"connect4": "Connect4", "connectx": "ConnectX"}


def _game_class(name: str) -> type:
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Game:
        return Game.__new__(cls, name, position, **params)

    class_name = _CLASS_NAMES.get(name, name.capitalize())
    doc = (
        f"A position of {name} (the start when ``position`` is None; else read from "
        "its text, as ``.position`` writes it). See ``rulebook.Game``."
    )
    return type(class_name, (Game,), {"__new__": __new__, "__doc__": doc, "__module__": __name__})


_CLASSES: Dict[str, type] = {name: _game_class(name) for name in GAMES}
globals().update({cls.__name__: cls for cls in _CLASSES.values()})


def game(name: str, position: Optional[str] = None, **params: Any) -> Game:
    """The position of game ``name`` (one of ``GAMES``, or a spec with its
    parameters such as ``"connectx:8x9x5"``; ``connectx`` also takes
    ``rows``, ``columns``, ``inarow``), at the start or read from
    ``position``."""
    start = Game(name, None, **params)
    return _restore_game(start.spec, position)


def _restore_game(spec: str, position: Optional[str]) -> Game:
    """The position ``position`` (None: the start) of the game ``spec``
    (``"checkers"``, ``"connectx:8x9x5"``), of its class: what pickle
    calls."""
    cls = _CLASSES[spec.split(":")[0].strip().lower()]
    return Game.__new__(cls, spec, position)


def read_pdn(text: str, game: Optional[str] = None) -> List[dict]:
    """The games of PDN ``text``: dicts with ``game``, ``tags``, ``moves``
    (texts), ``result``, ``start`` and ``end`` (positions). The game is
    ``game`` when given, else the one the ``GameType`` tag names, else
    checkers. Raises ParseError or IllegalMoveError with the reason."""
    return read_pdn_records(text, _CLASSES, game)


def to_pettingzoo_layout(observations: Any) -> np.ndarray:
    """Observations in ``VectorEnv``'s layout, ``(..., planes, rows,
    columns)`` with row 0 the mover's bottom row, as the PettingZoo and
    Gymnasium environments give them: ``(..., rows, columns, planes)``,
    top row first. A view (no copy); the dtype is kept (PettingZoo's is
    int8: ``.astype(np.int8)``)."""
    array = np.asarray(observations)
    return np.moveaxis(array, -3, -1)[..., ::-1, :, :]


def to_batch_layout(observations: Any) -> np.ndarray:
    """The inverse of ``to_pettingzoo_layout``: ``(..., rows, columns,
    planes)`` top row first to ``(..., planes, rows, columns)`` row 0 at
    the bottom. A view; the dtype is kept."""
    array = np.asarray(observations)
    return np.moveaxis(array[..., ::-1, :, :], -1, -3)


#: The submodules that need an optional package, imported on first use.
_OPTIONAL_SUBMODULES = ("pettingzoo", "gymnasium", "sb3", "solver")


def __getattr__(name: str) -> Any:
    # PEP 562: called only for a name the module does not have yet, so
    # ``rulebook.pettingzoo`` imports the submodule once; an ImportError
    # names the package to install.
    if name in _OPTIONAL_SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_OPTIONAL_SUBMODULES))


__all__ = [
    "BatchMcts",
    "ENVIRONMENTS",
    "GAMES",
    "Engine",
    "Game",
    "IllegalActionError",
    "IllegalMoveError",
    "Move",
    "ParseError",
    "RulebookError",
    "Solver",
    "Tablebase",
    "VectorEnv",
    "game",
    "read_pdn",
    "to_batch_layout",
    "to_pettingzoo_layout",
    "write_pdn",
] + [cls.__name__ for cls in _CLASSES.values()]
