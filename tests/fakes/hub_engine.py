"""A small fake engine speaking the Hub protocol (version 1 or 2), with switches for every fault.

Run as a program (`command(...)` gives its command line). It reads positions in Hub notation with its
own code (not Tammi's client's), answers with a short search of Tammi's engine, and can fail on
purpose: `--fault` with `--on N` (the Nth search of the process; 0: at start) and `--once FILE` (only
while FILE does not exist; it is made when the fault happens, so the next engine works).

Faults: no-start (exits at once), no-hello (never answers `hub`), not-hub (answers `hub` with neither
`id` nor `name`), crash (exits during a search), hang (never answers a search), garbage (prints bytes
that are not text), nonsense (`done move=banana`), illegal (a move that is not legal), error (answers
`error` and no move), flood (a line of 100 000 characters).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import Board, Move  # noqa: E402
from engine.search import analyse  # noqa: E402

FAULTS = ("no-start", "no-hello", "not-hub", "crash", "hang", "garbage", "nonsense", "illegal", "error",
          "flood")
START_FAULTS = ("no-start", "no-hello", "not-hub")


def command(*switches: str) -> str:
    """The command line that runs this fake with `switches` (e.g. "--protocol", "1")."""
    return shlex.join([sys.executable, str(Path(__file__).resolve()), *switches])


def board_of(text: str) -> Board:
    """A Hub position (either version's letters) as a board."""
    turn = "W" if text[0] in "wW" else "B"
    white = [("K" if c == "W" else "") + str(i) for i, c in enumerate(text[1:], 1) if c in "wW"]
    black = [("K" if c == "B" else "") + str(i) for i, c in enumerate(text[1:], 1) if c in "bB"]
    return Board("international", fen=f"{turn}:W{','.join(white)}:B{','.join(black)}")


def written(move: Move) -> str:
    if not move.captures:
        return f"{move.path[0]}-{move.path[-1]}"
    return "x".join(map(str, (move.path[0], move.path[-1], *move.captures)))


def played(board: Board, text: str) -> None:
    """Play a Hub move (from, to and captured squares) on `board`."""
    parts = [int(p) for p in text.replace("-", "x").split("x")]
    for move in board.legal_moves:
        if (move.path[0], move.path[-1]) == tuple(parts[:2]) and set(move.captures) == set(parts[2:]):
            board.push(move)
            return
    raise ValueError(text)


def pairs(line: str) -> dict[str, str]:
    """The arguments of a version-2 line (values may be quoted)."""
    found: dict[str, str] = {}
    for word in shlex.split(line)[1:]:
        name, _, value = word.partition("=")
        found[name] = value
    return found


class Fake:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.version = args.protocol
        self.board = Board("international")
        self.seconds = 1.0
        self.searches = 0

    def out(self, line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def faulty(self, when: int) -> str | None:
        """The fault to show now (at start: when 0; else at the `when`th search), if any."""
        args = self.args
        if args.fault is None or args.on != when:
            return None
        if args.once:
            if os.path.exists(args.once):
                return None
            Path(args.once).write_text("faulted")
        return str(args.fault)

    def log(self, line: str) -> None:
        if self.args.log:
            with open(self.args.log, "a", encoding="utf-8") as file:
                file.write(line + "\n")

    def hello(self, fault: str | None) -> None:
        if fault == "no-hello":
            return
        if fault == "not-hub":
            self.out("hello there")
        elif self.version == 2:
            self.out('id name=fake version=1.0 author="Tammi tests"')
            self.out("param name=variant value=normal type=enum values=\"normal killer\"")
            self.out("param name=threads value=1 type=int min=1 max=4")
            self.out("param name=tt-size value=24 type=int min=16 max=30")
            self.out("param name=book value=true type=bool")
        else:
            self.out("Fake Hub engine 1.0")  # Scan 2.0 says who it is before answering
            self.out("name Fake 1.0")
            self.out("author Tammi tests")
            self.out("country Finland")
        self.out("wait")

    def position(self, line: str) -> None:
        if self.version == 2:
            args = pairs(line)
            self.board = board_of(args["pos"])
            for text in args.get("moves", "").split():
                played(self.board, text)
        else:
            self.board = board_of(line.split()[1])

    def search(self) -> None:
        self.searches += 1
        fault = self.faulty(self.searches)
        time.sleep(min(self.seconds, self.args.think))
        result = analyse(self.board, time_limit=None, max_depth=2)
        move, score = written(result.move), max(-1500, min(1500, result.score))
        if self.args.pick is not None:  # a move Tammi's search would not choose
            texts = sorted(map(written, self.board.legal_moves))
            move = texts[self.args.pick % len(texts)]
        said = self.args.score  # as the engine writes it: men (version 2) or hundredths (version 1)
        if self.version == 2:
            self.out(f'info depth=2 score={said or f"{score / 100:.2f}"} nodes=10 pv="{move}"')
        else:
            self.out(f"info 2 2.0 {said or score} 10 0.01 0.0 {move}")
        if fault == "crash":
            sys.stderr.write("fake: segmentation fault\n")
            sys.stderr.flush()
            os._exit(1)
        if fault == "hang":
            return
        if fault == "garbage":
            sys.stdout.buffer.write(b"\xff\xfe\x00\x9c garbage\n")
            sys.stdout.flush()
            return
        if fault == "flood":
            self.out("x" * 100_000)
            return
        if fault == "error":
            self.out('error message="bad position"' if self.version == 2 else "error bad position")
            return
        move = "banana" if fault == "nonsense" else "1-2" if fault == "illegal" else move
        self.out(f"done move={move}" if self.version == 2 else f"move {move}")

    def run(self) -> None:
        self.log(f"# pid {os.getpid()}")
        fault = self.faulty(0)
        if fault == "no-start":
            sys.stderr.write("fake: cannot open data/eval\n")
            sys.exit(3)
        for raw in sys.stdin:
            line = raw.strip()
            self.log(line)
            word = line.split(" ", 1)[0]
            if word == "hub":
                self.hello(fault)
            elif word == "init":
                time.sleep(self.args.start)
                self.out("ready")
            elif word == "ping":
                self.out("pong")
            elif word == "pos":
                self.position(line)
            elif word == "move" and self.version == 1:
                played(self.board, line.split()[1])
            elif word == "level" and "move-time" in pairs(line):
                self.seconds = float(pairs(line)["move-time"])
            elif word == "time" and self.version == 1:
                self.seconds = int(line.split()[1]) / 1000
            elif line in ("go", "analyse") or (word == "go" and self.version == 2):
                self.search()
            elif word == "quit":
                return


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--protocol", type=int, choices=(1, 2), default=2)
    parser.add_argument("--fault", choices=FAULTS)
    parser.add_argument("--on", type=int, default=1, help="the search that faults (0: at start)")
    parser.add_argument("--once", help="fault only while this file does not exist")
    parser.add_argument("--log", help="append every line received to this file")
    parser.add_argument("--think", type=float, default=0.02, help="at most this long per search")
    parser.add_argument("--start", type=float, default=0.0, help="seconds `init` takes")
    parser.add_argument("--score", help="the score every search reports, as the protocol writes it")
    parser.add_argument("--pick", type=int, help="play the legal move of this index (in text order)")
    args = parser.parse_args()
    if args.fault in START_FAULTS:
        args.on = 0
    Fake(args).run()


if __name__ == "__main__":
    main()
