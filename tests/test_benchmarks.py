"""Smoke runs of the scripts in benchmarks/, so that none can rot unseen: each runs as a subprocess from
the repository's root with arguments small enough to finish in a few seconds, must exit 0 without a
traceback, and must print the figures it promises. What is printed is checked, never how fast it was.

Everything runs offline. Files go to the test's temporary folder. What needs more than the test
environment has is left out with a note: py-draughts (the peer in bench_perft.py and bench_opponent.py,
which would install it from the network) is not played against; peer_perft.py, which runs inside
py-draughts' own environment, runs only where benchmarks/.peer-venv already exists; tune_eval.py needs
numpy; bench_processes.py adds a PostgreSQL run when a server is reachable (required under
TAMMI_REQUIRE_POSTGRES=1, as in CI).

`test_every_script_has_a_smoke_run` fails when a script in benchmarks/ has no smoke run here."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import asyncpg
import pytest

from engine import evaluation
from tests.fakes import hub_engine

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
TIMEOUT = 60  # seconds for one run: each takes a few; this only stops a hung script
NUMBER = r"[\d.]+"
COVERED: set[str] = set()
F = TypeVar("F", bound=Callable[..., object])


def covers(*scripts: str) -> Callable[[F], F]:
    """Marks a test as the smoke run of `scripts` (for the guard test)."""
    def mark(test: F) -> F:
        COVERED.update(scripts)
        return test
    return mark


def run(*args: str | Path, python: str | Path = sys.executable) -> str:
    """Run `python args...` from the repository's root (this checkout's packages first on the path);
    its standard output, once it has exited 0 without a traceback."""
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *([path] if path else [])])}
    done = subprocess.run([str(python), *map(str, args)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    shown = f"{' '.join(map(str, args))}\n--- stdout\n{done.stdout}\n--- stderr\n{done.stderr}"
    assert done.returncode == 0, f"exit status {done.returncode}: {shown}"
    assert "Traceback" not in done.stderr, shown
    return done.stdout


def bench(script: str, *args: str | Path, python: str | Path = sys.executable) -> str:
    return run(BENCHMARKS / script, *args, python=python)


def lines(pattern: str, out: str) -> list[re.Match[str]]:
    """Every line of `out` that matches `pattern` from its start to its end."""
    return [m for line in out.splitlines() if (m := re.fullmatch(pattern, line))]


def tables(out: str) -> dict[str, list[tuple[int, int]]]:
    """bench_perft.py's tables: each title with its rows' (depth, nodes)."""
    found: dict[str, list[tuple[int, int]]] = {}
    title = ""
    for line in out.splitlines():
        if (row := re.fullmatch(rf"\s*(\d+)\s+(\d+)\s+{NUMBER}\s.*", line)) and title:
            found[title].append((int(row[1]), int(row[2])))
        elif line and not line.startswith("depth"):
            title = line
            found[title] = []
    return found


@covers("chat_timing.py")
def test_chat_timing() -> None:
    """Not a script: what bench_discord.py and bench_telegram.py share (run below). Its doctest."""
    out = run("-m", "doctest", "-v", BENCHMARKS / "chat_timing.py")
    assert "Test passed." in out


@covers("bench_discord.py")
def test_bench_discord() -> None:
    out = bench("bench_discord.py", "--helps", "2", "--plies", "4", "--size", "96")
    assert lines(rf"/tammi help \(text\) +n=2 +median +{NUMBER} ms +p95 +{NUMBER} ms +max +{NUMBER} ms", out)
    assert lines(rf"typed move \+ 96 px board +n=4 +median +{NUMBER} ms .*", out)
    assert "4 board pictures for 4 moves; no unknown REST calls: True" in out


@covers("bench_telegram.py")
def test_bench_telegram() -> None:
    out = bench("bench_telegram.py", "--helps", "2", "--plies", "4", "--size", "96")
    assert lines(rf"start-up \(getMe, two setMyCommands, deleteWebhook\): {NUMBER} ms", out)
    assert lines(rf"/help -> text +n=2 +median +{NUMBER} ms .*", out)
    assert lines(rf"typed move -> 96 px photo +n=4 +median +{NUMBER} ms .*", out)


@covers("bench_render.py")
def test_bench_render() -> None:
    out = bench("bench_render.py", "--repeat", "2", "--plies", "6")
    pngs = lines(rf"(\w+) +PNG 600px: median +{NUMBER} ms, p90 +{NUMBER} ms, first +{NUMBER} ms, "
                 rf"+({NUMBER}) KB \(start position without caption {NUMBER} KB\)", out)
    gifs = lines(rf"(\w+) +GIF (\d+)px, 6 moves: +{NUMBER} s, +({NUMBER}) KB", out)
    assert [m[1] for m in pngs] == ["english", "italian", "international"]
    assert sorted((m[1], m[2]) for m in gifs) == sorted(
        (name, size) for name in ("english", "italian", "international") for size in ("480", "600"))
    assert all(float(m[2]) > 0 for m in pngs) and all(float(m[3]) > 0 for m in gifs)


@covers("bench_perft.py")
def test_bench_perft() -> None:
    """Tammi's figures only (`--no-peer`: py-draughts would be installed from the network); the node
    counts are the published ones."""
    found = tables(bench("bench_perft.py", "--no-peer", "--english", "2", "--international", "2",
                         "--italian", "2"))
    assert found["english: public API, bulk counting"] == [(1, 7), (2, 49)]
    assert found["english: raw generator"] == [(1, 7), (2, 49), (3, 302)]
    assert found["international: public API, bulk counting"] == [(1, 9), (2, 81)]
    assert found["international: raw generator"] == [(1, 9), (2, 81), (3, 658)]
    italian = [title for title in found if title.startswith("italian")]
    assert len(italian) == 6 and all(found[title] for title in italian)
    assert found["italian: raw generator (movegen.perft)"][:2] == [(1, 7), (2, 49)]


@covers("peer_perft.py")
def test_peer_perft() -> None:
    """py-draughts' perft, in the environment bench_perft.py makes for it (never made here: that needs
    the network); it must count what Tammi counts."""
    python = BENCHMARKS / ".peer-venv" / "bin" / "python"
    if not python.exists() or subprocess.run([python, "-c", "import draughts"],
                                             capture_output=True).returncode != 0:
        pytest.skip("peer_perft.py runs inside benchmarks/.peer-venv (with py-draughts), which is not here")
    for variant, mode, counts in (("english", "public", [7, 49, 302]), ("international", "nobulk", [9, 81]),
                                  ("international", "turbo", [9, 81, 658])):
        out = bench("peer_perft.py", variant, str(len(counts)), mode, python=python)
        rows = lines(rf"(\d+) (\d+) {NUMBER}", out)
        assert [(int(m[1]), int(m[2])) for m in rows] == list(enumerate(counts, 1)), (variant, mode, out)


@covers("bench_service.py")
def test_bench_service() -> None:
    """Pictures drawn in one worker process, then the run without pictures (drawing stubbed out)."""
    for args, pictures in ((["--workers", "1"], True), (["--workers", "0", "--no-pictures"], False)):
        out = bench("bench_service.py", "--games", "3", "--moves", "12", "--rate", "20", "--seconds", "0.5",
                    "--size", "96", *args)
        shown = "96 px" if pictures else "off"
        assert lines(rf"set-up: 3 games started in {NUMBER} s \(pictures {shown}, "
                     rf"{args[1]} worker processes\)", out), out
        throughput = lines(rf"throughput \(3 games, closed loop\): 12 moves in {NUMBER} s = \d+ moves/s; "
                           r"pictures (\d+); games finished 0; refused 0", out)
        latency = lines(rf"latency \(offered 20 moves/s over 3 games, open loop\): (\d+) moves in {NUMBER} "
                        r"s = \d+ moves/s; pictures (\d+); games finished \d+; refused 0", out)
        assert throughput and latency, out
        assert int(throughput[0][1]) == (12 if pictures else 0)
        assert int(latency[0][1]) > 0 and int(latency[0][2]) == (int(latency[0][1]) if pictures else 0)
        trips = lines(rf"  round trip ms: p50 {NUMBER}  p95 {NUMBER}  p99 {NUMBER}  max {NUMBER}", out)
        assert len(trips) == 2, out


def postgres_url() -> str | None:
    """The server the PostgreSQL tests use (tests/bot/databases.py), when one can be reached."""
    url = os.environ.get("TAMMI_TEST_POSTGRES_URL") or "postgresql://postgres@127.0.0.1:5432/postgres"

    async def reach() -> None:
        connection = await asyncpg.connect(url, timeout=5)
        await connection.close()

    try:
        asyncio.run(reach())
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        if os.environ.get("TAMMI_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"bench_processes.py: no PostgreSQL server ({type(error).__name__}: {error}), "
                        "and TAMMI_REQUIRE_POSTGRES=1")
        return None
    return url


@covers("bench_processes.py")
def test_bench_processes() -> None:
    """Two bot processes on one SQLite file, and one on PostgreSQL when a server is there (the script
    creates a database of its own on it and drops it)."""
    url = postgres_url()
    configs = "sqlite:2" + (",postgres:1" if url else "")
    out = bench("bench_processes.py", "--games", "2", "--seconds", "0.3", "--size", "96",
                "--configs", configs, *(["--postgres", url] if url else []))
    assert lines(r"2 games, 0.3 s each, pictures 96 px drawn in threads, \d+ cores", out), out
    rows = lines(rf"(\w+) x(\d): (\d+) moves/s; round trip ms p50 {NUMBER} p99 {NUMBER}; CPU cores: "
                 rf"bot processes {NUMBER}, PostgreSQL server {NUMBER}", out)
    assert [(m[1], m[2]) for m in rows] == [("sqlite", "2"), *([("postgres", "1")] if url else [])], out
    assert all(int(m[3]) > 0 for m in rows)


def git_has(revision: str) -> bool:
    return subprocess.run(["git", "-C", ROOT, "cat-file", "-e", f"{revision}^{{commit}}"],
                          capture_output=True).returncode == 0


@covers("bench_opponent.py")
def test_bench_opponent() -> None:
    """Level 2 against level 1 in every variant, and level 1 against the frozen engine of the base
    revision when this clone has it (py-draughts' engines are not played: they would be installed from
    the network)."""
    base = re.search(r'^BASE_REV = "([0-9a-f]+)"$', (BENCHMARKS / "bench_opponent.py").read_text(), re.M)
    assert base, "bench_opponent.py names its base revision in BASE_REV"
    pairings = ["new2:new1", *(["new1:base1"] if git_has(base[1]) else [])]
    out = bench("bench_opponent.py", "--games", "2", "--nodes", "100", "--max-plies", "12",
                "--variants", "english,italian,international", "--pairings", ",".join(pairings))
    games = lines(r"  (\w+) game (\d): (\w+) as (white|black), opening .*: (draw|\w+ wins) \(.*\)  "
                  r"running \+\d+ =\d+ -\d+", out)
    assert len(games) == 2 * 3 * len(pairings), out
    assert lines(r"budget per move: 100 nodes; max 12 plies; tweaks: none; \d+s wall in all", out), out
    rows = lines(r"(new\d vs \w+) +(\w+) +2 +100 nodes +(\d+) +(\d+) +(\d+) +\d+%", out)
    assert sorted((m[1], m[2]) for m in rows) == sorted(
        (pairing.replace(":", " vs "), variant) for pairing in pairings
        for variant in ("english", "italian", "international"))
    assert all(int(m[3]) + int(m[4]) + int(m[5]) == 2 for m in rows)


@covers("bench_hub.py")
def test_bench_hub() -> None:
    """Two short games of the engine-backed level 5 against Tammi's level 5: with dame when it is
    installed (the test extra), and with the fake Hub engine of version 1 crashing in its second search
    (its moves then Tammi's, counted as fallbacks)."""
    dame = shutil.which("dame", path=os.pathsep.join([str(Path(sys.executable).parent),
                                                      os.environ.get("PATH", "")]))
    fake = hub_engine.command("--protocol", "1", "--fault", "crash", "--on", "2")
    for hub, name, version in ([(f"{dame} hub", "dame", 2)] if dame else []) + [(fake, "Fake", 1)]:
        out = bench("bench_hub.py", "--hub", hub, "--games", "2", "--move-time", "0.05", "--tammi-time",
                    "0.05", "--max-plies", "12")
        assert lines(rf"{name} .*\(Hub {version}\) at 0.05s a move vs Tammi level 5 at 0.05s a move; "
                     r"2 games, max 12 plies", out), out
        games = lines(r"  game \d: engine as (white|black): (win|draw|loss) in \d+ plies  running .*", out)
        assert len(games) == 2, out
        (row,) = lines(rf"({name}.*?) +2 +(\d+) +(\d+) +(\d+) +\d+% +(\d+) +\d+", out)
        assert sum(int(row[i]) for i in (2, 3, 4)) == 2 and (int(row[5]) > 0) == (name == "Fake"), out


@covers("bench_review.py")
def test_bench_review() -> None:
    """A 12-ply International game reviewed at 300 nodes a position in 1 and 2 processes (the same
    review), then by dame when it is installed (the test extra)."""
    dame = shutil.which("dame", path=os.pathsep.join([str(Path(sys.executable).parent),
                                                      os.environ.get("PATH", "")]))
    hub = ["--hub", f"{dame} hub", "--hub-time", "0.02"] if dame else ["--no-hub"]
    out = bench("bench_review.py", "--plies", "12", "--nodes", "300", "--game-nodes", "100", *hub)
    assert lines(r"an International game of 12 plies, \d+ cores, load average .*", out), out
    rows = lines(rf"Tammi's engine, 300 nodes a position, (\d) review processes: {NUMBER} s wall, CPU "
                 rf"{NUMBER} s, \d+ moves flagged, \d+ turning points \(load average .*\)", out)
    assert [m[1] for m in rows] == ["1", "2"], out
    assert lines(rf"2 processes against 1: {NUMBER} times as fast \(\d+% of the time\); same review: yes",
                 out), out
    hubs = lines(rf"Hub engine \(dame\), 0.02 s a position, 1 engine process: {NUMBER} s wall, .*"
                 r"budget \{'seconds': 0.02\} .*", out)
    assert len(hubs) == (1 if dame else 0), out


@pytest.fixture(scope="module")
def selfplay(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """Two short International self-play games in two processes: the output and the data file."""
    data = tmp_path_factory.mktemp("selfplay") / "international.txt"
    out = bench("selfplay.py", "international", "--games", "2", "--nodes", "100", "--jobs", "2",
                "--max-plies", "40", "--out", data)
    return out, data


@covers("selfplay.py")
def test_selfplay(selfplay: tuple[str, Path]) -> None:
    out, data = selfplay
    done = lines(rf"done: 2 games, (\d+) positions in {re.escape(str(data))}", out)
    assert done, out
    written = [line for line in data.read_text().splitlines() if line]
    assert len(written) == int(done[0][1]) > 0
    for line in written:
        fen, result, score = line.split("\t")
        assert fen[:2] in ("W:", "B:") and result in ("0.0", "0.5", "1.0") and re.fullmatch(r"-?\d+", score)


@covers("tune_eval.py")
def test_tune_eval(selfplay: tuple[str, Path], tmp_path: Path) -> None:
    """A few epochs on the self-play data, pattern values and search scores included; the weights it
    writes load into the engine."""
    if importlib.util.find_spec("numpy") is None:
        pytest.skip("tune_eval.py needs numpy, which is not installed")
    _, data = selfplay
    weights = tmp_path / "international.json"
    out = bench("tune_eval.py", "international", "--data", data, "--epochs", "3", "--patterns",
                "--lam", "0.5", "--out", weights)
    assert lines(rf"\d+ quiet positions from {re.escape(str(data))} \(\d+s\)", out), out
    assert lines(rf"scale \d+; loss before: training {NUMBER}, held out {NUMBER}", out), out
    assert lines(rf"loss after:  training {NUMBER}, held out {NUMBER}", out), out
    assert lines(r"  pattern values: \d+ of \d+ non-zero, largest \d+", out), out
    assert f"wrote {weights}" in out
    assert json.loads(weights.read_text())["about"].startswith("fitted by benchmarks/tune_eval.py")
    loaded = evaluation.load_weights("international", weights)
    assert len(loaded.pst_open) == len(evaluation.WEIGHTS["international"].pst_open)


@covers("bench_puzzles.py")
def test_bench_puzzles() -> None:
    """One short self-play game per variant, mined in one worker process: the counts and the rates."""
    out = bench("bench_puzzles.py", "--games", "1", "--max-plies", "30", "--jobs", "1")
    assert lines(r"1 self-play games per variant \(levels 1 and 4, at most 30 plies\), 1 worker processes",
                 out), out
    rows = lines(r"(\w+): (\d+) positions, (\d+) candidates, (\d+) rejected by the deeper search \(\d+%\), "
                 r"(\d+) puzzles", out)
    assert [m[1] for m in rows] == ["english", "italian", "international"], out
    assert all(0 < int(m[2]) <= 31 and int(m[4]) <= int(m[3]) and int(m[5]) <= int(m[3]) for m in rows), out
    rates = lines(rf"  CPU {NUMBER} s \(wall {NUMBER} s\): {NUMBER} puzzles per CPU-minute; "
                  r"screen \d+ plies/\d+ nodes, find \d+ plies/\d+ nodes, verify \d+ plies/\d+ nodes", out)
    assert len(rates) == 3, out


def test_every_script_has_a_smoke_run() -> None:
    scripts = {path.name for path in BENCHMARKS.glob("*.py")}
    assert not scripts - COVERED, f"benchmarks without a smoke run in {Path(__file__).name}: " \
                                  f"{sorted(scripts - COVERED)}"
    assert not COVERED - scripts, f"smoke runs of scripts that are gone: {sorted(COVERED - scripts)}"


@covers("soak.py")
def test_soak() -> None:
    """A two-second soak on SQLite, and on PostgreSQL when a server is there: the memory curve and the
    growth over the second half are printed."""
    url = postgres_url()
    for extra in ([], *([["--postgres", url]] if url else [])):
        out = bench("soak.py", "--seconds", "2", "--every", "0.5", "--games", "3", "--rate", "30", *extra)
        kind = "PostgreSQL" if extra else "SQLite"
        assert lines(rf"soak on {kind}: 3 games at once, 30 moves/s, 2 s; malloc's mmap threshold fixed",
                     out), out
        samples = lines(rf" +{NUMBER} s  rss +{NUMBER} MB  heap +{NUMBER} MB  moves +(\d+)  games +\d+"
                        rf"(?:  malloc free +{NUMBER} MB)?", out)
        assert len(samples) >= 3 and int(samples[-1][1]) > 0, out
        assert lines(rf"rss {NUMBER} -> {NUMBER} MB over \d+ s, \d+ moves; growth over the second half: "
                     rf"[+-]{NUMBER} MB/min", out), out


@covers("bench_queue.py")
def test_bench_queue() -> None:
    """The job queue's round trip and its throughput with one and two workers, when a PostgreSQL server
    is there (the script creates a database of its own on it and drops it)."""
    url = postgres_url()
    if url is None:
        pytest.skip("bench_queue.py needs a PostgreSQL server: none is reachable")
    out = bench("bench_queue.py", "--jobs", "10", "--workers", "1,2", "--postgres", url)
    assert lines(rf"round trip ms, 10 jobs one at a time: p50 {NUMBER}  p95 {NUMBER}  max {NUMBER}", out), out
    assert [m[1] for m in lines(rf"workers (\d): 10 jobs in {NUMBER} s, \d+ jobs/s", out)] == ["1", "2"], out
