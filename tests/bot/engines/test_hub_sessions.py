"""Hub sessions with the fake engine, version 1 and version 2: what the client says, and what it reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engines import HubEngine, HubSettings
from bot.engines.settings import tt_size
from engine import Board
from engine.evaluation import MATE, MATE_BOUND
from tests.fakes.hub_engine import command


def fake(tmp_path: Path, *switches: str, **settings: object) -> tuple[HubSettings, Path]:
    log = tmp_path / "received.txt"
    return HubSettings(command(*switches, "--log", str(log)), **settings), log  # type: ignore[arg-type]


def received(log: Path) -> list[str]:
    return [line for line in log.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]


def shuffled() -> Board:
    """A game whose last moves are king moves (which go to the engine as moves after the position)."""
    board = Board("international", fen="W:WK46,33:BK1,18")
    for text in ("46-37", "1-7"):
        board.push_str(text)
    return board


def test_version_2_session(tmp_path: Path) -> None:
    settings, log = fake(tmp_path, "--protocol", "2", threads=2, hash_mb=64, book=False,
                         params=(("bb-size", "5"), ("book-file", "my games.pdn")))
    with HubEngine(settings) as engine:
        assert (engine.version, engine.name) == (2, "fake 1.0")
        assert set(engine.params) == {"variant", "threads", "tt-size", "book"}
        found = engine.search(shuffled(), seconds=0.25, think=True)
        assert found.move in shuffled().legal_moves and found.depth == 2 and found.pv == (str(found.move),)
        analysed = engine.search(Board("international"), seconds=None, nodes=5000, think=False)
        assert analysed.move in Board("international").legal_moves
    lines = received(log)
    assert lines[:lines.index("init") + 1] == [
        "hub", "set-param name=variant value=normal", "set-param name=threads value=2",
        "set-param name=tt-size value=22", "set-param name=book value=false",
        "set-param name=bb-size value=5", 'set-param name=book-file value="my games.pdn"', "init"]
    start = lines.index("init") + 1
    first = "W" + "".join(square(s) for s in range(1, 51))
    assert lines[start:start + 3] == [f'pos pos={first} moves="46-37 1-7"', "level move-time=0.250",
                                      "go think"]
    assert lines[start + 3:start + 6] == [
        "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", "level nodes=5000", "go analyze"]
    assert lines[-1] == "quit"


def square(number: int) -> str:
    """The square's letter in the shuffled game's first position."""
    return {46: "W", 33: "w", 1: "B", 18: "b"}.get(number, "e")


def test_version_1_session(tmp_path: Path) -> None:
    settings, log = fake(tmp_path, "--protocol", "1", threads=2, hash_mb=64, book=True,
                         params=(("book-margin", "4"),))
    with HubEngine(settings) as engine:
        assert (engine.version, engine.name) == (1, "Fake 1.0")
        found = engine.search(shuffled(), seconds=0.25, think=True)
        assert found.move in shuffled().legal_moves and found.depth == 2
        engine.search(Board("international"), seconds=None, nodes=100_000, think=False)
    lines = received(log)
    assert lines == [
        "hub", "set threads 2", "set tt-size 22", "set book true", "set book-margin 4", "init",
        f"pos {'w' + ''.join(square(s) for s in range(1, 51))}", "move 46-37", "move 1-7", "time 250", "go",
        "pos wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", "time 100", "analyse", "quit"]


def test_parameters_the_engine_does_not_have_are_not_set(tmp_path: Path) -> None:
    """dame has `hash` in MiB and no `threads` or `book`: only what it declares is set (extra parameters
    are always sent, by the operator's own names)."""
    engine = HubEngine(fake(tmp_path, threads=4, hash_mb=100, book=True)[0])
    engine.version, engine.params = 2, {"hash": {"min": "1", "max": "64"}, "book-file": {}}
    assert engine._wanted() == [("hash", "64")]
    engine.params = {"tt-size": {"min": "16", "max": "30"}, "threads": {"min": "1", "max": "2"},
                     "variant": {"values": "killer bt"}}
    assert engine._wanted() == [("threads", "2"), ("tt-size", str(tt_size(100, 16, 30)))]


@pytest.mark.parametrize("version", [1, 2])
def test_scores_are_hundredths_of_a_man_for_the_side_to_move(tmp_path: Path, version: int) -> None:
    settings, _ = fake(tmp_path, "--protocol", str(version))
    board = Board("international", fen="B:W28,32,33:B3")  # Black to move, two men down
    with HubEngine(settings) as engine:
        found = engine.search(board, seconds=0.1)
    assert found.score is not None and -1500 <= found.score <= -100


@pytest.mark.parametrize(("version", "said", "score"), [
    (2, "0.08", 8), (2, "-1.5", -150), (2, "99.97", 99_997), (2, "-89.50", -MATE + 999),
    (2, "100.00", MATE - 1), (1, "-12", -12), (1, "1993", 99_993), (1, "-1900", -MATE + 100),
    (1, "1800", 1800)])
def test_wins_are_scored_as_tammis_search_scores_them(tmp_path: Path, version: int, said: str,
                                                      score: int) -> None:
    settings, _ = fake(tmp_path, "--protocol", str(version), "--score", said)
    with HubEngine(settings) as engine:
        found = engine.search(Board("international"), seconds=0.1)
    assert found.score == score
    assert (abs(score) > MATE_BOUND) == (abs(float(said)) > (80 if version == 2 else 1800))


def test_the_engine_runs_in_its_own_folder(tmp_path: Path) -> None:
    settings = HubSettings("./scan hub")
    assert settings.argv()[0] == str(Path.cwd() / "scan") and settings.cwd() == str(Path.cwd())
    assert HubSettings("dame hub", directory=str(tmp_path)).cwd() == str(tmp_path)
