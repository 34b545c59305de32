#!/usr/bin/env python3
"""Cross-check the legal moves of Killer, Breakthrough and Antidraughts (and
International) against Scan 3.1's move generator.

Scan 3.1 (Fabien Letouzey, GPL 3; `rhalbersma/scan`, commit 7aae17e) plays
International draughts and the variants `killer`, `bt` (breakthrough) and
`losing` (antidraughts). It is a reference for this check only: never a
dependency, never in CI, none of its code in this repository. Scan has no
perft or move-list command, so `build` writes a small driver of our own
(`DRIVER` below: it only calls Scan's `pos_from_fen`, `gen_moves` and
`pos::is_end`) into a copy of Scan's sources outside this checkout and
compiles it with them:

    python3 scripts/crosscheck_scan.py build --scan SCAN_DIR   # SCAN_DIR/src holds Scan 3.1's src/
    cargo build --release --example draughts_moves
    nice -n 10 python3 scripts/crosscheck_scan.py check --scan SCAN_DIR \\
        --positions 20000 --placed 20000 --seed 1

For each variant it compares, position by position, our legal moves with
Scan's, each move as its start, end and set of pieces taken
(`46-10x19x33`, pieces sorted), each side's moves as a set; a position
where the game is over has no moves on either side (Breakthrough: after a
king is crowned). The positions are:

1. our positions: random games played by `examples/draughts_moves.rs`
   (`random N --seed S`), every capture, half the positions with a king,
   1 in 16 of the others;
2. placed positions: random boards of men and kings (seeded here), read by
   both sides, so that kings meet kings far more often than in games,
   which is where Killer's rule acts.

Every disagreement is printed with the FEN and both move sets; the summary
goes to standard output. `--control` judges the Killer positions by Scan's
International rules, a check that must find disagreements.

`driver` mode prints the driver's source, to read what is compared.
"""

import argparse
import collections
import os
import random
import subprocess
import sys

from cargo_target import release_example

# Our variant name -> Scan 3.1's `variant` setting.
VARIANTS = {
    "killer": "killer",
    "breakthrough": "bt",
    "antidraughts": "losing",
    "international": "normal",
}

DRIVER = r"""
// Cross-check driver for rulebook's scripts/crosscheck_scan.py: reads lines
//   perft <variant> <depth> <fen>     -> the count (a finished game counts 0)
//   moves <variant> <fen>             -> sorted "from-to[xc...]", space-separated
// variant: normal killer bt losing (Scan 3.1's names).
#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
#include "../src/bit.hpp"
#include "../src/common.hpp"
#include "../src/fen.hpp"
#include "../src/gen.hpp"
#include "../src/hash.hpp"
#include "../src/list.hpp"
#include "../src/move.hpp"
#include "../src/pos.hpp"
#include "../src/var.hpp"

static bool set_variant(const std::string & v) {
   if (v == "normal") var::Variant = var::Normal;
   else if (v == "killer") var::Variant = var::Killer;
   else if (v == "bt") var::Variant = var::BT;
   else if (v == "losing") var::Variant = var::Losing;
   else return false;
   bit::init();
   return true;
}

static uint64 perft(const Pos & pos, int depth) {
   if (depth == 0) return 1;
   if (pos::is_end(pos)) return 0;
   List list;
   gen_moves(list, pos);
   if (depth == 1) return list.size();
   uint64 n = 0;
   for (int i = 0; i < list.size(); i++) n += perft(pos.succ(list[i]), depth - 1);
   return n;
}

int main() {
   bit::init();
   hash::init();
   pos::init();
   var::init();
   std::string line;
   while (std::getline(std::cin, line)) {
      std::istringstream in(line);
      std::string cmd, v, fen;
      int depth = 0;
      in >> cmd >> v;
      if (cmd == "perft") in >> depth;
      in >> fen;
      if (!set_variant(v)) { std::cout << "error variant" << std::endl; continue; }
      Pos pos;
      try { pos = pos_from_fen(fen); } catch (...) { std::cout << "error fen" << std::endl; continue; }
      if (cmd == "perft") {
         std::cout << perft(pos, depth) << std::endl;
         continue;
      }
      std::vector<std::string> out;
      if (!pos::is_end(pos)) {
         List list;
         gen_moves(list, pos);
         for (int i = 0; i < list.size(); i++) {
            Move mv = list[i];
            std::string s = std::to_string(square_to_std(move::from(mv, pos))) + "-"
                          + std::to_string(square_to_std(move::to(mv, pos)));
            std::vector<int> caps;
            for (Square sq : move::captured(mv, pos)) caps.push_back(square_to_std(sq));
            std::sort(caps.begin(), caps.end());
            for (int c : caps) s += "x" + std::to_string(c);
            out.push_back(s);
         }
      }
      std::sort(out.begin(), out.end());
      if (out.empty()) std::cout << "-";
      for (size_t i = 0; i < out.size(); i++) std::cout << (i ? " " : "") << out[i];
      std::cout << std::endl;
   }
}
"""

SCAN_SOURCES = (
    "bb_base bb_comp bb_index bit book common dxp eval fen game gen hash hub libmy "
    "list move pos score search socket sort thread tt util var"
).split()
CXX_FLAGS = ["-std=c++14", "-O2", "-mpopcnt", "-DNDEBUG", "-pthread"]


def driver_path(scan):
    return os.path.join(scan, "driver", "scanperft")


def build(scan):
    """Compiles Scan's sources and the driver into SCAN/driver."""
    folder = os.path.join(scan, "driver")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "scanperft.cpp"), "w") as f:
        f.write(DRIVER)
    objects = []
    for name in SCAN_SOURCES:
        obj = os.path.join(folder, name + ".o")
        subprocess.run(["g++", *CXX_FLAGS, "-c", os.path.join(scan, "src", name + ".cpp"),
                        "-o", obj], check=True)
        objects.append(obj)
    subprocess.run(["g++", *CXX_FLAGS, os.path.join(folder, "scanperft.cpp"), *objects,
                    "-o", driver_path(scan)], check=True)
    print(driver_path(scan))


def canonical(ours_move):
    """Our `start>end:c1,c2` as Scan's driver writes it: `start-endxc1xc2`, sorted."""
    head, _, taken = ours_move.partition(":")
    start, end = head.split(">")
    text = f"{start}-{end}"
    if taken:
        text += "".join(f"x{c}" for c in sorted(int(c) for c in taken.split(",")))
    return text


def ours(binary, variant, args, stdin=None):
    result = subprocess.run([binary, variant] + args, input=stdin, capture_output=True,
                            text=True, check=True)
    return [line.split("\t") for line in result.stdout.splitlines()]


def scan_lines(driver, requests):
    result = subprocess.run([driver], input="".join(r + "\n" for r in requests),
                            capture_output=True, text=True, check=True)
    return result.stdout.splitlines()


# Squares 1-5 are White's crowning row, 46-50 Black's.
def placed_position(rng, variant):
    """A random board: each square empty (3 in 5) or a man or king of either
    side; men never on their crowning row; both sides with a piece; in
    Breakthrough no king of the side to move (the game would be over), and
    in 3 boards of 4 no king at all (a king of the other side ends it)."""
    while True:
        turn = rng.choice("WB")
        white, black = [], []
        king_odds = rng.choice([0.1, 0.3, 0.6])
        if variant == "breakthrough" and rng.random() < 0.75:
            king_odds = 0.0  # mostly games still going on
        for square in range(1, 51):
            if rng.random() < 0.6:
                continue
            side = rng.choice("WB")
            king = rng.random() < king_odds
            if not king and ((side == "W" and square <= 5) or (side == "B" and square >= 46)):
                continue
            if king and variant == "breakthrough" and side == turn:
                continue
            (white if side == "W" else black).append(("K" if king else "") + str(square))
        # Sparse boards: kings meet on open lines.
        keep = rng.choice([4, 8, 14, 40])
        rng.shuffle(white)
        rng.shuffle(black)
        white, black = white[:keep], black[:keep]
        if white and black:
            return f"{turn}:W{','.join(white)}:B{','.join(black)}"


def check_variant(variant, args, out):
    scan_variant = VARIANTS[variant]
    if args.control:
        scan_variant = "normal"
    lines = ours(args.binary, variant,
                 ["random", str(args.positions), "--seed", str(args.seed)])
    rng = random.Random(args.seed)
    placed = [placed_position(rng, variant) for _ in range(args.placed)]
    read = ours(args.binary, variant, ["read"], "".join(f + "\n" for f in placed))
    refused = [fields for fields in read if fields[0] == "error"]
    lines += [fields for fields in read if fields[0] != "error"]
    answers = scan_lines(args.driver, [f"moves {scan_variant} {fen}" for fen, _ in lines])
    counts = collections.Counter()
    examples = collections.defaultdict(list)
    shape = collections.Counter()
    for (fen, moves), answer in zip(lines, answers):
        mine = set() if moves == "-" else {canonical(m) for m in moves.split(" ")}
        shape["with a king"] += "K" in fen
        shape["with a king's capture of a king"] += any(
            "x" in m and f"K{m.split('-')[0]}" in fen for m in mine)
        shape["no legal move"] += not mine
        if answer.startswith("error"):
            counts["Scan refused the FEN"] += 1
            kind, detail = "Scan refused the FEN", answer
        else:
            theirs = set() if answer in ("-", "") else set(answer.split(" "))
            if mine == theirs:
                continue
            kind = "moves"
            detail = (f"only ours: {sorted(mine - theirs)}; "
                      f"only Scan's: {sorted(theirs - mine)}")
            counts[kind] += 1
        if len(examples[kind]) < args.keep:
            examples[kind].append((fen, detail))
    total = sum(counts.values())
    print(f"{variant} (Scan {scan_variant}): {len(lines)} positions compared "
          f"({args.positions} from our games, {len(lines) - args.positions} placed; "
          f"{len(refused)} placed refused by us); disagreements {total}", file=out)
    print("  positions: " + ", ".join(f"{k} {v}" for k, v in shape.items()), file=out)
    for fields in refused[: args.keep]:
        print(f"  refused by us: {fields[1]}: {fields[2]}", file=out)
    for kind, count in sorted(counts.items()):
        print(f"  {kind}: {count}", file=out)
        for fen, detail in examples[kind]:
            print(f"    {fen}\n      {detail}", file=out)
    out.flush()
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["build", "check", "driver"])
    parser.add_argument("--scan", help="a folder holding Scan 3.1's src/ (outside this checkout)")
    parser.add_argument("--variants", default="killer,breakthrough,antidraughts,international")
    parser.add_argument("--positions", type=int, default=20000, help="from our games, per variant")
    parser.add_argument("--placed", type=int, default=20000, help="placed boards per variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=int, default=5, help="examples printed per kind")
    parser.add_argument("--binary", default=None, help="our draughts_moves example")
    parser.add_argument("--control", action="store_true",
                        help="judge our Killer positions by Scan's International rules "
                             "(must disagree)")
    args = parser.parse_args()
    if args.mode == "driver":
        print(DRIVER)
        return 0
    if not args.scan:
        parser.error("--scan is needed")
    if args.mode == "build":
        build(args.scan)
        return 0
    args.driver = driver_path(args.scan)
    if args.binary is None:
        args.binary = release_example("draughts_moves")
    if args.control:
        found = check_variant("killer", args, sys.stdout)
        print(f"control: {found} disagreements (expected: some)")
        return 0 if found else 1
    print(f"seed {args.seed}")
    disagreements = sum(check_variant(v, args, sys.stdout) for v in args.variants.split(","))
    print(f"disagreements in all: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
