"""People are found by platform ids (issue 11, item 2): a mention, a reply, a platform username kept in
the database, or a name exactly one person of the channel has. A renamed impostor never receives
another's challenge or shows their record."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.chat.events import Event, Person, Reply
from bot.domain.names import exact_key, look_key
from bot.platforms.base import answer
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat


@pytest.fixture
async def database(databases: Databases) -> str:
    """Conversation tests run on SQLite: the storage under them is tested on every backend (SQLite,
    PostgreSQL and the in-memory one) in test_storage.py, and the flows in tests/bot/unit."""
    return await databases.new("sqlite")

ANN = Person("1", "Ann", handle="ann")
BOB = Person("2", "Bob", handle="bobby")
MALLORY = Person("3", "Bob")  # renamed herself after Bob
HIDDEN = Person("4", "Bo\u200bb")  # "Bob" with a zero-width space in it


@pytest.fixture
async def chat(database: str) -> AsyncIterator[Chat]:
    chat = await open_chat(database)
    yield chat
    await close_chat(chat)


async def say(chat: Chat, who: Person, text: str, channel: str = "c1", **kwargs: object) -> list[Reply]:
    event = Event(chat.platform, channel, who, text=text, **kwargs)  # type: ignore[arg-type]
    return await answer(chat.service, event)


async def challenged(chat: Chat) -> list[str | None]:
    """The targets of the open challenges in c1 (user ids)."""
    found = await chat.storage.open_challenges(chat.platform, "c1", now=chat.clock())
    return [c.target.user_id if c.target else None for c in found]


def test_keys_tell_invisible_characters_apart_but_see_the_likeness() -> None:
    assert exact_key("Bob") == exact_key("BOB") != exact_key("Bo\u200bb")
    assert look_key("Bob") == look_key("Bo\u200bb") == look_key("Ｂｏｂ")


async def test_a_unique_exact_name_finds_its_person(chat: Chat) -> None:
    await say(chat, BOB, "!tammi games")
    [reply] = await say(chat, ANN, "!tammi challenge bob")
    assert reply.kind == "challenge" and reply.mentions == (Person("2", "Bob"),)
    assert await challenged(chat) == ["2"]


async def test_a_renamed_impostor_gets_neither_the_challenge_nor_the_stats(chat: Chat) -> None:
    await say(chat, BOB, "!tammi games")
    await say(chat, MALLORY, "!tammi games")  # seen last: the old lookup took her
    [refused] = await say(chat, ANN, "!tammi challenge Bob")
    assert refused.private and "More than one person here is called “Bob”" in refused.text
    assert await challenged(chat) == []
    [refused] = await say(chat, ANN, "!tammi stats Bob")
    assert refused.kind == "error" and "Mention the one you mean" in refused.text
    # A mention names Bob himself.
    [reply] = await say(chat, ANN, "!tammi challenge @x", mentions=(BOB,))
    assert reply.kind == "challenge" and await challenged(chat) == ["2"]


async def test_names_equal_after_cleaning_do_not_collide(chat: Chat) -> None:
    await say(chat, HIDDEN, "!tammi games")
    [refused] = await say(chat, ANN, "!tammi challenge Bob")  # only the look-alike is here
    assert refused.kind == "error" and await challenged(chat) == []
    await say(chat, BOB, "!tammi games")
    [refused] = await say(chat, ANN, "!tammi challenge Bob")
    assert "More than one person" in refused.text and await challenged(chat) == []


async def test_names_belong_to_their_channel(chat: Chat) -> None:
    await say(chat, BOB, "!tammi games", channel="c2")
    [refused] = await say(chat, ANN, "!tammi challenge Bob")
    assert "I don't know who “Bob” is here" in refused.text


async def test_a_username_names_its_owner_across_a_restart_never_a_display_name(database: str) -> None:
    chat = await open_chat(database)
    try:
        await say(chat, BOB, "!tammi games", channel="elsewhere")
        await say(chat, Person("5", "bobby"), "!tammi games")  # a display name, not a username
    finally:
        await close_chat(chat)
    chat = await open_chat(database)  # a restart: nothing in memory
    try:
        [reply] = await say(chat, ANN, "!tammi challenge @bobby")
        assert reply.kind == "challenge" and await challenged(chat) == ["2"]
        [refused] = await say(chat, ANN, "!tammi stats @Carol")
        assert "I don't know who “@Carol” is here" in refused.text
        # A username moves with its owner: once another account has it, it names that one.
        await say(chat, Person("6", "Robert", handle="bobby"), "!tammi games")
        known = await chat.storage.by_handle(chat.platform, "bobby")
        assert known is not None and known.user_id == "6"
    finally:
        await close_chat(chat)


async def test_a_reply_names_the_author_replied_to(chat: Chat) -> None:
    [reply] = await say(chat, ANN, "!tammi stats", replied_to=BOB)
    assert reply.text.startswith("Bob") or "Bob" in reply.text.splitlines()[0]
    [reply] = await say(chat, ANN, "!tammi challenge", replied_to=BOB)
    assert reply.kind == "challenge" and await challenged(chat) == ["2"]
