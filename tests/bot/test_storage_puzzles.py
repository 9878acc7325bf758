"""Puzzles in storage (migration 9), the same tests on SQLite, PostgreSQL and the in-memory fake: one open
puzzle per channel, attempts that must still be where an answer found them, the first solve ending it,
progress and the puzzle's own rating moving the other way, give up."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.domain.puzzles import Attempt, Status, starting_rating
from bot.storage import Repository
from engine import puzzle_set
from tests.bot.databases import Databases
from tests.bot.test_storage import STORES, open_store


@pytest.fixture(params=STORES)
async def store(request: pytest.FixtureRequest, databases: Databases) -> AsyncIterator[Repository]:
    repository = await open_store(request.param, databases)
    yield repository
    await repository.close()


async def test_one_open_puzzle_per_channel_and_what_it_has_shown(store: Repository) -> None:
    first, second = puzzle_set.builtin("english")[:2]
    assert await store.open_puzzle("test", "c1") is None
    shown = await store.show_puzzle("test", "c1", first, "ann", 10.0)
    again = await store.show_puzzle("test", "c1", second, "bob", 11.0)  # one is open: that one
    assert again == shown and again.puzzle == first and shown.open
    assert await store.open_puzzle("test", "c1") == shown
    other = await store.show_puzzle("test", "c2", second, "bob", 12.0)
    assert other.id != shown.id
    assert await store.shown_puzzles("test", "c1", "english") == {first.key}
    assert await store.shown_puzzles("test", "c1", "italian") == set()


async def test_answers_are_stored_checked_and_scored(store: Repository) -> None:
    puzzle = puzzle_set.builtin("english")[0]
    shown = await store.show_puzzle("test", "c1", puzzle, "ann", 10.0)
    step = Attempt("ann", "ann", 1, Status.SOLVING)
    settled = await store.advance_puzzle(shown, None, step, 11.0)
    assert settled is not None and settled.after is None and not settled.ended
    assert await store.advance_puzzle(shown, None, step, 11.5) is None  # not where it was: nothing written
    failed = await store.advance_puzzle(shown, None, Attempt("bob", "bob", 0, Status.FAILED), 12.0)
    assert failed is not None and failed.after is not None and failed.before is not None
    assert (failed.after.failed, failed.after.streak) == (1, 0)
    assert failed.after.rating.rating < failed.before.rating.rating
    assert failed.puzzle_rating is not None
    assert failed.puzzle_rating.rating > starting_rating(puzzle).rating  # the puzzle won
    solved = await store.advance_puzzle(shown, step, Attempt("ann", "ann", 2, Status.SOLVED), 13.0)
    assert solved is not None and solved.ended and solved.after is not None
    assert (solved.after.solved, solved.after.streak, solved.after.best) == (1, 1, 1)
    assert await store.open_puzzle("test", "c1") is None
    assert await store.advance_puzzle(shown, None, Attempt("carl", "carl", 1), 14.0) is None  # ended
    assert [(a.user_id, a.step, a.status) for a in await store.puzzle_attempts(shown.id)] == [
        ("ann", 2, Status.SOLVED), ("bob", 0, Status.FAILED)]
    leaders = await store.puzzle_leaders("test", "c1", "english", limit=10)
    assert [p.user_id for p in leaders] == ["ann", "bob"]
    [mine] = await store.puzzle_progress("test", "c1", "ann")
    assert mine.variant == "english" and mine.solved == 1 and mine.rating.at == 13.0
    assert await store.puzzle_progress("test", "c2", "ann") == []


async def test_give_up_ends_it_once_and_fails_the_giver_who_had_not_tried(store: Repository) -> None:
    puzzle = puzzle_set.builtin("english")[0]
    shown = await store.show_puzzle("test", "c1", puzzle, "ann", 10.0)
    await store.advance_puzzle(shown, None, Attempt("bob", "bob", 0, Status.FAILED), 11.0)
    gave = await store.give_up_puzzle(shown, "ann", "ann", 12.0)
    assert gave is not None and gave.ended and gave.after is not None and gave.after.failed == 1
    assert await store.give_up_puzzle(shown, "bob", "bob", 13.0) is None  # once
    assert await store.open_puzzle("test", "c1") is None
    fresh = await store.show_puzzle("test", "c1", puzzle_set.builtin("english")[1], "bob", 14.0)
    assert fresh.id != shown.id
    bob_gives_up = await store.give_up_puzzle(fresh, "bob", "bob", 15.0)
    assert bob_gives_up is not None and bob_gives_up.after is not None
    assert (bob_gives_up.after.failed, bob_gives_up.after.solved) == (2, 0)


async def test_a_channel_that_gets_a_new_id_takes_its_puzzles_along(store: Repository) -> None:
    first, second = puzzle_set.builtin("english")[:2]
    shown = await store.show_puzzle("telegram", "-1", first, "ann", 10.0)
    await store.advance_puzzle(shown, None, Attempt("bob", "bob", 0, Status.FAILED), 11.0)
    await store.move_channel("telegram", "-1", "-100")
    moved = await store.open_puzzle("telegram", "-100")
    assert moved is not None and moved.id == shown.id and await store.open_puzzle("telegram", "-1") is None
    [bob] = await store.puzzle_progress("telegram", "-100", "bob")
    assert bob.failed == 1 and await store.shown_puzzles("telegram", "-100", "english") == {first.key}
    other = await store.show_puzzle("telegram", "-2", second, "ann", 12.0)  # the new id has one open
    await store.move_channel("telegram", "-2", "-100")
    assert (await store.open_puzzle("telegram", "-100")) == moved
    assert await store.open_puzzle("telegram", "-2") == other


async def test_of_two_solves_at_once_the_first_ends_it_and_the_other_is_refused(store: Repository) -> None:
    puzzle = puzzle_set.builtin("english")[0]
    shown = await store.show_puzzle("test", "c1", puzzle, "ann", 10.0)
    steps: dict[str, Attempt] = {}
    for user in ("ann", "bob"):
        steps[user] = Attempt(user, user, 1, Status.SOLVING)
        await store.advance_puzzle(shown, None, steps[user], 11.0)
    solves = [store.advance_puzzle(shown, steps[user], Attempt(user, user, 2, Status.SOLVED), 12.0)
              for user in ("ann", "bob")]
    results = await asyncio.gather(*solves)
    done = [found for found in results if found is not None]
    assert len(done) == 1 and done[0].ended
    [solver] = [a.user_id for a in await store.puzzle_attempts(shown.id) if a.status is Status.SOLVED]
    assert solver == done[0].attempt.user_id
    assert [p.user_id for p in await store.puzzle_leaders("test", "c1", "english", limit=5)] == [solver]
