"""Mined puzzles for the in-memory repository (`bot.storage.mined_records`), in dictionaries."""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain.model import Damaged, Game, Status
from bot.storage.mined_records import Channels, MinedPuzzle
from engine.puzzles import Puzzle


class MemoryMined:
    """Which games were mined and the puzzles found in them."""

    _games: dict[int, Game]
    _aside: dict[int, Damaged]

    def __init__(self) -> None:
        self._mined: dict[int, int] = {}  # game id -> puzzles found
        self._found: dict[tuple[int, str], MinedPuzzle] = {}  # (game id, puzzle key) -> the puzzle

    def _read(self, method: str) -> None:
        raise NotImplementedError

    def _write(self, method: str) -> None:
        raise NotImplementedError

    async def games_to_mine(self, channels: Channels, limit: int) -> list[Game | int]:
        self._read("games_to_mine")
        wanted = None if channels is None else set(channels)
        found: list[Game | int] = []
        for game_id, game in sorted(self._games.items()):
            if (game.status is not Status.FINISHED or game_id in self._mined or game_id in self._aside
                    or (wanted is not None and (game.platform, game.channel_id) not in wanted)):
                continue
            found.append(game)
        return found[:limit]

    async def keep_puzzles(self, game: Game, puzzles: Sequence[Puzzle], now: float) -> None:
        self._write("keep_puzzles")
        for puzzle in puzzles:
            self._found.setdefault((game.id, puzzle.key), MinedPuzzle(puzzle, game.id, now))

    async def game_puzzles(self, game_id: int) -> list[MinedPuzzle]:
        self._read("game_puzzles")
        found = [mined for (game, _), mined in self._found.items() if game == game_id]
        return sorted(found, key=lambda mined: (mined.puzzle.source.ply or 0, mined.puzzle.key))

    async def store_mined(self, game: Game | int, puzzles: Sequence[Puzzle], now: float) -> bool:
        self._write("store_mined")
        game_id = game if isinstance(game, int) else game.id
        if game_id in self._mined:
            return False
        self._mined[game_id] = len(puzzles)
        for puzzle in puzzles:
            self._found.setdefault((game_id, puzzle.key), MinedPuzzle(puzzle, game_id, now))
        return True

    async def mined_puzzles(self, platform: str, channel_id: str, variant: str | None) -> list[MinedPuzzle]:
        self._read("mined_puzzles")
        shown = []
        for (game_id, _), mined in self._found.items():
            game = self._games.get(game_id)
            if (game is not None and (game.platform, game.channel_id) == (platform, channel_id)
                    and variant in (None, mined.puzzle.variant)):
                shown.append(mined)
        return sorted(shown, key=lambda mined: (mined.found_at, mined.game_id, mined.puzzle.source.ply or 0))
