"""malloc's mmap threshold stays fixed in the bot's process (issue 21 item 28): large socket reads are
mapped, not carved out of the heap, so the heap does not fill with holes in a long run."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import bot.app
from bot.config import Config, PictureConfig

# In a fresh interpreter: free one mapped 256 KiB block (which, with glibc's moving threshold, makes
# the next one come from the heap), then see whether the next 256 KiB block is mapped.
PROBE = textwrap.dedent("""
    import ctypes, sys
    class Info(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                    "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]
    libc = ctypes.CDLL(None)
    libc.mallinfo2.restype = Info
    if sys.argv[1] == "steady":
        from bot.memory import steady_malloc
        assert steady_malloc()
    big = bytearray(256 * 1024)
    del big
    before = libc.mallinfo2().hblkhd
    again = bytearray(256 * 1024)
    print("mapped" if libc.mallinfo2().hblkhd >= before + 256 * 1024 else "heap")
""")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc: Linux only")


def _probe(mode: str) -> str:
    done = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_without_it_a_large_block_comes_from_the_heap() -> None:
    assert _probe("plain") == "heap"  # what made the heap grow: the threshold moved up


def test_with_it_large_blocks_stay_mapped() -> None:
    assert _probe("steady") == "mapped"


async def test_the_service_fixes_the_threshold(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[bool] = []
    monkeypatch.setattr(bot.app, "steady_malloc", lambda: called.append(True) or True)
    config = Config(database=f"{tmp_path}/t.sqlite3", picture=PictureConfig(size=96, workers=0))
    async with bot.app.open_service(config):
        pass
    assert called == [True]
