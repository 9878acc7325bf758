"""What the adapter makes of each kind of Discord input and each kind of service reply (stub service)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.chat.events import Attachment, Button, Event, Notice, Person, Reply
from bot.config import DiscordConfig
from bot.platforms.discord import DiscordAdapter
from tests.fakes.discord_server import (
    ALICE,
    BOB,
    BOT,
    CHANNEL_ID,
    DM_CHANNEL_ID,
    OTHER_CHANNEL_ID,
    THREAD_ID,
    FakeDiscord,
)
from tests.fakes.stub_service import MOVES, StubService

PNG = b"\x89PNG\r\n\x1a\nnot really a picture"


@pytest.fixture
def service() -> StubService:
    return StubService()


@pytest.fixture
async def adapter(fake: FakeDiscord, settings: DiscordConfig,
                  service: StubService) -> AsyncIterator[DiscordAdapter]:
    bot = DiscordAdapter(service, settings, guild_ready_timeout=0.05)
    await bot.start()
    try:
        await bot.wait_until_ready()
        yield bot
    finally:
        await bot.close()
    assert fake.unknown == []


def board_reply(private: bool = False) -> Reply:
    return Reply(
        text="alice vs bob. bob to move.", title="Game 7: alice vs bob",
        fields=(("Turn", "bob"), ("Last move", "9-13")),
        attachment=Attachment(PNG, "board.png"), kind="board", game_id=7, private=private,
        mentions=(Person(str(BOB.id), "bob"),),
        buttons=(Button("mov:7", "Move", "primary"), Button("res:7", "Resign", "danger"),
                 Button("drw:7", "Offer draw")),
    )


async def test_a_typed_move_becomes_a_plain_event(fake: FakeDiscord, adapter: DiscordAdapter,
                                                  service: StubService) -> None:
    await fake.type_message(ALICE, "9-13")
    [sent] = await fake.wait_in_channel(CHANNEL_ID, 1)
    [event] = service.events
    assert event == Event(platform="discord", channel_id=str(CHANNEL_ID), user=Person(str(ALICE.id), "alice"),
                          text="9-13", addressed=False, is_private_chat=False)
    assert sent.content == "got 9-13" and sent.reference is None and not sent.ephemeral


async def test_a_refusal_to_a_typed_move_answers_that_message(fake: FakeDiscord, adapter: DiscordAdapter,
                                                              service: StubService) -> None:
    service.respond = lambda event: [Reply(text="9-14 is not a legal move", private=True, kind="error")]
    message_id = await fake.type_message(BOB, "9-14")
    [sent] = await fake.wait_in_channel(CHANNEL_ID, 1)
    assert sent.reference == message_id and sent.content == "9-14 is not a legal move"
    assert not sent.reference_required  # sent even if the message was deleted meanwhile


async def test_mentions_replies_threads_and_dms_are_addressed(fake: FakeDiscord, adapter: DiscordAdapter,
                                                              service: StubService) -> None:
    await fake.type_message(ALICE, f"<@{BOT.id}> challenge <@{BOB.id}>", mentions=(BOT, BOB))
    [answer] = await fake.wait_in_channel(CHANNEL_ID, 1)
    await fake.type_message(BOB, "accept", reply_to=answer)
    await fake.type_message(ALICE, "board", channel_id=THREAD_ID)
    await fake.type_message(ALICE, "play", channel_id=DM_CHANNEL_ID)
    await fake.wait_in_channel(DM_CHANNEL_ID, 1)
    mention, reply, thread, dm = service.events
    assert mention.text == f"challenge <@{BOB.id}>" and mention.addressed
    assert mention.mentions == (Person(str(BOB.id), "bob"),)
    assert reply.text == "accept" and reply.addressed and not reply.is_private_chat
    assert reply.only_replied and not mention.only_replied and not dm.only_replied  # a reply may be chat
    assert thread.channel_id == str(THREAD_ID) and not thread.addressed
    assert dm.channel_id == str(DM_CHANNEL_ID) and dm.addressed and dm.is_private_chat
    assert len(fake.in_channel(THREAD_ID)) == 1


async def test_own_and_other_bots_messages_are_ignored(fake: FakeDiscord, adapter: DiscordAdapter,
                                                       service: StubService) -> None:
    await fake.type_message(BOT, "9-13")
    await fake.type_message(ALICE, "11-15")
    await fake.wait_in_channel(CHANNEL_ID, 1)
    assert [event.text for event in service.events] == ["11-15"]


async def test_a_slash_command_becomes_a_command_event(fake: FakeDiscord, adapter: DiscordAdapter,
                                                      service: StubService) -> None:
    interaction = await fake.slash(ALICE, "challenge", opponent=BOB, colour="white", variant="italian",
                                   locale="fi")
    [answer] = await fake.wait_answers(interaction)
    [event] = service.events
    assert event.command == "challenge" and event.args == ("italian", "white")
    assert event.mentions == (Person(str(BOB.id), "bob"),)
    assert event.locale == "fi" and event.addressed and event.channel_id == str(CHANNEL_ID)
    assert answer.via == "callback" and answer.content == "got challenge" and not answer.ephemeral


async def test_a_private_reply_is_ephemeral(fake: FakeDiscord, adapter: DiscordAdapter,
                                           service: StubService) -> None:
    service.respond = lambda event: [Reply(text="It is not your turn.", private=True, kind="error")]
    interaction = await fake.slash(BOB, "move", move="9-13")
    [answer] = await fake.wait_answers(interaction)
    assert answer.ephemeral and answer.content == "It is not your turn."
    assert service.events[0].args == ("9-13",)


async def test_a_board_is_an_embed_with_the_picture_and_buttons(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                service: StubService) -> None:
    service.respond = lambda event: [board_reply(), Reply(text="Draw offered.", kind="info")]
    interaction = await fake.slash(ALICE, "board")
    board, followup = await fake.wait_answers(interaction, 2)
    assert board.files == [("board.png", PNG)]
    [embed] = board.embeds
    assert embed["title"] == "Game 7: alice vs bob" and embed["image"]["url"] == "attachment://board.png"
    assert [(f["name"], f["value"]) for f in embed["fields"]] == [("Turn", "bob"), ("Last move", "9-13")]
    assert board.content == f"<@{BOB.id}>"
    assert board.buttons == ["tammi:mov:7", "tammi:res:7", "tammi:drw:7"]
    assert followup.via == "followup" and followup.content == "Draw offered."


async def test_buttons_become_button_events(fake: FakeDiscord, adapter: DiscordAdapter,
                                           service: StubService) -> None:
    await fake.type_message(ALICE, "board")
    service.respond = lambda event: [board_reply()]
    [board] = await fake.wait_in_channel(CHANNEL_ID, 1)
    assert board.files == [("board.png", PNG)] and board.buttons[1] == "tammi:res:7"
    service.respond = lambda event: [Reply(text="bob resigned.")]
    interaction = await fake.press(BOB, board, "tammi:res:7")
    [answer] = await fake.wait_answers(interaction)
    event = service.events[-1]
    assert event.button == "res:7" and event.user.user_id == str(BOB.id) and event.command is None
    assert answer.content == "bob resigned."


async def test_the_move_button_opens_a_dialog(fake: FakeDiscord, adapter: DiscordAdapter,
                                             service: StubService) -> None:
    service.respond = lambda event: [] if event.button == "mvq:7" else [board_reply()]
    await fake.type_message(ALICE, "board")
    [board] = await fake.wait_in_channel(CHANNEL_ID, 1)
    interaction = await fake.press(BOB, board, "tammi:mov:7", locale="fi")
    dialog = await fake.until(lambda: fake.callback(interaction))
    assert dialog.type == 9 and dialog.data["custom_id"].startswith("tammi-modal:mov:7:")
    assert dialog.data["title"] == "Siirtosi"
    [[field]] = [row["components"] for row in dialog.data["components"]]
    assert field["custom_id"] == "move" and field["label"].startswith("Siirto")
    # Opening the dialog only asks the service whether Bob may move in game 7.
    assert service.events[-1].button == "mvq:7" and service.events[-1].user.user_id == str(BOB.id)
    # Alice opens the same game's dialog at the same time: hers is another dialog.
    alice = await fake.press(ALICE, board, "tammi:mov:7")
    other = await fake.until(lambda: fake.callback(alice))
    assert other.type == 9 and other.data["custom_id"] != dialog.data["custom_id"]
    service.respond = lambda event: [Reply(text="bob played 9-13")]
    submitted = await fake.submit_modal(BOB, dialog.data["custom_id"], {"move": " 9-13 "}, board)
    [answer] = await fake.wait_answers(submitted)
    event = service.events[-1]
    # The move is for the dialog's game (its custom_id), not whatever game the presser has here.
    assert event.command == "move" and event.args == ("#7", "9-13") and event.user.user_id == str(BOB.id)
    assert answer.content == "bob played 9-13"


async def test_the_move_button_refuses_who_may_not_move(fake: FakeDiscord, adapter: DiscordAdapter,
                                                        service: StubService) -> None:
    service.respond = lambda event: [board_reply()]
    await fake.type_message(ALICE, "board")
    [board] = await fake.wait_in_channel(CHANNEL_ID, 1)
    refusal_text = "You are not playing in game #7."
    service.respond = lambda event: [Reply(text=refusal_text, private=True, kind="error")]
    pressed = await fake.press(BOB, board, "tammi:mov:7")
    [refusal] = await fake.wait_answers(pressed)
    assert fake.callback(pressed).type == 4  # type: ignore[union-attr]  # a message, not a dialog
    assert refusal.ephemeral and refusal.content == "You are not playing in game #7."
    assert service.events[-1].button == "mvq:7"


async def test_a_dialog_from_before_a_restart_says_it_expired(fake: FakeDiscord, adapter: DiscordAdapter,
                                                              service: StubService) -> None:
    service.respond = lambda event: [board_reply()]
    await fake.type_message(ALICE, "board")
    [board] = await fake.wait_in_channel(CHANNEL_ID, 1)
    submitted = await fake.submit_modal(BOB, "tammi-modal:mov:7:123", {"move": "9-13"}, board, locale="fi")
    [answer] = await fake.wait_answers(submitted)
    assert answer.ephemeral and "Ikkuna ei ole enää auki" in (answer.content or "")
    assert len(service.events) == 1  # no move was made from it
    # Someone else's dialog is acknowledged silently.
    foreign = await fake.submit_modal(BOB, "v0-dialog", {"move": "9-13"}, board)
    callback = await fake.until(lambda: fake.callback(foreign))
    assert callback.type == 6 and len(service.events) == 1


async def test_slow_answers_are_deferred(fake: FakeDiscord, adapter: DiscordAdapter,
                                         service: StubService) -> None:
    adapter.defer_after = 0.05
    service.delay = 0.3
    service.respond = lambda event: [board_reply(), Reply(text="and more")]
    interaction = await fake.slash(ALICE, "board")
    board, more = await fake.wait_answers(interaction, 2)
    assert fake.callback(interaction).type == 5  # type: ignore[union-attr]
    assert board.via == "edit" and board.files == [("board.png", PNG)] and board.buttons
    assert more.via == "followup"
    # A slow private answer replaces the public "thinking..." message with an ephemeral one.
    service.respond = lambda event: [Reply(text="No game here.", private=True)]
    interaction = await fake.slash(BOB, "resign")
    [refusal] = await fake.wait_answers(interaction)
    assert refusal.via == "followup" and refusal.ephemeral and interaction in fake.deleted
    # A slow button press is acknowledged silently, then answered.
    service.respond = lambda event: [Reply(text="Accepted.")]
    pressed = await fake.press(BOB, board, "tammi:res:7")
    [answer] = await fake.wait_answers(pressed)
    assert fake.callback(pressed).type == 6 and answer.via == "followup"  # type: ignore[union-attr]


async def test_a_gif_is_deferred_at_once(fake: FakeDiscord, adapter: DiscordAdapter,
                                         service: StubService) -> None:
    service.respond = lambda event: [Reply(text="The game", attachment=Attachment(b"GIF89a", "game.gif"))]
    interaction = await fake.slash(ALICE, "gif")
    [answer] = await fake.wait_answers(interaction)
    assert fake.callback(interaction).type == 5  # type: ignore[union-attr]
    assert answer.files == [("game.gif", b"GIF89a")]
    assert answer.embeds[0]["image"]["url"] == "attachment://game.gif"


async def test_autocomplete_offers_moves_and_topics(fake: FakeDiscord, adapter: DiscordAdapter) -> None:
    choices = await fake.autocomplete(ALICE, "move", "move", move="10")
    assert [c["value"] for c in choices] == [m for m in MOVES if "10" in m]
    choices = await fake.autocomplete(ALICE, "rules", "topic", topic="", locale="fi")
    assert choices == [{"name": "Lyöminen", "value": "capture"}, {"name": "Kuninkaat", "value": "kings"}]


async def test_notices_and_replies_for_other_channels(fake: FakeDiscord, adapter: DiscordAdapter,
                                                      service: StubService) -> None:
    await service.notify(Notice("discord", str(THREAD_ID), board_reply()))
    [notice] = await fake.wait_in_channel(THREAD_ID, 1)
    assert notice.files == [("board.png", PNG)] and notice.buttons[0] == "tammi:mov:7"
    service.respond = lambda event: [Reply(text="Challenge sent."),
                                     Reply(text="You are challenged", channel_id=str(OTHER_CHANNEL_ID))]
    interaction = await fake.slash(ALICE, "challenge")
    await fake.wait_in_channel(OTHER_CHANNEL_ID, 1)
    assert [a.content for a in await fake.wait_answers(interaction)] == ["Challenge sent."]


async def test_a_service_failure_becomes_an_ephemeral_apology(fake: FakeDiscord, adapter: DiscordAdapter,
                                                              service: StubService,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    def fail(event: Event) -> list[Reply]:
        raise RuntimeError("boom")
    service.respond = fail
    interaction = await fake.slash(ALICE, "board")
    [answer] = await fake.wait_answers(interaction)
    assert answer.ephemeral and "went wrong" in (answer.content or "")
    assert "boom" in caplog.text


async def test_no_reply_still_acknowledges(fake: FakeDiscord, adapter: DiscordAdapter,
                                           service: StubService) -> None:
    service.respond = lambda event: []
    interaction = await fake.slash(ALICE, "cancel")
    [answer] = await fake.wait_answers(interaction)
    assert answer.ephemeral


async def test_a_long_text_comes_in_several_messages(fake: FakeDiscord, adapter: DiscordAdapter,
                                                    service: StubService) -> None:
    moves = "\n".join(f"{n}. 11-15 23-19 8-11 22-17" for n in range(1, 120))
    pdn = f"Game 7 as PDN:\n```\n{moves}\n```"
    service.respond = lambda event: [Reply(text=pdn, kind="info", buttons=(Button("gif:7", "GIF"),))]
    interaction = await fake.slash(ALICE, "pdn")
    answers = await fake.until(lambda: a if (a := fake.answers(interaction)) and a[-1].buttons else None)
    assert len(pdn) == 3246 and [a.via for a in answers] == ["callback", "followup"]
    assert all(len(a.content or "") <= 2000 and (a.content or "").count("```") == 2 for a in answers)
    assert [a.buttons for a in answers] == [[], ["tammi:gif:7"]]
    assert "".join(a.content or "" for a in answers).replace("```", "").replace("\n", "") == \
        pdn.replace("```", "").replace("\n", "")


async def test_a_long_pdn_comes_as_a_file(fake: FakeDiscord, adapter: DiscordAdapter,
                                          service: StubService) -> None:
    moves = "\n".join(f"{n}. 11-15 23-19 8-11 22-17" for n in range(1, 120))
    pdn = f"PDN of game #7:\n```\n{moves}\n```"
    gif = (Button("gif:7", "GIF"),)
    service.respond = lambda event: [Reply(text=pdn, kind="pdn", game_id=7, buttons=gif)]
    [answer] = await fake.wait_answers(await fake.slash(ALICE, "pdn"))
    assert answer.content == "PDN of game #7:" and answer.buttons == ["tammi:gif:7"]
    assert answer.files == [("game-7.pdn", moves.encode())]
    # Where files may not be attached, the text comes in pieces within the limit.
    fake.no_attach_channels.add(str(CHANNEL_ID))
    await fake.type_message(ALICE, "pdn")
    *pieces, hint = await fake.wait_in_channel(CHANNEL_ID, 3)
    assert len(pieces) == 2 and "Attach Files" in (hint.content or "")
    assert all(len(p.content or "") <= 2000 for p in pieces) and pieces[-1].buttons == ["tammi:gif:7"]
    assert "".join(p.content or "" for p in pieces).replace("```", "").replace("\n", "") == \
        pdn.replace("```", "").replace("\n", "")
    # A short one stays a message.
    short_pdn = "PDN of game #7:\n```\n1. 11-15 *\n```"
    service.respond = lambda event: [Reply(text=short_pdn, kind="pdn", game_id=7)]
    [short] = await fake.wait_answers(await fake.slash(ALICE, "pdn"))
    assert short.files == [] and short.content == short_pdn


async def test_a_notice_sent_while_starting_waits_for_the_login(fake: FakeDiscord,
                                                                settings: DiscordConfig) -> None:
    service = StubService()
    bot = DiscordAdapter(service, settings, guild_ready_timeout=0.05)
    notice = Notice("discord", str(CHANNEL_ID), Reply(text="My move: 9-13"))
    pending = asyncio.create_task(service.notify(notice))
    await asyncio.sleep(0.01)
    assert not pending.done() and fake.sent == []
    await bot.start()
    try:
        await pending
        [sent] = await fake.wait_in_channel(CHANNEL_ID, 1)
        assert sent.content == "My move: 9-13"
    finally:
        await bot.close()


async def test_a_foreign_button_is_acknowledged_silently(fake: FakeDiscord, adapter: DiscordAdapter,
                                                        service: StubService) -> None:
    await fake.type_message(ALICE, "board")
    [message] = await fake.wait_in_channel(CHANNEL_ID, 1)
    message.components = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Old",
                                                      "custom_id": "v0-accept-3"}]}]
    interaction = await fake.press(ALICE, message, "v0-accept-3")
    callback = await fake.until(lambda: fake.callback(interaction))
    assert callback.type == 6 and len(service.events) == 1


async def test_without_permission_to_attach_the_text_still_arrives(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                  service: StubService) -> None:
    fake.no_attach_channels.add(str(CHANNEL_ID))
    service.respond = lambda event: [board_reply(), Reply(text="Draw offered.", kind="info")]
    await fake.type_message(BOB, "9-13")
    board, hint, followup = await fake.wait_in_channel(CHANNEL_ID, 3)
    assert "Attach Files" in (hint.content or "")  # see test_discord_permissions.py
    assert board.files == [] and board.embeds[0]["title"] == "Game 7: alice vs bob"
    assert "image" not in board.embeds[0]
    assert board.buttons == ["tammi:mov:7", "tammi:res:7", "tammi:drw:7"]
    assert followup.content == "Draw offered."


async def test_an_expired_interaction_still_finishes_and_posts_in_the_channel(
        fake: FakeDiscord, adapter: DiscordAdapter, service: StubService) -> None:
    adapter.defer_after = 0.05
    service.delay = 0.3
    fake.interactions_expire = True  # too late to acknowledge: Discord answers "Unknown interaction"
    service.respond = lambda event: [board_reply(), Reply(text="Only for you.", private=True)]
    await fake.slash(ALICE, "move", move="11-15")
    [board] = await fake.wait_in_channel(CHANNEL_ID, 1)
    assert service.handled.is_set()  # the service's work was not cancelled
    assert board.via == "channel" and board.files == [("board.png", PNG)]
    # A later event's answer in the channel marks the end of the first one's work.
    service.delay = 0
    fake.interactions_expire = False
    service.respond = lambda event: [Reply(text="marker")]
    [marker] = await fake.wait_answers(await fake.slash(ALICE, "board"))
    assert marker.content == "marker"
    assert [sent.content for sent in fake.sent if sent.content == "Only for you."] == []


async def test_an_answer_that_fails_is_posted_in_the_channel(fake: FakeDiscord, adapter: DiscordAdapter,
                                                             service: StubService) -> None:
    # The service answers at once, but Discord says the interaction is gone (10062): the public
    # replies go to the channel; the private one cannot be shown to its user alone, so it is dropped.
    fake.interactions_expire = True
    service.respond = lambda event: [Reply(text="Only for you.", private=True), board_reply(),
                                     Reply(text="Draw offered.")]
    await fake.slash(ALICE, "move", move="11-15")
    board, offer = await fake.wait_in_channel(CHANNEL_ID, 2)
    assert board.via == "channel" and board.files == [("board.png", PNG)] and offer.content == "Draw offered."
    # The same for a button press.
    await fake.press(BOB, board, "tammi:res:7")
    later = await fake.wait_in_channel(CHANNEL_ID, 4)
    assert later[2].embeds[0]["title"] == "Game 7: alice vs bob" and later[3].content == "Draw offered."
    assert [event.button for event in service.events] == [None, "res:7"]
    assert all(s.content != "Only for you." for s in fake.sent)


async def test_a_failure_inside_the_adapter_gets_the_apology(fake: FakeDiscord, adapter: DiscordAdapter,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    async def broken(*args: object) -> None:
        raise RuntimeError("adapter bug")
    monkeypatch.setattr(adapter, "command", broken)
    interaction = await fake.slash(ALICE, "board", locale="fi")
    [answer] = await fake.wait_answers(interaction)
    assert answer.ephemeral and "meni vikaan" in (answer.content or "")
    assert "adapter bug" in caplog.text


async def test_buttons_work_after_a_restart(fake: FakeDiscord, settings: DiscordConfig) -> None:
    before = StubService(lambda event: [board_reply()])
    bot = DiscordAdapter(before, settings, guild_ready_timeout=0.05)
    await bot.start()
    await bot.wait_until_ready()
    await fake.type_message(ALICE, "board")
    [board] = await fake.wait_in_channel(CHANNEL_ID, 1)
    await bot.close()
    after = StubService(lambda event: [] if event.button == "mvq:7" else [Reply(text=f"got {event.button}")])
    bot = DiscordAdapter(after, settings, guild_ready_timeout=0.05)
    assert bot.name == "discord"
    await bot.start()
    try:
        await bot.wait_until_ready()
        pressed = await fake.press(BOB, board, "tammi:drw:7")
        [answer] = await fake.wait_answers(pressed)
        opened = await fake.press(BOB, board, "tammi:mov:7")
        dialog = await fake.until(lambda: fake.callback(opened))
    finally:
        await bot.close()
    assert [event.button for event in after.events] == ["drw:7", "mvq:7"] and answer.content == "got drw:7"
    assert dialog.type == 9


async def test_a_notice_waits_for_the_replies_being_posted_in_its_channel(
        fake: FakeDiscord, adapter: DiscordAdapter, service: StubService) -> None:
    service.delay = 0.3
    service.respond = lambda event: [Reply(text=f"alice played {event.text}")]
    await fake.type_message(ALICE, "22-17")
    while not service.events:  # the service is working on the move
        await asyncio.sleep(0.01)
    await service.notify(Notice("discord", str(CHANNEL_ID), Reply(text="Tammi played 11-15")))
    sent = await fake.wait_in_channel(CHANNEL_ID, 2)
    assert [s.content for s in sent] == ["alice played 22-17", "Tammi played 11-15"]
    # The wait is bounded: a notice is not held up by a slow answer for longer than that.
    adapter.order.limit = 0.05
    service.delay = 1.0
    await fake.type_message(ALICE, "17-13")
    while len(service.events) < 2:
        await asyncio.sleep(0.01)
    await service.notify(Notice("discord", str(CHANNEL_ID), Reply(text="Tammi is thinking")))
    sent = await fake.wait_in_channel(CHANNEL_ID, 4)
    assert [s.content for s in sent[2:]] == ["Tammi is thinking", "alice played 17-13"]
