"""Turkish draughts, a game of the registry with no Python code of its
own: the class, a step, a king's capture by its route, the record, and
the three environments (PettingZoo, Gymnasium, VectorEnv)."""

import numpy as np

import rulebook
from rulebook import gymnasium as rg
from rulebook import pettingzoo as rz

# The king on b2 takes b4, d6, e3, c2 and b7, coming back over b2.
CROSSING = "W:WKb2,h1:Bb4,d6,e3,c2,b7,h8"


def test_the_class_plays_a_step_and_a_capture_route():
    assert "turkish" in rulebook.GAMES
    g = rulebook.Turkish()
    assert isinstance(g, rulebook.Game) and g.name == "turkish"
    assert g.players == ("white", "black") and len(g.legal_moves()) == 8
    step = g.apply("d3-d4")
    assert step.route == ["d3", "d4"] and step.captured == []
    king = rulebook.Turkish(CROSSING)
    [capture] = king.legal_moves()
    assert capture.text == "b2xb8"
    assert capture.route == ["b2", "b6", "e6", "e2", "b2", "b8"]
    assert capture.captured == ["b4", "d6", "e3", "c2", "b7"]
    after = king.after("b2xb6xe6xe2xb2xb8")
    cells = {cell["label"]: cell["piece"] for cell in after.board()["cells"]}
    assert cells["b8"]["king"] and cells["b4"] is None
    record = rulebook.write_pdn(king, ["b2xb8"])
    assert '[GameType "30"]' in record and "1. b2xb8" in record
    [read] = rulebook.read_pdn(record)
    assert read["moves"] == ["b2xb8"] and read["end"] == after and read["game"] == "turkish"


def test_the_environments_play_it_hop_by_hop():
    env = rulebook.VectorEnv("turkish", 2, seed=3)
    assert env.action_count == 1792 and env.observation_shape == (6, 8, 8)
    aec = rz.env("turkish")
    aec.reset(seed=1)
    for _ in range(40):
        agent = aec.agent_selection
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            break
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        aec.step(int(legal[0]))
    single = rg.make("turkish", opponent="random")
    observation, _ = single.reset(seed=2)
    # PettingZoo's layout: the planes last.
    assert observation["observation"].shape == (8, 8, 6)
    assert observation["action_mask"].shape == (1792,) and observation["action_mask"].sum() == 8
