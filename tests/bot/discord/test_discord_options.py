"""Issue 21 item 11 on the fake Discord, through the real discord.py client: `/tammi games` has a page;
draw and undo answers and languages are choices, the tournament rules a flag, all with Finnish names and
descriptions; the settings reply shows words, not codes; `tammi discord sync` counts what it registered."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import cli
from bot.chat.events import Event, Person
from bot.config import Config, DiscordConfig
from bot.platforms.base import answer
from bot.platforms.discord.tree import SUBCOMMANDS
from bot.presentation import catalogue
from tests.bot.discord.test_discord_game import Running, button, run_bot
from tests.fakes.discord_server import ALICE, BOB, CHANNEL_ID, FakeDiscord


@pytest.fixture
async def bot(fake: FakeDiscord, settings: DiscordConfig, tmp_path: Path) -> AsyncIterator[Running]:
    running = await run_bot(str(tmp_path / "tammi.sqlite3"), settings)
    try:
        yield running
    finally:
        await running.close()


def options(fake: FakeDiscord) -> dict[str, dict[str, Any]]:
    """The registered `/tammi` subcommands' options, by subcommand and option name."""
    [root] = [command for command in fake.commands if command["name"] == "tammi"]
    return {sub["name"]: {o["name"]: o for o in sub.get("options", [])} for sub in root["options"]}


async def test_games_has_a_page_option(fake: FakeDiscord, bot: Running) -> None:
    page = options(fake)["games"]["page"]
    assert (page["type"], page["min_value"]) == (4, 1) and page["name_localizations"] == {"fi": "sivu"}
    for number in range(16):  # more open challenges than one page (15 lines) holds
        person = Person(str(900 + number), f"p{number}")
        event = Event("discord", str(CHANNEL_ID), person, command="challenge", args=(), addressed=True)
        [posted] = await answer(bot.service, event)
        assert posted.kind == "challenge"
    [first] = await fake.wait_answers(await fake.slash(ALICE, "games"))
    assert "Page 1 of 2" in first.text and "`/tammi games page:2`" in first.text
    [second] = await fake.wait_answers(await fake.slash(ALICE, "games", page=2))
    assert "Page 2 of 2" in second.text and "#1 p0" in second.text and "p15" not in second.text


async def test_answers_and_languages_are_choices_with_finnish_names(fake: FakeDiscord, bot: Running) -> None:
    found = options(fake)

    def choices(command: str, option: str) -> list[tuple[str, str, str]]:
        return [(c["value"], c["name"], c["name_localizations"]["fi"])
                for c in found[command][option]["choices"]]

    assert choices("draw", "answer") == [
        ("offer", "Offer a draw", "Tarjoa tasapeliä"),
        ("accept", "Accept the draw offer", "Hyväksy tasapelitarjous"),
        ("decline", "Decline the draw offer", "Hylkää tasapelitarjous")]
    assert choices("undo", "answer") == [
        ("request", "Ask to take back your last move", "Pyydä oman siirtosi perumista"),
        ("accept", "Accept the take-back request", "Hyväksy perumispyyntö"),
        ("decline", "Decline the take-back request", "Hylkää perumispyyntö")]
    assert choices("settings", "language") == [("en", "English", "englanti"), ("fi", "Finnish", "suomi")]


async def test_finnish_descriptions_name_no_english_choice(fake: FakeDiscord, bot: Running) -> None:
    for command, found in options(fake).items():
        for name, option in found.items():
            finnish = option["description_localizations"]["fi"].casefold()
            for choice in option.get("choices", []):
                value = str(choice["value"]).casefold()
                if value != choice["name_localizations"]["fi"].casefold():
                    assert not re.search(rf"\b{re.escape(value)}\b", finnish), (command, name, finnish)


async def test_draw_and_undo_answers_chosen_from_the_list(fake: FakeDiscord, bot: Running) -> None:
    challenged = await fake.slash(ALICE, "challenge", opponent=BOB, colour="white")
    [challenge] = await fake.wait_answers(challenged)
    await fake.wait_answers(await fake.press(BOB, challenge, button(challenge, "acc")))
    await fake.wait_answers(await fake.slash(BOB, "move", move="11-15"))
    [asked] = await fake.wait_answers(await fake.slash(BOB, "undo", answer="request"))
    assert "take back" in asked.text.lower() and button(asked, "una")
    [undone] = await fake.wait_answers(await fake.slash(ALICE, "undo", answer="accept"))
    assert not undone.ephemeral
    await fake.wait_answers(await fake.slash(BOB, "move", move="11-15"))
    [offer] = await fake.wait_answers(await fake.slash(BOB, "draw", answer="offer"))
    assert "offers a draw" in offer.text and button(offer, "dra")
    [no] = await fake.wait_answers(await fake.slash(ALICE, "draw", answer="decline"))
    assert "declined" in no.text.lower()
    game = await bot.storage.active_game_for("discord", str(CHANNEL_ID), str(ALICE.id))
    assert game is not None and game.active and [str(m) for m in game.moves] == ["11-15"]


async def test_a_challenge_under_tournament_rules(fake: FakeDiscord, bot: Running) -> None:
    option = options(fake)["challenge"]["tournament"]
    assert option["type"] == 5 and option["name_localizations"] == {"fi": "turnaus"}
    [challenge] = await fake.wait_answers(await fake.slash(ALICE, "challenge", opponent=BOB, tournament=True))
    assert catalogue.say("en", "tournament_note") in challenge.text
    [plain] = await fake.wait_answers(await fake.slash(BOB, "challenge", tournament=False))
    assert catalogue.say("en", "tournament_note") not in plain.text
    found = await bot.storage.open_challenges("discord", str(CHANNEL_ID), now=bot.service.desk.clock())
    assert sorted((c.challenger.user_id, c.tournament) for c in found) == [
        (str(ALICE.id), True), (str(BOB.id), False)]


async def test_the_settings_reply_names_the_language_and_rules(fake: FakeDiscord, bot: Running) -> None:
    [shown] = await fake.wait_answers(await fake.slash(BOB, "settings"))
    assert "English for you), rules: English checkers" in shown.text
    [saved] = await fake.wait_answers(await fake.slash(ALICE, "settings", language="fi", variant="italian"))
    assert "kieli: suomi, säännöt: italialainen tammi" in saved.text


async def test_discord_sync_counts_one_command_with_its_subcommands(
        fake: FakeDiscord, settings: DiscordConfig, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    config = Config(database=str(tmp_path / "unused.sqlite3"), discord=settings)
    assert await cli._discord_sync(config) == 0
    assert capsys.readouterr().out == f"Registered /tammi with {len(SUBCOMMANDS)} subcommands, and /puzzle.\n"
    root, puzzle = fake.commands
    assert puzzle["name"] == "puzzle"
    assert root["name"] == "tammi" and len(root["options"]) == len(SUBCOMMANDS)
