"""rulebook's batch of games as a Stable-Baselines3 ``VecEnv``, with the
action masks sb3-contrib's ``MaskablePPO`` reads.

``rulebook.sb3.VecEnv("connect4", num_envs=64)`` is a
``stable_baselines3.common.vec_env.VecEnv`` over a ``rulebook.VectorEnv``:
one policy plays both sides of every game (self-play). Observations are
float32 ``(planes, rows, columns)`` from the point of view of the player to
act (``MlpPolicy`` flattens them); the reward of a step is the reward of the
player who acted (+1 for the winning move; ``illegal_penalty`` for an
illegal action with ``illegal="lose"``), and ``infos[i]["rewards"]`` has
both players' (first, second). Finished games restart in the same step, as
SB3 expects; the finished game's last observation is not kept, so
``infos[i]`` has no ``terminal_observation`` (checkers and draughts games
truncated by ``max_steps`` have ``"TimeLimit.truncated"``).
``env_method("action_masks")`` (what ``MaskablePPO`` calls) gives each
game's legal actions; ``action_masks()`` all of them as one bool array.

Observations returned are fresh arrays (SB3's rollout buffer copies them
anyway). The keywords are ``rulebook.VectorEnv``'s (``seed``,
``num_threads``, ``illegal``, ``illegal_penalty``, ``max_steps``, game
parameters).
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Sequence, Type, Union

import numpy as np

try:
    import gymnasium
    from stable_baselines3.common import vec_env
except ImportError as _missing:  # tested in a subprocess
    raise ImportError(
        "rulebook.sb3 needs the stable_baselines3 package: pip install stable_baselines3 "
        f"({_missing})"
    ) from _missing

from rulebook._rulebook import VectorEnv as _Batch

__all__ = ["VecEnv"]

Indices = Union[None, int, Iterable[int]]


class VecEnv(vec_env.VecEnv):  # type: ignore[misc]
    """A ``rulebook.VectorEnv`` of ``num_envs`` games of ``game`` as an SB3
    ``VecEnv`` (see the module's documentation)."""

    def __init__(self, game: str = "connect4", num_envs: int = 1, **kwargs: Any):
        self.batch = _Batch(game, num_envs, **kwargs)
        observation_space = gymnasium.spaces.Box(
            0.0, 1.0, self.batch.observation_shape, dtype=np.float32
        )
        action_space = gymnasium.spaces.Discrete(self.batch.action_count)
        self.render_mode = None
        super().__init__(self.batch.num_envs, observation_space, action_space)
        self._actions: Optional[np.ndarray] = None
        self._masks: Optional[np.ndarray] = None
        self._to_play = np.zeros(self.num_envs, dtype=np.intp)
        self._rows = np.arange(self.num_envs)

    def reset(self) -> np.ndarray:
        seed = self._seeds[0] if self._seeds and self._seeds[0] is not None else None
        observations, masks, to_play = self.batch.reset(seed)
        self._reset_seeds()
        self._masks = masks
        np.copyto(self._to_play, to_play)
        return observations.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)

    def step_wait(self) -> Any:
        if self._actions is None:
            raise RuntimeError("step_async must come before step_wait")
        observations, masks, rewards, terminations, truncations, to_play = self.batch.step(
            self._actions
        )
        self._actions = None
        mover_rewards = rewards[self._rows, self._to_play].copy()
        self._masks = masks
        np.copyto(self._to_play, to_play)
        dones = terminations | truncations
        infos: List[dict] = [{"rewards": rewards[i].copy()} for i in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            infos[i]["TimeLimit.truncated"] = bool(truncations[i] and not terminations[i])
        return observations.copy(), mover_rewards, dones, infos

    def action_masks(self) -> np.ndarray:
        """Every game's legal actions, bool ``(num_envs, actions)`` (a
        copy)."""
        if self._masks is None:
            raise RuntimeError("call reset() before action_masks()")
        return self._masks.copy()

    def close(self) -> None:
        pass

    def _indices(self, indices: Indices) -> Sequence[int]:
        if indices is None:
            return range(self.num_envs)
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: Indices = None) -> List[Any]:
        value = getattr(self, attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Indices = None) -> None:
        setattr(self, attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: Indices = None, **method_kwargs: Any
    ) -> List[Any]:
        """``env_method("action_masks")`` gives each game's mask (what
        ``MaskablePPO`` asks for); another method is called on the
        environment itself, once per index."""
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in self._indices(indices)]
        method = getattr(self, method_name)
        return [method(*method_args, **method_kwargs) for _ in self._indices(indices)]

    def env_is_wrapped(self, wrapper_class: Type[gymnasium.Wrapper], indices: Indices = None) -> List[bool]:
        return [False for _ in self._indices(indices)]
