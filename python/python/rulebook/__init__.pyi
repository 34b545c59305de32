"""Type stubs of the package: the native classes plus the helpers of __init__.py."""

from types import ModuleType

import numpy as np
from typing_extensions import Self
from typing import Any, Dict, List, Optional, Tuple

from rulebook._rulebook import (
    BatchMcts as BatchMcts,
    Engine as Engine,
    Game as Game,
    IllegalActionError as IllegalActionError,
    IllegalMoveError as IllegalMoveError,
    Move as Move,
    ParseError as ParseError,
    RulebookError as RulebookError,
    Solver as Solver,
    Tablebase as Tablebase,
    VectorEnv as VectorEnv,
    write_pdn as write_pdn,
)

class Connect4(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class ConnectX(Game):
    """ConnectX: keyword parameters ``rows``, ``columns``, ``inarow`` (6, 7, 4 by default)."""

    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Checkers(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class International(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Brazilian(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Russian(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Pool(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Italian(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Spanish(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Czech(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Frisian(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Frysk(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Killer(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Breakthrough(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Antidraughts(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Othello(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

class Turkish(Game):
    def __new__(cls, position: Optional[str] = None, **params: Any) -> Self: ...

ENVIRONMENTS: Tuple[str, ...]
GAMES: Tuple[str, ...]

def game(name: str, position: Optional[str] = None, **params: Any) -> Game: ...
def read_pdn(text: str, game: Optional[str] = None) -> List[dict]: ...
def to_pettingzoo_layout(observations: Any) -> np.ndarray: ...
def to_batch_layout(observations: Any) -> np.ndarray: ...
def __getattr__(name: str) -> ModuleType: ...
def __dir__() -> List[str]: ...

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
    "Connect4",
    "ConnectX",
    "Checkers",
    "International",
    "Brazilian",
    "Russian",
    "Pool",
    "Italian",
    "Spanish",
    "Czech",
    "Frisian",
    "Frysk",
    "Killer",
    "Breakthrough",
    "Antidraughts",
    "Othello",
    "Turkish",
]
