"""Turn pings through the real service and storage (SQLite and PostgreSQL): `notify on|off` and its words,
one private message per turn whoever posts the board and however often, none after a restart for a turn
pinged before, the person told once when private messages do not reach them, and the sweep's reminders
copied to the people who asked. The adapters' side (what they report, how they send) is in the Discord
and Telegram tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.chat.events import BoardPosted, Notice, Place, Reply, Unreachable
from bot.platforms.posted import board_posted
from tests.bot.tammi_talk import Chat, close_chat, open_chat, start_game


@pytest.fixture
async def chat(database: str) -> AsyncIterator[Chat]:
    opened = await open_chat(database)
    yield opened
    await close_chat(opened)


def private(chat: Chat, user: str | None = None) -> list[Notice]:
    """The private messages sent so far (to `user`)."""
    return [n for n in chat.notices if n.to_user is not None and (user is None or n.to_user == user)]


def public(chat: Chat) -> list[Notice]:
    return [n for n in chat.notices if n.to_user is None]


async def posted(chat: Chat, replies: list[Reply], by: str | None, link: str = "https://chat.test/m") -> None:
    """What an adapter does after posting the replies to `by`'s message: report each board."""
    for reply in replies:
        place = Place(link=f"{link}{reply.ply}", chat="Club")
        if (report := board_posted(chat.platform, chat.channel, reply, place, by=by)) is not None:
            chat.service.board_posted(report)
    await chat.service.wait_idle()


async def move(chat: Chat, user: str, text: str | None = None) -> list[Reply]:
    """`user` plays `text` (None: their first legal move), and the adapter reports the board."""
    if text is None:
        text = (await chat.service.suggest_moves(chat.platform, chat.channel, user))[0]
    replies = await chat.say(user, text)
    assert replies and replies[0].kind == "board", replies
    await posted(chat, replies, user)
    return replies


async def test_a_ping_per_turn_to_who_asked_and_none_after_notify_off(chat: Chat) -> None:
    [answer] = await chat.say("ann", "!tammi notify on")
    assert answer.private and "Turn pings are on, ann" in answer.text
    [confirmation] = private(chat, "ann")
    assert confirmation.channel_id == "c1" and "message you here" in confirmation.reply.text
    chat.notices.clear()
    game_id = await start_game(chat, "ann", "bob", "white")  # Bob (Red) moves first
    assert private(chat) == []
    await move(chat, "bob", "11-15")
    [ping] = private(chat)
    assert ping.to_user == "ann" and ping.channel_id == "c1" and ping.platform == "test"
    assert ping.reply.text == (f"Your move in game #{game_id} against bob (English checkers): bob played "
                               "11-15.\nThe board: https://chat.test/m1")
    # The same board reported again (a second process, a repeated post), or shown by Ann herself: nothing.
    game = await chat.storage.get_game(game_id)
    assert game is not None
    chat.service.board_posted(BoardPosted("test", "c1", game_id, 1, Place(chat="Club"), by=None))
    await posted(chat, await chat.say("ann", "!tammi board"), "ann")
    await chat.service.wait_idle()
    assert len(private(chat)) == 1
    await move(chat, "ann", "22-18")
    assert len(private(chat)) == 1  # Bob asked for nothing
    [off] = await chat.say("ann", "!tammi notify off")
    assert off.private and "Turn pings are off" in off.text
    await move(chat, "bob", "15x22")
    assert len(private(chat)) == 1
    [status] = await chat.say("ann", "!tammi notify")
    assert "Your turn pings are off" in status.text


async def test_a_game_starts_with_a_ping_to_the_first_to_move_unless_they_started_it(chat: Chat) -> None:
    for person in ("ann", "dan"):
        await chat.say(person, "!tammi notify on")
    chat.notices.clear()
    await chat.say("ann", "!tammi challenge @bob black")  # Ann (Red) moves first
    accepted = await chat.say("bob", "!tammi accept")
    await posted(chat, accepted, "bob")
    [ping] = private(chat)
    game_id = accepted[0].game_id
    assert ping.to_user == "ann" and ping.reply.text == (
        f"Game #{game_id} against bob (English checkers) has begun: your move.\nThe board: https://chat.test/m0")
    await chat.say("cat", "!tammi challenge @dan white")  # Dan (Red) moves first, and accepts: no ping
    await posted(chat, await chat.say("dan", "!tammi accept"), "dan")
    assert len(private(chat)) == 1


async def test_no_second_ping_after_a_restart_for_the_same_turn(database: str) -> None:
    chat = await open_chat(database)
    try:
        await chat.say("ann", "!tammi ilmoitukset päälle")  # the Finnish words
        game_id = await start_game(chat, "ann", "bob", "white")
        replies = await move(chat, "bob", "11-15")
        assert len(private(chat, "ann")) == 2  # the confirmation, the ping
    finally:
        await close_chat(chat)
    chat = await open_chat(database)  # the whole service again, on the same database
    try:
        await posted(chat, replies, "bob")  # the board reported again after the restart
        assert private(chat) == []
        await move(chat, "ann", "22-18")
        await move(chat, "bob", "15x22")
        [ping] = private(chat, "ann")
        assert f"game #{game_id}" in ping.reply.text and "15x22" in ping.reply.text
        # The ping's language is the one Ann asked in (the Finnish words, but the default English
        # reply language: she wrote in a channel that chose none, with no app language known).
        assert ping.reply.text.startswith("Your move")
    finally:
        await close_chat(chat)


async def test_pings_take_the_language_asked_in(chat: Chat) -> None:
    await chat.say("ann", "!tammi ilmoitukset päälle", locale="fi")
    game_id = await start_game(chat, "ann", "bob", "white")
    await move(chat, "bob", "11-15")
    ping = private(chat, "ann")[-1]
    assert ping.reply.text == (f"Sinun siirtosi pelissä #{game_id} pelaajaa bob vastaan (englantilainen "
                               "tammi): bob siirsi 11-15.\nLauta: https://chat.test/m1")


async def test_settings_carries_notify_and_other_words_are_refused(chat: Chat) -> None:
    replies = await chat.say("ann", "!tammi settings fi notify on")
    assert [reply.kind for reply in replies] == ["settings", "settings"]
    assert "kieli: suomi" in replies[0].text and "Vuoroilmoitukset ovat päällä" in replies[1].text
    [alone] = await chat.say("bob", "!tammi settings notify on")
    assert "Vuoroilmoitukset ovat päällä, bob" in alone.text
    [refused] = await chat.say("bob", "!tammi notify maybe")
    assert refused.kind == "error" and "ilmoitukset päälle" in refused.text
    [shown] = await chat.say("bob", "!tammi ilmoitukset")
    assert "Vuoroilmoituksesi ovat päällä" in shown.text


async def test_in_a_private_chat_the_answer_is_the_confirmation(chat: Chat) -> None:
    [answer] = await chat.say("ann", "notify on", is_private_chat=True, channel="ann")
    assert "I will message you here" in answer.text and private(chat) == []


async def test_someone_private_messages_do_not_reach_is_told_once(chat: Chat) -> None:
    closed = {"ann"}

    async def sender(notice: Notice) -> None:
        if notice.to_user in closed:
            raise Unreachable(notice.to_user)
        chat.notices.append(notice)

    chat.service.add_sender("test", sender)
    [answer] = await chat.say("ann", "!tammi notify on")
    assert answer.private and "I cannot message you privately here" in answer.text
    game_id = await start_game(chat, "ann", "bob", "white")
    await move(chat, "bob", "11-15")
    assert public(chat) == []  # told already, in the answer to `notify on`
    await move(chat, "ann", "22-18")
    closed.clear()
    await move(chat, "bob", "15x22")  # reaches her now: a later failure is told again
    assert len(private(chat, "ann")) == 1
    closed.add("ann")
    await move(chat, "ann")
    await move(chat, "bob")
    [told] = public(chat)
    assert told.channel_id == "c1" and told.reply.mentions[0].user_id == "ann"
    assert f"I could not message you privately about game #{game_id}" in told.reply.text
    await move(chat, "ann")
    await move(chat, "bob")
    assert len(public(chat)) == 1  # once


async def test_reminders_and_the_claim_go_privately_to_who_asked(chat: Chat) -> None:
    await chat.say("ann", "!tammi notify on")
    await chat.say("bob", "!tammi notify on")
    game_id = await start_game(chat, "ann", "bob", "white")
    await move(chat, "bob", "11-15")  # Ann is pinged for this turn, with its board's place
    chat.notices.clear()
    chat.clock.advance(chat.service.config.reminder_after.total_seconds() + 60)
    await chat.service.maintain()
    [reminder] = public(chat)
    [copy] = private(chat)
    assert copy.to_user == "ann" and copy.channel_id == "c1" and not copy.reply.buttons
    assert copy.reply.text == f"{reminder.reply.text}\nThe board: https://chat.test/m1"
    assert f"game #{game_id}" in copy.reply.text
    chat.notices.clear()
    chat.clock.advance(chat.service.config.abandon_after.total_seconds())
    await chat.service.maintain()
    [claim] = public(chat)
    [copy] = private(chat)
    assert copy.to_user == "bob" and copy.reply.text.startswith(claim.reply.text)  # Bob may claim
