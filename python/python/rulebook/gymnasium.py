"""Gymnasium environments of rulebook's games: one agent against a fixed
opponent.

``rulebook.gymnasium.make("connect4", opponent="random")`` is a
``gymnasium.Env`` whose observation is
``{"observation": int8 (rows, columns, planes), "action_mask": int8 (actions,)}``
(the layout of ``rulebook.pettingzoo``) and whose actions are the game's
action numbers; ``game`` is any game name (``rulebook.GAMES``: Connect
Four, ConnectX, checkers, the draughts variants, Othello). The agent plays ``agent_player`` (0 = first, the default;
1 lets the opponent open). Each ``step`` plays the agent's action, then the
opponent's replies until the agent is to act again or the game is over.
The reward is +1 when the agent wins, -1 when it loses, 0 otherwise.

Opponents: ``"random"`` (a uniformly random legal action, from the
environment's seeded generator), ``"level:N"`` (the game's computer player
at level N, thinking on a thread of its own: Ctrl-C stops a long think
within a fraction of a second with KeyboardInterrupt, after which the
episode must be reset) or a callable taking the opponent's observation dict
and returning an action.

An illegal action by the agent raises ``rulebook.IllegalActionError``
(a ValueError) and changes nothing; with ``illegal="lose"`` it instead
ends the episode (terminated) with reward ``illegal_penalty`` (-1), which is
what Gymnasium's ``check_env`` needs, since it samples actions without the
mask. ``action_masks()`` is the agent's legal actions as a bool array (what
sb3-contrib's ``MaskablePPO`` asks the environment for). An action is a
Python ``int`` or a numpy integer; a ``bool``, ``float`` or string is a
``TypeError``. ``step`` before ``reset`` raises Gymnasium's ``ResetNeeded``.

Render modes: ``"ansi"`` (the board as text), ``"human"`` (that text
printed after each reset and step) and ``"rgb_array"`` (an RGB image of
the board, uint8 (height, width, 3), drawn with numpy).

Positions in and out: ``get_game()``, ``actions_in_progress()`` and
``set_game(game, actions=())``, which starts an episode at that position
(the opponent moves first if it is to act) and returns what ``reset``
returns. ``copy.deepcopy`` and ``pickle`` copy the whole environment
(with a callable opponent only if that callable can be copied).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional, Union

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.error import ResetNeeded
except ImportError as _missing:  # tested in a subprocess
    raise ImportError(
        f"rulebook.gymnasium needs the gymnasium package: pip install gymnasium ({_missing})"
    ) from _missing

from rulebook._render import RENDER_MODES, Renderer
from rulebook._rulebook import Game, IllegalActionError, _AgentEnv

__all__ = ["make", "make_vec", "RulebookEnv", "SelfPlayVectorEnv"]

Opponent = Union[str, Callable[[dict], int]]


def make(game: str = "connect4", opponent: Opponent = "random", **kwargs: Any) -> "RulebookEnv":
    """The single-agent environment of ``game`` against ``opponent``."""
    return RulebookEnv(game, opponent=opponent, **kwargs)


class RulebookEnv(gymnasium.Env):
    """One game of rulebook against a fixed opponent, as a Gymnasium environment."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(
        self,
        game: str = "connect4",
        opponent: Opponent = "random",
        agent_player: int = 0,
        render_mode: Optional[str] = None,
        max_steps: Optional[int] = None,
        illegal: str = "raise",
        illegal_penalty: float = -1.0,
        **params: Any,
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f'illegal must be "raise" or "lose", not {illegal!r}')
        self._illegal = illegal
        self._illegal_penalty = float(illegal_penalty)
        self._forfeited = False
        self._has_reset = False
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be None or one of {', '.join(map(repr, RENDER_MODES))},"
                f" not {render_mode!r}"
            )
        if isinstance(agent_player, bool) or agent_player not in (0, 1):
            raise ValueError(f"agent_player must be 0 or 1, not {agent_player!r}")
        self._core = _AgentEnv(game, max_steps=max_steps, **params)
        self._opponent = opponent
        self._level = self._opponent_level(opponent)
        self.game = game
        self.agent_player = agent_player
        self.render_mode = render_mode
        self._renderer = Renderer()
        count = self._core.action_count
        self.action_space = spaces.Discrete(count)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0, high=1, shape=self._core.observation_shape, dtype=np.int8
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
            }
        )

    def _opponent_level(self, opponent: Opponent) -> Optional[int]:
        """The engine level of a ``"level:N"`` opponent (checked), else None;
        raises for an opponent that is none of the three kinds."""
        if callable(opponent) or opponent == "random":
            return None
        if isinstance(opponent, str) and opponent.startswith("level:"):
            try:
                level = int(opponent[len("level:"):])
            except ValueError:
                raise ValueError(f"opponent {opponent!r}: the level must be a number") from None
            self._core.check_level(level)
            return level
        raise ValueError(
            f'opponent must be "random", "level:N" or a callable, not {opponent!r}'
        )

    def _opponent_moves(self) -> None:
        """The opponent plays until the agent is to act or the game is over.
        (The opponent is kept as given, not as a closure over this
        environment, so that a deep copy plays on its own game.)"""
        while not self._over() and self._core.to_play != self.agent_player:
            if self._level is not None:
                try:
                    # On the engine's thread: Ctrl-C stops a long think.
                    self._core.play_engine(self._level)
                except BaseException:
                    # The opponent's reply is missing: no step until reset.
                    self._has_reset = False
                    raise
            elif callable(self._opponent):
                self._core.step(self._opponent(self._observe(1 - self.agent_player)))
            else:
                self._core.step(int(self.np_random.choice(self._core.legal_actions())))

    def _observe(self, player: int) -> dict:
        observation, mask = self._core.observe(player)
        return {"observation": observation, "action_mask": mask}

    def _over(self) -> bool:
        return self._forfeited or self._core.rewards() is not None or self._core.truncated

    def _reward(self) -> float:
        rewards = self._core.rewards()
        return 0.0 if rewards is None else float(rewards[self.agent_player])

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        self._core.reset()
        return self._start_episode()

    def _start_episode(self):
        self._has_reset = True
        self._forfeited = False
        self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        return self._observe(self.agent_player), {}

    def action_masks(self) -> np.ndarray:
        """The agent's legal actions now, bool of shape (actions,) (all
        False once the game is over): what sb3-contrib's ``MaskablePPO``
        reads."""
        mask = np.zeros(self._core.action_count, dtype=bool)
        if not self._over() and self._core.to_play == self.agent_player:
            mask[self._core.legal_actions()] = True
        return mask

    def get_game(self) -> Game:
        """The position as a ``rulebook.Game`` (before the move in progress,
        if any: see ``actions_in_progress``)."""
        return self._core.current_game()

    def actions_in_progress(self) -> list:
        """The actions of the move in progress, empty between moves."""
        return self._core.actions_in_progress()

    def set_game(self, game: Game, actions: Iterable[int] = ()):
        """Starts an episode at ``game`` (a ``rulebook.Game`` of this game and
        size) after ``actions`` (a move in progress): the opponent plays if
        it is to act, then ``(observation, info)`` as ``reset`` returns.
        Raises (changing nothing) for a position of another game or an
        illegal action."""
        self._core.set_game(game, list(actions))
        return self._start_episode()

    def step(self, action: Any):
        if not self._has_reset:
            raise ResetNeeded("Cannot call env.step() before calling env.reset()")
        if self._over():
            raise IllegalActionError("the game is over: call reset()")
        try:
            self._core.step(action)
        except IllegalActionError:
            if self._illegal == "raise":
                raise
            self._forfeited = True
            observation = self._observe(self.agent_player)
            return observation, self._illegal_penalty, True, False, {"illegal_action": True}
        self._opponent_moves()
        rewards = self._core.rewards()
        terminated = rewards is not None
        truncated = self._core.truncated
        if self.render_mode == "human":
            self.render()
        return self._observe(self.agent_player), self._reward(), terminated, truncated, {}

    def render(self) -> Any:
        """The board: text (``"ansi"``), printed (``"human"``) or an RGB image
        (``"rgb_array"``); None without a render mode."""
        return self._renderer.render(self.render_mode, self._core)


def make_vec(game: str = "connect4", num_envs: int = 1, **kwargs: Any) -> "SelfPlayVectorEnv":
    """``SelfPlayVectorEnv(game, num_envs, **kwargs)``: Gymnasium's
    ``make_vec`` for rulebook's batch of games."""
    return SelfPlayVectorEnv(game, num_envs, **kwargs)


class SelfPlayVectorEnv(gymnasium.vector.VectorEnv):
    """A ``rulebook.VectorEnv`` as a ``gymnasium.vector.VectorEnv``: one
    policy plays both sides of ``num_envs`` games (self-play), stepped
    together in Rust.

    - Observations are ``VectorEnv``'s, float32 ``(num_envs, planes, rows,
      columns)`` from the point of view of the player to act; actions an
      int array ``(num_envs,)`` of the game's action numbers.
    - The reward of ``step`` is the reward of the player who acted (+1 for
      the move that wins, the penalty for an illegal one with
      ``illegal="lose"``, else 0); ``info["rewards"]`` has both players'
      ``(num_envs, 2)`` (first player, second), which also gives the loser
      its -1.
    - ``info["action_mask"]`` (bool ``(num_envs, actions)``) and
      ``action_masks()`` are the legal actions of the player to act,
      ``info["to_play"]`` that player (0 or 1).
    - Autoreset: ``AutoresetMode.SAME_STEP`` — a finished game restarts in
      the same step, so the observation is already the new game's start.
      The finished game's last observation is not kept (a terminated game
      needs none; truncation by ``max_steps`` only happens in checkers and
      draughts).
    - ``copy=True`` (the default) returns fresh arrays each call, which a
      replay buffer may keep; ``copy=False`` returns the batch's own arrays,
      overwritten by the next call (no copy; numpy arrays support DLPack, so
      ``torch.from_dlpack(observations)`` shares that memory too).

    The other keywords (``seed``, ``num_threads``, ``illegal``,
    ``illegal_penalty``, ``max_steps``, game parameters) are
    ``rulebook.VectorEnv``'s.
    """

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game: str = "connect4", num_envs: int = 1, *, copy: bool = True, **kwargs: Any):
        from rulebook._rulebook import VectorEnv

        self.batch = VectorEnv(game, num_envs, **kwargs)
        self.num_envs = self.batch.num_envs
        self.copy = bool(copy)
        self.autoreset_mode = gymnasium.vector.AutoresetMode.SAME_STEP
        shape = self.batch.observation_shape
        self.single_observation_space = spaces.Box(0.0, 1.0, shape, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.batch.action_count)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, self.num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(
            self.single_action_space, self.num_envs
        )
        self._masks: Optional[np.ndarray] = None
        self._to_play: Optional[np.ndarray] = None
        self._rows = np.arange(self.num_envs)

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def reset(
        self, *, seed: Optional[Union[int, list]] = None, options: Optional[dict] = None
    ) -> tuple[np.ndarray, dict]:
        """Restarts every game (``seed`` reseeds ``random_actions``; a list
        of seeds, as Gymnasium may pass, uses its first)."""
        if isinstance(seed, (list, tuple)):
            seed = seed[0] if seed else None
        observations, masks, to_play = self.batch.reset(seed)
        self._masks, self._to_play = masks, to_play.copy()
        return self._out(observations), {"action_mask": self._out(masks), "to_play": self._out(to_play)}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict]:
        if self._to_play is None:
            raise ResetNeeded("call reset() before step()")
        actions = np.asarray(actions, dtype=np.int64)
        observations, masks, rewards, terminations, truncations, to_play = self.batch.step(actions)
        mover_rewards = rewards[self._rows, self._to_play.astype(np.intp)]
        self._masks = masks
        np.copyto(self._to_play, to_play)
        info = {"action_mask": self._out(masks), "to_play": self._out(to_play), "rewards": self._out(rewards)}
        return (
            self._out(observations),
            mover_rewards,
            self._out(terminations),
            self._out(truncations),
            info,
        )

    def action_masks(self) -> np.ndarray:
        """The legal actions of the player to act in each game, bool
        ``(num_envs, actions)`` (a copy)."""
        if self._masks is None:
            raise ResetNeeded("call reset() before action_masks()")
        return self._masks.copy()
