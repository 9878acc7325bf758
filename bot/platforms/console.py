"""Console mode: a chat in the terminal with the same game service and an on-disk database.

Each input line is one message. A line starting with `name>` is sent as that user (so one person can
play both sides, or a file can script a game); other lines come from the default user. `press acc:3`
presses a button by its id. Replies print as text, with the text board after a board reply; pictures are
saved as files whose paths are printed. Works the same from a terminal or a pipe.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import logging
import os
import re
import signal
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from bot.chat.events import Event, Notice, Person, Reply
from bot.chat.service import GameService
from bot.platforms.base import answer
from bot.presentation import catalogue

log = logging.getLogger(__name__)

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
                 lang: str | None = None) -> None:
        self.service = service
        self.locale = lang
        self.out = out
        self.pictures_dir = pictures_dir
        self.lang = catalogue.locale_language(lang) or service.config.language

    async def show(self, reply: Reply, *, to: str | None = None) -> None:
        prefix = f"(to {to}) " if reply.private and to else ""
        self.out.write(prefix + reply.text + "\n")
        if reply.board_text:
            self.out.write(reply.board_text + "\n")
        if reply.attachment is not None and self.pictures_dir is not None:
            await self._save(reply)
        if reply.buttons:
            listed = ", ".join(f"{b.label} = press {b.id}" for b in reply.buttons)
            self.out.write(f"[buttons: {listed}]\n")
        self.out.flush()

    async def notice(self, notice: Notice) -> None:
        await self.show(notice.reply)

    async def _save(self, reply: Reply) -> None:
        """Save the reply's picture under a name no other run uses (game id and ply); a folder that takes
        no file (full disk, no permission) costs only the picture: the game was saved before."""
        assert reply.attachment is not None and self.pictures_dir is not None
        stem = "picture"
        if reply.game_id is not None:
            stem = f"game{reply.game_id}" + (f"-ply{reply.ply}" if reply.ply is not None else "")
        try:
            path = await asyncio.to_thread(_write_new, self.pictures_dir, stem, reply.attachment.filename,
                                           reply.attachment.data)
        except OSError as error:
            log.warning("a picture was not saved in %s: %s", self.pictures_dir, error)
            reason = error.strerror or str(error)
            self.out.write(catalogue.say(self.lang, "console-picture-failed", error=reason) + "\n")
            return
        self.out.write(f"[picture: {path}]\n")


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


class _Lines:
    """Input lines read by a daemon thread, so waiting for a line never holds up the event loop or the
    exit (a thread of the default executor would keep the process until Enter)."""

    def __init__(self, source: TextIO) -> None:
        self._loop = asyncio.get_running_loop()
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        try:
            fd: int | None = source.fileno()
        except (AttributeError, OSError, ValueError):
            fd = None
        encoding = getattr(source, "encoding", None) or "utf-8"
        threading.Thread(target=self._read, args=(source, fd, encoding), daemon=True,
                         name="tammi-console-input").start()

    def _put(self, line: str | None) -> None:
        self._loop.call_soon_threadsafe(self._queue.put_nowait, line)

    def _read(self, source: TextIO, fd: int | None, encoding: str) -> None:
        try:
            if fd is None:
                for line in iter(source.readline, ""):
                    self._put(line)
                return
            # Straight from the file descriptor: the interpreter's buffered stdin is left alone, so the
            # exit never waits for (or fights over) its lock while this thread is blocked reading.
            decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
            pending = ""
            while chunk := os.read(fd, 65536):
                pending += decoder.decode(chunk)
                *lines, pending = pending.split("\n")
                for line in lines:
                    self._put(line + "\n")
            if pending + decoder.decode(b"", final=True):
                self._put(pending)
        except (OSError, ValueError, RuntimeError):
            pass
        finally:
            with contextlib.suppress(RuntimeError):  # the loop may be gone at exit
                self._put(None)

    async def get(self) -> str | None:
        """The next line (with its newline), or None at the end of input."""
        return await self._queue.get()


async def _until(stop: asyncio.Event, work: asyncio.Future[Any]) -> bool:
    """Wait for `work` unless `stop` is set first (then `work` is cancelled); True if stopped."""
    stopping: asyncio.Future[Any] = asyncio.ensure_future(stop.wait())
    waiting: set[asyncio.Future[Any]] = {work, stopping}
    try:
        await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
    if work.done():
        return False
    work.cancel()
    await asyncio.gather(work, return_exceptions=True)
    return True


async def chat(service: GameService, *, database: str, lang: str | None = None, user: str = "you",
               pictures_dir: Path | None = None, stdin: TextIO | None = None,
               stdout: TextIO | None = None) -> int:
    """Chat with the service until end of input or `quit` (status 0), or Ctrl-C (status 130: one press
    stops at once, at the prompt or while the bot thinks; what was saved stays saved)."""
    source = stdin or sys.stdin
    out = stdout or sys.stdout
    interactive = source.isatty() and out.isatty()
    console = Console(service, out, pictures_dir, lang)
    service.add_sender(PLATFORM, console.notice)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not the main thread
        loop.add_signal_handler(signal.SIGINT, stop.set)
    if interactive:
        out.write(f"Tammi console. Database: {database}. Type help, or quit to leave.\n")
        out.write("Start a line with name> to speak as someone else.\n")
    lines = _Lines(source)
    while True:
        if interactive:
            out.write(f"{user}> ")
            out.flush()
        reading: asyncio.Future[Any] = asyncio.ensure_future(lines.get())
        if await _until(stop, reading):
            break
        raw = reading.result()
        if raw is None:
            break
        line = parse_line(str(raw).rstrip("\r\n"), user)
        if line.text.casefold() in _QUIT and line.button is None:
            break
        if not line.text and line.button is None:
            continue
        event = Event(PLATFORM, CHANNEL, Person(line.user, line.user), text=line.text, button=line.button,
                      locale=lang, addressed=True)
        if await _until(stop, asyncio.ensure_future(_turn(service, console, event, line.user))):
            break
    if stop.is_set():
        # The handler stays: a second Ctrl-C while closing down changes nothing.
        out.write("\n" + catalogue.say(console.lang, "console-stopped") + "\n")
        out.flush()
        return 130
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        loop.remove_signal_handler(signal.SIGINT)
    return 0


async def _turn(service: GameService, console: Console, event: Event, user: str) -> None:
    """One line's replies, then whatever the bot does in answer."""
    for reply in await answer(service, event):
        await console.show(reply, to=user)
    await service.wait_idle()
