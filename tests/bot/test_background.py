"""Background work done once: the sweep (expiry, reminders, abandonment notices) and the opponent's turns
are claimed, within a process and, on PostgreSQL, across the processes sharing the database; a turn a
dead process had claimed is taken over by another process's sweep."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from bot.chat.events import Notice
from bot.domain.model import Game
from bot.storage.postgres import PostgresRepository
from engine import Board, Move
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat, start_game


async def due_work(chat: Chat) -> None:
    """A game whose player to move is due a reminder, and a challenge due to expire."""
    await start_game(chat, "ann", "bob", "white")
    await chat.say("cat", "!tammi challenge @dan")
    chat.clock.advance(chat.service.config.reminder_after.total_seconds() + 60)


async def test_sweeps_running_together_in_one_process_notice_once(database: str) -> None:
    chat = await open_chat(database)
    try:
        await due_work(chat)
        await asyncio.gather(*(chat.service.maintain() for _ in range(4)))
        texts = [notice.reply.text for notice in chat.notices]
        assert len(texts) == 2, texts
        assert sum("expired" in text for text in texts) == 1
        assert sum("it is your move" in text for text in texts) == 1
    finally:
        await close_chat(chat)


async def test_sweeps_of_processes_sharing_postgresql_notice_once(databases: Databases) -> None:
    database = await databases.new("postgres")
    chats = [await open_chat(database) for _ in range(3)]
    try:
        await due_work(chats[0])
        for chat in chats[1:]:
            chat.clock.now = chats[0].clock.now
        for _ in range(3):
            await asyncio.gather(*(chat.service.maintain() for chat in chats))
        texts = [notice.reply.text for chat in chats for notice in chat.notices]
        assert len(texts) == 2, texts
        assert sum("expired" in text for text in texts) == 1
        assert sum("it is your move" in text for text in texts) == 1
    finally:
        for chat in chats:
            await close_chat(chat)


async def test_a_reminder_is_marked_before_it_is_sent_and_skipped_for_a_game_that_moved(
        database: str) -> None:
    """At most once: the stage is stored before the notice goes out, so a process dying in between
    loses the notice rather than sending it twice; and the version-checked mark sends nothing for a
    game that moved after the sweep read it."""
    chat = await open_chat(database)
    try:
        quiet = await start_game(chat, "ann", "bob", "white")
        moved = await start_game(chat, "cat", "dan", "white")
        abandon = chat.service.config.abandon_after.total_seconds()
        chat.clock.advance(abandon + 60)
        stages: list[tuple[int, int]] = []
        async def sender(notice: Notice) -> None:
            game = await chat.storage.get_game(notice.reply.game_id or 0)
            assert game is not None
            stages.append((game.id, game.reminded))
            chat.notices.append(notice)

        chat.service.add_sender("test", sender)
        stale = chat.storage.stale_games

        async def read_then_move(before: float) -> list[Game]:
            games = await stale(before)
            await chat.say("dan", "11-15")  # dan moves right after the sweep read the games
            return games

        chat.storage.stale_games = read_then_move  # type: ignore[method-assign]
        await chat.service.maintain()
        assert stages == [(quiet, 1), (quiet, 2)]  # reminder, then "you may claim": each already marked
        kinds = [notice.reply.text for notice in chat.notices]
        assert not any(f"#{moved}" in text for text in kinds), kinds
    finally:
        await close_chat(chat)


class Gate:
    """A stand-in opponent that plays the first legal move once `opened`, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.opened = threading.Event()
        self.entered = threading.Event()

    def __call__(self, board: Board, **limits: Any) -> Move:
        self.calls += 1
        self.entered.set()
        assert self.opened.wait(30)
        return next(iter(board.legal_moves))


def moves_of(chat: Chat) -> list[str]:
    return [notice.reply.text for notice in chat.notices if notice.reply.text.startswith("Tammi played")]


async def test_the_opponents_turn_is_taken_once_across_processes(databases: Databases) -> None:
    database = await databases.new("postgres")
    gate = Gate()
    first, second = await open_chat(database, choose_move=gate), await open_chat(database, choose_move=gate)
    try:
        started = await first.say("ann", "!tammi play white")  # Red, the bot, moves first
        game_id = started[0].game_id
        assert game_id is not None
        assert await asyncio.to_thread(gate.entered.wait, 30)
        await second.service.bot.resume()  # as a second process starting now would
        await second.service.wait_idle()
        gate.opened.set()
        await first.service.wait_idle()
        assert gate.calls == 1
        assert len(moves_of(first)) == 1 and moves_of(second) == []
        game = await second.storage.get_game(game_id)
        assert game is not None and len(game.moves) == 1
    finally:
        gate.opened.set()
        await close_chat(first)
        await close_chat(second)


async def test_a_turn_left_by_a_dead_process_is_taken_over(databases: Databases) -> None:
    database = await databases.new("postgres")
    stuck, gate = Gate(), Gate()
    gate.opened.set()
    first, second = await open_chat(database, choose_move=stuck), await open_chat(database, choose_move=gate)
    try:
        started = await first.say("ann", "!tammi play white")
        game_id = started[0].game_id
        assert game_id is not None and await asyncio.to_thread(stuck.entered.wait, 30)
        await second.service.maintain()  # the turn is claimed: nothing to take over
        await second.service.wait_idle()
        assert gate.calls == 0
        # The first process dies: its database session, and so its claims, end.
        assert isinstance(first.storage, PostgresRepository)
        connection = first.storage.claims._connection
        assert connection is not None
        connection.terminate()
        second.clock.now = first.clock.now + second.service.config.maintenance_interval.total_seconds() + 1
        await second.service.maintain()
        await second.service.wait_idle()
        assert gate.calls == 1 and len(moves_of(second)) == 1
        stuck.opened.set()  # the dead process's late move finds the game changed and is dropped
        await first.service.wait_idle()
        assert moves_of(first) == []
        game = await second.storage.get_game(game_id)
        assert game is not None and len(game.moves) == 1
    finally:
        stuck.opened.set()
        await close_chat(first)
        await close_chat(second)
