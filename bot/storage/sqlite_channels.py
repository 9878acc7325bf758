"""SQLite: a channel's rows moved to its new id (a Telegram group upgraded to a supergroup)."""

from __future__ import annotations

import aiosqlite

_WHERE = " SET channel_id = ? WHERE platform = ? AND channel_id = ?"


async def move(db: aiosqlite.Connection, platform: str, old: str, new: str) -> int:
    """Move the channel's games, challenges, seats, ratings and settings from `old` to `new` inside the
    caller's transaction; where both ids have a seat, rating or settings row, the new id's stays. The
    number of games moved."""
    keys = (new, platform, old)
    moved = await db.execute("UPDATE games" + _WHERE, keys)
    await db.execute("UPDATE challenges" + _WHERE, keys)
    for table in ("seats", "ratings", "channel_settings"):
        await db.execute(f"UPDATE OR IGNORE {table}" + _WHERE, keys)
        await db.execute(f"DELETE FROM {table} WHERE platform = ? AND channel_id = ?", (platform, old))
    return int(moved.rowcount)
