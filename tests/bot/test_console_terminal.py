"""`tammi console` at a terminal (issue 21, items 13-16): a real process on a pseudo-terminal of its own,
typed at key by key. Lines are edited and recalled with readline and kept in a history file; the prompt
stays usable while a review runs, and what the bot says meanwhile prints above a prompt drawn again;
after a restart with the bot to move, its move prints and a prompt follows; the banner speaks the
console's language."""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import signal
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.app import open_repository
from bot.domain.model import BOT, NewGame, Player
from engine import Board

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Linux pseudo-terminal")

ROOT = Path(__file__).resolve().parents[2]
UP, LEFT, EOF = "\x1b[A", "\x1b[D", "\x04"
QUICK = '[opponent]\ntime_limit = "0.2s"\nworkers = 0\n[review]\nworkers = 0\ntime_per_move = "2s"\n'
LEGEND = "● Red, ○ White"  # under every text board


def _own_terminal() -> None:
    """In the child, after its new session began: the pseudo-terminal on stdin becomes its terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """`tammi console` on a pseudo-terminal, as a person at a terminal runs it."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        settings = tmp_path / "tammi.toml"
        settings.write_text(QUICK, encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm")
        for name in ("DISCORD_TOKEN", "TELEGRAM_TOKEN", "TAMMI_CONFIG"):
            env.pop(name, None)
        env["INPUTRC"] = str(tmp_path / "no-inputrc")  # readline's own key bindings, not this machine's
        command = [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", "console",
                   "--db", str(tmp_path / "t.sqlite3"), "--no-pictures", "--user", "ann",
                   "--config", str(settings), *args]
        self.master, slave = os.openpty()
        self.errors = tmp_path / "console-stderr.txt"  # a file, not a pipe that could fill while unread
        with self.errors.open("w", encoding="utf-8") as stderr:
            self.process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=stderr, env=env,
                                            cwd=ROOT, start_new_session=True, preexec_fn=_own_terminal)
        os.close(slave)
        self.output = ""
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                ready, _, _ = select.select([self.master], [], [], 0.1)
                if not ready:
                    if self.process.poll() is not None:
                        return
                    continue
                chunk = os.read(self.master, 65536)
            except OSError:  # the console has ended and the terminal is gone
                return
            if not chunk:
                return
            with self._lock:
                self.output += chunk.decode("utf-8", errors="replace").replace("\r\n", "\n")

    def expect(self, pattern: str, start: int = 0, timeout: float = 60.0) -> int:
        """Wait until `pattern` (a regular expression) shows after position `start`; where it ends."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                found = re.compile(pattern).search(self.output, start)
            if found:
                return found.end()
            time.sleep(0.05)
        raise AssertionError(f"no {pattern!r} after {start} in:\n{self.output}")

    def type(self, keys: str) -> int:
        """Type `keys`; the position in the output from which their answer shows."""
        with self._lock:
            at = len(self.output)
        os.write(self.master, keys.encode())
        return at

    def finish(self, timeout: float = 60.0) -> tuple[int, str]:
        """Wait for the console to end: its status and its stderr."""
        try:
            status = self.process.wait(timeout)
            return status, self.errors.read_text(encoding="utf-8", errors="replace")
        finally:
            self.close()

    def close(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self._reader.join(5)
        if self.master >= 0:
            os.close(self.master)
            self.master = -1


@contextlib.contextmanager
def terminal(tmp_path: Path, *args: str) -> Iterator[Terminal]:
    console = Terminal(tmp_path, *args)
    try:
        yield console
    finally:
        console.close()


def test_lines_are_edited_recalled_and_kept_for_the_next_run(tmp_path: Path) -> None:
    with terminal(tmp_path) as console:
        console.expect("ann> ")
        at = console.type("help\r")
        at = console.expect("Tammi plays draughts", at)
        console.expect("ann> ", at)
        at = console.type(UP + "\r")  # the Up arrow brings back `help`
        at = console.expect("Tammi plays draughts", at)
        console.expect("ann> ", at)
        at = console.type("hlp" + LEFT + LEFT + "e\r")  # the cursor moves back; a letter goes in
        at = console.expect("Tammi plays draughts", at)
        at = console.expect("ann> ", at)
        at = console.type("stats\r")
        at = console.expect(r"ann: \d+ games?", at)
        console.expect("ann> ", at)
        console.type(EOF)
        status, errors = console.finish()
        assert "did not understand" not in console.output
    assert status == 0 and "Traceback" not in errors, errors
    # kept as readline remembers them: a line typed again right after itself is kept once
    assert (tmp_path / "console-history").read_text(encoding="utf-8").split() == ["help", "stats"]

    with terminal(tmp_path) as console:  # the next run recalls the last run's lines
        at = console.expect("ann> ")
        at = console.type(UP + "\r")
        at = console.expect(r"ann: \d+ games?", at)
        at = console.expect("ann> ", at)
        at = console.type(UP + UP + "\r")  # `stats`, then `help` before it
        at = console.expect("Tammi plays draughts", at)
        console.expect("ann> ", at)  # Ctrl-D typed before readline reads again can be lost in the switch
        console.type(EOF)
        status, errors = console.finish()
    assert status == 0 and "Traceback" not in errors, errors


async def test_after_a_restart_the_bots_move_prints_then_a_prompt(tmp_path: Path) -> None:
    storage = await open_repository(tmp_path / "t.sqlite3")
    try:
        board = Board("english")  # Red (Black) moves first: the bot's side
        await storage.create_game(NewGame("console", "console", "english", Player("ann", "ann"), BOT,
                                          board.fen(), board.turn, time.time(), seated=("ann",), rated=False,
                                          bot_level=1))
    finally:
        await storage.close()
    with terminal(tmp_path) as console:
        at = console.expect(r"Tammi played \S+\.")
        at = console.expect(LEGEND, at)
        console.expect(r"ann> $", at)  # the prompt comes back under the bot's move
        console.type(EOF)
        status, errors = console.finish()
    assert status == 0 and "Traceback" not in errors, errors


def test_a_line_typed_during_a_review_is_answered_before_the_review(tmp_path: Path) -> None:
    with terminal(tmp_path) as console:
        at = console.type("play 1 black\r")
        at = console.expect("ann> ", console.expect("Game #1", at))
        at = console.type("11-15\r")
        at = console.expect(r"Tammi played \S+\.", at)
        at = console.expect("ann> ", console.expect(LEGEND, at))
        at = console.type("review\r")
        at = console.expect("Reviewing game #1", at)
        console.expect("ann> ", at)  # the prompt is back while the review runs
        asked = console.type("board\r")
        answered = console.expect(LEGEND, asked, timeout=5)
        reviewed = console.expect("Review of game #1", asked)
        assert answered < reviewed, console.output
        console.expect("ann> $", reviewed)  # the review prints above a prompt drawn again
        console.type(EOF)
        status, errors = console.finish()
    assert status == 0 and "Traceback" not in errors, errors


def test_the_banner_speaks_finnish_under_lang_fi(tmp_path: Path) -> None:
    with terminal(tmp_path, "--lang", "fi") as console:
        console.expect("ann> ")
        console.type(EOF)
        status, errors = console.finish()
    banner = console.output.split("ann> ")[0]
    assert "Tammin konsoli" in banner and "nimi>" in banner, banner
    assert "Tammi console" not in banner and "Type help" not in banner and "someone else" not in banner
    assert status == 0, errors
