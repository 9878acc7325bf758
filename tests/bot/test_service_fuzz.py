"""Random conversations: many users typing commands, moves and button presses in two channels.

Whatever they do, the service answers without internal errors and its records stay consistent: a
player has at most one active game per channel, and every stored game replays to its stored position.
"""

from __future__ import annotations

import logging
import random

import pytest

from bot.chat.events import Reply
from engine import Board
from tests.bot.databases import Databases
from tests.bot.tammi_talk import close_chat, open_chat

USERS = ["ann", "bob", "cat", "dan", "eve"]
WORDS = [
    "challenge", "challenge @{u}", "challenge @{u} italian white", "challenge international tournament",
    "accept", "accept", "accept", "decline", "cancel", "board", "moves", "draw", "draw accept",
    "draw decline",
    "claim", "undo", "undo accept", "undo decline", "rematch", "games", "pdn", "stats", "leaderboard",
    "help", "rules", "rules kings", "settings fi", "settings en english",
]
BUTTONS = ["acc", "acc", "dec", "can", "res", "dro", "dra", "drd", "brd", "lst", "una", "und", "rem", "clm"]
RARE = ["!tammi resign", "!tammi draw accept"]


def check(replies: list[Reply]) -> None:
    for reply in replies:
        assert "went wrong" not in reply.text and "vikaan" not in reply.text, reply.text


# Two conversations on SQLite, one on PostgreSQL: the storage contract is tested on every backend in
# test_storage.py, and what this adds on PostgreSQL (its transactions under a long random chat) one run shows.
@pytest.mark.parametrize(("backend", "seed"), [("sqlite", 1), ("sqlite", 2), ("postgres", 1)])
async def test_random_conversation_keeps_records_consistent(backend: str, seed: int, databases: Databases,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    chat = await open_chat(await databases.new(backend), seed=seed)
    rng = random.Random(seed)
    try:
        for _ in range(4000):
            user = rng.choice(USERS)
            channel = rng.choice(["c1", "c2"])
            roll = rng.random()
            if roll < 0.01:
                check(await chat.say(user, rng.choice(RARE), channel=channel))
            elif roll < 0.6:
                moves = await chat.service.suggest_moves("test", channel, user)
                if moves and rng.random() < 0.9:
                    text = rng.choice(moves) + (" draw" if rng.random() < 0.05 else "")
                else:
                    text = rng.choice(["9-13", "22-18", "11x18", "c3-d4", "31-27", "1-2"])
                check(await chat.say(user, text, channel=channel))
            elif roll < 0.88:
                word = rng.choice(WORDS).format(u=rng.choice(USERS))
                check(await chat.say(user, "!tammi " + word, channel=channel))
            else:
                button = f"{rng.choice(BUTTONS)}:{rng.randint(1, 12)}"
                check(await chat.press(user, button, channel=channel))
            if rng.random() < 0.02:
                chat.clock.advance(rng.choice([60, 3600, 30 * 3600, 80 * 3600]))
                await chat.service.maintain()
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        games = [g for g in [await chat.storage.get_game(i) for i in range(1, 200)] if g is not None]
        assert games, "no game was ever started"
        finished = [g for g in games if not g.active]
        assert finished
        seen: set[tuple[str, str]] = set()
        for game in games:
            board = Board(game.variant, fen=game.start_fen)
            for move in game.moves:
                board.push(board.parse_move(move))
            assert board.fen() == game.fen
            if game.active:
                for user in {game.white.user_id, game.black.user_id}:
                    assert (game.channel_id, user) not in seen
                    seen.add((game.channel_id, user))
                    found = await chat.storage.active_game_for("test", game.channel_id, user)
                    assert found is not None and found.id == game.id
    finally:
        await close_chat(chat)
