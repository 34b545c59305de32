#!/usr/bin/env python3
"""Play English checkers games between our engine and DarkHorse.

A strength measurement, not CI: it plays the `checkers_engine` example
(`rulebook::checkers::engine`, the learned evaluation, optionally the
endgame databases) against DarkHorse (`CheckersGuy/DarkHorse`, its
`MainEngine` with a network file), both at the same time a move, and
prints the games and the score.

Usage (standard library only; the engines' commands are shell words):

    python3 scripts/darkhorse_match.py \\
        --engine "target/release/examples/checkers_engine --endgame DIR --endgame-pieces 5" \\
        --darkhorse "/path/to/MainEngine --network /path/to/Training/Rust/relu.quant" \\
        --games 20 --move-time 100 --seed 1 --pdn games.pdn

DarkHorse's protocol (its `main.cpp`, read from standard input as
whitespace-separated words): `init H` (a table of 2^H entries) is answered
`init_ready`; `new_game P` (32 characters `0` empty, `1` black man, `2`
white man, `3` black king, `4` white king, square 1 first, then `B` or `W`
for the side to move) `game_ready`; `new_move FROM TO [TAKEN...] end_move`
(squares 0 to 31: our square numbers less one) plays the opponent's move,
`update_ready`; `search MS` searches MS milliseconds and answers `new_move`,
its move's squares one a line, `end_move`, and plays that move on its board.

The referee is our own library: the `checkers_engine` example keeps the
game as a `rulebook::Match` under the tournament draw rules (threefold
repetition; 40 moves each without a capture or a man's move), and every
move of either side goes through its `play`, which takes only a legal move
(start, end and the set of taken squares). A program whose move is not
legal, cannot be read, or does not come within the move time plus
`--grace` seconds loses the game (the log says why); a game reaching
`--max-plies` plies (default 500) is stopped and scored a draw
("adjudicated").

Openings: each opening is `--opening-plies` random legal plies (default 4,
seeded by `--seed`) and is played twice, with colours swapped; our engine
has Black (the first move) in the odd games. DarkHorse is started afresh
for every game.
"""

import argparse
import queue
import random
import shlex
import subprocess
import sys
import threading
import time


class Program:
    """A child process spoken to by lines, read on a thread so that reads
    can time out."""

    def __init__(self, command, name):
        self.name = name
        self.process = subprocess.Popen(
            shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def receive(self, deadline):
        """The next non-empty line, or raises TimeoutError / EOFError."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: no answer in time")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                raise TimeoutError(f"{self.name}: no answer in time") from None
            if line is None:
                raise EOFError(f"{self.name}: the program ended")
            if line:
                return line

    def close(self):
        try:
            self.send("terminate" if self.name == "darkhorse" else "quit")
        except OSError:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Referee:
    """Our `checkers_engine` example: the rules, and our player."""

    def __init__(self, command):
        self.program = Program(command, "rulebook")

    def ask(self, line, timeout=30.0):
        self.program.send(line)
        return self.program.receive(time.monotonic() + timeout)

    def legal_moves(self):
        reply = self.ask("moves")
        words = reply.split()
        if words[0] != "moves":
            raise RuntimeError(f"referee: {reply}")
        return [] if words[1:] == ["-"] else words[1:]

    def play(self, move):
        """Plays `move`: None if it is not legal, else (over, result, reason)."""
        reply = self.ask(f"play {move}")
        words = reply.split()
        if words[0] != "ok":
            return None
        if words[1] == "ongoing":
            return (False, None, None)
        return (True, words[2], words[3])


def start_position():
    return "1" * 12 + "0" * 8 + "2" * 12 + "B"


def darkhorse_move(squares):
    """DarkHorse's move (squares 0-31: from, to, taken...) in our text."""
    start, end, *taken = [s + 1 for s in squares]
    text = f"{start}>{end}"
    if taken:
        text += ":" + ",".join(str(s) for s in sorted(taken))
    return text


def darkhorse_words(move):
    """Our move text as DarkHorse's `new_move` words."""
    squares, _, taken = move.partition(":")
    start, end = squares.split(">")
    words = [int(start) - 1, int(end) - 1] + [int(s) - 1 for s in taken.split(",") if s]
    return " ".join(str(w) for w in words)


def pdn_move(move):
    squares, _, taken = move.partition(":")
    start, end = squares.split(">")
    return f"{start}{'x' if taken else '-'}{end}"


def play_game(args, referee, opening, ours_black, index):
    """One game; returns (our score 1/0.5/0, description, moves, our stats)."""
    referee.ask("new")
    darkhorse = Program(args.darkhorse, "darkhorse")
    moves = []
    stats = {"moves": 0, "depth": 0, "time": 0.0, "dh_time": 0.0, "dh_moves": 0,
             "longest": 0.0, "dh_longest": 0.0}
    try:
        darkhorse.send(f"init {args.hash}")
        if darkhorse.receive(time.monotonic() + 30) != "init_ready":
            raise RuntimeError("darkhorse: no init_ready")
        darkhorse.send(f"new_game {start_position()}")
        if darkhorse.receive(time.monotonic() + 30) != "game_ready":
            raise RuntimeError("darkhorse: no game_ready")

        def tell_darkhorse(move):
            darkhorse.send(f"new_move {darkhorse_words(move)} end_move")
            reply = darkhorse.receive(time.monotonic() + 30)
            if reply != "update_ready":
                raise RuntimeError(f"darkhorse: {reply} instead of update_ready")

        over = (False, None, None)
        for move in opening:
            over = referee.play(move)
            if over is None:
                raise RuntimeError(f"opening move {move} not legal")
            moves.append(move)
            tell_darkhorse(move)
        black_to_move = len(moves) % 2 == 0
        limit = args.move_time / 1000 + args.grace
        while not over[0]:
            if len(moves) >= args.max_plies:
                return 0.5, f"draw (adjudicated after {len(moves)} plies)", moves, stats
            ours = black_to_move == ours_black
            started = time.monotonic()
            if ours:
                reply = referee.ask(f"go {args.move_time}", timeout=limit)
                elapsed = time.monotonic() - started
                words = reply.split()
                if words[0] != "move":
                    raise RuntimeError(f"rulebook: {reply}")
                move = words[1]
                fields = dict(w.split("=", 1) for w in words[2:])
                stats["moves"] += 1
                stats["depth"] += int(fields.get("depth", 0))
                stats["time"] += elapsed
                stats["longest"] = max(stats["longest"], elapsed)
                if elapsed > limit:
                    return 0.0, f"rulebook loses on time ({elapsed:.2f} s)", moves, stats
            else:
                darkhorse.send(f"search {args.move_time}")
                deadline = started + limit
                try:
                    while darkhorse.receive(deadline) != "new_move":
                        pass
                    squares = []
                    while True:
                        word = darkhorse.receive(deadline)
                        if word == "end_move":
                            break
                        squares.append(int(word))
                except TimeoutError:
                    return 1.0, "darkhorse loses on time", moves, stats
                except (EOFError, ValueError) as error:
                    return 1.0, f"darkhorse loses: {error}", moves, stats
                elapsed = time.monotonic() - started
                stats["dh_moves"] += 1
                stats["dh_time"] += elapsed
                stats["dh_longest"] = max(stats["dh_longest"], elapsed)
                if len(squares) < 2:
                    return 1.0, f"darkhorse loses: unreadable move {squares}", moves, stats
                move = darkhorse_move(squares)
            over = referee.play(move)
            if over is None:
                who = "rulebook" if ours else "darkhorse"
                score = 0.0 if ours else 1.0
                return score, f"{who} loses: illegal move {move}", moves, stats
            moves.append(move)
            if ours and not over[0]:
                tell_darkhorse(move)
            black_to_move = not black_to_move
        _, result, reason = over
        if result == "draw":
            return 0.5, f"draw ({reason})", moves, stats
        # Our library calls the first player (PDN's Black) Red.
        black_won = result.lower().startswith(("red", "black"))
        score = 1.0 if black_won == ours_black else 0.0
        return score, f"{result} ({reason})", moves, stats
    finally:
        darkhorse.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="our checkers_engine command")
    parser.add_argument("--darkhorse", required=True, help="DarkHorse's command")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-game", type=int, default=1,
                        help="number of the first game (to go on with a match)")
    parser.add_argument("--move-time", type=int, default=100, help="milliseconds a move")
    parser.add_argument("--grace", type=float, default=2.0, help="seconds over the move time")
    parser.add_argument("--opening-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=500)
    parser.add_argument("--hash", type=int, default=22, help="DarkHorse's table: 2^H entries")
    parser.add_argument("--pdn", help="append the games to this PDN file")
    args = parser.parse_args()

    referee = Referee(args.engine)
    totals = {"win": 0, "draw": 0, "loss": 0}
    points = 0.0
    work = {"moves": 0, "depth": 0, "time": 0.0, "dh_time": 0.0, "dh_moves": 0,
            "longest": 0.0, "dh_longest": 0.0}
    opening = []
    try:
        for number in range(args.first_game, args.first_game + args.games):
            pair = (number - 1) // 2
            if (number - 1) % 2 == 0 or not opening:
                rng = random.Random(args.seed * 1_000_003 + pair)
                referee.ask("new")
                opening = []
                for _ in range(args.opening_plies):
                    legal = referee.legal_moves()
                    if not legal:
                        break
                    move = rng.choice(sorted(legal))
                    opening.append(move)
                    referee.play(move)
            ours_black = number % 2 == 1
            score, how, moves, stats = play_game(args, referee, opening, ours_black, number)
            points += score
            totals["win" if score == 1 else "draw" if score == 0.5 else "loss"] += 1
            for key in work:
                if "longest" in key:
                    work[key] = max(work[key], stats[key])
                else:
                    work[key] += stats[key]
            colour = "Black" if ours_black else "White"
            print(f"game {number:>3}: rulebook {colour}, opening "
                  f"[{' '.join(pdn_move(m) for m in opening)}], {how} after {len(moves)} plies",
                  flush=True)
            if args.pdn:
                result = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}[score]
                if not ours_black and score != 0.5:
                    result = "0-1" if score == 1.0 else "1-0"
                black, white = ("rulebook", "DarkHorse") if ours_black else ("DarkHorse", "rulebook")
                body = []
                for i, move in enumerate(moves):
                    if i % 2 == 0:
                        body.append(f"{i // 2 + 1}.")
                    body.append(pdn_move(move))
                with open(args.pdn, "a", encoding="utf-8") as out:
                    out.write(f'[Event "rulebook - DarkHorse, {args.move_time} ms a move"]\n'
                              f'[Round "{number}"]\n[Black "{black}"]\n[White "{white}"]\n'
                              f'[Result "{result}"]\n[GameType "21"]\n'
                              f'[Annotator "{how}"]\n'
                              f"{' '.join(body)} {result}\n\n")
    finally:
        referee.program.close()
    games = sum(totals.values())
    print(f"rulebook: {totals['win']} wins, {totals['draw']} draws, {totals['loss']} losses "
          f"over {games} games: {points:g} points, {100 * points / max(games, 1):.1f}%")
    if work["moves"]:
        print(f"rulebook: {work['moves']} moves, mean depth {work['depth'] / work['moves']:.1f}, "
              f"mean {1000 * work['time'] / work['moves']:.0f} ms, longest "
              f"{1000 * work['longest']:.0f} ms")
    if work["dh_moves"]:
        print(f"darkhorse: {work['dh_moves']} moves, mean "
              f"{1000 * work['dh_time'] / work['dh_moves']:.0f} ms, longest "
              f"{1000 * work['dh_longest']:.0f} ms")


if __name__ == "__main__":
    sys.exit(main())
