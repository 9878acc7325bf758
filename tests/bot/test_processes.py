"""Three real `tammi console` processes on one PostgreSQL database submit the same moves of the same
games at once; one of them is killed with SIGKILL part way. Every move is stored once, in order, and
every move a process acknowledged is stored."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
from pathlib import Path

from bot.app import open_repository
from engine import Board
from tests.bot.databases import Databases

ROOT = Path(__file__).resolve().parents[2]
GAMES, PLIES = 8, 12


def game_moves(seed: int) -> list[str]:
    """A random opening of `PLIES` plies (the game does not end within it)."""
    rng, board = random.Random(seed), Board("english")
    moves = []
    for _ in range(PLIES):
        move = rng.choice(list(board.legal_moves))
        moves.append(str(move))
        board.push(move)
    assert not board.is_game_over()
    return moves


class Console:
    """A `tammi console` process whose output is read as it comes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[str] = []
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, database: str) -> Console:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", "console", "--db",
            database, "--no-pictures", "--user", "host", cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        return cls(process)

    async def _read(self) -> None:
        assert self.process.stdout is not None
        async for raw in self.process.stdout:
            self.lines.append(raw.decode())

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

        await asyncio.wait_for(seen(), timeout)

    async def finish(self) -> int:
        assert self.process.stdin is not None
        if not self.process.stdin.is_closing():
            self.process.stdin.close()
        code = await asyncio.wait_for(self.process.wait(), 120)
        await self.reader
        return code

    def played(self) -> list[str]:
        return [line.strip() for line in self.lines if re.match(r"^\w+ played ", line)]


async def test_three_processes_race_on_one_database_and_one_is_killed(databases: Databases) -> None:
    database = await databases.new("postgres")
    sequences = {index: game_moves(index) for index in range(GAMES)}
    consoles = [await Console.start(database) for _ in range(3)]
    try:
        # The games are made by one process: a{i} (White) against b{i} (Red, who moves first).
        await consoles[0].send([line for i in range(GAMES)
                                for line in (f"a{i}> challenge b{i} white", f"b{i}> accept")])
        await consoles[0].wait_for(r"^Game #\d+ begins", GAMES)
        # Every process submits every move, in order, as fast as it can.
        script = [f"{'b' if ply % 2 == 0 else 'a'}{i}> {sequences[i][ply]}"
                  for ply in range(PLIES) for i in range(GAMES)]
        for console in consoles:
            await console.send(script)
        await consoles[2].wait_for(r"^\w+ played |not your turn|not a legal|cannot", len(script) // 4)
        consoles[2].process.send_signal(signal.SIGKILL)
        codes = [await console.finish() for console in consoles]
        assert codes[:2] == [0, 0] and codes[2] == -signal.SIGKILL
    finally:
        for console in consoles:
            if console.process.returncode is None:
                console.process.kill()
                await console.process.wait()
    repository = await open_repository(database)
    try:
        for index, moves in sequences.items():
            game = await repository.active_game_for("console", "console", f"a{index}")
            assert game is not None and list(game.moves) == moves, index  # each move once, in order
    finally:
        await repository.close()
    acknowledged = [line for console in consoles for line in console.played()]
    assert GAMES * PLIES - 1 <= len(acknowledged) <= GAMES * PLIES  # the killed one may not have said so
    assert sum(bool(console.played()) for console in consoles) >= 2  # the processes really raced
