"""rulebook.Engine: node, depth and time limits, and Ctrl-C reaching Python
from a long search."""

import pytest

import rulebook

from _scripts import printed_pairs


@pytest.mark.parametrize("name", ["connect4", "checkers", "international", "othello"])
def test_limits_give_a_legal_move(name):
    game = rulebook.game(name)
    for engine in [
        rulebook.Engine(name, max_nodes=500),
        rulebook.Engine(name, max_depth=2),
        rulebook.Engine(name, max_seconds=0.05),
    ]:
        assert engine.best_move(game) in game.legal_moves()
        assert engine.best_move(game, max_nodes=100) in game.legal_moves()
        assert engine.best_move(game, max_seconds=0.01) in game.legal_moves()
    assert game.best_move(1, max_nodes=50) in game.legal_moves()


def test_a_depth_limit_finds_the_win_in_one():
    # X has three in the bottom row and wins in column 3 at once.
    game = rulebook.Connect4()
    for column in "061626":
        game.apply(column)
    move = rulebook.Engine("connect4", max_depth=2).best_move(game)
    assert move.text == "3"
    game.apply(move)
    assert game.outcome() is not None


@pytest.mark.parametrize(
    ("keywords", "error"),
    [
        ({"max_nodes": -1}, "max_nodes"),
        ({"max_seconds": -1.0}, "max_seconds"),
        ({"max_seconds": float("nan")}, "max_seconds"),
        ({"max_depth": -2}, "max_depth"),
    ],
)
def test_bad_limits_name_the_parameter(keywords, error):
    with pytest.raises((ValueError, OverflowError, TypeError), match=error):
        rulebook.Engine("checkers", **keywords)
    if "max_depth" not in keywords:
        with pytest.raises((ValueError, OverflowError, TypeError), match=error):
            rulebook.Engine("checkers", 1).best_move(rulebook.Checkers(), **keywords)


def test_ctrl_c_reaches_python_from_a_long_search():
    # Without a limit each search would run for hours; SIGINT sent 0.3 s in
    # must come back as KeyboardInterrupt, and the engine must answer
    # afterwards. The elapsed times are printed, not asserted. The searches
    # start from positions out of the opening books (the start positions
    # with the other side to move), where the engines search at once.
    lines, output = printed_pairs(
        """
        import os, signal, threading, time
        import rulebook
        HOURS = 10**15
        checkers = rulebook.Engine("checkers", max_nodes=HOURS)
        othello = rulebook.Engine("othello", max_nodes=HOURS)
        # Two stones off the solver's book: minutes of search.
        off_the_book = rulebook.Connect4()
        off_the_book.apply("0")
        off_the_book.apply("0")
        calls = {
            "checkers": lambda: checkers.best_move(
                rulebook.Checkers("W:W21-32:B1-12")
            ),
            "othello": lambda: othello.best_move(rulebook.Othello()),
            "international": lambda: rulebook.Engine(
                "international", max_seconds=1e6
            ).best_move(rulebook.International("B:W31-50:B1-20")),
            # The perfect player cannot stop early: the call is
            # left to finish on its own thread.
            "perfect": lambda: off_the_book.best_move(level=off_the_book.levels[1]),
        }
        for name, call in calls.items():
            timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
            start = time.monotonic()
            timer.start()
            try:
                call()
                print(name, "finished")
            except KeyboardInterrupt:
                print(name, "interrupted", round(time.monotonic() - start, 2))
            timer.join()
        game = rulebook.Checkers()
        move = checkers.best_move(game, max_nodes=1000)
        print("after", move in game.legal_moves())
        """
    )
    assert lines == [
        ["checkers", "interrupted"],
        ["othello", "interrupted"],
        ["international", "interrupted"],
        ["perfect", "interrupted"],
        ["after", "True"],
    ], output
    print(output)
