"""The review pictures: an arrow for a move on the board, and the evaluation graph (checked by sampling
pixels, never by comparing files)."""

from __future__ import annotations

import pytest

from engine import Board
from render import GRAPH_WIDTH, layout_for, render_board, render_graph, theme_for
from render.graph import graph_y
from render.theme import RGB, RGBA
from tests.render.render_pixels import blend, decode, near, pixel


def along(lay_a: tuple[int, int], lay_b: tuple[int, int], share: float) -> tuple[int, int]:
    (x1, y1), (x2, y2) = lay_a, lay_b
    return round(x1 + (x2 - x1) * share), round(y1 + (y2 - y1) * share)


def solid(under: RGB, arrow: RGBA) -> RGB:
    return blend(under, arrow[:3], arrow[3] / 255)


@pytest.mark.parametrize("flipped", [False, True])
def test_the_arrow_runs_from_start_to_landing_square(flipped: bool) -> None:
    board = Board("english")
    move = board.parse_move("9-13")
    theme, lay = theme_for("english"), layout_for("english", flipped=flipped)
    plain = decode(render_board(board, flipped=flipped))
    shown = decode(render_board(board, flipped=flipped, arrow=move))
    point = along(lay.center(9), lay.center(13), 0.7)  # on the landing square, on the shaft
    assert near(pixel(plain, point), theme.dark)
    assert near(pixel(shown, point), solid(theme.dark, theme.arrow), 12)
    # the arrow stays on its diagonal: the neighbouring square keeps its colour
    assert near(pixel(shown, lay.center(14)), pixel(plain, lay.center(14)))
    assert pixel(shown, lay.center(21)) == pixel(plain, lay.center(21))


def test_a_capture_arrow_follows_every_landing_square() -> None:
    board = Board("international", fen="W:W32:B27,17")
    move = board.parse_move("32x21x12")
    theme, lay = theme_for("international"), layout_for("international")
    image = decode(render_board(board, arrow=move))
    # through the square where the piece turns, and on into the last one
    assert near(pixel(image, lay.center(21)), solid(theme.dark, theme.arrow), 12)
    assert near(pixel(image, along(lay.center(21), lay.center(12), 0.75)), solid(theme.dark, theme.arrow), 12)
    # squares off the path keep their colour
    plain = decode(render_board(board))
    for square in (28, 16, 22):
        assert pixel(image, lay.center(square)) == pixel(plain, lay.center(square))


def test_the_arrow_has_a_head() -> None:
    board = Board("english")
    lay = layout_for("english")
    theme = theme_for("english")
    image = decode(render_board(board, arrow=board.parse_move("9-13")))
    x, y = lay.center(13)
    q = lay.square
    (x9, y9) = lay.center(9)
    dx, dy = (x - x9) / abs(x - x9), (y - y9) / abs(y - y9)  # direction of the move, one step per axis
    # a point 0.13 of a square beside the shaft near the tail is bare; as far beside it near the tip, the
    # head covers it
    step = q * 0.13 / 2 ** 0.5
    side = (round(-dy * step), round(dx * step))
    near_tail = along((x9, y9), (x, y), 0.3)
    near_head = along((x9, y9), (x, y), 0.85)
    green = solid(theme.dark, theme.arrow)
    assert not near(pixel(image, (near_tail[0] + side[0], near_tail[1] + side[1])), green, 20)
    assert near(pixel(image, (near_head[0] + side[0], near_head[1] + side[1])), green, 20)


def test_the_graph_is_a_png_of_the_asked_size() -> None:
    data = render_graph([0, 10, -20, 30], variant="english")
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert decode(data).size == (GRAPH_WIDTH, GRAPH_WIDTH // 2)
    assert decode(render_graph([0], width=400)).size == (400, 200)
    with pytest.raises(ValueError):
        render_graph([0], width=100)


@pytest.mark.parametrize("variant", ["english", "italian", "international"])
def test_the_graph_shows_who_stood_better_in_the_games_colours(variant: str) -> None:
    theme = theme_for(variant)
    # White a man and more ahead for the first half, then the other side (mated at the end)
    scores = [0, *([150] * 10), *([-150] * 10), -100_000]
    image = decode(render_graph(scores, variant=variant, labels=("White", "Black")))
    w, h = image.size
    pad = max(6, w // 60)
    top, bottom = pad, h - pad - max(12, w // 30)
    mid = (top + bottom) // 2
    early, late = round(pad + (w - 2 * pad) * 0.25), round(pad + (w - 2 * pad) * 0.75)
    assert near(pixel(image, (early, mid - 10)), theme.white.face)
    assert near(pixel(image, (early, mid + 10)), theme.dark)
    assert near(pixel(image, (late, mid + 10)), theme.black.face)
    assert near(pixel(image, (late, mid - 10)), theme.dark)
    # above the curve is background; a bigger advantage reaches higher
    half = (bottom - top) // 2 - 2
    assert near(pixel(image, (early, graph_y(150, mid, half) - 4)), theme.dark)
    assert graph_y(600, mid, half) < graph_y(150, mid, half) < mid < graph_y(-150, mid, half)


def test_marks_are_drawn_on_the_curve() -> None:
    theme = theme_for("english")
    scores = [0] * 21
    plain = decode(render_graph(scores))
    marked = decode(render_graph(scores, marks=[10]))
    w, h = plain.size
    pad = max(6, w // 60)
    mid = (pad + h - pad - max(12, w // 30)) // 2
    x = round(pad + (w - 2 * pad) * 0.5)
    assert near(pixel(marked, (x, mid - 2)), theme.marked, 20)
    assert not near(pixel(plain, (x, mid - 2)), theme.marked, 20)
