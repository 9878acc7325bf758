"""Ending or changing a game by the players' word: resign, draws, claims and take-backs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.domain import transitions
from bot.domain.model import Game, Offer, RatingChange
from bot.flows.desk import Asker, Desk
from engine import Board, Color


@dataclass(frozen=True)
class Changed:
    """A game changed by `color`'s request: the saved game, its board, the game before, and the rating
    changes when the change ended a rated game."""

    game: Game
    board: Board
    color: Color
    before: Game
    ratings: tuple[RatingChange, ...] = ()


Decide = Callable[[Game, Color, Board], Game]


async def change(desk: Desk, asker: Asker, game_id: int | None, decide: Decide) -> Changed:
    """Apply `decide` to the asker's active game (by id, else theirs in the channel) under its lock, with
    a version-checked save; the game is read once."""
    found = await desk.find(asker, game_id)
    async with desk.lock(found.id):
        game = desk.latest(found)
        board = desk.board(game)
        color = transitions.seat(game, asker.user_id)
        saved = await desk.save(game, decide(game, color, board), board)
    return Changed(saved.game, board, color, game, saved.ratings)


async def player_game(desk: Desk, asker: Asker, game_id: int | None) -> tuple[Game, Color]:
    """The asker's active game and their side in it (for checks before a change)."""
    game = await desk.find(asker, game_id)
    return game, transitions.seat(game, asker.user_id)


async def resign(desk: Desk, asker: Asker, game_id: int | None) -> Changed:
    return await change(desk, asker, game_id,
                        lambda game, color, board: transitions.resign(game, color, desk.clock()))


async def offer_draw(desk: Desk, asker: Asker, game_id: int | None) -> Changed:
    """Offer a draw; where the opponent's offer stands, this accepts it."""
    def decide(game: Game, color: Color, board: Board) -> Game:
        if game.offer_to(color) is Offer.DRAW:
            return transitions.accept_draw(game, color, desk.clock())
        return transitions.offer_draw(game, color)

    return await change(desk, asker, game_id, decide)


async def accept_draw(desk: Desk, asker: Asker, game_id: int | None) -> Changed:
    return await change(desk, asker, game_id,
                        lambda game, color, board: transitions.accept_draw(game, color, desk.clock()))


async def decline(desk: Desk, asker: Asker, game_id: int | None, kind: Offer) -> Changed:
    return await change(desk, asker, game_id,
                        lambda game, color, board: transitions.decline(game, color, kind))


async def claim(desk: Desk, asker: Asker, game_id: int | None, abandon_after: float) -> Changed:
    return await change(desk, asker, game_id,
                        lambda game, color, board: transitions.claim(game, color, board, desk.clock(),
                                                                     abandon_after))


async def request_undo(desk: Desk, asker: Asker, game_id: int | None) -> Changed:
    """Ask to take back one's last move; against the bot it is taken back at once (with its reply)."""
    def decide(game: Game, color: Color, board: Board) -> Game:
        if game.against_bot:
            transitions.bot_take_back(game, color)
            return _take_back(game, board, 2, desk.clock())
        return transitions.request_undo(game, color)

    return await change(desk, asker, game_id, decide)


async def accept_undo(desk: Desk, asker: Asker, game_id: int | None) -> Changed:
    def decide(game: Game, color: Color, board: Board) -> Game:
        transitions.check_undo_accept(game, color)
        return _take_back(game, board, 1, desk.clock())

    return await change(desk, asker, game_id, decide)


def _take_back(game: Game, board: Board, plies: int, now: float) -> Game:
    for _ in range(plies):
        board.pop()
    return transitions.take_back(game, board, plies, now)
