"""`TelegramAdapter.connected` on the fake Bot API server: long polling is connected while getUpdates is
answered (503 while it fails, 200 again when it recovers, 503 when the polling ended); a webhook adapter
is connected once the webhook is set and its server runs."""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest
from telegram.ext import AIORateLimiter

from bot.platforms.telegram import TelegramAdapter
from bot.platforms.telegram.receive import Reception
from tests.bot.test_health import health_of
from tests.fakes.stub_service import StubService
from tests.fakes.telegram_server import FakeTelegram, config_for, group, user

ALICE = user(1001, "Alice", "alice", "en")
GROUP = group()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(autouse=True)
def timedelta_opt_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "1")  # see conftest


def adapter_for(fake: FakeTelegram, service: StubService, **options: Any) -> TelegramAdapter:
    return TelegramAdapter(service, config_for(fake, **options), poll_timeout=2,
                           rate_limiter=AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=3))


async def test_polling_health_follows_get_updates(fake: FakeTelegram) -> None:
    service = StubService()
    adapter = adapter_for(fake, service)
    assert not adapter.connected  # not started
    async with health_of(adapter) as health:
        assert await health.until(200) == (200, "ok\n", [1.0])
        await fake.wait_for("getUpdates", answered=False)
        fake.break_down("getUpdates", times=1_000)  # Telegram's servers in trouble: 502 from now on
        fake.send_text(GROUP, ALICE, "/board")  # ends the long poll in flight, answered as usual
        assert (await fake.wait_for("sendMessage")).words == "got board"
        assert await health.until(503) == (503, "down: telegram: not connected\n", [0.0])
        mark = fake.mark()
        fake.mend("getUpdates")
        fake.send_text(GROUP, ALICE, "/help")  # waiting for the next poll
        assert await health.until(200) == (200, "ok\n", [1.0])
        assert (await fake.wait_for("sendMessage", after=mark)).words == "got help"
        fake.revoke()  # PTB stops polling on 401: the polling loop is dead
        assert await health.until(503) == (503, "down: telegram: not connected\n", [0.0])
    assert not adapter.connected


async def test_a_webhook_adapter_is_connected_once_started(fake: FakeTelegram) -> None:
    adapter = adapter_for(fake, StubService(), webhook_url="https://tammi.example/hook", listen="127.0.0.1",
                          port=free_port())
    async with health_of(adapter) as health:
        assert fake.webhook is not None and adapter.connected
        assert await health.state() == (200, "ok\n", [1.0])
    assert not adapter.connected


def test_reception_is_fresh_only_while_telegram_answers() -> None:
    reception = Reception(patience=0.05)
    assert not reception.receiving  # polling has not begun
    reception.begin()
    assert reception.receiving
    reception.failed()
    assert not reception.receiving
    reception.answered()
    assert reception.receiving
    time.sleep(0.06)  # no answer within the patience: a poll that hangs
    assert not reception.receiving
