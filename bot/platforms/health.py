"""The health endpoint for orchestrators and Prometheus metrics, on `[health] listen:port`.

`/healthz` answers 200 when the database answers a query and every chat adapter is up (started and,
by its own account, connected to its platform: `Adapter.connected`), else 503 with what is down.
`/metrics` serves moves played, the round trip of a typed move (from its event to its reply: stored
and drawn), events whose handling failed, and which adapters are connected. The adapters talk to
`MeasuredService`, which times the events on their way to the real service.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from aiohttp import web
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

from bot.chat.events import BoardPosted, Event, Reply, Service, TypedReach
from bot.chat.grammar import find_move
from bot.presentation.messages import Sender
from bot.storage.repository import Repository

MOVE_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    """The bot's Prometheus metrics, in a registry of their own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.moves = Counter("tammi_moves", "Moves played by people", ["platform"], registry=self.registry)
        self.move_seconds = Histogram("tammi_move_seconds", "From a typed move's event to its reply",
                                      ["platform"], buckets=MOVE_BUCKETS, registry=self.registry)
        self.errors = Counter("tammi_errors", "Events whose handling failed", ["platform"],
                              registry=self.registry)
        self.adapters = Gauge("tammi_adapter_connected", "1 while the chat adapter is connected to its "
                              "platform", ["adapter"], registry=self.registry)


def is_typed_move(event: Event) -> bool:
    """Whether the event is a move (a message shaped like one, or the move command)."""
    if event.button is not None:
        return False
    return event.command == "move" or (event.command is None and find_move(event.text) is not None)


class MeasuredService:
    """The service as the adapters see it, counting moves and errors and timing moves on the way."""

    def __init__(self, service: Service, metrics: Metrics) -> None:
        self.service = service
        self.metrics = metrics

    async def handle(self, event: Event) -> list[Reply]:
        started = time.perf_counter()
        try:
            replies = await self.service.handle(event)
        except Exception:
            self.metrics.errors.labels(event.platform).inc()
            raise
        if is_typed_move(event) and replies and replies[0].kind == "board":
            self.metrics.moves.labels(event.platform).inc()
            self.metrics.move_seconds.labels(event.platform).observe(time.perf_counter() - started)
        return replies

    def add_sender(self, platform: str, sender: Sender, *, reads_typed: TypedReach = True) -> None:
        self.service.add_sender(platform, sender, reads_typed=reads_typed)

    def board_posted(self, posted: BoardPosted) -> None:
        self.service.board_posted(posted)

    async def suggest_moves(self, platform: str, channel_id: str, user_id: str) -> list[str]:
        return await self.service.suggest_moves(platform, channel_id, user_id)

    def rule_topics(self, locale: str | None) -> list[tuple[str, str]]:
        return self.service.rule_topics(locale)

    async def channel_language(self, platform: str, channel_id: str, locale: str | None = None) -> str:
        return await self.service.channel_language(platform, channel_id, locale)

    async def move_channel(self, platform: str, old: str, new: str) -> None:
        await self.service.move_channel(platform, old, new)


class HealthServer:
    """`/healthz` and `/metrics` over HTTP."""

    def __init__(self, repository: Repository, metrics: Metrics,
                 adapters: Callable[[], Sequence[tuple[str, bool]]], *, listen: str, port: int) -> None:
        self.repository = repository
        self.metrics = metrics
        self.adapters = adapters  # (name, up) of each adapter, asked at each request
        self.listen, self.port = listen, port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._health)
        app.router.add_get("/metrics", self._metrics)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.listen, self.port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner

    async def close(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def problems(self) -> list[str]:
        """What is down (empty when all is well)."""
        down = []
        try:
            await self.repository.schema_version()
        except Exception as error:
            down.append(f"database: {type(error).__name__}")
        for name, up in self.adapters():
            self.metrics.adapters.labels(name).set(1 if up else 0)
            if not up:
                down.append(f"{name}: not connected")
        return down

    async def _health(self, request: web.Request) -> web.Response:
        down = await self.problems()
        if down:
            return web.Response(status=503, text="down: " + "; ".join(down) + "\n")
        return web.Response(text="ok\n")

    async def _metrics(self, request: web.Request) -> web.Response:
        await self.problems()  # brings the adapter gauges up to date
        return web.Response(body=generate_latest(self.metrics.registry),
                            headers={"Content-Type": CONTENT_TYPE_LATEST})
