"""Several arrows on one board (a puzzle's solution line): each drawn along its own path, the squares off
them untouched (checked by sampling pixels)."""

from __future__ import annotations

from engine import Board
from render import layout_for, render_board, theme_for
from tests.render.render_pixels import blend, decode, near, pixel


def test_every_arrow_of_a_line_is_drawn() -> None:
    board = Board("english", fen="B:W17,19,27,30,32:B1,3,6,9")  # 9-14 17x10 6x15x24x31
    first = board.parse_move("9-14")
    after = board.copy()
    after.push(first)
    reply = after.parse_move("17x10")
    theme, lay = theme_for("english"), layout_for("english", flipped=True)
    plain = decode(render_board(board, flipped=True))
    shown = decode(render_board(board, flipped=True, arrows=(first, reply)))
    solid = blend(theme.dark, theme.arrow[:3], theme.arrow[3] / 255)
    for square in (14, 10):  # the landing squares of both
        assert not near(pixel(plain, lay.center(square)), solid, 12)
        assert near(pixel(shown, lay.center(square)), solid, 12)
    for square in (25, 28, 2):  # off both paths
        assert pixel(shown, lay.center(square)) == pixel(plain, lay.center(square))
    one = decode(render_board(board, flipped=True, arrows=(first,)))
    assert near(pixel(one, lay.center(14)), solid, 12) and not near(pixel(one, lay.center(10)), solid, 12)
