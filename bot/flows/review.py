"""Game reviews and hints: who may ask, one review per person at a time, stored reviews, recorded hints.

A review searches every position of a game in a worker (`bot.workers.Workers.review`) and is stored with
the number of moves it covers, so asking again is answered from storage. A hint is a search of the
current position of a game against the built-in opponent, recorded with the game; games between people
never get hints (that would be outside help).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Protocol

from bot.domain.model import Game
from bot.domain.transitions import Refusal
from bot.flows.desk import Asker, Desk
from bot.parallel import Progress
from engine import Board, Move
from engine.review import Review

log = logging.getLogger(__name__)


class Analyst(Protocol):
    """Reviews games and finds hints away from the event loop (see `bot.workers.Workers`)."""

    async def review(self, variant: str, start_fen: str, moves: tuple[str, ...], *, seconds: float | None,
                     nodes: int | None, progress: Progress | None = None) -> Review: ...

    async def hint(self, board: Board, *, seconds: float, nodes: int | None = None) -> Move: ...


class RemoteReviews(Protocol):
    """Reviews made elsewhere and stored there (`bot.flows.queued.QueuedReviews`)."""

    async def review(self, game: Game, limits: ReviewLimits, progress: Progress | None = None) -> Review: ...


@dataclass(frozen=True)
class ReviewLimits:
    seconds: float | None  # search per position of a review
    nodes: int | None  # node budget per position (with it, a review is repeatable)
    hint_seconds: float


@dataclass(frozen=True)
class Hinted:
    """A hint shown: the game, its board and the move suggested."""

    game: Game
    board: Board
    move: Move
    hints: int  # positions of the game a hint was shown in, this one included


class Reviewer:
    """Runs reviews (one per person at a time), keeps them, and gives hints."""

    def __init__(self, desk: Desk, analyst: Analyst, limits: ReviewLimits) -> None:
        self.desk = desk
        self.analyst = analyst
        self.limits = limits
        self.remote: RemoteReviews | None = None  # the job queue, when heavy work goes there
        self._running: set[tuple[str, str]] = set()

    @staticmethod
    def check(game: Game, user_id: str) -> None:
        """Refuse a review of `game` that `user_id` may not have now.

        A finished game may be reviewed by anyone; a game in progress only when it is against the bot
        and by its player (a review of a game between people would help one side)."""
        if game.active and not game.against_bot:
            raise Refusal("review_game_running", id=game.id)
        if game.active and game.color_of(user_id) is None:
            raise Refusal("not_a_player", id=game.id)
        if not game.moves:
            raise Refusal("review_no_moves", id=game.id)

    async def saved(self, game: Game) -> Review | None:
        """The stored review of the game as it stands, if there is one."""
        data = await self.desk.repository.saved_review(game.id, len(game.moves))
        if data is None:
            return None
        try:
            review = Review.from_dict(json.loads(data))
        except (ValueError, KeyError, TypeError):
            log.warning("the stored review of game %s cannot be read; reviewing again", game.id)
            return None
        return review if review.moves == game.moves else None

    def reserve(self, platform: str, user_id: str) -> None:
        """Claim the user's one running review; refuses while another is running."""
        key = (platform, user_id)
        if key in self._running:
            raise Refusal("review_busy")
        self._running.add(key)

    def release(self, platform: str, user_id: str) -> None:
        self._running.discard((platform, user_id))

    async def review(self, game: Game, progress: Progress | None = None) -> Review:
        """Review the game in a worker and store the review (a queued one is stored by its worker);
        `progress` hears how far the review has got (here, or in the worker that took it from the queue)."""
        limits = self.limits
        if self.remote is not None:
            return await self.remote.review(game, limits, progress)
        review = await self.analyst.review(game.variant, game.start_fen, game.moves, seconds=limits.seconds,
                                           nodes=limits.nodes, progress=progress)
        await self.desk.repository.save_review(game.id, len(game.moves), json.dumps(review.to_dict()),
                                               self.desk.clock())
        return review

    async def hint(self, asker: Asker, game_id: int | None) -> Hinted:
        """A good move for the asker in their game against the bot, recorded with the game."""
        desk = self.desk
        user_id = asker.user_id
        game = await desk.find(asker, game_id)
        if not game.against_bot:
            raise Refusal("hint_human_game", id=game.id)
        color = game.color_of(user_id)
        if color is None:
            raise Refusal("not_a_player", id=game.id)
        if not game.active:
            raise Refusal("game_finished", id=game.id)
        if game.turn is not color:
            raise Refusal("hint_not_your_turn", id=game.id)
        board = desk.board(game)
        move = await self.analyst.hint(board, seconds=self.limits.hint_seconds)
        if move not in board.legal_moves:
            raise RuntimeError(f"the hint search gave an illegal move {move!r}")
        await desk.repository.record_hint(game.id, len(game.moves), user_id, str(move), desk.clock())
        return Hinted(game, board, move, await desk.repository.hints_used(game.id))
