"""A small self-play loop with numpy only: a linear policy over the
observation learns Connect Four against itself by REINFORCE, on a batch of
games, and is then measured against a random player.

    python examples/self_play.py
"""

import numpy as np

import rulebook

ENVS, STEPS, LEARNING_RATE = 256, 3_000, 0.01
rng = np.random.default_rng(0)
env = rulebook.VectorEnv("connect4", num_envs=ENVS, seed=1)
observations, masks, to_play = env.reset()
features = int(np.prod(env.observation_shape))
weights = np.zeros((features, env.action_count))


def policy(observations, masks, weights):
    """Action probabilities of the legal actions (softmax of a linear score)."""
    logits = observations.reshape(len(observations), -1) @ weights
    logits = np.where(masks, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def sample(p):
    return (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1)


# Each game's moves so far: (features, action, player) to credit at its end.
episodes = [[] for _ in range(ENVS)]
for step in range(STEPS):
    p = policy(observations, masks, weights)
    actions = sample(p)
    flat = observations.reshape(ENVS, -1).copy()
    movers = to_play.copy()
    observations, masks, rewards, terminations, truncations, to_play = env.step(actions)
    gradient = np.zeros_like(weights)
    for i in range(ENVS):
        episodes[i].append((flat[i], actions[i], movers[i], p[i]))
        if terminations[i] or truncations[i]:
            for x, a, player, probabilities in episodes[i]:
                advantage = rewards[i, player]
                one_hot = -probabilities
                one_hot[a] += 1.0
                gradient += advantage * np.outer(x, one_hot)
            episodes[i] = []
    weights += LEARNING_RATE * gradient / ENVS

# Against a random player: the learned policy moves first in every game.
env = rulebook.VectorEnv("connect4", num_envs=1000, seed=2)
observations, masks, to_play = env.reset()
done = np.zeros(1000, dtype=bool)
score = np.zeros(1000)
while not done.all():
    learned = policy(observations, masks, weights).argmax(axis=1)
    random_actions = env.random_actions()
    actions = np.where(to_play == 0, learned, random_actions)
    observations, masks, rewards, terminations, truncations, to_play = env.step(actions)
    newly = (terminations | truncations) & ~done
    score[newly] = rewards[newly, 0]
    done |= newly
print(f"learned policy (first) vs random: won {(score > 0).mean():.0%}, lost {(score < 0).mean():.0%}")
