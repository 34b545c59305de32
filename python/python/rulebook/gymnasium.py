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
at level N) or a callable taking the opponent's observation dict and
returning an action.

An illegal action by the agent raises ``rulebook.IllegalActionError``
(a ValueError) and changes nothing; with ``illegal="lose"`` it instead
ends the episode (terminated) with reward ``illegal_penalty`` (-1), which is
what Gymnasium's ``check_env`` needs, since it samples actions without the
mask.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from rulebook._rulebook import IllegalActionError, _AgentEnv

__all__ = ["make", "RulebookEnv"]

Opponent = Union[str, Callable[[dict], int]]


def make(game: str = "connect4", opponent: Opponent = "random", **kwargs: Any) -> "RulebookEnv":
    """The single-agent environment of ``game`` against ``opponent``."""
    return RulebookEnv(game, opponent=opponent, **kwargs)


class RulebookEnv(gymnasium.Env):
    """One game of rulebook against a fixed opponent, as a Gymnasium environment."""

    metadata = {"render_modes": ["ansi"]}

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
        if render_mode not in (None, "ansi"):
            raise ValueError(f'render_mode must be None or "ansi", not {render_mode!r}')
        if agent_player not in (0, 1):
            raise ValueError(f"agent_player must be 0 or 1, not {agent_player!r}")
        self._core = _AgentEnv(game, max_steps=max_steps, **params)
        self._opponent = self._opponent_policy(opponent)
        self.game = game
        self.agent_player = agent_player
        self.render_mode = render_mode
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

    def _opponent_policy(self, opponent: Opponent) -> Callable[[], int]:
        if callable(opponent):
            return lambda: opponent(self._observe(1 - self.agent_player))
        if opponent == "random":
            return lambda: int(self.np_random.choice(self._core.legal_actions()))
        if isinstance(opponent, str) and opponent.startswith("level:"):
            try:
                level = int(opponent[len("level:"):])
            except ValueError:
                raise ValueError(f"opponent {opponent!r}: the level must be a number") from None
            self._core.check_level(level)
            return lambda: self._core.play_engine(level)
        raise ValueError(
            f'opponent must be "random", "level:N" or a callable, not {opponent!r}'
        )

    def _observe(self, player: int) -> dict:
        observation, mask = self._core.observe(player)
        return {"observation": observation, "action_mask": mask}

    def _over(self) -> bool:
        return self._forfeited or self._core.rewards() is not None or self._core.truncated

    def _opponent_moves(self) -> None:
        while not self._over() and self._core.to_play != self.agent_player:
            action = self._opponent()
            if action is not None:  # None: the engine played its move itself.
                self._core.step(int(action))

    def _reward(self) -> float:
        rewards = self._core.rewards()
        return 0.0 if rewards is None else float(rewards[self.agent_player])

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        self._core.reset()
        self._forfeited = False
        self._opponent_moves()
        return self._observe(self.agent_player), {}

    def step(self, action: Any):
        if self._over():
            raise IllegalActionError("the game is over: call reset()")
        try:
            self._core.step(int(action))
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
        return self._observe(self.agent_player), self._reward(), terminated, truncated, {}

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return self._core.render()
