"""Type stubs of the native module (re-exported by ``rulebook``)."""

import os
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt
from typing_extensions import Self, disjoint_base, final

__all__ = [
    "BatchMcts",
    "VectorEnv",
    "_AgentEnv",
    "Game",
    "Move",
    "Engine",
    "Solver",
    "Tablebase",
    "game_names",
    "build_opening_book",
    "opening_book_path",
    "write_pdn",
    "read_pdn_records",
    "RulebookError",
    "IllegalMoveError",
    "IllegalActionError",
    "ParseError",
]

class RulebookError(ValueError):
    """The base of the package's errors: bad input that changed nothing."""

class IllegalMoveError(RulebookError):
    """A move that is not legal in the position (or the game is over)."""

class IllegalActionError(RulebookError):
    """An environment action that is out of range or not legal now."""

class ParseError(RulebookError):
    """Text (a position, a move, a record, a game name) that could not be read."""

@final
class VectorEnv:
    """A batch of ``num_envs`` games of one kind, stepped together in Rust.

    ``game`` is any game name (``rulebook.GAMES``): ``"connect4"``,
    ``"connectx"`` (keyword parameters ``rows``, ``columns``, ``inarow``),
    ``"checkers"``, a draughts variant (``"international"``,
    ``"brazilian"``, ``"russian"``, ``"pool"``, ``"italian"``,
    ``"spanish"``, ``"czech"``) or ``"othello"``. ``reset()`` and
    ``step(actions)`` write into the same numpy arrays every call and
    return them; a game that ends (terminated or truncated) restarts at
    once, so the arrays then show the new game's start. The GIL is released
    while stepping; ``num_threads`` > 1 steps the games on that many
    threads (same results). ``seed`` seeds ``random_actions``; the games
    themselves are deterministic.

    Arrays (N = ``num_envs``):

    - observations: float32 (N, planes, rows, columns), from the point of
      view of the player to act: Connect Four (N, 2, 6, 7), plane 0 the
      mover's tokens, plane 1 the opponent's, row 0 the bottom row;
      checkers (N, 6, 8, 4): own men, own kings, opponent's men, kings,
      the jumping piece, the pieces jumped so far, on the 32 squares as the
      mover sees them; draughts the same six planes over the board's dark
      squares, (N, 6, 10, 5) or (N, 6, 8, 4); Othello (N, 2, 8, 8), the
      mover's discs then the opponent's, row 0 rank 1.
    - actions: Connect Four the column; checkers 128, ``4 * view_square +
      view_direction`` (one hop: a step, or a jump when capturing);
      draughts ``(view_square * 4 + view_direction) * (size - 1) + (range -
      1)`` (a hop of ``range`` squares, one per piece taken: 1,800 on
      10x10, 896 on 8x8); Othello 65, the square ``row * 8 + column`` or
      64 to pass.
    - action_masks: bool (N, actions): the legal actions.
    - rewards: float32 (N, 2): the first player's and the second's reward
      of this step (+1 win, -1 loss, 0 otherwise).
    - terminations, truncations: bool (N,).
    - to_play: int8 (N,): 0 when the first player is to act, 1 the second.

    Illegal actions: ``illegal="raise"`` (default) raises
    ``IllegalActionError`` naming the game and the action, and plays
    nothing; ``illegal="lose"`` makes the player who chose it lose that game
    with reward ``illegal_penalty`` (its opponent 0), and the game restarts.
    Games that may never end (checkers, draughts) are truncated after ``max_steps``
    actions (default 1000; 0 never); Connect Four always ends.

    ``seed`` is an integer from 0 to 2**64 - 1 (default 0: the same games
    every run) or None (fresh entropy). A batch too large for memory is a
    ``MemoryError``; a bad argument a ``ValueError`` or ``TypeError``
    naming it.

    Positions in and out: ``get_game(i)`` is game ``i``'s position as a
    ``rulebook.Game`` (before a move in progress), ``actions_in_progress(i)``
    the actions of a multi-jump under way, ``episode_steps(i)`` the actions
    since its game started; ``set_game(i, game, actions=(), steps=0)`` puts
    game ``i`` there and writes its row of the arrays. ``copy.deepcopy``
    and ``pickle`` copy the whole batch (games, random-action generator).
    """

    def __new__(
        cls,
        game: str,
        num_envs: int = 1,
        seed: int = 0,
        *,
        num_threads: int = 1,
        illegal: str = "raise",
        illegal_penalty: float = -1.0,
        max_steps: Optional[int] = None,
        **params: int,
    ) -> Self: ...
    def reset(
        self, seed: Optional[int] = None
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int8]]:
        """Restarts every game (``seed`` reseeds ``random_actions``);
        returns ``(observations, action_masks, to_play)``."""
    def step(
        self, actions: Union[npt.NDArray[np.integer], Sequence[int]]
    ) -> Tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int8],
    ]:
        """Plays ``actions[i]`` (an integer array of shape (N,)) in game
        ``i``; returns ``(observations, action_masks, rewards, terminations,
        truncations, to_play)``. A wrong shape is a ValueError, a wrong
        dtype a TypeError, both naming the expected one."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """One uniformly random legal action per game, seeded; the same
        int64 array is overwritten by each call."""
    @property
    def game(self) -> str: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def action_count(self) -> int: ...
    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """(planes, rows, columns) of one game's observation."""
    @property
    def num_threads(self) -> int: ...
    @property
    def illegal(self) -> str: ...
    def get_game(self, env: int) -> Game:
        """Game ``env``'s position (before its move in progress, if any)."""
    def actions_in_progress(self, env: int) -> List[int]:
        """The actions of game ``env``'s move in progress (empty between moves)."""
    def episode_steps(self, env: int) -> int:
        """The actions game ``env`` played since its game started."""
    def set_game(self, env: int, game: Game, actions: Sequence[int] = ..., steps: int = 0) -> None:
        """Puts game ``env`` at ``game`` then ``actions``; writes its row of the arrays."""
    def copy(self) -> "VectorEnv":
        """An independent copy (games, generator, arrays copied)."""
    def __copy__(self) -> "VectorEnv": ...
    def __deepcopy__(self, _memo: Optional[Dict[int, Any]] = None) -> "VectorEnv": ...
    def __getnewargs_ex__(self) -> Tuple[Tuple[str], Dict[str, Any]]: ...
    def __getstate__(self) -> Tuple[int, List[Tuple[str, List[int], int]]]: ...
    def __setstate__(self, state: Tuple[int, List[Tuple[str, List[int], int]]]) -> None: ...

@final
class _AgentEnv:
    """One game as an agent environment: the core of ``rulebook.pettingzoo``
    and ``rulebook.gymnasium``. Observations are int8 (rows, columns,
    planes), rows top first as the observing player sees the board."""

    def __new__(cls, game: str, *, max_steps: Optional[int] = None, **params: int) -> Self: ...
    def reset(self) -> None: ...
    def step(self, action: Union[int, np.integer]) -> bool: ...
    def observe(self, player: int) -> Tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]: ...
    def legal_actions(self) -> list[int]: ...
    def rewards(self) -> Optional[Tuple[int, int]]: ...
    def render(self) -> str: ...
    def copy(self) -> "_AgentEnv": ...
    def __copy__(self) -> "_AgentEnv": ...
    def __deepcopy__(self, _memo: Optional[Dict[int, Any]] = None) -> "_AgentEnv": ...
    def __getnewargs_ex__(self) -> Tuple[Tuple[str], Dict[str, Any]]: ...
    def __getstate__(self) -> Tuple[str, List[int], int]: ...
    def __setstate__(self, state: Tuple[str, List[int], int]) -> None: ...
    def check_level(self, level: int) -> None: ...
    def play_engine(self, level: int) -> None: ...
    def current_game(self) -> Game: ...
    def actions_in_progress(self) -> List[int]: ...
    def set_game(self, game: Game, actions: Sequence[int] = ..., steps: int = 0) -> None: ...
    @property
    def steps(self) -> int: ...
    @property
    def spec(self) -> str: ...
    @property
    def truncated(self) -> bool: ...
    @property
    def to_play(self) -> int: ...
    @property
    def action_count(self) -> int: ...
    @property
    def observation_shape(self) -> Tuple[int, int, int]: ...
    @property
    def game(self) -> str: ...

@final
class Move:
    """A move: what ``Game.legal_moves()`` lists and ``Game.apply`` takes."""

    @property
    def text(self) -> str:
        """The move in the game's notation ("3", "11-15", "9x18x27", "c3-d4")."""
    @property
    def route(self) -> list[str]:
        """The squares it passes through, start first (a drop: its column)."""
    @property
    def captured(self) -> list[str]:
        """The squares of the pieces it captures."""
    @property
    def game(self) -> str: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@disjoint_base
class Game:
    """A position of one of the crate's games with its rules. Use the
    subclasses (``Connect4``, ``ConnectX``, ``Checkers``, ``International``,
    ``Brazilian``, ``Russian``, ``Pool``, ``Italian``, ``Spanish``,
    ``Czech``) or ``rulebook.game(name)``. ``str()`` draws the board as the
    console does; ``repr()`` gives the position text; ``==`` and ``hash``
    compare positions."""

    def __new__(cls, game: str = "connect4", position: Optional[str] = None, **params: int) -> Self: ...
    @property
    def name(self) -> str: ...
    @property
    def spec(self) -> str:
        """The game with its parameters, e.g. "connectx:8x9x5"."""
    def legal_moves(self) -> list[Move]: ...
    def apply(self, move_: Union[str, Move]) -> Move:
        """Plays a move (its text or a ``Move``); raises IllegalMoveError
        with the crate's reason, changing nothing, when it is illegal."""
    def after(self, move_: Union[str, Move]) -> "Game":
        """A copy after the move."""
    def outcome(self) -> Optional[Tuple[Optional[str], str]]:
        """None while the game goes on, else (winner's name or None for a
        draw, why it ended)."""
    @property
    def is_over(self) -> bool: ...
    @property
    def to_move(self) -> str: ...
    @property
    def players(self) -> Tuple[str, str]: ...
    @property
    def position(self) -> str:
        """FEN (checkers, draughts) or the board text (Connect Four,
        ConnectX); the class reads it back."""
    def board(self) -> dict:
        """What to draw: kind, rows, columns, cells (label, piece)."""
    @property
    def levels(self) -> Tuple[int, int]: ...
    def best_move(
        self, level: Optional[int] = None, *, max_nodes: Optional[int] = None, max_seconds: Optional[float] = None
    ) -> Optional[Move]: ...
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, _memo: Optional[Dict[int, Any]] = None) -> "Game": ...
    def __reduce__(self) -> Tuple[Any, Tuple[str, str]]: ...

@final
class Engine:
    """The computer player of a game (a name or a position) at a level."""

    def __new__(
        cls,
        game: Union[str, Game],
        level: Optional[int] = None,
        *,
        max_depth: Optional[int] = None,
        max_nodes: Optional[int] = None,
        max_seconds: Optional[float] = None,
        **params: int,
    ) -> Self: ...
    def best_move(
        self, position: Game, *, max_nodes: Optional[int] = None, max_seconds: Optional[float] = None
    ) -> Optional[Move]: ...
    @property
    def level(self) -> int: ...

@final
class BatchMcts:
    """AlphaZero-style batched Monte Carlo tree search (PUCT): one tree per
    root, searched together; each round calls ``evaluate(observations,
    masks)`` once for all the trees' new leaves, which returns ``(priors,
    values)`` ((leaves, actions) and (leaves,), each value for the player
    to act at that leaf)."""

    def __new__(
        cls,
        game: str,
        *,
        simulations: int = 64,
        c_puct: float = 1.5,
        dirichlet_alpha: float = 0.3,
        dirichlet_fraction: float = 0.25,
        seed: int = 0,
        **params: int,
    ) -> Self: ...
    def search(
        self,
        roots: Iterable[Game],
        evaluate: Any,
        *,
        temperature: float = 1.0,
        leaf_games: bool = False,
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.int64]]:
        """``(policy, values, actions)``: visit shares (roots, actions), root
        values for the player to act, and the actions drawn with
        visits^(1/temperature) (the most visited at temperature 0)."""
    @property
    def action_count(self) -> int: ...
    @property
    def simulations(self) -> int: ...

@final
class Tablebase:
    """The endgame databases in ``directory`` (built by the crate's
    ``endgame`` example), of every game that has some there: English
    checkers (``"checkers"``) and the draughts variants. Without
    ``directory``, the cache directory the ``endgame`` example builds into
    without ``--dir``: ``$RULEBOOK_ENDGAME_DIR``, else
    ``$XDG_CACHE_HOME/rulebook/endgame``, else ``~/.cache/rulebook/endgame``
    (``%LOCALAPPDATA%\\rulebook\\endgame`` on Windows). A RulebookError
    names the file and what is wrong when none is there, or one is
    missing, truncated or corrupted."""

    def __new__(cls, directory: Optional[Union[str, "os.PathLike[str]"]] = None) -> Self: ...
    def games(self) -> List[Tuple[str, int]]:
        """The games that have databases here, with the most pieces of each."""
    def probe(self, position: Game) -> Optional[str]:
        """``"win"``, ``"loss"`` or ``"draw"`` for the player to move, or
        None when the position has more pieces than the databases hold."""
    def lookup(self, position: Game) -> Optional[Tuple[str, Optional[str], Optional[int]]]:
        """``(value, best_move, distance)``: the value, a move that keeps it,
        the plies to the next capture or crowning (win or loss)."""

@final
class Solver:
    """The Connect Four solver. ``book=True``: the complete opening book in
    the cache directory when built (``python -m rulebook.solver
    build-book``), else the built-in book; ``False``: none; a path: that
    book file.

    Every method takes ``max_nodes`` (positions searched) and
    ``max_seconds``, and returns None when one runs out before the answer;
    Ctrl-C (KeyboardInterrupt) stops any call within a fraction of a
    second. The solver keeps what it learnt between calls (``reset``
    clears it); a call cut short by a limit clears it too."""

    def __new__(cls, book: Union[bool, str, os.PathLike[str]] = True) -> Self: ...
    @property
    def book_path(self) -> Optional[str]:
        """The file of the solver's book (None: the built-in book or none)."""
    @property
    def book_depth(self) -> int:
        """The most stones of a position in the book (0: no book)."""
    def score(self, position: Game, *, max_nodes: Optional[int] = None, max_seconds: Optional[float] = None) -> Optional[int]:
        """The exact score: positive when the player to move wins (the
        sooner, the larger), 0 a draw, negative a loss."""
    def weak_score(self, position: Game, *, max_nodes: Optional[int] = None, max_seconds: Optional[float] = None) -> Optional[int]:
        """1 (win), 0 (draw) or -1 (loss) for the player to move."""
    def best_moves(self, position: Game, *, max_nodes: Optional[int] = None, max_seconds: Optional[float] = None) -> Optional[list[Move]]: ...
    def move_scores(self, position: Game, *, max_nodes: Optional[int] = None, max_seconds: Optional[float] = None) -> Optional[list[Optional[int]]]: ...
    def move_scores_batch(
        self, positions: Iterable[Game], *, max_nodes: Optional[int] = None, max_seconds: Optional[float] = None
    ) -> list[Optional[list[Optional[int]]]]:
        """``move_scores`` of each position in one call (GIL released, one
        thread); None for a position whose ``max_nodes`` ran out, or that
        ``max_seconds`` (for the whole call) did not reach."""
    @property
    def node_count(self) -> int: ...
    def reset(self) -> None: ...

def game_names() -> list[str]: ...
def opening_book_path(directory: Union[str, os.PathLike[str], None] = None) -> str: ...
def build_opening_book(
    depth: int,
    directory: Union[str, os.PathLike[str], None] = None,
    *,
    threads: int = 1,
    progress: Optional[Callable[[int, int, float], object]] = None,
) -> str: ...
def write_pdn(start: Game, moves: Sequence[Union[str, Move]], tags: Optional[Sequence[Tuple[str, str]]] = None) -> str:
    """The record (PDN for checkers and draughts) of the game from ``start``."""
def read_pdn_records(text: str, classes: dict, game: Optional[str] = None) -> list[dict]: ...
