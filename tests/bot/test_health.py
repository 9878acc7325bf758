"""`[health] port`: /healthz answers 200 while the database and the adapters are up and 503 naming what
is down; /metrics counts moves, times them, counts failed events and shows the adapters' state.

`health_of` serves /healthz over real adapters, for the Discord and Telegram tests of `connected`."""

from __future__ import annotations

import asyncio
import contextlib
import re
import socket
from collections.abc import AsyncIterator

import aiohttp
import pytest

from bot.app import Watch, open_service, running, watched
from bot.chat.events import Event, Person
from bot.config import Config, HealthConfig, PictureConfig
from bot.platforms.base import Adapter, answer
from bot.platforms.health import HealthServer, Metrics
from tests.fakes.stub_service import StubService


class FakeAdapter:
    name = "fake"

    def __init__(self) -> None:
        self.connected = True  # what `Adapter.connected` says; the test sets it

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def wait_closed(self) -> None:
        await asyncio.Event().wait()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def metric(text: str, name: str) -> float:
    found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    assert found, text
    return float(found[1])


class Database:
    """A database that always answers, so /healthz speaks of the adapters alone."""

    async def schema_version(self) -> int:
        return 1


class Health:
    """/healthz and the `tammi_adapter_connected` gauge of adapters run as `tammi run` runs them."""

    def __init__(self, http: aiohttp.ClientSession, names: list[str]) -> None:
        self.http = http
        self.names = names

    async def get(self, path: str) -> tuple[int, str]:
        async with self.http.get(path) as response:
            return response.status, await response.text()

    async def state(self) -> tuple[int, str, list[float]]:
        """The /healthz status and text, and each adapter's gauge."""
        status, text = await self.get("/healthz")
        metrics = (await self.get("/metrics"))[1]
        return status, text, [metric(metrics, f'tammi_adapter_connected{{adapter="{name}"}}')
                              for name in self.names]

    async def until(self, status: int, timeout: float = 15.0) -> tuple[int, str, list[float]]:
        """Ask every 50 ms until /healthz answers `status`; the state then."""
        async def poll() -> tuple[int, str, list[float]]:
            while (state := await self.state())[0] != status:
                await asyncio.sleep(0.05)
            return state
        return await asyncio.wait_for(poll(), timeout)


@contextlib.asynccontextmanager
async def health_of(*adapters: Adapter) -> AsyncIterator[Health]:
    """Start the adapters with the health server watching them (closed on exit)."""
    port = free_port()
    metrics = Metrics()
    watch = Watch(StubService(), metrics)
    server = HealthServer(Database(), metrics, watch.states, listen="127.0.0.1",  # type: ignore[arg-type]
                          port=port)
    await server.start()
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as http, running(adapters, watch):
            yield Health(http, [adapter.name for adapter in adapters])
    finally:
        await server.close()


async def test_health_and_metrics(database: str, caplog: pytest.LogCaptureFixture) -> None:
    port = free_port()
    config = Config(database=database, health=HealthConfig(port=port),
                    picture=PictureConfig(size=96, workers=0))
    adapter = FakeAdapter()
    async with open_service(config) as service, watched(config, service) as watch, \
            aiohttp.ClientSession(f"http://127.0.0.1:{port}") as http:

        async def get(path: str) -> tuple[int, str]:
            async with http.get(path) as response:
                return response.status, await response.text()

        async def say(user: str, text: str) -> str:
            mentions = tuple(Person(word[1:], word[1:]) for word in text.split() if word.startswith("@"))
            event = Event("test", "c1", Person(user, user), text=text, mentions=mentions)
            replies = await answer(watch.service, event)
            return replies[0].kind

        async with running([adapter], watch):
            assert await get("/healthz") == (200, "ok\n")
            assert await say("ann", "!tammi challenge @bob white") == "challenge"
            assert await say("bob", "!tammi accept") == "board"
            assert await say("bob", "11-15") == "board"
            assert await say("ann", "11-15") == "error"  # not a move played
            assert await say("ann", "!tammi board") == "board"  # not a move at all

            async def broken(event: Event) -> list[object]:
                raise RuntimeError("disk on fire")

            service.handle = broken  # type: ignore[assignment,method-assign]
            assert await say("ann", "22-18") == "error"
            status, text = await get("/metrics")
            assert status == 200
            assert metric(text, 'tammi_moves_total{platform="test"}') == 1.0
            assert metric(text, 'tammi_move_seconds_count{platform="test"}') == 1.0
            assert metric(text, 'tammi_errors_total{platform="test"}') == 1.0
            assert metric(text, 'tammi_adapter_connected{adapter="fake"}') == 1.0
            adapter.connected = False
            assert await get("/healthz") == (503, "down: fake: not connected\n")
            adapter.connected = True
        assert await get("/healthz") == (503, "down: fake: not connected\n")  # closed
        assert metric((await get("/metrics"))[1], 'tammi_adapter_connected{adapter="fake"}') == 0.0
        await service.repository.close()
        status, text = await get("/healthz")
        assert status == 503 and text.startswith("down: database: StorageError")
    assert "disk on fire" in caplog.text


async def test_no_port_no_server() -> None:
    config = Config(database=":memory:")
    async with open_service(config) as service, watched(config, service) as watch:
        assert watch.service is service
