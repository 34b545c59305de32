"""Batched MCTS simulations per second on Connect Four: rulebook.BatchMcts
against pgx + mctx (jit, CPU) at the same batch size and simulation count,
both with a trivial evaluation (uniform priors, value 0), so the figure is
the search and the rules, not a network.

    pip install ./python pgx mctx    # what is missing is skipped
    taskset -c 0 python python/bench/mcts_speed.py --batch 256 --simulations 64 --rounds 3

A simulation is one leaf added to one tree; each engine runs `rounds`
searches of the whole batch after a warm-up (mctx's compilation), best
round reported.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def rulebook_rate(batch: int, simulations: int, rounds: int) -> float:
    import rulebook

    mcts = rulebook.BatchMcts("connect4", simulations=simulations, seed=0)
    env = rulebook.VectorEnv("connect4", batch, seed=1)
    for _ in range(4):  # varied roots: four random moves into each game
        env.step(env.random_actions())
    roots = [env.get_game(i) for i in range(batch)]

    def evaluate(observations, masks):
        return np.ones(masks.shape, np.float32), np.zeros(len(masks), np.float32)

    mcts.search(roots, evaluate)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        mcts.search(roots, evaluate)
        best = min(best, time.perf_counter() - start)
    return batch * simulations / best


def mctx_rate(batch: int, simulations: int, rounds: int) -> float:
    import jax
    import jax.numpy as jnp
    import mctx
    import pgx

    env = pgx.make("connect_four")
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(env.step)
    keys = jax.random.split(jax.random.PRNGKey(0), batch)
    state = init(keys)

    def masked(logits, mask):
        return jnp.where(mask, logits, jnp.finfo(logits.dtype).min)

    def recurrent_fn(params, rng_key, action, state):
        player = state.current_player
        state = step(state, action)
        reward = state.rewards[jnp.arange(batch), player]
        value = jnp.zeros(batch)
        discount = jnp.where(state.terminated, 0.0, -1.0)
        logits = masked(jnp.zeros((batch, 7)), state.legal_action_mask)
        out = mctx.RecurrentFnOutput(reward=reward, discount=discount, prior_logits=logits, value=value)
        return out, state

    @jax.jit
    def search(state, key):
        root = mctx.RootFnOutput(
            prior_logits=masked(jnp.zeros((batch, 7)), state.legal_action_mask),
            value=jnp.zeros(batch),
            embedding=state,
        )
        return mctx.muzero_policy(
            params=None,
            rng_key=key,
            root=root,
            recurrent_fn=recurrent_fn,
            num_simulations=simulations,
            invalid_actions=~state.legal_action_mask,
        )

    key = jax.random.PRNGKey(1)
    jax.block_until_ready(search(state, key).action)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        jax.block_until_ready(search(state, key).action)
        best = min(best, time.perf_counter() - start)
    return batch * simulations / best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--simulations", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for name, rate in [("rulebook BatchMcts", rulebook_rate), ("pgx + mctx (jit, CPU)", mctx_rate)]:
        try:
            value = rate(args.batch, args.simulations, args.rounds)
        except ImportError as missing:
            print(f"{name}: skipped ({missing})")
            continue
        print(f"{name}: {value:,.0f} simulations/s (batch {args.batch}, {args.simulations} simulations)", flush=True)


if __name__ == "__main__":
    main()
