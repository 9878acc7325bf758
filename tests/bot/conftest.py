"""Fixtures shared by the bot's tests: a database of each backend (SQLite, and PostgreSQL on a real
server when there is one; see tests/bot/databases.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.bot.databases import Databases, PostgresServer, in_thread, start_server

BACKENDS = ["sqlite", "postgres"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """This test run's database on the PostgreSQL server, dropped at the end of the run."""
    server = start_server()
    yield server
    in_thread(server.drop())


@pytest.fixture
async def databases(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Databases]:
    """Fresh empty databases of either backend for one test."""
    made = Databases(tmp_path, request)
    yield made
    await made.close()


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, databases: Databases) -> str:
    """A fresh empty database, once with each backend: a file path, or a PostgreSQL URL."""
    return await databases.new(request.param)
