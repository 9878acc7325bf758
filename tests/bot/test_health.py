"""`[health] port`: /healthz answers 200 while the database and the adapters are up and 503 naming what
is down; /metrics counts moves, times them, counts failed events and shows the adapters' state."""

from __future__ import annotations

import re
import socket

import aiohttp
import pytest

from bot.app import open_service, running, watched
from bot.chat.events import Event, Person
from bot.config import Config, HealthConfig, PictureConfig
from bot.platforms.base import answer


class FakeAdapter:
    name = "fake"

    def __init__(self) -> None:
        self.connected = True

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def metric(text: str, name: str) -> float:
    found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    assert found, text
    return float(found[1])


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
