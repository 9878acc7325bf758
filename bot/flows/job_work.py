"""What a `tammi worker` does with each kind of job (`bot.flows.queued` puts them): a review, made with
`Workers.review` (Tammi's engine, or the Hub engine where configured) and stored when the job is
finished; the bot's turn in a game, decided as the chat process would (`deciding.decide`), unless the
game has changed since the job was put (then the result says so and nothing is searched)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bot.flows import deciding
from bot.flows.desk import replay
from bot.flows.queued import BOT_MOVE, MINE, REVIEW
from bot.parallel import Progress
from bot.storage.repository import Repository
from bot.workers import Workers
from engine.review import Review

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Done:
    """A job's result (JSON text), and the review to store with it: (game id, plies, data)."""

    result: str
    review: tuple[int, int, str] | None = None


Handler = Callable[[dict[str, Any], Progress], Coroutine[Any, Any, Done]]
"""A kind's work: the job's payload in, its result out; told how far it has got as it goes."""


class JobWork:
    """The handlers of a worker, by kind of job."""

    def __init__(self, repository: Repository, workers: Workers) -> None:
        self.repository = repository
        self.workers = workers

    def handlers(self) -> dict[str, Handler]:
        return {REVIEW: self.review, BOT_MOVE: self.bot_move, MINE: self.mine}

    async def review(self, payload: dict[str, Any], progress: Progress) -> Done:
        game_id, plies = int(payload["game"]), int(payload["plies"])
        stored = await self.repository.saved_review(game_id, plies)
        if stored is not None:  # an earlier attempt stored it (its worker then lost the job): the same
            try:
                if Review.from_dict(json.loads(stored)).moves == tuple(payload["moves"]):
                    return Done(stored)
            except (ValueError, KeyError, TypeError):
                pass
        review = await self.workers.review(payload["variant"], payload["start_fen"], tuple(payload["moves"]),
                                           seconds=payload["seconds"], nodes=payload["nodes"],
                                           progress=progress)
        data = json.dumps(review.to_dict())
        return Done(data, (game_id, plies, data))

    async def bot_move(self, payload: dict[str, Any], progress: Progress) -> Done:
        game = await self.repository.get_game(int(payload["game"]))
        if game is None or game.version != int(payload["version"]) or not game.active or \
                not game.player(game.turn).is_bot:
            return Done(json.dumps({"stale": True}))
        board = replay(game)
        decision = await deciding.decide(self.workers, game, board, int(payload["level"]),
                                         float(payload["time_limit"]), payload["node_limit"])
        return Done(json.dumps(deciding.to_dict(decision)))

    async def mine(self, payload: dict[str, Any], progress: Progress) -> Done:
        """A finished game scanned for puzzles and stored with its mark (once: a game mined already, by an
        earlier try, stores nothing); a scan that fails marks it with nothing found, as `Miner` does."""
        game = await self.repository.get_game(int(payload["game"]))
        if game is None:
            return Done(json.dumps({"puzzles": 0, "stored": False}))
        try:
            scan = await self.workers.mine(game.variant, game.start_fen, game.moves, game.id)
            found = scan.puzzles
        except Exception:
            log.exception("puzzle mining: scanning game #%d failed; it is skipped", game.id)
            found = []
        stored = await self.repository.store_mined(game, found, time.time())
        return Done(json.dumps({"puzzles": len(found), "stored": stored}))
