"""A line of moves drawn as arrows on one board (a puzzle's solution): each along its own path, the side to
move's in the arrow colour and the other side's in the capture-path colour, the squares off them untouched
(checked by sampling pixels)."""

from __future__ import annotations

from engine import Board
from render import layout_for, render_board, theme_for
from tests.render.render_pixels import blend, decode, near, pixel


def along(start: tuple[int, int], end: tuple[int, int], share: float) -> tuple[int, int]:
    return round(start[0] + (end[0] - start[0]) * share), round(start[1] + (end[1] - start[1]) * share)


def test_every_arrow_of_a_line_is_drawn() -> None:
    board = Board("english", fen="B:W17,19,27,30,32:B1,3,6,9")  # 9-14 17x10 6x15x24x31
    first = board.parse_move("9-14")
    after = board.copy()
    after.push(first)
    reply = after.parse_move("17x10")
    theme, lay = theme_for("english"), layout_for("english", flipped=True)
    plain = decode(render_board(board, flipped=True))
    shown = decode(render_board(board, flipped=True, line=(first, reply)))
    solid = blend(theme.dark, theme.arrow[:3], theme.arrow[3] / 255)
    other = blend(theme.dark, theme.path[:3], theme.path[3] / 255)
    mine = along(lay.center(9), lay.center(14), 0.75)  # on 9-14's shaft, in square 14
    for point, colour in ((mine, solid), (lay.center(10), other)):  # each in its colour
        assert not near(pixel(plain, point), colour, 12)
        assert near(pixel(shown, point), colour, 12)
    for square in (25, 28, 2):  # off both paths
        assert pixel(shown, lay.center(square)) == pixel(plain, lay.center(square))
    one = decode(render_board(board, flipped=True, line=(first,)))
    assert near(pixel(one, mine), solid, 12) and not near(pixel(one, lay.center(10)), other, 12)
