"""Pictures and text boards for the service, made off the event loop.

The render package is imported when first needed, so the service still works (without pictures) if it
is missing or broken. Rendering runs in a worker thread (`asyncio.to_thread`) so a picture never blocks
other games. Recent board pictures are cached by position, side and last move.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from engine import Board, Color, Move

log = logging.getLogger(__name__)

CACHE_SIZE = 256


def _render_function(name: str) -> Callable[..., Any] | None:
    try:
        import render
    except Exception:  # pragma: no cover - render missing or broken
        log.warning("the render package cannot be imported; no pictures", exc_info=True)
        return None
    function = getattr(render, name, None)
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


def render_position(variant: str, fen: str, last: tuple[tuple[int, ...], tuple[int, ...]] | None,
                    flipped: bool, size: int, theme: str | None) -> bytes | None:
    """A board PNG from plain values: the position before the last move (if any) and that move.

    Runs in a worker process, so it takes and returns only things that pickle cheaply.
    """
    function = _render_function("render_board")
    if function is None:
        return None
    board = Board(variant, fen=fen)
    if last is not None:
        board.push(Move(last[0], last[1]))
    data = function(board, size=size, flipped=flipped, theme=theme)
    return data if isinstance(data, bytes) else None


def _warm_up() -> bool:
    return _render_function("render_board") is not None


class Pictures:
    """Board PNGs and replay GIFs at one size and theme, with a small cache of board pictures.

    With `workers` > 0 board pictures are drawn in that many worker processes (both cores work and the
    event loop's process keeps its GIL for the conversation); with 0 they are drawn in threads.
    """

    def __init__(self, size: int, theme: str | None, workers: int = 0) -> None:
        self.size = size
        self.theme = theme
        self.workers = workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._cache: OrderedDict[tuple[str, str, bool, str], bytes] = OrderedDict()

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    async def start(self) -> None:
        """Start the worker processes now rather than on the first picture."""
        pool = self._executor()
        if pool is not None:
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(pool, _warm_up) for _ in range(self.workers)))

    async def close(self) -> None:
        """Stop the worker processes."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)

    async def _draw(self, board: Board, flipped: bool, last: Move | None) -> bytes | None:
        pool = self._executor()
        if pool is not None:
            before = board.copy()
            if last is not None:
                before.pop()
            path = (last.path, last.captures) if last is not None else None
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(pool, render_position, board.variant.name, before.fen(),
                                                  path, flipped, self.size, self.theme)
            except concurrent.futures.BrokenExecutor:
                self._pool = None  # a worker died; start fresh ones for the next picture
                raise
        function = _render_function("render_board")
        if function is None:
            return None
        data = await asyncio.to_thread(function, board.copy(), size=self.size, flipped=flipped,
                                       last_move=last, theme=self.theme)
        return data if isinstance(data, bytes) else None

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
        try:
            data = await self._draw(board, flipped, last)
        except Exception:
            log.exception("render_board failed")
            return None
        if data is None:
            return None
        self._cache[key] = data
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return data

    async def game_gif(self, board: Board, *, flipped: bool, title: str | None = None) -> bytes | None:
        """The game so far as an animated GIF (the renderer's own GIF size), or None if unavailable."""
        function = _render_function("render_game_gif")
        if function is None:
            return None
        try:
            data = await asyncio.to_thread(function, board.copy(), flipped=flipped, theme=self.theme,
                                           title=title)
        except Exception:
            log.exception("render_game_gif failed")
            return None
        return data if isinstance(data, bytes) else None


def flipped_for(color: Color | None) -> bool:
    """Whether a picture for a player of `color` is drawn from the low-numbers side (Black/Red)."""
    return color is Color.BLACK
