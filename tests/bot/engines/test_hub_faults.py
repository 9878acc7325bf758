"""Every fault of a Hub engine, in both versions of the protocol: it is reported as an EngineFault that
says what happened in one line, the engine's process is gone, and the next use starts a new one."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from bot.engines import EngineFault, HubEngine, HubSettings, work
from engine import Board
from tests.fakes.hub_engine import command

SEARCH_FAULTS = {
    "crash": "exited with status 1 (it said: fake: segmentation fault) during the search",
    "hang": "hung: no answer to the search in time",
    "garbage": "printed something that is not text",
    "nonsense": "answered 'banana', not a legal move in W:",
    "illegal": "answered '1-2', not a legal move in W:",
    "error": "refused the search in W:",
    "flood": "printed a line longer than 65536 bytes",
}
START_FAULTS = {
    "no-start": "exited with status 3 (it said: fake: cannot open data/eval)",
    "no-hello": "hung: no answer to hub in time",
    "not-hub": "is not a Hub engine: it answered `hub` with no `id` or `name`",
}
MARGIN = 0.4


def fake(tmp_path: Path, *switches: str) -> tuple[HubSettings, Path]:
    log = tmp_path / "received.txt"
    return HubSettings(command(*switches, "--log", str(log)), margin=MARGIN, start_time=1.5), log


def pids(log: Path) -> list[int]:
    return [int(line.split()[-1]) for line in log.read_text().splitlines() if line.startswith("# pid")]


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.parametrize("version", ["1", "2"])
@pytest.mark.parametrize("fault", sorted(SEARCH_FAULTS))
def test_a_search_that_fails_kills_the_engine(tmp_path: Path, version: str, fault: str) -> None:
    settings, log = fake(tmp_path, "--protocol", version, "--fault", fault)
    engine = HubEngine(settings)
    engine.start()
    started = time.monotonic()
    with pytest.raises(EngineFault) as caught:
        engine.search(Board("international"), seconds=0.1, think=True)
    assert SEARCH_FAULTS[fault] in str(caught.value) and "\n" not in str(caught.value)
    assert time.monotonic() - started < 0.1 + MARGIN + 1.5  # the search's time, the margin, the kill
    assert engine._process is None and all(gone(pid) for pid in pids(log))


@pytest.mark.parametrize("version", ["1", "2"])
@pytest.mark.parametrize("fault", sorted(START_FAULTS))
def test_an_engine_that_does_not_start_is_reported(tmp_path: Path, version: str, fault: str) -> None:
    settings, log = fake(tmp_path, "--protocol", version, "--fault", fault)
    started = time.monotonic()
    with pytest.raises(EngineFault) as caught:
        HubEngine(settings).start()
    assert START_FAULTS[fault] in str(caught.value)
    assert time.monotonic() - started < settings.start_time + 1.5
    assert all(gone(pid) for pid in pids(log))


def test_a_program_that_is_not_there(tmp_path: Path) -> None:
    with pytest.raises(EngineFault, match=r"engine '.*/nowhere/scan hub' cannot start: No such file"):
        HubEngine(HubSettings(f"{tmp_path}/nowhere/scan hub")).start()
    with pytest.raises(EngineFault, match=r"cannot start"):
        HubEngine(HubSettings("tammi-no-such-engine hub")).start()


@pytest.mark.parametrize("fault", ["crash", "hang", "no-start"])
def test_the_next_use_starts_a_new_engine(tmp_path: Path, fault: str) -> None:
    """A fault once (the fake's --once): the search fails, the engine is gone, the next search starts a
    new one that works."""
    settings, log = fake(tmp_path, "--fault", fault, "--once", str(tmp_path / "faulted"))
    board = Board("international")
    try:
        with pytest.raises(EngineFault):
            work.search(settings, board, seconds=0.05, nodes=None, think=True)
        assert settings not in work._engines
        found = work.search(settings, board, seconds=0.05, nodes=None, think=True)
        assert found.move in board.legal_moves
        assert work.search(settings, board, seconds=0.05, nodes=None, think=True).move == found.move
        first, second = pids(log)  # one engine failed, one works and is used again
        assert gone(first) and not gone(second)
    finally:
        work.close_engines()
    assert gone(second) and work._engines == {}


def test_an_engine_that_exited_between_searches(tmp_path: Path) -> None:
    settings, log = fake(tmp_path)
    try:
        work.search(settings, Board("international"), seconds=0.05, nodes=None, think=True)
        os.kill(pids(log)[0], 9)
        with pytest.raises(EngineFault, match=r"was killed by signal 9"):
            work.search(settings, Board("international"), seconds=0.05, nodes=None, think=True)
        assert work.search(settings, Board("international"), seconds=0.05, nodes=None, think=True).move
    finally:
        work.close_engines()
