"""Rate limits, work in hand and paged lists (issue 11, item 29). The limiter's clock is set by hand, so
nothing here depends on how fast the machine is."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.chat.limits import Limiter, Throttled
from bot.config import LimitsConfig
from bot.domain.model import ColourChoice, NewChallenge, Player
from tests.bot.tammi_talk import Chat, Clock, close_chat, open_chat, start_game


@pytest.fixture
async def chat(tmp_path: Path) -> AsyncIterator[Chat]:
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"), platform="telegram")
    chat.service.limits.clock = Clock(100.0)
    yield chat
    await close_chat(chat)


def limiter_clock(chat: Chat) -> Clock:
    clock = chat.service.limits.clock
    assert isinstance(clock, Clock)
    return clock


async def test_a_flood_gets_one_polite_refusal_then_silence(chat: Chat) -> None:
    limits = chat.service.config.limits
    for _ in range(limits.burst):
        [reply] = await chat.say("ann", "!tammi rules")
        assert reply.kind == "rules"
    [refused] = await chat.say("ann", "!tammi rules")
    assert refused.private
    assert refused.text == "Easy there — you are sending me too much. Try again in 1 second."
    for _ in range(1000):  # the rest of the flood costs one dictionary look-up each and gets no answer
        assert await chat.say("ann", "!tammi help") == []
    [other] = await chat.say("bob", "!tammi rules")  # someone else is not held up
    assert other.kind == "rules"
    limiter_clock(chat).advance(60 / limits.per_minute)  # one token back
    [reply] = await chat.say("ann", "!tammi rules")
    assert reply.kind == "rules"


async def test_moves_and_buttons_count_too_but_ordinary_chat_does_not(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "black")
    for _ in range(200):
        assert await chat.say("ann", "nice weather today") == []  # not for the bot: not counted
    spent = 2  # the challenge and the accept were ann's and bob's first requests
    for _ in range(chat.service.config.limits.burst - spent):
        await chat.press("bob", f"lst:{game_id}")
    await chat.say("bob", "!tammi games")
    [refused] = await chat.say("bob", "22-18")
    assert "you are sending me too much" in refused.text


async def test_pictures_and_games_against_the_bot_are_strict(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "black")
    limits = chat.service.config.limits
    for _ in range(limits.heavy_burst):
        [reply] = await chat.say("carol", f"!tammi pdn {game_id}")
        assert reply.kind != "error"
    [refused] = await chat.say("carol", f"!tammi gif {game_id}")
    assert refused.text == "That takes me a while to make. Try again in 10 seconds."
    assert (await chat.say("carol", "!tammi games"))[0].kind == "games"  # cheap ones still pass


async def test_the_console_is_not_limited(tmp_path: Path) -> None:
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"), platform="console")
    try:
        for _ in range(chat.service.config.limits.burst * 3):
            assert (await chat.say("you", "rules"))[0].kind == "rules"
    finally:
        await close_chat(chat)


def test_work_in_hand_is_bounded_per_user_and_in_all() -> None:
    limiter = Limiter(LimitsConfig(busy_per_user=2, busy_total=3), clock=Clock())
    with limiter.in_hand("discord", "ann"), limiter.in_hand("discord", "ann"):
        with pytest.raises(Throttled) as mine, limiter.in_hand("discord", "ann"):
            pass
        assert mine.value.silent
        with limiter.in_hand("discord", "bob"):
            with pytest.raises(Throttled) as everyone, limiter.in_hand("discord", "carol"):
                pass
            assert not everyone.value.silent and everyone.value.key == "busy-queue"
    with limiter.in_hand("discord", "ann"):  # all released
        pass


def test_buckets_kept_are_bounded() -> None:
    limiter = Limiter(LimitsConfig(tracked_users=100), clock=Clock())
    for number in range(1000):
        limiter.admit("telegram", str(number), "rules")
    assert len(limiter._buckets) <= 101


async def test_long_lists_come_in_pages(chat: Chat) -> None:
    now = chat.clock()
    for number in range(200):
        await chat.storage.create_challenge(NewChallenge(
            "telegram", chat.channel, Player(str(1000 + number), f"player{number}"), None, "english",
            ColourChoice.RANDOM, False, now, now + 3600))
    size = chat.service.config.limits.page_lines
    [first] = await chat.say("ann", "!tammi games")
    lines = first.text.splitlines()
    assert len([line for line in lines if "player" in line]) == size
    assert "Page 1 of 14." in lines and f"…and {200 - size} more. Send `/games 2` for the next page." in lines
    assert len(first.text) < 2000
    [last] = await chat.say("ann", "!tammi games 14")
    assert "Page 14 of 14." in last.text and "more" not in last.text
    assert len([line for line in last.text.splitlines() if "player" in line]) == 200 - 13 * size
    [beyond] = await chat.say("ann", "!tammi games 99")
    assert beyond.text == last.text


async def test_a_discord_interaction_over_the_limit_is_always_answered(tmp_path: Path) -> None:
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"), platform="discord")
    chat.service.limits.clock = Clock(100.0)
    try:
        for _ in range(chat.service.config.limits.burst):
            await chat.command("ann", "rules")
        for _ in range(3):  # Discord shows "did not respond" to an interaction left unanswered
            [refused] = await chat.command("ann", "rules")
            assert "you are sending me too much" in refused.text
        assert await chat.say("ann", "!tammi rules") == []  # a typed message may go unanswered
    finally:
        await close_chat(chat)
