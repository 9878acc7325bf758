"""The composition root: storage, the service with its workers, and the adapters, opened in order and
closed in reverse with one `AsyncExitStack`. `tammi run` and `tammi console` both start here."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.chat.events import Service
from bot.chat.service import GameService
from bot.config import Config, parse_database
from bot.domain.ratings import Glicko2
from bot.flows import queued
from bot.memory import steady_malloc
from bot.platforms import console
from bot.platforms.base import Adapter, Stopped
from bot.platforms.health import HealthServer, MeasuredService, Metrics
from bot.storage import Repository, SqliteRepository, StorageError
from bot.storage.transfer import Copyable, copy_rows
from bot.workers import ChooseMove


@contextlib.asynccontextmanager
async def open_service(config: Config, *,
                       choose_move: ChooseMove | None = None) -> AsyncIterator[GameService]:
    """The running service over the configured database; closed (and its database) on exit."""
    steady_malloc()  # a process that runs for weeks: keep its heap level
    async with contextlib.AsyncExitStack() as stack:
        repository = await open_repository(config.database)
        stack.push_async_callback(repository.close)
        jobs = await queued.open_jobs(config)  # heavy work on the queue: `[queue] use` and PostgreSQL
        if jobs is not None:
            stack.push_async_callback(jobs.close)
        service = GameService(repository, config, choose_move=choose_move)
        stack.push_async_callback(service.close)
        if jobs is not None:
            limits, poll = service.bot.limits, config.queue.poll.total_seconds()
            service.bot.remote = queued.QueuedTurns(jobs, time_limit=limits.time_limit,
                                                    node_limit=limits.node_limit, poll=poll)
            service.reviewer.remote = queued.QueuedReviews(jobs, poll=poll)
            service.miner.hand_off = queued.QueuedMining(jobs).hand_off
        await service.start()
        yield service


class Watch:
    """The service as the adapters see it (measured when `[health] port` is set) and the adapters'
    state, for the health endpoint."""

    def __init__(self, service: Service, metrics: Metrics | None = None) -> None:
        self.service: Service = service if metrics is None else MeasuredService(service, metrics)
        self.adapters: dict[str, tuple[Adapter, bool]] = {}  # name: (adapter, started and not closed)

    def states(self) -> list[tuple[str, bool]]:
        """(name, up) of each adapter: started, not closed, and connected to its platform now."""
        return [(name, started and adapter.connected) for name, (adapter, started) in self.adapters.items()]


@contextlib.asynccontextmanager
async def watched(config: Config, service: GameService) -> AsyncIterator[Watch]:
    """The health and metrics server on `[health] listen:port` while the block runs (none if no port)."""
    if config.health.port is None:
        yield Watch(service)
        return
    metrics = Metrics()
    watch = Watch(service, metrics)
    server = HealthServer(service.repository, metrics, watch.states, listen=config.health.listen,
                          port=config.health.port)
    await server.start()
    try:
        yield watch
    finally:
        await server.close()


@contextlib.asynccontextmanager
async def running(adapters: Sequence[Adapter], watch: Watch | None = None) -> AsyncIterator[None]:
    """Start the adapters in order; close them in reverse on exit, even after a failed start."""
    states = watch.adapters if watch is not None else {}
    for adapter in adapters:
        states[adapter.name] = (adapter, False)

    async def close(adapter: Adapter) -> None:
        states[adapter.name] = (adapter, False)
        await adapter.close()

    async with contextlib.AsyncExitStack() as stack:
        for adapter in adapters:
            stack.push_async_callback(close, adapter)
            await adapter.start()
            states[adapter.name] = (adapter, True)
        yield


async def watch_adapters(adapters: Sequence[Adapter], stop: asyncio.Event) -> str | None:
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
            why = "" if error is None else f": {error}" if isinstance(error, Stopped) else \
                f": {type(error).__name__}: {error}"
            return f"the {waits[task].name} connection ended{why}"
    return None


async def open_repository(database: Path | str) -> Repository:
    """The repository over the named database: a file path or sqlite:///path (SQLite, the default), or
    postgresql://user@host:port/dbname (PostgreSQL)."""
    where = parse_database(database)
    if where.url is not None:
        from bot.storage.postgres import PostgresRepository

        return await PostgresRepository.open(where.url, Glicko2())
    assert where.path is not None
    return await SqliteRepository.open(where.path, Glicko2())


async def migrate_database(database: Path | str) -> int:
    """`tammi db migrate`: bring the database's schema up to date; its version."""
    repository = await open_repository(database)
    try:
        return await repository.schema_version()
    finally:
        await repository.close()


async def copy_database(source: Path | str, target: Path | str) -> dict[str, int]:
    """`tammi db copy`: every row of `source` into the empty `target`; the rows copied per table."""
    where = parse_database(source)
    if where.path is not None and not where.path.is_file():
        raise StorageError(f"there is no database file {where.path}")
    async with contextlib.AsyncExitStack() as stack:
        repositories = []
        for database in (source, target):
            repository = await open_repository(database)
            stack.push_async_callback(repository.close)
            assert isinstance(repository, Copyable)
            repositories.append(repository)
        try:
            return await copy_rows(*repositories)
        except Exception as error:
            if isinstance(error, StorageError) or type(error).__module__.split(".")[0] not in (
                    "asyncpg", "sqlite3"):
                raise
            raise StorageError(f"{type(error).__name__}: {error}") from error


async def run_console(config: Config, *, lang: str | None = None, user: str = "you",
                      pictures_dir: Path | None = None, stdin: TextIO | None = None,
                      stdout: TextIO | None = None) -> int:
    """`tammi console`: the service over the configured database, and a chat in the terminal."""
    async with open_service(config) as service:
        return await console.chat(service, database=parse_database(config.database).shown, lang=lang,
                                  user=user, pictures_dir=pictures_dir, stdin=stdin, stdout=stdout)
