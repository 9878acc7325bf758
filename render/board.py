"""The board picture: a position (and options) in, an image or PNG bytes out."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine import Board, Color, Move, Piece
from render import sprites
from render.arrow import draw_arrow
from render.layout import DEFAULT_SIZE, Layout, layout_for
from render.theme import RGB, Theme, theme_for

CAPTION_LINE = 0.062  # height of one caption line, as a fraction of the picture
TARGET_RADIUS = 0.13


def render_board(
    board: Board,
    *,
    size: int = DEFAULT_SIZE,
    flipped: bool = False,
    last_move: Move | None = None,
    show_last_move: bool = True,
    highlights: Iterable[int] = (),
    moves_from: int | None = None,
    theme: Theme | str | None = None,
    caption: str | None = None,
    arrow: Move | None = None,
    line: Sequence[Move] = (),
) -> bytes:
    """The board as PNG bytes, `size` pixels wide (and square unless there is a caption).

    - `flipped`: draw from the side of the low numbers (Black, English Red) instead of White's.
    - `last_move`: the move to highlight; None means the board's own last move, unless
      `show_last_move` is False. Captured pieces of the board's last move show as faint ghosts.
    - `highlights`: extra squares to mark; `moves_from`: a square whose piece's legal moves are shown.
    - `theme`: a `Theme`, a name from `THEMES` ("english", "wood", "contrast"), or None for the
      variant's own. `caption`: text for a strip under the board (lines separated by newlines).
    - `arrow`: a move to draw as an arrow from its start square along its path (a hint, a better move).
    - `line`: moves from this position, each side's in turn (a puzzle's solution), drawn as arrows: the
      side to move's in the arrow colour, the other side's in the capture-path colour.
    """
    image = draw_board(board, size=size, flipped=flipped, last_move=last_move, show_last_move=show_last_move,
                       highlights=highlights, moves_from=moves_from, theme=theme, caption=caption,
                       arrow=arrow, line=line)
    indexed = image.quantize(palette=palette_for(board.variant.name, size, theme), dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=3)
    return out.getvalue()


def palette_for(variant: str, size: int, theme: Theme | str | None = None) -> Image.Image:
    """The 255-colour palette of every picture of this variant, size and theme, as a "P" image.

    The pictures use few colours (flat squares, antialiased edges between known colours), so mapping
    them onto one palette loses nothing visible; it makes PNGs a third of the size and lets every GIF
    frame share one palette, with one index left free for the GIF writer's transparent pixels.
    """
    return _palette(layout_for(variant, size), theme_for(variant, theme))


@lru_cache(maxsize=16)
def _palette(layout: Layout, colours: Theme) -> Image.Image:
    """Quantize a sheet holding every kind of pixel a picture can have: the background, each piece,
    ghost, dot and path piece over each square colour, and a caption."""
    q = layout.square
    fills = (colours.dark, colours.light, colours.last_from, colours.last_to, colours.selected,
             colours.marked)
    overlays = [_sprite(colours, q, Piece(c, k), a)
                for c in Color for k in (False, True) for a in (1.0, colours.ghost_alpha)]
    overlays.append(sprites.dot(colours.target, q, TARGET_RADIUS))
    overlays.append(sprites.dot(colours.arrow, q, 0.3))
    overlays.append(sprites.dot(colours.path, q, 0.1))
    line, pad = sprites.segment(colours.path, q, 1, True)
    overlays.append(line.crop((pad, pad, pad + q, pad + q)))
    cells = Image.new("RGB", (q * len(overlays), q * len(fills)))
    for row, fill in enumerate(fills):
        tile = _tile(q, layout.number_px, 10, fill, colours.number)
        for col, overlay in enumerate(overlays):
            cells.paste(tile, (col * q, row * q))
            cells.paste(overlay, (col * q, row * q), overlay)
    caption = _with_caption(Image.new("RGB", (layout.size, 1)), "Move 10  ·  Red to move  ·  last 10x17x26",
                            colours)
    sheet = Image.new("RGB", (max(layout.size, cells.width), layout.size + cells.height + caption.height))
    sheet.paste(_background(layout, colours), (0, 0))
    sheet.paste(cells, (0, layout.size))
    sheet.paste(caption, (0, layout.size + cells.height))
    return sheet.quantize(255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def draw_board(
    board: Board,
    *,
    size: int = DEFAULT_SIZE,
    flipped: bool = False,
    last_move: Move | None = None,
    show_last_move: bool = True,
    highlights: Iterable[int] = (),
    moves_from: int | None = None,
    theme: Theme | str | None = None,
    caption: str | None = None,
    arrow: Move | None = None,
    line: Sequence[Move] = (),
) -> Image.Image:
    """The board as an RGB Pillow image; `render_board` takes the same options."""
    layout = layout_for(board.variant, size, flipped)
    colours = theme_for(board.variant.name, theme)
    image = _background(layout, colours).copy()
    move = last_move if last_move is not None else (board.peek() if show_last_move else None)

    tints: dict[int, RGB] = {}
    if move is not None:
        tints[move.start] = colours.last_from
        for sq in move.path[1:]:
            tints[sq] = colours.last_to
    for sq in highlights:
        tints[sq] = colours.marked
    targets: list[Move] = []
    if moves_from is not None:
        tints[moves_from] = colours.selected
        targets = [m for m in board.legal_moves if m.start == moves_from]
    for sq, tint in tints.items():
        x0, y0, _, _ = layout.box(sq)
        image.paste(_tile(layout.square, layout.number_px, sq, tint, colours.number), (x0, y0))

    pieces = board.pieces()
    covered = set(pieces)
    if move is not None and move.is_capture:
        ghosts = _ghosts(board, move)
        for sq, ghost in ghosts.items():
            _paste(image, _sprite(colours, layout.square, ghost, colours.ghost_alpha), layout.box(sq)[:2])
        _draw_path(image, layout, move, colours)
        covered.update(ghosts)
        for a, b in itertools.pairwise(move.path):
            covered.update(layout.between(a, b))

    for sq, p in pieces.items():
        _paste(image, _sprite(colours, layout.square, p, 1.0), layout.box(sq)[:2])

    for sq in covered:
        _paste_number(image, layout, sq, colours.number, tints.get(sq, colours.dark))

    if targets:
        dot = sprites.dot(colours.target, layout.square, TARGET_RADIUS)
        for m in targets:
            _paste(image, dot, layout.box(m.end)[:2])

    for index, drawn in enumerate(line):
        draw_arrow(image, layout, drawn, colours.arrow if index % 2 == 0 else colours.path)
    if arrow is not None:
        draw_arrow(image, layout, arrow, colours.arrow)

    if caption is not None:
        image = _with_caption(image, caption, colours)
    return image


def caption_for(board: Board, *, white: str | None = None, black: str | None = None,
                result: str | None = None) -> str:
    """A two-line caption: the players, then the move number, whose turn it is (or the result) and the
    last move.

    >>> from engine import Board
    >>> print(caption_for(Board("english"), white="Ann", black="Bob"))
    Red: Bob  ·  White: Ann
    Move 1  ·  Red to move
    """
    v = board.variant
    names = {Color.WHITE: white, Color.BLACK: black}
    first = v.first
    order = (first, first.other)
    lines = []
    if white is not None or black is not None:
        lines.append("  ·  ".join(f"{v.side_name(c)}: {names[c] or '?'}" for c in order))
    parts = [f"Move {board.ply // 2 + 1}"]
    if result is None:
        outcome = board.outcome()
        if outcome is not None:
            result = "Draw" if outcome.winner is None else f"{v.side_name(outcome.winner)} wins"
    parts.append(result if result is not None else f"{v.side_name(board.turn)} to move")
    last = board.peek()
    if last is not None:
        parts.append(f"last {last}")
    lines.append("  ·  ".join(parts))
    return "\n".join(lines)


def _ghosts(board: Board, move: Move) -> dict[int, Piece]:
    """The pieces `move` captured, as they stood before it."""
    ghosts: dict[int, Piece] = {}
    if move == board.peek():
        before = board.copy()
        before.pop()
        for sq in move.captures:
            p = before.piece_at(sq)
            if p is not None:
                ghosts[sq] = p
    else:
        mover = board.piece_at(move.end)
        if mover is not None:
            ghosts = {sq: Piece(mover.color.other, False) for sq in move.captures}
    return {sq: p for sq, p in ghosts.items() if board.piece_at(sq) is None}


def _draw_path(image: Image.Image, layout: Layout, move: Move, colours: Theme) -> None:
    """A line from the start square through every landing square, with a dot where the piece turned."""
    centres = [layout.center(sq) for sq in move.path]
    for (x1, y1), (x2, y2) in itertools.pairwise(centres):
        steps = max(1, round(abs(x2 - x1) / layout.square))
        falling = (x2 > x1) == (y2 > y1)
        line, pad = sprites.segment(colours.path, layout.square, steps, falling)
        image.paste(line, (min(x1, x2) - pad, min(y1, y2) - pad), line)
    dot = sprites.dot(colours.path, layout.square, 0.1)
    half = layout.square // 2
    for x, y in centres[1:-1]:
        image.paste(dot, (x - half, y - half), dot)


def _sprite(colours: Theme, square: int, p: Piece, alpha: float) -> Image.Image:
    style = colours.style(p.color is Color.BLACK)
    return sprites.piece(style, square, p.king, colours.outline_width, alpha)


def _paste(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    image.paste(sprite, xy, sprite)


@lru_cache(maxsize=32)
def _background(layout: Layout, colours: Theme) -> Image.Image:
    """Frame, squares, file and rank names, square numbers: everything that does not change."""
    image = Image.new("RGB", (layout.size, layout.size), colours.frame)
    d = ImageDraw.Draw(image)
    q = layout.square
    for row in range(layout.n):
        for col in range(layout.n):
            x, y = layout.cell_xy(row, col)
            d.rectangle((x, y, x + q - 1, y + q - 1), fill=colours.light)
    for sq in range(1, len(layout.cells) + 1):
        x0, y0, _, _ = layout.box(sq)
        image.paste(_tile(q, layout.number_px, sq, colours.dark, colours.number), (x0, y0))
    label = sprites.font(layout.label_px)
    bottom = layout.origin + layout.board_px + (layout.size - layout.origin - layout.board_px) // 2
    for col, name in enumerate(layout.files):
        x, _ = layout.cell_xy(0, col)
        d.text((x + q // 2, bottom), name, fill=colours.label, font=label, anchor="mm")
    for row, name in enumerate(layout.ranks):
        _, y = layout.cell_xy(row, 0)
        d.text((layout.origin // 2, y + q // 2), name, fill=colours.label, font=label, anchor="mm")
    return image


def _number_sprite(q: int, px: int, square: int, ink: RGB, halo: RGB) -> tuple[Image.Image, int]:
    """The number of a square (`px` pixels high) with its halo, and how far it sits from the square's
    top-left corner."""
    stroke = max(1, round(q * 0.03))
    sprite = sprites.number(str(square), px, ink, halo, stroke)
    return sprite, max(2, round(q * 0.05)) - stroke


def _paste_number(image: Image.Image, layout: Layout, square: int, ink: RGB, halo: RGB) -> None:
    sprite, offset = _number_sprite(layout.square, layout.number_px, square, ink, halo)
    x0, y0, _, _ = layout.box(square)
    image.paste(sprite, (x0 + offset, y0 + offset), sprite)


@lru_cache(maxsize=1024)
def _tile(q: int, px: int, square: int, fill: RGB, ink: RGB) -> Image.Image:
    """A playing square in one colour with its number (`px` pixels high) in the top-left corner."""
    tile = Image.new("RGB", (q, q), fill)
    sprite, offset = _number_sprite(q, px, square, ink, fill)
    tile.paste(sprite, (offset, offset), sprite)
    return tile


def _with_caption(image: Image.Image, caption: str, colours: Theme) -> Image.Image:
    lines = caption.splitlines() or [""]
    w = image.width
    line_h = round(w * CAPTION_LINE)
    strip = line_h * len(lines) + line_h // 3
    out = Image.new("RGB", (w, image.height + strip), colours.caption_bg)
    out.paste(image, (0, 0))
    d = ImageDraw.Draw(out)
    f, wide = sprites.caption_font(round(line_h * 0.55))
    if not wide:
        lines = [sprites.ascii_fold(line) for line in lines]
    room = w - 2 * line_h // 3
    lines = [_fit(line, f, room, "…" if wide else "...") for line in lines]
    for i, text in enumerate(lines):
        d.text((w // 2, image.height + line_h // 6 + i * line_h + line_h // 2), text, fill=colours.caption_fg,
               font=f, anchor="mm")
    return out


def _fit(text: str, f: sprites.Font, room: float, ellipsis: str) -> str:
    """`text`, cut short with an ellipsis if it is wider than `room` pixels."""
    if f.getlength(text) <= room:
        return text
    while text and f.getlength(text + ellipsis) > room:
        text = text[:-1]
    return text.rstrip() + ellipsis
