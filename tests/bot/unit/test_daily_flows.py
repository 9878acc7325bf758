"""The puzzle of the day (`bot.flows.daily`, `bot.domain.daily`) on the in-memory repository, with a clock
the test moves: nothing before the channel's time, one post after it, never a second the same day (two
posters at once, or one after the other as after a restart), the next day a different puzzle; a puzzle
left open ends with nobody's try scored; a channel that has seen every puzzle is told so, and none is
shown twice; the time read as typed."""

from __future__ import annotations

import asyncio

import pytest

from bot.domain import daily as days
from bot.domain.daily import DAY, DailyChoice, DailyPuzzle
from bot.domain.model import Player
from bot.domain.puzzles import Outcome
from bot.domain.ratings import Glicko2
from bot.flows import puzzles
from bot.flows.announce import Announcement
from bot.flows.daily import DailyPuzzles, choose_daily
from bot.flows.daily_news import DailyNoneNew, DailyPosted
from bot.flows.desk import Asker, Desk
from engine import puzzle_set
from tests.bot.tammi_talk import Clock
from tests.fakes.memory_repository import MemoryRepository

MONDAY = 20_000 * DAY  # a day's midnight, UTC
HERE = Asker("test", "c1", "ann")


class Poster:
    """A poster over a repository (one per "process"), and what it announced."""

    def __init__(self, repo: MemoryRepository, clock: Clock) -> None:
        self.said: list[Announcement] = []
        self.daily = DailyPuzzles(Desk(repo, clock=clock), self.announce, "english")

    async def announce(self, announcement: Announcement) -> None:
        self.said.append(announcement)


def at(hours: float) -> float:
    return MONDAY + hours * 3600


@pytest.mark.parametrize(("typed", "minute"), [("09:00", 540), ("9:00", 540), ("9.30", 570), ("9", 540),
                                                ("23:59", 1439), ("0:00", 0), ("24:00", None),
                                                ("9:60", None), ("daily", None), ("", None)])
def test_a_time_of_day_as_typed(typed: str, minute: int | None) -> None:
    assert days.read_time(typed) == minute


def test_due_after_the_time_until_the_day_is_marked() -> None:
    setting = DailyPuzzle("test", "c1", True, 9 * 60)
    assert not days.due(setting, at(8.99))
    assert days.due(setting, at(9)) and days.due(setting, at(23.9))
    marked = DailyPuzzle("test", "c1", True, 9 * 60, last_day=days.day_of(at(9)))
    assert not days.due(marked, at(23.9)) and days.due(marked, at(24 + 9))
    assert not days.due(DailyPuzzle("test", "c1", False, 0), at(12))
    assert days.next_post(setting, at(8)) == days.day_of(at(8))
    assert days.next_post(marked, at(10)) == days.day_of(at(10)) + 1


async def test_one_post_a_day_at_the_channels_time() -> None:
    repo, clock = MemoryRepository(Glicko2()), Clock(at(8))
    poster = Poster(repo, clock)
    await choose_daily(repo, HERE, DailyChoice(True, 9 * 60), clock())
    assert await poster.daily.run() == [] and poster.said == []  # 08:00: not yet
    clock.now = at(9) - 1
    assert await poster.daily.run() == []
    clock.now = at(9) + 30
    [first] = await poster.daily.run()
    assert isinstance(first, DailyPosted) and first.opened.new and poster.said == [first]
    assert (first.platform, first.channel_id) == ("test", "c1")
    shown = await repo.open_puzzle("test", "c1")
    assert shown is not None and shown.id == first.opened.shown.id and shown.opened_by == "bot:tammi"
    clock.now = at(23.9)
    assert await poster.daily.run() == []  # not twice a day
    assert await Poster(repo, clock).daily.run() == []  # nor from another poster (a restart)
    clock.now = at(24 + 9.5)
    [second] = await poster.daily.run()
    assert isinstance(second, DailyPosted)
    assert second.opened.shown.puzzle.key != first.opened.shown.puzzle.key
    assert second.ended is not None and second.ended.id == first.opened.shown.id  # yesterday's, unsolved
    assert len(poster.said) == 2


async def test_two_posters_at_once_post_once() -> None:
    repo, clock = MemoryRepository(Glicko2()), Clock(at(8))
    await choose_daily(repo, HERE, DailyChoice(True, 9 * 60), clock())
    await choose_daily(repo, Asker("test", "c2", "bob"), DailyChoice(True, 9 * 60 + 30), clock())
    clock.now = at(10)
    one, two = Poster(repo, clock), Poster(repo, clock)
    await asyncio.gather(one.daily.run(), two.daily.run())
    posted = [news for news in one.said + two.said if isinstance(news, DailyPosted)]
    assert sorted(news.channel_id for news in posted) == ["c1", "c2"]


async def test_turned_on_after_its_time_it_starts_tomorrow_and_off_stops_it() -> None:
    repo, clock = MemoryRepository(Glicko2()), Clock(at(12))
    poster = Poster(repo, clock)
    setting = await choose_daily(repo, HERE, DailyChoice(True, None), clock())
    assert (setting.on, setting.minute) == (True, days.DEFAULT_MINUTE)  # 09:00 unless given
    assert await poster.daily.run() == []  # 09:00 passed today: the first comes tomorrow
    clock.now = at(24 + 9)
    assert len(await poster.daily.run()) == 1
    clock.now = at(24 + 10)
    await choose_daily(repo, HERE, DailyChoice(True, 20 * 60), clock())  # a later time the same day
    clock.now = at(24 + 21)
    assert await poster.daily.run() == []  # the day was posted already
    off = await choose_daily(repo, HERE, DailyChoice(False), clock())
    assert (off.on, off.minute) == (False, 20 * 60)
    clock.now = at(48 + 21)
    assert await poster.daily.run() == []
    again = await choose_daily(repo, HERE, DailyChoice(True), at(48 + 6))  # the time it had
    assert again.minute == 20 * 60


async def test_an_open_puzzle_ends_with_nobodys_try_scored() -> None:
    repo, clock = MemoryRepository(Glicko2()), Clock(at(8))
    poster = Poster(repo, clock)
    opened = await puzzles.open_puzzle(repo, HERE, "english", "english", clock)
    puzzle = opened.shown.puzzle
    done = await puzzles.answer(repo, None, HERE, Player("ann", "ann"), puzzle.solution[0],  # type: ignore[arg-type]
                                clock)
    assert done is not None and len(puzzle.solution) > 2  # on her way, not done
    await choose_daily(repo, HERE, DailyChoice(True, 9 * 60), clock())
    clock.now = at(9)
    [news] = await poster.daily.run()
    assert isinstance(news, DailyPosted) and news.ended is not None and news.ended.id == opened.shown.id
    ended = repo._shown[opened.shown.id]
    assert ended.outcome is Outcome.GIVEN_UP and ended.solver is None and ended.ended_at == at(9)
    assert await repo.puzzle_progress("test", "c1", "ann") == []  # her try was not scored
    assert news.opened.shown.puzzle.key != puzzle.key


async def test_a_channel_that_has_seen_every_puzzle_gets_none_and_is_told() -> None:
    repo, clock = MemoryRepository(Glicko2()), Clock(at(8))
    every = puzzle_set.builtin("english")
    for puzzle in every:
        shown = await repo.show_puzzle("test", "c1", puzzle, "ann", clock())
        assert await repo.end_puzzle(shown.id, clock())
    await choose_daily(repo, HERE, DailyChoice(True, 9 * 60), clock())
    clock.now = at(9)
    poster = Poster(repo, clock)
    [news] = await poster.daily.run()
    assert news == DailyNoneNew("test", "c1", "english", len(every))
    assert await repo.open_puzzle("test", "c1") is None  # nothing shown again
    clock.now = at(10)
    assert await poster.daily.run() == []  # and said once


async def test_the_setting_moves_with_its_channel_unless_the_new_id_has_one() -> None:
    repo = MemoryRepository(Glicko2())
    await choose_daily(repo, HERE, DailyChoice(True, 10 * 60), at(8))
    await choose_daily(repo, Asker("test", "c3", "ann"), DailyChoice(True, 11 * 60), at(8))
    await choose_daily(repo, Asker("test", "c4", "ann"), DailyChoice(True, 12 * 60), at(8))
    await repo.move_channel("test", "c1", "c2")
    await repo.move_channel("test", "c3", "c4")
    moved, kept = await repo.daily_puzzle("test", "c2"), await repo.daily_puzzle("test", "c4")
    assert moved is not None and moved.minute == 10 * 60 and await repo.daily_puzzle("test", "c1") is None
    assert kept is not None and kept.minute == 12 * 60
