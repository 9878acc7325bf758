"""A lock another session holds on the games (issue 21 item 24) no longer leaves requests unanswered for as
long as it is held: every statement waits a bounded time (`bot.storage.faults.LOCK_WAIT`), and the
request is answered that the database is busy and nothing was saved. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.chat.events import Reply
from bot.storage.faults import LOCK_WAIT
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat, start_game

BUSY_MOVE = "My database is busy (something else is holding a lock on it), so your move was not saved"
BUSY = "My database is busy (something else is holding a lock on it), so I could not do that in time"
BOUND = 2 * LOCK_WAIT + 3  # a request may wait for those before it, then for the lock: well under 44 s


@contextlib.asynccontextmanager
async def locked(database: str) -> AsyncIterator[None]:
    """Another session holds the strongest lock it can take on the games while the block runs."""
    if database.startswith("postgresql"):
        other = await asyncpg.connect(database)
        transaction = other.transaction()
        await transaction.start()
        await other.execute("LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
        try:
            yield
        finally:
            await transaction.rollback()
            await other.close()
        return
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


async def timed(chat: Chat, user: str, text: str) -> tuple[list[Reply], float]:
    started = time.monotonic()
    replies = await asyncio.wait_for(chat.say(user, text), timeout=BOUND + 10)
    return replies, time.monotonic() - started


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_move_under_a_lock_is_answered_in_bounded_time_and_changes_nothing(
        backend: str, databases: Databases) -> None:
    database = await databases.new(backend)
    chat = await open_chat(database)
    try:
        game_id = await start_game(chat, "ann", "bob", "black")
        await chat.say("ann", "11-15")
        async with locked(database):
            ([move], waited), ([challenge], waited_too), ([rules], waited_for_rules) = await asyncio.gather(
                timed(chat, "bob", "22-18"), timed(chat, "cat", "!tammi challenge @dan"),
                timed(chat, "eve", "!tammi rules"))
            assert move.private and BUSY_MOVE in move.text, move
            assert challenge.private and BUSY in challenge.text, challenge
            assert rules.kind == "rules" or BUSY in rules.text, rules  # SQLite reads past the lock
            assert max(waited, waited_too, waited_for_rules) < BOUND, (waited, waited_too, waited_for_rules)
        game = await chat.storage.get_game(game_id)
        assert game is not None and game.moves == ("11-15",)  # nothing changed
        [moved] = await chat.say("bob", "22-18")  # and once the lock is gone, the move goes through
        assert moved.kind == "board" and "bob played 22-18" in moved.text, moved
    finally:
        await close_chat(chat)
