"""Where things go in a picture: margin, square size, and the pixel box of every square."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine import Variant, get_variant

DEFAULT_SIZE = 600
NUMBER_SIZE = 0.25  # square numbers, as a fraction of the square of an 8x8 board of the same picture size


def margin_for(size: int) -> int:
    """The width of the frame around the board in a picture `size` pixels wide."""
    return max(10, size // 24)


def label_px_for(origin: int) -> int:
    """The font size of the margin letters around a board that starts `origin` pixels in."""
    return max(8, round(origin * 0.6))


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of one board picture (without the caption strip).

    The diagram (not flipped) has the White side at the bottom, square 1 in the top row, as docs/RULES.md
    draws it; `flipped` turns it by half a turn.
    """

    variant: str
    n: int  # squares per side
    size: int  # picture width and height in pixels
    origin: int  # pixel of the board's top-left corner, both axes
    square: int  # side of one square in pixels
    flipped: bool
    cells: tuple[tuple[int, int], ...]  # (row, col) on the diagram of squares 1, 2, ...
    files: tuple[str, ...]  # file letters of the diagram's columns, left to right
    ranks: tuple[str, ...]  # rank names of the diagram's rows, top to bottom

    @property
    def board_px(self) -> int:
        return self.n * self.square

    @property
    def label_px(self) -> int:
        """The size of the file and rank letters' font on the margin."""
        return label_px_for(self.origin)

    @property
    def number_px(self) -> int:
        """The size of the square numbers' font, the same on every board of a picture size: a quarter of
        an 8x8 board's square, and never under that board's margin letters (a tenth larger: digits stand
        a little lower than letters with ascenders). A 10x10 board's numbers, in its smaller squares,
        read as well as an 8x8's.

        >>> layout_for("english", 480).number_px, layout_for("international", 480).number_px
        (14, 14)
        """
        square = (self.size - 2 * margin_for(self.size)) // 8
        label = label_px_for((self.size - 8 * square) // 2)
        return max(round(NUMBER_SIZE * square), round(label * 1.1))

    def cell_xy(self, row: int, col: int) -> tuple[int, int]:
        """Top-left pixel of the diagram cell (row, col) as drawn, honouring `flipped`."""
        if self.flipped:
            row, col = self.n - 1 - row, self.n - 1 - col
        return self.origin + col * self.square, self.origin + row * self.square

    def between(self, a: int, b: int) -> list[int]:
        """The squares on the diagonal from `a` to `b`, both included."""
        (r1, c1), (r2, c2) = self.cells[a - 1], self.cells[b - 1]
        steps = max(abs(r2 - r1), abs(c2 - c1))
        dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
        variant = get_variant(self.variant)
        found = (variant.square_at(r1 + i * dr, c1 + i * dc) for i in range(steps + 1))
        return [sq for sq in found if sq is not None]

    def box(self, square: int) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) pixels of a playing square; right and bottom are exclusive."""
        if not 1 <= square <= len(self.cells):
            raise ValueError(f"{square} is not a square of the {self.variant} board (1-{len(self.cells)})")
        x, y = self.cell_xy(*self.cells[square - 1])
        return x, y, x + self.square, y + self.square

    def center(self, square: int) -> tuple[int, int]:
        """Pixel at the centre of a playing square."""
        x0, y0, _, _ = self.box(square)
        return x0 + self.square // 2, y0 + self.square // 2


def layout_for(variant: Variant | str, size: int = DEFAULT_SIZE, flipped: bool = False) -> Layout:
    """The layout of a board picture `size` pixels square.

    >>> lay = layout_for("english", 600)
    >>> lay.square, lay.box(29)[0] < 300 < lay.box(29)[1]
    (68, True)
    """
    name = variant if isinstance(variant, str) else variant.name
    return _layout(name, size, flipped)


@lru_cache(maxsize=64)
def _layout(name: str, size: int, flipped: bool) -> Layout:
    if size < 96:
        raise ValueError(f"picture size {size} is too small; use at least 96 pixels")
    variant = get_variant(name)
    n = variant.size
    margin = margin_for(size)
    square = (size - 2 * margin) // n
    origin = (size - n * square) // 2
    cells = tuple(variant.coords(sq) for sq in range(1, variant.squares + 1))
    files = [""] * n
    ranks = [""] * n
    for sq, (row, col) in enumerate(cells, start=1):
        name_of_square = variant.algebraic(sq)
        files[col] = name_of_square[0]
        ranks[row] = name_of_square[1:]
    return Layout(name, n, size, origin, square, flipped, cells, tuple(files), tuple(ranks))
