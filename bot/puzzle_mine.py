"""`tammi puzzles mine`: the puzzles in games, printed and written as data.

The games come from a PDN file (``--pdn``), from new games of the built-in opponent against itself
(``--self-play VARIANT``), or else from the database's finished games (``--db`` or the configured
one), which are read without writing anything (`bot.storage.finished`). The database is read first and
closed; then the search runs with no event loop around it, in this process or in ``--jobs`` worker
processes, one game per task. ``--out FILE`` adds the puzzles found to a puzzle file (one per position;
a new file if there is none), the form of the built-in sets in ``engine/data``.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.config import Config
from bot.config_values import parse_database
from engine import get_variant, read_pdn
from engine import puzzle_set as puzzle_files
from engine.errors import MoveError
from engine.puzzles import Puzzle, Scan, scan_game, self_play

DESCRIPTION = ("Find puzzles in games: a PDN file (--pdn), new games of the built-in opponent against "
               "itself (--self-play VARIANT), or else the finished games of the database (--db or the "
               "configured one), read without writing anything. The database is read and closed first; "
               "the search then runs in this process, or in --jobs worker processes. --out FILE adds the "
               "puzzles found to a puzzle file (JSON, one puzzle per position).")


@dataclass(frozen=True)
class Task:
    """One game to scan: its moves, or the seed of a self-play game to play first."""

    variant: str
    kind: str  # "game", "pdn" or "self-play"
    game: int  # the database id, the place in the PDN file, or the self-play seed
    start_fen: str | None = None
    moves: tuple[str, ...] = ()
    levels: tuple[int, int] = (1, 4)
    max_plies: int = 150  # of a self-play game


@dataclass(frozen=True)
class Done:
    """A scanned game: what it held, and the CPU seconds its process spent on it."""

    task: Task
    scan: Scan
    seconds: float
    error: str | None = None


def run_task(task: Task) -> Done:
    """Play the game if it is a self-play one, then scan it (in a worker process or this one)."""
    started = time.process_time()
    moves = task.moves
    if task.kind == "self-play":
        moves = tuple(self_play(task.variant, task.game, levels=task.levels, max_plies=task.max_plies))
    try:
        scan = scan_game(task.variant, task.start_fen, moves, kind=task.kind, game=task.game)
    except (MoveError, ValueError) as error:
        return Done(task, Scan(), time.process_time() - started, str(error))
    return Done(task, scan, time.process_time() - started)


def run_tasks(tasks: Iterable[Task], jobs: int) -> Iterator[Done]:
    """Each task's result, in the order given: here with one job, else in `jobs` worker processes."""
    if jobs <= 1:
        yield from map(run_task, tasks)
        return
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(run_task, tasks)


def add_parser(commands: Any) -> None:
    """`tammi puzzles mine` and its options, under the `tammi` command's subcommands."""
    puzzles = commands.add_parser("puzzles", help="puzzle tools")
    sub = puzzles.add_subparsers(dest="puzzles_command", required=True)
    mine = sub.add_parser("mine", help="find puzzles in games: a PDN file, self-play, or the database's "
                          "finished games (read only)", description=DESCRIPTION)
    source = mine.add_mutually_exclusive_group()
    source.add_argument("--pdn", type=Path, help="a PDN file of games")
    source.add_argument("--self-play", metavar="VARIANT", help="new games of the built-in opponent against "
                        "itself, one side weak and one strong (see --levels)")
    source.add_argument("--db", help="the database whose finished games to read (default: the configured "
                        "one): a file path, sqlite:///path or postgresql://user@host:port/dbname")
    mine.add_argument("--config", type=Path, help="config file (TOML)")
    mine.add_argument("--variant", help="only games of this variant")
    mine.add_argument("--games", type=int, default=10, help="self-play games to play (default 10)")
    mine.add_argument("--seed", type=int, default=1, help="the first self-play game's seed (default 1)")
    mine.add_argument("--levels", default="1,4", help="the self-play levels, weak,strong (default 1,4)")
    mine.add_argument("--jobs", type=int, default=1, help="worker processes (default 1: this process)")
    mine.add_argument("--out", type=Path, help="add the puzzles found to this puzzle file (JSON)")
    mine.add_argument("--quiet", action="store_true", help="print only the summary")


def main(args: argparse.Namespace, config: Config) -> int:
    """Run `tammi puzzles mine`; the exit status."""
    try:
        variant = get_variant(args.variant).name if args.variant else None
        tasks = _tasks(args, config, variant)
    except ValueError as error:
        print(f"tammi: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    total, seconds, games = Scan(), 0.0, 0
    for done in run_tasks(tasks, args.jobs):
        games += 1
        seconds += done.seconds
        if done.error:
            print(f"skipped {_source(done.task)}: {done.error}", file=sys.stderr)
        before = len(total.puzzles)
        total.add(done.scan)
        if not args.quiet:
            for puzzle in total.puzzles[before:]:
                print(describe(puzzle), flush=True)
    print(f"{len(total.puzzles)} puzzles in {games} games: {total.positions} positions, {total.candidates} "
          f"candidates, {total.refuted} refuted by the deeper search; {seconds:.0f} s of search "
          f"({time.perf_counter() - started:.0f} s)")
    if args.out:
        _write(args.out, total.puzzles)
    return 0


def _tasks(args: argparse.Namespace, config: Config, variant: str | None) -> list[Task]:
    if args.self_play:
        levels = tuple(int(part) for part in args.levels.split(","))
        if len(levels) != 2 or not all(1 <= level <= 5 for level in levels):
            raise ValueError(f"--levels {args.levels!r}: two levels from 1 to 5, weak,strong")
        name = get_variant(args.self_play).name
        return [Task(name, "self-play", args.seed + i, levels=(levels[0], levels[1]))
                for i in range(args.games)]
    if args.pdn:
        games = read_pdn(args.pdn.read_text(encoding="utf-8"))
        return [Task(g.variant.name, "pdn", i, g.tags.get("FEN"), tuple(g.moves))
                for i, g in enumerate(games, 1) if variant in (None, g.variant.name)]
    from bot.storage.finished import finished_games

    found = asyncio.run(finished_games(parse_database(config.database)))
    return [Task(g.variant, "game", g.id, g.start_fen, g.moves)
            for g in found if variant in (None, g.variant)]


def _source(task: Task) -> str:
    return {"game": f"game #{task.game}", "pdn": f"PDN game {task.game}"}.get(task.kind,
                                                                              f"self-play game {task.game}")


def describe(puzzle: Puzzle) -> str:
    """One line: variant, position, solution, what it wins, theme, difficulty and source."""
    wins = "the game" if puzzle.wins_game else f"{puzzle.gain} net ({puzzle.takes} for {puzzle.gives})"
    where = {"game": f"game #{puzzle.source.game}", "pdn": f"PDN game {puzzle.source.game}"}.get(
        puzzle.source.kind, f"self-play {puzzle.source.game}")
    return (f"{puzzle.variant} {puzzle.fen}  {' '.join(puzzle.solution)}  wins {wins}; "
            f"{puzzle.theme or 'no theme'}; difficulty {puzzle.difficulty}; {where}, "
            f"move {puzzle.source.move_number}")


def _write(out: Path, found: list[Puzzle]) -> None:
    old: list[Puzzle] = []
    about = ""
    if out.exists():
        text = out.read_text(encoding="utf-8")
        old, about = puzzle_files.loads(text), puzzle_files.about(text)
    kept = puzzle_files.merged(old, found)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(puzzle_files.dumps(kept, about or "puzzles found by tammi puzzles mine"), encoding="utf-8")
    print(f"wrote {len(kept)} puzzles to {out} ({len(kept) - len(old)} new)")
