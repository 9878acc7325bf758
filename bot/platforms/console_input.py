"""The console's terminal: where its lines come from, and how its output shares the screen with the prompt.

At a terminal the lines are read with the standard library's `readline`: the line can be edited, the Up
arrow brings back earlier lines, and they are kept in a history file between runs. The prompt shows
whenever the console is ready for a line; what the bot says meanwhile (its move, a review that was
running) is printed above the prompt, which is drawn again with what was typed so far. A pipe is read
as it comes, with no prompt. Either way a daemon thread waits for the input, so waiting for a line never
holds up the event loop or the exit (a thread of the default executor would keep the process until
Enter).
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TextIO

try:
    import termios
except ImportError:  # pragma: no cover - not a POSIX terminal
    termios = None  # type: ignore[assignment]

HISTORY_LENGTH = 1000
ERASE_LINE = "\r\x1b[K"  # to the start of the line, and clear it: where the prompt was


class Screen:
    """The console's output. While a terminal's prompt waits for a line, a text is printed above the
    prompt, and the prompt is drawn again with the line typed so far."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self._lock = threading.Lock()
        self._prompt: str | None = None  # the prompt on the screen now, if any
        self._typed: Callable[[], str] = str

    def write(self, text: str) -> None:
        with self._lock:
            if self._prompt is None:
                self.out.write(text)
            else:
                self.out.write(ERASE_LINE + text + self._prompt + self._typed())
            self.out.flush()

    def prompting(self, prompt: str | None, typed: Callable[[], str] = str) -> None:
        """The prompt now on the screen (None: none), and how to read what has been typed after it."""
        with self._lock:
            self._prompt, self._typed = prompt, typed


class Lines(Protocol):
    """Where the console's lines come from."""

    def want(self) -> None:
        """The console is ready for the next line (a terminal shows its prompt)."""

    async def get(self) -> str | None:
        """The next line (with its newline), or None at the end of input."""
        ...

    def close(self) -> None:
        """Stop showing the prompt and give the terminal back as it was."""


class _Queue:
    """Lines put by the reading thread, taken in the event loop."""

    def __init__(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()

    def put(self, line: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop may be gone at exit
            self._loop.call_soon_threadsafe(self._queue.put_nowait, line)

    async def get(self) -> str | None:
        return await self._queue.get()


class PipeLines(_Queue):
    """Lines from a pipe or file, read as they come."""

    def __init__(self, source: TextIO) -> None:
        super().__init__()
        try:
            fd: int | None = source.fileno()
        except (AttributeError, OSError, ValueError):
            fd = None
        encoding = getattr(source, "encoding", None) or "utf-8"
        threading.Thread(target=self._read, args=(source, fd, encoding), daemon=True,
                         name="tammi-console-input").start()

    def want(self) -> None:
        pass

    def close(self) -> None:
        pass

    def _read(self, source: TextIO, fd: int | None, encoding: str) -> None:
        try:
            if fd is None:
                for line in iter(source.readline, ""):
                    self.put(line)
                return
            # Straight from the file descriptor: the interpreter's buffered stdin is left alone, so the
            # exit never waits for (or fights over) its lock while this thread is blocked reading.
            decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
            pending = ""
            while chunk := os.read(fd, 65536):
                pending += decoder.decode(chunk)
                *lines, pending = pending.split("\n")
                for line in lines:
                    self.put(line + "\n")
            if pending + decoder.decode(b"", final=True):
                self.put(pending)
        except (OSError, ValueError, RuntimeError):
            pass
        finally:
            self.put(None)


class TerminalLines(_Queue):
    """Lines typed at a terminal (sys.stdin and sys.stdout), with `readline`'s editing and history."""

    def __init__(self, screen: Screen, prompt: str, history: Path | None) -> None:
        super().__init__()
        self.screen = screen
        self.prompt = prompt
        self.history = history
        self._go = threading.Event()
        self._terminal: Any = None
        if termios is not None:
            with contextlib.suppress(termios.error, OSError, ValueError):
                self._terminal = termios.tcgetattr(sys.stdin.fileno())
        self.editing = _load_readline()
        if self.editing:
            import readline

            readline.set_history_length(HISTORY_LENGTH)
            self._load_history()
            readline.set_pre_input_hook(self._shown)
        threading.Thread(target=self._read, daemon=True, name="tammi-console-input").start()

    def want(self) -> None:
        self._go.set()

    def close(self) -> None:
        self.screen.prompting(None)
        if self._terminal is not None:  # readline may be waiting for a key with echo off
            with contextlib.suppress(termios.error, OSError, ValueError):
                termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, self._terminal)

    def _shown(self) -> None:
        """readline has drawn the prompt and waits for keys (its pre-input hook)."""
        import readline

        self.screen.prompting(self.prompt, readline.get_line_buffer)

    def _read(self) -> None:
        while True:
            self._go.wait()
            self._go.clear()
            if not self.editing:
                self.screen.prompting(self.prompt)
            remembered = self._remembered()
            try:
                line: str | None = input(self.prompt)
            except (EOFError, OSError, ValueError, RuntimeError):
                line = None
            finally:
                self.screen.prompting(None)
            if line is None:
                self.put(None)
                return
            if self._remembered() > remembered:  # input() adds a line unless empty or as the last one
                self._keep()
            self.put(line + "\n")

    def _load_history(self) -> None:
        """The earlier runs' lines (no file, and the history only in memory, where its folder is missing
        or takes no file)."""
        import readline

        if self.history is None:
            return
        with contextlib.suppress(OSError):
            self.history.touch(mode=0o600)
            readline.read_history_file(self.history)

    def _remembered(self) -> int:
        """How many lines the history holds."""
        if not self.editing:
            return 0
        import readline

        return readline.get_current_history_length()

    def _keep(self) -> None:
        """Add the line just remembered to the history file, which keeps the newest `HISTORY_LENGTH`."""
        if self.history is not None:
            import readline

            with contextlib.suppress(OSError):
                readline.append_history_file(1, self.history)


def _load_readline() -> bool:
    """Import readline, which gives input() its line editing and history (only at a terminal: `tammi
    run` and pipes never load it); False on a Python built without it (plain input(), no editing)."""
    try:
        import readline  # noqa: F401
    except ImportError:  # pragma: no cover
        return False
    return True


def is_terminal(source: TextIO, out: TextIO) -> bool:
    """Whether the console talks to a person at a terminal: stdin and stdout, both a terminal."""
    return source is sys.stdin and out is sys.stdout and source.isatty() and out.isatty()
