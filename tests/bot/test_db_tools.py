"""`tammi db migrate` and `tammi db copy`: a round trip SQLite -> PostgreSQL -> SQLite keeps every row and
gives the same games byte for byte in their PDN; a target that is not empty is refused."""

from __future__ import annotations

import asyncio

import pytest

from bot.app import open_repository
from bot.cli import main
from bot.storage.rows import migrations
from bot.storage.transfer import Copyable
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat, play_out, start_game


async def tammi(argv: list[str]) -> int:
    """The `tammi` command line, run as from a shell (its own event loop, here in a thread)."""
    return await asyncio.to_thread(main, argv)


async def some_games(chat: Chat) -> list[int]:
    """A finished rated game, a game under way with a draw offer, a resigned one, open and expired
    challenges, channel settings and known people; the ids of the games."""
    finished = await start_game(chat, "ann", "bob", "white")
    await play_out(chat, finished)
    going = await start_game(chat, "cat", "dan", "black", "italian")
    await chat.say("cat", "!tammi board")
    game = await chat.storage.get_game(going)
    assert game is not None
    mover = game.player(game.turn).user_id
    moves = await chat.service.suggest_moves("test", "c1", mover)
    await chat.say(mover, moves[0] + " draw")
    resigned = await start_game(chat, "eve", "ann", "international")
    await chat.say("eve", "!tammi resign")
    await chat.say("eve", "!tammi challenge @fay")
    chat.clock.advance(chat.service.config.challenge_expiry.total_seconds() + 1)
    await chat.service.maintain()
    await chat.say("bob", "!tammi challenge @gus")
    await chat.say("ann", "!tammi settings fi international")
    return [finished, going, resigned]


async def pdns(chat: Chat, game_ids: list[int]) -> list[str]:
    texts = []
    for game_id in game_ids:
        replies = await chat.say("ann", f"!tammi pdn {game_id}")
        assert replies[0].kind == "pdn", replies
        texts.append(replies[0].text)
    return texts


async def everything(database: str) -> dict[str, list[tuple[object, ...]]]:
    repository = await open_repository(database)
    try:
        assert isinstance(repository, Copyable)
        tables = await repository.tables()
        return {table: await repository.export_rows(table, columns) for table, columns in tables.items()}
    finally:
        await repository.close()


async def test_copy_round_trip_sqlite_postgres_sqlite(databases: Databases,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    source, middle, back = (await databases.new("sqlite"), await databases.new("postgres"),
                            await databases.new("sqlite"))
    chat = await open_chat(source)
    try:
        game_ids = await some_games(chat)
        before = await pdns(chat, game_ids)
    finally:
        await close_chat(chat)
    assert "[Result \"0-2\"]" in before[2]  # International: eve resigned
    rows = await everything(source)
    assert all(rows[table] for table in ("games", "challenges", "ratings", "channel_settings", "people"))

    assert await tammi(["db", "copy", source, middle]) == 0
    assert await tammi(["db", "copy", middle, back]) == 0
    out = capsys.readouterr().out
    assert f"{len(rows['games'])} games" in out and "search_path" in out
    assert await everything(middle) == rows
    assert await everything(back) == rows
    chat = await open_chat(back)
    try:
        assert await pdns(chat, game_ids) == before
    finally:
        await close_chat(chat)
    # New rows in the copy continue after the copied ids.
    chat = await open_chat(middle)
    try:
        assert await start_game(chat, "hal", "ivy") == len(rows["games"]) + 1
        assert await pdns(chat, game_ids) == before
    finally:
        await close_chat(chat)


async def test_copy_refuses_a_target_that_is_not_empty(database: str, databases: Databases,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    source = await databases.new("sqlite")
    for name in (source, database):
        chat = await open_chat(name)
        await start_game(chat, "ann", "bob")
        await close_chat(chat)
    assert await tammi(["db", "copy", source, database]) == 1
    assert "the target is not empty (rows in challenges, games, people, seats)" in capsys.readouterr().err
    assert len((await everything(database))["games"]) == 1
    missing = str(databases.folder / "no-such.sqlite3")
    assert await tammi(["db", "copy", missing, database]) == 1
    assert "there is no database file" in capsys.readouterr().err


async def test_db_migrate(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    backend = "postgres" if "://" in database else "sqlite"
    assert await tammi(["db", "migrate", "--db", database]) == 0
    assert f"is at schema version {len(migrations(backend))}." in capsys.readouterr().out
    repository = await open_repository(database)
    try:
        assert await repository.schema_version() == len(migrations(backend))
    finally:
        await repository.close()
    assert await tammi(["db", "migrate", "--db", "mysql://db/x"]) == 2
    assert "bad --db" in capsys.readouterr().err
