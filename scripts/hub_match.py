#!/usr/bin/env python3
"""Play International draughts games between two Hub engines, as a GUI would.

A cross-check tool, not CI: it plays our `hub` example against another Hub
engine (Scan 3.x; Scan 2.0 with `--hub1-b`) or against itself and prints
the games and the score. The protocol is Hub version 2 as Scan 3.1's
`protocol.txt` defines it: `hub` ...
`wait`, `set-param`, `init` ... `ready`, `new-game`, then for every move
`pos pos=<start position> moves="<every move so far>"`, `level
move-time=T`, `go think`, and the engine's `done move=...`.

Usage (standard library only; the engines' commands are shell words):

    python3 scripts/hub_match.py \\
        --engine-a target/long-checks/examples/hub --name-a rulebook \\
        --engine-b "./scan hub" --cwd-b /path/to/scan --name-b scan \\
        --set-b book=false --games 10 --move-time 0.2 \\
        --moves-tool target/long-checks/examples/draughts_moves

The referee is our own library, through the `draughts_moves` example
(`draughts_moves international read`): the driver keeps the board, asks the
tool for the legal moves of every position, matches the engine's move with
one of them (from, to and the set of captured squares), and applies it. An
engine whose move is not legal, cannot be read, or does not come within the
move time plus `--grace` seconds loses the game (the log says why).

`--hub1-b` speaks Hub version 1 (Scan 2.0's `scan hub`) to engine B
instead: `hub` ... `wait`, `set NAME VALUE`, `init` ... `ready`, `new`,
then for every move `start`, one `move M` per move so far, `time MS` and
`go`, answered by `move M [PONDER]`.

Openings: each opening is `--opening-plies` random legal plies (default 2,
seeded by `--seed`) and is played twice, with colours swapped; A has White
in the odd games.

Game end: no legal move loses; a position repeated three times (same side
to move) is a draw; 25 moves by each side (50 plies) of king moves only,
without a capture, is a draw (International's rule); a game reaching
`--max-plies` plies (default 200) is stopped and scored a draw
("adjudicated").
"""

import argparse
import random
import shlex
import subprocess
import sys
import threading
import queue
import time

START = "W" + "b" * 20 + "e" * 10 + "w" * 20


def hub_fields(line):
    """Split a Hub line into its command and a dict of arguments (quoted
    values may hold spaces; a flag without value maps to "")."""
    i, n = 0, len(line)
    words = []
    while i < n:
        while i < n and line[i] == " ":
            i += 1
        if i >= n:
            break
        name = ""
        while i < n and line[i] not in " =":
            name += line[i]
            i += 1
        value = None
        if i < n and line[i] == "=":
            i += 1
            if i < n and line[i] == '"':
                i += 1
                value = ""
                while i < n and line[i] != '"':
                    value += line[i]
                    i += 1
                i += 1
            else:
                value = ""
                while i < n and line[i] != " ":
                    value += line[i]
                    i += 1
        words.append((name, value))
    if not words:
        return "", {}
    command = words[0][0]
    return command, {k: ("" if v is None else v) for k, v in words[1:]}


class Engine:
    """One engine process, spoken to over its standard input and output."""

    def _start(self, name, command, cwd, log):
        """Starts the engine process and the thread that reads its lines."""
        self.name = name
        self.log = log
        self.proc = subprocess.Popen(
            shlex.split(command),
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        self.errors = []
        threading.Thread(target=self._read, daemon=True).start()
        self.id = {}

    def __init__(self, name, command, cwd, params, log):
        self._start(name, command, cwd, log)
        self.params = {}
        self.send("hub")
        for command, args in self.until("wait", 30):
            if command == "id":
                self.id = args
            elif command == "param":
                self.params[args.get("name", "")] = args
        for name, value in params:
            self.send(f"set-param name={name} value={quote(value)}")
        self.send("init")
        list(self.until("ready", 120))

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line):
        self.log(f"{self.name} < {line}")
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def _next_line(self, deadline, command, timeout):
        """The engine's next line, logged, before `deadline` (waiting for
        `command` for `timeout` seconds); raises TimeoutError or EOFError."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: no '{command}' in {timeout:.1f} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise EOFError(f"{self.name}: the engine ended")
            self.log(f"{self.name} > {line}")
            return line

    def until(self, command, timeout):
        """Yields the engine's lines up to the one starting with `command`
        (included); raises TimeoutError or EOFError."""
        deadline = time.monotonic() + timeout
        while True:
            line = self._next_line(deadline, command, timeout)
            fields = hub_fields(line)
            if fields[0] == "error":
                self.errors.append(line)
            yield fields
            if fields[0] == command:
                return

    def drain(self):
        """Drops what the engine said since its last answer (after a
        forfeit, a late `done` must not answer the next search)."""
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self.lines.put(None)
                return
            self.log(f"{self.name} > {line} (dropped)")

    def think(self, position, moves, move_time, grace):
        """Asks for a move; returns (move text, last score or None)."""
        self.drain()
        self.send(f"pos pos={position} moves={quote(' '.join(moves))}")
        self.send(f"level move-time={move_time}")
        self.send("go think")
        score = None
        try:
            for command, args in self.until("done", move_time + grace):
                if command == "info" and "score" in args:
                    try:
                        score = float(args["score"])
                    except ValueError:
                        pass
                if command == "done":
                    return args.get("move"), score
        except TimeoutError:
            self.late("done")
            raise
        return None, score

    def late(self, command):
        """After a timeout: `stop`, and wait a little for the late answer,
        so that it cannot answer the next search."""
        self.send("stop")
        try:
            for _ in self.until1(command, 10):
                pass
        except (TimeoutError, EOFError):
            pass

    def until1(self, command, timeout):
        for fields in self.until(command, timeout):
            yield fields

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired, ValueError):
            self.proc.kill()


class Hub1Engine(Engine):
    """An engine speaking Hub version 1 (Scan 2.0)."""

    def __init__(self, name, command, cwd, params, log):
        self._start(name, command, cwd, log)
        self.send("hub")
        for line in self.until1("wait", 30):
            word, _, rest = line.partition(" ")
            if word in ("name", "author", "country"):
                self.id[word] = rest
        for name, value in params:
            self.send(f"set {name} {value}")
        self.send("init")
        list(self.until1("ready", 120))

    def until1(self, command, timeout):
        """`until` for Hub 1: yields the raw lines."""
        deadline = time.monotonic() + timeout
        while True:
            line = self._next_line(deadline, command, timeout)
            if line.startswith("error"):
                self.errors.append(line)
            yield line
            if line.split(" ")[0] == command:
                return

    def send(self, line):
        if line == "new-game":
            line = "new"
        super().send(line)

    def think(self, position, moves, move_time, grace):
        if position != START:
            raise ValueError("Hub 1 games start from the start position here")
        self.drain()
        self.send("start")
        for move in moves:
            self.send(f"move {move}")
        self.send(f"time {round(move_time * 1000)}")
        self.send("go")
        try:
            for line in self.until1("move", move_time + grace):
                words = line.split()
                if words[0] == "move":
                    return (words[1] if len(words) > 1 else None), None
        except TimeoutError:
            self.late("move")
            raise
        return None, None


def quote(value):
    return f'"{value}"' if (value == "" or " " in value or "=" in value) else value


class Board:
    """International position: squares 1..50 -> 'w' 'b' 'W' 'B'."""

    def __init__(self, hub):
        self.side = hub[0]
        self.squares = {i + 1: c for i, c in enumerate(hub[1:]) if c != "e"}

    def hub(self):
        return self.side + "".join(self.squares.get(s, "e") for s in range(1, 51))

    def fen(self):
        parts = [self.side]
        for colour in "WB":
            pieces = []
            for s in range(1, 51):
                c = self.squares.get(s)
                if c == colour.lower():
                    pieces.append(str(s))
                elif c == colour:
                    pieces.append(f"K{s}")
            parts.append(colour + ",".join(pieces))
        return ":".join(parts)

    def key(self):
        return self.hub()

    def apply(self, start, end, captured):
        piece = self.squares.pop(start)
        for s in captured:
            del self.squares[s]
        if piece == "w" and end <= 5:
            piece = "W"
        if piece == "b" and end >= 46:
            piece = "B"
        self.squares[end] = piece
        self.side = "B" if self.side == "W" else "W"


def legal_moves(tool, board):
    """[(start, end, frozenset(captured))] from our `draughts_moves`."""
    out = subprocess.run(
        [tool, "international", "read"],
        input=board.fen() + "\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    fen, _, moves = out.partition("\t")
    if fen == "error":
        raise ValueError(f"the referee cannot read {board.fen()}: {out}")
    result = []
    for word in moves.split():
        if word == "-":
            continue
        path, _, taken = word.partition(":")
        start, end = path.split(">")
        caps = frozenset(int(x) for x in taken.split(",")) if taken else frozenset()
        result.append((int(start), int(end), caps))
    return result


def hub_text(move):
    start, end, caps = move
    if not caps:
        return f"{start}-{end}"
    return "x".join(str(s) for s in [start, end] + sorted(caps))


def read_hub_move(text, legal):
    """The legal move the Hub text names, or None."""
    if not text:
        return None
    try:
        if "-" in text:
            start, end = (int(x) for x in text.split("-"))
            caps = frozenset()
        else:
            parts = [int(x) for x in text.split("x")]
            start, end, caps = parts[0], parts[1], frozenset(parts[2:])
    except ValueError:
        return None
    for move in legal:
        if move == (start, end, caps):
            return move
    return None


def play(white, black, opening, args, log):
    """Plays one game; returns (result for White: 1, 0.5, 0; reason; moves)."""
    board = Board(START)
    moves = []
    seen = {}
    king_plies = 0
    engines = {"W": white, "B": black}
    for text in opening:
        legal = legal_moves(args.moves_tool, board)
        move = read_hub_move(text, legal)
        board.apply(*move)
        moves.append(text)
    for engine in (white, black):
        engine.send("new-game")
    while True:
        seen[board.key()] = seen.get(board.key(), 0) + 1
        if seen[board.key()] >= 3:
            return 0.5, "threefold repetition", moves
        if king_plies >= 50:
            return 0.5, "25 king moves each without capture", moves
        if len(moves) >= args.max_plies:
            return 0.5, f"adjudicated at {args.max_plies} plies", moves
        legal = legal_moves(args.moves_tool, board)
        mover = board.side
        loss = 0.0 if mover == "W" else 1.0
        if not legal:
            return loss, f"{engines[mover].name} ({mover}) has no legal move", moves
        engine = engines[mover]
        try:
            text, _score = engine.think(START, moves, args.move_time, args.grace)
        except (TimeoutError, EOFError) as error:
            return loss, f"{engine.name} forfeits: {error}", moves
        move = read_hub_move(text, legal)
        if move is None:
            shown = " ".join(hub_text(m) for m in legal)
            return loss, f"{engine.name} played {text!r}, not legal here ({shown})", moves
        piece = board.squares[move[0]]
        king_plies = king_plies + 1 if (piece in "WB" and not move[2]) else 0
        board.apply(*move)
        moves.append(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine-a", required=True)
    parser.add_argument("--engine-b", required=True)
    parser.add_argument("--cwd-a")
    parser.add_argument("--cwd-b")
    parser.add_argument("--name-a", default="A")
    parser.add_argument("--name-b", default="B")
    parser.add_argument("--set-a", action="append", default=[], help="name=value")
    parser.add_argument("--set-b", action="append", default=[], help="name=value")
    parser.add_argument("--hub1-b", action="store_true", help="B speaks Hub version 1")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--move-time", type=float, default=0.2)
    parser.add_argument("--grace", type=float, default=5.0)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--opening-plies", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves-tool", required=True)
    parser.add_argument("--log", help="file for every line sent and received")
    args = parser.parse_args()

    log_file = open(args.log, "w") if args.log else None

    def log(line):
        if log_file:
            log_file.write(f"{time.monotonic():.3f} {line}\n")
            log_file.flush()

    def params(pairs):
        return [tuple(p.split("=", 1)) for p in pairs]

    rng = random.Random(args.seed)
    a = Engine(args.name_a, args.engine_a, args.cwd_a, params(args.set_a), log)
    b = (Hub1Engine if args.hub1_b else Engine)(args.name_b, args.engine_b, args.cwd_b, params(args.set_b), log)
    print(f"A = {args.name_a}: {a.id}")
    print(f"B = {args.name_b}: {b.id}")
    score = {"win": 0, "draw": 0, "loss": 0}
    opening = []
    for game in range(args.games):
        if game % 2 == 0:
            board = Board(START)
            opening = []
            for _ in range(args.opening_plies):
                move = rng.choice(legal_moves(args.moves_tool, board))
                board.apply(*move)
                opening.append(hub_text(move))
        white, black = (a, b) if game % 2 == 0 else (b, a)
        result, reason, moves = play(white, black, opening, args, log)
        for_a = result if white is a else 1 - result
        score[{1.0: "win", 0.5: "draw", 0.0: "loss"}[for_a]] += 1
        shown = {1.0: "1-0", 0.5: "1/2", 0.0: "0-1"}[result]
        print(f"game {game + 1}: {white.name} (W) - {black.name} (B) {shown}, "
              f"{len(moves)} plies, {reason}")
        print(f"  opening {' '.join(opening)}; moves {' '.join(moves)}")
        sys.stdout.flush()
    for engine in (a, b):
        engine.close()
    print(f"{args.name_a} against {args.name_b}: {score['win']} wins, "
          f"{score['draw']} draws, {score['loss']} losses "
          f"({args.games} games, {args.move_time} s a move)")
    for engine in (a, b):
        if engine.errors:
            print(f"error lines from {engine.name}: {len(engine.errors)}")
            for line in engine.errors[:10]:
                print(f"  {line}")


if __name__ == "__main__":
    main()
