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
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from rulebook._rulebook import IllegalActionError, _AgentEnv

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

    metadata = {"render_modes": ["ansi"], "name": "rulebook_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = "connect4",
        render_mode: Optional[str] = None,
        illegal: str = "raise",
        max_steps: Optional[int] = None,
        **params: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f'render_mode must be None or "ansi", not {render_mode!r}')
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
        observation, mask = self._core.observe(self._index[agent])
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._core.reset()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._core.to_play]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        if action is None:
            raise IllegalActionError(f"{agent} is to act: the action must be a number, not None")
        self._cumulative_rewards[agent] = 0
        try:
            self._core.step(int(action))
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

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return self._core.render()

    def close(self) -> None:
        pass
