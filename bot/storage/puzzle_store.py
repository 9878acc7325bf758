"""Puzzles in storage (migration 9), written once for both SQL backends: the puzzles shown in each
channel (the puzzle itself kept as JSON), each solver's attempt, people's progress and the puzzles' own
ratings. See `bot.storage.puzzle_records` for what each method promises.

A judged answer is one transaction, ordered after the others on the same shown puzzle (`Tx.lock`): the
attempt is checked to be still where the answer found it, then stored, scored and, for the first solve,
the puzzle ended (`UPDATE ... WHERE ended_at IS NULL`: of two processes only one ends it).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from typing import Any

from bot.domain.glicko import Rating
from bot.domain.model import Player
from bot.domain.puzzles import Attempt, Outcome, Progress, Shown, Status, scored, starting_rating
from bot.storage.puzzle_records import Settled
from bot.storage.reads import SqlReads
from bot.storage.tournament_store import Tx
from engine.puzzles import Puzzle

_SHOWN = ("SELECT id, platform, channel_id, puzzle, opened_by, opened_at, outcome, solver_id, solver_name,"
          " ended_at FROM puzzles_shown")
_OPEN = f"{_SHOWN} WHERE platform = ? AND channel_id = ? AND ended_at IS NULL"
_KEYS = "SELECT DISTINCT puzzle_key FROM puzzles_shown WHERE platform = ? AND channel_id = ? AND variant = ?"
_SHOW = ("INSERT INTO puzzles_shown (platform, channel_id, puzzle_key, variant, puzzle, opened_by, opened_at)"
         " VALUES (?, ?, ?, ?, ?, ?, ?)")
_ATTEMPTS = ("SELECT user_id, name, step, status FROM puzzle_attempts WHERE shown_id = ?"
             " ORDER BY changed_at, user_id")
_ATTEMPT = "SELECT user_id, name, step, status FROM puzzle_attempts WHERE shown_id = ? AND user_id = ?"
_ATTEMPT_SET = ("INSERT INTO puzzle_attempts (shown_id, user_id, name, step, status, changed_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (shown_id, user_id) DO UPDATE SET"
                " name = excluded.name, step = excluded.step, status = excluded.status")
_ENDED = "SELECT ended_at FROM puzzles_shown WHERE id = ?"
_END = ("UPDATE puzzles_shown SET outcome = ?, solver_id = ?, solver_name = ?, ended_at = ?"
        " WHERE id = ? AND ended_at IS NULL")
_PROGRESS = ("SELECT user_id, name, variant, solved, failed, streak, best_streak, rating, deviation,"
             " volatility, rated_at FROM puzzle_progress")
_PROGRESS_ONE = f"{_PROGRESS} WHERE platform = ? AND channel_id = ? AND user_id = ? AND variant = ?"
_PROGRESS_SET = (
    "INSERT INTO puzzle_progress (platform, channel_id, user_id, variant, name, solved, failed, streak,"
    " best_streak, rating, deviation, volatility, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (platform, channel_id, user_id, variant) DO UPDATE SET name = excluded.name,"
    " solved = excluded.solved, failed = excluded.failed, streak = excluded.streak,"
    " best_streak = excluded.best_streak, rating = excluded.rating, deviation = excluded.deviation,"
    " volatility = excluded.volatility, rated_at = excluded.rated_at")
_RATING = "SELECT rating, deviation, volatility, rated_at FROM puzzle_ratings WHERE puzzle_key = ?"
_RATING_SET = (
    "INSERT INTO puzzle_ratings (puzzle_key, variant, rating, deviation, volatility, rated_at, solved,"
    " failed) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (puzzle_key) DO UPDATE SET"
    " rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,"
    " rated_at = excluded.rated_at,"
    " solved = puzzle_ratings.solved + excluded.solved, failed = puzzle_ratings.failed + excluded.failed")


def shown_from(row: Sequence[Any]) -> Shown:
    """A shown puzzle from its row (`_SHOWN`)."""
    id_, platform, channel, data, opened_by, opened_at, outcome, solver_id, solver_name, ended_at = row
    solver = Player(solver_id, solver_name or "") if solver_id is not None else None
    return Shown(int(id_), platform, channel, Puzzle.from_dict(json.loads(data)), opened_by, float(opened_at),
                 Outcome(outcome) if outcome else None, solver, None if ended_at is None else float(ended_at))


def progress_from(row: Sequence[Any]) -> Progress:
    user_id, name, variant, solved, failed, streak, best, rating, deviation, volatility, at = row
    return Progress(user_id, name, variant, int(solved), int(failed), int(streak), int(best),
                    Rating(float(rating), float(deviation), float(volatility),
                           None if at is None else float(at)))


def _where(attempt: Attempt | None) -> tuple[int, Status] | None:
    return None if attempt is None else (attempt.step, attempt.status)


def _attempt(row: Sequence[Any]) -> Attempt:
    return Attempt(row[0], row[1], int(row[2]), Status(row[3]))


class PuzzleStore(SqlReads):
    """The repository's puzzle methods over a backend's `_all` and `_tx`."""

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def open_puzzle(self, platform: str, channel_id: str) -> Shown | None:
        row = await self._one(_OPEN, (platform, channel_id))
        return None if row is None else shown_from(row)

    async def shown_puzzles(self, platform: str, channel_id: str, variant: str) -> set[str]:
        return {row[0] for row in await self._all(_KEYS, (platform, channel_id, variant))}

    async def show_puzzle(self, platform: str, channel_id: str, puzzle: Puzzle, opened_by: str,
                          now: float) -> Shown:
        async with self._tx() as tx:
            await tx.lock(f"puzzles:{platform}:{channel_id}")
            found = await tx.rows(_OPEN, platform, channel_id)
            if found:
                return shown_from(found[0])
            data = json.dumps(puzzle.to_dict(), ensure_ascii=False)
            new = await tx.insert(_SHOW, platform, channel_id, puzzle.key, puzzle.variant, data, opened_by,
                                  now)
        return Shown(new, platform, channel_id, puzzle, opened_by, now)

    async def puzzle_attempts(self, shown_id: int) -> list[Attempt]:
        return [_attempt(row) for row in await self._all(_ATTEMPTS, (shown_id,))]

    async def advance_puzzle(self, shown: Shown, before: Attempt | None, after: Attempt,
                             now: float) -> Settled | None:
        async with self._tx() as tx:
            await tx.lock(f"puzzle:{shown.id}")
            ended = await tx.rows(_ENDED, shown.id)
            if not ended or ended[0][0] is not None:
                return None
            rows = await tx.rows(_ATTEMPT, shown.id, after.user_id)
            stored = _attempt(rows[0]) if rows else None
            if _where(stored) != _where(before):
                return None
            return await self._settle(tx, shown, after, now, solved_first=after.status is Status.SOLVED)

    async def give_up_puzzle(self, shown: Shown, user_id: str, name: str, now: float) -> Settled | None:
        async with self._tx() as tx:
            await tx.lock(f"puzzle:{shown.id}")
            if await tx.run(_END, Outcome.GIVEN_UP.value, None, None, now, shown.id) != 1:
                return None
            rows = await tx.rows(_ATTEMPT, shown.id, user_id)
            stored = _attempt(rows[0]) if rows else Attempt(user_id, name)
            if stored.status.final:
                return Settled(stored, ended=True)
            settled = await self._settle(tx, shown, Attempt(user_id, name, stored.step, Status.FAILED), now)
            return Settled(settled.attempt, True, settled.before, settled.after, settled.puzzle_rating)

    async def _settle(self, tx: Tx, shown: Shown, after: Attempt, now: float, *,
                      solved_first: bool = False) -> Settled:
        """Store the attempt; score it when it is final; end the puzzle with its first solve."""
        await tx.run(_ATTEMPT_SET, shown.id, after.user_id, after.name, after.step, after.status.value, now)
        if not after.status.final:
            return Settled(after)
        puzzle = shown.puzzle
        rows = await tx.rows(_PROGRESS_ONE, shown.platform, shown.channel_id, after.user_id, puzzle.variant)
        before = replace(progress_from(rows[0]), name=after.name) if rows else Progress(
            after.user_id, after.name, puzzle.variant)
        found = await tx.rows(_RATING, puzzle.key)
        rating = (Rating(float(found[0][0]), float(found[0][1]), float(found[0][2]),
                         None if found[0][3] is None else float(found[0][3]))
                  if found else starting_rating(puzzle))
        solved = after.status is Status.SOLVED
        progress, theirs = scored(before, rating, solved, now)
        mine = progress.rating
        await tx.run(_PROGRESS_SET, shown.platform, shown.channel_id, after.user_id, puzzle.variant,
                     after.name, progress.solved, progress.failed, progress.streak, progress.best,
                     mine.rating, mine.deviation, mine.volatility, mine.at)
        await tx.run(_RATING_SET, puzzle.key, puzzle.variant, theirs.rating, theirs.deviation,
                     theirs.volatility, theirs.at, int(solved), int(not solved))
        ended = False
        if solved_first:
            ended = await tx.run(_END, Outcome.SOLVED.value, after.user_id, after.name, now, shown.id) == 1
        return Settled(after, ended, before, progress, theirs)

    async def puzzle_progress(self, platform: str, channel_id: str, user_id: str) -> list[Progress]:
        rows = await self._all(f"{_PROGRESS} WHERE platform = ? AND channel_id = ? AND user_id = ?"
                               " ORDER BY variant", (platform, channel_id, user_id))
        return [progress_from(row) for row in rows]

    async def puzzle_leaders(self, platform: str, channel_id: str, variant: str, *,
                             limit: int) -> list[Progress]:
        rows = await self._all(f"{_PROGRESS} WHERE platform = ? AND channel_id = ? AND variant = ?"
                               " ORDER BY rating DESC, solved DESC, user_id LIMIT ?",
                               (platform, channel_id, variant, limit))
        return [progress_from(row) for row in rows]
