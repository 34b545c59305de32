"""rulebook: exact board-game rules written in Rust, for Python.

- ``rulebook.VectorEnv``: a batch of games stepped in Rust, numpy arrays in
  and out, for training agents fast.
- ``rulebook.pettingzoo.env(game)``: a PettingZoo AEC environment (for
  Connect Four a drop-in for ``pettingzoo.classic.connect_four_v3``).
- ``rulebook.gymnasium.make(game, opponent=...)``: a Gymnasium environment
  against a fixed opponent.

Errors are ``ValueError`` subclasses carrying the library's messages:
``IllegalMoveError``, ``IllegalActionError``, ``ParseError`` (all
``RulebookError``).
"""

from rulebook._rulebook import (
    IllegalActionError,
    IllegalMoveError,
    ParseError,
    RulebookError,
    VectorEnv,
)

#: The games the environments (VectorEnv, pettingzoo, gymnasium) accept.
ENVIRONMENTS = ("connect4", "connectx", "checkers")

__all__ = [
    "ENVIRONMENTS",
    "IllegalActionError",
    "IllegalMoveError",
    "ParseError",
    "RulebookError",
    "VectorEnv",
]
