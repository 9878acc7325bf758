"""Games whose stored row cannot be read back (issue 21 item 22): one bad row no longer stops the bot. A
game whose position or moves are damaged is set aside the first time anything meets it (at start-up, in
the sweep, or a player's command): logged once, its channel told once, its players freed, and the rest
runs on; a channel manager lists, inspects and ends it with `broken`. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

import asyncpg
import pytest

from bot.app import open_service
from bot.chat.events import Event, Notice, Person, Reply
from bot.chat.service import GameService
from bot.config import Config, OpponentConfig, PictureConfig, ReviewConfig
from bot.domain.model import BOT, NewGame, Player
from bot.platforms.base import answer
from bot.storage.postgres import numbered
from engine import Board
from tests.bot.tammi_talk import close_chat, open_chat, start_game

SET_ASIDE_LOG = "cannot be read back and is set aside"


async def tamper(database: str, sql: str, *params: Any) -> None:
    """Change the stored rows behind the bot's back, as damage would (`?` placeholders)."""
    if database.startswith("postgresql"):
        connection = await asyncpg.connect(database)
        try:
            await connection.execute(numbered(sql), *params)
        finally:
            await connection.close()
        return
    with sqlite3.connect(database) as db:
        db.execute(sql, params)
    db.close()


def quiet_config(database: str) -> Config:
    return Config(database=database, picture=PictureConfig(size=160, workers=0),
                  opponent=OpponentConfig(workers=0, time_limit=timedelta(seconds=0.05)),
                  review=ReviewConfig(workers=0))


@asynccontextmanager
async def started(database: str) -> AsyncIterator[tuple[GameService, list[Notice]]]:
    """The service as `tammi run` and `tammi console` open it (start-up included), and the notices it
    posts to the test platform."""
    async with open_service(quiet_config(database)) as service:
        notices: list[Notice] = []

        async def sender(notice: Notice) -> None:
            notices.append(notice)

        service.add_sender("test", sender)
        yield service, notices


async def until(found: Callable[[], bool], what: str) -> None:
    for _ in range(400):
        if found():
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"waited 10 s for {what}")


async def say(service: GameService, user: str, text: str) -> list[Reply]:
    """`user` types `text` in channel c1 of the test platform (`@name` words are mentions)."""
    mentions = tuple(Person(word[1:], word[1:]) for word in text.split() if word.startswith("@"))
    return await answer(service, Event("test", "c1", Person(user, user), text=text, mentions=mentions))


def set_aside(notices: list[Notice]) -> list[Notice]:
    """The set-aside notices among others (the test's clock made the other games look stale)."""
    return [notice for notice in notices if "cannot be read from my database" in notice.reply.text]


def set_aside_logs(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if SET_ASIDE_LOG in record.getMessage()]


async def test_a_game_whose_position_cannot_be_read_is_set_aside_at_start_up(
        database: str, caplog: pytest.LogCaptureFixture) -> None:
    chat = await open_chat(database)
    broken = await start_game(chat, "ann", "bob", "black")
    await chat.say("ann", "11-15")
    other = await start_game(chat, "cat", "dan", "black")
    await close_chat(chat)
    await tamper(database, "UPDATE games SET fen = ? WHERE id = ?", "garbage", broken)

    with caplog.at_level(logging.INFO):
        async with started(database) as (service, notices):  # this start-up used to fail
            await until(lambda: bool(set_aside(notices)), "the set-aside notice")
            [notice] = set_aside(notices)
            assert notice.channel_id == "c1" and f"Game #{broken} (bob vs ann)" in notice.reply.text
            assert "its stored position is damaged" in notice.reply.text
            assert {person.user_id for person in notice.reply.mentions} == {"ann", "bob"}
            # everything else runs: the other game, the list, and the freed players
            [moved] = await say(service, "cat", "11-15")
            assert moved.kind == "board" and moved.game_id == other
            listed = "\n".join(reply.text for reply in await say(service, "eve", "!tammi games"))
            assert f"#{other}" in listed and f"#{broken}" not in listed
            [challenge] = await say(service, "ann", "!tammi challenge @bob")
            assert challenge.kind == "challenge", challenge
            [refused] = await say(service, "bob", f"!tammi board {broken}")
            assert refused.private and "cannot be read from my database" in refused.text
        async with started(database) as (service, notices):  # a second start: nothing said again
            await service.maintain()
            assert set_aside(notices) == []
    assert len(set_aside_logs(caplog)) == 1
    assert not [record for record in caplog.records if record.exc_info], "no traceback"


async def test_a_game_whose_moves_are_damaged_is_set_aside_when_a_player_acts(
        database: str, caplog: pytest.LogCaptureFixture) -> None:
    chat = await open_chat(database)
    game_id = await start_game(chat, "ann", "bob", "black")
    await chat.say("ann", "11-15")
    await close_chat(chat)
    await tamper(database, "UPDATE games SET moves = ? WHERE id = ?", "11-15 5-1", game_id)
    chat = await open_chat(database)  # a restart: nothing of the game in memory
    try:
        with caplog.at_level(logging.INFO):
            [told] = await chat.say("bob", "!tammi resign")  # it could not even be resigned
            assert not told.private and f"Game #{game_id} (bob vs ann)" in told.text
            assert "one of its stored moves is damaged" in told.text and "free to play" in told.text
            assert {person.user_id for person in told.mentions} == {"ann", "bob"}
            [again] = await chat.say("ann", f"!tammi board {game_id}")
            assert again.private and "so it is set aside" in again.text
            assert "no game" in (await chat.text("ann", "!tammi resign")).casefold()  # her seat is free
            [challenge] = await chat.say("ann", "!tammi challenge @bob")
            assert challenge.kind == "challenge", challenge
            await chat.service.maintain()
        assert len(set_aside_logs(caplog)) == 1
        assert set_aside(chat.notices) == []  # told once, in the reply
    finally:
        await close_chat(chat)


def manages(answer_: bool) -> Callable[[], Awaitable[bool]]:
    async def ask() -> bool:
        return answer_

    return ask


async def test_a_channel_manager_lists_inspects_and_ends_a_set_aside_game(database: str) -> None:
    chat = await open_chat(database)
    game_id = await start_game(chat, "ann", "bob", "black")
    await chat.say("ann", "11-15")
    await close_chat(chat)
    await tamper(database, "UPDATE games SET moves = ? WHERE id = ?", "11-15 5-1", game_id)
    chat = await open_chat(database)
    try:
        await chat.say("bob", "!tammi board")
        [refused] = await chat.say("carol", "!tammi broken", may_manage=manages(False))
        assert refused.private and "Only people who manage this channel" in refused.text
        boss = manages(True)
        [listed] = await chat.say("carol", "!tammi broken", may_manage=boss)
        assert f"#{game_id} bob vs ann: one of its stored moves is damaged" in listed.text
        [shown] = await chat.say("carol", f"!tammi broken {game_id}", may_manage=boss)
        assert "Stored moves: `11-15 5-1`" in shown.text and "move 2 (5-1)" in shown.text
        assert "It was being played" in shown.text
        [ended] = await chat.say("carol", f"!tammi broken {game_id} end", may_manage=boss)
        assert f"Game #{game_id} is ended" in ended.text
        [listed] = await chat.say("carol", "!tammi broken", may_manage=boss)
        assert "(ended)" in listed.text
        [again] = await chat.say("carol", f"!tammi broken {game_id} end", may_manage=boss)
        assert "already been ended" in again.text
        [none] = await chat.say("carol", "!tammi broken 999", may_manage=boss)
        assert "No game #999 is set aside" in none.text
        [elsewhere] = await chat.say("carol", f"!tammi broken {game_id}", may_manage=boss, channel="c2")
        assert f"No game #{game_id} is set aside in this channel" in elsewhere.text
        [finnish] = await chat.say("carol", f"!tammi rikki {game_id}", may_manage=boss, locale="fi")
        assert "Tallennetut siirrot: `11-15 5-1`" in finnish.text
    finally:
        await close_chat(chat)


async def test_a_bot_game_that_cannot_be_played_through_is_set_aside_when_the_bot_resumes(
        database: str, caplog: pytest.LogCaptureFixture) -> None:
    chat = await open_chat(database)
    board = Board("english")
    game = await chat.storage.create_game(NewGame(
        "test", "c1", "english", Player("ann", "ann"), BOT, board.fen(), board.turn, chat.clock(),
        seated=("ann",), rated=False, bot_level=1))  # Black moves first: the bot is to move
    await close_chat(chat)
    await tamper(database, "UPDATE games SET moves = ? WHERE id = ?", "9-14 23-19 1-99", game.id)

    with caplog.at_level(logging.INFO):
        async with started(database) as (service, notices):  # the opponent resumes its turn
            await until(lambda: bool(set_aside(notices)), "the set-aside notice")
            await service.wait_idle()
            [notice] = set_aside(notices)
            assert f"Game #{game.id} (ann vs Tammi)" in notice.reply.text, notice
            assert "ann is free to play" in notice.reply.text
            [started_] = await say(service, "ann", "!tammi play 1 white")
            assert started_.kind == "board", started_
    assert len(set_aside_logs(caplog)) == 1
    assert not any("the opponent failed" in record.getMessage() for record in caplog.records)
