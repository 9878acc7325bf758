"""Board geometry: square numbers, coordinates and the bit layout used by the move generator.

Square ``n`` (1-based notation number) lives at bit ``(row * (size + 1) + col) // 2``. On that layout the
four diagonal steps are constant bit offsets (``-half-1``, ``-half``, ``+half``, ``+half+1`` with
``half = size // 2``), and a step off the board lands on a bit that is not a playing square, so shifting a
whole bitboard moves every piece at once and masking drops the ones that fell off.
"""

from __future__ import annotations

from functools import cache


def bit_indices(x: int) -> list[int]:
    """The indices of the set bits of `x`, lowest first.

    >>> bit_indices(0b10110)
    [1, 2, 4]
    """
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


class Geometry:
    """Tables for one board size and colouring. Rows count from the top of the diagram."""

    def __init__(self, size: int, a1_dark: bool) -> None:
        self.size = size
        self.half = size // 2
        self.squares = size * size // 2
        parity = 1 if a1_dark else 0  # (row + col) % 2 of the playing squares
        self.coords: list[tuple[int, int]] = [(-1, -1)]  # index 0 unused
        for row in range(size):
            for col in range(size):
                if (row + col) % 2 == parity:
                    self.coords.append((row, col))
        self.bit_of = [-1] + [(r * (size + 1) + c) // 2 for r, c in self.coords[1:]]
        self.square_of: dict[int, int] = {bit: sq for sq, bit in enumerate(self.bit_of) if sq}
        self.mask = 0
        for bit in self.bit_of[1:]:
            self.mask |= 1 << bit
        h = self.half
        #: direction offsets: up-left, up-right, down-left, down-right (as drawn, rows from the top)
        self.steps = (-(h + 1), -h, h, h + 1)
        nbits = max(self.bit_of) + 1
        self.neighbour: list[tuple[int, int, int, int]] = []
        self.rays: list[tuple[tuple[int, ...], ...]] = []
        for bit in range(nbits):
            nbs: list[int] = []
            rays: list[tuple[int, ...]] = []
            for step in self.steps:
                ray: list[int] = []
                cur = bit
                if (self.mask >> bit) & 1:
                    while True:
                        cur += step
                        if cur < 0 or not (self.mask >> cur) & 1:
                            break
                        ray.append(cur)
                nbs.append(ray[0] if ray else -1)
                rays.append(tuple(ray))
            self.neighbour.append((nbs[0], nbs[1], nbs[2], nbs[3]))
            self.rays.append(tuple(rays))
        self.top_row = self._row_mask(0)
        self.bottom_row = self._row_mask(size - 1)
        self._by_coords = {rc: sq for sq, rc in enumerate(self.coords) if sq}

    def _row_mask(self, row: int) -> int:
        m = 0
        for sq in range(1, self.squares + 1):
            if self.coords[sq][0] == row:
                m |= 1 << self.bit_of[sq]
        return m

    def square_at(self, row: int, col: int) -> int | None:
        """The playing square at (row, col), or None for a light square or off the board."""
        return self._by_coords.get((row, col))

    def squares_of(self, bits: int) -> list[int]:
        """Square numbers of the set bits, ascending."""
        return sorted(self.square_of[bit] for bit in bit_indices(bits))


@cache
def geometry(size: int, a1_dark: bool) -> Geometry:
    """The shared tables for a board (built once per kind)."""
    return Geometry(size, a1_dark)
