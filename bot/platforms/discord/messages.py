"""How a service `Reply` looks on Discord: text, an embed with the picture, and buttons.

Nothing here sends anything; `message_parts` builds the keyword arguments for discord.py's send calls.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import discord

from bot.chat.events import Person, Reply
from bot.platforms.base import code_block, document_name
from bot.platforms.discord.buttons import button_item, shorten
from bot.platforms.discord.menus import add_menus

CONTENT_LIMIT = 2000
DESCRIPTION_LIMIT = 4096
TITLE_LIMIT = 256
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
MAX_FIELDS = 25
MAX_BUTTONS = 25
BUTTONS_PER_ROW = 5
DESCRIPTION_LIMIT_FILE = 1024  # an attachment's description (its alt text)

_COLOURS = {"error": 0xC0392B, "board": 0x8E5A2B, "challenge": 0x2E86C1, "draw_offer": 0x7F8C8D}


def pings(people: tuple[Person, ...], own_id: int | None) -> str:
    """Discord mentions for the users a reply concerns (only real Discord ids; never the bot itself).

    >>> pings((Person("12", "Ann"), Person("bot", "Tammi"), Person("7", "Tammi")), own_id=7)
    '<@12>'
    """
    ids = [p.user_id for p in people if p.user_id.isdigit() and int(p.user_id) != own_id]
    return " ".join(f"<@{user_id}>" for user_id in dict.fromkeys(ids))


def uses_embed(reply: Reply) -> bool:
    """A reply with a title, fields or a picture is shown as an embed."""
    return bool(reply.title or reply.fields or reply.attachment)


@dataclass
class MessageParts:
    """What one reply becomes: the arguments of `send` / `send_message` / `followup.send`."""

    content: str | None
    embed: discord.Embed | None
    file: discord.File | None
    view: discord.ui.View | None


def split_text(text: str, limit: int = CONTENT_LIMIT) -> list[str]:
    """`text` in pieces of at most `limit` characters, cut between lines; a code block cut in two is
    closed at the end of one piece and opened again at the start of the next.

    >>> split_text("abcdefgh\\nijklmnop\\nqrstuvwx", 24)
    ['abcdefgh\\nijklmnop', 'qrstuvwx']
    >>> split_text("x\\n```\\n1. 9-13\\n2. 22-18\\n```", 24)
    ['x\\n```\\n1. 9-13\\n```', '```\\n2. 22-18\\n```']
    """
    if len(text) <= limit:
        return [text]
    room = limit - 4  # always leave room to close a code block
    width = max(room - 4, 8)  # longer lines are cut (room for a reopened code block before them)
    lines: list[str] = []
    for line in text.split("\n"):
        while len(line) > width:
            lines.append(line[:width])
            line = line[width:]
        lines.append(line)
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    in_code = False
    for line in lines:
        if current and size + len(line) + 1 > room:
            pieces.append("\n".join(current) + ("\n```" if in_code else ""))
            current = ["```"] if in_code else []
            size = 4 if in_code else 0
        current.append(line)
        size += len(line) + 1
        if line.strip().startswith("```"):
            in_code = not in_code
    if current:
        pieces.append("\n".join(current))
    return pieces


def message_parts(reply: Reply, own_id: int | None) -> list[MessageParts]:
    """The Discord messages for `reply`: usually one; a long text is sent in several, and the picture
    and buttons come with the last (call inside the event loop: views need one)."""
    ping = "" if reply.private else pings(reply.mentions, own_id)
    embed = None
    earlier: list[MessageParts] = []
    if uses_embed(reply):
        content = ping or None
        embed = discord.Embed(description=shorten(reply.text, DESCRIPTION_LIMIT) or None,
                              colour=_COLOURS.get(reply.kind))
        if reply.title:
            embed.title = shorten(reply.title, TITLE_LIMIT)
        for name, value in reply.fields[:MAX_FIELDS]:
            embed.add_field(name=shorten(name, FIELD_NAME_LIMIT) or "-",
                            value=shorten(value, FIELD_VALUE_LIMIT) or "-")
        if reply.attachment is not None:
            embed.set_image(url=f"attachment://{reply.attachment.filename}")
    elif (document := as_document(reply, ping)) is not None:
        content, data, name = document
        return [MessageParts(content=content or None, embed=None,
                             file=discord.File(io.BytesIO(data), filename=name),
                             view=reply_view(reply))]
    else:
        *texts, last = split_text(f"{ping}\n{reply.text}" if ping else reply.text)
        earlier = [MessageParts(content=text, embed=None, file=None, view=None) for text in texts]
        content = last or None
    file = None
    if reply.attachment is not None:
        file = discord.File(io.BytesIO(reply.attachment.data), filename=reply.attachment.filename,
                            description=shorten(reply.alt_text or reply.text, DESCRIPTION_LIMIT_FILE) or None)
    return [*earlier, MessageParts(content=content, embed=embed, file=file,
                                   view=reply_view(reply))]


def as_document(reply: Reply, ping: str = "") -> tuple[str, bytes, str] | None:
    """A long PDN (a heading and a code block over Discord's 2,000 characters) as a file: the message
    text, the file's bytes and its name; None for any other reply.

    >>> as_document(Reply("PDN of game #7:\\n```\\n" + "1. 11-15 23-19\\n" * 200 + "```", kind="pdn",
    ...                   game_id=7))[::2]
    ('PDN of game #7:', 'game-7.pdn')
    """
    text = f"{ping}\n{reply.text}" if ping else reply.text
    block = code_block(reply.text) if len(text) > CONTENT_LIMIT and reply.kind == "pdn" else None
    if block is None:
        return None
    heading, code = block
    content = "\n".join(part for part in (ping, heading) if part)[:CONTENT_LIMIT]
    return content, code.encode(), document_name(reply)


def reply_view(reply: Reply) -> discord.ui.View | None:
    """A component container for the reply's buttons, and under them the menus of moves of its board,
    or None without either.

    The view is stopped before it is sent, so discord.py never keeps it in memory: presses and choices
    are matched by the items' templates (`DynamicItem`), and the custom_id says everything (the state is
    in storage).
    """
    buttons = reply.buttons[:MAX_BUTTONS]
    if not buttons and (reply.picker is None or not reply.picker.moves):
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button_item(button))
    add_menus(view, reply, rows_taken=-(-len(buttons) // BUTTONS_PER_ROW))
    view.stop()
    return view
