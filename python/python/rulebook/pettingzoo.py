"""PettingZoo AEC environments of rulebook's games.

``rulebook.pettingzoo.env("connect4")`` is a drop-in for
``pettingzoo.classic.connect_four_v3.env()``: the same agents
(``player_0`` moves first), action numbers (the column, 0 to 6),
observations (``{"observation": int8 (6, 7, 2), "action_mask": int8 (7,)}``,
plane 0 the observing agent's tokens, plane 1 the other's, row 0 the top
row) and rewards (+1 to the winner, -1 to the loser, 0 for a draw).

Every game of the crate has an environment, made by one code path over
the crate's ``agent::Environment``; only the sizes differ:

- ``env("connectx", rows=, columns=, inarow=)``: ``columns`` actions,
  observation (rows, columns, 2).
- ``env("checkers")``: 128 actions, one per hop (a square and a direction,
  as the observing player sees the board); a multi-jump is several steps
  by the same agent; observation (8, 4, 6): own men, own kings, the
  opponent's men and kings, the jumping piece, the pieces jumped.
- each draughts variant by name (``env("international")``, ``"brazilian"``,
  ``"russian"``, ``"pool"``, ``"italian"``, ``"spanish"``, ``"czech"``):
  checkers' numbering with one more factor for flying kings, action
  ``(view_square * 4 + view_direction) * (size - 1) + (range - 1)``
  (1,800 actions on 10x10, 896 on 8x8), one action per piece taken, and
  checkers' six planes, observation (10, 5, 6) or (8, 4, 6).
- ``env("othello")``: 65 actions (the 64 squares ``row * 8 + column``,
  then the pass), observation (8, 8, 2).

Games that may never end (checkers, draughts) are truncated after
``max_steps`` actions (1000 by default).

``parallel_env(game, ...)`` is the same game under PettingZoo's parallel
API (``pettingzoo.utils.conversions.turn_based_aec_to_parallel``): the
games are turn-based, so each ``step(actions)`` plays the action of the
one agent whose ``action_mask`` is not empty (``infos[agent]["active_agent"]``
names it) and ignores the other's.

An illegal action raises ``rulebook.IllegalActionError`` (a ValueError)
and changes nothing; ``illegal="lose"`` instead ends the game with -1 for
the agent who played it, as PettingZoo's ``TerminateIllegalWrapper`` does.
An action is a Python ``int`` or a numpy integer (a 0-d integer array
too); a ``bool``, a ``float`` or a string is a ``TypeError``. As in
PettingZoo's classic environments (behind their ``OrderEnforcingWrapper``),
``step``, ``observe`` and ``render`` before ``reset`` raise PettingZoo's
error (``reset() needs to be called before step.``), and a ``step`` once
every agent is done logs PettingZoo's warning and does nothing.

Render modes: ``"ansi"`` (``render()`` returns the board as the console
draws it), ``"human"`` (the same text printed to stdout after each step,
as PettingZoo's text environments do) and ``"rgb_array"`` (an RGB image
of the board, uint8 (height, width, 3), drawn with numpy as the web page
draws it).

Positions in and out: ``get_game()`` is the position as a
``rulebook.Game`` (before a move in progress), ``actions_in_progress()``
the actions of a multi-jump under way, and ``set_game(game, actions=())``
starts an episode there. ``copy.deepcopy`` and ``pickle`` copy the whole
environment.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Optional

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as _missing:  # tested in a subprocess
    raise ImportError(
        "rulebook.pettingzoo needs the pettingzoo package: pip install pettingzoo"
        f" ({_missing})"
    ) from _missing

from rulebook._rulebook import Game, IllegalActionError, _AgentEnv
from rulebook._render import RENDER_MODES, Renderer

__all__ = ["env", "raw_env", "parallel_env", "RulebookAECEnv"]


def env(game: str = "connect4", render_mode: Optional[str] = None, **params: Any) -> "RulebookAECEnv":
    """The AEC environment of ``game`` (see the module's docs)."""
    return RulebookAECEnv(game, render_mode=render_mode, **params)


raw_env = env


def parallel_env(game: str = "connect4", render_mode: Optional[str] = None, **params: Any) -> Any:
    """``game`` under PettingZoo's parallel API: each step plays the action
    of the agent to act (the one whose action mask is not empty) and
    ignores the other agent's (see the module's docs)."""
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    return turn_based_aec_to_parallel(env(game, render_mode=render_mode, **params))


class RulebookAECEnv(AECEnv):
    """One game of rulebook as a PettingZoo AEC environment."""

    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "rulebook_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str = "connect4",
        render_mode: Optional[str] = None,
        illegal: str = "raise",
        max_steps: Optional[int] = None,
        **params: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be None or one of {', '.join(map(repr, RENDER_MODES))},"
                f" not {render_mode!r}"
            )
        if illegal not in ("raise", "lose"):
            raise ValueError(f'illegal must be "raise" or "lose", not {illegal!r}')
        self._core = _AgentEnv(game, max_steps=max_steps, **params)
        self.game = game
        self.render_mode = render_mode
        self._illegal = illegal
        self.metadata = dict(self.metadata, name=f"rulebook_{self._core.game}_v0")
        self.possible_agents = ["player_0", "player_1"]
        self.agents = self.possible_agents[:]
        self._index = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._has_reset = False
        self._renderer = Renderer()
        count = self._core.action_count
        shape = self._core.observation_shape
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0, high=1, shape=shape, dtype=np.int8),
                    "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        observation, mask = self._core.observe(self._index[agent])
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._core.reset()
        self._start_episode()

    def _start_episode(self) -> None:
        """Every agent in, nothing won yet, the agent to act selected; the
        game may be over already (a finished position given to
        ``set_game``): then every agent is terminated."""
        self._has_reset = True
        over = self._core.rewards() is not None
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: over for a in self.agents}
        self.truncations = {a: self._core.truncated for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._core.to_play]
        if self.render_mode == "human":
            self.render()

    def get_game(self) -> Game:
        """The position as a ``rulebook.Game`` (before the move in progress,
        if any: see ``actions_in_progress``)."""
        return self._core.current_game()

    def actions_in_progress(self) -> list:
        """The actions of the move in progress (a multi-jump under way),
        empty between moves."""
        return self._core.actions_in_progress()

    def set_game(self, game: Game, actions: Iterable[int] = ()) -> None:
        """Starts an episode at ``game`` (a ``rulebook.Game`` of this game
        and size) after ``actions`` (a move in progress), as ``reset`` does
        at the start. Raises (changing nothing) for a position of another
        game or an illegal action."""
        self._core.set_game(game, list(actions))
        self._start_episode()

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        if action is None:
            raise IllegalActionError(f"{agent} is to act: the action must be a number, not None")
        self._cumulative_rewards[agent] = 0
        try:
            self._core.step(action)
        except IllegalActionError:
            if self._illegal == "raise":
                raise
            self.rewards = {a: (-1 if a == agent else 0) for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            self.infos[agent]["legal_moves"] = self._core.legal_actions()
            self._accumulate_rewards()
            return
        rewards = self._core.rewards()
        if rewards is not None:
            self.rewards = {a: int(rewards[i]) for i, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
        elif self._core.truncated:
            self.truncations = {a: True for a in self.agents}
        self.agent_selection = self.possible_agents[self._core.to_play]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        """The board: text (``"ansi"``), printed (``"human"``) or an RGB
        image (``"rgb_array"``); None without a render mode."""
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return self._renderer.render(self.render_mode, self._core)

    def close(self) -> None:
        pass
