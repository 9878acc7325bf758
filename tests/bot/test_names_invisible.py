"""Names with invisible characters, and ids with control characters (issue 21, item 26).

Three characters that draw nothing (U+034F COMBINING GRAPHEME JOINER, U+FE0F VARIATION SELECTOR-16,
U+3164 HANGUL FILLER) are not control characters, so the cleaning once kept them: "Bo\\u034fb" showed as
"Bob" and did not count as looking like Bob. And a NUL in a user id reached PostgreSQL, which cannot
store it, so the event got the generic apology."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.chat.events import Event, Person, Reply
from bot.domain.names import clean_name, exact_key, look_key
from bot.platforms.base import answer
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat

INVISIBLE = ("\u034f", "\ufe0f", "\u3164")
ANN = Person("1", "Ann")
BOB = Person("2", "Bob")


@pytest.mark.parametrize("char", INVISIBLE)
def test_invisible_characters_are_cleaned_from_names(char: str) -> None:
    impostor = f"Bo{char}b"
    assert clean_name(impostor) == "Bob"
    assert look_key(impostor) == look_key("Bob")
    assert exact_key(impostor) != exact_key("Bob")  # still told apart, so neither is taken for the other
    assert clean_name(f"{char}{char}") == "?"  # a name of nothing but them shows as no name


@pytest.fixture
async def chat(databases: Databases) -> AsyncIterator[Chat]:
    chat = await open_chat(await databases.new("sqlite"))
    yield chat
    await close_chat(chat)


async def say(chat: Chat, who: Person, text: str, **kwargs: object) -> list[Reply]:
    event = Event(chat.platform, "c1", who, text=text, **kwargs)  # type: ignore[arg-type]
    return await answer(chat.service, event)


@pytest.mark.parametrize("char", INVISIBLE)
async def test_an_impostor_with_an_invisible_character_is_ambiguous(chat: Chat, char: str) -> None:
    await say(chat, BOB, "!tammi games")
    await say(chat, Person("3", f"Bo{char}b"), "!tammi games")
    [refused] = await say(chat, ANN, "!tammi challenge Bob")
    assert refused.private and "More than one person here is called “Bob”" in refused.text
    assert await chat.storage.open_challenges(chat.platform, "c1", now=chat.clock()) == []


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
async def test_a_control_character_in_an_id_is_refused_cleanly(databases: Databases, kind: str) -> None:
    chat = await open_chat(await databases.new(kind))
    try:
        for who, extra in ((Person("bo\x00b", "Bob"), {}), (ANN, {"mentions": (Person("2\x00", "Bob"),)}),
                           (ANN, {"replied_to": Person("\x1b[2J", "Bob")})):
            [reply] = await say(chat, who, "!tammi challenge", **extra)
            assert reply.private and reply.kind == "error"
            assert "control character" in reply.text and "went wrong" not in reply.text
        [reply] = await answer(chat.service, Event(chat.platform, "c\x00", ANN, text="!tammi play"))
        assert "control character" in reply.text
        assert await chat.storage.open_challenges(chat.platform, "c1", now=chat.clock()) == []
        assert await chat.storage.active_games() == []
        # The channel works on for everyone else.
        [reply] = await say(chat, ANN, "!tammi challenge")
        assert reply.kind == "challenge"
    finally:
        await close_chat(chat)
