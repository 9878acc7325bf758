"""The bot's turns share the search workers fairly (issue 21, item 27): with 8 games waiting for the bot,
all 8 moves came at 20.7 s instead of one after another from 5.7 s. Each turn asks the workers twice (its
move, then whether to offer a draw with it), and the second question queued behind every other game's
search. Turns now take the workers in the order they began, the longest waiting first, so each turn's
questions follow one another."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta
from typing import Any

from bot.app import open_repository
from bot.chat.events import Notice
from bot.chat.service import GameService
from bot.config import Config, OpponentConfig, PictureConfig
from bot.domain.model import BOT, NewGame, Player
from bot.flows.announce import Announcement, BotMoved
from bot.flows.opponent import BotPlayer, Limits
from bot.flows.turns import TurnQueue
from bot.workers import Workers
from engine import Board, Color, Move
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Clock
from tests.bot.unit.conftest import World

GAMES = 4


def new_bot_game(channel: str, user: str, now: float) -> NewGame:
    """A game against the bot in which the bot is to move (it has the side that moves first)."""
    board = Board("english")
    person = Player(user, user)
    white, black = (BOT, person) if board.turn is Color.WHITE else (person, BOT)
    return NewGame("test", channel, "english", white, black, board.fen(), board.turn, now, seated=(user,),
                   rated=False, bot_level=5)


class OneWorker:
    """A search pool of one worker that answers requests in the order they came (as a process pool does),
    each search taking a little while; it notes each move it finds."""

    def __init__(self, log: list[str]) -> None:
        self.log = log
        self._turn = asyncio.Lock()
        self._queue: list[asyncio.Future[None]] = []

    async def _in_order(self, seconds: float) -> None:
        mine = asyncio.get_running_loop().create_future()
        self._queue.append(mine)
        if len(self._queue) > 1:
            await mine
        try:
            await asyncio.sleep(seconds)
        finally:
            self._queue.remove(mine)
            if self._queue:
                self._queue[0].set_result(None)

    async def choose(self, board: Board, *, level: int, time_limit: float, node_limit: int | None) -> Move:
        await self._in_order(0.02)
        self.log.append("searched")
        return next(iter(board.legal_moves))

    async def judge_draw(self, question: str, board: Board, *, level: int, color: Color) -> bool:
        await self._in_order(0.001)
        return False


async def test_turns_are_served_one_after_another_the_longest_waiting_first() -> None:
    w, log = World(), []
    moved: list[int] = []

    async def announce(what: Announcement) -> None:
        if isinstance(what, BotMoved):
            log.append("moved")
            moved.append(what.moved.game.id)

    bot = BotPlayer(w.desk, OneWorker(log), Limits(5, 0.02, None), announce)
    ids = []
    for i in range(GAMES):  # the first game made has waited the shortest time
        ids.append((await w.repo.create_game(new_bot_game(f"c{i}", f"p{i}", w.now - i))).id)
    await bot.resume()
    await w.desk.idle()
    assert log == ["searched", "moved"] * GAMES  # each move follows its own search, not all of them
    assert moved == ids[::-1]


async def test_with_several_bot_games_each_move_follows_its_own_search(databases: Databases) -> None:
    """The real search in a worker process (one, so the order is certain)."""
    database = await databases.new("sqlite")
    config = Config(database=database, picture=PictureConfig(size=160, workers=0),
                    opponent=OpponentConfig(workers=1, time_limit=timedelta(seconds=0.2)))
    log: list[str] = []

    class Noted(Workers):
        async def choose(self, board: Board, **limits: Any) -> Move:
            move = await super().choose(board, **limits)
            log.append("searched")
            return move

        async def board_png(self, board: Board, **options: Any) -> None:
            return None

    storage = await open_repository(database)
    clock = Clock()
    service = GameService(storage, config, clock=clock, rng=random.Random(1),
                          workers=Noted(search=1, pictures=0))

    async def sender(notice: Notice) -> None:
        if notice.reply.text.startswith("Tammi played"):
            log.append("moved")

    service.add_sender("test", sender)
    try:
        for i in range(GAMES):
            await storage.create_game(new_bot_game(f"c{i}", f"p{i}", clock()))
        await service.bot.resume()
        await service.wait_idle()
        assert log.count("moved") == GAMES
        assert log.index("moved") < len(log) - 1 - log[::-1].index("searched")  # before the last search
        assert log == ["searched", "moved"] * GAMES
    finally:
        await service.close()
        await storage.close()


async def test_a_turn_that_stops_waiting_leaves_its_place() -> None:
    queue = TurnQueue(1)
    order: list[str] = []

    async def turn(name: str, began: float, hold: asyncio.Event | None = None) -> None:
        async with queue.place(began):
            order.append(name)
            if hold is not None:
                await hold.wait()

    hold = asyncio.Event()
    first = asyncio.create_task(turn("first", 3.0, hold))
    await asyncio.sleep(0)
    late, early, gone = (asyncio.create_task(turn("late", 2.0)), asyncio.create_task(turn("early", 1.0)),
                         asyncio.create_task(turn("gone", 0.0)))
    await asyncio.sleep(0)
    gone.cancel()
    hold.set()
    await asyncio.gather(first, late, early, gone, return_exceptions=True)
    assert order == ["first", "early", "late"]
    async with queue.place(0.0):  # every place was given back
        order.append("again")
    assert order[-1] == "again"
