"""What the complete opening book of depth ``d`` costs to build: the
solver's work on a sample of the positions with ``d`` stones, extrapolated
to all of them.

    python python/bench/book_cost.py --depth 4 --depth 6 --parents 3 --seed 0

``build-book --depth d`` solves every unfinished position with ``d``
stones (one of each mirror pair) with the built-in book, one parent's
children in a row on one solver (its table carries what siblings share);
the shallower positions then cost nothing (negamax over the book). This
script draws ``--parents`` random positions with ``d - 1`` stones (uniformly
random play, seeded) and solves each one's unfinished children twice: each
with a fresh solver, and all in a row on one solver, as the build does. It
prints the nodes and CPU seconds per position, and the build's cost
extrapolated: positions at depth ``d`` (counted here, mirror images once)
times the mean CPU seconds of the in-a-row solves. Node counts do not
depend on the machine; CPU seconds do (and on its load, a little).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time

# The built-in book, not a complete book built earlier into the cache.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp()

import rulebook  # noqa: E402


def count_positions(stones):
    """Unfinished positions with ``stones`` stones, a position and its
    mirror image once (breadth first over position texts)."""
    level = {rulebook.Connect4().position: rulebook.Connect4()}
    for _ in range(stones):
        following = {}
        for game in level.values():
            for move in game.legal_moves():
                child = game.after(move)
                if child.outcome() is None:
                    following.setdefault(child.position, child)
        level = following
    keys = set()
    for text in level:
        keys.add(min(text, mirror_text(text)))
    return len(keys)


def mirror_text(text):
    """The board text of the mirror image: each row reversed (rows are
    separated by '/' in Connect Four's position text)."""
    board, _, rest = text.partition(" ")
    flipped = "/".join(row[::-1] for row in board.split("/"))
    return flipped + ((" " + rest) if rest else "")


def random_parent(stones, rng):
    while True:
        game = rulebook.Connect4()
        for _ in range(stones):
            game.apply(rng.choice(game.legal_moves()))
            if game.outcome() is not None:
                break
        else:
            children = [game.after(m) for m in game.legal_moves()]
            children = [c for c in children if c.outcome() is None]
            if children:
                return game, children


def solve(solver, game, cap):
    before = solver.node_count
    start = time.process_time()
    score = solver.score(game, max_nodes=cap)
    return score, solver.node_count - before, time.process_time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, action="append", required=True)
    parser.add_argument("--parents", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cap", type=int, default=10**10, help="nodes for one position")
    parser.add_argument("--count-up-to", type=int, default=7, help="count positions (slow above 7)")
    args = parser.parse_args()
    # Counted by opening_positions (1 to 8); 9 to 12 approximately: half
    # the positions after that many plies (OEIS A212693).
    known = {1: 4, 2: 25, 4: 568, 6: 8231, 8: 91295, 9: 279_000, 10: 831_000, 11: 2_284_000, 12: 6_118_000}
    print("| depth | positions at depth | solved (parents) | nodes, fresh solver: mean / median / max | nodes, in a row: mean | CPU s in a row: mean / max | node rate (M/s) | build, extrapolated CPU hours |")
    print("|---:|---:|---:|---|---:|---|---:|---:|")
    for depth in args.depth:
        rng = random.Random(args.seed * 1000 + depth)
        count = count_positions(depth) if depth <= args.count_up_to else known.get(depth)
        fresh_nodes, row_nodes, row_cpu, capped = [], [], [], 0
        for _ in range(args.parents):
            _, children = random_parent(depth - 1, rng)
            shared = rulebook.Solver()
            for child in children:
                score, nodes, _ = solve(rulebook.Solver(), child, args.cap)
                capped += score is None
                fresh_nodes.append(nodes)
                score, nodes, cpu = solve(shared, child, args.cap)
                row_nodes.append(nodes)
                row_cpu.append(cpu)
        mean_cpu = statistics.mean(row_cpu)
        rate = sum(row_nodes) / max(sum(row_cpu), 1e-9) / 1e6
        count = count or 0
        hours = count * mean_cpu / 3600
        print(
            f"| {depth} | {count:,} | {len(row_nodes)} ({args.parents}){' ' + str(capped) + ' capped' if capped else ''} "
            f"| {statistics.mean(fresh_nodes):,.0f} / {statistics.median(fresh_nodes):,.0f} / {max(fresh_nodes):,} "
            f"| {statistics.mean(row_nodes):,.0f} | {mean_cpu:.2f} / {max(row_cpu):.2f} | {rate:.1f} | {hours:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
