"""Console mode: a chat in the terminal with the same game service and an on-disk database.

Each input line is one message. A line starting with `name>` is sent as that user (so one person can
play both sides, or a file can script a game); other lines come from the default user. `press acc:3`
presses a button by its id. Replies print as text, with the text board after a board reply; pictures are
saved as files whose paths are printed. Works the same from a terminal or a pipe.
"""

from __future__ import annotations

import asyncio
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from bot.chat.events import Event, Notice, Person, Reply
from bot.chat.service import GameService
from bot.platforms.base import answer

PLATFORM = "console"
CHANNEL = "console"
_SPEAKER = re.compile(r"^\s*([^\s>]{1,32})>\s?(.*)$")
_COMMENT = re.compile(r"(?:^|\s)#(?:\s.*)?$")  # "# note" after a line (as in the README), not "#12"
_QUIT = frozenset({"quit", "exit", ":q", "lopeta"})


@dataclass(frozen=True)
class Line:
    """One console line: who speaks and what (text, or a pressed button id)."""

    user: str
    text: str
    button: str | None = None


def parse_line(line: str, default_user: str) -> Line:
    """Who says what on a console line.

    >>> parse_line("bob> 9-13", "you")
    Line(user='bob', text='9-13', button=None)
    >>> parse_line("press acc:1", "you")
    Line(user='you', text='', button='acc:1')
    >>> parse_line("bob> 11-15   # Red moves first", "you"), parse_line("pdn #12", "you").text
    (Line(user='bob', text='11-15', button=None), 'pdn #12')
    """
    line = _COMMENT.sub("", line)
    user = default_user
    match = _SPEAKER.match(line)
    if match:
        user, line = match.group(1), match.group(2)
    words = line.split()
    if len(words) == 2 and words[0].casefold() in ("press", "paina"):
        return Line(user, "", words[1])
    return Line(user, line.strip())


class Console:
    """Prints replies and notices, saving pictures to `pictures_dir`."""

    def __init__(self, service: GameService, out: TextIO, pictures_dir: Path | None,
                 locale: str | None = None) -> None:
        self.service = service
        self.locale = locale
        self.out = out
        self.pictures_dir = pictures_dir
        self._count = 0

    async def show(self, reply: Reply, *, to: str | None = None) -> None:
        prefix = f"(to {to}) " if reply.private and to else ""
        self.out.write(prefix + reply.text + "\n")
        if reply.game_id is not None and reply.kind == "board":
            board = await self.service.text_board(reply.game_id, locale=self.locale)
            if board:
                self.out.write(board + "\n")
        if reply.attachment is not None and self.pictures_dir is not None:
            self._count += 1
            self.pictures_dir.mkdir(parents=True, exist_ok=True)
            name = f"{self._count:04d}-{reply.attachment.filename}"
            path = self.pictures_dir / name
            await asyncio.to_thread(path.write_bytes, reply.attachment.data)
            self.out.write(f"[picture: {path}]\n")
        if reply.buttons:
            listed = ", ".join(f"{b.label} = press {b.id}" for b in reply.buttons)
            self.out.write(f"[buttons: {listed}]\n")
        self.out.flush()

    async def notice(self, notice: Notice) -> None:
        await self.show(notice.reply)


async def chat(service: GameService, *, database: str, lang: str | None = None, user: str = "you",
               pictures_dir: Path | None = None, stdin: TextIO | None = None,
               stdout: TextIO | None = None) -> int:
    """Chat with the service until end of input or `quit`; returns the exit status."""
    source = stdin or sys.stdin
    out = stdout or sys.stdout
    interactive = source.isatty() and out.isatty()
    console = Console(service, out, pictures_dir, lang)
    service.add_sender(PLATFORM, console.notice)
    if interactive:
        out.write(f"Tammi console. Database: {database}. Type help, or quit to leave.\n")
        out.write("Start a line with name> to speak as someone else.\n")
    while True:
        if interactive:
            out.write(f"{user}> ")
            out.flush()
        raw = await asyncio.to_thread(source.readline)
        if not raw:
            break
        line = parse_line(raw.rstrip("\n"), user)
        if line.text.casefold() in _QUIT and line.button is None:
            break
        if not line.text and line.button is None:
            continue
        event = Event(PLATFORM, CHANNEL, Person(line.user, line.user), text=line.text, button=line.button,
                      locale=lang, addressed=True)
        for reply in await answer(service, event):
            await console.show(reply, to=line.user)
        await service.wait_idle()
    return 0
