"""Tournaments across restarts and processes, on SQLite and PostgreSQL: a restart in the middle of a round,
a round left unpaired by a process that stopped (paired by the next sweep), a process killed with
SIGKILL in the middle of pairing a round (the whole round or none of it), and two processes pairing the
same rounds at the same moment (PostgreSQL: each round stored once, its games started once)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from dataclasses import replace
from pathlib import Path

from bot.app import open_repository
from bot.domain.model import Ending, Result, Status
from bot.domain.tournaments import Stage
from tests.bot.databases import Databases
from tests.bot.tammi_talk import close_chat, open_chat
from tests.bot.tournament_play import current_games, end_game, notices_text, opened, play_round, started

ROOT = Path(__file__).resolve().parents[2]
FOUR = ("ann", "bob", "cat", "dan")


async def test_a_restart_in_the_middle_of_a_round(database: str) -> None:
    chat = await open_chat(database)
    try:
        tournament = await opened(chat, "ann", FOUR[1:])
        await started(chat, "ann")
        first, second = await current_games(chat, tournament.id)
        await end_game(chat, first, Result.WHITE_WINS)
    finally:
        await close_chat(chat)
    chat = await open_chat(database)  # a new process: nothing but the database is left
    try:
        found = await chat.storage.get_tournament(tournament.id)
        assert found is not None and (found.stage, found.round) == (Stage.RUNNING, 1)
        await end_game(chat, second, Result.DRAW)
        await chat.service.wait_idle()
        assert "Round 2 of 3" in notices_text(chat)
        for _ in range(2):
            await play_round(chat, tournament.id, lambda game: Result.BLACK_WINS)
        found = await chat.storage.get_tournament(tournament.id)
        assert found is not None and found.stage is Stage.FINISHED
        assert "Tournament #1 is over." in notices_text(chat)
    finally:
        await close_chat(chat)


async def test_a_round_left_unpaired_is_paired_by_the_next_sweep(database: str) -> None:
    chat = await open_chat(database)
    try:
        tournament = await opened(chat, "ann", ("bob", "cat"), "swiss")
        await started(chat, "ann")
        [game] = await current_games(chat, tournament.id)
        # The game ends in a process that stops before pairing the next round (no desk, no listener).
        ended = replace(game, status=Status.FINISHED, result=Result.WHITE_WINS, ending=Ending.RESIGN,
                        finished_at=chat.clock())
        assert await chat.storage.update_game(ended, expected_version=game.version) is not None
    finally:
        await close_chat(chat)
    chat = await open_chat(database)
    try:
        await chat.service.maintain()
        await chat.service.maintain()
        await chat.service.wait_idle()
        found = await chat.storage.get_tournament(tournament.id)
        assert found is not None and found.round == 2
        assert notices_text(chat).count("Round 2 of 2") == 1
        assert len(await current_games(chat, tournament.id)) == 1
    finally:
        await close_chat(chat)


async def _tournament(database: str, channel: str = "c1") -> int:
    """A round robin of four, open, in `channel`."""
    chat = await open_chat(database)
    chat.channel = channel
    try:
        return (await opened(chat, "ann", FOUR[1:])).id
    finally:
        await close_chat(chat)


async def _process(*args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-c", "from tests.bot.tournament_processes import main; main()", *args, cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)


async def test_a_process_killed_while_pairing_leaves_no_part_of_the_round(database: str) -> None:
    tournament_id = await _tournament(database)
    process = await _process("crash", database, str(tournament_id))
    try:
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), 60)
        assert line.startswith(b"inserted"), (line, await process.stderr.read() if process.stderr else b"")
        process.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(process.wait(), 30) == -signal.SIGKILL
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    repository = await open_repository(database)
    try:
        found = await repository.get_tournament(tournament_id)
        assert found is not None and (found.stage, found.round) == (Stage.OPEN, 0)
        assert await repository.tournament_games(tournament_id) == []
        assert await repository.tournament_pairings(tournament_id) == []
        assert await repository.seated_games("test", "c1", "ann") == []
    finally:
        await repository.close()
    chat = await open_chat(database)  # and the tournament starts as if nothing had happened
    try:
        replies = await started(chat, "ann")
        assert len(replies) == 3
    finally:
        await close_chat(chat)


async def test_two_processes_pair_the_same_rounds_at_the_same_moment(databases: Databases) -> None:
    database = await databases.new("postgres")
    ids = []
    for index in range(6):  # six tournaments, each at the end of round 1 with round 2 to pair
        chat = await open_chat(database)
        chat.channel = f"race{index}"
        try:
            tournament = await opened(chat, "ann", FOUR[1:])
            await started(chat, "ann")
            for game in await current_games(chat, tournament.id):
                ended = replace(game, status=Status.FINISHED, result=Result.DRAW, ending=Ending.AGREEMENT,
                                finished_at=chat.clock())
                assert await chat.storage.update_game(ended, expected_version=game.version) is not None
            ids.append(tournament.id)
        finally:
            await close_chat(chat)
    at = time.time() + 8
    processes = [await _process("race", database, str(at), *map(str, ids)) for _ in range(2)]
    outputs = []
    try:
        for process in processes:
            out, err = await asyncio.wait_for(process.communicate(), 90)
            assert process.returncode == 0, err.decode()
            outputs.append(out.decode().splitlines())
    finally:
        for process in processes:
            if process.returncode is None:
                process.kill()
                await process.wait()
    for lines in outputs:  # both were waiting for the moment, and both got through
        assert lines[0].startswith("ready") and float(lines[0].split()[1]) < at and lines[-1] == "done", lines
    paired = [line.split() for lines in outputs for line in lines if line.startswith("paired")]
    assert sorted(int(words[1]) for words in paired) == sorted(ids)  # each round told once, in all
    assert all(words[2:] == ["2", "2"] for words in paired)
    repository = await open_repository(database)
    try:
        for tournament_id in ids:
            found = await repository.get_tournament(tournament_id)
            assert found is not None and found.round == 2
            games = await repository.tournament_games(tournament_id)
            assert len(games) == 4 and sum(game.active for game in games) == 2
            boards = [p for p in await repository.tournament_pairings(tournament_id) if p.round == 2]
            assert len(boards) == 2 and all(p.game_id is not None for p in boards)
            for name in FOUR:
                channel = f"race{ids.index(tournament_id)}"
                assert len(await repository.seated_games("test", channel, name)) == 1
    finally:
        await repository.close()
