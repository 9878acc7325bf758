"""Worker processes end when the bot's process is killed outright (kill -9), instead of living on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHILD = """
import asyncio, multiprocessing.resource_tracker as tracker, sys
from bot.workers import Workers

async def main():
    workers = Workers(pictures=2)
    await workers.start()
    pids = [str(pid) for pool in workers._pools.values() for pid in pool._processes]
    pids.append(str(tracker._resource_tracker._pid))
    print(" ".join(pids), flush=True)
    await asyncio.sleep(120)

asyncio.run(main())
"""


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, dead but not yet reaped, counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_exit_when_the_bot_is_killed() -> None:
    root = Path(__file__).resolve().parents[2]
    pids: list[int] = []
    # The tracker reports the semaphores the killed process left behind on its stderr: not wanted here.
    with subprocess.Popen([sys.executable, "-c", CHILD], cwd=root, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True) as bot:
        try:
            assert bot.stdout is not None
            pids = [int(pid) for pid in bot.stdout.readline().split()]
            assert len(pids) == 3 and all(alive(pid) for pid in pids)  # two workers, the resource tracker
            os.kill(bot.pid, signal.SIGKILL)
            bot.wait(10)
            deadline = time.monotonic() + 15
            while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert [pid for pid in pids if alive(pid)] == []
        finally:
            bot.kill()
            for pid in pids:
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)
