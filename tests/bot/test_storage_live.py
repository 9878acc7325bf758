"""Tidy channels in storage (migration 11), the same tests on SQLite, PostgreSQL and the in-memory fake:
the live and threads settings of a channel, a game's live board per channel, and the thread a game was
given."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.domain.model import ChannelSettings, Openers, Orientation
from bot.storage import Repository
from tests.bot.databases import Databases
from tests.bot.test_storage import STORES, new_game, open_store


@pytest.fixture(params=STORES)
async def store(request: pytest.FixtureRequest, databases: Databases) -> AsyncIterator[Repository]:
    repository = await open_store(request.param, databases)
    yield repository
    await repository.close()


async def test_live_boards_and_threads_are_channel_settings_off_unless_chosen(store: Repository) -> None:
    assert await store.channel_settings("test", "c1") == ChannelSettings()  # neither chosen: both off
    await store.set_channel_settings("test", "c1", ChannelSettings(board=Orientation.TURN))
    assert (await store.channel_settings("test", "c1")).live is None
    await store.set_channel_settings("test", "c1", ChannelSettings(live=True))
    await store.set_channel_settings("test", "c1", ChannelSettings(threads=True))
    await store.set_channel_settings("test", "c1", ChannelSettings(tournaments=Openers.MANAGERS))
    assert await store.channel_settings("test", "c1") == ChannelSettings(
        board=Orientation.TURN, tournaments=Openers.MANAGERS, live=True, threads=True)
    await store.set_channel_settings("test", "c1", ChannelSettings(live=False))  # off is a choice too
    shown = await store.channel_settings("test", "c1")
    assert shown.live is False and shown.threads is True and shown.board is Orientation.TURN
    assert (await store.channel_settings("test", "c2")).live is None


async def test_a_games_live_board_is_kept_per_channel_the_last_one_posted(store: Repository) -> None:
    game = await store.create_game(new_game())
    other = await store.create_game(new_game(channel="c2"))
    assert await store.live_board("test", "c1", game.id) is None
    await store.keep_live_board("test", "c1", game.id, "101", 1.0)
    await store.keep_live_board("test", "c2", other.id, "7", 1.0)
    assert await store.live_board("test", "c1", game.id) == "101"
    await store.keep_live_board("test", "c1", game.id, "105", 2.0)  # bumped, or posted anew
    assert await store.live_board("test", "c1", game.id) == "105"
    assert await store.live_board("test", "thread9", game.id) is None  # per channel
    assert await store.live_board("other", "c1", game.id) is None  # per platform
    assert await store.live_board("test", "c2", other.id) == "7"


async def test_a_game_is_given_one_thread(store: Repository) -> None:
    game = await store.create_game(new_game())
    other = await store.create_game(new_game(channel="c2"))
    assert await store.game_thread(game.id) is None
    assert await store.thread_game("test", "900") is None
    assert await store.give_thread(game.id, "test", "900", 1.0) is True
    assert await store.give_thread(game.id, "test", "901", 2.0) is False  # it has one
    assert await store.game_thread(game.id) == "900"
    assert await store.thread_game("test", "900") == game.id
    assert await store.thread_game("other", "900") is None
    assert await store.game_thread(other.id) is None
