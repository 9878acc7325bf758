"""One session with a Hub engine: its process, the start-up talk, and searches.

The protocol is Scan's (`protocol.txt` in Scan's sources). Version 2 (Scan 3.x, dame) answers `hub`
with `id name=...`, then `param ...` lines, then `wait`; version 1 (Scan 2.0) with `name ...`,
`author ...`, `country ...` and `wait`. Then the parameters are set and `init` waits for `ready`. A search
sends the position after the game's last man move or capture, with the king moves since (version 2:
`pos pos=... moves="..."`; version 1: `pos ...` and one `move ...` per move), a budget (version 2:
`level move-time=...` and/or `nodes=...`; version 1: `time <milliseconds>`) and `go think` / `go
analyze` (version 1: `go` / `analyse`), and reads `info` lines until `done move=...` (version 1:
`move ...`). Lines it does not know are ignored, as the protocol asks.

Every fault raises `EngineFault` and kills the process: a program that cannot start, exits, answers
nothing within the search's time plus a margin, prints what is not text, gives a move that is not legal
in the position, or says `error`.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import IO

from bot.engines.notation import find_move, hub_move, hub_position, split_history
from bot.engines.settings import HubSettings, tt_size
from bot.engines.syntax import pair, parse
from engine import Board, Move

MAX_LINE = 65_536  # bytes; a longer line is not the protocol
NODE_RATE = 100_000  # nodes a second assumed of the slowest engine, for the deadline of a node budget
V1_NODE_RATE = 1_000_000  # version 1 has no node budget: nodes are searched as time at this rate
MATE = 100_000  # Tammi's score of a won position (engine.evaluation.MATE); wins lie within 1000 of it
_WINS = {1: (1_800, 2_000), 2: (8_000, 10_000)}
"""Per version, (hundredths of a man beyond which a score is a win, the score of a win at once)."""
_V1_HELLO = ("name", "author", "country", "version")


class EngineFault(Exception):
    """The engine failed: it did not start, exited, hung, or answered what it should not."""


@dataclass(frozen=True)
class Found:
    """A search's answer: the move, and from the last `info` the score (side to move, hundredths of a
    man; wins beyond MATE - 1000, as Tammi's own search scores them), depth and principal variation."""

    move: Move
    score: int | None = None
    depth: int | None = None
    pv: tuple[str, ...] = ()


def engine_score(value: int, version: int) -> int:
    """An engine's score in hundredths of a man, with its wins put where Tammi's search puts them.

    >>> engine_score(8, 2), engine_score(9_990, 2), engine_score(-1_993, 1)
    (8, 99990, -99993)
    """
    beyond, win = _WINS[version]
    if abs(value) <= beyond:
        return value
    sign = 1 if value > 0 else -1
    return sign * (MATE - min(999, max(1, win - abs(value))))


def _pump(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """The engine's output, line by line, into `lines`; None at its end (the stream is then closed)."""
    with stream:
        try:
            for raw in iter(lambda: stream.readline(MAX_LINE + 1), b""):
                lines.put(raw)
        except (OSError, ValueError):
            pass
    lines.put(None)


def _keep_tail(stream: IO[bytes], tail: deque[str]) -> None:
    """The last lines of the engine's error output, for the message of a fault."""
    with stream:
        try:
            for raw in iter(lambda: stream.readline(MAX_LINE), b""):
                text = raw.decode("utf-8", "replace").strip()
                if text:
                    tail.append(" ".join(text.split())[:200])
        except (OSError, ValueError):
            pass


class HubEngine:
    """A running Hub engine. `start` it (or use it in `with`), `search`, then `close` it."""

    def __init__(self, settings: HubSettings) -> None:
        self.settings = settings
        self.version = 0  # 1 or 2 once started
        self.name = ""
        self.params: dict[str, dict[str, str]] = {}  # version 2: the parameters it declared
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=3)
        self._said = threading.Thread()  # reads the error output once started

    def __enter__(self) -> HubEngine:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def label(self) -> str:
        return f"engine {self.settings.command!r}"

    # -- starting -----------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the program and talk it through `hub` and `init`; EngineFault if that fails."""
        try:
            self._process = subprocess.Popen(
                self.settings.argv(), cwd=self.settings.cwd(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, start_new_session=True)  # its own group: Ctrl-C is for the bot
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or error
            raise EngineFault(f"{self.label} cannot start: {reason}") from None
        assert self._process.stdout is not None and self._process.stderr is not None
        threading.Thread(target=_pump, args=(self._process.stdout, self._lines), name="tammi-hub-out",
                         daemon=True).start()
        self._said = threading.Thread(target=_keep_tail, args=(self._process.stderr, self._stderr),
                                      name="tammi-hub-err", daemon=True)
        self._said.start()
        deadline = time.monotonic() + self.settings.start_time
        try:
            self._hello(deadline)
            for name, value in self._wanted():
                self._send(f"set-param {pair('name', name)} {pair('value', value)}" if self.version >= 2
                           else f"set {name} {value}")
            self._send("init")
            while self._read(deadline, "init").split(None, 1)[0] != "ready":
                pass
        except EngineFault:
            self.kill()
            raise

    def _hello(self, deadline: float) -> None:
        """`hub`, and the answer until `wait`: which version, the name, the declared parameters."""
        self._send("hub")
        while True:
            line = self._read(deadline, "hub")
            word, _, rest = line.partition(" ")
            if word == "wait":
                break
            if word in _V1_HELLO and self.version != 2:
                self.version = 1
                self.name = rest.strip() if word == "name" else self.name
            elif word in ("id", "param"):
                self.version = 2
                args = self._parsed(line)
                if word == "id":
                    self.name = " ".join(args[key] for key in ("name", "version") if args.get(key))
                elif args.get("name"):
                    self.params[args["name"]] = args
        if not self.version:
            raise EngineFault(f"{self.label} is not a Hub engine: it answered `hub` with no `id` or `name`")

    def _wanted(self) -> list[tuple[str, str]]:
        """The parameters to set: threads, hash and book where the engine has them (under Scan's names,
        or dame's `hash` in MiB), International rules where it has variants, then the extra ones."""
        s, declared = self.settings, self.params
        if self.version == 1:  # Scan 2.0 declares nothing; these are its names
            declared = {"threads": {}, "tt-size": {"min": "16", "max": "30"}, "book": {}}
        wanted: list[tuple[str, str]] = []
        if "normal" in declared.get("variant", {}).get("values", "").split():
            wanted.append(("variant", "normal"))
        if s.threads is not None and "threads" in declared:
            wanted.append(("threads", str(_bounded(s.threads, declared["threads"]))))
        if s.hash_mb is not None and "hash" in declared:
            wanted.append(("hash", str(_bounded(s.hash_mb, declared["hash"]))))
        elif s.hash_mb is not None and "tt-size" in declared:
            low, high = _bounded(16, declared["tt-size"]), _bounded(30, declared["tt-size"])
            wanted.append(("tt-size", str(tt_size(s.hash_mb, low, high))))
        if s.book is not None and "book" in declared:
            wanted.append(("book", "true" if s.book else "false"))
        return wanted + list(s.params)

    # -- searching ----------------------------------------------------------------------------------

    def search(self, board: Board, *, seconds: float | None, nodes: int | None = None,
               think: bool = True) -> Found:
        """The engine's move in `board` (a game not over) within `seconds` and/or `nodes`: `think` as in a
        game (its book may answer), else an analysis. EngineFault if it fails; it is then killed."""
        if seconds is None and nodes is None:
            raise ValueError("give a time, a node budget or both")
        base, tail = split_history(board)
        deadline = time.monotonic() + (seconds or 0.0) + (nodes or 0) / NODE_RATE + self.settings.margin
        try:
            if self.version >= 2:
                moves = " " + pair("moves", " ".join(map(hub_move, tail))) if tail else ""
                self._send(f"pos {pair('pos', hub_position(base))}{moves}")
                budget = [pair("move-time", f"{seconds:.3f}")] if seconds is not None else []
                self._send(" ".join(["level", *budget, *([pair("nodes", nodes)] if nodes else [])]))
                self._send("go think" if think else "go analyze")
            else:
                self._send(f"pos {hub_position(base, version=1)}")
                for move in tail:
                    self._send(f"move {hub_move(move)}")
                millis = 1000 * (seconds if seconds is not None else (nodes or 0) / V1_NODE_RATE)
                self._send(f"time {max(1, round(millis))}")
                self._send("go" if think else "analyse")
            return self._answer(board, deadline)
        except BaseException:  # a fault, or anything else in the middle of the talk: start afresh
            self.kill()
            raise

    def _answer(self, board: Board, deadline: float) -> Found:
        score: int | None = None
        depth: int | None = None
        pv: tuple[str, ...] = ()
        last = "done" if self.version >= 2 else "move"
        while True:
            line = self._read(deadline, "the search")
            word = line.split(None, 1)[0]
            if word == "error":
                raise EngineFault(f"{self.label} refused the search in {board.fen()}: {line[:200]}")
            if word == "info":
                score, depth, pv = self._info(line, score, depth, pv)
            elif word == last:
                text = (self._parsed(line).get("move", "") if self.version >= 2
                        else [*line.split(), ""][1])
                move = find_move(board, text)
                if move is None:
                    raise EngineFault(f"{self.label} answered {text!r}, not a legal move in {board.fen()}")
                return Found(move, score, depth, pv)

    def _info(self, line: str, score: int | None, depth: int | None,
              pv: tuple[str, ...]) -> tuple[int | None, int | None, tuple[str, ...]]:
        """The score, depth and line of an `info` line (what it lacks or garbles stays as it was)."""
        try:
            if self.version >= 2:
                args = parse(line)[1]
                if "score" in args:
                    score = engine_score(round(float(args["score"]) * 100), 2)
                depth = int(args["depth"]) if "depth" in args else depth
                pv = tuple(args["pv"].split()) if "pv" in args else pv
            else:  # info <depth> <mean depth> <score> <nodes> <time> <speed> <pv ...>
                words = line.split()
                depth, score, pv = int(words[1]), engine_score(int(words[3]), 1), tuple(words[7:])
        except (ValueError, IndexError, OverflowError):
            pass
        return score, depth, pv

    # -- lines --------------------------------------------------------------------------------------

    def _send(self, line: str) -> None:
        process = self._process
        if process is None or process.stdin is None:
            raise EngineFault(f"{self.label} is not running")
        try:
            process.stdin.write(line.encode() + b"\n")
            process.stdin.flush()
        except (OSError, ValueError):
            raise EngineFault(f"{self.label} {self._exit_text()}") from None

    def _read(self, deadline: float, waiting_for: str) -> str:
        """The next non-empty line, as text; EngineFault past the deadline, at its end or for garbage."""
        while True:
            try:
                raw = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineFault(f"{self.label} hung: no answer to {waiting_for} in time") from None
            if raw is None:
                raise EngineFault(f"{self.label} {self._exit_text()} during {waiting_for}")
            if len(raw) > MAX_LINE:
                raise EngineFault(f"{self.label} printed a line longer than {MAX_LINE} bytes")
            try:
                text = raw.decode("utf-8").strip()
            except UnicodeDecodeError:
                raise EngineFault(f"{self.label} printed something that is not text: {raw[:40]!r}") from None
            if text:
                return text

    def _parsed(self, line: str) -> dict[str, str]:
        try:
            return parse(line)[1]
        except ValueError:
            raise EngineFault(f"{self.label} printed a line the protocol does not allow: {line[:80]!r}"
                              ) from None

    def _exit_text(self) -> str:
        process = self._process
        code = None
        if process is not None:
            try:
                code = process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                return "closed its output"
            self._said.join(timeout=1.0)  # what it said before it ended
        said = f" (it said: {self._stderr[-1]})" if self._stderr else ""
        if code is not None and code < 0:
            return f"was killed by signal {-code}{said}"
        return f"exited with status {code}{said}"

    # -- stopping -----------------------------------------------------------------------------------

    def close(self) -> None:
        """Ask the engine to quit, and kill it if it has not within a second."""
        process = self._process
        if process is None:
            return
        if process.poll() is None:
            try:
                assert process.stdin is not None
                process.stdin.write(b"quit\n")
                process.stdin.close()
                process.wait(timeout=1.0)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        self.kill()

    def kill(self, *, wait: bool = True) -> None:
        """End the engine's process (and any it started) at once; without `wait`, only send the signal
        (in a worker that is being stopped, from its signal handler)."""
        process = self._process
        if process is None:
            return
        if process.returncode is None:  # not yet reaped: its number is still its own
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)
        if not wait:
            return
        self._process = None
        process.wait()
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass  # its output streams are closed by the threads that read them, at their end


def _bounded(value: int, declared: dict[str, str]) -> int:
    """`value` within the `min` and `max` an engine declared for the parameter (where it did)."""
    try:
        low = int(declared.get("min", value))
        high = int(declared.get("max", value))
    except ValueError:
        return value
    return max(low, min(high, value))
