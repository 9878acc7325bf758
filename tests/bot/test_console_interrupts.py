"""Stopping the console while the bot's search workers start (issue 21, item 12): a Ctrl-C in the first
second of the bot's thinking, while its worker process is still starting, ends the console with no
traceback and the game saved; a kill -9 of the console leaves no "leaked semaphore" warning behind."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.app import open_repository
from tests.fakes.tammi_process import read_until

ROOT = Path(__file__).resolve().parents[2]
SLOW_BOT = '[opponent]\ntime_limit = "60s"\nworkers = 1\n'  # a search process that thinks for a minute


def _console(tmp_path: Path, db: Path) -> subprocess.Popen[str]:
    """`tammi console` on `db` in a process group of its own (a terminal's Ctrl-C reaches the group)."""
    settings = tmp_path / "tammi.toml"
    settings.write_text(SLOW_BOT, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for name in ("DISCORD_TOKEN", "TELEGRAM_TOKEN", "TAMMI_CONFIG"):
        env.pop(name, None)
    command = [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", "console",
               "--db", str(db), "--no-pictures", "--user", "ann", "--config", str(settings)]
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=ROOT, start_new_session=True)


def _start_thinking(process: subprocess.Popen[str]) -> None:
    """A game against the bot, and a move: the bot starts its search (and its worker process)."""
    assert process.stdin is not None
    process.stdin.write("play 5 black\n11-15\n")
    process.stdin.flush()
    read_until(process, "ann played 11-15", timeout=90.0)


def _output_until_closed(process: subprocess.Popen[str], timeout: float = 30.0) -> tuple[str, str]:
    """The console's stdout and stderr once every process holding them (its workers, the resource tracker)
    has ended; the group is killed if some process still runs after `timeout` (the test then fails)."""
    try:
        return process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(process)
        _, errors = process.communicate()
        raise AssertionError(f"processes left running; stderr: {errors}") from None


def _kill_group(process: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


async def _moves(db: Path) -> tuple[str, ...]:
    storage = await open_repository(db)
    try:
        game = await storage.active_game_for("console", "console", "ann")
        assert game is not None
        return game.moves
    finally:
        await storage.close()


@pytest.mark.parametrize("delay", [0.0, 0.4])
async def test_ctrl_c_while_the_search_worker_starts_prints_no_traceback(tmp_path: Path,
                                                                         delay: float) -> None:
    db = tmp_path / "t.sqlite3"
    with _console(tmp_path, db) as process:
        try:
            _start_thinking(process)
            time.sleep(delay)  # within the first second: the worker process is still importing
            os.killpg(process.pid, signal.SIGINT)
            status = process.wait(30)  # the input stays open: nobody presses Enter
            out, errors = _output_until_closed(process)
        finally:
            _kill_group(process)
    assert status == 130 and "Stopped. Your games are saved." in out
    for word in ("Traceback", "BrokenProcessPool", "never retrieved", "KeyboardInterrupt", "Error"):
        assert word not in errors, errors
    assert await _moves(db) == ("11-15",)  # the game is there for the next start, the bot to move


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the workers notice their parent's end")
async def test_kill_9_while_the_bot_thinks_leaves_no_warning(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    with _console(tmp_path, db) as process:
        try:
            _start_thinking(process)
            time.sleep(1.5)  # the worker searches now
            process.kill()  # the console alone: its workers and resource tracker must end by themselves
            _, errors = _output_until_closed(process)
        finally:
            _kill_group(process)
    assert "leaked" not in errors and "Traceback" not in errors, errors
    assert await _moves(db) == ("11-15",)
