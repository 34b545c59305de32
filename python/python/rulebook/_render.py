"""Rendering for the environments: the board as text (``"ansi"``), printed
(``"human"``), or as an RGB image (``"rgb_array"``) drawn with numpy in the
web page's colours (``server/web``): a blue frame with holes for Connect
Four and ConnectX, light and dark squares for checkers and draughts, a
green field for Othello; pieces as discs with a rim, a king with an inner
ring.

``board_image(game)`` draws any ``rulebook.Game``; the PettingZoo and
Gymnasium environments use it through ``Renderer``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import numpy as np

#: The render modes of the PettingZoo and Gymnasium environments.
RENDER_MODES = ("ansi", "human", "rgb_array")

#: Pixels per board cell.
CELL = 48

Colour = Tuple[int, int, int]


def _rgb(text: str) -> Colour:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


LIGHT_SQUARE = _rgb("#eadfc8")
DARK_SQUARE = _rgb("#4f7a4a")
FIELD = _rgb("#2e7d4f")
FIELD_LINE = _rgb("#1b4d30")
DROP_FRAME = _rgb("#1f4e9c")
DROP_HOLE = _rgb("#e9eef7")
DROP_HOLE_RIM = _rgb("#153a75")

#: Piece colours by player name, as the web page's ``PIECE_STYLE``: fill,
#: rim, and the mark of a king.
PIECE_STYLE: Dict[str, Tuple[Colour, Colour, Colour]] = {
    "red": (_rgb("#c62828"), _rgb("#ffe1e1"), _rgb("#ffd6d6")),
    "white": (_rgb("#f7f7f2"), _rgb("#262626"), _rgb("#5a5a5a")),
    "black": (_rgb("#222222"), _rgb("#000000"), _rgb("#e6e6e6")),
    "x": (_rgb("#d32f2f"), _rgb("#4a0000"), _rgb("#ffffff")),
    "o": (_rgb("#f9c80e"), _rgb("#5c4500"), _rgb("#4a3800")),
}

#: Radius of a piece, a hole's rim, a rim's width and a king's ring, as
#: shares of the cell.
PIECE_RADIUS = 0.38
RIM_WIDTH = 0.04
KING_RING = (0.22, 0.30)


def _distances() -> np.ndarray:
    """Each pixel's distance from the centre of a cell, in cells."""
    centre = (CELL - 1) / 2
    y, x = np.mgrid[0:CELL, 0:CELL]
    return np.hypot(y - centre, x - centre) / CELL


_DISTANCE = _distances()


def _style(players: Tuple[str, str], player: int) -> Tuple[Colour, Colour, Colour]:
    default = PIECE_STYLE["red"] if player == 0 else PIECE_STYLE["white"]
    return PIECE_STYLE.get(players[player], default)


def _draw_piece(cell: np.ndarray, style: Tuple[Colour, Colour, Colour], king: bool) -> None:
    fill, rim, mark = style
    cell[_DISTANCE <= PIECE_RADIUS] = rim
    cell[_DISTANCE <= PIECE_RADIUS - RIM_WIDTH] = fill
    if king:
        inner, outer = KING_RING
        cell[(_DISTANCE >= inner) & (_DISTANCE <= outer)] = mark


def board_image(game: Any) -> np.ndarray:
    """``game`` (a ``rulebook.Game``) drawn as an RGB image, uint8 of shape
    (rows * CELL, columns * CELL, 3), the first player's side at the
    bottom."""
    board = game.board()
    rows, columns = board["rows"], board["columns"]
    players = game.players
    image = np.zeros((rows * CELL, columns * CELL, 3), dtype=np.uint8)
    drop = board["kind"] == "drop"
    every_cell_playable = all(cell["label"] is not None for cell in board["cells"])
    for item in board["cells"]:
        top, left = item["row"] * CELL, item["column"] * CELL
        cell = image[top : top + CELL, left : left + CELL]
        piece = item["piece"]
        if drop:
            cell[:] = DROP_FRAME
            cell[_DISTANCE <= PIECE_RADIUS] = DROP_HOLE_RIM
            cell[_DISTANCE <= PIECE_RADIUS - RIM_WIDTH] = DROP_HOLE
        elif item["label"] is None:
            cell[:] = LIGHT_SQUARE
        elif every_cell_playable:
            cell[:] = FIELD_LINE
            cell[1:-1, 1:-1] = FIELD
        else:
            cell[:] = DARK_SQUARE
        if piece is not None:
            _draw_piece(cell, _style(players, piece["player"]), piece["king"])
    return image


class Renderer:
    """What ``render()`` returns for each mode, from an environment core."""

    def render(self, mode: Optional[str], core: Any) -> Any:
        if mode is None:
            return None
        if mode == "ansi":
            return core.render()
        if mode == "human":
            print(core.render(), flush=True)
            return None
        return board_image(core.current_game())
