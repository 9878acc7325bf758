"""Colour themes: one per rule set (English red and white, Italian and International white and black)
and a high-contrast theme."""

from __future__ import annotations

from dataclasses import dataclass, replace

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@dataclass(frozen=True)
class PieceStyle:
    """Colours of one side's pieces."""

    face: RGB  # top of the disc
    side: RGB  # the disc's edge seen below the face
    outline: RGB  # thin line around the whole piece
    ring: RGB  # groove ring on the face
    crown: RGB  # king mark
    crown_outline: RGB


@dataclass(frozen=True)
class Theme:
    """Every colour a picture uses. `white` and `black` are the engine's colours (English Red is BLACK)."""

    name: str
    light: RGB  # squares nobody plays on
    dark: RGB  # playing squares
    frame: RGB  # margin around the board
    label: RGB  # file and rank letters on the margin
    number: RGB  # square numbers on playing squares
    white: PieceStyle
    black: PieceStyle
    last_from: RGB  # start square of the last move
    last_to: RGB  # landing squares of the last move
    path: RGBA  # line through a capture's landing squares
    selected: RGB  # the piece whose legal moves are shown
    target: RGBA  # dot on a legal landing square
    marked: RGB  # squares the caller asked to highlight
    caption_bg: RGB
    caption_fg: RGB
    arrow: RGBA = (40, 170, 90, 235)  # a suggested move (hint, better move)
    ghost_alpha: float = 0.35  # opacity of captured pieces where they stood
    outline_width: float = 0.022  # piece outline, as a fraction of a square

    def style(self, black: bool) -> PieceStyle:
        """The piece colours of the BLACK side if `black`, else of the WHITE side."""
        return self.black if black else self.white


IVORY = PieceStyle(face=(242, 236, 220), side=(196, 186, 162), outline=(74, 62, 46), ring=(214, 204, 180),
                   crown=(176, 128, 24), crown_outline=(96, 66, 10))
EBONY = PieceStyle(face=(38, 36, 34), side=(12, 12, 12), outline=(0, 0, 0), ring=(72, 68, 64),
                   crown=(236, 190, 60), crown_outline=(120, 84, 10))
RED = PieceStyle(face=(206, 40, 36), side=(128, 18, 16), outline=(58, 6, 6), ring=(170, 28, 26),
                 crown=(250, 210, 90), crown_outline=(110, 70, 10))

WOOD = Theme(
    name="wood",
    light=(236, 218, 180),
    dark=(150, 102, 64),
    frame=(92, 60, 36),
    label=(240, 226, 196),
    number=(238, 220, 186),
    white=IVORY,
    black=EBONY,
    last_from=(196, 160, 72),
    last_to=(212, 184, 70),
    path=(40, 120, 230, 200),
    selected=(110, 160, 90),
    target=(40, 140, 60, 200),
    marked=(200, 96, 80),
    caption_bg=(92, 60, 36),
    caption_fg=(250, 240, 220),
)

ENGLISH = Theme(
    name="english",
    light=(234, 222, 196),
    dark=(56, 76, 92),
    frame=(32, 42, 52),
    label=(226, 232, 238),
    number=(200, 214, 226),
    white=IVORY,
    black=RED,
    last_from=(120, 132, 70),
    last_to=(150, 164, 64),
    path=(250, 200, 40, 210),
    selected=(60, 130, 110),
    target=(250, 200, 40, 210),
    marked=(150, 80, 140),
    caption_bg=(32, 42, 52),
    caption_fg=(240, 244, 248),
)

_HC_WHITE = PieceStyle(face=(255, 255, 255), side=(200, 200, 200), outline=(0, 0, 0), ring=(150, 150, 150),
                       crown=(0, 0, 0), crown_outline=(0, 0, 0))
_HC_BLACK = PieceStyle(face=(0, 0, 0), side=(40, 40, 40), outline=(255, 255, 255), ring=(110, 110, 110),
                       crown=(255, 214, 0), crown_outline=(255, 214, 0))
_HC_RED = PieceStyle(face=(190, 0, 0), side=(110, 0, 0), outline=(255, 255, 255), ring=(255, 140, 140),
                     crown=(255, 255, 255), crown_outline=(255, 255, 255))

CONTRAST = Theme(
    name="contrast",
    light=(255, 255, 255),
    dark=(118, 118, 118),
    frame=(0, 0, 0),
    label=(255, 255, 255),
    number=(255, 255, 255),
    white=_HC_WHITE,
    black=_HC_BLACK,
    last_from=(0, 110, 255),
    last_to=(0, 150, 255),
    path=(255, 0, 200, 235),
    selected=(0, 170, 70),
    target=(0, 200, 90, 240),
    marked=(230, 120, 0),
    caption_bg=(0, 0, 0),
    caption_fg=(255, 255, 255),
    arrow=(0, 200, 90, 245),
    ghost_alpha=0.45,
    outline_width=0.04,
)

CONTRAST_ENGLISH = replace(CONTRAST, name="contrast-english", black=_HC_RED)

THEMES: dict[str, Theme] = {t.name: t for t in (WOOD, ENGLISH, CONTRAST, CONTRAST_ENGLISH)}


def theme_for(variant_name: str, theme: Theme | str | None = None) -> Theme:
    """The theme to use: a `Theme` as given, a name from `THEMES`, or None for the variant's own.

    `"contrast"` keeps English pieces red.

    >>> theme_for("english").name, theme_for("italian").name, theme_for("english", "contrast").name
    ('english', 'wood', 'contrast-english')
    """
    if isinstance(theme, Theme):
        return theme
    if theme is None:
        return ENGLISH if variant_name == "english" else WOOD
    if theme == "contrast" and variant_name == "english":
        return CONTRAST_ENGLISH
    try:
        return THEMES[theme]
    except KeyError:
        raise ValueError(f"unknown theme {theme!r}; choose one of {', '.join(THEMES)}") from None
