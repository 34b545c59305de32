#!/usr/bin/env python3
"""Cross-check the Frisian draughts rules against Scan 3.1's move generator.

Scan 3.1 (Fabien Letouzey, GPL 3; the release of 2019-07-06, variant
`frisian`) is a reference for this check only: never a dependency of the
crate, never in CI, none of its code in this repository. This script
builds a small driver of ours (below) with Scan's own sources, outside the
repository: SCAN is the folder that holds Scan 3.1's `src/`, BUILD any
folder outside the checkout.

    cargo build --release --example draughts_moves
    nice -n 10 python3 scripts/crosscheck_scan_frisian.py --scan "$SCAN" --build "$BUILD" \\
        --positions 20000 --depth 4

It compares, position by position, our legal moves with Scan's (each move
as its start, its end and the set of pieces it takes):

1. our positions (random games of `examples/draughts_moves.rs`, the same
   as `scripts/crosscheck_pydraughts.py` uses), read by Scan from our FEN;
2. every position Scan reaches from the start in `--depth` plies (Scan's
   own FEN, read by us).

and then perft from the start position to `--perft` plies (Scan's count
against `rulebook::perft` through the `draughts_moves perft` mode).

Scan knows the "same king at most three quiet moves in a row" rule through
a counter a FEN does not carry; positions read from FEN start with it at
zero on both sides, so our positions are printed without their king runs
(`draughts_moves random` drops them) and the legal moves compare as
before. The rule itself is checked by perft:

3. `--king-limit-positions N --king-limit-depth D`: perft to D plies from
   N of our positions (with no runs) where a side has both kings and men,
   at most `--king-limit-pieces` pieces, counted by Scan and by us: from
   depth 7 the same king's fourth quiet move comes up inside the tree.
   `--no-king-limit` builds Scan without the rule (its two tests in
   `gen.cpp` removed): the control, which must disagree.

`--drop-orthogonal-continuations` builds Scan with its men's orthogonal
jumps allowed as the first jump of a capture only: the generator that
gives the start-position counts 9, 81, 658, 3880, 21096, 100782 quoted
for "Scan 3.1" (see docs in tests/draughts/frisian.rs); it must disagree.
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cargo_target import release_example  # noqa: E402
from crosscheck_pydraughts import ours, parse_moves, unordered  # noqa: E402

DRIVER = r'''
// Cross-check driver of rulebook's scripts/crosscheck_scan_frisian.py, linked with
// Scan 3.1's sources: legal moves of FENs read on standard input, perft,
// and the positions reached from the start.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>
#include "bit.hpp"
#include "common.hpp"
#include "fen.hpp"
#include "gen.hpp"
#include "hash.hpp"
#include "list.hpp"
#include "move.hpp"
#include "pos.hpp"
#include "var.hpp"

static uint64 perft(const Pos & pos, int depth) {
   List list; gen_moves(list, pos);
   if (depth == 1) return list.size();
   uint64 n = 0;
   for (int i = 0; i < list.size(); i++) n += perft(pos.succ(list[i]), depth - 1);
   return n;
}

static std::string line(const Pos & pos) {
   List list; gen_moves(list, pos);
   std::vector<std::string> moves;
   for (int i = 0; i < list.size(); i++) {
      Move mv = list[i];
      std::string s = std::to_string(square_to_std(move::from(mv, pos))) + ">"
                    + std::to_string(square_to_std(move::to(mv, pos)));
      Bit caps = move::captured(mv, pos);
      if (caps != 0) {
         std::vector<int> c;
         for (Square sq : caps) c.push_back(square_to_std(sq));
         std::sort(c.begin(), c.end());
         s += ":";
         for (size_t k = 0; k < c.size(); k++) { if (k) s += ","; s += std::to_string(c[k]); }
      }
      moves.push_back(s);
   }
   std::sort(moves.begin(), moves.end());
   std::string out = pos_fen(pos) + "\t";
   if (moves.empty()) out += "-";
   for (size_t k = 0; k < moves.size(); k++) { if (k) out += " "; out += moves[k]; }
   return out;
}

int main(int argc, char * argv[]) {
   bit::init(); hash::init(); pos::init(); var::init();
   var::set("variant", argv[1]); var::update();
   bit::init(); // its tables depend on the variant
   std::string mode = argv[2];
   if (mode == "perft-read") {
      std::string fen;
      while (std::getline(std::cin, fen)) {
         if (!fen.empty()) std::cout << fen << "\t" << perft(pos_from_fen(fen), std::stoi(argv[3])) << "\n";
      }
   } else if (mode == "perft") {
      std::cout << perft(pos::Start, std::stoi(argv[3])) << std::endl;
   } else if (mode == "leaves") {
      std::vector<Pos> now {pos::Start};
      for (int d = 0; d < std::stoi(argv[3]); d++) {
         std::vector<Pos> next;
         for (const Pos & p : now) {
            List list; gen_moves(list, p);
            for (int i = 0; i < list.size(); i++) next.push_back(p.succ(list[i]));
         }
         now = next;
      }
      for (const Pos & p : now) std::cout << line(p) << "\n";
   } else {
      std::string fen;
      while (std::getline(std::cin, fen)) {
         if (!fen.empty()) std::cout << line(pos_from_fen(fen)) << "\n";
      }
   }
   return 0;
}
'''

# The men's continuation jumps of the published "Scan 3.1" counts: Scan's
# man-capture table without the orthogonal directions.
DROP_ORTHOGONAL = (
    "         if (dir < 4 || var::Variant == var::Frisian) {\n"
    "            Man_Captures[from]  |= ray_first(from, inc) & ~ray_last(from, inc);",
    "         if (dir < 4) {\n"
    "            Man_Captures[from]  |= ray_first(from, inc) & ~ray_last(from, inc);\n"
    "         }\n"
    "         if (dir < 4 || var::Variant == var::Frisian) {",
)


# The king-move limit in Scan's generator (two places), for the control.
KING_LIMIT = "if (var::Variant == var::Frisian && pos.count(atk) >= 3 && from == pos.wolf(atk)) continue;"


def build(scan, build_dir, drop, no_king_limit=False):
    os.makedirs(build_dir, exist_ok=True)
    for path in glob.glob(os.path.join(scan, "src", "*.[ch]pp")):
        if os.path.basename(path) != "main.cpp":
            shutil.copy(path, build_dir)
    if drop:
        path = os.path.join(build_dir, "bit.cpp")
        text = open(path).read()
        if DROP_ORTHOGONAL[0] not in text:
            sys.exit("bit.cpp is not Scan 3.1's: cannot drop the orthogonal continuations")
        open(path, "w").write(text.replace(DROP_ORTHOGONAL[0], DROP_ORTHOGONAL[1]))
    if no_king_limit:
        path = os.path.join(build_dir, "gen.cpp")
        text = open(path).read()
        if text.count(KING_LIMIT) != 2:
            sys.exit("gen.cpp is not Scan 3.1's: cannot take the king-move limit out")
        open(path, "w").write(text.replace(KING_LIMIT, ""))
    with open(os.path.join(build_dir, "driver.cpp"), "w") as out:
        out.write(DRIVER)
    sources = sorted(glob.glob(os.path.join(build_dir, "*.cpp")))
    binary = os.path.join(build_dir, "scan_driver")
    stamp = os.path.join(build_dir, "built" + ("-with-drop" if drop else "")
                         + ("-no-king-limit" if no_king_limit else ""))
    if os.path.exists(binary) and os.path.exists(stamp):
        return binary
    for old in glob.glob(os.path.join(build_dir, "built*")):
        os.remove(old)
    subprocess.run(["g++", "-std=c++14", "-O2", "-pthread", "-DNDEBUG", "-w", "-o", binary] + sources,
                   check=True)
    open(stamp, "w").close()
    return binary


def scan_lines(binary, variant, args, stdin=None):
    result = subprocess.run([binary, variant] + args, input=stdin, capture_output=True,
                            text=True, check=True)
    return [line.split("\t") for line in result.stdout.splitlines()]


def compare(kind, pairs, keep, tally):
    """pairs: (fen, our moves, Scan's moves) as canonical texts."""
    compared = 0
    for fen, mine, theirs in pairs:
        compared += 1
        if unordered(mine) != unordered(theirs):
            tally.append(kind)
            if tally.count(kind) <= keep:
                print(f"  {kind}: {fen}\n    only ours: {sorted(unordered(mine) - unordered(theirs))}; "
                      f"only Scan's: {sorted(unordered(theirs) - unordered(mine))}")
    return compared


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scan", required=True, help="folder with Scan 3.1's src/")
    parser.add_argument("--build", required=True, help="build folder, outside the repository")
    parser.add_argument("--positions", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=4, help="plies of Scan's walk from the start")
    parser.add_argument("--perft", type=int, default=6)
    parser.add_argument("--keep", type=int, default=5)
    parser.add_argument("--binary", default=None, help="our draughts_moves example")
    parser.add_argument("--drop-orthogonal-continuations", action="store_true")
    parser.add_argument("--king-limit-positions", type=int, default=0)
    parser.add_argument("--king-limit-depth", type=int, default=7)
    parser.add_argument("--king-limit-pieces", type=int, default=9)
    parser.add_argument("--no-king-limit", action="store_true",
                        help="control: Scan without the king-move limit")
    args = parser.parse_args()
    binary = args.binary or release_example("draughts_moves")
    scan = build(args.scan, args.build, args.drop_orthogonal_continuations, args.no_king_limit)
    variant = "frisian"
    tally = []
    if args.king_limit_positions:
        return king_limit_perft(binary, scan, variant, args)

    lines = ours(binary, variant, ["random", str(args.positions), "--seed", str(args.seed)])
    theirs = scan_lines(scan, variant, ["read"], "".join(fen + "\n" for fen, _ in lines))
    n1 = compare("our positions", [(fen, parse_moves(m), parse_moves(t[1]))
                                   for (fen, m), t in zip(lines, theirs)], args.keep, tally)

    walk = {fen: moves for fen, moves in scan_lines(scan, variant, ["leaves", str(args.depth)])}
    back = ours(binary, variant, ["read"], "".join(fen + "\n" for fen in walk))
    pairs = []
    for fen, fields in zip(walk, back):
        if fields[0] == "error":
            tally.append("Scan's FEN not read")
            print(f"  Scan's FEN not read: {fen}: {fields[2]}")
            continue
        pairs.append((fen, parse_moves(fields[1]), parse_moves(walk[fen])))
    n2 = compare(f"Scan's positions at ply {args.depth}", pairs, args.keep, tally)

    print(f"frisian against Scan 3.1{' (orthogonal continuations dropped)' if args.drop_orthogonal_continuations else ''}: "
          f"our positions {n1} compared (seed {args.seed}); Scan's positions at ply {args.depth}: "
          f"{n2} distinct compared; move-set disagreements {len(tally)}", flush=True)
    counts = []
    for depth in range(1, args.perft + 1):
        theirs = int(scan_lines(scan, variant, ["perft", str(depth)])[0][0])
        mine = int(ours(binary, variant, ["perft", str(depth)])[0][0])
        counts.append(f"{depth}: ours {mine}, Scan {theirs}")
        if mine != theirs:
            tally.append("perft")
    print(f"perft from the start: {'; '.join(counts)}; disagreements in all {len(tally)}")
    for kind in sorted(set(tally)):
        print(f"  {kind}: {tally.count(kind)}")
    return 1 if tally else 0


def king_limit_perft(binary, scan, variant, args):
    """Perft from our positions where a side has kings and men (mode 3)."""
    def fits(fen):
        sides = [field[1:].split(",") for field in fen.split(":")[1:3]]
        pieces = sum(len([t for t in side if t]) for side in sides)
        both = any(any(t.startswith("K") for t in side) and any(t and not t.startswith("K") for t in side)
                   for side in sides)
        return both and pieces <= args.king_limit_pieces
    fens, seen, seed = [], set(), args.seed
    while len(fens) < args.king_limit_positions and seed < args.seed + 50:
        for fen, _ in ours(binary, variant, ["random", "20000", "--seed", str(seed)]):
            if fits(fen) and fen not in seen and len(fens) < args.king_limit_positions:
                seen.add(fen)
                fens.append(fen)
        seed += 1
    stdin = "".join(fen + "\n" for fen in fens)
    depth = str(args.king_limit_depth)
    theirs = scan_lines(scan, variant, ["perft-read", depth], stdin)
    mine = ours(binary, variant, ["perft-read", depth], stdin)
    differ, total = 0, 0
    for (fen, count), (their_fen, their_count) in zip(mine, theirs):
        total += int(count)
        if count != their_count:
            differ += 1
            if differ <= args.keep:
                print(f"  {fen}: ours {count}, Scan {their_count}")
    control = " (Scan without the limit)" if args.no_king_limit else ""
    print(f"king-move limit: perft {depth} from {len(fens)} of our positions (seeds {args.seed}..{seed - 1}, "
          f"kings and men on a side, at most {args.king_limit_pieces} pieces; {total} leaves in all): "
          f"{differ} disagreements with Scan 3.1{control}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
