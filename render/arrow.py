"""An arrow along a move's path, for hints and better moves: drawn large and shrunk, like the sprites."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engine import Move
from render import sprites
from render.layout import Layout
from render.theme import RGBA

SHAFT = 0.16  # width of the shaft, as a fraction of a square
HEAD = 0.5  # length and width of the head
TIP = 0.12  # how far past the landing square's centre the tip reaches


def draw_arrow(image: Image.Image, layout: Layout, move: Move, colour: RGBA) -> None:
    """Draw an arrow from the centre of the move's start square through each landing square, in place."""
    q = layout.square
    points = [layout.center(sq) for sq in move.path]
    left = max(0, min(x for x, _ in points) - q)
    top = max(0, min(y for _, y in points) - q)
    right = min(image.width, max(x for x, _ in points) + q)
    bottom = min(image.height, max(y for _, y in points) + q)
    ss = sprites.SUPERSAMPLE
    big = Image.new("RGBA", ((right - left) * ss, (bottom - top) * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    pts = [((x - left) * ss, (y - top) * ss) for x, y in points]
    (x1, y1), (x2, y2) = pts[-2], pts[-1]
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip = (x2 + ux * TIP * q * ss, y2 + uy * TIP * q * ss)
    head = HEAD * q * ss
    base = (tip[0] - ux * head, tip[1] - uy * head)
    shaft = SHAFT * q * ss
    line = [*pts[:-1], base]
    d.line(line, fill=colour, width=round(shaft), joint="curve")
    r = shaft / 2
    d.ellipse((pts[0][0] - r, pts[0][1] - r, pts[0][0] + r, pts[0][1] + r), fill=colour)
    half = head / 2
    d.polygon([tip, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)],
              fill=colour)
    small = big.convert("RGBa").resize((right - left, bottom - top), Image.Resampling.BOX).convert("RGBA")
    image.paste(small, (left, top), small)
