"""Databases for tests: SQLite files in the test's folder, and PostgreSQL schemas in a database that
this test run creates on a real server and drops at its end.

The server is the one `TAMMI_TEST_POSTGRES_URL` names (default: the local one). When it cannot be
reached the PostgreSQL tests are skipped with the reason, unless `TAMMI_REQUIRE_POSTGRES=1` (as in CI),
under which they fail.
"""

from __future__ import annotations

import asyncio
import os
import threading
import uuid
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.config import parse_database

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
T = TypeVar("T")


def in_thread(work: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end on a loop of its own in another thread (usable from any fixture)."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = asyncio.run(work)
        except BaseException as error:
            box["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


def with_database(url: str, name: str) -> str:
    """`url` pointing at database `name` instead."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, ""))


def with_schema(url: str, schema: str) -> str:
    """`url` whose connections work in `schema` (asyncpg passes unknown query keys as server settings)."""
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"


class PostgresServer:
    """A database of this test run on the server; `schema()` gives each test a fresh schema in it."""

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self.name = f"tammi_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        self.url = with_database(admin_url, self.name)

    async def create(self) -> None:
        await _execute(self.admin_url, f'CREATE DATABASE "{self.name}"')

    async def drop(self) -> None:
        await _execute(self.admin_url, f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    async def schema(self) -> tuple[str, str]:
        """A new empty schema: (its name, a URL working in it)."""
        name = f"t_{uuid.uuid4().hex[:12]}"
        await _execute(self.url, f"CREATE SCHEMA {name}")
        return name, with_schema(self.url, name)

    async def drop_schema(self, name: str) -> None:
        await _execute(self.url, "SET lock_timeout = '10s'", f"DROP SCHEMA IF EXISTS {name} CASCADE")


async def _execute(url: str, *statements: str) -> None:
    connection = await asyncpg.connect(url, timeout=5)
    try:
        for statement in statements:
            await connection.execute(statement)
    finally:
        await connection.close()


def start_server() -> PostgresServer:
    """The test run's database on the configured server; skips (or fails under TAMMI_REQUIRE_POSTGRES=1)
    when there is no server to use."""
    admin_url = os.environ.get("TAMMI_TEST_POSTGRES_URL") or DEFAULT_URL
    server = PostgresServer(admin_url)
    try:
        in_thread(server.create())
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        reason = (f"PostgreSQL tests need a server: none usable at {parse_database(admin_url).shown} "
                  f"({type(error).__name__}: {error}); set TAMMI_TEST_POSTGRES_URL to one")
        if os.environ.get("TAMMI_REQUIRE_POSTGRES") == "1":
            pytest.fail(reason + " (TAMMI_REQUIRE_POSTGRES=1: failing instead of skipping)", pytrace=False)
        pytest.skip(reason)
    return server


class Databases:
    """Fresh databases for one test: `await new("sqlite")` or `await new("postgres")` names an empty one
    (a file path or a URL) that `open_repository` accepts."""

    def __init__(self, folder: Path, request: pytest.FixtureRequest) -> None:
        self.folder = folder
        self._request = request
        self._schemas: list[str] = []
        self._count = 0

    @property
    def server(self) -> PostgresServer:
        server: PostgresServer = self._request.getfixturevalue("postgres_server")
        return server

    async def new(self, kind: str) -> str:
        self._count += 1
        if kind == "sqlite":
            return str(self.folder / f"tammi{self._count}.sqlite3")
        name, url = await self.server.schema()
        self._schemas.append(name)
        return url

    async def close(self) -> None:
        for name in self._schemas:
            await self.server.drop_schema(name)
