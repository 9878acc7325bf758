"""Updates the bot must take in its stride (issue 21): forwarded messages, button presses that carry
nothing, and updates python-telegram-bot cannot read, in polling and in webhook mode."""

from __future__ import annotations

import logging
import socket
from typing import Any

import aiohttp
import pytest

from tests.fakes.stub_service import StubService
from tests.fakes.telegram_server import FakeTelegram, StartAdapter, group, user

ALICE = user(1001, "Alice", "alice", "en")
BOB = user(1002, "Bob", "bob", "en")
GROUP = group()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_forwarded_messages_are_neither_moves_nor_commands(fake: FakeTelegram,
                                                                 start_adapter: StartAdapter) -> None:
    service = StubService()
    await start_adapter(service)
    forwarded: dict[str, Any] = {"forward_origin": {"type": "user", "date": 0, "sender_user": BOB}}
    fake.send_text(GROUP, ALICE, "22-17", **forwarded)  # Bob's move, forwarded by Alice
    fake.send_text(GROUP, ALICE, "/resign", **forwarded)
    fake.send_text(GROUP, ALICE, "/board")
    await fake.wait_for("sendMessage")
    assert [(e.command, e.text) for e in service.events] == [("board", "/board")]
    assert [c.words for c in fake.since(0, "sendMessage")] == ["got board"]


async def test_a_press_with_neither_data_nor_a_game_is_answered(fake: FakeTelegram,
                                                                start_adapter: StartAdapter,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    service = StubService()
    await start_adapter(service)
    fake.send_text(GROUP, ALICE, "/board")
    board = await fake.wait_for("sendMessage")
    fake.push({"callback_query": {"id": "78", "from": ALICE, "chat_instance": "ci", "message": board.result}})
    fake.push({"callback_query": {"id": "79", "from": ALICE, "chat_instance": "ci", "message": board.result,
                                  "game_short_name": "draughts"}})  # a game's button: not ours either
    answered = await fake.wait_for("answerCallbackQuery", count=2)
    assert {c.params["callback_query_id"] for c in fake.since(0, "answerCallbackQuery")} == {"78", "79"}
    assert answered.params.keys() == {"callback_query_id"}
    assert [e.command for e in service.events] == ["board"]  # nothing pressed: not an event
    assert "Error while handling a Telegram update" not in caplog.text


def old_poll(fake: FakeTelegram) -> dict[str, Any]:
    """A group poll as an older Bot API server sends it (no `type`, `is_anonymous`...): PTB cannot read
    the update it comes in."""
    message = fake.send_text(GROUP, BOB, "")
    del message["text"]
    message["poll"] = {"id": "p1", "question": "Who wins?", "is_closed": False,
                       "options": [{"text": "Alice", "voter_count": 0}, {"text": "Bob", "voter_count": 0}]}
    return message


def skipped(caplog: pytest.LogCaptureFixture, update_id: int) -> list[str]:
    """What the log says about the update: one line, no traceback, and nothing from PTB's own parser."""
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    said = [r for r in caplog.records if f"update {update_id} " in r.getMessage()]
    assert all(r.exc_info is None for r in said)
    return [r.getMessage() for r in said]


async def test_polling_skips_an_update_it_cannot_read(fake: FakeTelegram, start_adapter: StartAdapter,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    service = StubService()
    await start_adapter(service)
    await fake.wait_for("getUpdates", answered=False)
    mark = fake.mark()
    old_poll(fake)  # update 1, queued by send_text
    fake.send_text(GROUP, ALICE, "/board")  # update 2
    assert (await fake.wait_for("sendMessage")).words == "got board"
    await fake.wait_for("getUpdates", after=mark, where=lambda c: c.params.get("offset") == 3, answered=False)
    assert fake.confirmed == 2
    assert len(fake.since(mark, "getUpdates")) < 5  # no loop fetching the same update again and again
    assert [e.command for e in service.events] == ["board"]
    [said] = skipped(caplog, 1)
    assert "cannot read" in said


async def test_a_webhook_acknowledges_an_update_it_cannot_read(
        fake: FakeTelegram, start_adapter: StartAdapter, caplog: pytest.LogCaptureFixture) -> None:
    service = StubService()
    port = free_port()
    await start_adapter(service, webhook_url="https://tammi.example/hook", listen="127.0.0.1", port=port,
                        secret_token="s3cret")
    board = fake.send_text(GROUP, ALICE, "/board")
    async with aiohttp.ClientSession() as session:
        url, secret = f"http://127.0.0.1:{port}/hook", {"X-Telegram-Bot-Api-Secret-Token": "s3cret"}
        for update in ({"update_id": 7, "message": old_poll(fake)}, {"update_id": 8, "message": board}):
            async with session.post(url, json=update, headers=secret) as answered:
                assert answered.status == 200  # so Telegram does not post it again
    assert (await fake.wait_for("sendMessage")).words == "got board"
    assert [e.command for e in service.events] == ["board"]
    assert len(skipped(caplog, 7)) == 1
