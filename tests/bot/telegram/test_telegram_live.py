"""End to end on the fake Telegram: live boards (`/settings live on`), through python-telegram-bot, the
real service and storage. Each move, typed or tapped, edits the game's one board message
(`editMessageMedia`: the new picture, its caption and keyboard) instead of posting a new photo; the Bump
button and `/bump` post it again at the bottom and delete the old one; a board whose message was deleted
is posted anew and is the live one from then on, also after a restart."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.bot.telegram.test_telegram_pings import ALICE, BOB, CAROL, GROUP, Tammi, say
from tests.fakes.telegram_server import Call
from tests.fakes.telegram_tidy import TidyTelegram


@pytest.fixture
async def tidy() -> AsyncIterator[TidyTelegram]:
    server = TidyTelegram()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


@pytest.fixture
async def tammi(tidy: TidyTelegram, database: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Tammi]:
    monkeypatch.setenv("PTB_TIMEDELTA", "1")  # see conftest
    running = Tammi(tidy, database)
    await running.start()
    try:
        yield running
    finally:
        await running.stop()


def labels(fake: TidyTelegram, message: dict[str, Any]) -> list[str]:
    return [label for row in fake.keyboard(message) for label, _ in row]


def data(message: dict[str, Any], label: str, fake: TidyTelegram) -> str:
    return dict(pair for row in fake.keyboard(message) for pair in row)[label]


async def typed_move(fake: TidyTelegram, tammi: Tammi, person: dict[str, Any]) -> tuple[str, int]:
    """`person` types their first legal move; the move, and where the bot's calls were before it."""
    [legal] = (await tammi.service.suggest_moves("telegram", str(GROUP["id"]), str(person["id"])))[:1]
    mark = fake.mark()
    fake.send_text(GROUP, person, legal)
    return legal, mark


async def edit_of(fake: TidyTelegram, mark: int, board: dict[str, Any]) -> Call:
    """The edit of `board`'s picture made after `mark` (answered: the message is edited)."""
    call = await fake.wait_for("editMessageMedia", mark)
    assert call.params["message_id"] == call.result["message_id"] == board["message_id"]
    return call


def photos(fake: TidyTelegram) -> list[dict[str, Any]]:
    """The board pictures the group shows now."""
    return [message for message in fake.showing(GROUP) if "photo" in message]


async def test_a_live_board_is_edited_after_each_move_bumped_and_posted_anew_when_deleted(
        tidy: TidyTelegram, tammi: Tammi) -> None:
    fake = tidy
    fake.owners[GROUP["id"]] = ALICE["id"]  # Alice manages the group: she may change its settings
    answer = await say(fake, GROUP, ALICE, "/settings live on")
    assert "Live boards here: on" in answer.words
    fake.send_text(GROUP, BOB, "hello")  # the bot learns Bob's username
    challenge = await say(fake, GROUP, ALICE, "/challenge @bob black")
    mark = fake.mark()
    fake.press(BOB, challenge.result, dict(challenge.buttons)["Accept"])
    board = (await fake.wait_for("sendPhoto", mark)).result  # the game's live board
    assert "Bump" in labels(fake, board)

    move, mark = await typed_move(fake, tammi, ALICE)
    edit = await edit_of(fake, mark, board)
    assert f"Alice played {move}" in json.loads(edit.params["media"])["caption"]
    assert f"Alice played {move}" in fake.messages[GROUP["id"], board["message_id"]]["caption"]
    assert edit.files and "Bump" in dict(edit.buttons)  # a new picture, and the buttons again
    assert fake.since(mark, "sendPhoto") == []  # no new board

    # Bob plays by tapping on the live board: the same message is edited with his move
    [legal] = (await tammi.service.suggest_moves("telegram", str(GROUP["id"]), str(BOB["id"])))[:1]
    fake.press(BOB, board, data(board, "Move", fake))
    await fake.wait_for("editMessageReplyMarkup", mark)
    first = legal.replace("x", "-").split("-")[0]
    step = fake.mark()
    fake.press(BOB, board, data(board, first, fake))
    await fake.wait_for("editMessageReplyMarkup", step)
    mark = fake.mark()
    fake.press(BOB, board, data(board, legal, fake))
    await edit_of(fake, mark, board)
    assert f"Bob played {legal}" in fake.messages[GROUP["id"], board["message_id"]]["caption"]
    assert "Move" in labels(fake, board) and fake.since(mark, "sendPhoto") == []

    mark = fake.mark()
    fake.press(CAROL, board, data(board, "Bump", fake))  # anyone may bring it back to the bottom
    bumped = (await fake.wait_for("sendPhoto", mark)).result
    await fake.wait_for("deleteMessage", mark)
    assert photos(fake) == [fake.messages[GROUP["id"], bumped["message_id"]]]
    move, mark = await typed_move(fake, tammi, ALICE)
    await edit_of(fake, mark, bumped)

    fake.delete(bumped)  # an administrator deletes the live board
    move, mark = await typed_move(fake, tammi, BOB)
    refused = await fake.wait_for("editMessageMedia", mark)
    assert refused.result["error_code"] == 400  # "message to edit not found"
    fresh = (await fake.wait_for("sendPhoto", mark)).result
    assert f"Bob played {move}" in fresh["caption"] and photos(fake) == [fresh]

    await tammi.stop()
    await tammi.start()  # the live board is remembered
    move, mark = await typed_move(fake, tammi, ALICE)
    await edit_of(fake, mark, fresh)
    assert fake.since(mark, "sendPhoto") == []
    mark = fake.mark()
    fake.send_text(GROUP, CAROL, "/bump 1")
    again = (await fake.wait_for("sendPhoto", mark)).result
    await fake.wait_for("deleteMessage", mark)
    assert photos(fake) == [fake.messages[GROUP["id"], again["message_id"]]]
    await tammi.stop()
    fake.delete(again)  # deleted while the bot was away
    await tammi.start()
    move, mark = await typed_move(fake, tammi, BOB)
    anew = (await fake.wait_for("sendPhoto", mark)).result
    assert f"Bob played {move}" in anew["caption"] and photos(fake) == [anew]
    move, mark = await typed_move(fake, tammi, ALICE)
    await edit_of(fake, mark, anew)  # and it is the live one from then on

    await say(fake, GROUP, ALICE, "/settings live off")
    move, mark = await typed_move(fake, tammi, BOB)
    posted = await fake.wait_for("sendPhoto", mark)  # off: a new board after each move again
    assert f"Bob played {move}" in posted.words and "Bump" not in dict(posted.buttons)
    assert fake.since(mark, "editMessageMedia") == []

