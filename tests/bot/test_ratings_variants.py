"""Ratings per variant, through the service (issue 22): an English and an International game in one channel
move separate ratings; `leaderboard [variant]` ranks one variant (the channel's rules by default) and
leaves provisional ratings off, counting them; `stats` lists each variant with `?` while provisional;
the reply after a rated game shows the change the update computed and stored; a long break makes a
rating provisional again."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.domain.glicko import Rating
from bot.domain.ratings import NEWCOMER
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat, start_game

DAY = 86400.0
UNSURE = 110.0  # the deviation from which a rating is provisional (bot.domain.ratings.PROVISIONAL)


@pytest.fixture
async def database(databases: Databases) -> str:
    """Conversation tests run on SQLite: the storage under them is tested on every backend in
    test_storage.py and test_ratings_rebuild.py."""
    return await databases.new("sqlite")


@pytest.fixture
async def chat(database: str) -> AsyncIterator[Chat]:
    chat = await open_chat(database)
    yield chat
    await close_chat(chat)


def shown(rating: Rating) -> str:
    """A rating as the replies should show it: rounded, `?` while provisional."""
    return f"{round(rating.rating)}{'?' if rating.deviation >= UNSURE else ''}"


async def standing(chat: Chat, user: str, variant: str) -> Rating:
    found = await chat.storage.rating(chat.platform, chat.channel, user, variant)
    return NEWCOMER if found is None else found.glicko


async def rated_game(chat: Chat, white: str, black: str, variant: str, result: str) -> str:
    """`white` and `black` play eight plies of `variant` (enough to be rated), then the game ends with
    `result` ("white", "black" or "draw"); checks that the ending's reply shows both players' new ratings
    and changes as the update stored them, and returns that reply's text."""
    before = {user: await standing(chat, user, variant) for user in (white, black)}
    game_id = await start_game(chat, white, black, variant, "white")
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.white.user_id == white
    for ply in range(8):
        game = await chat.storage.get_game(game_id)
        assert game is not None
        mover = game.player(game.turn).user_id
        moves = await chat.service.suggest_moves(chat.platform, chat.channel, mover)
        assert "played" in await chat.text(mover, sorted(moves)[0]), ply
    chat.clock.advance(60)
    if result == "draw":  # offered by the player who moved last, right after the move
        await chat.say(mover, "!tammi draw")
        done = await chat.text(white if mover == black else black, "!tammi draw accept")
    else:
        done = await chat.text(black if result == "white" else white, "!tammi resign")
    assert "Rated game." in done, done
    parts = []
    for user in (white, black):
        after = await standing(chat, user, variant)
        assert after.at == chat.clock() and after != before[user]
        change = round(after.rating) - round(before[user].rating)
        parts.append(f"{user} {shown(after)} ({change:+d})".replace("-", "−"))
    assert f"Ratings: {', '.join(parts)}." in done, done
    return done


async def test_an_english_and_an_international_game_move_separate_ratings(chat: Chat) -> None:
    await rated_game(chat, "ann", "bob", "english", "white")
    english = await standing(chat, "ann", "english")
    await rated_game(chat, "ann", "bob", "international", "black")
    assert await standing(chat, "ann", "english") == english  # untouched by the International game
    international = await standing(chat, "ann", "international")
    assert international.rating < 1500.0 < english.rating
    stats = await chat.text("carl", "!tammi stats @ann")
    assert "ann: 2 games, 1 won, 1 lost, 0 drawn, 0 in progress." in stats
    assert "Ratings in this channel:" in stats
    assert f"English checkers: {shown(english)} (1 rated game: 1 won, 0 drawn, 0 lost)" in stats
    assert f"International draughts: {shown(international)} (1 rated game: 0 won, 0 drawn, 1 lost)" in stats
    assert "?" in shown(english) and "A rating with ? is provisional" in stats
    assert "Italian" not in stats  # never played rated
    assert "No rated games in this channel yet." in await chat.text("ann", "!tammi stats @carl")
    fi = await chat.text("carl", "!tammi tilastot @ann", locale="fi")
    assert f"kansainvälinen tammi: {shown(international)} (1 pisteytetty peli: 0 voittoa" in fi
    assert "on alustava" in fi


async def test_the_leaderboard_ranks_one_variant_and_leaves_provisional_ratings_off(chat: Chat) -> None:
    # Two newcomers who play each other settle after about a dozen games.
    results = ["white", "draw", "black", "draw"]
    games = 0
    while max([(await standing(chat, user, "english")).deviation for user in ("ann", "bob")]) >= UNSURE:
        await rated_game(chat, "ann", "bob", "english", results[games % 4])
        games += 1
        assert games < 20
    ann, bob = await standing(chat, "ann", "english"), await standing(chat, "bob", "english")
    first, second = ("ann", ann), ("bob", bob)
    if bob.rating > ann.rating:
        first, second = second, first
    await rated_game(chat, "carl", "dave", "english", "white")  # two newcomers: provisional
    await rated_game(chat, "ann", "bob", "international", "draw")
    board = await chat.text("erin", "!tammi leaderboard")  # the channel's rules: English
    assert board.startswith("Leaderboard for this channel, English checkers:")
    assert f"1. {first[0]} — {round(first[1].rating)} ({games} games:" in board
    assert f"2. {second[0]} — {round(second[1].rating)} ({games} games:" in board
    assert "carl" not in board and "dave" not in board and "?" not in board.split("\n")[1]
    assert "2 players have provisional ratings (shown with ? in `stats`)" in board
    international = await chat.text("erin", "!tammi leaderboard international")
    assert "International draughts: no rating in this channel has settled yet." in international
    assert "2 players have provisional ratings" in international and "1. " not in international
    assert "No rated games of Italian draughts in this channel yet." in await chat.text(
        "erin", "!tammi leaderboard italian")
    fi = await chat.text("erin", "!tammi ranking kansainvälinen", locale="fi")
    assert "kansainvälinen tammi: yksikään tämän kanavan vahvuusluku ei ole vielä vakiintunut." in fi
    assert "2 pelaajan vahvuusluvut ovat alustavia" in fi
    slash = await chat.command("erin", "leaderboard", "international", locale="en")
    assert "International draughts: no rating" in slash[0].text
    await chat.say("ann", "!tammi settings international")
    assert "International draughts: no rating" in await chat.text("erin", "!tammi leaderboard", locale="en")
    refused = await chat.say("erin", "!tammi leaderboard chess", locale="en")
    assert refused[0].private and "I don't know the rules “chess”" in refused[0].text
    # A year without games: the ratings are unsure again, shown with ?, and off the leaderboard.
    chat.clock.advance(365 * DAY)
    later = await chat.text("erin", "!tammi leaderboard english", locale="en")
    assert "English checkers: no rating in this channel has settled yet." in later
    assert "4 players have provisional ratings" in later
    assert f"English checkers: {round(ann.rating)}? ({games} rated games" in await chat.text(
        "erin", "!tammi stats @ann", locale="en")

