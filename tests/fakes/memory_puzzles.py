"""The puzzle part of the in-memory repository (`MemoryRepository` inherits it), with the semantics of
`bot/storage/puzzle_store.py`: one open puzzle per channel, attempts checked to be where an answer found
them, the first solve ending the puzzle, progress and the puzzles' ratings scored with the domain's rule."""

from __future__ import annotations

from dataclasses import replace

from bot.domain.glicko import Rating
from bot.domain.model import Player
from bot.domain.puzzles import Attempt, Outcome, Progress, Shown, Status, scored, starting_rating
from bot.storage.puzzle_records import Settled
from engine.puzzles import Puzzle


class MemoryPuzzles:
    """Shown puzzles, attempts, progress and puzzle ratings, in dictionaries."""

    def __init__(self) -> None:
        self._shown: dict[int, Shown] = {}
        self._attempts: dict[int, dict[str, Attempt]] = {}  # shown id -> user -> attempt (in order begun)
        self._progress: dict[tuple[str, str, str, str], Progress] = {}  # (platform, channel, user, variant)
        self._puzzle_ratings: dict[str, Rating] = {}

    def _read(self, method: str) -> None:
        raise NotImplementedError

    def _write(self, method: str) -> None:
        raise NotImplementedError

    async def open_puzzle(self, platform: str, channel_id: str) -> Shown | None:
        self._read("open_puzzle")
        return next((s for s in self._shown.values()
                     if (s.platform, s.channel_id) == (platform, channel_id) and s.open), None)

    async def shown_puzzles(self, platform: str, channel_id: str, variant: str) -> set[str]:
        self._read("shown_puzzles")
        return {s.puzzle.key for s in self._shown.values()
                if (s.platform, s.channel_id, s.puzzle.variant) == (platform, channel_id, variant)}

    async def show_puzzle(self, platform: str, channel_id: str, puzzle: Puzzle, opened_by: str,
                          now: float) -> Shown:
        found = await self.open_puzzle(platform, channel_id)
        self._write("show_puzzle")
        if found is not None:
            return found
        shown = Shown(len(self._shown) + 1, platform, channel_id, puzzle, opened_by, now)
        self._shown[shown.id] = shown
        self._attempts[shown.id] = {}
        return shown

    async def puzzle_attempts(self, shown_id: int) -> list[Attempt]:
        self._read("puzzle_attempts")
        return list(self._attempts.get(shown_id, {}).values())

    async def advance_puzzle(self, shown: Shown, before: Attempt | None, after: Attempt,
                             now: float) -> Settled | None:
        self._write("advance_puzzle")
        stored = self._shown.get(shown.id)
        if stored is None or not stored.open:
            return None
        current = self._attempts[shown.id].get(after.user_id)
        where = None if current is None else (current.step, current.status)
        if where != (None if before is None else (before.step, before.status)):
            return None
        return self._settle(stored, after, now, solved_first=after.status is Status.SOLVED)

    async def give_up_puzzle(self, shown: Shown, user_id: str, name: str, now: float) -> Settled | None:
        self._write("give_up_puzzle")
        stored = self._shown.get(shown.id)
        if stored is None or not stored.open:
            return None
        self._shown[shown.id] = replace(stored, outcome=Outcome.GIVEN_UP, ended_at=now)
        current = self._attempts[shown.id].get(user_id) or Attempt(user_id, name)
        if current.status.final:
            return Settled(current, ended=True)
        settled = self._settle(stored, Attempt(user_id, name, current.step, Status.FAILED), now)
        return replace(settled, ended=True)

    def _settle(self, shown: Shown, after: Attempt, now: float, *, solved_first: bool = False) -> Settled:
        self._attempts[shown.id][after.user_id] = after
        if not after.status.final:
            return Settled(after)
        puzzle = shown.puzzle
        key = (shown.platform, shown.channel_id, after.user_id, puzzle.variant)
        found = self._progress.get(key)
        before = replace(found, name=after.name) if found else Progress(after.user_id, after.name,
                                                                          puzzle.variant)
        solved = after.status is Status.SOLVED
        progress, theirs = scored(before, self._puzzle_ratings.get(puzzle.key) or starting_rating(puzzle),
                                  solved, now)
        self._progress[key] = progress
        self._puzzle_ratings[puzzle.key] = theirs
        ended = False
        if solved_first and self._shown[shown.id].open:
            self._shown[shown.id] = replace(shown, outcome=Outcome.SOLVED,
                                            solver=Player(after.user_id, after.name), ended_at=now)
            ended = True
        return Settled(after, ended, before, progress, theirs)

    def _move_puzzles(self, platform: str, old: str, new: str) -> None:
        """A channel's new id takes its puzzles and progress along (see `bot.storage.rows.channel_move`)."""
        open_there = any(shown.open and (shown.platform, shown.channel_id) == (platform, new)
                         for shown in self._shown.values())
        for shown in list(self._shown.values()):
            if (shown.platform, shown.channel_id) == (platform, old) and not (shown.open and open_there):
                self._shown[shown.id] = replace(shown, channel_id=new)
        for (pl, channel, user, variant), progress in list(self._progress.items()):
            if (pl, channel) == (platform, old):
                del self._progress[pl, channel, user, variant]
                self._progress.setdefault((pl, new, user, variant), progress)

    async def puzzle_progress(self, platform: str, channel_id: str, user_id: str) -> list[Progress]:
        self._read("puzzle_progress")
        return sorted((p for (pl, ch, user, _), p in self._progress.items()
                       if (pl, ch, user) == (platform, channel_id, user_id)), key=lambda p: p.variant)

    async def puzzle_leaders(self, platform: str, channel_id: str, variant: str, *,
                             limit: int) -> list[Progress]:
        self._read("puzzle_leaders")
        found = [p for (pl, ch, _, v), p in self._progress.items()
                 if (pl, ch, v) == (platform, channel_id, variant)]
        return sorted(found, key=lambda p: (-p.rating.rating, -p.solved, p.user_id))[:limit]
