"""Console mode: a chat in the terminal with the same game service and an on-disk database.

Each input line is one message. A line starting with `name>` is sent as that user (so one person can
play both sides, or a file can script a game); other lines come from the default user. `press acc:3`
presses a button by its id. Replies print as plain text (no markdown), with the text board after a board
reply; pictures are saved as files whose paths are printed. At a terminal lines are edited and recalled
with readline and the prompt stays usable while the bot thinks or reviews (`console_input`); a pipe is
answered line by line, each after the bot's answers to the one before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import signal
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from bot.chat.events import Event, Notice, Person, Reply
from bot.chat.service import GameService
from bot.config import parse_database
from bot.platforms.base import answer
from bot.platforms.console_input import Lines, PipeLines, Screen, TerminalLines, is_terminal
from bot.presentation import catalogue

log = logging.getLogger(__name__)

PLATFORM = "console"
CHANNEL = "console"
_SPEAKER = re.compile(r"^\s*([^\s>]{1,32})>\s?(.*)$")
_COMMENT = re.compile(r"(?:^|\s)#(?:\s.*)?$")  # "# note" after a line (as in the README), not "#12"
_QUIT = frozenset({"quit", "exit", ":q", "lopeta"})
HISTORY = "console-history"


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
    """Prints replies and notices as plain text, saving pictures to `pictures_dir`; the words it adds
    itself (pictures, buttons) are in `lang`."""

    def __init__(self, screen: Screen, pictures_dir: Path | None, lang: str) -> None:
        self.screen = screen
        self.pictures_dir = pictures_dir
        self.lang = lang
        self._order = asyncio.Lock()  # each reply printed whole, in the order they came
        self._held: list[Notice] | None = None  # notices that came while a line was being answered

    async def answer(self, service: GameService, event: Event, user: str) -> None:
        """Print the replies to a line, then the notices that came while they were made: the bot may
        have answered a move before the reply to the move itself was ready, and must not print first."""
        self._held = []
        try:
            replies = await answer(service, event)
        finally:
            held, self._held = self._held, None
        for reply in replies:
            await self.show(reply, to=user)
        for notice in held:
            await self._print(notice)

    async def show(self, reply: Reply, *, to: str | None = None) -> None:
        """Print `reply` as it was made: its text, its board and its picture are those of the position
        it was made for (a game that moved on since is never read again)."""
        async with self._order:
            prefix = self.say("console-private", name=to) + " " if reply.private and to else ""
            parts = [prefix + plain(reply.text)]
            if reply.board_text:
                parts.append(reply.board_text)
            if reply.attachment is not None and self.pictures_dir is not None:
                parts.append(await self._save(reply))
            if reply.buttons:
                listed = ", ".join(self.say("console-button", label=button.label, id=button.id)
                                   for button in reply.buttons)
                parts.append(self.say("console-buttons", buttons=listed))
            self.screen.write("\n".join(parts) + "\n")

    async def notice(self, notice: Notice) -> None:
        if self._held is not None:
            self._held.append(notice)
            return
        await self._print(notice)

    async def _print(self, notice: Notice) -> None:
        """A notice; one for a person alone (a turn ping) says whom it is for."""
        if notice.to_user is None:
            await self.show(notice.reply)
        else:
            await self.show(replace(notice.reply, private=True), to=notice.to_user)

    def say(self, key: str, **values: object) -> str:
        """A console text in the console's language."""
        return catalogue.say(self.lang, key, **values)

    async def _save(self, reply: Reply) -> str:
        """Save the reply's picture under a name no other run uses (game id and the reply's ply); the line
        that says where. A folder that takes no file (full disk, no permission) costs only the picture:
        the game was saved before."""
        assert reply.attachment is not None and self.pictures_dir is not None
        stem = "picture"
        if reply.game_id is not None:
            stem = f"game{reply.game_id}" + (f"-ply{reply.ply}" if reply.ply is not None else "")
        try:
            path = await asyncio.to_thread(_write_new, self.pictures_dir, stem, reply.attachment.filename,
                                           reply.attachment.data)
        except OSError as error:
            log.warning("a picture was not saved in %s: %s", self.pictures_dir, error)
            return self.say("console-picture-failed", error=error.strerror or str(error))
        return self.say("console-picture", path=str(path))


_MARKUP = re.compile(r"```[^\n`]*\n(?P<block>.*?)\n?```|`(?P<code>[^`\n]+)`", re.S)
_BOLD = re.compile(r"\*\*(?=\S)(?P<text>.+?)(?<=\S)\*\*")


def plain(text: str) -> str:
    """A reply's text for a terminal: code fences, `code` backticks and **bold** marks taken out (a
    lone `*`, as in a PDN result, stays).

    >>> plain("PDN of game #7:\\n```\\n1. 11-15 *\\n```")
    'PDN of game #7:\\n1. 11-15 *'
    >>> plain("Type `games 2` for **more**, or `**`.")
    'Type games 2 for more, or **.'
    """
    pieces: list[str] = []
    at = 0
    for match in _MARKUP.finditer(text):
        pieces.append(_BOLD.sub(r"\g<text>", text[at:match.start()]))
        pieces.append(match["block"] if match["block"] is not None else match["code"])
        at = match.end()
    pieces.append(_BOLD.sub(r"\g<text>", text[at:]))
    return "".join(pieces)


def _write_new(folder: Path, stem: str, filename: str, data: bytes) -> Path:
    """Write `data` to a new file `<stem>-<filename>` in `folder` (with -2, -3... if taken); never
    overwrites. The file is removed again if writing fails."""
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(1, 10_000):
        suffix = "" if number == 1 else f"-{number}"
        path = folder / f"{stem}{suffix}-{filename}"
        try:
            with path.open("xb") as file:
                try:
                    file.write(data)
                    file.flush()
                except OSError:
                    file.close()
                    path.unlink(missing_ok=True)
                    raise
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"no free picture name for {stem} in {folder}")


async def _until(stop: asyncio.Event, work: asyncio.Future[Any]) -> bool:
    """Wait for `work` unless `stop` is set first (then `work` is cancelled); True if stopped. A Ctrl-C
    that comes together with the work's end (the last line, say) still stops."""
    stopping: asyncio.Future[Any] = asyncio.ensure_future(stop.wait())
    waiting: set[asyncio.Future[Any]] = {work, stopping}
    try:
        await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
    if not stop.is_set():
        return False
    work.cancel()
    await asyncio.gather(work, return_exceptions=True)
    return True


def history_file(service: GameService) -> Path:
    """Where the lines typed at the console are kept: next to the database (else in the data folder)."""
    return parse_database(service.config.database).folder / HISTORY


async def chat(service: GameService, *, database: str, lang: str | None = None, user: str = "you",
               pictures_dir: Path | None = None, stdin: TextIO | None = None,
               stdout: TextIO | None = None) -> int:
    """Chat with the service until end of input or `quit` (status 0), or Ctrl-C (status 130: one press
    stops at once, at the prompt or while the bot thinks; what was saved stays saved).

    At a terminal the prompt comes back as soon as a line is answered: the bot's move, or a review,
    prints above it when it is ready. A pipe's next line waits until the bot has answered the last one,
    so a script reads the same every time."""
    source = stdin or sys.stdin
    out = stdout or sys.stdout
    terminal = is_terminal(source, out)
    screen = Screen(out)
    console = Console(screen, pictures_dir, catalogue.locale_language(lang) or service.config.language)
    service.add_sender(PLATFORM, console.notice)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not the main thread
        loop.add_signal_handler(signal.SIGINT, stop.set)
    lines: Lines
    if terminal:
        screen.write(console.say("console-intro", database=database) + "\n"
                     + console.say("console-speak-as") + "\n")
        lines = TerminalLines(screen, f"{user}> ", history_file(service))
    else:
        lines = PipeLines(source)
    try:
        stopped = await _converse(service, console, lines, stop, user=user, lang=lang, settle=not terminal)
    finally:
        lines.close()
    if stopped:
        # The handler stays: a second Ctrl-C while closing down changes nothing.
        screen.write("\n" + console.say("console-stopped") + "\n")
        return 130
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        loop.remove_signal_handler(signal.SIGINT)
    return 0


async def _converse(service: GameService, console: Console, lines: Lines, stop: asyncio.Event, *, user: str,
                    lang: str | None, settle: bool) -> bool:
    """Answer lines until the input ends or says quit (False) or Ctrl-C (True). With `settle`, each
    line waits for the bot's answers, and so does the first (a game the bot was to move in when the
    console last stopped)."""
    if settle and await _until(stop, asyncio.ensure_future(service.wait_idle())):
        return True
    while True:
        lines.want()
        reading: asyncio.Future[Any] = asyncio.ensure_future(lines.get())
        if await _until(stop, reading):
            return True
        raw = reading.result()
        if raw is None:
            return False
        line = parse_line(str(raw).rstrip("\r\n"), user)
        if line.text.casefold() in _QUIT and line.button is None:
            return False
        if not line.text and line.button is None:
            continue
        event = Event(PLATFORM, CHANNEL, Person(line.user, line.user), text=line.text, button=line.button,
                      locale=lang, addressed=True)
        if await _until(stop, asyncio.ensure_future(_turn(service, console, event, line.user, settle))):
            return True


async def _turn(service: GameService, console: Console, event: Event, user: str, settle: bool) -> None:
    """One line's replies, then (with `settle`) whatever the bot does in answer."""
    await console.answer(service, event, user)
    if settle:
        await service.wait_idle()
