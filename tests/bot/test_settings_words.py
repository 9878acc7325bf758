"""The settings reply names the language and the rules in words of the reader's language, never codes
(issue 21 item 11: "säännöt english")."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat


@pytest.fixture
async def chat(databases: Databases) -> AsyncIterator[Chat]:
    chat = await open_chat(await databases.new("sqlite"))
    yield chat
    await close_chat(chat)


async def test_settings_show_words_not_codes(chat: Chat) -> None:
    shown = await chat.text("ann", "!tammi settings")
    assert shown.splitlines()[0] == ("Settings for this channel — language: not chosen (each person is "
                                     "answered in their own language: English for you), rules: English "
                                     "checkers.")
    in_finnish = await chat.text("ann", "!tammi settings", locale="fi")
    assert in_finnish.splitlines()[0] == ("Kanavan asetukset — kieli: ei valittu (kukin saa vastaukset "
                                          "omalla kielellään; sinulle suomi), säännöt: englantilainen "
                                          "tammi.")


async def test_a_chosen_language_is_named_to_everyone(chat: Chat) -> None:
    await chat.text("ann", "!tammi settings fi")
    shown = await chat.text("bob", "!tammi settings", locale="en")
    assert shown.splitlines()[0] == "Kanavan asetukset — kieli: suomi, säännöt: englantilainen tammi."


async def test_saved_settings_in_the_new_language(chat: Chat) -> None:
    saved = await chat.text("ann", "!tammi settings fi international")
    assert saved.splitlines()[0] == ("Tallennettu. Kanavan asetukset — kieli: suomi, säännöt: "
                                     "kansainvälinen tammi.")
    saved = await chat.text("ann", "!tammi asetukset englanti italialainen")
    assert saved.splitlines()[0] == ("Saved. Settings for this channel — language: English, rules: "
                                     "Italian draughts.")
