"""Puzzle mining in the background: the finished games of the channels the operator allows, scanned for
puzzles (`engine.puzzles.scan_game`) in a worker process, a few games a round, each game once.

A round runs only in the process that claims it in the database ("puzzle-mining"), so processes that
share a PostgreSQL database take turns; a game's puzzles are stored with the mark that it was mined, in
one transaction, so a game two processes scanned is stored once (`bot.storage.mined_store`). A game
whose record cannot be read, or whose scan fails (or whose job the queue gave up), is marked mined with
nothing found (and logged), so it is not tried again and again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Protocol

from bot.domain.model import Game
from bot.flows.periodic import Periodic
from bot.storage.mined_records import Channels, MinedRecords
from engine.puzzles import Scan

log = logging.getLogger(__name__)

Scanner = Callable[[Game], Awaitable[Scan]]


class Store(MinedRecords, Protocol):
    """What mining needs of the repository."""

    def claim(self, work: str) -> AbstractAsyncContextManager[bool]: ...


@dataclass(frozen=True)
class Mining:
    """What the operator allows: the channels (None: all), the games per round, the seconds between."""

    channels: Channels
    per_round: int = 5
    interval: float = 600.0


@dataclass
class Mined:
    """What a round did: games scanned, games stored (not mined by another process first), puzzles kept."""

    games: int = 0
    stored: int = 0
    puzzles: int = 0


class Miner(Periodic):
    what = "puzzle mining"

    def __init__(self, store: Store, scan: Scanner, mining: Mining, clock: Callable[[], float]) -> None:
        super().__init__(mining.interval)
        self.store = store
        self.scan = scan
        self.mining = mining
        self.clock = clock
        # the job queue's, when in use: False when the queue gave the game's job up
        self.hand_off: Callable[[Game], Awaitable[bool]] | None = None

    async def tick(self) -> None:
        mined = await self.run()
        if mined.games:
            log.info("puzzle mining: %d games scanned, %d puzzles kept", mined.games, mined.puzzles)

    async def run(self) -> Mined:
        """One round, unless another task or process is mining."""
        mined = Mined()
        async with self.store.claim("puzzle-mining") as ours:
            if not ours:
                return mined
            for game in await self.store.games_to_mine(self.mining.channels, self.mining.per_round):
                mined.games += 1
                if self.hand_off is not None and isinstance(game, Game):
                    if await self.hand_off(game):  # a `tammi worker` scans and stores it (`flows.job_work`)
                        continue
                    log.warning("puzzle mining: the job queue gave game #%d up; it is skipped", game.id)
                    scan = None
                else:
                    scan = await self._scan(game)
                puzzles = scan.puzzles if scan is not None else []
                if await self.store.store_mined(game, puzzles, self.clock()):
                    mined.stored += 1
                    mined.puzzles += len(puzzles)
        return mined

    async def _scan(self, game: Game | int) -> Scan | None:
        if isinstance(game, int):
            log.warning("puzzle mining: game #%d cannot be read; it is skipped", game)
            return None
        try:
            return await self.scan(game)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("puzzle mining: scanning game #%d failed; it is skipped", game.id)
            return None
