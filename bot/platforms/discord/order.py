"""The order of a channel's messages: the order of the events that caused them.

Every event of a channel (a typed message, a command, a button, a notice the service sends on its own)
takes a `Turn` there when it arrives, and posts its replies when its turn comes: after the earlier
events' replies are posted, however long Discord makes those wait (a rate limit, retries after server
errors), so a later reply never overtakes an earlier one. Only an earlier event whose answer is still
being worked out is waited for at most `limit` seconds (a slow GIF must not hold up the channel); its
replies then follow those that went ahead.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

NOTICE_WAIT = 3.0
"""Seconds a reply waits at most for an earlier event's answer to be worked out (not for its posting)."""


class _Line:
    """A channel's turns: those still working on their answer, and the last one to post."""

    def __init__(self) -> None:
        self.working: list[Turn] = []
        self.last: asyncio.Future[None] | None = None  # done when the last turn in line has posted

    def idle(self) -> bool:
        return not self.working and (self.last is None or self.last.done())


class Turn:
    """One event's place in its channel. `await turn.come()` before posting its replies."""

    def __init__(self, line: _Line, limit: float) -> None:
        self._line = line
        self._limit = limit
        self._working = list(line.working)  # earlier events still working out their answer
        self._ahead = [turn._posted for turn in self._working]  # every earlier event's posting
        if line.last is not None:
            self._ahead.append(line.last)
        self._queued = asyncio.Event()  # set once this turn has its place in line (or has left)
        self._posted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._before: asyncio.Future[None] | None = None  # the posting this one comes after
        line.working.append(self)

    def ahead(self) -> bool:
        """Whether replies of earlier events are still to be posted."""
        return not all(posting.done() for posting in self._ahead)

    async def come(self) -> None:
        """Wait until this event's replies may be posted: after every earlier event's (at most `limit`
        seconds for one still working out its answer)."""
        if not self._queued.is_set():
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self._limit
            for earlier in self._working:
                left = deadline - loop.time()
                if left > 0 and not earlier._queued.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(earlier._queued.wait(), left)
            self._join()
        if self._before is not None:
            await asyncio.shield(self._before)

    def _join(self) -> None:
        self._line.working.remove(self)
        self._before, self._line.last = self._line.last, self._posted
        self._queued.set()

    def _leave(self) -> None:
        """The event is answered: the next turn may post once this one's place is passed."""
        if not self._queued.is_set():  # left without posting: it holds no place
            self._line.working.remove(self)
            self._queued.set()
            self._posted.set_result(None)
        elif self._before is None or self._before.done():
            self._pass()
        else:  # left while waiting (cancelled): its place is passed when the one before has posted
            self._before.add_done_callback(self._pass)

    def _pass(self, _: object = None) -> None:
        if not self._posted.done():
            self._posted.set_result(None)


class ChannelOrder:
    """The turns of every channel."""

    def __init__(self, limit: float = NOTICE_WAIT) -> None:
        self.limit = limit
        self._lines: dict[str, _Line] = {}

    @contextlib.asynccontextmanager
    async def turn(self, channel_id: str) -> AsyncIterator[Turn]:
        """A turn in the channel, from an event's arrival until its replies are posted."""
        line = self._lines.setdefault(channel_id, _Line())
        turn = Turn(line, self.limit)
        try:
            yield turn
        finally:
            turn._leave()
            turn._posted.add_done_callback(lambda _: self._tidy(channel_id, line))

    def _tidy(self, channel_id: str, line: _Line) -> None:
        if self._lines.get(channel_id) is line and line.idle():
            del self._lines[channel_id]
