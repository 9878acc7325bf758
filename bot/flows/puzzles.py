"""Puzzles in a channel: opening one, judging each solver's answers, giving up.

Where puzzles come from is one small thing (`Source`; `source()` gives the one in use: the channel's own,
mined from its finished games by `bot.flows.mining`, then the built-in sets of `engine.puzzle_set`). A
channel gets the first puzzle of its variant it has not been shown (when it has seen them all, one at
random); a puzzle from one of its games names the game (`Origin`). Every answer is judged for its
sender (`bot.domain.puzzles`) and stored before it is confirmed; a wrong one gets its refutation, a
line the engine's search finds in the worker pools (`Workers.hint`, one search per ply), off the event
loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.domain.model import Player
from bot.domain.puzzles import Attempt, Judged, Progress, Shown, Status, Verdict, judge, position
from bot.domain.transitions import Refusal
from bot.flows.desk import Asker
from bot.storage.puzzle_records import Settled
from bot.storage.repository import Repository
from bot.workers import Workers
from engine import Board, Move, MoveError, puzzle_set
from engine.puzzles import Puzzle

REFUTATION_PLIES = 3  # plies a refutation shows at least (the opponent's answer, and on)
REFUTATION_MAX = 6  # and at most, while captures are still under way
REFUTATION_SECONDS = 0.5  # the search's limits per ply (about a third of a second each)
REFUTATION_NODES = 5_000


class Source(Protocol):
    """Where puzzles come from: a variant's puzzles for a channel, in the order it is given them (a source
    may read the channel's own, such as those mined from its games, through the repository)."""

    async def puzzles(self, repository: Repository, asker: Asker, variant: str) -> Sequence[Puzzle]: ...


class Builtin:
    """The built-in sets (`engine/data/puzzles_<variant>.json`)."""

    async def puzzles(self, repository: Repository, asker: Asker, variant: str) -> Sequence[Puzzle]:
        return puzzle_set.builtin(variant)


class ChannelFirst:
    """The channel's own puzzles, found in its finished games (oldest first), then the built-in set."""

    async def puzzles(self, repository: Repository, asker: Asker, variant: str) -> Sequence[Puzzle]:
        mined = await repository.mined_puzzles(asker.platform, asker.channel, variant)
        own = [found.puzzle for found in mined]
        keys = {puzzle.key for puzzle in own}
        return [*own, *(puzzle for puzzle in puzzle_set.builtin(variant) if puzzle.key not in keys)]


class One:
    """A source of one puzzle: the one a caller chose (the day's, a review's turning point)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle

    async def puzzles(self, repository: Repository, asker: Asker, variant: str) -> Sequence[Puzzle]:
        return (self.puzzle,)


def source() -> Source:
    """The puzzles the bot gives: the channel's own first, then the built-in set."""
    return ChannelFirst()


@dataclass(frozen=True)
class Origin:
    """The channel's game a puzzle was found in: its players and the puzzle's move number."""

    game_id: int
    white: str
    black: str
    move: int


async def origin(repository: Repository, asker: Asker, puzzle: Puzzle) -> Origin | None:
    """The game of this channel the puzzle comes from, if it comes from one."""
    found = puzzle.source
    if found.kind != "game" or found.game is None or found.move_number is None:
        return None
    game = await repository.get_game(found.game)
    if game is None or (game.platform, game.channel_id) != (asker.platform, asker.channel):
        return None
    return Origin(game.id, game.white.name, game.black.name, found.move_number)


async def choose(repository: Repository, asker: Asker, variant: str, given: Source | None = None,
                 seen: Collection[str] | None = None) -> Puzzle:
    """The next puzzle of `variant` for the channel: the first it was not shown yet (`seen`: the keys of
    those shown, when the caller has read them already)."""
    found = await (given or source()).puzzles(repository, asker, variant)
    if not found:
        raise Refusal("puzzle_none_for_variant", rules=variant)
    if len(found) == 1:  # the one given: nothing to choose from
        return found[0]
    if seen is None:
        seen = await repository.shown_puzzles(asker.platform, asker.channel, variant)
    fresh = [puzzle for puzzle in found if puzzle.key not in seen]
    return fresh[0] if fresh else random.choice(found)


@dataclass(frozen=True)
class Opened:
    """The channel's open puzzle: `new` when this request opened it; `asked` the variant asked for when
    another one was open already."""

    shown: Shown
    new: bool
    attempt: Attempt | None = None  # the asker's, on an open one
    asked: str | None = None
    origin: Origin | None = None  # the channel's game it comes from


async def open_puzzle(repository: Repository, asker: Asker, variant: str | None, default: str,
                      clock: Callable[[], float], given: Source | None = None) -> Opened:
    """The open puzzle of the channel (shown again), else a new one of `variant` (or `default`)."""
    found = await repository.open_puzzle(asker.platform, asker.channel)
    if found is None:
        puzzle = await choose(repository, asker, variant or default, given)
        now = clock()
        shown = await repository.show_puzzle(asker.platform, asker.channel, puzzle, asker.user_id, now)
        if (shown.puzzle.key, shown.opened_by, shown.opened_at) == (puzzle.key, asker.user_id, now):
            return Opened(shown, new=True, origin=await origin(repository, asker, shown.puzzle))
        found = shown  # another request opened one first
    mine = await attempt_of(repository, found, asker.user_id)
    asked = variant if variant is not None and variant != found.puzzle.variant else None
    return Opened(found, new=False, attempt=mine, asked=asked,
                  origin=await origin(repository, asker, found.puzzle))


async def current(repository: Repository, asker: Asker) -> Shown:
    """The channel's open puzzle, or the refusal that says none is."""
    found = await repository.open_puzzle(asker.platform, asker.channel)
    if found is None:
        raise Refusal("puzzle_not_open")
    return found


async def attempt_of(repository: Repository, shown: Shown, user_id: str) -> Attempt | None:
    return next((a for a in await repository.puzzle_attempts(shown.id) if a.user_id == user_id), None)


@dataclass(frozen=True)
class Answered:
    """A solver's move judged and stored: `refutation` the line that shows why a wrong one fails."""

    shown: Shown
    judged: Judged
    settled: Settled
    refutation: tuple[Move, ...] = ()


@dataclass(frozen=True)
class Unplayable:
    """A move that cannot be played in the solver's position (nothing judged)."""

    shown: Shown
    board: Board
    error: MoveError


async def answer(repository: Repository, workers: Workers, asker: Asker, solver: Player, text: str,
                 clock: Callable[[], float], shown: Shown | None = None) -> Answered | Unplayable | None:
    """The solver's move in the channel's open puzzle (None: no puzzle is open)."""
    shown = shown or await repository.open_puzzle(asker.platform, asker.channel)
    if shown is None:
        return None
    before = await attempt_of(repository, shown, solver.user_id)
    if before is not None and before.status.final:
        raise Refusal("puzzle_tried", id=shown.id)
    step = before.step if before else 0
    try:
        judged = judge(shown.puzzle, step, text)
    except MoveError as error:
        return Unplayable(shown, position(shown.puzzle, step), error)
    status = {Verdict.RIGHT: Status.SOLVING, Verdict.SOLVED: Status.SOLVED, Verdict.WRONG: Status.FAILED}
    after = Attempt(solver.user_id, solver.name, step + (judged.verdict is not Verdict.WRONG),
                    status[judged.verdict])
    settled = await repository.advance_puzzle(shown, before, after, clock())
    if settled is None:  # ended meanwhile, or another answer of theirs came first
        now = await repository.open_puzzle(asker.platform, asker.channel)
        if now is not None and now.id == shown.id:
            raise Refusal("puzzle_moved_on", id=shown.id)
        solvers = [a.name for a in await repository.puzzle_attempts(shown.id) if a.status is Status.SOLVED]
        if solvers:
            raise Refusal("puzzle_solved_by", id=shown.id, name=solvers[0])
        raise Refusal("puzzle_ended", id=shown.id)
    line: tuple[Move, ...] = ()
    if judged.verdict is Verdict.WRONG:
        line = await refutation(workers, judged.board)
    return Answered(shown, judged, settled, line)


async def refutation(workers: Workers, board: Board) -> tuple[Move, ...]:
    """The best play from a position after a wrong move (the opponent's answer first): at least
    `REFUTATION_PLIES` plies, and on while captures are under way, up to `REFUTATION_MAX`."""
    board = board.copy()
    line: list[Move] = []
    while len(line) < REFUTATION_MAX and not board.is_game_over():
        moves = list(board.legal_moves)
        if len(line) >= REFUTATION_PLIES and not moves[0].is_capture and not (line and line[-1].is_capture):
            break
        move = moves[0] if len(moves) == 1 else await workers.hint(board, seconds=REFUTATION_SECONDS,
                                                                    nodes=REFUTATION_NODES)
        line.append(move)
        board.push(move)
    return tuple(line)


@dataclass(frozen=True)
class GaveUp:
    shown: Shown
    settled: Settled


async def give_up(repository: Repository, asker: Asker, solver: Player, clock: Callable[[], float]) -> GaveUp:
    """End the channel's open puzzle with its solution; the person fails it unless they had tried it."""
    shown = await current(repository, asker)
    settled = await repository.give_up_puzzle(shown, solver.user_id, solver.name, clock())
    if settled is None:
        raise Refusal("puzzle_ended", id=shown.id)
    return GaveUp(shown, settled)


LEADERS = 10  # solvers a puzzle leaderboard shows


async def leaders(repository: Repository, asker: Asker, variant: str) -> list[Progress]:
    """The channel's best puzzle solvers in `variant`."""
    return await repository.puzzle_leaders(asker.platform, asker.channel, variant, limit=LEADERS)


async def progress(repository: Repository, asker: Asker, user_id: str) -> list[Progress]:
    """A person's puzzles in the channel, per variant."""
    return await repository.puzzle_progress(asker.platform, asker.channel, user_id)
