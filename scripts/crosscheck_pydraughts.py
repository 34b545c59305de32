#!/usr/bin/env python3
"""Cross-check the draughts variants' legal moves and FEN against pydraughts.

pydraughts (PyPI, https://github.com/AttackingOrDefending/pydraughts) is an
independent implementation of International, Russian, Brazilian, Italian,
English and Frisian draughts, Frysk!, Antidraughts and Breakthrough. It is a
reference for this check only: never a dependency of the crate, never in CI,
none of its code in this repository. Install it in
a virtual environment outside the repository (VENV: any folder outside the
checkout) and build our side first, from the repository:

    python3 -m venv "$VENV" && "$VENV/bin/pip" install pydraughts==0.6.7
    cargo build --release --example draughts_moves
    nice -n 10 "$VENV/bin/python" scripts/crosscheck_pydraughts.py \\
        --positions 20000 --their-positions 3000

The script finds our binary in cargo's target directory (`cargo metadata`,
so `CARGO_TARGET_DIR` is honoured) from any working directory; `--binary`
names another.

`--control` runs a check that must find disagreements (Russian positions
judged by Brazilian rules), to show that the comparison can fail.

For each variant it compares, position by position:

1. Our positions (random games played by `examples/draughts_moves.rs`): our
   FEN is read by pydraughts; the position it reads must be ours (FEN, ours
   read by them), and its legal moves must be ours. Then pydraughts' own FEN
   of that position is read by us and must give the same position and moves
   (FEN, theirs read by us).
2. Their positions (random games played by pydraughts): pydraughts' FEN is
   read by us and our legal moves must be theirs.

A move is compared as its start square, its end square and the set of
pieces it takes (`start>end:c1,c2`, the pieces sorted), in the variant's
notation; each side's moves as a set. That is what a move is under the
rules: we list one move per start, end and set of pieces taken (issue 33:
a ring taken either way round is one move) in every variant but English,
which lists each route as checkers does; pydraughts lists a flying king's
sweep once per square it may stop on. Where the sets agree but the moves
with the pieces in the order taken do not (one side lists a route the
other does not), that is counted on its own line ("same as sets"), not as
a disagreement. Every disagreement is printed with the FEN and both move
sets, and counted by kind; the summary goes to standard output.

Frisian and Frysk!: pydraughts counts a king taken as 1.501 men where we
(and Scan 3.1) count it as 126/64 (a little less than two men), so the two
may disagree where one capture takes three or more kings and another more
men; and in positions of its own games it may refuse a king's fourth move
in a row, a rule that needs the game's history (noted, not counted).
"""

import argparse
import collections
import random
import subprocess
import sys
import time

from cargo_target import release_example

try:
    import draughts
    from draughts.convert import _number_to_algebraic
except ImportError:  # scripts/crosscheck_scan_frisian.py uses the helpers without pydraughts
    draughts = None

# Our variant name -> pydraughts' variant name.
VARIANTS = {
    "international": "standard",
    "russian": "russian",
    "brazilian": "brazilian",
    "italian": "italian",
    "english": "english",
    "frisian": "frisian",
    "frysk": "frysk!",
    "antidraughts": "antidraughts",
    "breakthrough": "breakthrough",
}
# Variants where pydraughts applies a rule that needs the game's history
# (the same king at most three moves in a row while its side has men),
# which a FEN does not carry: in positions of its own games it may refuse
# a king's move that we, reading the FEN, allow.
HISTORY_RULES = {"frisian", "frysk"}
ALGEBRAIC = {"russian", "brazilian"}

# Positions of issue 17 (a flying king taking two pieces on one line, where a
# route was listed once per square between them) and of issue 33 (a man
# taking a ring of pieces either way round, one move), compared before the
# random ones.
NAMED = {
    "russian": [
        "B:Wa3,b2,d2,e1,e3,e5,f2,g1,g3,h2:BKa1,a7,b8,c7,d6,d8,e7,f8,g7,h6,h8",
        "W:Wc3:Bd2,d4,f2,f4,h8",
    ],
    "brazilian": ["W:Wc3:Bd2,d4,f2,f4,h8"],
    "international": [
        "W:WK1,15,K36,41,43,45,49,50:B4,7,8,9,10,K14,K21,23,38,K40,K44",
        "B:W20,25,26,29,30,39,40,43,45,47,48:B2,4,6,7,15,16,36",
    ],
}


def their_square(variant, number):
    """pydraughts' square number (in the variant's frame) in our notation."""
    if variant in ALGEBRAIC:
        return _number_to_algebraic(str(number), variant=VARIANTS[variant])
    return str(number)


def their_moves(variant, board):
    """pydraughts' legal moves as a set of canonical texts."""
    moves = set()
    if variant == "breakthrough" and board.is_over():
        # pydraughts ends the game at the first king but still lists
        # moves there; we list none (the game is over).
        return moves
    for move in board.legal_moves():
        steps = move.board_move
        start = their_square(variant, steps[0][0])
        end = their_square(variant, steps[-1][1])
        text = f"{start}>{end}"
        if move.captures:
            text += ":" + ",".join(their_square(variant, c) for c in move.captures)
        moves.add(text)
    return moves


def parse_moves(field):
    return set() if field == "-" else set(field.split(" "))


def unordered(moves):
    """The moves with their captured pieces as a set (order ignored)."""
    result = set()
    for move in moves:
        head, _, taken = move.partition(":")
        result.add(head + (":" + ",".join(sorted(taken.split(","))) if taken else ""))
    return result


def fen_key(fen):
    """A FEN as (side, white pieces, black pieces), order and case ignored."""
    fen = fen.strip().rstrip(".")
    side, first, second = fen.split(":")
    lists = {}
    for field in (first, second):
        tokens = [t.strip().lower() for t in field[1:].split(",") if t.strip()]
        lists[field[0].upper()] = frozenset(tokens)
    return side.upper(), lists.get("W", frozenset()), lists.get("B", frozenset())


def ours(binary, variant, args, stdin=None):
    result = subprocess.run(
        [binary, variant] + args,
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
    )
    lines = []
    for line in result.stdout.splitlines():
        fields = line.split("\t")
        lines.append(fields)
    return lines


class Tally:
    def __init__(self):
        self.counts = collections.Counter()
        self.notes = collections.Counter()
        self.examples = collections.defaultdict(list)

    def disagree(self, kind, fen, detail, keep):
        self.counts[kind] += 1
        self.example(kind, fen, detail, keep)

    def note(self, kind, fen, detail, keep):
        """Counted and shown, but not a disagreement."""
        self.notes[kind] += 1
        self.example(kind, fen, detail, keep)

    def example(self, kind, fen, detail, keep):
        if len(self.examples[kind]) < keep:
            self.examples[kind].append((fen, detail))


def compare_moves(tally, kind, fen, mine, theirs, keep):
    """Our moves against theirs: as sets of (start, end, set of pieces taken);
    the pieces in the order taken are only noted where they differ."""
    if unordered(mine) != unordered(theirs):
        tally.disagree(kind, fen, move_difference(unordered(mine), unordered(theirs)), keep)
    elif mine != theirs:
        tally.note(kind + ": same as sets, other routes listed", fen,
                   move_difference(mine, theirs), keep)


def king_limit_only(fen, mine, theirs):
    """Whether `theirs` is `mine` less the quiet moves of one king (and
    not all of them: that king's moves are what the rule refuses)."""
    extra = mine - theirs
    if not extra or not theirs < mine:
        return False
    starts = {move.split(">")[0] for move in extra}
    kings = {t[1:] for t in fen_key(fen)[1] | fen_key(fen)[2] if t.startswith("k")}
    return len(starts) == 1 and starts <= kings and all(":" not in move for move in extra)


def move_difference(mine, theirs):
    return f"only ours: {sorted(mine - theirs)}; only theirs: {sorted(theirs - mine)}"


def check_variant(variant, args, out):
    tally = Tally()
    name = VARIANTS[variant]
    started = time.process_time()

    # 1. Our positions, read by pydraughts.
    lines = ours(args.binary, variant, ["read"], "".join(f + "\n" for f in NAMED.get(variant, [])))
    lines += ours(args.binary, variant, ["random", str(args.positions), "--seed", str(args.seed)])
    their_fens = []
    compared = 0
    shape = collections.Counter()
    for fen, moves in lines:
        mine = parse_moves(moves)
        side, white, black = fen_key(fen)
        kings = {t[1:] for t in (white | black) if t.startswith("k")}
        shape["with a king"] += bool(kings)
        shape["with a capture"] += any(":" in m for m in mine)
        shape["with a king's capture"] += any(":" in m and m.split(">")[0] in kings for m in mine)
        shape["with a capture of 3 or more"] += any(m.count(",") >= 2 for m in mine)
        shape["no legal move"] += not mine
        try:
            board = draughts.Board(name, fen=fen)
            theirs = their_moves(variant, board)
            their_fen = board.fen
        except Exception as error:  # pydraughts' own failure, counted
            tally.disagree("pydraughts failed on our FEN", fen, repr(error), args.keep)
            their_fens.append(None)
            continue
        compared += 1
        if fen_key(their_fen) != fen_key(fen):
            tally.disagree("FEN ours->theirs: another position", fen, their_fen, args.keep)
        compare_moves(tally, "moves", fen, mine, theirs, args.keep)
        their_fens.append(their_fen)

    # FEN theirs -> ours: their FEN of each position, read by us.
    batch = [f for f in their_fens if f is not None]
    back = ours(args.binary, variant, ["read"], "\n".join(batch) + "\n")
    read_back = 0
    originals = [line for line, f in zip(lines, their_fens) if f is not None]
    for (fen, moves), their_fen, fields in zip(originals, batch, back):
        if fields[0] == "error":
            tally.disagree("FEN theirs->ours: not read", their_fen, fields[2], args.keep)
            continue
        read_back += 1
        if fen_key(fields[0]) != fen_key(fen):
            tally.disagree("FEN theirs->ours: another position", their_fen, fields[0], args.keep)
        elif parse_moves(fields[1]) != parse_moves(moves):
            tally.disagree("FEN theirs->ours: other moves", their_fen, fields[1], args.keep)

    # 2. Their positions (their random games), read by us.
    rng = random.Random(args.seed)
    their_positions = []
    while len(their_positions) < args.their_positions:
        board = draughts.Board(name)
        for _ in range(args.max_plies):
            if len(their_positions) >= args.their_positions:
                break
            legal = board.legal_moves()
            if rng.randrange(3) == 0:
                their_positions.append((board.fen, their_moves(variant, board)))
            if not legal or (variant == "breakthrough" and board.is_over()):
                # (pydraughts lists moves after Breakthrough's first king.)
                break
            board.push(rng.choice(legal))
    back = ours(args.binary, variant, ["read"], "\n".join(f for f, _ in their_positions) + "\n")
    their_compared = 0
    for (their_fen, theirs), fields in zip(their_positions, back):
        if fields[0] == "error":
            tally.disagree("their game's FEN: not read", their_fen, fields[2], args.keep)
            continue
        their_compared += 1
        if fen_key(fields[0]) != fen_key(their_fen):
            tally.disagree("their game's FEN: another position", their_fen, fields[0], args.keep)
        mine = parse_moves(fields[1])
        if variant in HISTORY_RULES and king_limit_only(fields[0], mine, theirs):
            tally.note("their game: a king's moves refused by the three-moves rule "
                       "(history the FEN does not carry)", their_fen,
                       move_difference(mine, theirs), args.keep)
            continue
        compare_moves(tally, "their game: moves", their_fen, mine, theirs, args.keep)

    seconds = time.process_time() - started
    total = sum(tally.counts.values())
    print(
        f"{variant} (pydraughts {name}): our positions {compared} compared of {len(lines)}, "
        f"their FEN read back {read_back}; their positions {their_compared} compared; "
        f"disagreements {total}; {seconds:.0f} s CPU",
        file=out,
    )
    print("  our positions: " + ", ".join(f"{k} {v}" for k, v in shape.items()), file=out)
    for kind, count in sorted(tally.counts.items()):
        print(f"  {kind}: {count}", file=out)
        for fen, detail in tally.examples[kind]:
            print(f"    {fen}\n      {detail}", file=out)
    for kind, count in sorted(tally.notes.items()):
        print(f"  note, not a disagreement: {kind}: {count}", file=out)
        for fen, detail in tally.examples[kind]:
            print(f"    {fen}\n      {detail}", file=out)
    out.flush()
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated, ours")
    parser.add_argument("--positions", type=int, default=20000, help="our positions per variant")
    parser.add_argument("--their-positions", type=int, default=2000,
                        help="positions of pydraughts' own random games per variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=300, help="plies per game of theirs")
    parser.add_argument("--keep", type=int, default=5, help="examples printed per kind")
    parser.add_argument("--binary", default=None,
                        help="our draughts_moves example (default: the release build in "
                             "cargo's target directory of this repository)")
    parser.add_argument("--control", action="store_true",
                        help="a control that must disagree: our Russian positions judged by "
                             "pydraughts' Brazilian rules (no majority rule against a majority rule)")
    args = parser.parse_args()
    if args.binary is None:
        args.binary = release_example("draughts_moves")
    if args.control:
        VARIANTS["russian"] = "brazilian"
        found = check_variant("russian", args, sys.stdout)
        print(f"control: {found} disagreements (expected: some)")
        return 0 if found else 1
    print(f"pydraughts {getattr(draughts, '__version__', '?')}, seed {args.seed}")
    disagreements = 0
    for variant in args.variants.split(","):
        disagreements += check_variant(variant, args, sys.stdout)
    print(f"disagreements in all: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
