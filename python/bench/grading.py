"""Grading time: the solver's ``move_scores`` of random-play Connect Four
positions, by number of stones, with each book given (the built-in book,
none, or a book file such as the one ``python -m rulebook.solver
build-book`` writes).

    python python/bench/grading.py [--per-bucket 10] [--cap 10] [--seed 0] [--book builtin] [--book PATH]
    python python/bench/grading.py --backward 10 [--least 8] [--cap 10] [--seed 0]

Positions come from uniformly random play (seeded); each is graded once by
a fresh solver per book (a fresh table: no help from the positions before),
and CPU seconds are reported (the machine's load does not count), the
median and the largest per bucket of stones, with how many a ``--cap``
seconds' limit stopped. ``--backward GAMES`` instead grades whole random
games from their last position back to ``--least`` stones, each position
by a fresh solver and by one solver kept along the game (as a trainer
grading its games would).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import rulebook

BUCKETS = [(0, 3), (4, 7), (8, 11), (12, 15), (16, 19), (20, 29)]


def positions(per_bucket, seed):
    rng = random.Random(seed)
    found = {bucket: [] for bucket in BUCKETS}
    while any(len(v) < per_bucket for v in found.values()):
        game = rulebook.Connect4()
        for stones in range(30):
            for bucket in BUCKETS:
                if bucket[0] <= stones <= bucket[1] and len(found[bucket]) < per_bucket and rng.random() < 0.1:
                    found[bucket].append(game.copy())
            game.apply(rng.choice(game.legal_moves()))
            if game.outcome() is not None:
                break
    return found


def backward(games, cap, seed, least):
    """Positions of ``games`` random games graded from each game's last
    position back to its ``least``-stone one by one solver (its table
    carries each later position's work to the earlier ones), against a
    fresh solver for each position: CPU seconds by bucket of stones."""
    rng = random.Random(seed)
    buckets = BUCKETS[:-1] + [(BUCKETS[-1][0], 42)]
    rows = {bucket: ([], [], [0, 0]) for bucket in buckets}
    for _ in range(games):
        game, line = rulebook.Connect4(), []
        while game.outcome() is None:
            line.append(game.copy())
            game.apply(rng.choice(game.legal_moves()))
        shared = rulebook.Solver()
        for position in reversed(line[least:]):
            stones = len(position.position.replace("/", "").replace(".", ""))
            bucket = next(b for b in buckets if b[0] <= stones <= b[1])
            for index, solver in enumerate((rulebook.Solver(), shared)):
                start = time.process_time()
                if solver.move_scores(position, max_seconds=cap) is None:
                    rows[bucket][2][index] += 1
                rows[bucket][index].append(time.process_time() - start)
    print(f"move_scores CPU seconds per position along {games} random games graded backwards from their end")
    print("| stones | positions | fresh solver each: median / largest (stopped) | one solver, backwards |")
    print("|---|---:|---:|---:|")
    for bucket, (fresh, shared, stopped) in rows.items():
        if fresh:
            print(
                f"| {bucket[0]}-{bucket[1]} | {len(fresh)} | {statistics.median(fresh):.4f} / {max(fresh):.3f} ({stopped[0]}) "
                f"| {statistics.median(shared):.4f} / {max(shared):.3f} ({stopped[1]}) |",
                flush=True,
            )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-bucket", type=int, default=10)
    parser.add_argument("--cap", type=float, default=10.0, help="seconds (wall) for one position")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--book", action="append", help="builtin, none, or a book file (repeatable)")
    parser.add_argument("--backward", type=int, metavar="GAMES", help="grade GAMES random games backwards instead")
    parser.add_argument("--least", type=int, default=8, help="with --backward: the fewest stones graded")
    args = parser.parse_args()
    if args.backward:
        backward(args.backward, args.cap, args.seed, args.least)
        return
    books = args.book or ["none", "builtin"]
    found = positions(args.per_bucket, args.seed)
    print(f"move_scores CPU seconds per position: median / largest (stopped by the {args.cap:g} s cap)")
    print("| stones | " + " | ".join(books) + " |")
    print("|---|" + "---:|" * len(books))
    for bucket, games in found.items():
        cells = []
        for book in books:
            times, stopped = [], 0
            for game in games:
                solver = rulebook.Solver(book={"none": False, "builtin": True}.get(book, book))
                start = time.process_time()
                if solver.move_scores(game, max_seconds=args.cap) is None:
                    stopped += 1
                times.append(time.process_time() - start)
            cells.append(f"{statistics.median(times):.4f} / {max(times):.3f} ({stopped})")
        print(f"| {bucket[0]}-{bucket[1]} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
