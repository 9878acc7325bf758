"""Work on a timer, in a task of its own: the maintenance sweep, puzzle mining, the puzzle of the day."""

from __future__ import annotations

import asyncio
import logging

from bot.storage.repository import Unavailable, WriteRefused

log = logging.getLogger(__name__)


class Periodic:
    """Runs `tick` every `interval` seconds from `start` until `close` (waiting first when `wait_first`). A
    tick that fails is logged and the next one runs as usual: a database that cannot be written in one
    line (a read-only or lost file), one that cannot answer now quietly (the storage says it once per
    outage), anything else with its traceback."""

    what = "background work"  # in the log: "<what> skipped: ..."

    def __init__(self, interval: float, *, wait_first: bool = False) -> None:
        self.interval = interval
        self.wait_first = wait_first
        self._task: asyncio.Task[None] | None = None

    async def tick(self) -> None:
        raise NotImplementedError

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop(), name=f"tammi-{self.what.replace(' ', '-')}")

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _loop(self) -> None:
        if self.wait_first:
            await asyncio.sleep(self.interval)
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except WriteRefused as refused:
                log.warning("%s skipped: %s", self.what, refused)
            except Unavailable as error:
                log.debug("%s skipped: %s", self.what, error)
            except Exception:
                log.exception("%s failed", self.what)
            await asyncio.sleep(self.interval)
