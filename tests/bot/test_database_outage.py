"""A database that stops answering (issue 21 item 23): a move that was committed stands even when its
connection fails as it goes back to the pool; during an outage (PostgreSQL unreachable, an SQLite file
that cannot be written) every request is answered with what happened to it, the log says so in one line
per outage instead of a traceback per event, and the bot works again when the database does."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import sqlite3
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.chat import typed
from bot.chat.router import unavailable
from bot.storage import postgres
from bot.storage.faults import postgres_fault, sqlite_fault
from bot.storage.repository import Unavailable
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat, start_game

NOT_SAVED = "My database is not answering just now, so your move was not saved"
NOT_DONE = "My database is not answering just now, so I could not do that"


class Proxy:
    """A TCP relay to the PostgreSQL server that can go down (refusing connections, cutting the open
    ones) and come back on the same port: an outage as the bot sees one."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = 0
        self._server: asyncio.Server | None = None
        self._open: set[asyncio.StreamWriter] = set()

    async def up(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def down(self) -> None:
        assert self._server is not None
        self._server.close()
        await self._server.wait_closed()
        for writer in list(self._open):
            writer.transport.abort()
        self._open.clear()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self._open |= {writer, upstream_writer}

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, asyncio.CancelledError):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            sink.transport.abort()

        await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))
        self._open -= {writer, upstream_writer}


def through(url: str, port: int) -> str:
    """`url` connecting to 127.0.0.1:`port` instead of its own host and port."""
    parts = urlsplit(url)
    user = parts.netloc.rsplit("@", 1)[0] + "@" if "@" in parts.netloc else ""
    return urlunsplit((parts.scheme, f"{user}127.0.0.1:{port}", parts.path, parts.query, ""))


@contextlib.asynccontextmanager
async def proxied(databases: Databases) -> AsyncIterator[tuple[str, Proxy]]:
    url = await databases.new("postgres")
    parts = urlsplit(url)
    proxy = Proxy(parts.hostname or "127.0.0.1", parts.port or 5432)
    await proxy.up()
    try:
        yield through(url, proxy.port), proxy
    finally:
        with contextlib.suppress(AssertionError):
            await proxy.down()


def storage_records(caplog: pytest.LogCaptureFixture, level: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= level and r.name.startswith("bot.")]


async def test_a_move_committed_before_its_connection_failed_on_release_stands(
        databases: Databases, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The connection dies as it is given back after the move's UPDATE: the move stands, and is said."""
    armed: dict[str, Any] = {}

    async def reset(connection: asyncpg.Connection) -> None:
        await connection.reset()
        game_id = armed.get("game")
        if game_id is not None and "22-18" in await connection.fetchval(
                "SELECT moves FROM games WHERE id = $1", game_id):
            armed.clear()
            await connection.execute("SELECT pg_terminate_backend(pg_backend_pid())")

    monkeypatch.setattr(postgres.asyncpg, "create_pool",
                        functools.partial(asyncpg.create_pool, reset=reset))
    chat = await open_chat(await databases.new("postgres"))
    try:
        game_id = await start_game(chat, "ann", "bob", "black")
        await chat.say("ann", "11-15")
        armed["game"] = game_id
        with caplog.at_level(logging.INFO):
            [reply] = await chat.say("bob", "22-18")
        assert not armed, "the release after the move failed"
        assert reply.kind == "board" and "bob played 22-18" in reply.text, reply  # not "something went wrong"
        game = await chat.storage.get_game(game_id)
        assert game is not None and game.moves == ("11-15", "22-18")
        assert "ann played 15x22" in await chat.text("ann", "15x22")  # a new connection serves the next
        assert not storage_records(caplog, logging.WARNING), caplog.records
    finally:
        await close_chat(chat)


async def during_outage(chat: Chat) -> None:
    """What people do while the database is down: a move, a challenge, a board, a sweep, help."""
    [move] = await chat.say("bob", "22-18")
    assert move.private and NOT_SAVED in move.text, move
    [challenge] = await chat.say("cat", "!tammi challenge @dan")
    assert challenge.private and NOT_DONE in challenge.text, challenge
    [draw] = await chat.say("bob", "!tammi draw 22-18")
    assert NOT_SAVED in draw.text, draw
    with pytest.raises(Unavailable):  # the sweep's loop waits for the next round, quietly
        await chat.service.maintain()
    [helped] = await chat.say("eve", "!tammi help")  # what needs no database still answers
    assert helped.kind == "help"


async def test_postgresql_going_down_is_said_to_each_request_and_logged_once(
        databases: Databases, caplog: pytest.LogCaptureFixture) -> None:
    async with proxied(databases) as (url, proxy):
        chat = await open_chat(url)
        try:
            game_id = await start_game(chat, "ann", "bob", "black")
            await chat.say("ann", "11-15")
            await proxy.down()
            with caplog.at_level(logging.INFO):
                [board] = await chat.say("ann", "!tammi board")
                assert board.private and NOT_DONE in board.text, board
                await during_outage(chat)
                await during_outage(chat)
                warned = storage_records(caplog, logging.WARNING)
                assert [r.getMessage().split(" (")[0] for r in warned] == [
                    "PostgreSQL: the database is not answering"]
                assert not [r for r in caplog.records if r.exc_info], "no traceback"
                await proxy.up()
                [moved] = await chat.say("bob", "22-18")
                assert moved.kind == "board" and "bob played 22-18" in moved.text, moved
            assert any("database works again" in r.getMessage() for r in caplog.records)
            game = await chat.storage.get_game(game_id)
            assert game is not None and game.moves == ("11-15", "22-18")
        finally:
            await close_chat(chat)


def _chattr(flag: str, path: Path) -> bool:
    try:
        done = subprocess.run(["chattr", flag, str(path)], capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


async def test_an_sqlite_file_that_cannot_be_written_is_said_to_each_request_and_logged_once(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The write-ahead log refuses writes (as a full or failing disk does): moves are refused as not
    saved, games are still shown, and writes work again once the file does."""
    if os.geteuid() != 0:
        pytest.skip("making an open file refuse writes needs chattr +i (root)")
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"))
    wal = Path(f"{chat.path}-wal")
    try:
        game_id = await start_game(chat, "ann", "bob", "black")
        await chat.say("ann", "11-15")
        if not _chattr("+i", wal):
            pytest.skip("chattr +i is not available here")
        try:
            with caplog.at_level(logging.INFO):
                for _ in range(3):
                    [move] = await chat.say("bob", "22-18")
                    assert move.private and NOT_SAVED in move.text, move
                    [challenge] = await chat.say("cat", "!tammi challenge @dan")
                    assert NOT_DONE in challenge.text, challenge
                [board] = await chat.say("ann", "!tammi board")  # reads still answer
                assert board.kind == "board"
                warned = storage_records(caplog, logging.WARNING)
                assert [r.getMessage().split(" (")[0] for r in warned] == [
                    "SQLite: the database file cannot be used"]
                assert not [r for r in caplog.records if r.exc_info], "no traceback"
        finally:
            _chattr("-i", wal)
        with caplog.at_level(logging.INFO):
            [moved] = await chat.say("bob", "22-18")
        assert moved.kind == "board", moved
        assert any("database works again" in r.getMessage() for r in caplog.records)
        game = await chat.storage.get_game(game_id)
        assert game is not None and game.moves == ("11-15", "22-18")
    finally:
        await close_chat(chat)


def test_what_each_fault_tells_the_player() -> None:
    """A connection lost while a write was under way leaves it unsure whether it was kept; a refused
    connection, an error the server said, or a lock timeout leave nothing written."""
    lost = postgres_fault(asyncpg.exceptions.ConnectionDoesNotExistError("closed mid-way"), writing=True)
    assert isinstance(lost, Unavailable) and lost.unsure
    refused = postgres_fault(ConnectionRefusedError(111, "refused"), writing=True)
    assert isinstance(refused, Unavailable) and not refused.unsure and refused.reason == "down"
    busy = postgres_fault(asyncpg.exceptions.LockNotAvailableError("lock timeout"), writing=True)
    assert isinstance(busy, Unavailable) and busy.reason == "busy" and not busy.unsure
    assert postgres_fault(asyncpg.exceptions.UniqueViolationError("a bug"), writing=True) is None
    assert unavailable(lost, typed.PlayMove("22-18")) == "storage-unsure"
    assert unavailable(refused, typed.PlayMove("22-18")) == "storage-down-move"
    assert unavailable(busy, typed.Rules()) == "storage-busy"
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorname = "SQLITE_FULL"  # type: ignore[attr-defined]
    assert isinstance(sqlite_fault(full), Unavailable)
    locked = sqlite3.OperationalError("database is locked")
    locked.sqlite_errorname = "SQLITE_BUSY"  # type: ignore[attr-defined]
    found = sqlite_fault(locked)
    assert isinstance(found, Unavailable) and found.reason == "busy"
