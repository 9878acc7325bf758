"""Playing a move, and what a refused move costs under the tournament option."""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain import transitions
from bot.domain.model import Game, RatingChange
from bot.domain.transitions import Moved
from bot.flows.desk import Asker, Desk
from engine import Board, IllegalMoveError, MoveError


@dataclass(frozen=True)
class MoveRefused:
    """A move the rules do not allow: the engine's reason, and the game after any tournament strike
    (with the rating changes when the strike lost the game)."""

    game: Game
    board: Board
    error: MoveError
    struck: bool
    ratings: tuple[RatingChange, ...] = ()


@dataclass(frozen=True)
class Played:
    moved: Moved
    board: Board  # after the move
    ratings: tuple[RatingChange, ...] = ()  # when the move ended a rated game


async def play(desk: Desk, asker: Asker, game_id: int | None, text: str, *, offer_draw: bool = False,
               claim_draw: bool = False, ply: int | None = None) -> Played | MoveRefused:
    """The asker plays `text` in the game (by id, else their game in the channel); only the player to
    move may, and only a legal move. With `claim_draw`, the move and the draw claim it makes go together
    (or neither); with `ply`, only while the game has that many moves played (a move chosen on a board
    stays on that board). The game is read once."""
    found = await desk.find(asker, game_id)
    async with desk.lock(found.id):
        game = desk.latest(found)
        board = desk.board(game)
        color = transitions.seat(game, asker.user_id)
        transitions.check_turn(game, color)
        transitions.check_ply(game, ply)
        try:
            move = board.parse_move(text)
        except MoveError as error:
            if not (game.tournament and isinstance(error, IllegalMoveError)):
                return MoveRefused(game, board, error, struck=False)
            struck = await desk.save(game, transitions.strike(game, color, desk.clock()), board)
            return MoveRefused(struck.game, board, error, struck=True, ratings=struck.ratings)
        board.push(move)
        moved = transitions.play(game, board, move, offer_draw=offer_draw, now=desk.clock(),
                                 claim_draw=claim_draw)
        saved = await desk.save(game, moved.game, board)
    return Played(Moved(saved.game, move, moved.mover, moved.notes, moved.claim), board, saved.ratings)


async def legal_moves(desk: Desk, asker: Asker) -> list[str]:
    """The legal moves (canonical text) of the asker's game in the channel when they are to move there."""
    game = await desk.repository.active_game_for(asker.platform, asker.channel, asker.user_id)
    if game is None or game.player(game.turn).user_id != asker.user_id:
        return []
    return [str(move) for move in desk.board(game).legal_moves]
