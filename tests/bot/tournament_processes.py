"""Tournament work in a process of its own, for tests that kill it or race two of them:

    python -c "from tests.bot.tournament_processes import main; main()" crash DATABASE TOURNAMENT
        pairs the tournament's first round, pausing (for the test to kill it) inside the round's
        transaction right after its first game was inserted;
    python -c "..." race DATABASE AT TOURNAMENT [TOURNAMENT ...]
        waits until the wall-clock time AT, then advances every tournament named (pairing its next
        round when the current one is over) and prints `paired <tournament> <round> <games>` for each
        round it stored.
"""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any

from bot.app import open_repository
from bot.flows.announce import Announcement
from bot.flows.desk import Desk
from bot.flows.rounds import Director
from bot.flows.tournament_news import RoundPaired


async def crash(database: str, tournament_id: int) -> None:
    repository = await open_repository(database)
    insert = repository._insert_game  # type: ignore[attr-defined]

    async def insert_then_wait(db: Any, new: Any) -> int:
        game_id = int(await insert(db, new))
        print("inserted", game_id, flush=True)
        await asyncio.sleep(120)  # killed here, inside the round's transaction
        return game_id

    repository._insert_game = insert_then_wait  # type: ignore[attr-defined]
    desk = Desk(repository)

    async def said(what: Announcement) -> None:
        return None

    found = await repository.get_tournament(tournament_id)
    assert found is not None
    await Director(desk, said).pair(found, [], 1, seeds=found.players, rounds=3)
    print("paired: not killed", flush=True)


async def race(database: str, at: float, tournament_ids: list[int]) -> None:
    repository = await open_repository(database)
    desk = Desk(repository)

    async def said(what: Announcement) -> None:
        if isinstance(what, RoundPaired):
            paired = what.paired
            print("paired", paired.tournament.id, paired.number, len(paired.games), flush=True)

    director = Director(desk, said)
    print("ready", time.time(), flush=True)
    await asyncio.sleep(max(0.0, at - time.time()))
    await asyncio.gather(*(director.advance(tournament_id) for tournament_id in tournament_ids))
    await repository.close()
    print("done", flush=True)


def main() -> None:
    what, database, *rest = sys.argv[1:]
    if what == "crash":
        asyncio.run(crash(database, int(rest[0])))
    else:
        asyncio.run(race(database, float(rest[0]), [int(text) for text in rest[1:]]))
