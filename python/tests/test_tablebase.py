"""``rulebook.Tablebase``: the endgame databases asked about a position.

The databases here are written by hand in the documented file format
(docs/endgame.md, "Files"): the four one-piece English materials, whose
values need no search (the side with the piece wins: its opponent has none
left). Bigger databases are built by the crate's ``endgame`` example, which
the Rust tests check."""

import re
import struct
import zlib

import pytest

import rulebook

MAGIC = b"RBEGDB\x1a\n"
WIN, LOSS = 1, 2

#: Material (men and kings of the side to move, of the other side), its
#: number of positions (a man never stands on its crowning row), its value.
ONE_PIECE = [
    ((1, 0, 0, 0), 28, WIN),
    ((0, 1, 0, 0), 32, WIN),
    ((0, 0, 1, 0), 28, LOSS),
    ((0, 0, 0, 1), 32, LOSS),
]


def database_bytes(material, count, value):
    header = (
        MAGIC
        + struct.pack("<H", 1)
        + b"english".ljust(16, b"\0")
        + bytes([32])
        + bytes(material)
        + bytes([0])
        + struct.pack("<Q", count)
    )
    body = header + bytes([value * 0x55]) * ((count + 3) // 4)
    return body + struct.pack("<I", zlib.crc32(body))


@pytest.fixture
def directory(tmp_path):
    for material, count, value in ONE_PIECE:
        name = "english-{}-{}-{}-{}.egdb".format(*material)
        (tmp_path / name).write_bytes(database_bytes(material, count, value))
    return tmp_path


def test_the_value_of_a_position_the_databases_hold(directory):
    tablebase = rulebook.Tablebase(str(directory))
    assert tablebase.games() == [("english", 1)]
    assert tablebase.probe(rulebook.Checkers("W:WK1:B")) == "win"
    assert tablebase.probe(rulebook.Checkers("B:WK1:B")) == "loss"
    assert tablebase.probe(rulebook.game("checkers", "B:W:B5")) == "win"
    value, best_move, distance = tablebase.lookup(rulebook.Checkers("W:W22:B"))
    assert (value, distance) == ("win", None)
    assert best_move in [move.text for move in rulebook.Checkers("W:W22:B").legal_moves()]
    assert tablebase.lookup(rulebook.Checkers("B:W22:B")) == ("loss", None, None)
    # More pieces than the databases hold.
    assert tablebase.probe(rulebook.Checkers()) is None
    assert tablebase.lookup(rulebook.Checkers("W:WK1:BK32")) is None
    assert "english up to 1 pieces" in repr(tablebase)


def test_a_game_without_databases_here_is_refused(directory):
    tablebase = rulebook.Tablebase(directory)
    with pytest.raises(rulebook.RulebookError, match="no endgame databases of `international`"):
        tablebase.probe(rulebook.game("international"))
    with pytest.raises(TypeError, match="rulebook.Game"):
        tablebase.probe("W:WK1:B")


def test_missing_truncated_and_corrupted_files_are_refused(directory, tmp_path_factory):
    empty = tmp_path_factory.mktemp("empty")
    with pytest.raises(rulebook.RulebookError, match="no endgame databases here"):
        rulebook.Tablebase(empty)
    king = directory / "english-0-1-0-0.egdb"
    data = king.read_bytes()
    king.write_bytes(data[:-1])
    with pytest.raises(rulebook.RulebookError, match="truncated"):
        rulebook.Tablebase(directory)
    flipped = bytearray(data)
    flipped[len(MAGIC) + 40] ^= 0x03
    king.write_bytes(bytes(flipped))
    with pytest.raises(rulebook.RulebookError, match="corrupted"):
        rulebook.Tablebase(directory)
    king.unlink()
    with pytest.raises(rulebook.RulebookError, match="missing database of english material 0-1-0-0"):
        rulebook.Tablebase(directory)


def test_without_a_directory_the_cache_directory_is_read(directory, tmp_path_factory, monkeypatch):
    monkeypatch.setenv("RULEBOOK_ENDGAME_DIR", str(directory))
    assert rulebook.Tablebase().games() == [("english", 1)]
    # Else $XDG_CACHE_HOME/rulebook/endgame, else ~/.cache/rulebook/endgame.
    monkeypatch.delenv("RULEBOOK_ENDGAME_DIR")
    cache = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    with pytest.raises(rulebook.RulebookError, match="no endgame databases here"):
        rulebook.Tablebase()
    (cache / "rulebook").mkdir()
    directory.rename(cache / "rulebook" / "endgame")
    assert rulebook.Tablebase().probe(rulebook.Checkers("W:WK1:B")) == "win"
    home = tmp_path_factory.mktemp("home")
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(home))
    with pytest.raises(rulebook.RulebookError, match=re.escape(str(home / ".cache" / "rulebook" / "endgame"))):
        rulebook.Tablebase()
