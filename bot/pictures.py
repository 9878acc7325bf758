"""Pictures and text boards for the service, made off the event loop.

The render package is imported when first needed, so the service still works (without pictures) if it
is missing or broken. Rendering runs in a worker thread (`asyncio.to_thread`) so a picture never blocks
other games. Recent board pictures are cached by position, side and last move.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from engine import Board, Color

log = logging.getLogger(__name__)

CACHE_SIZE = 256


def _render_function(name: str) -> Callable[..., Any] | None:
    try:
        import render
    except Exception:  # pragma: no cover - render missing or broken
        log.warning("the render package cannot be imported; no pictures", exc_info=True)
        return None
    function = getattr(render, name, None)
    if function is None:
        for module_name in ("render.board", "render.gif", "render.text", "render.animation"):
            try:
                module = __import__(module_name, fromlist=[name])
            except ImportError:
                continue
            function = getattr(module, name, None)
            if function is not None:
                break
    return function if callable(function) else None


def text_board(board: Board, *, flipped: bool = False) -> str:
    """The board drawn in text (the render package's drawing, or the engine's as a fallback)."""
    function = _render_function("render_text")
    if function is not None:
        try:
            return str(function(board, flipped=flipped))
        except Exception:
            log.exception("render_text failed")
    text = str(board)
    if flipped:
        text = "\n".join(line[::-1] for line in reversed(text.splitlines()))
    return text


class Pictures:
    """Board PNGs and replay GIFs at one size and theme, with a small cache of board pictures."""

    def __init__(self, size: int, theme: str | None) -> None:
        self.size = size
        self.theme = theme
        self._cache: OrderedDict[tuple[str, str, bool, str], bytes] = OrderedDict()

    async def board_png(self, board: Board, *, flipped: bool) -> bytes | None:
        """The board as PNG bytes, or None if pictures are unavailable."""
        function = _render_function("render_board")
        if function is None:
            return None
        last = board.peek()
        key = (board.variant.name, board.fen(), flipped, str(last) if last else "")
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        snapshot = board.copy()
        try:
            data = await asyncio.to_thread(
                function, snapshot, size=self.size, flipped=flipped, last_move=last, theme=self.theme
            )
        except Exception:
            log.exception("render_board failed")
            return None
        if not isinstance(data, bytes):
            return None
        self._cache[key] = data
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return data

    async def game_gif(self, board: Board, *, flipped: bool) -> bytes | None:
        """The game so far as an animated GIF, or None if the renderer has no animation."""
        function = _render_function("render_game_gif")
        if function is None:
            return None
        snapshot = board.copy()
        kwargs: dict[str, Any] = {"size": self.size, "flipped": flipped, "theme": self.theme}
        try:
            accepted = dict(inspect.signature(function).parameters)
        except (TypeError, ValueError):
            accepted = {}
        if accepted and not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted.values()):
            kwargs = {key: value for key, value in kwargs.items() if key in accepted}
        try:
            data = await asyncio.to_thread(function, snapshot, **kwargs)
        except Exception:
            log.exception("render_game_gif failed")
            return None
        return data if isinstance(data, bytes) else None


def flipped_for(color: Color | None) -> bool:
    """Whether a picture for a player of `color` is drawn from the low-numbers side (Black/Red)."""
    return color is Color.BLACK
