"""The puzzle flows (`bot.flows.puzzles`) and the judging (`bot.domain.puzzles`) on the in-memory
repository: which puzzle a channel gets, answers judged per solver, a refutation from the search, two
answers of one solver at once, give up, and the ratings moving both ways."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest

from bot.domain.model import Player
from bot.domain.puzzles import Attempt, Progress, Status, Verdict, judge, position, scored, starting_rating
from bot.domain.ratings import Glicko2
from bot.domain.transitions import Refusal
from bot.flows import puzzles
from bot.flows.desk import Asker
from bot.storage import Repository
from engine import Board, Move, puzzle_set
from engine.puzzles import Puzzle
from tests.fakes.memory_repository import MemoryRepository

HERE = Asker("test", "c1", "ann")
ANN, BOB = Player("ann", "ann"), Player("bob", "bob")
SET = puzzle_set.builtin("english")


class Searcher:
    """The hint search: the first legal move, counted."""

    def __init__(self) -> None:
        self.asked = 0

    async def hint(self, board: Board, *, seconds: float, nodes: int | None = None) -> Move:
        self.asked += 1
        return next(iter(board.legal_moves))


class Two:
    """A source of two puzzles."""

    async def puzzles(self, repository: Repository, asker: Asker, variant: str) -> Sequence[Puzzle]:
        return SET[:2] if variant == "english" else ()


class Racing(MemoryRepository):
    """Reading the attempts lets other tasks run first, as a database's read does."""

    async def puzzle_attempts(self, shown_id: int) -> list[Attempt]:
        found = await super().puzzle_attempts(shown_id)
        await asyncio.sleep(0)
        return found


def clock() -> float:
    return 100.0


def wrong(puzzle: Puzzle, step: int) -> str:
    board = position(puzzle, step)
    right = board.parse_move(puzzle.solution[2 * step])
    return str(next(move for move in board.legal_moves if move != right))


def workers(searcher: Searcher) -> Any:
    return searcher


async def test_a_channel_gets_the_puzzles_it_has_not_seen_then_any() -> None:
    repo = MemoryRepository(Glicko2())
    first = await puzzles.open_puzzle(repo, HERE, None, "english", clock, Two())
    assert first.new and first.shown.puzzle == SET[0]
    again = await puzzles.open_puzzle(repo, Asker("test", "c1", "bob"), "italian", "english", clock, Two())
    assert not again.new and again.shown == first.shown and again.asked == "italian"
    await puzzles.give_up(repo, HERE, ANN, clock)
    second = await puzzles.open_puzzle(repo, HERE, None, "english", clock, Two())
    assert second.shown.puzzle == SET[1]
    await puzzles.give_up(repo, HERE, ANN, clock)
    third = await puzzles.open_puzzle(repo, HERE, None, "english", clock, Two())  # all seen: one of them
    assert third.shown.puzzle in SET[:2]
    with pytest.raises(Refusal) as none:
        await puzzles.open_puzzle(repo, Asker("test", "c2", "ann"), "italian", "english", clock, Two())
    assert none.value.key == "puzzle_none_for_variant"


def test_judging_any_written_form_and_the_line() -> None:
    puzzle = SET[0]
    one, reply, two = puzzle.solution
    first = judge(puzzle, 0, one.replace("-", " - "))
    assert first.verdict is Verdict.RIGHT and str(first.reply) == reply
    assert first.board.fen() == position(puzzle, 1).fen()
    assert judge(puzzle, 1, two).verdict is Verdict.SOLVED
    assert judge(puzzle, 0, wrong(puzzle, 0)).verdict is Verdict.WRONG


def test_a_solve_raises_the_solver_and_lowers_the_puzzle() -> None:
    puzzle = SET[0]
    start = starting_rating(puzzle)
    won, theirs = scored(Progress("ann", "ann", "english"), start, True, 10.0)
    assert won.rating.rating > 1500 and theirs.rating < start.rating and (won.solved, won.streak) == (1, 1)
    lost, theirs = scored(won, start, False, 20.0)
    assert lost.rating.rating < won.rating.rating and theirs.rating > start.rating
    assert (lost.failed, lost.streak, lost.best) == (1, 0, 1)


async def test_answers_are_judged_for_each_solver() -> None:
    repo, searcher = MemoryRepository(Glicko2()), Searcher()
    assert await puzzles.answer(repo, workers(searcher), HERE, ANN, "11-15", clock) is None  # none open
    opened = await puzzles.open_puzzle(repo, HERE, None, "english", clock)
    puzzle = opened.shown.puzzle
    unplayable = await puzzles.answer(repo, workers(searcher), HERE, ANN, "1-30", clock)
    assert isinstance(unplayable, puzzles.Unplayable) and await repo.puzzle_attempts(opened.shown.id) == []
    right = await puzzles.answer(repo, workers(searcher), HERE, ANN, puzzle.solution[0], clock)
    assert isinstance(right, puzzles.Answered) and right.judged.verdict is Verdict.RIGHT
    assert not right.refutation
    bad = await puzzles.answer(repo, workers(searcher), HERE, BOB, wrong(puzzle, 0), clock)
    assert isinstance(bad, puzzles.Answered) and bad.judged.verdict is Verdict.WRONG
    assert len(bad.refutation) >= puzzles.REFUTATION_PLIES and searcher.asked >= 1
    with pytest.raises(Refusal) as tried:
        await puzzles.answer(repo, workers(searcher), HERE, BOB, puzzle.solution[0], clock)
    assert tried.value.key == "puzzle_tried"
    solved = await puzzles.answer(repo, workers(searcher), HERE, ANN, puzzle.solution[2], clock)
    assert isinstance(solved, puzzles.Answered) and solved.settled.ended
    assert [(a.user_id, a.status) for a in await repo.puzzle_attempts(opened.shown.id)] == [
        ("ann", Status.SOLVED), ("bob", Status.FAILED)]
    with pytest.raises(Refusal) as ended:
        await puzzles.give_up(repo, HERE, BOB, clock)
    assert ended.value.key == "puzzle_not_open"


async def test_two_answers_of_one_solver_at_once_count_once() -> None:
    repo = Racing(Glicko2())
    opened = await puzzles.open_puzzle(repo, HERE, None, "english", clock)
    move = opened.shown.puzzle.solution[0]
    results = await asyncio.gather(puzzles.answer(repo, workers(Searcher()), HERE, ANN, move, clock),
                                   puzzles.answer(repo, workers(Searcher()), HERE, ANN, move, clock),
                                   return_exceptions=True)
    assert sum(isinstance(found, puzzles.Answered) for found in results) == 1
    [refused] = [found for found in results if isinstance(found, Refusal)]
    assert refused.key == "puzzle_moved_on"
    [attempt] = await repo.puzzle_attempts(opened.shown.id)
    assert (attempt.step, attempt.status) == (1, Status.SOLVING)


async def test_leaders_and_progress_are_the_channels() -> None:
    repo = MemoryRepository(Glicko2())
    opened = await puzzles.open_puzzle(repo, HERE, None, "english", clock)
    for move in opened.shown.puzzle.moves:
        await puzzles.answer(repo, workers(Searcher()), HERE, ANN, move, clock)
    assert [p.user_id for p in await puzzles.leaders(repo, HERE, "english")] == ["ann"]
    assert await puzzles.leaders(repo, Asker("test", "c2", "ann"), "english") == []
    [mine] = await puzzles.progress(repo, HERE, "ann")
    assert (mine.solved, mine.failed, mine.streak) == (1, 0, 1)


async def test_an_answer_that_comes_after_another_solved_it_names_the_solver() -> None:
    repo = MemoryRepository(Glicko2())
    opened = await puzzles.open_puzzle(repo, HERE, None, "english", clock)
    puzzle = opened.shown.puzzle
    await puzzles.answer(repo, workers(Searcher()), HERE, BOB, puzzle.solution[0], clock)
    late = puzzles.answer(repo, workers(Searcher()), HERE, BOB, puzzle.solution[2], clock, opened.shown)
    for move in puzzle.moves:  # ann solves it while bob's last answer is on its way
        await puzzles.answer(repo, workers(Searcher()), HERE, ANN, move, clock)
    with pytest.raises(Refusal) as refused:
        await late
    assert refused.value.key == "puzzle_solved_by" and refused.value.values["name"] == "ann"
