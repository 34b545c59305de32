"""rulebook.Solver: node and time limits (None when one runs out), exact
answers within them, and Ctrl-C reaching Python from every long call."""

import pytest

import rulebook

from _scripts import printed_pairs

# Source: the first lines of the classic benchmark file Test_L2_R1 (middle
# game, easy), as tests/data/Test_L2_R1 in the repository: moves (columns
# from 1) and the exact score.
MIDDLE_EASY = [
    ("5554224333234511764415115", 4),
    ("52753311433677442422121", 8),
    ("1233722555341451114725221333", -1),
]


def position(moves):
    game = rulebook.Connect4()
    for column in moves:
        game.apply(str(int(column) - 1))
    return game


def test_one_stone_without_the_book_stops_at_its_node_limit():
    solver = rulebook.Solver(book=False)
    game = rulebook.Connect4()
    game.apply("0")
    for method in (solver.score, solver.weak_score, solver.best_moves, solver.move_scores):
        before = solver.node_count
        assert method(game, max_nodes=200_000) is None
        # Giving up unwinds the search: a few more nodes are counted.
        assert solver.node_count - before <= 200_000 + 1_000
    assert solver.move_scores(game, max_seconds=0.2) is None
    assert solver.score(game, max_nodes=0) is None


@pytest.mark.parametrize("moves, score", MIDDLE_EASY)
def test_limits_large_enough_give_the_exact_answers(moves, score):
    solver = rulebook.Solver(book=False)
    game = position(moves)
    assert solver.score(game) == score
    assert solver.score(game, max_nodes=10**9, max_seconds=600) == score
    assert solver.weak_score(game, max_nodes=10**9) == (score > 0) - (score < 0)
    scores = solver.move_scores(game, max_seconds=600)
    assert scores == rulebook.Solver(book=False).move_scores(game)
    assert max(s for s in scores if s is not None) == score
    best = [m.text for m in solver.best_moves(game, max_nodes=10**9)]
    assert best == [str(c) for c, s in enumerate(scores) if s == score]


@pytest.mark.parametrize(
    "keywords, error",
    [
        ({"max_nodes": -1}, ValueError),
        ({"max_nodes": 1.5}, TypeError),
        ({"max_seconds": -1.0}, ValueError),
        ({"max_seconds": float("nan")}, ValueError),
        ({"max_seconds": "1"}, TypeError),
    ],
)
def test_bad_limits_name_the_parameter(keywords, error):
    with pytest.raises(error, match=next(iter(keywords))):
        rulebook.Solver(book=False).score(rulebook.Connect4(), **keywords)


def test_a_position_that_is_not_connect_four_is_refused():
    solver = rulebook.Solver(book=False)
    with pytest.raises(ValueError, match="Connect Four"):
        solver.move_scores(rulebook.Checkers())
    with pytest.raises(TypeError, match="rulebook.Game"):
        solver.score("4")


def test_ctrl_c_reaches_python_from_every_long_call():
    # Each call would search the empty board for minutes (no book); SIGINT
    # sent 0.3 s in must come back as KeyboardInterrupt, and the solver
    # must answer afterwards. The elapsed times are printed, not asserted.
    lines, output = printed_pairs(
        """
        import os, signal, threading, time
        import rulebook
        solver = rulebook.Solver(book=False)
        empty = rulebook.Connect4()
        calls = {
            "score": solver.score,
            "weak_score": solver.weak_score,
            "best_moves": solver.best_moves,
            "move_scores": solver.move_scores,
            "move_scores_batch": lambda p: solver.move_scores_batch([p] * 3),
        }
        for name, call in calls.items():
            timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
            start = time.monotonic()
            timer.start()
            try:
                call(empty)
                print(name, "finished")
            except KeyboardInterrupt:
                print(name, "interrupted", round(time.monotonic() - start, 2))
            timer.join()
        won = rulebook.Connect4()
        for column in "010101":
            won.apply(column)
        print("after", solver.score(won))
        """
    )
    assert lines == [
        ["score", "interrupted"],
        ["weak_score", "interrupted"],
        ["best_moves", "interrupted"],
        ["move_scores", "interrupted"],
        ["move_scores_batch", "interrupted"],
        ["after", "18"],
    ], output
    print(output)


def test_move_scores_batch_answers_as_one_call_per_position():
    games = [position(moves) for moves, _ in MIDDLE_EASY]
    solver = rulebook.Solver(book=False)
    assert solver.move_scores_batch(games) == [rulebook.Solver(book=False).move_scores(g) for g in games]
    assert solver.move_scores_batch(tuple(games), max_nodes=10**9) == solver.move_scores_batch(games)
    assert solver.move_scores_batch([]) == []


def test_move_scores_batch_limits_give_none_per_position():
    one_stone = rulebook.Connect4()
    one_stone.apply("0")
    easy = position(MIDDLE_EASY[0][0])
    solver = rulebook.Solver(book=False)
    # The node limit is per position: the easy one is answered.
    scores = solver.move_scores_batch([one_stone, easy, one_stone], max_nodes=100_000)
    assert scores[0] is None and scores[2] is None
    assert scores[1] == solver.move_scores(easy)
    # The time limit is for the whole call: the positions after it are None.
    assert solver.move_scores_batch([one_stone] * 4, max_seconds=0.1) == [None] * 4


def test_move_scores_batch_names_the_bad_position():
    solver = rulebook.Solver(book=False)
    won = position("1212121")
    with pytest.raises(ValueError, match="position 1: the game is over"):
        solver.move_scores_batch([rulebook.Connect4(), won])
    with pytest.raises(ValueError, match="position 0: the solver plays Connect Four"):
        solver.move_scores_batch([rulebook.Checkers()])
    with pytest.raises(TypeError, match="position 2"):
        solver.move_scores_batch([rulebook.Connect4(), rulebook.Connect4(), "4"])
