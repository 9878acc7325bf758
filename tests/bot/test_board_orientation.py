"""Boards that stay still (issue 24): a channel's `settings board fixed|turn` decides which way every board
picture of a game between people faces in it (the picture drawing is asked with `flipped`), all game
long; new channels get fixed boards, channels used before the setting came keep boards that turn; in a
private chat each player sees their own side, and against the bot the person's side is at the bottom."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from bot.app import open_repository
from bot.chat.events import Event, Person, Reply
from bot.domain.model import Orientation
from bot.platforms.base import answer
from bot.storage.postgres import numbered
from bot.storage.rows import migrations
from bot.storage.sqlite_file import statements
from engine import Board
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat, start_game

# A whole English game (Red, who moves first, loses it in 26 moves: White takes every piece it can).
SHORT_GAME = ("10-15", "21-17", "9-14", "17x10", "7x14", "23-19", "3-7", "19x10x3", "12-16", "3x12x19",
              "11-15", "19x10x17", "2-7", "22-18", "5-9", "25-21", "9-14", "18x9x2", "4-8", "2x11x4",
              "1-6", "27-23", "6-9", "29-25", "9-14", "17x10")


def record_flips(chat: Chat) -> list[bool]:
    """Every `flipped` the board pictures are drawn with, in order (no picture is drawn)."""
    flips: list[bool] = []

    async def board_png(board: Board, *, flipped: bool, **options: Any) -> None:
        flips.append(flipped)

    chat.service.workers.board_png = board_png  # type: ignore[method-assign]
    return flips


async def play(chat: Chat, moves: tuple[str, ...], first: str, second: str) -> list[Reply]:
    """The players take turns typing `moves`, `first` first; every reply is a board."""
    replies = []
    for number, move in enumerate(moves):
        [reply] = await chat.say(first if number % 2 == 0 else second, move)
        assert reply.kind == "board", reply
        replies.append(reply)
    return replies


async def managed(chat: Chat, user: str, text: str, *, manages: bool = True,
                  locale: str | None = None) -> str:
    """`user` types `text`, in a channel where they manage (or not) its settings."""
    async def may_manage() -> bool:
        return manages

    event = Event(chat.platform, chat.channel, Person(user, user), text=text, may_manage=may_manage,
                  locale=locale)
    return "\n".join(reply.text for reply in await answer(chat.service, event))


@pytest.fixture
async def chat(databases: Databases) -> AsyncIterator[Chat]:
    chat = await open_chat(await databases.new("sqlite"))
    yield chat
    await close_chat(chat)


async def test_a_new_channel_keeps_the_first_player_at_the_bottom_all_game(chat: Chat) -> None:
    flips = record_flips(chat)
    game_id = await start_game(chat, "ann", "bob", "english", "white")  # bob is Red and moves first
    replies = await play(chat, SHORT_GAME, "bob", "ann")
    assert replies[-1].picker is None and not (await chat.storage.get_game(game_id)).active  # Red lost
    for user in ("ann", "bob", "carol"):  # the board asked for by either player or a spectator
        await chat.say(user, f"!tammi board #{game_id}")
    assert len(flips) == 1 + len(SHORT_GAME) + 3
    assert set(flips) == {True}  # Red's side (the low numbers) at the bottom, every time


async def test_fixed_boards_of_an_international_game_keep_white_at_the_bottom(chat: Chat) -> None:
    flips = record_flips(chat)
    await start_game(chat, "ann", "bob", "international", "black")  # bob is White and moves first
    await play(chat, ("32-28", "19-23", "28x19", "14x23"), "bob", "ann")
    await chat.say("ann", "!tammi board")
    [ended] = await chat.say("ann", "!tammi resign")
    assert ended.kind == "board" and "resign" in ended.text
    assert len(flips) == 1 + 4 + 1 + 1 and set(flips) == {False}


async def test_turning_boards_follow_the_side_to_move(chat: Chat) -> None:
    said = await managed(chat, "ann", "!tammi settings board turn")
    assert "turned to the side to move" in said
    flips = record_flips(chat)
    await start_game(chat, "ann", "bob", "english", "white")
    await play(chat, SHORT_GAME, "bob", "ann")
    # Red to move before every even move, White after; once the game is over, the diagram's own way.
    assert flips == [ply % 2 == 0 for ply in range(len(SHORT_GAME))] + [False]


async def test_the_setting_in_finnish_and_in_help(chat: Chat) -> None:
    said = await managed(chat, "ann", "!tammi asetukset lauta vuoro", locale="fi")
    assert (await chat.storage.channel_settings("test", "c1")).board is Orientation.TURN
    assert "vuorossa olevan puolelta" in said
    said = await managed(chat, "ann", "!tammi settings board still", locale="en")
    assert (await chat.storage.channel_settings("test", "c1")).board is Orientation.FIXED
    assert "first player at the bottom" in said
    refused = await managed(chat, "bob", "!tammi settings board turn", manages=False, locale="en")
    assert "Only people who manage" in refused
    assert (await chat.storage.channel_settings("test", "c1")).board is Orientation.FIXED
    usage = await managed(chat, "ann", "!tammi settings board sideways", locale="en")
    assert "`settings board fixed`" in usage
    helped = await chat.text("ann", "!tammi help settings", locale="en")
    assert "`board fixed`" in helped and "`board turn`" in helped and "private chats" in helped
    apu = await chat.text("ann", "!tammi apua asetukset", locale="fi")
    assert "`lauta kiinteä`" in apu and "`lauta vuoro`" in apu


async def test_private_chats_show_each_player_their_own_side(chat: Chat) -> None:
    flips = record_flips(chat)
    game_id = await start_game(chat, "ann", "bob", "english", "white")
    await chat.say("ann", f"board #{game_id}", channel="dm-ann", is_private_chat=True)
    await chat.say("bob", f"board #{game_id}", channel="dm-bob", is_private_chat=True)
    assert flips == [True, False, True]  # the channel's board, then ann's (White) and bob's (Red)


async def test_against_the_bot_the_person_is_at_the_bottom(databases: Databases) -> None:
    def first_move(board: Board, **limits: object) -> Any:
        return next(iter(board.legal_moves))

    chat = await open_chat(await databases.new("sqlite"), choose_move=first_move)
    try:
        flips = record_flips(chat)
        await chat.say("ann", "!tammi play 1 english white")  # Tammi is Red and moves first
        await chat.service.wait_idle()
        [moved] = [notice.reply for notice in chat.notices if notice.reply.kind == "board"]
        [reply] = await chat.say("ann", moved.picker.moves[0] if moved.picker else "?")
        assert reply.kind == "board"
        await chat.service.wait_idle()
        assert len(flips) >= 3 and set(flips) == {False}  # White's side, though Red moved first
    finally:
        await close_chat(chat)


OLD = 5  # the schema version before the setting
OLD_GAME = ("INSERT INTO games (platform, channel_id, variant, white_id, white_name, black_id, black_name,"
            " status, result, start_fen, fen, moves, created_at, updated_at, rated)"
            " VALUES ('test', ?, 'english', 'ann', 'ann', 'bob', 'bob', 'active', '*', ?, ?, '', 1, 1, 1)")
OLD_CHALLENGE = ("INSERT INTO challenges (platform, channel_id, challenger_id, challenger_name, variant,"
                 " colour, created_at, expires_at)"
                 " VALUES ('test', 'asked', 'ann', 'ann', 'english', 'random', 1, 2)")
OLD_SETTINGS = "INSERT INTO channel_settings (platform, channel_id, language) VALUES ('test', 'chosen', 'fi')"


async def old_database(kind: str, databases: Databases) -> str:
    """A database at schema version 5: a game in channel "played", a challenge in "asked", a language
    chosen in "chosen"."""
    where = await databases.new(kind)
    fen = Board("english").fen()
    if kind == "sqlite":
        db = sqlite3.connect(where)
        with db:
            for script in migrations(kind)[:OLD]:
                for statement in statements(script):
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {OLD}")
            db.execute(OLD_GAME, ("played", fen, fen))
            db.execute(OLD_CHALLENGE)
            db.execute(OLD_SETTINGS)
        db.close()
        return where
    connection = await asyncpg.connect(where)
    try:
        async with connection.transaction():
            await connection.execute("CREATE TABLE tammi_schema (version INTEGER PRIMARY KEY,"
                                     " applied_at DOUBLE PRECISION NOT NULL)")
            for number, script in enumerate(migrations(kind)[:OLD], 1):
                await connection.execute(script)
                await connection.execute("INSERT INTO tammi_schema VALUES ($1, 0)", number)
            await connection.execute(numbered(OLD_GAME), "played", fen, fen)
            await connection.execute(OLD_CHALLENGE)
            await connection.execute(OLD_SETTINGS)
    finally:
        await connection.close()
    return where


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
async def test_channels_used_before_the_setting_keep_boards_that_turn(kind: str,
                                                                      databases: Databases) -> None:
    repository = await open_repository(await old_database(kind, databases))
    try:
        for channel in ("played", "asked", "chosen"):
            assert (await repository.channel_settings("test", channel)).orientation is Orientation.TURN
        assert (await repository.channel_settings("test", "chosen")).language == "fi"
        new = await repository.channel_settings("test", "new")
        assert new.board is None and new.orientation is Orientation.FIXED
    finally:
        await repository.close()
