"""A random policy on a batch of Connect Four games: the loop a learner
runs, with numpy arrays in and out (replace the random actions by a
network's choice among the legal ones)."""

import numpy as np

import rulebook

env = rulebook.VectorEnv("connect4", num_envs=256, seed=0)
observations, masks, to_play = env.reset()
rng = np.random.default_rng(0)
wins, games = np.zeros(2), 0
for step in range(2_000):
    # A policy reads `observations` (256, 2, 6, 7): planes of the player to
    # act, then the opponent's. Here: a random legal column per game.
    scores = rng.random(masks.shape) * masks
    actions = scores.argmax(axis=1)
    observations, masks, rewards, terminations, truncations, to_play = env.step(actions)
    wins += (rewards > 0).sum(axis=0)
    games += int(terminations.sum())
print(f"{games} games: first player won {wins[0]:.0f}, second {wins[1]:.0f}")
