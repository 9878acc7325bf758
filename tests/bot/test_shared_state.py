"""Two services on one database, as two processes would be: what one changes holds at once in the other
(channel settings, challenges, offers, names), on both backends."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.bot.tammi_talk import Chat, close_chat, open_chat


@pytest.fixture
async def pair(database: str) -> AsyncIterator[tuple[Chat, Chat]]:
    first, second = await open_chat(database), await open_chat(database)
    yield first, second
    await close_chat(first)
    await close_chat(second)


async def test_a_setting_changed_through_one_process_holds_at_once_in_the_other(
        pair: tuple[Chat, Chat]) -> None:
    first, second = pair
    # read (once, cached)
    assert "English for you), rules: English checkers" in await first.text("ann", "!tammi settings")
    assert (await second.text("ann", "!tammi settings fi international")).startswith("Tallennettu")
    shown = await first.text("ann", "!tammi settings")
    assert "kieli: suomi" in shown and "kansainvälinen tammi" in shown
    challenge = await first.text("ann", "!tammi challenge @bob")
    assert "kansainvälinen tammi" in challenge
    # And back: the other process's reading follows again.
    assert "Saved" in await first.text("ann", "!tammi settings en english")
    assert "language: English, rules: English checkers" in await second.text("cat", "!tammi settings")


async def test_a_challenge_and_a_draw_offer_made_in_one_process_are_answered_in_the_other(
        pair: tuple[Chat, Chat]) -> None:
    first, second = pair
    await first.say("ann", "!tammi challenge @bob white")
    started = await second.say("bob", "!tammi accept")
    game_id = started[0].game_id
    assert game_id is not None
    assert "offers a draw" in (await second.say("bob", "11-15 draw"))[0].text
    done = await first.say("ann", "!tammi draw")
    assert "Draw by agreement." in done[0].text
    game = await second.storage.get_game(game_id)
    assert game is not None and game.result == "1/2-1/2"


async def test_a_name_one_process_saw_is_known_to_the_other(pair: tuple[Chat, Chat]) -> None:
    first, second = pair
    await first.say("zed", "hello")  # seen in one process only
    challenge = await second.say("ann", "!tammi challenge zed")
    assert challenge[0].kind == "challenge", challenge
