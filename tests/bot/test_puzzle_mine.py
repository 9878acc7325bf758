"""`tammi puzzles mine`: the shots of games in a PDN file and in a database's finished games are printed
and written as data; the database is only read; an unfinished game is not mined."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from bot.app import open_repository
from bot.cli import main
from bot.storage.transfer import Copyable
from engine import Board, write_pdn
from engine import puzzle_set as puzzle_files
from engine.puzzles import Source
from tests.bot.tammi_talk import Chat, close_chat, open_chat, start_game, whose_turn

# English: Red's 2-for-1 of the openings, 9-14 18x9 5x14x21 (tests/engine/test_puzzles.py works it out)
OPENING = ["9-13", "21-17", "6-9", "23-18"]
SHOT = ["9-14", "18x9", "5x14x21"]
# International: White's 3-for-1, 28-22 17x28 32x23x14x25
INTERNATIONAL = ["31-27", "20-24", "35-30", "24x35", "33-28", "14-20", "34-30", "35x24"]
INTERNATIONAL_SHOT = ["28-22", "17x28", "32x23x14x25"]


async def tammi(argv: list[str]) -> int:
    """The `tammi` command line, run as from a shell (its own event loop, here in a thread)."""
    return await asyncio.to_thread(main, argv)


def pdn(variant: str, moves: list[str], white: str) -> str:
    board = Board(variant)
    for text in moves:
        board.push_str(text)
    return write_pdn(board, {"White": white, "Black": "bob"}, result="*")


def test_the_shots_of_a_pdn_file_are_printed_and_written(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games.pdn"
    games.write_text(pdn("english", [*OPENING, *SHOT], "ann") + "\n"
                     + pdn("international", [*INTERNATIONAL, *INTERNATIONAL_SHOT], "cat"))
    out = tmp_path / "found" / "puzzles.json"
    assert main(["puzzles", "mine", "--pdn", str(games), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert ("english B:W17,18,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13  9-14 18x9 5x14x21"
            "  wins 1 net (2 for 1); shot; difficulty 2; PDN game 1, move 3") in printed
    assert ("  28-22 17x28 32x23x14x25  wins 2 net (3 for 1); shot; difficulty 2; PDN game 2, move 5"
            in printed)
    found = puzzle_files.loads(out.read_text())
    keyed = {(p.variant, p.source): p for p in found}
    assert keyed[("english", Source("pdn", 1, 4))].solution == tuple(SHOT)
    assert keyed[("international", Source("pdn", 2, 8))].solution == tuple(INTERNATIONAL_SHOT)
    assert f"wrote {len(found)} puzzles to {out} ({len(found)} new)" in printed
    # again, into the same file, with only English games: nothing new, nothing lost
    assert main(["puzzles", "mine", "--pdn", str(games), "--variant", "checkers", "--out", str(out),
                 "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "9-14 18x9" not in printed and f"wrote {len(found)} puzzles to {out} (0 new)" in printed
    assert puzzle_files.loads(out.read_text()) == found
    assert json.loads(out.read_text())["about"]


async def rows(database: str) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table."""
    repository = await open_repository(database)
    try:
        assert isinstance(repository, Copyable)
        tables = await repository.tables()
        return {table: await repository.export_rows(table, columns) for table, columns in tables.items()}
    finally:
        await repository.close()


async def play(chat: Chat, game_id: int, moves: list[str]) -> None:
    for text in moves:
        game = await chat.storage.get_game(game_id)
        assert game is not None
        replies = await chat.say(whose_turn(chat, game), text)
        assert replies and replies[0].kind == "board", replies


async def test_a_databases_finished_games_are_mined_and_the_database_is_only_read(
        database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chat = await open_chat(database)
    try:
        finished = await start_game(chat, "ann", "bob", "white")
        await play(chat, finished, [*OPENING, *SHOT])
        await chat.say("ann", "!tammi resign")
        going = await start_game(chat, "cat", "dan", "international")
        await play(chat, going, [*INTERNATIONAL, *INTERNATIONAL_SHOT])
    finally:
        await close_chat(chat)
    file = None if "://" in database else Path(database)
    stored = await rows(database)
    before = file.read_bytes() if file else b""
    out = tmp_path / "mined.json"
    assert await tammi(["puzzles", "mine", "--db", database, "--jobs", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"game #{finished}, move 3" in printed and "in 1 games" in printed
    found = puzzle_files.loads(out.read_text())
    assert [p.source for p in found if p.solution == tuple(SHOT)] == [Source("game", finished, 4)]
    assert all(p.variant == "english" for p in found)  # the International game is not over
    if file:  # (SQLite may make its empty -wal and -shm files beside it, as any reader does)
        assert file.read_bytes() == before
    assert await rows(database) == stored


async def test_a_database_with_an_older_schema_is_refused_unchanged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "old.sqlite3"
    with sqlite3.connect(old) as db:
        db.execute("PRAGMA user_version = 1")
    before = old.read_bytes()
    assert await tammi(["puzzles", "mine", "--db", str(old)]) == 1
    error = capsys.readouterr().err
    assert "schema is version 1" in error and "tammi db migrate" in error
    assert old.read_bytes() == before
    assert await tammi(["puzzles", "mine", "--db", str(tmp_path / "none.sqlite3")]) == 1
    assert "there is no database file" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()
