"""`tammi run` as a real process, for end-to-end tests against the fake servers (which run in the test's
event loop, so the test waits without blocking it)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def write_config(folder: Path, *sections: str) -> Path:
    """A config file with a database in `folder`, no worker processes, and the given TOML sections."""
    path = folder / "tammi.toml"
    head = f'database = "{folder / "tammi.sqlite3"}"\n[picture]\nworkers = 0\n[opponent]\nworkers = 0\n'
    path.write_text(head + "\n".join(sections))
    return path


@dataclass
class Finished:
    status: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


class TammiProcess:
    """`python -m bot.cli run --config <path>` with the chat tokens taken out of its environment."""

    def __init__(self, config: Path) -> None:
        self.config = config
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "TELEGRAM_TOKEN")}
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "run", "--config", str(self.config), cwd=ROOT, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)

    async def finish(self, timeout: float = 30.0, stop: bool = False) -> Finished:
        """Wait for the process to end (after SIGTERM when `stop`); its status and everything it wrote."""
        assert self.process is not None
        if stop and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            stdout, stderr = await asyncio.wait_for(self.process.communicate(), timeout)
        except TimeoutError:
            self.process.kill()
            stdout, stderr = await self.process.communicate()
        assert self.process.returncode is not None
        return Finished(self.process.returncode, stdout.decode(), stderr.decode())

    async def kill(self) -> None:
        """End the process if it still runs (a test's clean-up)."""
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.communicate()


def read_until(process: subprocess.Popen[str], marker: str, timeout: float = 60.0) -> str:
    """A process's output up to the line with `marker`; a process that never prints it is killed after
    `timeout` seconds, so the test fails with the output instead of waiting forever."""
    assert process.stdout is not None
    seen: list[str] = []
    watchdog = threading.Timer(timeout, process.kill)
    watchdog.start()
    try:
        while True:
            line = process.stdout.readline()
            assert line, "".join(seen)
            seen.append(line)
            if marker in line:
                return "".join(seen)
    finally:
        watchdog.cancel()
