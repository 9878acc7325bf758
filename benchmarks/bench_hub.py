"""The engine-backed level 5 against Tammi's own level 5, in International draughts.

The engine side plays as the bot does when `[engine] hub` is set: `bot.engines.work.engine_move` at
`--move-time` a move (a fault falls back to Tammi's move and is counted). Tammi's side is
`engine.search.choose_move` at level 5 with `--tammi-time` a move. The defaults are the bot's default
times ([engine] move_time 1s, [opponent] time_limit 2s). Each game starts from two random plies
(seeded), colours alternating; a game still running after `--max-plies` plies is scored a draw. Games run
one at a time; no test asserts the figures.

    python benchmarks/bench_hub.py --hub "dame hub" --games 10
    python benchmarks/bench_hub.py --hub "/opt/scan/scan hub" --games 10 --hash-mb 256
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.config import EngineConfig, OpponentConfig
from bot.engines import EngineFault, HubEngine, HubSettings, work
from engine import Board, Color, Move, search


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    fallbacks: int = 0
    plies: int = 0

    def add(self, result: str, plies: int) -> None:
        self.wins += result == "win"
        self.draws += result == "draw"
        self.losses += result == "loss"
        self.plies += plies

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0


def default_hub() -> str | None:
    folders = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    found = shutil.which("dame", path=folders)
    return f"{found} hub" if found else None


def engine_move(settings: HubSettings, board: Board, tammi_time: float, tally: Tally) -> Move:
    try:
        return work.engine_move(settings, board)
    except EngineFault as fault:
        tally.fallbacks += 1
        print(f"    {fault}; Tammi's move instead", flush=True)
        return search.choose_move(board, level=search.MAX_LEVEL, time_limit=tammi_time)


def play(settings: HubSettings, engine_color: Color, seed: int, args: argparse.Namespace,
         tally: Tally) -> tuple[str, int]:
    """One game; its result for the engine ("win", "draw", "loss") and its length in plies."""
    rng = random.Random(seed)
    board = Board("international")
    for _ in range(2):
        board.push(rng.choice(sorted(board.legal_moves, key=str)))
    while not board.is_game_over() and len(board.move_stack) < args.max_plies:
        if board.turn is engine_color:
            move = engine_move(settings, board, args.tammi_time, tally)
        else:
            move = search.choose_move(board, level=search.MAX_LEVEL, time_limit=args.tammi_time, rng=rng,
                                      keep=True)
        board.push(move)
    outcome = board.outcome()
    if outcome is None or outcome.winner is None:
        return "draw", len(board.move_stack)
    return ("win" if outcome.winner is engine_color else "loss"), len(board.move_stack)


def main(argv: list[str] | None = None) -> int:
    engine_defaults, opponent_defaults = EngineConfig(), OpponentConfig()
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hub", default=default_hub(), help="the engine's command line (default: dame hub)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--move-time", type=float, default=engine_defaults.move_time.total_seconds())
    parser.add_argument("--tammi-time", type=float, default=opponent_defaults.time_limit.total_seconds())
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--hash-mb", type=int)
    parser.add_argument("--threads", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not args.hub:
        parser.error("no engine: give --hub (dame is not installed: pip install dame-rs)")
    settings = HubSettings(args.hub, threads=args.threads, hash_mb=args.hash_mb, move_time=args.move_time)
    with HubEngine(settings) as probe:
        name, version = probe.name, probe.version
    print(f"{name} (Hub {version}) at {args.move_time:g}s a move vs Tammi level 5 at {args.tammi_time:g}s "
          f"a move; {args.games} games, max {args.max_plies} plies", flush=True)
    tally, started = Tally(), time.monotonic()
    try:
        for game in range(args.games):
            color = Color.WHITE if game % 2 == 0 else Color.BLACK
            result, plies = play(settings, color, args.seed + game // 2, args, tally)
            tally.add(result, plies)
            print(f"  game {game + 1}: engine as {color.name.lower()}: {result} in {plies} plies  "
                  f"running +{tally.wins} ={tally.draws} -{tally.losses}", flush=True)
    finally:
        work.close_engines()
    print(f"\n{'engine':24s} {'games':>5s} {'W':>3s} {'D':>3s} {'L':>3s} {'score':>6s} {'fallbacks':>9s} "
          f"{'plies':>6s}")
    print(f"{name[:24]:24s} {tally.games:5d} {tally.wins:3d} {tally.draws:3d} {tally.losses:3d} "
          f"{tally.score:6.0%} {tally.fallbacks:9d} {tally.plies / max(1, tally.games):6.0f}")
    print(f"{time.monotonic() - started:.0f}s wall in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
