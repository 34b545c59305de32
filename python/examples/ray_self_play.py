"""Self-play across processes (or machines) with Ray: plain Ray actors,
each owning a ``rulebook.VectorEnv``, play games with the current policy
and send back the finished games' samples; the driver gathers them.

How the work splits: a ``VectorEnv`` steps its whole batch in Rust on one
core, so one actor per core (``--actors``) each with a batch of
``--envs`` games keeps every core busy; the driver only receives arrays
(observations, masks, actions, results), which Ray moves through its
object store without pickling each game. On a cluster the same code runs
with ``ray.init(address="auto")``: more actors on more machines, one
driver. The policy here is uniformly random (a trainer would broadcast
its weights with ``ray.put`` each iteration and let the actors evaluate
them).

    pip install "ray[default]"
    python python/examples/ray_self_play.py --actors 2 --envs 1024 --steps 200
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import ray

import rulebook


@ray.remote
class SelfPlayActor:
    """One ``VectorEnv`` of ``envs`` games on one core."""

    def __init__(self, game: str, envs: int, seed: int):
        self.env = rulebook.VectorEnv(game, envs, seed=seed)
        self.observations, self.masks, self.to_play = self.env.reset()

    def ready(self) -> int:
        return self.env.num_envs

    def play(self, steps: int):
        """Plays ``steps`` steps of every game; returns the number of
        steps, the games finished and the first player's results in
        them (+1, 0, -1)."""
        results = []
        for _ in range(steps):
            _, _, rewards, terminations, truncations, _ = self.env.step(self.env.random_actions())
            done = terminations | truncations
            if done.any():
                results.append(rewards[done, 0].copy())
        finished = np.concatenate(results) if results else np.zeros(0, np.float32)
        return steps * self.env.num_envs, finished


def run(game: str, actors: int, envs: int, steps: int, rounds: int, seed: int = 0):
    """Runs ``rounds`` rounds of ``steps`` steps on ``actors`` actors;
    returns (steps played, games finished, the first player's mean
    result, seconds after the actors started)."""
    workers = [SelfPlayActor.remote(game, envs, seed + i) for i in range(actors)]
    ray.get([w.ready.remote() for w in workers])  # the processes started, not timed
    start = time.monotonic()
    total_steps = 0
    finished = []
    for _ in range(rounds):
        for played, results in ray.get([w.play.remote(steps) for w in workers]):
            total_steps += played
            finished.append(results)
    elapsed = time.monotonic() - start
    results = np.concatenate(finished)
    return total_steps, len(results), float(results.mean()) if len(results) else 0.0, elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="connect4")
    parser.add_argument("--actors", type=int, default=2)
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--address", default=None, help='a Ray cluster ("auto"); a local one by default')
    args = parser.parse_args()
    ray.init(address=args.address, include_dashboard=False, log_to_driver=False)
    steps, games, mean, elapsed = run(args.game, args.actors, args.envs, args.steps, args.rounds)
    print(
        f"{args.actors} actors x {args.envs} games: {steps} steps, {games} games finished "
        f"(first player's mean result {mean:+.3f}) in {elapsed:.2f} s: {steps / elapsed:,.0f} steps/s"
    )
    ray.shutdown()


if __name__ == "__main__":
    main()
