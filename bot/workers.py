"""Slow work off the event loop: the opponent's searches and the pictures, in worker processes.

Searches and pictures each get their own pool (a long search never holds up a picture). With a pool
size above 0 the work runs in that many processes (both cores work and the bot's own process keeps its
GIL for the conversation); with 0 it runs in threads. Boards travel to the workers
as they are (a `Board` pickles its position and history), so nothing is replayed or re-read from text.
Recent board pictures are cached by position, side and last move.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
from collections import OrderedDict
from collections.abc import Callable
from typing import Literal, TypeVar

import render
from engine import Board, Color, Move, search

log = logging.getLogger(__name__)

CACHE_SIZE = 256
T = TypeVar("T")
ChooseMove = Callable[..., Move]
DrawQuestion = Literal["accept", "offer", "claim"]


def _choose(board: Board, level: int, time_limit: float, node_limit: int | None) -> Move:
    return search.choose_move(board, level=level, time_limit=time_limit, node_limit=node_limit)


def _judge(question: DrawQuestion, board: Board, level: int, color: Color) -> bool | str | None:
    if question == "accept":
        return search.should_accept_draw(board, level, color)
    if question == "offer":
        return search.should_offer_draw(board, color)
    return search.should_claim_draw(board, color)


def _png(board: Board, flipped: bool, size: int, theme: str | None) -> bytes:
    return render.render_board(board, size=size, flipped=flipped, last_move=board.peek(), theme=theme)


def _gif(board: Board, flipped: bool, theme: str | None, title: str | None,
         captions: render.Captions | None) -> bytes:
    return render.render_game_gif(board, flipped=flipped, theme=theme, title=title, captions=captions)


def _ready() -> bool:
    return True


class Workers:
    """The pool, and the requests the bot makes of it. `choose_move` replaces the search (for tests)."""

    def __init__(self, *, search: int = 0, pictures: int = 0, size: int = 480, theme: str | None = None,
                 choose_move: ChooseMove | None = None) -> None:
        self.sizes = {"search": search, "pictures": pictures}
        self.size = size
        self.theme = theme
        self._override = choose_move
        self._pools: dict[str, concurrent.futures.ProcessPoolExecutor] = {}
        self._cache: OrderedDict[tuple[str, str, bool, str], bytes] = OrderedDict()

    async def start(self) -> None:
        """Start the picture processes now rather than on the first picture (searches start on demand)."""
        count = self.sizes["pictures"]
        await asyncio.gather(*(self._run("pictures", _ready) for _ in range(count)))

    async def close(self) -> None:
        """Stop the worker processes (a search still running is abandoned)."""
        pools, self._pools = list(self._pools.values()), {}
        for pool in pools:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)

    async def _run(self, kind: str, function: Callable[..., T], *args: object) -> T:
        processes = self.sizes[kind]
        if processes <= 0:
            return await asyncio.to_thread(function, *args)
        pool = self._pools.get(kind)
        if pool is None:
            context = multiprocessing.get_context("spawn")
            pool = self._pools[kind] = concurrent.futures.ProcessPoolExecutor(processes, mp_context=context)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, function, *args)
        except concurrent.futures.BrokenExecutor:
            self._pools.pop(kind, None)  # a worker died; start fresh ones for the next request
            raise

    # -- the opponent ----------------------------------------------------------------------------

    async def choose(self, board: Board, *, level: int, time_limit: float, node_limit: int | None) -> Move:
        """The opponent's move in the position of `board` (with its history)."""
        if self._override is not None:
            return await asyncio.to_thread(self._override, board.copy(), level=level, time_limit=time_limit,
                                           node_limit=node_limit)
        return await self._run("search", _choose, board.copy(), level, time_limit, node_limit)

    async def judge_draw(self, question: DrawQuestion, board: Board, *, level: int,
                         color: Color) -> bool | str | None:
        """"accept": does the opponent accept a draw offer; "offer": should it offer one; "claim": the draw
        it claims, or None. A stand-in opponent (tests) declines and claims nothing."""
        if self._override is not None:
            return None if question == "claim" else False
        return await self._run("search", _judge, question, board.copy(), level, color)

    # -- pictures --------------------------------------------------------------------------------

    async def board_png(self, board: Board, *, flipped: bool) -> bytes | None:
        """The board as PNG bytes (the last move marked), or None if drawing failed."""
        last = board.peek()
        key = (board.variant.name, board.fen(), flipped, str(last) if last else "")
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        try:
            data = await self._run("pictures", _png, board.copy(), flipped, self.size, self.theme)
        except Exception:
            log.exception("drawing a board failed")
            return None
        self._cache[key] = data
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return data

    async def game_gif(self, board: Board, *, flipped: bool, title: str | None = None,
                       captions: render.Captions | None = None) -> bytes | None:
        """The game so far as an animated GIF (captions in `captions`' words), or None if drawing failed."""
        try:
            return await self._run("pictures", _gif, board.copy(), flipped, self.theme, title, captions)
        except Exception:
            log.exception("drawing a replay failed")
            return None


def flipped_for(color: Color | None) -> bool:
    """Whether a picture for a player of `color` is drawn from the low-numbers side (Black/Red)."""
    return color is Color.BLACK


def text_board(board: Board, *, flipped: bool = False) -> str:
    """The board drawn in text."""
    return render.render_text(board, flipped=flipped)
