#!/usr/bin/env python3
"""Depth, nodes and speed of a Hub engine on a set of positions: the last
completed depth each search reports within a time per move.

    python3 scripts/hub_depth.py --engine "./scan hub" --cwd <scan 2.0> --hub1 \\
        --positions positions.txt --move-time 0.2 [--set book=false]
    python3 scripts/hub_depth.py --engine target/release/examples/hub \\
        --positions positions.txt --move-time 0.2

`positions.txt` holds one position a line in Hub text (`W`/`B`, then one
of `w b W B e` per square), such as `search_depth international --hub`
prints. Every position is searched once, after `new-game` (Hub 1: `new`),
so nothing is kept from the search before.

Hub 2 (Scan 3.x's protocol, the `hub` example): `hub` ... `wait`, `init`
... `ready`, then per position `new-game`, `pos pos=P`, `level
move-time=T`, `go think`, reading `info depth= nodes= time=` lines until
`done`. Hub 1 (Scan 2.0): `hub` ... `wait`, `set NAME VALUE` for each
`--set`, `init` ... `ready`, then `new`, `pos P` (the side to move in
lower case), `time MS`, `go`, reading
`info DEPTH PLY-AVG SCORE NODES TIME SPEED PV` lines until `move`.

Prints one line per position (depth, nodes, seconds) and the median and
mean depth and the nodes per second over all searches.
"""

import argparse
import shlex
import statistics
import subprocess


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="command line of the engine")
    parser.add_argument("--cwd", default=None, help="directory to run it in")
    parser.add_argument("--hub1", action="store_true", help="speak Hub 1 (Scan 2.0)")
    parser.add_argument("--positions", required=True, help="file of Hub positions")
    parser.add_argument("--move-time", type=float, default=0.2, help="seconds a search")
    parser.add_argument("--set", action="append", default=[],
                        help="NAME=VALUE parameter before init (repeatable)")
    args = parser.parse_args()
    positions = [line.strip() for line in open(args.positions) if line.strip()]
    proc = subprocess.Popen(shlex.split(args.engine), cwd=args.cwd, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def until(word):
        lines = []
        while True:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit(f"the engine ended before '{word}'")
            line = line.strip()
            lines.append(line)
            if line.split(" ")[0] == word:
                return lines

    send("hub")
    until("wait")
    for setting in args.set:
        name, _, value = setting.partition("=")
        send(f"set {name} {value}" if args.hub1 else f"set-param name={name} value={value}")
    send("init")
    until("ready")
    depths, total_nodes, total_time = [], 0, 0.0
    print("position depth nodes seconds")
    for index, position in enumerate(positions, 1):
        if args.hub1:
            send("new")
            # Hub 1 writes the side to move in lower case.
            send(f"pos {position[0].lower()}{position[1:]}")
            send(f"time {round(args.move_time * 1000)}")
            send("go")
            lines = until("move")
        else:
            send("new-game")
            send(f"pos pos={position}")
            send(f"level move-time={args.move_time}")
            send("go think")
            lines = until("done")
        depth, nodes, seconds = 0, 0, 0.0
        for line in lines:
            words = line.split()
            if words and words[0] == "error":
                raise SystemExit(f"position {index}: {line}")
            if not words or words[0] != "info":
                continue
            if args.hub1:
                depth, nodes, seconds = int(words[1]), int(words[4]), float(words[5])
            else:
                fields = dict(w.split("=", 1) for w in words[1:] if "=" in w)
                if "depth" in fields:
                    depth = int(fields["depth"])
                    nodes = int(fields["nodes"])
                    seconds = float(fields["time"])
        print(f"{index:>8} {depth:>5} {nodes:>9} {seconds:>7.3f}")
        depths.append(depth)
        total_nodes += nodes
        total_time += seconds
    send("quit")
    proc.wait(timeout=10)
    print(f"summary: {len(depths)} positions, depth median {statistics.median(depths)} "
          f"mean {statistics.mean(depths):.2f}, "
          f"{total_nodes / max(total_time, 1e-9) / 1e6:.2f} M nodes/s "
          f"(nodes and time of the last completed depth)")


if __name__ == "__main__":
    main()
