"""The database under faults (issue 11, items 26 and 27): a file deleted or replaced while the bot runs
takes no more writes, and nothing is acknowledged that a restart would not find; a read-only file is
reported at start-up, shows games, and refuses changes with a clear reply."""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.app import open_repository
from bot.storage import SqliteRepository
from bot.storage.rows import migrations
from bot.storage.sqlite_file import statements
from tests.bot.tammi_talk import close_chat, open_chat, start_game


@pytest.mark.parametrize("fault", ["deleted", "replaced"])
async def test_a_database_file_gone_while_running_refuses_writes(tmp_path: Path, fault: str,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"))
    try:
        game_id = await start_game(chat, "ann", "bob", "black")
        assert "ann played 11-15" in await chat.text("ann", "11-15")
        if fault == "deleted":
            chat.path.unlink()
        else:
            other = tmp_path / "other.sqlite3"
            sqlite3.connect(other).close()
            os.replace(other, chat.path)
        with caplog.at_level(logging.ERROR):
            replies = await chat.say("bob", "22-18")
            again = await chat.say("bob", "!tammi resign")
        for reply in (*replies, *again):
            assert reply.private and "my database file went missing" in reply.text, reply
        assert any("was deleted or replaced while Tammi runs" in r.getMessage() for r in caplog.records)
        assert sum("deleted or replaced while" in r.getMessage() for r in caplog.records) == 1  # said once
        game = await chat.service.repository.get_game(game_id)  # reads still answer
        assert game is not None and game.moves == ("11-15",)
    finally:
        await close_chat(chat)


def _chattr(flag: str, path: Path) -> bool:
    try:
        done = subprocess.run(["chattr", flag, str(path)], capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


@pytest.fixture
def read_only() -> Iterator[list[Path]]:
    """Make files read-only even for root (`chattr +i`), or by mode for anyone else; undone after."""
    made: list[Path] = []
    yield made
    for path in made:
        _chattr("-i", path)
        path.chmod(0o644)


def make_read_only(path: Path, made: list[Path]) -> None:
    made.append(path)
    if os.geteuid() == 0:
        if not _chattr("+i", path):
            pytest.skip("running as root where chattr +i is not available")
    else:
        path.chmod(0o444)
    try:
        with path.open("r+b"):
            pass
    except OSError:
        return
    pytest.skip("could not make a file read-only here")


async def test_a_read_only_database_shows_games_and_refuses_changes(tmp_path: Path, read_only: list[Path],
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"))
    game_id = await start_game(chat, "ann", "bob", "black")
    await chat.say("ann", "11-15")
    await close_chat(chat)
    for leftover in tmp_path.glob("*-shm"):
        leftover.unlink()
    make_read_only(chat.path, read_only)
    with caplog.at_level(logging.WARNING):
        # every message used to fail here: the name was written first
        chat = await open_chat(str(tmp_path / "tammi.sqlite3"))
    try:
        assert isinstance(chat.storage, SqliteRepository) and chat.storage.read_only
        assert any("is read-only: games can be shown" in r.getMessage() for r in caplog.records)
        board = await chat.say("carol", f"!tammi board {game_id}")
        assert board[0].kind == "board" and board[0].game_id == game_id
        for command in ("games", "rules", "help"):
            [reply] = await chat.say("carol", f"!tammi {command}")
            assert reply.kind != "error", (command, reply)
        for who, text in (("bob", "22-18"), ("ann", "!tammi resign"), ("carol", "!tammi challenge"),
                          ("carol", "!tammi settings fi"), ("carol", "!tammi play")):
            [refused] = await chat.say(who, text)
            assert refused.private and "my database is read-only" in refused.text, (text, refused)
        game = await chat.storage.get_game(game_id)
        assert game is not None and game.moves == ("11-15",)
    finally:
        await close_chat(chat)


async def test_a_read_only_database_that_needs_an_upgrade_is_refused(tmp_path: Path,
                                                                       read_only: list[Path]) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:  # a database of the first schema
        for statement in statements(migrations("sqlite")[0]):
            db.execute(statement)
        db.execute("PRAGMA user_version = 1")
    make_read_only(path, read_only)
    from bot.storage import StorageError

    with pytest.raises(StorageError, match="read-only and its schema"):
        await open_repository(path)
