"""Per-user rate limits and a bound on the work in hand (issue 11, item 29).

Each user has two token buckets: one for cheap requests (moves, buttons, most commands) and a strict one
for heavy ones (a GIF replay, a PDN, a game against the bot). A request that finds its bucket empty is
refused politely once; further ones are dropped without a word until the bucket refills, so a flood costs
almost nothing and gets one answer. Events being handled at once are bounded per user and in all.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from bot.config import LimitsConfig

HEAVY = frozenset({"gif", "pdn", "play"})


class Throttled(Exception):
    """A request over its limit: `key` and `values` for the reply, or `silent` when it gets none."""

    def __init__(self, key: str, silent: bool, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.silent = silent
        self.values = values


@dataclass
class _Bucket:
    tokens: float
    at: float
    told: bool = False


class Limiter:
    """The buckets and the counts of events in hand; `clock` is monotonic seconds."""

    def __init__(self, config: LimitsConfig, clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self.clock = clock
        self._buckets: OrderedDict[tuple[str, str, bool], _Bucket] = OrderedDict()
        self._busy: dict[tuple[str, str], int] = {}
        self._total = 0

    def applies(self, platform: str) -> bool:
        return platform in self.config.platforms

    def admit(self, platform: str, user_id: str, request: str) -> None:
        """Take a token for `request` (a command name, "move" or "button"), or raise `Throttled`."""
        if not self.applies(platform):
            return
        heavy = request in HEAVY
        burst = self.config.heavy_burst if heavy else self.config.burst
        rate = (self.config.heavy_per_minute if heavy else self.config.per_minute) / 60.0
        now = self.clock()
        key = (platform, user_id, heavy)
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(float(burst), now)
            if len(self._buckets) > self.config.tracked_users:
                self._buckets.popitem(last=False)
        self._buckets.move_to_end(key)
        bucket.tokens = min(float(burst), bucket.tokens + max(0.0, now - bucket.at) * rate)
        bucket.at = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            bucket.told = False
            return
        wait = max(1, math.ceil((1.0 - bucket.tokens) / rate - 1e-9))
        silent, bucket.told = bucket.told, True
        raise Throttled("rate-limited-heavy" if heavy else "rate-limited", silent, seconds=wait)

    @contextmanager
    def in_hand(self, platform: str, user_id: str) -> Iterator[None]:
        """Count an event being handled; raise `Throttled` (silent) when too many are."""
        if not self.applies(platform):
            yield
            return
        key = (platform, user_id)
        mine = self._busy.get(key, 0)
        if mine >= self.config.busy_per_user:
            raise Throttled("busy-queue", True)
        if self._total >= self.config.busy_total:
            raise Throttled("busy-queue", False)
        self._busy[key] = mine + 1
        self._total += 1
        try:
            yield
        finally:
            self._total -= 1
            left = self._busy[key] - 1
            if left:
                self._busy[key] = left
            else:
                del self._busy[key]
