"""How strong is Tammi's bot? Matches against a frozen copy of an earlier engine, py-draughts' engines,
and between Tammi's own levels.

Players (give pairings as ``A:B`` with ``--pairings``):
- ``newN``   this checkout's engine at level N (in this process);
- ``baseN``  the engine of git revision ``--base-rev`` (default: main when issue 14 started) at level N,
             extracted with ``git archive`` into a temporary directory and run in a subprocess;
- ``turbo``  py-draughts 1.10's TurboEngine (International only), in a subprocess;
- ``simple`` py-draughts 1.10's SimpleEngine (English and International), in a subprocess.

Every pairing plays from varied openings (two plies chosen at random from the start position, seeded),
each opening twice with the colours swapped. The budget per move is the same for both sides:
``--time`` seconds of CPU time of the thinking process (both engines' clocks are switched from wall time
to process CPU time, so a loaded machine slows the games down but does not change their result), or
``--nodes`` nodes per move for Tammi's engines (py-draughts then still gets ``--time``). Games run one at a
time. A game still running after ``--max-plies`` plies is scored a draw.

py-draughts 1.10 lives in its own virtualenv (benchmarks/.peer-venv, created on first use; it needs numpy).
The subprocesses speak one-line protocols: ``go ...`` -> ``1,5,14;9`` (the squares the moved piece stands
on, then the captured squares, in the shared 1-based numbering).

    python benchmarks/bench_opponent.py --games 40 --time 0.5          # the issue-14 table
    python benchmarks/bench_opponent.py --games 10 --nodes 10000 --variants international
    python benchmarks/bench_opponent.py --pairings new2:new1,new3:new2,new4:new3,new5:new4 --nodes 5000
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import random
import subprocess
import sys
import tempfile
import time
import types
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Board, Color, Move, evaluation
from engine import search as new_search

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PEER_PYTHON = HERE / ".peer-venv" / "bin" / "python"
#: main when issue 14 (a stronger opponent) was started: "today's level 5"
BASE_REV = "b4b3f1984be7f35df0e1f27ee040d1b1db9c3b0e"

# Both the old engine and py-draughts read `time.perf_counter()` from their module's `time`; the scripts
# give them a stand-in whose perf_counter is the process CPU clock.
CPU_CLOCK = r'''
import time as _time, types as _types
CPU = _types.SimpleNamespace(perf_counter=_time.process_time, time=_time.process_time)
'''

BASE_SCRIPT = CPU_CLOCK + r'''
import random, sys
sys.path.insert(0, sys.argv[1])
from engine import Board, Move
from engine import search
search.time = CPU

def encode(m):
    return ",".join(map(str, m.path)) + ";" + ",".join(map(str, m.captures))

def decode(item):
    p, _, c = item.partition(";")
    return Move(tuple(int(s) for s in p.split(",")), tuple(int(s) for s in c.split(",") if s))

for line in sys.stdin:
    parts = line.split()
    if not parts or parts[0] == "quit":
        break
    _, variant, level, seconds, nodes, seed, *moves = parts
    board = Board(variant)
    for item in moves:
        board.push(decode(item))
    r = search.analyse(board, level=int(level), time_limit=None if seconds == "-" else float(seconds),
                       node_limit=None if nodes == "-" else int(nodes), rng=random.Random(int(seed)))
    print(encode(r.move), flush=True)
'''

PEER_SCRIPT = CPU_CLOCK + r'''
import sys
from loguru import logger
logger.remove()
from draughts.boards.american import Board as American
from draughts.boards.standard import Board as Standard
from draughts.engines import simple, turbo
simple.time = CPU
turbo.time = CPU

class WcdfBoard(American):
    """American checkers with compulsory capture (py-draughts 1.10 makes captures optional)."""
    @property
    def legal_moves(self):
        moves = super().legal_moves
        caps = [m for m in moves if m.captured_list]
        return caps or moves

def encode(m):
    return ",".join(str(s + 1) for s in m.square_list) + ";" + ",".join(str(c + 1) for c in m.captured_list)

BOARDS = {"english": WcdfBoard, "international": Standard}
engines = {}
for line in sys.stdin:
    parts = line.split(maxsplit=4)
    if not parts or parts[0] == "quit":
        break
    if parts[0] == "moves":
        b = BOARDS[parts[1]].from_fen(parts[2])
        print(" ".join(encode(m) for m in b.legal_moves), flush=True)
        continue
    if parts[0] == "newgame":
        engines.clear()
        print("ok", flush=True)
        continue
    _, name, variant, seconds, fen = parts
    key = (name, variant, seconds)
    if key not in engines:
        cls = turbo.TurboEngine if name == "turbo" else simple.SimpleEngine
        engines[key] = cls(depth_limit=64, time_limit=float(seconds))
    board = BOARDS[variant].from_fen(fen.strip())
    print(encode(engines[key].get_best_move(board)), flush=True)
'''


class Process:
    """A subprocess answering one line per request."""

    def __init__(self, args: list[str]) -> None:
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, line: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        if not reply:
            raise RuntimeError(f"the subprocess {self.proc.args[:2]} died")
        return reply.strip()

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, BrokenPipeError, ValueError):
            assert self.proc.stdin is not None
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
        self.proc.wait(timeout=10)


def _parse(item: str) -> Move:
    path_s, _, caps_s = item.partition(";")
    return Move(tuple(int(s) for s in path_s.split(",") if s), tuple(int(s) for s in caps_s.split(",") if s))


def _encode(m: Move) -> str:
    return ",".join(map(str, m.path)) + ";" + ",".join(map(str, m.captures))


def _legal(board: Board, move: Move, who: str) -> Move:
    legal = board.legal_equivalent(move)
    if legal is None:
        raise RuntimeError(f"{who} played {move}, not legal in {board.fen()}")
    return legal


@dataclass(frozen=True)
class Budget:
    seconds: float  # CPU seconds per move
    nodes: int | None  # node limit per move for Tammi's engines (then no time limit for them)

    def __str__(self) -> str:
        return f"{self.nodes} nodes" if self.nodes else f"{self.seconds}s CPU"


class Players:
    """Makes moves for every kind of player; starts the subprocesses it needs on first use."""

    def __init__(self, base_rev: str) -> None:
        self.base_rev = base_rev
        self.base: Process | None = None
        self.peer: Process | None = None
        self.tmp: tempfile.TemporaryDirectory[str] | None = None
        cpu = types.SimpleNamespace(perf_counter=time.process_time, time=time.process_time)
        new_search.__dict__["time"] = cpu  # this engine too thinks on the CPU clock

    def _base(self) -> Process:
        if self.base is None:
            self.tmp = tempfile.TemporaryDirectory(prefix="tammi-base-")
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", self.base_rev, "engine"],
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", self.tmp.name], input=archive, check=True)
            self.base = Process([sys.executable, "-c", BASE_SCRIPT, self.tmp.name])
        return self.base

    def _peer(self) -> Process:
        if self.peer is None:
            from bench_perft import peer_python  # creates benchmarks/.peer-venv on first use

            peer_python()
            self.peer = Process([str(PEER_PYTHON), "-c", PEER_SCRIPT])
            check_mapping(self.peer)
        return self.peer

    def new_game(self, names: list[str]) -> None:
        if any(n in ("turbo", "simple") for n in names):
            self._peer().ask("newgame")

    def move(self, who: str, board: Board, budget: Budget, seed: int) -> Move:
        if who.startswith("new"):
            seconds = None if budget.nodes else budget.seconds
            r = new_search.analyse(board, level=int(who[3:]), time_limit=seconds, node_limit=budget.nodes,
                                   rng=random.Random(seed), keep=True)
            return r.move
        if who.startswith("base"):
            seconds = "-" if budget.nodes else str(budget.seconds)
            nodes = str(budget.nodes) if budget.nodes else "-"
            moves = " ".join(_encode(m) for m in board.move_stack)
            line = f"go {board.variant.name} {who[4:]} {seconds} {nodes} {seed} {moves}"
            return _legal(board, _parse(self._base().ask(line)), who)
        if who in ("turbo", "simple"):
            reply = self._peer().ask(f"go {who} {board.variant.name} {budget.seconds} {board.fen()}")
            return _legal(board, _parse(reply), who)
        raise ValueError(f"unknown player {who}")

    def close(self) -> None:
        for proc in (self.base, self.peer):
            if proc is not None:
                proc.close()
        if self.tmp is not None:
            self.tmp.cleanup()


def check_mapping(peer: Process) -> None:
    """The two libraries must agree on square numbers and legal moves (start and capture positions)."""
    positions = {
        "english": [None, "B:W14,15,22:B10", "W:W18,K30:B14,23,K27", "B:W21,22,23:B17,K26"],
        "international": [None, "W:W28,K46:B23,32,37", "B:W33,34,39:B28,K5"],
    }
    for variant, fens in positions.items():
        for fen in fens:
            b = Board(variant, fen=fen)
            ours = {((m.start, m.end), frozenset(m.captures)) for m in b.legal_moves}
            theirs = set()
            for item in peer.ask(f"moves {variant} {b.fen()}").split():
                m = _parse(item)
                theirs.add(((m.start, m.end), frozenset(m.captures)))
            if ours != theirs:
                raise SystemExit(f"square mapping mismatch in {variant} {b.fen()}: {ours} vs {theirs}")
    print("square mapping checked: start and capture positions agree in english and international")


@dataclass
class Score:
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0


def openings(variant: str, count: int, seed: int) -> list[list[Move]]:
    """`count` different two-ply openings, chosen with a seeded rng."""
    b = Board(variant)
    pairs: list[list[Move]] = []
    for m1 in b.legal_moves:
        b.push(m1)
        for m2 in b.legal_moves:
            pairs.append([m1, m2])
        b.pop()
    rng = random.Random(seed)
    rng.shuffle(pairs)
    return [pairs[i % len(pairs)] for i in range(count)]


def play_game(
    players: Players, variant: str, opening: list[Move], sides: dict[Color, str], budget: Budget,
    max_plies: int, seed: int,
) -> tuple[Color | None, int, str]:
    board = Board(variant)
    for m in opening:
        board.push(m)
    players.new_game(list(sides.values()))
    while True:
        out = board.outcome()
        if out is not None:
            return out.winner, board.ply, out.reason
        claim = board.claimable_draw()
        if claim is not None and (not sides[board.turn].startswith("new")
                                  or new_search.should_claim_draw(board) is not None):
            # py-draughts' own board ends these games by itself; Tammi claims when not clearly winning
            return None, board.ply, f"claim:{claim}"
        if board.ply >= max_plies:
            return None, board.ply, "move cap"
        board.push(players.move(sides[board.turn], board, budget, seed + board.ply))


def match(players: Players, variant: str, a: str, b: str, games: int, budget: Budget, max_plies: int,
          seed: int) -> Score:
    """`a` against `b`: `games` games (rounded up to even), each opening with both colours. Score of `a`."""
    score = Score()
    for i, opening in enumerate(openings(variant, (games + 1) // 2, seed)):
        for a_color in (Color.WHITE, Color.BLACK):
            sides = {a_color: a, a_color.other: b}
            t0 = time.perf_counter()
            winner, plies, reason = play_game(players, variant, opening, sides, budget, max_plies, seed + i)
            if winner is None:
                score.draws += 1
                res = "draw"
            elif winner is a_color:
                score.wins += 1
                res = f"{a} wins"
            else:
                score.losses += 1
                res = f"{b} wins"
            print(f"  {variant} game {score.games}: {a} as {a_color.name.lower()}, opening "
                  f"{' '.join(map(str, opening))}: {res} ({reason}, {plies} plies, "
                  f"{time.perf_counter() - t0:.0f}s)  running +{score.wins} ={score.draws} -{score.losses}",
                  flush=True)
    return score


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--time", type=float, default=0.5, help="CPU seconds per move for both sides")
    p.add_argument("--nodes", type=int, default=None,
                   help="node limit per move for Tammi's engines instead of --time (~100k nodes = 1 s)")
    p.add_argument("--games", type=int, default=10, help="games per pairing (even: colours swapped)")
    p.add_argument("--variants", default="english,italian,international")
    p.add_argument("--pairings", default="new5:base5,new5:turbo",
                   help="comma-separated A:B; turbo plays International only, simple not Italian")
    p.add_argument("--base-rev", default=BASE_REV, help="git revision of the frozen engine (baseN)")
    p.add_argument("--max-plies", type=int, default=240, help="score a draw after this many plies")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--tweak", default="",
                   help="NAME=INT,... set engine.search constants or VARIANT.FIELD evaluation weights of the "
                        "new engine (to compare features)")
    p.add_argument("--weights", default="",
                   help="VARIANT=FILE,... the new engine's evaluation weights from these files (written "
                        "by tune_eval.py --out) instead of engine/weights/")
    args = p.parse_args(argv)
    for item in filter(None, args.weights.split(",")):
        variant, _, path = item.partition("=")
        evaluation.WEIGHTS[variant] = evaluation.load_weights(variant, Path(path))
    for item in filter(None, args.tweak.split(",")):
        name, _, value = item.partition("=")
        if "." in name:  # VARIANT.FIELD: a weight of the evaluation
            variant, _, field = name.partition(".")
            weights = evaluation.WEIGHTS[variant]
            evaluation.WEIGHTS[variant] = dataclasses.replace(weights, **{field: int(value)})
        elif name.startswith(("LMR_DEEP_", "ASPIRATION_")):  # per variant: LMR_DEEP_<variant>, ...
            table, _, variant = name.partition("_") if name.startswith("ASPIRATION") else name.rpartition("_")
            getattr(new_search, table)[variant] = int(value)
        elif hasattr(new_search, name):
            new_search.__dict__[name] = int(value)
        else:
            p.error(f"engine.search has no {name}")
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    pairings = [tuple(x.split(":")) for x in args.pairings.split(",") if x.strip()]
    budget = Budget(args.time, args.nodes)
    rows: list[tuple[str, str, Score]] = []
    started = time.perf_counter()
    players = Players(args.base_rev)
    try:
        for variant in variants:
            for a, b in pairings:
                if "turbo" in (a, b) and variant != "international":
                    continue
                if "simple" in (a, b) and variant == "italian":
                    continue
                print(f"{variant}: {a} vs {b}, {budget} per move", flush=True)
                s = match(players, variant, a, b, args.games, budget, args.max_plies, args.seed)
                rows.append((f"{a} vs {b}", variant, s))
    finally:
        players.close()
    peers_played = any("turbo" in name or "simple" in name for name, _, _ in rows)
    peer_budget = f", py-draughts {args.time}s CPU" if args.nodes and peers_played else ""
    print(f"\nbudget per move: {budget}{peer_budget}; max {args.max_plies} plies; "
          f"tweaks: {args.tweak or 'none'}; {time.perf_counter() - started:.0f}s wall in all")
    print(f"{'pairing':18s} {'variant':14s} {'games':>5s} {'per move':>16s} {'W':>3s} {'D':>3s} {'L':>3s} "
          f"{'score':>6s}")
    for name, variant, s in rows:
        peer = "turbo" in name or "simple" in name
        per_move = f"{budget}/{args.time}s" if peer and args.nodes else str(budget)
        print(f"{name:18s} {variant:14s} {s.games:5d} {per_move:>16s} {s.wins:3d} {s.draws:3d} {s.losses:3d} "
              f"{100 * s.points:5.0f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
