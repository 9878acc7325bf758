"""Requests to a pool of worker processes, several at once: a review's positions split into chunks that
keep every process busy, and a batch run with no more at a time than the pool has processes.

>>> chunks_of(20, 1, most=8), chunks_of(20, 2, most=8)
([(0, 5), (6, 12), (13, 19)], [(0, 4), (5, 9), (10, 14), (15, 19)])
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def chunks_of(positions: int, processes: int, *, most: int) -> list[tuple[int, int]]:
    """The first and last position of each chunk: at most `most` positions each, as even as can be, and
    as many chunks as gives each process the same number of them."""
    share = max(1, processes)
    count = share * -(-positions // (share * most))
    bounds = [positions * i // count for i in range(count + 1)]
    return [(first, last - 1) for first, last in itertools.pairwise(bounds) if last > first]


async def bounded(calls: Sequence[Callable[[], Awaitable[T]]], limit: int) -> list[T]:
    """The calls' results in their order, with at most `limit` (at least one) running at once. The first
    failure cancels the calls still running or waiting and is raised as it is."""
    gate = asyncio.Semaphore(max(1, limit))
    failed = False

    async def one(call: Callable[[], Awaitable[T]]) -> T:
        nonlocal failed
        async with gate:
            if failed:  # one failed while this one waited: it never starts
                raise asyncio.CancelledError
            try:
                return await call()
            except BaseException:
                failed = True  # before the gate lets the next one in
                raise

    tasks = [asyncio.ensure_future(one(call)) for call in calls]
    try:
        return list(await asyncio.gather(*tasks))
    finally:
        for task in tasks:
            task.cancel()


Progress = Callable[[int, int], None]
"""Told (done, of) as a piece of work goes: a review's positions searched and its positions."""


def counted(progress: Progress | None, of: int) -> Callable[[Sequence[object]], None] | None:
    """What `progress` is told as each chunk of `of` positions comes in (None: nobody asks).

    >>> seen = []; tell = counted(lambda done, of: seen.append((done, of)), 5)
    >>> tell([1, 2]); tell([3, 4, 5]); seen
    [(2, 5), (5, 5)]
    """
    if progress is None:
        return None
    done = 0

    def chunk(found: Sequence[object]) -> None:
        nonlocal done
        done = min(of, done + len(found))
        progress(done, of)

    return chunk
