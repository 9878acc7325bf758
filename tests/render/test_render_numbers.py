"""Square numbers readable on a phone: measured in the rendered picture, at the size the bot sends by
default, a 10x10 board's square numbers are at least as tall as the margin letters of an 8x8 board."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.config import PictureConfig
from engine import Board
from render import Layout, layout_for, render_board, theme_for
from render.theme import RGB
from tests.render.render_pixels import decode, pixel

SENT_SIZE = PictureConfig().size  # the picture size the bot sends unless configured otherwise


def closer(colour: RGB, ink: RGB, ground: RGB) -> bool:
    """Whether a pixel is nearer the ink than the ground it is drawn on (an antialiased edge counts
    by which it is closer to)."""
    return sum(abs(a - b) for a, b in zip(colour, ink, strict=True)) < sum(
        abs(a - b) for a, b in zip(colour, ground, strict=True))


def ink_height(image: Image.Image, box: tuple[int, int, int, int], ink: RGB, ground: RGB) -> int:
    """The height in pixels of what is drawn in `ink` within `box` (left, top, right, bottom)."""
    left, top, right, bottom = box
    rows = [y for y in range(top, bottom)
            if any(closer(pixel(image, (x, y)), ink, ground) for x in range(left, right))]
    return rows[-1] - rows[0] + 1 if rows else 0


def margin_letters(size: int) -> dict[str, int]:
    """The height of each file letter under an 8x8 board `size` pixels wide."""
    lay = layout_for("english", size)
    theme = theme_for("english")
    image = decode(render_board(Board("english"), size=size))
    below = lay.origin + lay.board_px
    found = {}
    for col, letter in enumerate(lay.files):
        x, _ = lay.cell_xy(0, col)
        found[letter] = ink_height(image, (x, below, x + lay.square, size), theme.label, theme.frame)
    return found


def number_heights(lay: Layout, image: Image.Image, squares: range) -> list[int]:
    """The height of the numbers of empty playing squares, measured in each square's top-left quarter."""
    theme = theme_for(lay.variant)
    heights = []
    for square in squares:
        left, top, _, _ = lay.box(square)
        half = lay.square // 2
        heights.append(ink_height(image, (left, top, left + half, top + half), theme.number, theme.dark))
    return heights


@pytest.mark.parametrize("size", [SENT_SIZE, 320, 600, 800])
def test_10x10_numbers_are_as_tall_as_the_8x8_margin_letters(size: int) -> None:
    letters = margin_letters(size)
    assert all(height > 0 for height in letters.values()), letters
    lay = layout_for("international", size)
    # Every square empty but one far corner: each number shows whole.
    image = decode(render_board(Board("international", fen="W:W50:B1"), size=size))
    numbers = number_heights(lay, image, range(2, 50))
    assert min(numbers) >= max(letters.values()), (numbers, letters)


@pytest.mark.parametrize("size", [SENT_SIZE, 320, 600, 800])
def test_8x8_numbers_are_as_tall_as_its_margin_letters(size: int) -> None:
    letters = margin_letters(size)
    lay = layout_for("english", size)
    image = decode(render_board(Board("english", fen="W:W32:B1"), size=size))
    assert min(number_heights(lay, image, range(2, 32))) >= max(letters.values())
