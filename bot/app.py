"""The composition root: storage, the service with its workers, and the adapters, opened in order and
closed in reverse with one `AsyncExitStack`. `tammi run` and `tammi console` both start here."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.chat.service import GameService
from bot.config import Config
from bot.domain.ratings import Elo
from bot.platforms import console
from bot.platforms.base import Adapter
from bot.storage import Repository, SqliteRepository
from bot.workers import ChooseMove


@contextlib.asynccontextmanager
async def open_service(config: Config, *,
                       choose_move: ChooseMove | None = None) -> AsyncIterator[GameService]:
    """The running service over the configured database; closed (and its database) on exit."""
    async with contextlib.AsyncExitStack() as stack:
        repository = await open_repository(config.database)
        stack.push_async_callback(repository.close)
        service = GameService(repository, config, choose_move=choose_move)
        stack.push_async_callback(service.close)
        await service.start()
        yield service


@contextlib.asynccontextmanager
async def running(adapters: Sequence[Adapter]) -> AsyncIterator[None]:
    """Start the adapters in order; close them in reverse on exit, even after a failed start."""
    async with contextlib.AsyncExitStack() as stack:
        for adapter in adapters:
            stack.push_async_callback(adapter.close)
            await adapter.start()
        yield


async def watch(adapters: Sequence[Adapter], stop: asyncio.Event) -> str | None:
    """Wait until `stop` is set (None) or an adapter stops receiving on its own: then why, for the log."""
    waits: dict[asyncio.Task[Any], Adapter] = {
        asyncio.create_task(adapter.wait_closed(), name=f"tammi-watch-{adapter.name}"): adapter
        for adapter in adapters}
    stopping = asyncio.create_task(stop.wait(), name="tammi-watch-stop")
    try:
        done, _ = await asyncio.wait({stopping, *waits}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (stopping, *waits):
            task.cancel()
    for task in done:
        if task in waits and not task.cancelled():
            error = task.exception()
            why = f": {type(error).__name__}: {error}" if error is not None else ""
            return f"the {waits[task].name} connection ended{why}"
    return None


async def open_repository(database: Path | str) -> Repository:
    """The repository over the configured database (SQLite)."""
    return await SqliteRepository.open(database, Elo())


async def run_console(config: Config, *, lang: str | None = None, user: str = "you",
                      pictures_dir: Path | None = None, stdin: TextIO | None = None,
                      stdout: TextIO | None = None) -> int:
    """`tammi console`: the service over the configured database, and a chat in the terminal."""
    async with open_service(config) as service:
        return await console.chat(service, database=str(config.database), lang=lang, user=user,
                                  pictures_dir=pictures_dir, stdin=stdin, stdout=stdout)
