"""Random-policy steps per second on Connect Four, checkers and Othello:
rulebook against PettingZoo, OpenSpiel and pgx, side by side in one run.

    taskset -c 0 python python/bench/random_steps.py [--seconds 2] [--rounds 3] [--batch 1024]

Every contender plays uniformly random legal actions, restarting finished
games, for ``--seconds`` per measurement; the measurements are interleaved
over ``--rounds`` rounds and the best of each is reported (the machine's
load only ever slows a run down). A step is one action: a Connect Four
drop, a checkers step or one hop of a jump (OpenSpiel and rulebook both
play a multi-jump hop by hop), an Othello disc or pass. Contenders whose package is not installed
are skipped. JAX is limited to one thread, as ``taskset -c 0`` limits the
rest, so the table compares one core.
"""

from __future__ import annotations

import argparse
import os
import random
import time

os.environ.setdefault(
    "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
)

import numpy as np  # noqa: E402


def timed(seconds, chunk):
    """Calls ``chunk()`` (which returns the steps it made) for ``seconds``;
    steps per second."""
    steps, start = 0, time.perf_counter()
    while True:
        steps += chunk()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def aec_runner(make_env):
    """A PettingZoo AEC environment under a random policy."""
    env = make_env()
    env.reset(seed=0)
    rand = random.random

    def chunk():
        steps = 0
        env.reset()
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[int(rand() * len(legal))]))
            steps += 1
        return steps

    return chunk


def openspiel_runner(name):
    import pyspiel

    game = pyspiel.load_game(name)
    choice = random.choice

    def chunk():
        steps, state = 0, game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            steps += 1
        return steps

    return chunk


def rulebook_batch_runner(name, batch):
    import rulebook

    env = rulebook.VectorEnv(name, num_envs=batch, seed=0)
    env.reset()

    def chunk():
        for _ in range(10):
            env.step(env.random_actions())
        return 10 * batch

    return chunk


def pgx_runner(name, batch, scan_steps):
    import jax
    import pgx
    from pgx.experimental import act_randomly, auto_reset

    env = pgx.make(name)
    step = jax.vmap(auto_reset(env.step, env.init))

    def one_step(carry, _):
        state, key = carry
        key, k_action, k_step = jax.random.split(key, 3)
        action = act_randomly(k_action, state.legal_action_mask)
        state = step(state, action, jax.random.split(k_step, batch))
        return (state, key), None

    @jax.jit
    def steps(state, key):
        (state, key), _ = jax.lax.scan(one_step, (state, key), None, length=scan_steps)
        return state, key

    key = jax.random.PRNGKey(0)
    state = jax.jit(jax.vmap(env.init))(jax.random.split(key, batch))
    carry = [state, key]
    carry[0], carry[1] = steps(*carry)  # compile
    jax.block_until_ready(carry[0])

    def chunk():
        carry[0], carry[1] = steps(*carry)
        jax.block_until_ready(carry[0])
        return scan_steps * batch

    return chunk


def contenders(batch):
    """(game, name, make runner) for what is installed."""
    found = []

    def add(game, label, make):
        found.append((game, label, make))

    import rulebook.pettingzoo

    add("connect4", "rulebook pettingzoo AEC (1 game)", lambda: aec_runner(lambda: rulebook.pettingzoo.env("connect4")))
    add("connect4", f"rulebook VectorEnv (batch {batch})", lambda: rulebook_batch_runner("connect4", batch))
    add("checkers", f"rulebook VectorEnv (batch {batch})", lambda: rulebook_batch_runner("checkers", batch))
    add("checkers", "rulebook pettingzoo AEC (1 game)", lambda: aec_runner(lambda: rulebook.pettingzoo.env("checkers")))
    add("othello", f"rulebook VectorEnv (batch {batch})", lambda: rulebook_batch_runner("othello", batch))
    add("othello", "rulebook pettingzoo AEC (1 game)", lambda: aec_runner(lambda: rulebook.pettingzoo.env("othello")))
    try:
        from pettingzoo.classic import connect_four_v3

        add("connect4", "PettingZoo connect_four_v3 (1 game)", lambda: aec_runner(connect_four_v3.env))
    except ImportError:
        pass
    try:
        import pyspiel  # noqa: F401

        add("connect4", "OpenSpiel connect_four (1 game)", lambda: openspiel_runner("connect_four"))
        add("checkers", "OpenSpiel checkers (1 game)", lambda: openspiel_runner("checkers"))
        add("othello", "OpenSpiel othello (1 game)", lambda: openspiel_runner("othello"))
    except ImportError:
        pass
    try:
        import pgx  # noqa: F401

        add("connect4", f"pgx connect_four (jit+vmap, batch {batch}, 1 step per call)", lambda: pgx_runner("connect_four", batch, 1))
        add("connect4", f"pgx connect_four (jit+vmap+scan, batch {batch}, 100 steps per call)", lambda: pgx_runner("connect_four", batch, 100))
        add("othello", f"pgx othello (jit+vmap, batch {batch}, 1 step per call)", lambda: pgx_runner("othello", batch, 1))
        add("othello", f"pgx othello (jit+vmap+scan, batch {batch}, 100 steps per call)", lambda: pgx_runner("othello", batch, 100))
    except ImportError:
        pass
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batch", type=int, default=1024)
    args = parser.parse_args()
    entries = contenders(args.batch)
    runners = [(game, label, make()) for game, label, make in entries]
    best = {(game, label): 0.0 for game, label, _ in runners}
    for _ in range(args.rounds):
        for game, label, chunk in runners:
            best[game, label] = max(best[game, label], timed(args.seconds, chunk))
    # pgx has no checkers (English draughts); OpenSpiel and rulebook have all three.
    for game in ("connect4", "checkers", "othello"):
        rows = [(label, best[game, label]) for g, label, _ in runners if g == game]
        base = {label: rate for label, rate in rows}
        pz = base.get("PettingZoo connect_four_v3 (1 game)")
        spiel = next((rate for label, rate in rows if label.startswith("OpenSpiel")), None)
        print(f"\n{game}: random-policy steps per second (best of {args.rounds} x {args.seconds:g} s)")
        print("| environment | steps/s | vs PettingZoo | vs OpenSpiel |")
        print("|---|---:|---:|---:|")
        for label, rate in sorted(rows, key=lambda r: -r[1]):
            vs_pz = f"{rate / pz:,.1f}x" if pz else "-"
            vs_spiel = f"{rate / spiel:,.1f}x" if spiel else "-"
            print(f"| {label} | {rate:,.0f} | {vs_pz} | {vs_spiel} |")


if __name__ == "__main__":
    main()
