"""Places at the search workers for the bot's turns: at most as many turns search at once as there are
workers, and a waiting turn gets the next free place by when it began (the longest waiting first, then in
the order they came). A turn keeps its place for all its questions to the workers, so no other game's
search gets between its move and its draw offer; without places, every turn's second question queued
behind every other game's search, and all the moves came at the end."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class TurnQueue:
    def __init__(self, places: int) -> None:
        self._free = max(1, places)
        self._waiting: list[tuple[float, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()

    @asynccontextmanager
    async def place(self, began: float) -> AsyncIterator[None]:
        """Hold a place while the block runs, waiting for one first if none is free; `began` orders
        the waiting turns (earliest first)."""
        if self._free > 0:  # a place is free only while no turn waits
            self._free -= 1
        else:
            given: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            heapq.heappush(self._waiting, (began, next(self._arrivals), given))
            try:
                await given
            except asyncio.CancelledError:
                if given.done() and not given.cancelled():  # the place came as the turn was cancelled
                    self._give_back()
                raise
        try:
            yield
        finally:
            self._give_back()

    def _give_back(self) -> None:
        """Pass a place on to the first turn still waiting, or free it."""
        while self._waiting:
            _, _, given = heapq.heappop(self._waiting)
            if not given.done():  # a turn cancelled while it waited is skipped
                given.set_result(None)
                return
        self._free += 1
