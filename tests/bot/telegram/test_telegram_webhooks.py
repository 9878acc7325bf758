"""Telegram webhook workers: two adapters in webhook mode, each with its own service and repository on one
PostgreSQL database (as two processes behind a reverse proxy would be), each on its own port. The test
spreads the updates over them as the proxy would: a move delivered to either is stored once, even when
the same update reaches both (Telegram delivers an update again when its answer was late, and the proxy
may pick the other worker), and one worker stopping leaves the webhook to the other. A polling process
stops when a webhook worker starts."""

from __future__ import annotations

import asyncio
import itertools
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import aiohttp
import pytest
from telegram.ext import AIORateLimiter

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, PictureConfig
from bot.platforms.base import Stopped
from bot.platforms.telegram import TelegramAdapter
from bot.storage import Repository
from tests.bot.databases import Databases
from tests.fakes.stub_service import StubService
from tests.fakes.telegram_server import FakeTelegram, StartAdapter, config_for, group, user

ALICE = user(1001, "Alice", "alice", "en")
BOB = user(1002, "Bob", "bob", "en")
GROUP = group()
HOOK = "https://tammi.example/telegram"
SECRET = "s3cret-token"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Worker:
    """One webhook process's worth: repository, service and adapter on its own port."""

    def __init__(self, storage: Repository, service: GameService, adapter: TelegramAdapter,
                 port: int) -> None:
        self.storage, self.service, self.adapter, self.port = storage, service, adapter, port

    @classmethod
    async def start(cls, fake: FakeTelegram, database: str) -> Worker:
        storage = await open_repository(database)
        service = GameService(storage, Config(database=database, picture=PictureConfig(size=96, workers=0)))
        await service.start()
        port = free_port()
        adapter = TelegramAdapter(
            service, config_for(fake, webhook_url=HOOK, listen="127.0.0.1", port=port, secret_token=SECRET),
            rate_limiter=AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=3))
        await adapter.start()
        return cls(storage, service, adapter, port)

    async def stop(self) -> None:
        await self.adapter.close()
        await self.service.close()
        await self.storage.close()


@pytest.fixture
async def workers(fake: FakeTelegram, databases: Databases,
                  monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[list[Worker]]:
    monkeypatch.setenv("PTB_TIMEDELTA", "1")  # see conftest
    database = await databases.new("postgres")
    started: list[Worker] = []
    try:
        for _ in range(2):
            started.append(await Worker.start(fake, database))
        yield started
    finally:
        for worker in started:
            await worker.stop()


async def until(found: Callable[[], Awaitable[object]], timeout: float = 15.0) -> None:
    """Wait until `found()` gives something (a worker answers 200 before it handles the update)."""
    async def poll() -> None:
        while not await found():
            await asyncio.sleep(0.05)

    await asyncio.wait_for(poll(), timeout)


class Proxy:
    """Delivers updates to the workers' ports, as the reverse proxy in front of them would."""

    def __init__(self, fake: FakeTelegram, session: aiohttp.ClientSession) -> None:
        self.fake = fake
        self.session = session
        self.ids = itertools.count(1)

    def update(self, sender: dict[str, Any], text: str) -> dict[str, Any]:
        return {"update_id": next(self.ids), "message": self.fake.send_text(GROUP, sender, text)}

    async def deliver(self, worker: Worker, update: dict[str, Any]) -> None:
        url = f"http://127.0.0.1:{worker.port}/telegram"
        headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
        async with self.session.post(url, json=update, headers=headers) as answer:
            assert answer.status == 200


async def test_webhook_workers_share_one_database_and_store_each_move_once(
        fake: FakeTelegram, workers: list[Worker]) -> None:
    first, second = workers
    hooks = fake.since(0, "setWebhook")
    assert len(hooks) == 2 and {hook.params["url"] for hook in hooks} == {HOOK}
    assert not fake.since(0, "getUpdates")
    async with aiohttp.ClientSession() as session:
        proxy = Proxy(fake, session)
        await proxy.deliver(second, proxy.update(BOB, "hello"))  # Bob's username is noted by the second
        await until(lambda: first.storage.by_handle("telegram", "bob"))  # (handled after the 200)
        mark = fake.mark()
        await proxy.deliver(first, proxy.update(ALICE, "/challenge @bob black"))  # and known to the first
        assert "challenges" in (await fake.wait_for("sendMessage", after=mark, timeout=15)).words
        mark = fake.mark()
        await proxy.deliver(second, proxy.update(BOB, "/accept"))
        await fake.wait_for("sendPhoto", after=mark, timeout=15)
        for worker, player, move in ((first, ALICE, "11-15"), (second, BOB, "22-18")):
            mark = fake.mark()
            await proxy.deliver(worker, proxy.update(player, move))
            board = await fake.wait_for("sendPhoto", after=mark, timeout=15)
            assert f"played {move}" in board.words
        # One update delivered to both workers at once: one applies it, the other refuses it.
        mark = fake.mark()
        twice = proxy.update(ALICE, "15x22")
        await asyncio.gather(proxy.deliver(first, twice), proxy.deliver(second, twice))
        board = await fake.wait_for("sendPhoto", after=mark, timeout=15)
        refused = await fake.wait_for("sendMessage", after=mark, timeout=15)
        assert "Alice played 15x22" in board.words
        assert "not your turn" in refused.words or "changed while" in refused.words  # as the race went
        assert [call.words for call in fake.since(mark, "sendPhoto")] == [board.words]
        game = await first.storage.active_game_for("telegram", str(GROUP["id"]), str(ALICE["id"]))
        assert game is not None and game.moves == ("11-15", "22-18", "15x22")
        # One worker stops (a restart, a deploy): the webhook stays set, and the other takes the moves.
        await first.stop()
        workers.remove(first)
        assert fake.webhook is not None and not fake.since(0, "deleteWebhook")
        mark = fake.mark()
        await proxy.deliver(second, proxy.update(BOB, "26x17"))
        assert "Bob played 26x17" in (await fake.wait_for("sendPhoto", after=mark, timeout=15)).words
        game = await second.storage.get_game(game.id)
        assert game is not None and game.moves == ("11-15", "22-18", "15x22", "26x17")


async def test_a_poller_stops_when_a_webhook_worker_starts(fake: FakeTelegram, start_adapter: StartAdapter,
                                                           databases: Databases) -> None:
    """Someone starts a webhook worker while a polling process runs: Telegram ends the poll with 409, and
    the poller stops (saying why) instead of fighting the webhook for the updates."""
    poller = await start_adapter(StubService())
    await fake.wait_for("getUpdates", answered=False)
    worker = await Worker.start(fake, await databases.new("postgres"))
    try:
        with pytest.raises(Stopped, match=r"^another process is polling this bot: .* webhook is active"):
            await asyncio.wait_for(poller.wait_closed(), 15)
        mark = fake.mark()
        await poller.close()
        assert fake.webhook is not None and fake.since(mark) == []  # nothing more from the poller
    finally:
        await worker.stop()
