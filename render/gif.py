"""Animated GIF replays: one frame per move, the move highlighted, one shared palette."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image

from engine import Board, Color
from render.board import draw_board, palette_for
from render.theme import Theme

GIF_SIZE = 480


@dataclass(frozen=True)
class Captions:
    """The words of a replay's captions, for another language: templates with `{side}`, `{number}` and
    `{move}`, the sides' names (white, black; default the variant's), and `final`, the result to show
    on the last frame instead of the engine's (a resignation or a claim the board does not know)."""

    start: str = "Start  ·  {side} to move"
    move: str = "Move {number}  ·  {side} {move}"
    won: str = "{side} wins"
    drawn: str = "draw"
    sides: tuple[str, str] | None = None
    final: str | None = None


def render_game_gif(
    board: Board,
    *,
    start: int = 0,
    stop: int | None = None,
    size: int = GIF_SIZE,
    flipped: bool = False,
    theme: Theme | str | None = None,
    title: str | None = None,
    frame_ms: int = 900,
    first_ms: int = 2000,
    last_ms: int = 4000,
    captions: Captions | None = None,
) -> bytes:
    """A replay of `board`'s game as GIF bytes: the position after ply `start`, then one frame per move
    up to ply `stop` (default: the last move), each with that move highlighted and named in a caption.
    All frames share one palette with a free index, so the GIF writer stores each frame as the few
    pixels that changed.

    The game is replayed from `board.start_fen` through `board.move_stack`; `title` (for example the
    players) is an extra caption line on every frame. The first and last frames stay longer. `captions`
    gives the captions' words (English by default).
    """
    words = captions or Captions()
    moves = list(board.move_stack)
    stop = len(moves) if stop is None else stop
    if not 0 <= start <= stop <= len(moves):
        raise ValueError(f"replay range {start}..{stop} is outside the game's {len(moves)} plies")
    variant = board.variant
    replay = Board(variant.name, fen=board.start_fen)
    for move in moves[:start]:
        replay.push(move)
    palette = palette_for(variant.name, size, theme)

    def side(color: Color) -> str:
        if words.sides is None:
            return variant.side_name(color)
        return words.sides[0] if color is Color.WHITE else words.sides[1]

    def frame() -> Image.Image:
        """The current position, mapped onto the shared palette at once (a long game's frames would take
        three times the memory as RGB)."""
        last = replay.peek()
        if last is None:
            line = words.start.format(side=side(replay.turn))
        else:
            number = (replay.ply - 1) // 2 + 1
            line = words.move.format(number=number, side=side(replay.turn.other), move=last)
        if replay.ply == stop and replay.ply == len(moves):
            outcome = replay.outcome()
            if words.final is not None:
                line += f"  ·  {words.final}"
            elif outcome is not None:
                won = None if outcome.winner is None else words.won.format(side=side(outcome.winner))
                line += f"  ·  {won or words.drawn}"
        caption = line if title is None else f"{title}\n{line}"
        image = draw_board(replay, size=size, flipped=flipped, theme=theme, caption=caption)
        return image.quantize(palette=palette, dither=Image.Dither.NONE)

    indexed = [frame()]
    for move in moves[start:stop]:
        replay.push(move)
        indexed.append(frame())

    durations = [frame_ms] * len(indexed)
    durations[0] = first_ms
    if len(durations) > 1:
        durations[-1] = last_ms
    out = io.BytesIO()
    indexed[0].save(out, "GIF", save_all=True, append_images=indexed[1:], duration=durations, loop=0,
                    optimize=True)
    return out.getvalue()
