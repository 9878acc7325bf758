"""Tidy channels: a game's live board (the one message its board is edited in, `settings live on`) and
the thread a game was given (`settings threads on`, Discord), read and kept in storage.

A game with a thread lives in its channel as before (its seats, ratings and settings are the channel's);
only where its messages go changes: to the thread. A message in that thread is read as if in the channel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.storage.repository import Repository


@dataclass(frozen=True)
class Where:
    """Where a game's board goes: `channel` (its thread, if it has one) and the live board there."""

    channel: str
    live: str | None = None


async def _place(repository: Repository, channel: str, game_id: int, threads: bool) -> str:
    return (await repository.game_thread(game_id) if threads else None) or channel


async def where(repository: Repository, platform: str, channel: str, game_id: int, *,
                live: bool, threads: bool) -> Where:
    """Where the game's messages go (with `threads`, its thread if it has one, else `channel`) and, with
    `live`, its live board there."""
    place = await _place(repository, channel, game_id, threads)
    if not live:
        return Where(place)
    return Where(place, await repository.live_board(platform, place, game_id))


async def keep(repository: Repository, clock: Callable[[], float], platform: str, channel: str,
               game_id: int, message_id: str, *, threads: bool) -> None:
    """The message `message_id` is the game's live board where its messages go (as `where`) from now on."""
    place = await _place(repository, channel, game_id, threads)
    await repository.keep_live_board(platform, place, game_id, message_id, clock())


async def give_thread(repository: Repository, clock: Callable[[], float], platform: str, game_id: int,
                      thread_id: str) -> bool:
    """Record the game's new thread; False if it had one."""
    return await repository.give_thread(game_id, platform, thread_id, clock())


async def channel_of_thread(repository: Repository, platform: str, thread_id: str) -> str | None:
    """The channel of the game that was given this thread (None: not a game's thread)."""
    game_id = await repository.thread_game(platform, thread_id)
    if game_id is None:
        return None
    game = await repository.get_game(game_id)
    return None if game is None else game.channel_id
