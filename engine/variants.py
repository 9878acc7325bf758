"""The three rule sets as one base class and thin subclasses, and a registry by name or alias."""

from __future__ import annotations

from typing import ClassVar, Literal

from engine.geometry import Geometry, geometry
from engine.types import Color

CaptureRule = Literal["free", "most", "italian"]


class Variant:
    """Rules that differ between the variants, as class attributes and small hooks.

    `name` is the registry key (``"english"``), `title` the English display name (``"English
    checkers"``) and `aliases` the other names `get_variant` accepts (lower case).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    size: ClassVar[int] = 8
    a1_dark: ClassVar[bool] = True
    first: ClassVar[Color] = Color.WHITE
    gametype: ClassVar[int]
    men_per_side: ClassVar[int] = 12
    flying_kings: ClassVar[bool] = False
    men_capture_backward: ClassVar[bool] = False
    men_capture_kings: ClassVar[bool] = True
    capture_rule: ClassVar[CaptureRule] = "free"
    promotion_ends_capture: ClassVar[bool] = True
    #: draws: are they automatic (True) or claims (False); plies without a capture or man move
    automatic_draws: ClassVar[bool] = True
    quiet_limit: ClassVar[int] = 80
    endgame_rule: ClassVar[bool] = False
    side_names: ClassVar[dict[Color, str]] = {Color.WHITE: "White", Color.BLACK: "Black"}

    def __init__(self) -> None:
        self.geometry: Geometry = geometry(self.size, self.a1_dark)

    @property
    def squares(self) -> int:
        return self.geometry.squares

    def side_name(self, color: Color) -> str:
        """The name the rule texts give that side (Red in English checkers)."""
        return self.side_names[color]

    def coords(self, square: int) -> tuple[int, int]:
        """(row, col) of a playing square; row 0 is the top of the diagram, col 0 the left.

        >>> get_variant("italian").coords(1), get_variant("english").coords(1)
        ((0, 0), (0, 1))
        """
        if not 1 <= square <= self.squares:
            raise ValueError(f"{square} is not a square of the {self.title} board")
        return self.geometry.coords[square]

    def square_at(self, row: int, col: int) -> int | None:
        """The playing square at (row, col), or None."""
        return self.geometry.square_at(row, col)

    def algebraic(self, square: int) -> str:
        """The algebraic name of a square.

        >>> get_variant("english").algebraic(29), get_variant("italian").algebraic(32)
        ('a1', 'h1')
        """
        row, col = self.coords(square)
        return f"{chr(ord('a') + col)}{self.size - row}"

    def square_from_algebraic(self, name: str) -> int | None:
        """The square named like ``c3``, or None when it is not a playing square."""
        name = name.strip().lower()
        if len(name) < 2 or not "a" <= name[0] <= "z" or not name[1:].isdecimal():
            return None
        col = ord(name[0]) - ord("a")
        row = self.size - int(name[1:])
        return self.square_at(row, col)

    def promotion_row(self, color: Color) -> frozenset[int]:
        """Squares where men of `color` are crowned (White crowns on the top row)."""
        g = self.geometry
        return frozenset(g.squares_of(g.top_row if color is Color.WHITE else g.bottom_row))

    def start_fen(self) -> str:
        """The FEN of the start position."""
        n = self.men_per_side
        return f"{self.first.value}:W{self.squares - n + 1}-{self.squares}:B1-{n}"

    def __repr__(self) -> str:
        return f"get_variant({self.name!r})"


class English(Variant):
    """English checkers / American checkers (WCDF)."""

    name = "english"
    title = "English checkers"
    aliases = ("checkers", "american", "english checkers", "american checkers", "draughts", "wcdf", "en",
               "us")
    first = Color.BLACK
    gametype = 21
    automatic_draws = False
    side_names: ClassVar[dict[Color, str]] = {Color.WHITE: "White", Color.BLACK: "Red"}


class Italian(Variant):
    """Italian draughts (FID): mirrored board, men cannot capture kings, capture priorities."""

    name = "italian"
    title = "Italian draughts"
    aliases = ("italian draughts", "dama", "dama italiana", "fid", "it")
    a1_dark = False
    gametype = 22
    men_capture_kings = False
    capture_rule = "italian"


class International(Variant):
    """International draughts (FMJD), 10x10: flying kings, maximum capture."""

    name = "international"
    title = "International draughts"
    aliases = ("international draughts", "10x10", "fmjd", "polish", "int", "intl")
    size = 10
    gametype = 20
    men_per_side = 20
    flying_kings = True
    men_capture_backward = True
    capture_rule = "most"
    promotion_ends_capture = False
    quiet_limit = 50
    endgame_rule = True


_ALL: tuple[Variant, ...] = (English(), Italian(), International())

VARIANTS: dict[str, Variant] = {}
"""Every variant by its name and by each alias (so a variant appears several times)."""
for _v in _ALL:
    for _key in (_v.name, *_v.aliases):
        if _key in VARIANTS:
            raise ValueError(f"variant name {_key!r} is used twice")
        VARIANTS[_key] = _v


def all_variants() -> tuple[Variant, ...]:
    """Each variant once, in a stable order: English, Italian, International.

    >>> [v.name for v in all_variants()]
    ['english', 'italian', 'international']
    >>> [v.title for v in all_variants()]
    ['English checkers', 'Italian draughts', 'International draughts']
    """
    return _ALL


def get_variant(name: str | Variant) -> Variant:
    """The variant called `name` (or one of its aliases, any case).

    >>> get_variant("Checkers").name, get_variant("10x10").name
    ('english', 'international')
    """
    if isinstance(name, Variant):
        return name
    try:
        return VARIANTS[" ".join(name.lower().replace("_", " ").replace("-", " ").split())]
    except KeyError:
        *rest, last = [v.name for v in _ALL]
        raise ValueError(f"unknown variant {name!r}; try {', '.join(rest)} or {last}") from None
