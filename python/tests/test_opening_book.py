"""The solver's complete opening book: built by a command into a cache
directory, found there by ``rulebook.Solver()``, exact, checked when read,
and a build that Ctrl-C stops and the next build resumes.

Depth 1 is built for real (its positions are answered by the built-in book
at once); deeper builds take hours (see python/README.md) and are only
started and stopped here."""

import os
import signal
import subprocess
import sys
import time

import pytest

import rulebook
import rulebook.solver

from _scripts import default_sigint


def positions_with(stones):
    """Every Connect Four position reached by `stones` moves, unfinished."""
    level = [rulebook.Connect4()]
    for _ in range(stones):
        level = [game.after(move) for game in level for move in game.legal_moves()]
        level = [game for game in level if game.outcome() is None]
    return level


def command(*args, env=None, **kwargs):
    return subprocess.run(
        [sys.executable, "-m", "rulebook.solver", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        **kwargs,
    )


def test_a_built_book_answers_every_position_to_its_depth_without_search(tmp_path):
    path = rulebook.solver.build_book(1, tmp_path, progress=False)
    assert path == tmp_path / "connect4-opening.book" == rulebook.solver.book_path(tmp_path)
    assert path.is_file()
    assert not (tmp_path / "connect4-opening.book.partial").exists()
    solver = rulebook.Solver(book=path)
    assert solver.book_path == path
    # Merged with the built-in book's lines (14 stones).
    assert solver.book_depth == 14
    reference = rulebook.Solver()
    for stones in range(0, 2):
        for game in positions_with(stones):
            # No node searched: the book has the position.
            assert solver.score(game, max_nodes=0) == reference.score(game)
    assert solver.node_count == 0
    # The empty board: X wins with its last stone.
    assert solver.score(rulebook.Connect4(), max_nodes=0) == 1
    # Every entry of the built-in book is in it (the lines it merged).
    game = rulebook.Connect4()
    for column in "3323":
        game.apply(column)
        assert solver.score(game, max_nodes=0) == reference.score(game, max_nodes=0)


def test_the_command_builds_into_the_cache_directory_where_solver_finds_it(tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    where = command("where", env=env)
    assert where.returncode == 0
    assert "(not built)" in where.stdout
    built = command("build-book", "--depth", "1", env=env)
    assert built.returncode == 0, built.stderr
    book = tmp_path / "rulebook" / "connect4-opening.book"
    assert book.is_file()
    assert str(book) in built.stderr
    assert command("where", env=env).stdout.strip() == str(book)
    found = subprocess.run(
        [sys.executable, "-c", "import rulebook; s = rulebook.Solver(); print(repr(s), s.book_path)"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert found.returncode == 0, found.stderr
    assert str(book) in found.stdout
    # Without the book the built-in one is used.
    book.unlink()
    found = subprocess.run(
        [sys.executable, "-c", "import rulebook; print(repr(rulebook.Solver()))"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert found.stdout.strip() == "Solver(book=True)"


def test_a_damaged_or_missing_book_is_an_error_naming_the_file(tmp_path):
    path = rulebook.solver.build_book(1, tmp_path, progress=False)
    data = bytearray(path.read_bytes())
    data[100] ^= 1
    damaged = tmp_path / "damaged.book"
    damaged.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="damaged.book.*checksum"):
        rulebook.Solver(book=damaged)
    with pytest.raises(ValueError, match="not a Connect Four book"):
        rulebook.Solver(book=__file__)
    with pytest.raises(OSError, match="missing.book"):
        rulebook.Solver(book=tmp_path / "missing.book")
    # A damaged book in the cache directory: Solver() says so (it does not
    # silently grade without it).
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    (tmp_path / "cache" / "rulebook").mkdir(parents=True)
    (tmp_path / "cache" / "rulebook" / "connect4-opening.book").write_bytes(bytes(data))
    found = subprocess.run(
        [sys.executable, "-c", "import rulebook; rulebook.Solver()"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert found.returncode != 0
    assert "damaged" in found.stderr and "build-book" in found.stderr


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda d: rulebook.solver.build_book(0, d), ValueError),
        (lambda d: rulebook.solver.build_book(21, d), ValueError),
        (lambda d: rulebook.solver.build_book(-1, d), ValueError),
        (lambda d: rulebook.solver.build_book(1, d, threads=0), ValueError),
        (lambda d: rulebook.solver.build_book("1", d), TypeError),
        (lambda d: rulebook.Solver(book=3), TypeError),
    ],
)
def test_bad_arguments_are_refused_and_nothing_is_written(tmp_path, call, error):
    with pytest.raises(error):
        call(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_the_command_refuses_a_bad_depth_with_a_message(tmp_path):
    result = command("build-book", "--depth", "0", "--dir", str(tmp_path))
    assert result.returncode == 2
    assert "depth must be from 1 to 20" in result.stderr


def test_ctrl_c_stops_a_build_within_a_second_and_keeps_a_checkpoint(tmp_path):
    # Depth 2: the two-stone positions off the built-in book's lines take
    # the solver minutes each.
    process = subprocess.Popen(
        [sys.executable, "-m", "rulebook.solver", "build-book", "--depth", "2", "--dir", str(tmp_path)],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )
    assert "building" in process.stderr.readline()
    time.sleep(1.0)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    assert "run the command again" in stderr
    assert not (tmp_path / "connect4-opening.book").exists()
    # What was solved (nothing yet, or a few positions) is kept.
    assert (tmp_path / "connect4-opening.book.partial").is_file()
