"""Puzzles mined from finished games (migration 12), written once for both SQL backends.

A game is mined once: its row in `mined_games` goes in the same transaction as the puzzles found in it,
and the insert of a row that is there already changes nothing, so of two processes that mined the same
game only the first stores its puzzles. Reads use the backend's `_all`, writes its transaction (`_tx`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.domain.model import Game
from bot.storage.mined_records import Channels, MinedPuzzle
from bot.storage.reads import SqlReads
from bot.storage.rows import GAME_SELECT, readable
from bot.storage.tournament_store import Tx
from engine.puzzles import Puzzle

TO_MINE = (f"{GAME_SELECT} WHERE status = 'finished' AND set_aside IS NULL"
           " AND id NOT IN (SELECT game_id FROM mined_games)")
MARK = "INSERT INTO mined_games (game_id, found, mined_at) VALUES (?, ?, ?) ON CONFLICT (game_id) DO NOTHING"
KEEP = ("INSERT INTO mined_puzzles (game_id, puzzle_key, platform, channel_id, variant, ply, puzzle,"
        " found_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, puzzle_key) DO NOTHING")
FOUND = ("SELECT game_id, puzzle, found_at FROM mined_puzzles WHERE platform = ? AND channel_id = ?"
         " AND (? = '' OR variant = ?) ORDER BY found_at, game_id, ply")
OF_GAME = "SELECT game_id, puzzle, found_at FROM mined_puzzles WHERE game_id = ? ORDER BY ply, puzzle_key"
_GAME_ID = 0  # GAME_SELECT's first column


def _in_channels(channels: Channels) -> tuple[str, list[str]]:
    if channels is None:
        return "", []
    if not channels:
        return " AND 1 = 0", []
    pairs = " OR ".join("(platform = ? AND channel_id = ?)" for _ in channels)
    return f" AND ({pairs})", [value for pair in channels for value in pair]


class MinedStore(SqlReads):
    """The repository's mined-puzzle methods over a backend's `_all` and `_tx`."""

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def games_to_mine(self, channels: Channels, limit: int) -> list[Game | int]:
        where, params = _in_channels(channels)
        rows = await self._all(f"{TO_MINE}{where} ORDER BY id LIMIT ?", (*params, limit))
        found: list[Game | int] = []
        for row in rows:
            game = readable(row)
            found.append(game if isinstance(game, Game) else int(row[_GAME_ID]))
        return found

    async def keep_puzzles(self, game: Game, puzzles: Sequence[Puzzle], now: float) -> None:
        async with self._tx() as tx:
            await _keep(tx, game, puzzles, now)

    async def store_mined(self, game: Game | int, puzzles: Sequence[Puzzle], now: float) -> bool:
        game_id = game if isinstance(game, int) else game.id
        async with self._tx() as tx:
            if await tx.run(MARK, game_id, len(puzzles), now) != 1:
                return False
            if isinstance(game, Game):
                await _keep(tx, game, puzzles, now)
            else:
                assert not puzzles  # an unreadable game is marked with nothing found
        return True

    async def game_puzzles(self, game_id: int) -> list[MinedPuzzle]:
        return _mined(await self._all(OF_GAME, (game_id,)))

    async def mined_puzzles(self, platform: str, channel_id: str, variant: str | None) -> list[MinedPuzzle]:
        wanted = variant or ""
        return _mined(await self._all(FOUND, (platform, channel_id, wanted, wanted)))


async def _keep(tx: Tx, game: Game, puzzles: Sequence[Puzzle], now: float) -> None:
    for puzzle in puzzles:
        await tx.run(KEEP, game.id, puzzle.key, game.platform, game.channel_id, puzzle.variant,
                     puzzle.source.ply or 0, json.dumps(puzzle.to_dict()), now)


def _mined(rows: Sequence[Sequence[Any]]) -> list[MinedPuzzle]:
    """Rows of (game id, puzzle JSON, found at) as mined puzzles."""
    return [MinedPuzzle(Puzzle.from_dict(json.loads(puzzle)), int(game_id), float(found_at))
            for game_id, puzzle, found_at in rows]
