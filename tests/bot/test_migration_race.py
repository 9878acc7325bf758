"""Two openers of one fresh SQLite file at the same moment (issue 11, item 25): the schema version is
read and the migrations applied inside one write transaction, so both succeed and the schema is made
once. Twenty trials with two connections in one process, and twenty with two processes."""

from __future__ import annotations

import asyncio
import multiprocessing
import sqlite3
from pathlib import Path
from typing import Any

from bot.app import open_repository
from bot.storage.rows import migrations

TRIALS = 20


def _schema(path: Path) -> tuple[int, list[tuple[str, str]]]:
    with sqlite3.connect(path) as db:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        rows = db.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()
    db.close()
    return int(version), [(str(name), str(sql)) for name, sql in rows]


async def _reference(tmp_path: Path) -> tuple[int, list[tuple[str, str]]]:
    path = tmp_path / "reference.sqlite3"
    storage = await open_repository(path)
    await storage.close()
    return _schema(path)


async def _open_once(path: Path) -> int:
    storage = await open_repository(path)
    try:
        return await storage.schema_version()
    finally:
        await storage.close()


async def test_two_connections_open_a_fresh_file_at_once(tmp_path: Path) -> None:
    reference = await _reference(tmp_path)
    assert reference[0] == len(migrations("sqlite"))
    for trial in range(TRIALS):
        path = tmp_path / f"fresh-{trial}.sqlite3"
        versions = await asyncio.gather(_open_once(path), _open_once(path))
        assert versions == [len(migrations("sqlite"))] * 2
        assert _schema(path) == reference


def _opener(paths: list[str], barrier: Any, results: Any) -> None:
    """In a child process: open each fresh file together with the other child."""
    for path in paths:
        barrier.wait(timeout=60)
        try:
            results.put((path, asyncio.run(_open_once(Path(path))), ""))
        except Exception as error:  # reported, so the test shows it
            results.put((path, -1, repr(error)))


async def test_two_processes_open_a_fresh_file_at_once(tmp_path: Path) -> None:
    reference = await _reference(tmp_path)
    paths = [str(tmp_path / f"race-{trial}.sqlite3") for trial in range(TRIALS)]
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    results = context.Queue()
    children = [context.Process(target=_opener, args=(paths, barrier, results)) for _ in range(2)]
    for child in children:
        child.start()
    try:
        outcomes = [await asyncio.to_thread(results.get, True, 120) for _ in range(2 * TRIALS)]
    finally:
        for child in children:
            child.join(30)
            if child.is_alive():
                child.kill()
    failures = [outcome for outcome in outcomes if outcome[1] != len(migrations("sqlite"))]
    assert not failures
    for path in paths:
        assert _schema(Path(path)) == reference
