"""Fixtures of the flow tests: a desk on the in-memory repository with a clock the test sets, repositories
that interleave with other tasks or processes, and stubs of the search workers."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest

from bot.domain.model import Game
from bot.domain.ratings import Glicko2
from bot.flows.announce import Announcement
from bot.flows.desk import Desk
from bot.flows.opponent import BotPlayer, Limits
from engine import Board, Color, Move
from tests.fakes.memory_repository import MemoryRepository


class World:
    """A desk on a memory repository; its clock reads `now` (the test moves it), its coin is seeded."""

    def __init__(self, repo: MemoryRepository | None = None) -> None:
        self.repo = repo or MemoryRepository(Glicko2())
        self.now = 1000.0
        self.desk = Desk(self.repo, clock=lambda: self.now, rng=random.Random(1))
        self.said: list[Announcement] = []  # what the bot and the sweep announced

    async def announce(self, what: Announcement) -> None:
        self.said.append(what)


class YieldingReads(MemoryRepository):
    """A game read lets other tasks run before it answers, as a database's does."""

    async def active_game_for(self, platform: str, channel_id: str, user_id: str) -> Game | None:
        found = await super().active_game_for(platform, channel_id, user_id)
        await asyncio.sleep(0)  # another task reads the same version meanwhile
        return found


class WriteBehind(MemoryRepository):
    """Another process's change (`behind`) lands right after the next game read, before any save."""

    behind: Game | None = None

    async def active_game_for(self, platform: str, channel_id: str, user_id: str) -> Game | None:
        found = await super().active_game_for(platform, channel_id, user_id)
        if found is not None and self.behind is not None:
            assert await self.update_game(self.behind, expected_version=found.version) is not None
            self.behind = None
        return found


class Thinker:
    """The opponent's search: plays the first legal move, answers every draw question with `draw`."""

    def __init__(self, draw: bool = False) -> None:
        self.draw = draw

    async def choose(self, board: Board, *, level: int, time_limit: float, node_limit: int | None) -> Move:
        return next(iter(board.legal_moves))

    async def judge_draw(self, question: str, board: Board, *, level: int, color: Color) -> bool:
        return self.draw


class Analyst:
    """The hint search: the first legal move. Reviews are not asked for here."""

    async def review(self, *args: object, **kwargs: object) -> object:
        raise AssertionError("no review expected")

    async def hint(self, board: Board, *, seconds: float, nodes: int | None = None) -> Move:
        return next(iter(board.legal_moves))


@pytest.fixture
def w() -> World:
    return World()


@pytest.fixture
def racing() -> World:
    return World(YieldingReads(Glicko2()))


@pytest.fixture
def behind() -> World:
    return World(WriteBehind(Glicko2()))


@pytest.fixture
def make_bot(w: World) -> Callable[..., BotPlayer]:
    """The built-in opponent at `w`'s desk with a stub thinker (`draw`: how it judges draws)."""
    def make(draw: bool = False) -> BotPlayer:
        return BotPlayer(w.desk, Thinker(draw), Limits(3, 0.1, None), w.announce)

    return make


@pytest.fixture
def analyst() -> Analyst:
    return Analyst()
