"""A review's turning points as puzzles: the positions before the turning points that are puzzles (a
single forcing win, as `engine.puzzles.examine` decides, searched in the review workers) are kept with
the game's mined puzzles, and the review shows "Try it as a puzzle" under them; the button opens that
puzzle in the channel (`bot.flows.puzzles.open_puzzle`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from bot.domain.model import Game
from bot.domain.transitions import Refusal
from bot.flows import puzzles
from bot.flows.desk import Asker
from bot.storage.repository import Repository
from bot.workers import Workers
from engine.review import Review, Turn


async def kept_plies(repository: Repository, game: Game) -> set[int]:
    """The plies of the game's positions kept as puzzles."""
    return {found.puzzle.source.ply for found in await repository.game_puzzles(game.id)
            if found.puzzle.source.ply is not None}


async def find(repository: Repository, workers: Workers, game: Game, review: Review, points: Sequence[Turn],
               clock: Callable[[], float]) -> frozenset[int]:
    """The turning points (their plies) whose position before is a puzzle: searched for those not kept
    yet, all at once in the review workers, and the puzzles found kept."""
    kept = await kept_plies(repository, game)
    fresh = [turn for turn in points if turn.ply not in kept]
    found = await asyncio.gather(*(workers.puzzle_at(game.variant, review.board_before(turn.ply).fen(),
                                                     game.id, turn.ply) for turn in fresh))
    new = [puzzle for puzzle in found if puzzle is not None]
    if new:
        await repository.keep_puzzles(game, new, clock())
    plies = kept | {puzzle.source.ply for puzzle in new if puzzle.source.ply is not None}
    return frozenset(turn.ply for turn in points if turn.ply in plies)


async def open_from_review(repository: Repository, asker: Asker, game_id: int, ply: int, default: str,
                           clock: Callable[[], float]) -> puzzles.Opened:
    """Open the puzzle of the game's position after `ply` moves in the channel (or show the one open)."""
    found = next((kept.puzzle for kept in await repository.game_puzzles(game_id)
                  if kept.puzzle.source.ply == ply), None)
    if found is None:
        raise Refusal("puzzle_not_kept", id=game_id, move=ply // 2 + 1)
    return await puzzles.open_puzzle(repository, asker, found.variant, default, clock,
                                     given=puzzles.One(found))
