"""Where squares land in the picture: dark corners, the Italian mirror, flipping."""

from __future__ import annotations

import pytest

from engine import get_variant
from render import DEFAULT_SIZE, layout_for

VARIANTS = ("english", "italian", "international")


def quadrant(name: str, square: int, flipped: bool = False) -> str:
    """'top-left', 'bottom-right', ... of a square's centre in the default picture."""
    x, y = layout_for(name, DEFAULT_SIZE, flipped).center(square)
    half = DEFAULT_SIZE // 2
    return ("top" if y < half else "bottom") + "-" + ("left" if x < half else "right")


def test_corners_as_rules_md_draws_them() -> None:
    assert quadrant("english", 29) == "bottom-left"
    assert quadrant("english", 1) == "top-left"
    assert quadrant("english", 4) == "top-right"
    assert quadrant("international", 46) == "bottom-left"
    assert quadrant("international", 5) == "top-right"
    # Italian is mirrored: the dark square in the bottom-right corner is 32 (h1), 1 is a8 top-left.
    assert quadrant("italian", 32) == "bottom-right"
    assert quadrant("italian", 1) == "top-left"


def test_corner_squares_sit_in_the_very_corner() -> None:
    lay = layout_for("italian")
    _, _, x1, y1 = lay.box(32)
    assert (x1, y1) == (lay.origin + lay.board_px, lay.origin + lay.board_px)
    lay = layout_for("english")
    x0, _, _, y1 = lay.box(29)
    assert (x0, y1) == (lay.origin, lay.origin + lay.board_px)


@pytest.mark.parametrize("name", VARIANTS)
def test_flipping_turns_the_board_half_round(name: str) -> None:
    plain = layout_for(name, DEFAULT_SIZE, False)
    turned = layout_for(name, DEFAULT_SIZE, True)
    last = get_variant(name).squares
    for sq in range(1, last + 1):
        x0, y0, x1, y1 = plain.box(sq)
        # A half turn about the board's centre: the far corner of the box becomes its near corner.
        far = 2 * plain.origin + plain.board_px
        assert turned.box(sq) == (far - x1, far - y1, far - x0, far - y0)
    assert quadrant(name, 1, flipped=True).startswith("bottom")
    assert quadrant(name, last, flipped=True).startswith("top")


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("size", [200, 512, 600, 640])
def test_squares_tile_the_board(name: str, size: int) -> None:
    lay = layout_for(name, size)
    v = get_variant(name)
    assert lay.n == v.size
    boxes = {lay.box(sq) for sq in range(1, v.squares + 1)}
    assert len(boxes) == v.squares
    for x0, y0, x1, y1 in boxes:
        assert x1 - x0 == y1 - y0 == lay.square
        assert x0 > 0 and y0 > 0 and x1 < size and y1 < size
    # Playing squares touch only at corners: (column + row) has the same parity for all of them.
    parities = {((x0 - lay.origin) // lay.square + (y0 - lay.origin) // lay.square) % 2
                for x0, y0, _, _ in boxes}
    assert len(parities) == 1


def test_labels_follow_the_engine_names() -> None:
    lay = layout_for("international")
    assert lay.files == tuple("abcdefghij")
    assert lay.ranks == tuple(str(r) for r in range(10, 0, -1))


def test_between_walks_the_diagonal() -> None:
    lay = layout_for("international")
    assert lay.between(46, 5) == [46, 41, 37, 32, 28, 23, 19, 14, 10, 5]
    assert lay.between(22, 13) == [22, 18, 13]


def test_too_small_is_refused() -> None:
    with pytest.raises(ValueError, match="too small"):
        layout_for("english", 40)
