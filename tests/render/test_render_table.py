"""The table picture (render/table.py): its size follows its rows and columns, the header row is shaded,
the rows alternate, and a name the built-in font cannot draw is folded, not lost."""

from __future__ import annotations

import pytest

from render.table import MAX_ROWS, PAD, ROW_PX, render_table
from render.theme import theme_for
from tests.render.render_pixels import decode, near, pixel

HEADER = ("#", "Player", "Pts", "Games", "W-D-L", "Buch", "Med")


def rows(count: int, name: str = "ann") -> list[tuple[str, ...]]:
    return [HEADER, *((str(n), f"{name}{n}", "2½", "3", "2-1-0", "4.5", "2") for n in range(1, count + 1))]


def test_the_height_follows_the_rows_and_the_title() -> None:
    plain = decode(render_table(rows(4)))
    assert plain.height == ROW_PX * 5 + PAD
    titled = decode(render_table(rows(4), title="Tournament #1: Swiss, 3 rounds"))
    assert titled.height == plain.height + round(ROW_PX * 1.5)
    longer = decode(render_table(rows(4, "a much longer name than before")))
    assert longer.width > plain.width
    capped = decode(render_table(rows(MAX_ROWS + 10)))
    assert capped.height == ROW_PX * (MAX_ROWS + 1) + PAD


def test_the_header_is_shaded_and_the_rows_alternate() -> None:
    colours = theme_for("english")
    image = decode(render_table(rows(3)))
    background = colours.caption_bg
    x = image.width - 2  # past the last column's text
    header, first, second = (pixel(image, (x, ROW_PX * n + 2)) for n in (0, 1, 2))
    assert near(first, background, 2)
    assert not near(header, background, 10) and not near(second, background, 4)
    assert not near(header, second, 10)


def test_a_table_needs_a_header() -> None:
    with pytest.raises(ValueError, match="header"):
        render_table([])


def test_names_beyond_ascii_are_drawn() -> None:
    image = decode(render_table([HEADER, ("1", "Jääskeläinen", "1", "1", "1-0-0", "0", "0")]))
    assert image.width > 100
