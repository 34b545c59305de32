"""rulebook.Game and friends: every game through one class, moves by text
and object, positions in and out, copies, equality, errors, engines, the
Connect Four solver, PDN."""

import copy
import random

import pytest

import rulebook


@pytest.mark.parametrize("name", rulebook.GAMES)
def test_random_games_round_trip_positions_and_moves(name):
    rng = random.Random(name)
    cls = {c.__name__.lower(): c for c in map(type, map(rulebook.game, rulebook.GAMES))}[
        name if name not in ("connect4", "connectx") else name
    ]
    for _ in range(3):
        g = rulebook.game(name)
        assert isinstance(g, rulebook.Game) and type(g) is cls and g.name == name
        for _ in range(60):
            if g.is_over:
                assert g.outcome() is not None and g.legal_moves() == []
                break
            assert g.outcome() is None
            # The position text reads back to an equal position, same hash.
            again = type(g)(g.position, **({} if name != "connectx" else {}))
            assert again == g and hash(again) == hash(g)
            moves = g.legal_moves()
            mv = rng.choice(moves)
            mover = g.to_move
            if rng.random() < 0.5:
                played = g.copy().apply(mv.text)
            else:
                played = g.copy().apply(mv)
            assert played == mv
            before = g.copy()
            after = g.after(mv)
            assert g == before and after != g
            g.apply(mv)
            assert g == after and (g.is_over or g.to_move != mover or name in ())
        assert str(g) and repr(g).startswith(type(g).__name__ + "(")


def test_connect4_moves_outcome_and_players():
    g = rulebook.Connect4()
    assert g.players == ("x", "o") and g.to_move == "x"
    for column in "0101010":
        g.apply(column)
    assert g.is_over and g.outcome()[0] == "x"
    with pytest.raises(rulebook.IllegalMoveError, match="over"):
        g.apply("3")


def test_illegal_and_unreadable_input_are_exceptions_with_the_crates_message():
    c = rulebook.Checkers()
    with pytest.raises(rulebook.IllegalMoveError, match="legal moves"):
        c.apply("1-5")
    with pytest.raises(rulebook.IllegalMoveError):
        c.apply("zz")
    with pytest.raises(TypeError):
        c.apply(11)
    with pytest.raises(rulebook.IllegalMoveError, match="move of connect4"):
        c.apply(rulebook.Connect4().legal_moves()[0])
    assert c == rulebook.Checkers()
    with pytest.raises(rulebook.ParseError):
        rulebook.Checkers("not a fen")
    with pytest.raises(rulebook.ParseError, match="games are"):
        rulebook.game("chess")
    with pytest.raises(rulebook.ParseError):
        rulebook.ConnectX(rows=99)
    with pytest.raises(rulebook.ParseError, match="no parameters"):
        rulebook.Checkers(rows=3)
    assert issubclass(rulebook.ParseError, ValueError)


def test_capture_moves_list_their_route_and_captures():
    c = rulebook.Checkers("B:W14,23,32:B9")
    (mv,) = c.legal_moves()
    assert mv.text == "9x18x27" and mv.route == ["9", "18", "27"]
    assert sorted(mv.captured) == ["14", "23"]


def test_copies_are_independent_and_of_the_same_class():
    g = rulebook.ConnectX(rows=5, columns=6, inarow=3)
    for c in (g.copy(), copy.copy(g), copy.deepcopy(g)):
        assert type(c) is rulebook.ConnectX and c == g
        c.apply(c.legal_moves()[0])
        assert c != g
    assert rulebook.Connect4() != rulebook.ConnectX()
    assert len({rulebook.Connect4(), rulebook.Connect4()}) == 1


def test_engines_play_legal_moves_and_finish_a_won_position():
    g = rulebook.Connect4()
    for column in "010101":
        g.apply(column)
    engine = rulebook.Engine("connect4", level=3)
    assert engine.best_move(g).text == "0"
    assert g.best_move(level=2).text == "0"
    c = rulebook.Checkers()
    assert rulebook.Engine(c, 1).best_move(c) in c.legal_moves()
    with pytest.raises(ValueError, match="plays"):
        engine.best_move(c)
    low, high = c.levels
    with pytest.raises(ValueError, match="level"):
        rulebook.Engine(c, high + 1)


def test_solver_scores_a_won_position():
    g = rulebook.Connect4()
    for column in "121212":
        g.apply(column)
    solver = rulebook.Solver(book=False)
    # X to move wins at once in column 1: score 18 (the sooner, the higher).
    assert solver.score(g) == 18 and solver.weak_score(g) == 1
    assert [m.text for m in solver.best_moves(g)] == ["1"]
    scores = solver.move_scores(g)
    assert scores[1] == 18 and len(scores) == 7
    with pytest.raises(ValueError, match="Connect Four"):
        solver.score(rulebook.Checkers())


def test_pdn_written_then_read_back():
    moves = ["11-15", "23-19", "8-11", "22-17"]
    text = rulebook.write_pdn(rulebook.Checkers(), moves, [("Event", "test")])
    (record,) = rulebook.read_pdn(text)
    assert record["game"] == "checkers" and record["moves"] == moves
    assert record["tags"]["Event"] == "test" and record["result"] == "*"
    end = rulebook.Checkers()
    for mv in moves:
        end.apply(mv)
    assert record["end"] == end and type(record["start"]) is rulebook.Checkers
    russian = rulebook.Russian()
    mv = russian.legal_moves()[0]
    (back,) = rulebook.read_pdn(rulebook.write_pdn(russian, [mv]))
    assert back["game"] == "russian" and back["end"] == russian.after(mv)
    with pytest.raises(rulebook.IllegalMoveError):
        rulebook.read_pdn('[GameType "21"]\n1. 1-5 *\n')


def test_board_view():
    board = rulebook.Checkers().board()
    assert board["kind"] == "squares" and (board["rows"], board["columns"]) == (8, 8)
    pieces = [cell["piece"] for cell in board["cells"] if cell["piece"]]
    assert len(pieces) == 24 and {p["player"] for p in pieces} == {0, 1}
    assert rulebook.Connect4().board()["kind"] == "drop"
