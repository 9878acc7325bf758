"""Reply text shaped for Telegram: entities, pieces within the length limits, alerts and owned buttons.

Pure functions over `Reply` values; nothing here talks to Telegram.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from telegram import BotCommand, InlineKeyboardButton, InlineKeyboardMarkup, MessageEntity, User
from telegram.constants import CallbackQueryLimit, InlineKeyboardButtonLimit, MessageEntityType, MessageLimit

from bot.chat.commands import COMMANDS
from bot.chat.events import Button, Person, Reply
from bot.presentation import catalogue, taps
from bot.presentation.messages import Kind

TEXT_LIMIT = int(MessageLimit.MAX_TEXT_LENGTH)  # 4096
CAPTION_LIMIT = int(MessageLimit.CAPTION_LENGTH)  # 1024
ALERT_LIMIT = int(CallbackQueryLimit.ANSWER_CALLBACK_QUERY_TEXT_LENGTH)  # 200
CALLBACK_LIMIT = int(InlineKeyboardButtonLimit.MAX_CALLBACK_DATA)  # 64 bytes
BUTTONS_PER_ROW = 3
OWNER = "~"  # callback data "rsc:12~1001": only user 1001 may press it
OWNED = re.compile(rf"^(?P<data>.+){OWNER}(?P<owner>\d+)$")
"""Callback data of a button only one user may press (see `owned`)."""

_CODE = re.compile(r"```[^\n`]*\n(?P<block>.*?)\n?```|`(?P<code>[^`\n]+)`", re.S)
"""A fenced block (shown as a monospace block) or an inline `code` span."""


def utf16_len(text: str) -> int:
    """Length of `text` in UTF-16 code units, the unit of Telegram entity offsets.

    >>> utf16_len("a♛b"), utf16_len("🙂")
    (3, 2)
    """
    return len(text.encode("utf-16-le")) // 2


def formatted(text: str, people: Sequence[Person] = ()) -> tuple[str, list[MessageEntity]]:
    """Plain text and its entities: `code` spans lose their backticks and become code entities, fenced
    blocks become monospace blocks (pre), and each person is pinged (a text mention) at the first free
    occurrence of their name.

    >>> plain, entities = formatted("Bob, type `accept`", [Person("7", "Bob")])
    >>> plain, [(str(e.type), e.offset, e.length) for e in entities]
    ('Bob, type accept', [('text_mention', 0, 3), ('code', 10, 6)])
    >>> plain, entities = formatted("PDN:\\n```\\n1. 11-15 *\\n```")
    >>> plain, [(str(e.type), e.offset, e.length) for e in entities]
    ('PDN:\\n1. 11-15 *', [('pre', 5, 10)])
    """
    pieces: list[str] = []
    taken: list[tuple[int, int]] = []  # character spans already covered by an entity
    kinds: list[MessageEntityType] = []
    at = length = 0
    for match in _CODE.finditer(text):
        block = match["block"] is not None
        inner = match["block"] if block else match["code"]
        pieces.append(text[at : match.start()])
        length += len(pieces[-1])
        taken.append((length, length + len(inner)))
        kinds.append(MessageEntityType.PRE if block else MessageEntityType.CODE)
        pieces.append(inner)
        length += len(inner)
        at = match.end()
    pieces.append(text[at:])
    plain = "".join(pieces)
    entities = [MessageEntity(kind, utf16_len(plain[:start]), utf16_len(plain[start:end]))
                for kind, (start, end) in zip(kinds, taken, strict=True) if end > start]
    for who in people:
        if not who.user_id.isdigit() or not who.name:
            continue
        start = plain.find(who.name)
        while start >= 0 and any(a < start + len(who.name) and start < b for a, b in taken):
            start = plain.find(who.name, start + 1)
        if start < 0:
            continue
        taken.append((start, start + len(who.name)))
        user = User(id=int(who.user_id), first_name=who.name, is_bot=False)
        entities.append(MessageEntity(MessageEntityType.TEXT_MENTION, utf16_len(plain[:start]),
                                      utf16_len(who.name), user=user))
    return plain, sorted(entities, key=lambda entity: entity.offset)


def split_text(text: str, limit: int = TEXT_LIMIT) -> list[str]:
    """`text` cut into pieces of at most `limit` characters, at line breaks where possible.

    >>> split_text("aaa\\nbbb\\nccc", 7)
    ['aaa\\nbbb', 'ccc']
    """
    pieces: list[str] = []
    while len(text) > limit:
        cut = text.rfind("\n", 0, limit + 1)
        if cut <= 0:
            cut = limit
        pieces.append(text[:cut])
        text = text[cut:].lstrip("\n")
    if text:
        pieces.append(text)
    return pieces


def caption(reply: Reply) -> tuple[str, str | None]:
    """The caption for a reply's picture, and the full text to send after it when it does not fit.

    The caption is the reply's text, followed by the picture's description in words (whose move, the
    last move, the pieces) where it fits; when the text is longer than Telegram allows, it is the title
    and the fields (players, turn, last move, result), and the text follows as a message of its own.

    >>> caption(Reply("x" * 2000, title="Alice vs Bob", fields=(("Result", "1-0"),)))[0]
    'Alice vs Bob\\nResult: 1-0'
    >>> caption(Reply("Bob played 11-15.", alt_text="Board of game #1: White to move."))[0]
    'Bob played 11-15.\\n\\nBoard of game #1: White to move.'
    """
    described = f"{reply.text}\n\n{reply.alt_text}" if reply.alt_text else reply.text
    if len(described) <= CAPTION_LIMIT:
        return described, None
    if len(reply.text) <= CAPTION_LIMIT:
        return reply.text, None
    lines = [reply.title] if reply.title else []
    lines += [f"{name}: {value}" for name, value in reply.fields]
    summary = "\n".join(lines)
    if not summary or len(summary) > CAPTION_LIMIT:
        summary = reply.text[: CAPTION_LIMIT - 1] + "…"
    return summary, reply.text


def alert_text(replies: Sequence[Reply]) -> tuple[str, list[Reply]]:
    """The alert to answer a button press with, and the replies it shows: the private replies that are
    text only (no picture, no buttons), all of them when they fit in one alert, else the first that fits.

    >>> alert_text([Reply("Not your turn.", private=True), Reply("Board", buttons=())])[0]
    'Not your turn.'
    """
    plain = [r for r in replies if r.private and r.attachment is None and not r.buttons and r.text]
    joined = "\n\n".join(r.text for r in plain)
    if plain and len(joined) <= ALERT_LIMIT:
        return joined, plain
    for reply in plain:
        if len(reply.text) <= ALERT_LIMIT:
            return reply.text, [reply]
    return "", []


def addressed_to(who: Person, reply: Reply) -> Reply:
    """A private reply to a button press that must go to the whole chat, headed with (and pinging)
    the name of the user it is for.

    >>> addressed_to(Person("7", "Bob"), Reply("Resign game #1?", private=True)).text
    'Bob: Resign game #1?'
    """
    return replace(reply, text=f"{who.name}: {reply.text}", mentions=(who, *reply.mentions))


def owned(reply: Reply, user_id: str) -> Reply:
    """A private reply whose buttons only `user_id` may press (it is shown to the whole chat).

    >>> owned(Reply("Resign game #1?", buttons=(Button("rsc:1", "Yes"),)), "1001").buttons[0].id
    'rsc:1~1001'
    """
    buttons: list[Button] = []
    for button in reply.buttons:
        data = f"{button.id}{OWNER}{user_id}"
        fits = len(data.encode()) <= CALLBACK_LIMIT
        buttons.append(replace(button, id=data) if fits else button)
    return replace(reply, buttons=tuple(buttons))


def keyboard(reply: Reply) -> InlineKeyboardMarkup | None:
    """The inline keyboard for a reply's buttons, `BUTTONS_PER_ROW` to a row (a move picker's as
    `taps.rows` lays them out); None without buttons.

    >>> keyboard(Reply("?", buttons=(Button("acc:7", "Accept"),))).inline_keyboard[0][0].callback_data
    'acc:7'
    """
    if not reply.buttons:
        return None
    buttons = list(reply.buttons)
    if reply.kind is Kind.MOVE_KEYS:
        rows = taps.rows(buttons)
    else:
        rows = [buttons[i : i + BUTTONS_PER_ROW] for i in range(0, len(buttons), BUTTONS_PER_ROW)]
    return InlineKeyboardMarkup([[InlineKeyboardButton(button.label, callback_data=button.id)
                                  for button in row] for row in rows])


def menu(language: str) -> list[BotCommand]:
    """The command menu in `language` ("en" or "fi"), from `bot.chat.commands.COMMANDS`.

    >>> menu("fi")[0].description
    'Haasta pelaaja (tai kuka tahansa) peliin'
    """
    return [BotCommand(spec.name, catalogue.say(language, f"cmd-{spec.name}")) for spec in COMMANDS]
