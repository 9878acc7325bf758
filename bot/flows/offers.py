"""Ending or changing a game by the players' word: resign, draws, claims and take-backs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.domain import transitions
from bot.domain.model import Game, Offer
from bot.domain.transitions import Refusal
from bot.flows.desk import Desk
from engine import Board, Color


@dataclass(frozen=True)
class Changed:
    """A game changed by `color`'s request: the saved game and its board."""

    game: Game
    board: Board
    color: Color
    before: Game


Decide = Callable[[Game, Color, Board], Game]


async def change(desk: Desk, platform: str, user_id: str, game_id: int, decide: Decide) -> Changed:
    """Apply `decide` to the user's active game under its lock, with a version-checked save."""
    async with desk.lock(game_id):
        loaded = await desk.load(game_id, platform)
        color = transitions.seat(loaded.game, user_id)
        after = decide(loaded.game, color, loaded.board)
        saved = await desk.save(loaded.game, after, loaded.board)
    return Changed(saved, loaded.board, color, loaded.game)


async def player_game(desk: Desk, platform: str, user_id: str, game_id: int) -> tuple[Game, Color]:
    """The user's active game by id and their side in it (for checks before a change)."""
    game = await desk.game(game_id, platform)
    return game, transitions.seat(game, user_id)


async def resign(desk: Desk, platform: str, user_id: str, game_id: int) -> Changed:
    return await change(desk, platform, user_id, game_id,
                        lambda game, color, board: transitions.resign(game, color, desk.clock()))


async def offer_draw(desk: Desk, platform: str, user_id: str, game_id: int) -> Changed:
    """Offer a draw; where the opponent's offer stands, this accepts it."""
    def decide(game: Game, color: Color, board: Board) -> Game:
        if game.offer_to(color) is Offer.DRAW:
            return transitions.accept_draw(game, color, desk.clock())
        return transitions.offer_draw(game, color)

    return await change(desk, platform, user_id, game_id, decide)


async def accept_draw(desk: Desk, platform: str, user_id: str, game_id: int) -> Changed:
    return await change(desk, platform, user_id, game_id,
                        lambda game, color, board: transitions.accept_draw(game, color, desk.clock()))


async def decline(desk: Desk, platform: str, user_id: str, game_id: int, kind: Offer) -> Changed:
    return await change(desk, platform, user_id, game_id,
                        lambda game, color, board: transitions.decline(game, color, kind))


async def claim(desk: Desk, platform: str, user_id: str, game_id: int, abandon_after: float) -> Changed:
    return await change(desk, platform, user_id, game_id,
                        lambda game, color, board: transitions.claim(game, color, board, desk.clock(),
                                                                     abandon_after))


async def request_undo(desk: Desk, platform: str, user_id: str, game_id: int) -> Changed:
    """Ask to take back one's last move; against the bot it is taken back at once (with its reply)."""
    def decide(game: Game, color: Color, board: Board) -> Game:
        if game.against_bot:
            transitions.bot_take_back(game, color)
            return _take_back(game, board, 2, desk.clock())
        return transitions.request_undo(game, color)

    return await change(desk, platform, user_id, game_id, decide)


async def accept_undo(desk: Desk, platform: str, user_id: str, game_id: int) -> Changed:
    def decide(game: Game, color: Color, board: Board) -> Game:
        transitions.check_undo_accept(game, color)
        return _take_back(game, board, 1, desk.clock())

    return await change(desk, platform, user_id, game_id, decide)


def _take_back(game: Game, board: Board, plies: int, now: float) -> Game:
    for _ in range(plies):
        board.pop()
    return transitions.take_back(game, board, plies, now)


__all__ = ["Changed", "Refusal", "accept_draw", "accept_undo", "change", "claim", "decline", "offer_draw",
           "player_game", "request_undo", "resign"]
