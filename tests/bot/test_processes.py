"""Three real `tammi console` processes on one PostgreSQL database play 100 games, every process
submitting every move of every game, so they race on each one; one process is killed with SIGKILL part
way through the moves, while its built-in opponent is thinking (holding the claim on that turn). Every
acknowledged move is stored once and in order, no move is applied twice, the other processes go on, the
killed process's claimed turn is taken over, and the sweep notices (challenge expiry, reminders) go out
once across the processes."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
from collections import Counter
from pathlib import Path

import asyncpg

from bot.app import open_repository
from engine import Board
from tests.bot.databases import Databases

ROOT = Path(__file__).resolve().parents[2]
GAMES, PLIES = 100, 4  # then the game ends by resignation
EXPIRING, IDLE = 10, 5  # challenges left to expire, games left for a reminder


def game_moves(seed: int) -> list[str]:
    """A random opening of `PLIES` plies in which no move, submitted late by a lagging process, could be
    legal again when the same side is next to move (so a stale submission can only be refused)."""
    rng = random.Random(seed)
    while True:
        board, moves, boards = Board("english"), [], []
        for _ in range(PLIES):
            move = rng.choice(list(board.legal_moves))
            moves.append(str(move))
            board.push(move)
            boards.append(board.copy())
        legal_later = [{str(m) for m in position.legal_moves} for position in boards]
        if not board.is_game_over() and not any(
                moves[ply] in legal_later[later] for ply in range(PLIES)
                for later in range(ply + 1, PLIES, 2)):
            return moves


def config(folder: Path, name: str, think: float) -> Path:
    """A console's config: sweeps every second, searches and reviews in threads, `think` seconds a move."""
    path = folder / f"{name}.toml"
    path.write_text(f"maintenance_interval = 1\n[opponent]\nworkers = 0\ntime_limit = {think}\n"
                    "[review]\nworkers = 0\n", encoding="utf-8")
    return path


class Console:
    """A `tammi console` process whose output is read as it comes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.reader = asyncio.create_task(self._read())
        self.error_reader = asyncio.create_task(self._read_errors())

    @classmethod
    async def start(cls, database: str, settings: Path) -> Console:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", "console", "--db",
            database, "--config", str(settings), "--no-pictures", "--user", "host", cwd=ROOT,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        return cls(process)

    async def _read(self) -> None:
        assert self.process.stdout is not None
        async for raw in self.process.stdout:
            self.lines.append(raw.decode())

    async def _read_errors(self) -> None:
        assert self.process.stderr is not None
        async for raw in self.process.stderr:
            self.errors.append(raw.decode())

    async def send(self, lines: list[str]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("".join(line + "\n" for line in lines).encode())
        await self.process.stdin.drain()

    async def wait_for(self, pattern: str, count: int, timeout: float = 60.0) -> None:
        async def seen() -> None:
            while sum(1 for line in self.lines if re.search(pattern, line)) < count:
                if self.reader.done():
                    raise AssertionError("".join(self.lines[-20:]))
                await asyncio.sleep(0.05)

        try:
            await asyncio.wait_for(seen(), timeout)
        except TimeoutError:
            raise AssertionError(f"no {count} of {pattern!r} in {len(self.lines)} lines, the last: "
                                 + "".join(self.lines[-10:])) from None

    async def finish(self) -> int:
        assert self.process.stdin is not None
        if not self.process.stdin.is_closing():
            self.process.stdin.close()
        code = await asyncio.wait_for(self.process.wait(), 120)
        await self.reader
        await self.error_reader
        return code

    def played(self) -> list[tuple[str, str]]:
        """The moves this process acknowledged, as (player, move)."""
        return [(found[1], found[2]) for line in self.lines
                if (found := re.match(r"^(\w+) played (\S+)\.$", line.strip())) and found[1] != "Tammi"]

    def count(self, pattern: str) -> int:
        return sum(1 for line in self.lines if re.search(pattern, line))


async def test_three_processes_play_100_games_and_one_is_killed(databases: Databases,
                                                                tmp_path: Path) -> None:
    database = await databases.new("postgres")
    sequences = {index: game_moves(index) for index in range(GAMES)}
    fast, slow = config(tmp_path, "fast", 0.05), config(tmp_path, "slow", 60)
    consoles = [await Console.start(database, fast), await Console.start(database, fast),
                await Console.start(database, slow)]
    first, second, victim = consoles
    try:
        # One process makes the games (a{i} White against b{i}, Red, who moves first), leaves challenges
        # open and games idle for the sweeps.
        def pairs(white: str, red: str, count: int) -> list[str]:
            return [line for i in range(count)
                    for line in (f"{white}{i}> challenge {red}{i} white", f"{red}{i}> accept")]

        await first.send(pairs("a", "b", GAMES) + [f"p{i}> challenge q{i}" for i in range(EXPIRING)]
                         + pairs("r", "s", IDLE))
        await first.wait_for(r"^Game #\d+ begins", GAMES + IDLE)
        await first.wait_for(r"challenges you", GAMES + EXPIRING + IDLE)
        # Every process submits every move, in order, as fast as it can; then a{i} resigns. A quarter
        # way through the moves, the victim starts a game against the bot (level 5, a minute a move), claims
        # its turn and thinks; it is killed then.
        script = [f"{'b' if ply % 2 == 0 else 'a'}{i}> {sequences[i][ply]}"
                  for ply in range(PLIES) for i in range(GAMES)] + [f"a{i}> resign" for i in range(GAMES)]
        quarter = len(script) // 4
        await first.send(script)
        await second.send(script)
        await victim.send([*script[:quarter], "zed> play 5 white", *script[quarter:]])
        await victim.wait_for(r"Tammi is thinking", 1)
        victim.process.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(victim.process.wait(), 30) == -signal.SIGKILL
        await victim.reader
        await victim.error_reader
        # Time passes for the sweeps: the open challenges expire, the idle games are due a reminder.
        connection = await asyncpg.connect(database)
        try:
            await connection.execute("UPDATE challenges SET expires_at = 0 WHERE status = 'open'")
            await connection.execute("UPDATE games SET updated_at = updated_at - 2 * 86400"
                                     " WHERE status = 'active' AND white_id LIKE 'r%'")
        finally:
            await connection.close()
        survivors = [first, second]
        for pattern, count in ((r"expired without an answer", EXPIRING), (r"it is your move in game", IDLE),
                               (r"^Tammi played", 1)):
            await wait_across(survivors, pattern, count)
        codes = [await console.finish() for console in survivors]
        assert codes == [0, 0]
    finally:
        for console in consoles:
            if console.process.returncode is None:
                console.process.kill()
                await console.process.wait()
    repository = await open_repository(database)
    try:
        for index in sequences:
            assert await repository.active_game_for("console", "console", f"a{index}") is None  # resigned
        bot_game = await repository.active_game_for("console", "console", "zed")
        assert bot_game is not None and len(bot_game.moves) == 1  # the killed process's turn, taken over once
    finally:
        await repository.close()
    # Every move stored once, in order, and acknowledged once across the processes.
    stored = await stored_moves(database)
    assert stored == {i: sequences[i] for i in range(GAMES)}
    acknowledged = Counter(move for console in consoles for move in console.played())
    expected = Counter((f"{'b' if ply % 2 == 0 else 'a'}{i}", moves[ply])
                       for i, moves in sequences.items() for ply in range(PLIES))
    assert acknowledged == expected
    # they really raced: more than one process won moves, and submissions of moves already played were
    # refused (which process wins how many is up to the scheduler: the late-starting, killed one may win
    # none, a fast one may lose none)
    assert sum(1 for console in consoles if console.played()) >= 2
    assert sum(console.count(r"not your turn|changed while|no game") for console in consoles) > 0
    # Each sweep notice once across the processes, and the bot's turn taken over once.
    for pattern, count in ((r"expired without an answer", EXPIRING), (r"it is your move in game", IDLE),
                           (r"^Tammi played", 1)):
        assert sum(console.count(pattern) for console in consoles) == count, pattern
    assert victim.count(r"^Tammi played") == 0


async def wait_across(consoles: list[Console], pattern: str, count: int, timeout: float = 60.0) -> None:
    """Wait until the consoles together printed `count` lines matching `pattern`."""
    async def seen() -> None:
        while sum(console.count(pattern) for console in consoles) < count:
            await asyncio.sleep(0.05)

    try:
        await asyncio.wait_for(seen(), timeout)
    except TimeoutError:
        found = sum(console.count(pattern) for console in consoles)
        raise AssertionError(f"{found} of {count} {pattern!r}; last lines: "
                             + "".join(console.lines[-1] if console.lines else "" for console in consoles)
                             + "".join(line for console in consoles for line in console.errors[-30:])
                             ) from None


async def stored_moves(database: str) -> dict[int, list[str]]:
    """The moves of each finished game between a{i} and b{i}, by i, as the database holds them."""
    connection = await asyncpg.connect(database)
    try:
        rows = await connection.fetch("SELECT white_id, moves, reason FROM games WHERE status = 'finished'"
                                      " AND white_id LIKE 'a%'")
    finally:
        await connection.close()
    assert all(row["reason"] == "resign" for row in rows)
    return {int(row["white_id"][1:]): row["moves"].split() for row in rows}
