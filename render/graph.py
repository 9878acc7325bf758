"""The evaluation graph of a reviewed game: who stood better when, in the game's own colours.

The moves run left to right; White's advantage rises above the middle line and is filled in White's piece
colour, the other side's falls below it in theirs (English Red, or Black). Advantages are squashed
(`math.tanh`) so a man's lead shows clearly and a won game fills the half without running off it.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence

from PIL import Image, ImageDraw

from render import sprites
from render.theme import RGB, Theme, theme_for

GRAPH_WIDTH = 720
SCALE = 300  # hundredths of a man where the curve reaches three quarters of the half height


def graph_y(score: float, mid: int, half: int) -> int:
    """The pixel row of `score` (White's view) on a graph whose zero line is `mid`, `half` pixels high."""
    return round(mid - half * math.tanh(score / SCALE))


def render_graph(
    scores: Sequence[int],
    *,
    variant: str = "english",
    width: int = GRAPH_WIDTH,
    marks: Iterable[int] = (),
    labels: tuple[str, str] | None = None,
    theme: Theme | str | None = None,
) -> bytes:
    """The graph as PNG bytes, `width` by `width // 2` pixels.

    - `scores`: White's advantage in hundredths of a man, the position before the first move first and
      then after each move (`engine.review.Review.scores`).
    - `marks`: indices into `scores` to mark with a dot (the positions after the turning points).
    - `labels`: names for White's half (top) and the other side's (bottom), e.g. ("White", "Red").
    """
    image = draw_graph(scores, variant=variant, width=width, marks=marks, labels=labels, theme=theme)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def draw_graph(
    scores: Sequence[int],
    *,
    variant: str = "english",
    width: int = GRAPH_WIDTH,
    marks: Iterable[int] = (),
    labels: tuple[str, str] | None = None,
    theme: Theme | str | None = None,
) -> Image.Image:
    """The graph as an RGB Pillow image; `render_graph` takes the same options."""
    if width < 160:
        raise ValueError(f"graph width {width} is too small; use at least 160 pixels")
    colours = theme_for(variant, theme)
    height = width // 2
    pad = max(6, width // 60)
    plot = (pad, pad, width - pad, height - pad - max(12, width // 30))  # left, top, right, bottom
    left, top, right, bottom = plot
    mid = (top + bottom) // 2
    half = (bottom - top) // 2 - 2
    image = Image.new("RGB", (width, height), colours.frame)
    d = ImageDraw.Draw(image)
    d.rectangle(plot, fill=colours.dark)
    values = list(scores) or [0]
    steps = max(1, len(values) - 1)

    def x_of(i: float) -> float:
        return left + (right - left) * i / steps

    curve = [(x_of(i), float(graph_y(v, mid, half))) for i, v in enumerate(values)]
    if len(curve) == 1:
        curve.append((float(right), curve[0][1]))
    area = Image.new("L", image.size, 0)
    ImageDraw.Draw(area).polygon([(curve[0][0], mid), *curve, (curve[-1][0], mid)], fill=255)
    upper = area.crop((0, 0, width, mid))
    lower = area.crop((0, mid, width, height))
    image.paste(Image.new("RGB", upper.size, colours.white.face), (0, 0), upper)
    image.paste(Image.new("RGB", lower.size, colours.black.face), (0, mid), lower)
    d.line(curve, fill=colours.label, width=max(1, width // 360))
    d.line((left, mid, right, mid), fill=colours.label, width=max(1, width // 240))
    _ticks(d, colours, len(values) - 1, x_of, bottom, width)
    radius = max(3, width // 120)
    for i in sorted(set(marks)):
        if 0 <= i < len(values):
            x, y = x_of(i), graph_y(values[i], mid, half)
            d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colours.marked,
                      outline=colours.label)
    if labels is not None:
        _labels(d, colours, labels, plot, width)
    return image


def _ticks(d: ImageDraw.ImageDraw, colours: Theme, plies: int, x_of: Callable[[float], float], bottom: int,
           width: int) -> None:
    """Move numbers under the plot: every 5, 10 or 20 moves, whichever fits. Move N's two plies lead to
    the positions 2N-1 and 2N (where a turning point's dot goes), so its number stands between them."""
    moves = plies // 2
    every = next((n for n in (5, 10, 20, 50, 100) if moves / n <= 8), 200)
    f, _ = sprites.caption_font(max(10, width // 40))
    for move in range(every, moves + 1, every):
        x = x_of(2 * move - 0.5)
        d.line((x, bottom, x, bottom + 4), fill=colours.label)
        d.text((x, bottom + 5), str(move), fill=colours.label, font=f, anchor="mt")


def _labels(d: ImageDraw.ImageDraw, colours: Theme, labels: tuple[str, str], plot: tuple[int, int, int, int],
            width: int) -> None:
    f, wide = sprites.caption_font(max(11, width // 32))
    left, top, _, bottom = plot
    inset = max(4, width // 90)
    for text, y, anchor, style in ((labels[0], top + inset, "la", colours.white),
                                   (labels[1], bottom - inset, "ld", colours.black)):
        shown = text if wide else sprites.ascii_fold(text)
        ink: RGB = style.face
        halo: RGB = (255, 255, 255) if _bright(ink) < 128 else (0, 0, 0)
        d.text((left + inset, y), shown, fill=ink, font=f, anchor=anchor, stroke_width=max(1, width // 300),
               stroke_fill=halo)


def _bright(colour: RGB) -> float:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b
