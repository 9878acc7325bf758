"""Repository.move_channel on both backends and in memory: a Telegram group's rows follow it to its
supergroup id."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from bot.domain.model import ChannelSettings, Player, Result, Status
from bot.storage import Busy, Repository
from engine import Board
from tests.bot.databases import Databases
from tests.bot.test_storage import ANN, BOB, CAT, STORES, finished, new_challenge, new_game, open_store


@pytest.fixture(params=STORES)
async def store(request: pytest.FixtureRequest, databases: Databases) -> AsyncIterator[Repository]:
    repository = await open_store(request.param, databases)
    yield repository
    await repository.close()


async def test_a_channel_moves_with_its_games_challenges_ratings_and_settings(store: Repository) -> None:
    done = await store.create_game(new_game(ANN, CAT))
    await store.update_game(finished(done, Result.WHITE_WINS), expected_version=done.version)
    game = await store.create_game(new_game(ANN, BOB))
    challenge = await store.create_challenge(new_challenge(CAT, None))
    # The new id has ratings already: Cat's English one (which stays) and Ann's Italian one.
    there = await store.create_game(new_game(Player("dan", "Dan"), CAT, channel="c2"))
    await store.update_game(finished(there, Result.BLACK_WINS), expected_version=0)
    italian = await store.create_game(replace(new_game(ANN, BOB, channel="c2"), variant="italian",
                                              start_fen=Board("italian").fen()))
    await store.update_game(finished(italian, Result.DRAW), expected_version=0)
    await store.set_channel_settings("test", "c1", ChannelSettings("fi", "italian"))
    await store.set_channel_settings("test", "c2", ChannelSettings(None, "international"))  # already set
    assert await store.move_channel("test", "c1", "c2") == 2
    moved = await store.active_game_for("test", "c2", ANN.user_id)
    assert moved is not None and moved.id == game.id and moved.status is Status.ACTIVE
    assert await store.active_game_for("test", "c1", ANN.user_id) is None
    [waiting] = await store.open_challenges("test", "c2", now=120.0)
    assert waiting.id == challenge.id and await store.open_challenges("test", "c1", now=120.0) == []
    english = await store.leaderboard("test", "c2", "english")
    assert [(s.user_id, s.wins, s.losses) for s in english] == [("ann", 1, 0), ("cat", 1, 0), ("dan", 0, 1)]
    assert [s.variant for s in await store.ratings("test", "c2", ANN.user_id)] == ["english", "italian"]
    assert await store.leaderboard("test", "c1", "english") == []
    assert await store.ratings("test", "c1", "cat") == []
    assert await store.channel_settings("test", "c2") == ChannelSettings(None, "international")
    assert await store.channel_settings("test", "c1") == ChannelSettings()
    # The seats moved too: Bob cannot start a second game in the new chat, and is free in the old one.
    with pytest.raises(Busy):
        await store.create_game(replace(new_game(BOB, CAT), channel_id="c2"))
    await store.create_game(new_game(BOB, CAT))
    assert await store.move_channel("test", "c9", "c10") == 0  # nothing there: nothing happens
