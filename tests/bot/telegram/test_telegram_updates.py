"""Updates the bot must take in its stride (issue 21): forwarded messages, button presses that carry
nothing, and updates python-telegram-bot cannot read, in polling and in webhook mode."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes.stub_service import StubService
from tests.fakes.telegram_server import FakeTelegram, StartAdapter, group, user

ALICE = user(1001, "Alice", "alice", "en")
BOB = user(1002, "Bob", "bob", "en")
GROUP = group()


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
