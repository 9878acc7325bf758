"""How strong is Tammi's bot? Matches against py-draughts' SimpleEngine and between Tammi's own levels.

Every pairing plays from a set of varied openings (two plies chosen at random from the start position,
seeded), each opening twice with the colours swapped, at the same time per move for both sides.

py-draughts 1.10 lives in its own virtualenv (benchmarks/.peer-venv, it needs numpy); this script talks to
it through a subprocess and a one-line protocol:  ``go VARIANT SECONDS FEN``  ->  ``1,5,14;9`` (the
squares the moved piece stands on, then the captured squares, in the shared 1-based numbering).
Its American board offers captures as optional; the peer process filters them to the captures when any
exist, so both sides play by the WCDF rules.

    python benchmarks/bench_opponent.py                  # default: small matches, 0.2 s per move
    python benchmarks/bench_opponent.py --games 4 --variants english --no-ladder
"""

from __future__ import annotations

import argparse
import contextlib
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Board, Color, Move
from engine.search import choose_move, should_claim_draw

PEER_PYTHON = Path(__file__).resolve().parent / ".peer-venv" / "bin" / "python"

PEER_SCRIPT = r'''
import sys
from loguru import logger
logger.remove()
from draughts.boards.american import Board as American
from draughts.boards.standard import Board as Standard
from draughts.engines.simple import SimpleEngine

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
    parts = line.split(maxsplit=3)
    if not parts or parts[0] == "quit":
        break
    if parts[0] == "moves":
        b = BOARDS[parts[1]].from_fen(parts[2])
        print(" ".join(encode(m) for m in b.legal_moves), flush=True)
        continue
    _, variant, seconds, fen = parts
    key = (variant, seconds)
    if key not in engines:
        engines[key] = SimpleEngine(depth_limit=64, time_limit=float(seconds))
    board = BOARDS[variant].from_fen(fen.strip())
    move = engines[key].get_best_move(board)
    print(encode(move), flush=True)
'''


class Peer:
    """py-draughts' SimpleEngine in a subprocess."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [str(PEER_PYTHON), "-c", PEER_SCRIPT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def ask(self, line: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        if not reply:
            raise RuntimeError("the py-draughts process died")
        return reply.strip()

    def legal_moves(self, board: Board) -> set[tuple[tuple[int, ...], frozenset[int]]]:
        """The peer's legal moves in a position, as (path ends, captured set), for checking the mapping."""
        out: set[tuple[tuple[int, ...], frozenset[int]]] = set()
        for item in self.ask(f"moves {board.variant.name} {board.fen()}").split():
            path, caps = _parse(item)
            out.add(((path[0], path[-1]), frozenset(caps)))
        return out

    def choose(self, board: Board, seconds: float) -> Move:
        path, caps = _parse(self.ask(f"go {board.variant.name} {seconds} {board.fen()}"))
        move = board.legal_equivalent(Move(path, caps))
        if move is None:
            raise RuntimeError(f"py-draughts played {path}/{caps}, not legal in {board.fen()}")
        return move

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, BrokenPipeError, ValueError):
            self.ask("quit")
        self.proc.wait(timeout=10)


def _parse(item: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    path_s, _, caps_s = item.partition(";")
    path = tuple(int(s) for s in path_s.split(",") if s)
    caps = tuple(int(s) for s in caps_s.split(",") if s)
    return path, caps


def check_mapping(peer: Peer) -> None:
    """The two libraries must agree on square numbers and legal moves (start and capture positions)."""
    positions = {
        "english": [None, "B:W14,15,22:B10", "W:W18,K30:B14,23,K27", "B:W21,22,23:B17,K26"],
        "international": [None, "W:W28,K46:B23,32,37", "B:W33,34,39:B28,K5"],
    }
    for variant, fens in positions.items():
        for fen in fens:
            b = Board(variant, fen=fen)
            ours = {((m.start, m.end), frozenset(m.captures)) for m in b.legal_moves}
            theirs = peer.legal_moves(b)
            if ours != theirs:
                raise SystemExit(f"square mapping mismatch in {variant} {b.fen()}: {ours} vs {theirs}")
    print("square mapping checked: start and capture positions agree in english and international")


Player = str  # "peer" or "L1".."L5"


@dataclass
class Score:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    plies: list[int] = field(default_factory=list)
    think: list[float] = field(default_factory=list)

    @property
    def points(self) -> float:
        n = self.wins + self.draws + self.losses
        return (self.wins + 0.5 * self.draws) / n if n else 0.0


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
    return pairs[:count]


def play_game(
    variant: str, opening: list[Move], players: dict[Color, Player], seconds: float, peer: Peer | None,
    max_plies: int, rng: random.Random, think: dict[Player, list[float]], peer_seconds: float,
) -> tuple[Color | None, int, str]:
    board = Board(variant)
    for m in opening:
        board.push(m)
    while True:
        out = board.outcome()
        if out is not None:
            return out.winner, board.ply, out.reason
        if board.claimable_draw() is not None and (
            players[board.turn] == "peer" or should_claim_draw(board) is not None
        ):
            # py-draughts' own board ends these games by itself; Tammi claims when not clearly winning
            return None, board.ply, f"claim:{board.claimable_draw()}"
        if board.ply >= max_plies:
            return None, board.ply, "move cap"
        who = players[board.turn]
        t0 = time.perf_counter()
        if who == "peer":
            assert peer is not None
            move = peer.choose(board, peer_seconds)
        else:
            move = choose_move(board, level=int(who[1:]), time_limit=seconds, rng=rng)
        think.setdefault(who, []).append(time.perf_counter() - t0)
        board.push(move)


def match(
    variant: str, a: Player, b: Player, games: int, seconds: float, peer: Peer | None, max_plies: int,
    seed: int, peer_seconds: float | None = None,
) -> Score:
    """`a` against `b`: `games` games (rounded up to even), each opening with both colours. Score of `a`."""
    score = Score()
    think: dict[Player, list[float]] = {}
    rng = random.Random(seed)
    for i, opening in enumerate(openings(variant, (games + 1) // 2, seed)):
        for a_color in (Color.WHITE, Color.BLACK):
            players = {a_color: a, a_color.other: b}
            t0 = time.perf_counter()
            winner, plies, reason = play_game(variant, opening, players, seconds, peer, max_plies, rng, think,
                                              peer_seconds or seconds)
            if winner is None:
                score.draws += 1
                res = "draw"
            elif winner is a_color:
                score.wins += 1
                res = f"{a} wins"
            else:
                score.losses += 1
                res = f"{b} wins"
            score.plies.append(plies)
            print(f"  {variant} game {2 * i + (a_color is Color.BLACK) + 1}: {a} as {a_color.name.lower()}, "
                  f"opening {' '.join(map(str, opening))}: {res} ({reason}, {plies} plies, "
                  f"{time.perf_counter() - t0:.0f}s)", flush=True)
    for who, ts in think.items():
        print(f"  {who}: mean {sum(ts) / len(ts):.3f}s per move, max {max(ts):.3f}s")
    return score


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--time", type=float, default=0.2, help="seconds per move for both sides")
    p.add_argument("--games", type=int, default=6, help="games per pairing (even: colours swapped)")
    p.add_argument("--variants", default="english,international,italian")
    p.add_argument("--level", type=int, default=5, help="Tammi's level against py-draughts")
    p.add_argument("--peer-time", type=float, default=None,
                   help="seconds per move for py-draughts (default: the same as --time)")
    p.add_argument("--no-peer", action="store_true", help="skip the matches against py-draughts")
    p.add_argument("--no-ladder", action="store_true", help="skip the matches between Tammi's levels")
    p.add_argument("--ladder-games", type=int, default=None, help="games per ladder pairing")
    p.add_argument("--max-plies", type=int, default=240, help="adjudicate a draw after this many plies")
    p.add_argument("--seed", type=int, default=2026)
    args = p.parse_args(argv)
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    peer: Peer | None = None
    results: list[str] = []
    started = time.perf_counter()
    try:
        if not args.no_peer:
            from bench_perft import peer_python  # creates benchmarks/.peer-venv on first use

            peer_python()
            peer = Peer()
            check_mapping(peer)
        for variant in variants:
            if peer is not None and variant in ("english", "international"):
                me = f"L{args.level}"
                peer_time = args.peer_time or args.time
                times = f"{args.time}s/move" if peer_time == args.time else (
                    f"Tammi {args.time}s/move, py-draughts {peer_time}s/move")
                print(f"{variant}: Tammi level {args.level} vs py-draughts SimpleEngine, {times}")
                s = match(variant, me, "peer", args.games, args.time, peer, args.max_plies, args.seed,
                          peer_time)
                results.append(f"{variant:13s} Tammi L{args.level} vs py-draughts ({times}): +{s.wins} "
                               f"={s.draws} -{s.losses}  score {100 * s.points:.0f}%")
                print(results[-1], flush=True)
            if not args.no_ladder:
                for low in range(1, 5):
                    hi = f"L{low + 1}"
                    print(f"{variant}: Tammi {hi} vs L{low}, {args.time}s/move")
                    s = match(variant, hi, f"L{low}", args.ladder_games or args.games, args.time, None,
                              args.max_plies, args.seed + low)
                    results.append(f"{variant:13s} Tammi {hi} vs L{low}: +{s.wins} ={s.draws} -{s.losses}  "
                                   f"score {100 * s.points:.0f}%")
                    print(results[-1], flush=True)
    finally:
        if peer is not None:
            peer.close()
    print(f"\nSummary ({args.time}s per move, {time.perf_counter() - started:.0f}s in all):")
    for line in results:
        print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
