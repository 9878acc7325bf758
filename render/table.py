"""A table as a picture (a tournament's standings): a title, a header row, then the rows in alternating
shades, the second column (names) left-aligned and every other one right-aligned, in the theme's
caption colours.

Text goes through `sprites.ascii_fold` when the only font at hand is Pillow's built-in one.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import sprites
from render.theme import RGB, Theme, theme_for

ROW_PX = 30
PAD = 12  # pixels around the table and between columns
MAX_ROWS = 64


def _shade(colour: RGB, towards: RGB, amount: float) -> RGB:
    return (round(colour[0] + (towards[0] - colour[0]) * amount),
            round(colour[1] + (towards[1] - colour[1]) * amount),
            round(colour[2] + (towards[2] - colour[2]) * amount))


def render_table(rows: Sequence[Sequence[str]], *, title: str = "", variant: str = "english",
                 theme: Theme | str | None = None, row_px: int = ROW_PX) -> bytes:
    """The table as PNG bytes, in the caption colours of the variant's theme: `rows[0]` is the header; at
    most `MAX_ROWS` rows after it are drawn. The width follows the columns' text; each row is `row_px`
    pixels high (the title one and a half)."""
    if not rows or not rows[0]:
        raise ValueError("a table needs a header")
    colours = theme_for(variant, theme)
    face, wide = sprites.caption_font(max(8, round(row_px * 0.5)))
    big, _ = sprites.caption_font(max(9, round(row_px * 0.62)))

    def shown(text: str) -> str:
        return text if wide else sprites.ascii_fold(text)

    body = [[shown(cell) for cell in row] for row in rows[: MAX_ROWS + 1]]
    columns = len(body[0])
    body = [(row + [""] * columns)[:columns] for row in body]
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    widths = [max(round(probe.textlength(row[column], font=face)) for row in body)
              for column in range(columns)]
    title_px = round(row_px * 1.5) if title else 0
    title_width = round(probe.textlength(shown(title), font=big)) if title else 0
    width = max(sum(widths) + PAD * (columns + 1), title_width + 2 * PAD)
    height = title_px + row_px * len(body) + PAD
    image = Image.new("RGB", (width, height), colours.caption_bg)
    draw = ImageDraw.Draw(image)
    ink = colours.caption_fg
    if title:
        draw.text((PAD, title_px // 2), shown(title), fill=ink, font=big, anchor="lm")
    for index, row in enumerate(body):
        top = title_px + index * row_px
        if index == 0:
            draw.rectangle((0, top, width, top + row_px - 1), fill=_shade(colours.caption_bg, ink, 0.25))
        elif index % 2 == 0:
            draw.rectangle((0, top, width, top + row_px - 1), fill=_shade(colours.caption_bg, ink, 0.08))
        x = PAD
        for column, cell in enumerate(row):
            middle = top + row_px // 2
            if column == 1:
                draw.text((x, middle), cell, fill=ink, font=face, anchor="lm")
            else:
                draw.text((x + widths[column], middle), cell, fill=ink, font=face, anchor="rm")
            x += widths[column] + PAD
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
