"""What the repository offers for puzzles mined in the background from finished games (`MinedRecords`,
part of `bot.storage.repository.Repository`; `bot.storage.mined_store` writes it for both SQL backends)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.domain.model import Game
from engine.puzzles import Puzzle

Channels = Sequence[tuple[str, str]] | None
"""(platform, channel id) pairs whose games are mined; None: every channel."""


@dataclass(frozen=True)
class MinedPuzzle:
    """A puzzle found in a channel's game (`game_id`), and when."""

    puzzle: Puzzle
    game_id: int
    found_at: float


class MinedRecords(Protocol):
    async def games_to_mine(self, channels: Channels, limit: int) -> list[Game | int]:
        """Up to `limit` finished games of those channels not mined yet, oldest first (the id alone of a
        game whose record cannot be read: it is marked mined with nothing found)."""
        ...

    async def keep_puzzles(self, game: Game, puzzles: Sequence[Puzzle], now: float) -> None:
        """Keep puzzles found in the game outside a mining round (a review's turning points), without
        marking the game mined; one already kept stays as it is."""
        ...

    async def game_puzzles(self, game_id: int) -> list[MinedPuzzle]:
        """The puzzles kept from one game, in the order of the game."""
        ...

    async def store_mined(self, game: Game | int, puzzles: Sequence[Puzzle], now: float) -> bool:
        """Mark the game mined and keep the puzzles found in it, in one transaction; False, with nothing
        written, when it was mined already (by another process)."""
        ...

    async def mined_puzzles(self, platform: str, channel_id: str, variant: str | None) -> list[MinedPuzzle]:
        """The puzzles found in the games of a channel (of one variant, or all), oldest first."""
        ...
