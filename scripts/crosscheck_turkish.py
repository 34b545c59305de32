#!/usr/bin/env python3
"""Cross-check Turkish draughts' legal moves against kish and pydraughts.

kish (PyPI `kish`, the Python bindings of the Rust crate of the same name)
and pydraughts (PyPI, its `turkish` variant) are independent
implementations of Turkish draughts. They are references for this check
only: never a dependency of the crate, never in CI, none of their code in
this repository. Install them in a virtual environment outside the
repository (VENV: any folder outside the checkout) and build our side
first, from the repository:

    python3 -m venv "$VENV" && "$VENV/bin/pip" install kish==1.1.7 pydraughts==0.6.7
    cargo build --release --example turkish_moves
    nice -n 10 "$VENV/bin/python" scripts/crosscheck_turkish.py --positions 20000 --seed 1

The script finds our binary in cargo's target directory (`cargo metadata`,
so `CARGO_TARGET_DIR` is honoured) from any working directory; `--binary`
names another.

Positions come from random games (seeded) played with kish from the start
position: every position with a capture to play is kept, one with a king
with probability 1/2, any other with probability 1/16, so that most have
captures or kings. `--pydraughts-positions` more come from random games
played by pydraughts. For each position the three move sets are compared:
a move is its start, its end and the set of pieces it takes
(`start>end:c1,c2`, sorted), one move per start, end and set (what the
rules call one move: the position after it is the same). Every
disagreement is printed with the FEN and the moves only one side lists,
and counted; the summary goes to standard output.
"""

import argparse
import collections
import json
import os
import random
import subprocess
import sys

import draughts
import kish


def square_name(index):
    """The name (`d3`) of square index `index` (a1 = 0, row * 8 + column)."""
    return chr(ord("a") + index % 8) + str(index // 8 + 1)


def key(start, end, taken):
    """The canonical text of a move."""
    text = f"{square_name(start)}>{square_name(end)}"
    if taken:
        text += ":" + ",".join(square_name(i) for i in sorted(taken))
    return text


def bitboards(fen):
    """(turn, white, black, kings) of a FEN with algebraic squares."""
    side, first, second = fen.split(":")[:3]
    boards = {}
    kings = 0
    for field in (first, second):
        bits = 0
        for token in field[1:].split(","):
            token = token.strip()
            if not token:
                continue
            king = token[0] in "Kk"
            token = token.lstrip("Kk")
            index = (int(token[1:]) - 1) * 8 + ord(token[0].lower()) - ord("a")
            bits |= 1 << index
            if king:
                kings |= 1 << index
        boards[field[0].upper()] = bits
    return (0 if side.upper() == "W" else 1), boards["W"], boards["B"], kings


def fen_of(board):
    """Our FEN of a kish board."""
    white, black, kings, turn = board.bitboards()
    lists = []
    for letter, bits in (("W", white), ("B", black)):
        squares = [("K" if kings >> i & 1 else "") + square_name(i) for i in range(64) if bits >> i & 1]
        lists.append(letter + ",".join(squares))
    return ("W" if turn == 0 else "B") + ":" + ":".join(lists)


def index_of(square):
    """kish's Square (`D4`) as an index."""
    name = str(square).lower()
    return (int(name[1:]) - 1) * 8 + ord(name[0]) - ord("a")


def kish_moves(fen):
    turn, white, black, kings = bitboards(fen)
    board = kish.Board.from_bitboards(turn=turn, white=white, black=black, kings=kings)
    moves = set()
    for action in board.actions():
        taken = [index_of(s) for s in action.captured_pieces()]
        moves.add(key(index_of(action.source()), index_of(action.destination()), taken))
    return moves


def pydraughts_moves(fen):
    board = draughts.Board(variant="turkish", fen=fen)
    moves = set()
    for move in board.legal_moves():
        steps = move.steps_move
        moves.add(key(steps[0] - 1, steps[-1] - 1, [c - 1 for c in (move.captures or [])]))
    return moves


def our_moves(binary, fens):
    """Our FEN and move set of each FEN, by one run of the example."""
    result = subprocess.run([binary], input="\n".join(fens) + "\n", capture_output=True, text=True, check=True)
    lines = result.stdout.splitlines()
    assert len(lines) == len(fens), f"{len(lines)} lines for {len(fens)} positions: {result.stderr}"
    out = []
    for line in lines:
        fields = line.split("\t")
        if fields[0] == "error":
            out.append((None, fields[2]))
        else:
            out.append((fields[0], set() if fields[1] == "-" else set(fields[1].split())))
    return out


def kish_positions(count, rng, max_plies):
    """`count` FENs from random games played with kish."""
    fens = []
    while len(fens) < count:
        board = kish.Board()
        for _ in range(max_plies):
            actions = board.actions()
            if not actions:
                break
            capture = actions[0].is_capture()
            has_king = board.kings_bitboard() != 0
            if capture or (has_king and rng.random() < 0.5) or rng.random() < 1 / 16:
                fens.append(fen_of(board))
                if len(fens) == count:
                    break
            board = board.apply(rng.choice(actions))
    return fens


def pydraughts_positions(count, rng, max_plies):
    """`count` FENs from random games played with pydraughts."""
    fens = []
    while len(fens) < count:
        board = draughts.Board(variant="turkish")
        for _ in range(max_plies):
            moves = board.legal_moves()
            if not moves:
                break
            if moves[0].captures or rng.random() < 1 / 8:
                fens.append(board.fen)
                if len(fens) == count:
                    break
            board.push(rng.choice(moves))
    return fens


def explain_perft5():
    """Where pydraughts' 85146 at depth 5 differs from 85090: the depth-4
    positions (listed with kish) whose move lists differ, and how."""
    leaves = []

    def walk(board, depth, path):
        if depth == 0:
            leaves.append((board, path))
            return
        for action in board.actions():
            walk(board.apply(action), depth - 1, path + [action.notation()])

    walk(kish.Board(), 4, [])
    print(f"depth-4 positions: {len(leaves)}, their moves (kish): {sum(len(b.actions()) for b, _ in leaves)}")
    differing = extra = 0
    for board, path in leaves:
        fen = fen_of(board)
        theirs, mine = pydraughts_moves(fen), kish_moves(fen)
        extra += len(theirs) - len(mine)
        if theirs != mine:
            differing += 1
            if differing <= 3:
                print(" ".join(path), fen, "only pydraughts:", sorted(theirs - mine), "only kish:", sorted(mine - theirs))
    print(f"positions that differ: {differing}, pydraughts' extra moves: {extra}")
    return 0


def kish_duplicates(depth):
    """How many of kish's actions, in the positions `depth` plies from the
    start, repeat another's start, end and pieces taken (the routes its
    perft counts twice); the first position with such a pair."""
    repeated = 0
    example = None

    def walk(board, left):
        nonlocal repeated, example
        actions = board.actions()
        if left == 0:
            keys = {(index_of(a.source()), index_of(a.destination()), a.captured_bitboard()) for a in actions}
            if len(keys) != len(actions):
                repeated += len(actions) - len(keys)
                example = example or fen_of(board)
            return
        for action in actions:
            walk(board.apply(action), left - 1)

    walk(kish.Board(), depth)
    print(f"depth {depth}: kish actions repeating another's start, end and pieces: {repeated}; first in {example}")
    return 0


def default_binary():
    metadata = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps"],
        capture_output=True, text=True, check=True,
        cwd=os.path.dirname(os.path.abspath(__file__)),
    )
    target = json.loads(metadata.stdout)["target_directory"]
    return os.path.join(target, "release", "examples", "turkish_moves")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--pydraughts-positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--binary", default=None)
    parser.add_argument("--show", type=int, default=5, help="disagreements printed per kind")
    parser.add_argument("--explain-perft5", action="store_true",
                        help="compare kish and pydraughts in every depth-4 position of the start instead")
    parser.add_argument("--kish-duplicates", type=int, metavar="DEPTH",
                        help="count kish's repeated actions in the positions DEPTH plies from the start instead")
    args = parser.parse_args()
    if args.kish_duplicates is not None:
        return kish_duplicates(args.kish_duplicates)
    if args.explain_perft5:
        return explain_perft5()
    rng = random.Random(args.seed)
    binary = args.binary or default_binary()
    fens = kish_positions(args.positions, rng, args.max_plies)
    fens += pydraughts_positions(args.pydraughts_positions, rng, args.max_plies)
    ours = our_moves(binary, fens)
    counts = collections.Counter()
    shown = collections.Counter()
    for fen, (our_fen, mine) in zip(fens, ours):
        counts["positions"] += 1
        if our_fen is None:
            counts["FEN refused by us"] += 1
            print(f"refused\t{fen}\t{mine}")
            continue
        for name, theirs in (("kish", kish_moves(fen)), ("pydraughts", pydraughts_moves(fen))):
            if theirs == mine:
                counts[f"agree with {name}"] += 1
                continue
            counts[f"disagree with {name}"] += 1
            kind = []
            for side, extra in (("ours", mine - theirs), (name, theirs - mine)):
                if extra:
                    steps = all(":" not in move for move in extra)
                    kind.append(f"only {side}: {'steps' if steps else 'captures'}")
            counts[f"disagree with {name} ({'; '.join(kind)})"] += 1
            if shown[name] < args.show:
                shown[name] += 1
                print(f"{name} differs in {fen}")
                print(f"  only ours: {' '.join(sorted(mine - theirs))}")
                print(f"  only {name}: {' '.join(sorted(theirs - mine))}")
        counts["moves"] += len(mine)
    for what, number in sorted(counts.items()):
        print(f"{what}: {number}")
    return 0 if counts["disagree with kish"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
