"""Antialiased pieces, capture-path segments and dots, drawn four times larger and shrunk, and cached
per size and theme."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from render.theme import RGB, RGBA, PieceStyle

SUPERSAMPLE = 4
RADIUS = 0.35  # radius of a piece's face, as a fraction of a square
THICKNESS = 0.06  # height of one disc's edge below its face
KING_LIFT = 0.02  # how much higher a king's face is than a man's
CROWN = 0.72  # half-width of the crown mark, as a fraction of the face radius

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=32)
def font(px: int) -> Font:
    """Pillow's built-in scalable font at `px` pixels."""
    return ImageFont.load_default(size=px)


# Fonts with wide coverage (names like "Jääskeläinen" or "Łukasz") that many systems have; the first
# one found draws captions. Pillow's built-in font covers ASCII only.
CAPTION_FONTS = ("DejaVuSans.ttf", "NotoSans-Regular.ttf", "LiberationSans-Regular.ttf", "Arial.ttf",
                 "arial.ttf", "Helvetica.ttc")


@lru_cache(maxsize=16)
def caption_font(px: int) -> tuple[Font, bool]:
    """A font for caption text at `px` pixels, and whether it is a system font with wide coverage
    (False: Pillow's built-in ASCII font; then pass text through `ascii_fold`)."""
    for name in CAPTION_FONTS:
        try:
            return ImageFont.truetype(name, px), True
        except OSError:
            continue
    return font(px), False


def ascii_fold(text: str) -> str:
    """Text the built-in font can draw: accents dropped ("ä" -> "a"), dashes made plain.

    >>> ascii_fold("Jääskeläinen – Øystein")
    'Jaaskelainen - Oystein'
    """
    text = text.replace("–", "-").replace("—", "-").replace("Ø", "O").replace("ø", "o").replace("ß", "ss")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _shrink(big: Image.Image, w: int, h: int) -> Image.Image:
    """Average each SUPERSAMPLE x SUPERSAMPLE block (premultiplied alpha, so edges stay clean)."""
    return big.convert("RGBa").resize((w, h), Image.Resampling.BOX).convert("RGBA")


def face_center(square: int, king: bool) -> tuple[float, float]:
    """Centre of the top face of a piece in a sprite `square` pixels wide.

    A king stands one disc taller, mostly downwards, so that it clears the square number in the corner.
    """
    lift = KING_LIFT if king else 0.0
    return square / 2, square / 2 - (THICKNESS / 2 + lift) * square


@lru_cache(maxsize=256)
def piece(style: PieceStyle, square: int, king: bool, outline: float, alpha: float = 1.0) -> Image.Image:
    """One piece as an RGBA sprite the size of a square; a king is two stacked discs with a crown."""
    big = square * SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    r = RADIUS * big
    t = THICKNESS * big
    ow = max(SUPERSAMPLE * 1.0, outline * big)
    cx, top = face_center(big, king)
    discs = 2 if king else 1
    bottom = top + (discs - 1) * t
    sx, sy = 0.025 * big, bottom + t + 0.03 * big
    d.ellipse((cx + sx - r, sy - r, cx + sx + r, sy + r), fill=(0, 0, 0, 60))
    for i in reversed(range(discs)):
        cy = top + i * t
        _slab(d, cx, cy, r + ow, t, style.outline)
        _slab(d, cx, cy, r, t, style.side)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=style.face)
    if king:
        _crown(d, cx, top, CROWN * r, style)
    else:
        ring = 0.68 * r
        d.ellipse((cx - ring, top - ring, cx + ring, top + ring), outline=style.ring, width=round(0.03 * big))
    sprite = _shrink(im, square, square)
    if alpha < 1.0:
        sprite.putalpha(sprite.getchannel("A").point(lambda v: round(v * alpha)))
    return sprite


def _slab(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, t: float, fill: RGB) -> None:
    """A disc seen from above and a little in front: face circle, edge, bottom circle."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    d.rectangle((cx - r, cy, cx + r, cy + t), fill=fill)
    d.ellipse((cx - r, cy + t - r, cx + r, cy + t + r), fill=fill)


def _crown(d: ImageDraw.ImageDraw, cx: float, cy: float, u: float, style: PieceStyle) -> None:
    """A three-pointed crown centred on the face; its solid band covers the middle of the square."""
    shape = [(-1.0, 0.55), (-1.0, -0.5), (-0.5, 0.0), (0.0, -0.75), (0.5, 0.0), (1.0, -0.5), (1.0, 0.55)]
    pts = [(cx + x * u, cy + y * u) for x, y in shape]
    d.polygon(pts, fill=style.crown, outline=style.crown_outline, width=max(2, round(u * 0.12)))


@lru_cache(maxsize=256)
def segment(colour: RGBA, square: int, steps: int, falling: bool) -> tuple[Image.Image, int]:
    """A thick line along a diagonal `steps` squares long, and the padding around its end points.

    `falling` runs from top-left to bottom-right; otherwise from bottom-left to top-right.
    """
    width = max(3.0, 0.12 * square) * SUPERSAMPLE
    pad = round(width / SUPERSAMPLE) + 2
    side = steps * square + 2 * pad
    big = side * SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    a = pad * SUPERSAMPLE
    b = (pad + steps * square) * SUPERSAMPLE
    ends = ((a, a), (b, b)) if falling else ((a, b), (b, a))
    d.line(ends, fill=colour, width=round(width))
    for x, y in ends:
        d.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=colour)
    return _shrink(im, side, side), pad


@lru_cache(maxsize=64)
def dot(colour: RGBA, square: int, radius: float) -> Image.Image:
    """A filled circle centred in a square-sized sprite; `radius` is a fraction of the square."""
    big = square * SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    r = radius * big
    c = big / 2
    ImageDraw.Draw(im).ellipse((c - r, c - r, c + r, c + r), fill=colour)
    return _shrink(im, square, square)


@lru_cache(maxsize=2048)
def number(text: str, px: int, ink: RGB, halo: RGB, stroke: int) -> Image.Image:
    """A square number with a halo of the square's colour, so it stays readable over a piece's edge.

    The text's top-left corner is at (stroke, stroke) in the sprite.
    """
    f = font(px)
    _, _, right, bottom = f.getbbox(text, anchor="lt")
    im = Image.new("RGBA", (int(right) + 2 * stroke + 1, int(bottom) + 2 * stroke + 1), (0, 0, 0, 0))
    ImageDraw.Draw(im).text((stroke, stroke), text, fill=ink, font=f, anchor="lt", stroke_width=stroke,
                            stroke_fill=halo)
    return im
