"""The puzzle part of the repository interface (`bot.storage.repository.Repository` takes it in):
puzzles shown in a channel, each solver's attempt, and people's progress (migration 9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.domain.glicko import Rating
from bot.domain.puzzles import Attempt, Progress, Shown
from engine.puzzles import Puzzle


@dataclass(frozen=True)
class Settled:
    """What a judged answer stored: `ended` when it ended the puzzle (its first solver, or the give-up),
    and the person's progress before and after when it was scored (a solve or a failure)."""

    attempt: Attempt
    ended: bool = False
    before: Progress | None = None
    after: Progress | None = None
    puzzle_rating: Rating | None = None


class PuzzleRecords(Protocol):
    async def open_puzzle(self, platform: str, channel_id: str) -> Shown | None:
        """The puzzle open in the channel, if one is."""
        ...

    async def shown_puzzles(self, platform: str, channel_id: str, variant: str) -> set[str]:
        """The keys of the puzzles of `variant` ever shown in the channel."""
        ...

    async def show_puzzle(self, platform: str, channel_id: str, puzzle: Puzzle, opened_by: str,
                          now: float) -> Shown:
        """Open `puzzle` in the channel; if one is open there already, nothing is written and that one
        is returned."""
        ...

    async def puzzle_attempts(self, shown_id: int) -> list[Attempt]:
        """Everyone's attempts at a shown puzzle, in the order they began."""
        ...

    async def advance_puzzle(self, shown: Shown, before: Attempt | None, after: Attempt,
                             now: float) -> Settled | None:
        """Store a solver's attempt moving from `before` (None: their first move) to `after`; a solved or
        failed attempt is scored (progress and the puzzle's rating), and the first solved one ends the
        puzzle. None, with nothing written, when the puzzle has ended or the attempt is no longer
        `before` (another answer of theirs came first)."""
        ...

    async def give_up_puzzle(self, shown: Shown, user_id: str, name: str, now: float) -> Settled | None:
        """End the open puzzle as given up by this person, who fails it if they had not solved or failed
        it yet; None, with nothing written, when it had ended already."""
        ...

    async def puzzle_progress(self, platform: str, channel_id: str, user_id: str) -> list[Progress]:
        """A person's progress in the channel, one per variant they tried, by variant."""
        ...

    async def puzzle_leaders(self, platform: str, channel_id: str, variant: str, *,
                             limit: int) -> list[Progress]:
        """The channel's solvers in `variant`, best puzzle rating first."""
        ...
