"""`tammi db copy`: every row of every table from one database into another, empty one, of either backend.

Both databases are first brought to the same schema version; the target must be empty. The rows move in
one transaction of the target (foreign keys checked at its commit, as games and challenges point at each
other), so a failed copy writes nothing. The counts are checked at the end. The tables are read whole
into memory, which suits a bot's database of games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from bot.storage.repository import StorageError

Rows = dict[str, tuple[list[str], list[tuple[Any, ...]]]]


@runtime_checkable
class Copyable(Protocol):
    """What a backend offers for copying: its tables and their columns, and whole tables in and out."""

    async def schema_version(self) -> int: ...

    async def tables(self) -> dict[str, list[str]]: ...

    async def count_rows(self, table: str) -> int: ...

    async def export_rows(self, table: str, columns: Sequence[str]) -> list[tuple[Any, ...]]: ...

    async def import_rows(self, rows: Rows) -> None: ...


async def copy_rows(source: Copyable, target: Copyable) -> dict[str, int]:
    """Copy every row of `source` into the empty `target`; the number of rows per table."""
    versions = await source.schema_version(), await target.schema_version()
    if versions[0] != versions[1]:
        raise StorageError(f"the schemas differ (version {versions[0]} and {versions[1]})")
    tables = await source.tables()
    if tables.keys() != (await target.tables()).keys():
        raise StorageError("the two databases do not have the same tables")
    filled = [table for table in sorted(tables) if await target.count_rows(table)]
    if filled:
        raise StorageError(f"the target is not empty (rows in {', '.join(filled)}); "
                           "copy only into a new database")
    rows: Rows = {}
    for table, columns in tables.items():
        rows[table] = (columns, await source.export_rows(table, columns))
    await target.import_rows(rows)
    counts = {table: await target.count_rows(table) for table in sorted(tables)}
    wrong = [table for table in counts if counts[table] != len(rows[table][1])]
    if wrong:
        raise StorageError("the counts differ after copying: " + ", ".join(
            f"{table} {len(rows[table][1])} -> {counts[table]}" for table in wrong))
    return counts
