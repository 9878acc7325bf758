"""The adapter's translation, end to end through python-telegram-bot and the fake Bot API server.

A scripted service stands in for the game service here, so each test sees exactly the events the
adapter produced and controls the replies it must send.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Callable

import aiohttp
import pytest

from bot.chat.commands import COMMANDS
from bot.chat.events import Attachment, BoardPosted, Button, Event, Notice, Reply, Sender, TypedReach
from bot.config import TelegramConfig
from bot.platforms.base import Adapter, TokenRejected, apology
from bot.platforms.telegram import TelegramAdapter, send
from tests.fakes.telegram_server import FakeTelegram, StartAdapter, group, private, user

ALICE = user(1001, "Alice", "alice", "en")
BOB = user(1002, "Bob", "bob", "fi")
CAROL = user(1003, "Carol")  # no username: only a text mention can name her
GROUP = group()
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
GIF = b"GIF89a" + b"\x00" * 64


class ScriptedService:
    """Records every event and answers with `script(event)`."""

    def __init__(self, script: Callable[[Event], list[Reply]] | None = None) -> None:
        self.events: list[Event] = []
        self.senders: dict[str, Sender] = {}
        self.moves: list[tuple[str, str, str]] = []
        self.posted: list[BoardPosted] = []  # the boards the adapter said it posted
        self.script = script or (lambda e: [Reply(text=f"got {e.command or e.button or e.text}")])

    async def handle(self, event: Event) -> list[Reply]:
        self.events.append(event)
        return self.script(event)

    def add_sender(self, platform: str, sender: Sender, *, reads_typed: TypedReach = True) -> None:
        self.senders[platform] = sender

    async def suggest_moves(self, platform: str, channel_id: str, user_id: str) -> list[str]:
        return []

    def board_posted(self, posted: BoardPosted) -> None:
        self.posted.append(posted)

    def rule_topics(self, locale: str | None) -> list[tuple[str, str]]:
        return []

    async def move_channel(self, platform: str, old: str, new: str) -> None:
        self.moves.append((platform, old, new))


async def test_start_registers_menus_in_english_and_finnish(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    service = ScriptedService()
    adapter = await start_adapter(service)
    menus = fake.since(0, "setMyCommands")
    assert len(menus) == 2
    english, finnish = menus
    assert "language_code" not in english.params and finnish.params["language_code"] == "fi"
    assert [c["command"] for c in english.params["commands"]] == [c.name for c in COMMANDS]
    assert english.params["commands"][0]["description"] == "Challenge a player (or anyone) to a game"
    assert finnish.params["commands"][0]["description"] == "Haasta pelaaja (tai kuka tahansa) peliin"
    assert [c.method for c in fake.calls[:1]] == ["getMe"]
    assert fake.since(0, "deleteWebhook")  # polling makes sure no webhook is set
    assert "telegram" in service.senders
    assert adapter.application.bot.username == "tammi_bot"


async def test_commands_with_and_without_bot_suffix(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    service = ScriptedService()
    await start_adapter(service)
    fake.send_text(GROUP, ALICE, "/move@tammi_bot 9-13")
    fake.send_text(GROUP, ALICE, "/move@other_bot 9-13")  # for another bot: ignored
    fake.send_text(GROUP, ALICE, "/haasta@other_bot @bob")  # ignored too
    fake.send_text(GROUP, ALICE, "/haasta @bob")  # not in the menu: the service reads it as text
    fake.send_text(GROUP, ALICE, "/haasta@Tammi_Bot @bob")
    fake.send_text(GROUP, BOB, "/board")
    fake.send_text(GROUP, BOB, "/START@tammi_bot")  # Telegram's /start is help
    await fake.wait_for("sendMessage", count=5)
    first, alias, named_alias, second, start = service.events  # the chat's events come in order
    assert (first.command, first.args, first.addressed) == ("move", ("9-13",), True)
    assert (first.channel_id, first.user.user_id, first.user.name) == (str(GROUP["id"]), "1001", "Alice")
    assert not first.is_private_chat and first.locale == "en"
    assert (alias.command, alias.text, alias.addressed) == (None, "/haasta @bob", False)
    assert (named_alias.command, named_alias.text, named_alias.addressed) == (
        None, "/haasta@Tammi_Bot @bob", True)
    assert (second.command, second.args, second.addressed, second.locale) == ("board", (), False, "fi")
    assert (start.command, start.args, start.addressed) == ("help", (), True)
    texts = [c.words for c in fake.since(0, "sendMessage")]
    assert texts == ["got move", "got /haasta @bob", "got /haasta@Tammi_Bot @bob", "got board", "got help"]
    assert all(c.chat_id == GROUP["id"] for c in fake.since(0, "sendMessage"))


async def test_plain_messages_and_addressing(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    service = ScriptedService()
    await start_adapter(service)
    fake.send_text(GROUP, ALICE, "11-15")
    first = await fake.wait_for("sendMessage")
    fake.send_text(GROUP, BOB, "22-18", reply_to=first.result)
    fake.send_text(GROUP, BOB, "@tammi_bot 9-14")
    fake.send_text(private(ALICE), ALICE, "hello")
    fake.send_text(private(ALICE), ALICE, "/start")
    await fake.wait_for("sendMessage", count=5)
    in_group = [e for e in service.events if not e.is_private_chat]  # chats run concurrently
    plain, reply, mention = in_group
    dm, start = [e for e in service.events if e.is_private_chat]
    assert (plain.command, plain.text, plain.addressed) == (None, "11-15", False)
    assert (reply.text, reply.addressed) == ("22-18", True)
    assert (mention.text, mention.addressed) == ("9-14", True)
    assert (dm.text, dm.addressed, dm.is_private_chat, dm.channel_id) == ("hello", True, True, "1001")
    assert start.command == "help"


async def test_mentions_resolve_usernames_seen_and_text_mentions(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    service = ScriptedService()
    await start_adapter(service)
    fake.send_text(GROUP, BOB, "hi all")  # now @bob is known
    text = "/challenge @bob Carol international"
    carol = {"type": "text_mention", "offset": text.index("Carol"), "length": 5, "user": CAROL}
    fake.send_text(GROUP, ALICE, text, entities=[carol])
    fake.send_text(GROUP, ALICE, "/challenge @nobody")
    hello = fake.send_text(GROUP, CAROL, "anyone for a game?")
    fake.send_text(GROUP, ALICE, "/challenge", reply_to=hello)
    await fake.wait_for("sendMessage", count=5)
    _, both, unknown, _, by_reply = service.events
    assert [p.user_id for p in both.mentions] == ["1002", "1003"]
    assert both.args == ("international",)
    assert (unknown.mentions, unknown.args) == ((), ("@nobody",))
    assert [p.name for p in by_reply.mentions] == ["Carol"]


async def test_buttons_carry_ids_and_presses_are_answered(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    def script(event: Event) -> list[Reply]:
        if event.command == "challenge":
            return [Reply(text="Alice challenges Bob", kind="challenge",
                          buttons=(Button("acc:7", "Accept", "success"),
                                   Button("dec:7", "Decline", "danger")))]
        if event.user.user_id == "1003":
            return [Reply(text="This challenge is not for you.", private=True, kind="error")]
        return [Reply(text="Bob accepted.")]

    service = ScriptedService(script)
    await start_adapter(service)
    fake.send_text(GROUP, ALICE, "/challenge")
    sent = await fake.wait_for("sendMessage")
    assert sent.buttons == [("Accept", "acc:7"), ("Decline", "dec:7")]
    challenge = sent.result
    wrong = fake.press(CAROL, challenge, "acc:7")
    right = fake.press(BOB, challenge, "acc:7")
    answers = [await fake.wait_for("answerCallbackQuery", count=n) for n in (1, 2)]
    await fake.wait_for("sendMessage", count=2)
    assert answers[0].params == {"callback_query_id": wrong, "text": "This challenge is not for you.",
                                 "show_alert": True}
    assert answers[1].params == {"callback_query_id": right}
    assert [c.words for c in fake.since(0, "sendMessage")] == ["Alice challenges Bob", "Bob accepted."]
    press = service.events[2]
    assert (press.button, press.user.user_id, press.channel_id, press.addressed) == (
        "acc:7", "1002", str(GROUP["id"]), True)


async def test_a_press_without_its_message_is_still_answered(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    service = ScriptedService()
    await start_adapter(service)
    # A button under an inline message (or one too old to be sent along) comes without `message`.
    fake.push({"callback_query": {"id": "77", "from": ALICE, "chat_instance": "ci", "data": "acc:7",
                                  "inline_message_id": "in1"}})
    fake.send_text(GROUP, ALICE, "/board")
    answered = await fake.wait_for("answerCallbackQuery")
    assert answered.params == {"callback_query_id": "77"}
    await fake.wait_for("sendMessage")
    assert [e.command for e in service.events] == ["board"]  # no chat to answer in: not an event


async def test_photo_and_animation_uploads_with_captions(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    long_text = "Moves:\n" + "\n".join(f"{n}. 11-15 23-19" for n in range(1, 120))

    def script(event: Event) -> list[Reply]:
        if event.command == "board":
            return [Reply(text="Alice (Red) vs Bob (White)\nBob to move\nLast move: 9-13", kind="board",
                          attachment=Attachment(PNG, "board.png"), buttons=(Button("res:3", "Resign"),),
                          mentions=(event.user,))]
        return [Reply(text=long_text, title="Alice vs Bob", fields=(("Result", "1-0"),),
                      attachment=Attachment(GIF, "game.gif"), buttons=(Button("brd:3", "Board"),))]

    await start_adapter(ScriptedService(script))
    fake.send_text(GROUP, BOB, "/board")
    fake.send_text(GROUP, ALICE, "/gif")
    photo = await fake.wait_for("sendPhoto")
    assert photo.files["photo"] == ("board.png", PNG)
    assert photo.words.startswith("Alice (Red) vs Bob (White)")
    assert photo.buttons == [("Resign", "res:3")]
    ping = photo.params["caption_entities"][0]
    assert (ping["type"], ping["user"]["id"], ping["offset"], ping["length"]) == ("text_mention", 1002, 15, 3)
    animation = await fake.wait_for("sendAnimation")
    assert animation.files["animation"] == ("game.gif", GIF)
    assert animation.words == "Alice vs Bob\nResult: 1-0"  # the text is too long for a caption...
    assert animation.buttons == []
    follow = await fake.wait_for("sendMessage")  # ...so it follows, with the buttons under it
    assert follow.words == long_text and follow.buttons == [("Board", "brd:3")]


async def test_a_refused_picture_still_delivers_the_text(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    reply = Reply(text="Bob to move", attachment=Attachment(PNG, "board.png"),
                  buttons=(Button("brd:1", "Board"),))
    await start_adapter(ScriptedService(lambda e: [reply]))
    fake.refuse("sendPhoto")
    fake.send_text(GROUP, BOB, "/board")
    text = await fake.wait_for("sendMessage")
    assert text.words == "Bob to move" and text.buttons == [("Board", "brd:1")]
    assert len(fake.since(0, "sendPhoto")) == 1


async def test_a_bad_gateway_is_retried_then_the_text_goes_alone(
    fake: FakeTelegram, start_adapter: StartAdapter, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(send, "RETRY_DELAYS", (0.01, 0.01, 0.01), raising=False)
    board = Reply(text="Alice played 11-15", attachment=Attachment(PNG, "board.png"),
                  buttons=(Button("mov:1", "Move"),))
    await start_adapter(ScriptedService(lambda event: [board]))
    # One 502 on sendPhoto: tried again, and the board arrives as a picture.
    fake.break_down("sendPhoto")
    fake.send_text(GROUP, ALICE, "11-15")
    photo = await fake.wait_for("sendPhoto", where=lambda c: c.result.get("ok", True) is not False)
    assert photo.words == "Alice played 11-15" and photo.buttons == [("Move", "mov:1")]
    assert [c.result.get("error_code") for c in fake.since(0, "sendPhoto")] == [502, None]
    # Telegram keeps failing: after the bounded tries, the text goes alone, with its buttons.
    mark = fake.mark()
    fake.break_down("sendPhoto", times=10)
    fake.break_down("sendMessage")  # and the text's first try fails too
    fake.send_text(GROUP, ALICE, "11-15")
    text = await fake.wait_for("sendMessage", after=mark,
                               where=lambda c: c.result.get("ok", True) is not False)
    assert text.words == "Alice played 11-15" and text.buttons == [("Move", "mov:1")]
    assert len(fake.since(mark, "sendPhoto")) == len(send.RETRY_DELAYS) + 1
    assert len(fake.since(mark, "sendMessage")) == 2


async def test_private_refusal_quotes_the_user_and_long_text_is_split(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    def script(event: Event) -> list[Reply]:
        if event.text == "pdn":
            return [Reply(text="\n".join(["x" * 99] * 60))]
        return [Reply(text="9-14 is not a legal move.", private=True, kind="error")]

    await start_adapter(ScriptedService(script))
    mine = fake.send_text(GROUP, ALICE, "9-14")
    refusal = await fake.wait_for("sendMessage")
    assert refusal.params["reply_parameters"]["message_id"] == mine["message_id"]
    fake.send_text(GROUP, ALICE, "pdn")
    await fake.wait_for("sendMessage", count=3)
    pieces = [c.words for c in fake.since(0, "sendMessage")[1:]]
    assert [len(p) for p in pieces] == [40 * 100 - 1, 20 * 100 - 1]
    assert all("reply_parameters" not in c.params for c in fake.since(0, "sendMessage")[1:])


async def test_code_spans_and_forum_topics(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    await start_adapter(ScriptedService(lambda e: [Reply(text="Alice, type `accept` to play 🙂 `now`",
                                                         mentions=(e.user,))]))
    fake.send_text(GROUP, ALICE, "/help", message_thread_id=7, is_topic_message=True)
    sent = await fake.wait_for("sendMessage")
    assert sent.words == "Alice, type accept to play 🙂 now"
    assert sent.params["message_thread_id"] == "7"
    assert [(e["type"], e["offset"], e["length"]) for e in sent.params["entities"]] == [
        ("text_mention", 0, 5), ("code", 12, 6), ("code", 30, 3)]  # 🙂 is two UTF-16 units


async def test_pdn_is_a_monospace_block_or_a_document(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    short = "PDN of game #7:\n```\n[Result \"1-0\"]\n\n1. 11-15 23-19 1-0\n```"
    moves = "\n".join(f"{n}. 11-15 23-19 8-11 22-17" for n in range(1, 200))
    long = f"PDN of game #7:\n```\n{moves}\n```"
    texts = iter([short, long])
    await start_adapter(ScriptedService(lambda event: [Reply(text=next(texts), kind="pdn", game_id=7,
                                                             buttons=(Button("gif:7", "GIF"),))]))
    fake.send_text(GROUP, ALICE, "/pdn")
    block = await fake.wait_for("sendMessage")
    code = '[Result "1-0"]\n\n1. 11-15 23-19 1-0'
    assert block.words == f"PDN of game #7:\n{code}" and "```" not in block.words
    assert block.params["entities"] == [{"type": "pre", "offset": 16, "length": len(code)}]
    fake.send_text(GROUP, ALICE, "/pdn")
    document = await fake.wait_for("sendDocument")
    assert document.files["document"] == ("game-7.pdn", moves.encode())
    assert document.words == "PDN of game #7:" and document.buttons == [("GIF", "gif:7")]
    assert len(long) > 4096 and len(fake.since(0, "sendMessage")) == 1


async def test_chats_run_concurrently_and_each_chat_in_order(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    release = asyncio.Event()

    class SlowInGroup(ScriptedService):
        async def handle(self, event: Event) -> list[Reply]:
            if not event.is_private_chat and event.text == "slow":
                await release.wait()
            return await super().handle(event)

    service = SlowInGroup()
    await start_adapter(service)
    fake.send_text(GROUP, ALICE, "slow")
    fake.send_text(GROUP, ALICE, "after slow")
    fake.send_text(private(BOB), BOB, "meanwhile")
    dm = await fake.wait_for("sendMessage")
    assert dm.words == "got meanwhile"  # the private chat did not wait for the group
    release.set()
    await fake.wait_for("sendMessage", count=3)
    assert [c.words for c in fake.since(0, "sendMessage")] == ["got meanwhile", "got slow", "got after slow"]


async def test_flood_limit_is_retried_without_losing_the_reply(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    await start_adapter(ScriptedService())
    fake.flood("sendMessage", retry_after=1)
    fake.send_text(GROUP, ALICE, "/help")
    delivered = await fake.wait_for("sendMessage", count=2)
    assert delivered.words == "got help"
    assert [c.words for c in fake.since(0, "sendMessage")] == ["got help", "got help"]


async def test_notices_are_posted_and_service_failures_answered(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    def script(event: Event) -> list[Reply]:
        raise RuntimeError("boom")

    service = ScriptedService(script)
    await start_adapter(service)
    board = fake.send_text(GROUP, BOB, "/board")  # also makes the fake know the group
    failure = await fake.wait_for("sendMessage")
    assert failure.words == apology("fi").text  # the one apology, in Bob's language
    assert failure.params["reply_parameters"]["message_id"] == board["message_id"]
    await service.senders["telegram"](Notice("telegram", str(GROUP["id"]), Reply(text="Bot plays 11-15")))
    notice = await fake.wait_for("sendMessage", count=2)
    assert (notice.chat_id, notice.words) == (GROUP["id"], "Bot plays 11-15")


async def test_a_notice_sent_while_starting_waits_for_the_bot(fake: FakeTelegram) -> None:
    service = ScriptedService()
    adapter = TelegramAdapter(service, TelegramConfig(
        token=fake.token, base_url=fake.base_url, base_file_url=fake.base_file_url), poll_timeout=1)
    fake.send_text(GROUP, ALICE, "hello")  # the fake now knows the group
    async def notify() -> None:
        await service.senders["telegram"](Notice("telegram", str(GROUP["id"]), Reply("The bot played 11-15")))

    early = asyncio.create_task(notify())
    try:
        await adapter.start()
        await early
        sent = await fake.wait_for("sendMessage", where=lambda c: "11-15" in c.words)
        assert sent.chat_id == GROUP["id"]
        # It waited: the notice went out after the start-up calls, not before getMe or the menus.
        methods = [c.method for c in fake.calls]
        assert methods.index("sendMessage") > max(i for i, m in enumerate(methods) if m == "setMyCommands")
        await fake.wait_for("sendMessage", where=lambda c: c.words == "got hello")  # then stop calmly
    finally:
        await adapter.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_webhook_mode(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    service = ScriptedService()
    port = free_port()
    await start_adapter(service, webhook_url="https://tammi.example/telegram/hook", listen="127.0.0.1",
                        port=port, secret_token="s3cret")
    assert fake.webhook is not None
    assert fake.webhook["url"] == "https://tammi.example/telegram/hook"
    assert fake.webhook["secret_token"] == "s3cret"
    assert not fake.since(0, "getUpdates")
    fake.send_text(GROUP, ALICE, "warm-up")  # registers the chat with the fake; never polled
    update = {"update_id": 5, "message": fake.messages[(GROUP["id"], 1)] | {"text": "/board"} | {
        "entities": [{"type": "bot_command", "offset": 0, "length": 6}]}}
    async with aiohttp.ClientSession() as session:
        url = f"http://127.0.0.1:{port}/telegram/hook"
        async with session.post(url, json=update) as refused:
            assert refused.status == 403  # no secret token
        secret = {"X-Telegram-Bot-Api-Secret-Token": "s3cret"}
        async with session.post(url, json=update, headers=secret) as ok:
            assert ok.status == 200
    sent = await fake.wait_for("sendMessage")
    assert sent.words == "got board"
    assert [e.command for e in service.events] == ["board"]


@pytest.mark.parametrize("token", [None, ""])
def test_a_token_is_required(token: str | None) -> None:
    with pytest.raises(ValueError, match="TELEGRAM_TOKEN"):
        TelegramAdapter(ScriptedService(), TelegramConfig(token=token))


async def test_a_wrong_token_fails_start_cleanly(fake: FakeTelegram) -> None:
    adapter = TelegramAdapter(ScriptedService(), TelegramConfig(
        token="1:WRONG", base_url=fake.base_url, base_file_url=fake.base_file_url))
    with pytest.raises(TokenRejected, match=r"^Telegram refused the bot token \(TELEGRAM_TOKEN"):
        await adapter.start()
    await adapter.close()  # harmless after a failed start
    assert fake.calls == []  # the fake answered 401 Unauthorized to getMe; nothing else was tried


async def test_private_reply_with_buttons_to_a_press_names_the_presser(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    def script(event: Event) -> list[Reply]:
        if event.button:
            return [Reply(text="Resign game #3?", private=True, kind="confirm",
                          buttons=(Button("rsc:3", "Yes, resign", "danger"),))]
        return [Reply(text="board", buttons=(Button("res:3", "Resign"),))]

    service = ScriptedService(script)
    await start_adapter(service)
    fake.send_text(GROUP, BOB, "/board")
    board = await fake.wait_for("sendMessage")
    fake.press(BOB, board.result, "res:3")
    confirm = await fake.wait_for("sendMessage", count=2)
    assert (await fake.wait_for("answerCallbackQuery")).params.get("text") is None
    assert confirm.words == "Bob: Resign game #3?"
    assert confirm.buttons == [("Yes, resign", "rsc:3~1002")]  # only Bob may press it
    assert confirm.params["entities"][0]["user"]["id"] == BOB["id"]
    fake.press(ALICE, confirm.result, "rsc:3~1002")
    refused = await fake.wait_for("answerCallbackQuery", count=2)
    assert refused.params["text"] == "This button is for someone else."
    fake.press(BOB, confirm.result, "rsc:3~1002")
    await fake.wait_for("answerCallbackQuery", count=3)
    await fake.wait_for("sendMessage", count=3)
    assert [e.button for e in service.events if e.button] == ["res:3", "rsc:3"]  # Alice's never arrived


async def test_close_is_quick_while_long_polling(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    adapter = await start_adapter(ScriptedService())
    poll = await fake.wait_for("getUpdates", answered=False)  # a long poll (2 s) is in flight
    await adapter.close()
    assert not poll.answered  # close did not wait for the fake to answer the poll


async def test_a_group_that_became_a_supergroup_gets_its_notices(
    fake: FakeTelegram, start_adapter: StartAdapter
) -> None:
    service = ScriptedService()
    adapter: Adapter = await start_adapter(service)
    assert adapter.name == "telegram"
    old = {"id": -4321, "type": "group", "title": "Draughts club"}
    fake.send_text(old, ALICE, "hello")
    await fake.wait_for("sendMessage")
    new = group(-1009876)
    fake.migrate(old, new)
    mark = fake.mark()
    await service.senders["telegram"](Notice("telegram", str(old["id"]), Reply(text="Bob resigned.")))
    refused, moved = fake.since(mark, "sendMessage")
    assert refused.chat_id == old["id"] and refused.result["ok"] is False
    assert (moved.chat_id, moved.words) == (new["id"], "Bob resigned.")
    # The service moves the group's games to the new id, once.
    await service.senders["telegram"](Notice("telegram", str(old["id"]), Reply(text="Alice to move.")))
    assert service.moves == [("telegram", str(old["id"]), str(new["id"]))]


async def test_the_token_stays_out_of_the_logs(
    fake: FakeTelegram, start_adapter: StartAdapter, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    adapter = await start_adapter(ScriptedService())
    fake.send_text(GROUP, ALICE, "/help")
    await fake.wait_for("sendMessage")
    await adapter.close()
    requests = [r.getMessage() for r in caplog.records if r.name == "httpx"]
    assert any("/bot<token>/sendMessage" in line for line in requests)  # httpx logs each request URL
    assert not any(fake.token in r.getMessage() for r in caplog.records)
