"""The review graph's move numbers and its dots agree (issue 21, item 17): the dot of a turning point
that the review's text calls move N sits at the graph's tick for move N, whichever side played it. The
ticks and the dot are found in the picture itself, so the test follows the graph's own layout."""

from __future__ import annotations

import pytest
from PIL import Image

from engine import Color
from engine.review import Turn
from render import render_graph, theme_for
from tests.render.render_pixels import decode, near, pixel

MOVES = 20  # ticks every 5 moves: 5, 10, 15, 20


def tick_columns(image: Image.Image, label: tuple[int, int, int]) -> list[float]:
    """The x of each tick under the plot (a short line in the label colour just below it)."""
    w, h = image.size
    bottom = h - max(6, w // 60) - max(12, w // 30)
    row = bottom + 2
    columns = [x for x in range(w) if near(pixel(image, (x, row)), label, 30)]
    ticks: list[list[int]] = []
    for x in columns:
        if ticks and x - ticks[-1][-1] <= 1:
            ticks[-1].append(x)
        else:
            ticks.append([x])
    return [sum(run) / len(run) for run in ticks]


def dot_column(image: Image.Image, marked: tuple[int, int, int]) -> float:
    w, h = image.size
    xs = [x for x in range(w) for y in range(h) if near(pixel(image, (x, y)), marked, 12)]
    assert xs, "no dot drawn"
    return (min(xs) + max(xs)) / 2


# move 10 of each side, move 5 of the first side, move 15 of the second
@pytest.mark.parametrize("ply", [18, 19, 8, 29])
def test_a_turning_points_dot_sits_at_its_move_number(ply: int) -> None:
    theme = theme_for("english")
    number = Turn(ply, Color.WHITE, "9-13", "9-13", 0, 0, 0).number  # as the review's text numbers it
    scores = [0] * (2 * MOVES + 1)
    image = decode(render_graph(scores, marks=[ply + 1]))  # the position after the move, as documented
    ticks = tick_columns(image, theme.label)
    assert len(ticks) == MOVES // 5
    one_ply = (ticks[1] - ticks[0]) / 10  # ticks 5 moves (10 plies) apart
    x = dot_column(image, theme.marked)
    nearest = min(range(len(ticks)), key=lambda i: abs(ticks[i] - x))
    assert 5 * (nearest + 1) == number
    assert abs(ticks[nearest] - x) <= 0.6 * one_ply  # within the move, not a move to the right
