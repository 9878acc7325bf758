"""Playing a move, and what a refused move costs under the tournament option."""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain import transitions
from bot.domain.model import Game
from bot.domain.transitions import Moved, Refusal
from bot.flows.desk import Desk
from engine import Board, IllegalMoveError, MoveError


@dataclass(frozen=True)
class MoveRefused:
    """A move the rules do not allow: the engine's reason, and the game after any tournament strike."""

    game: Game
    board: Board
    error: MoveError
    struck: bool


@dataclass(frozen=True)
class Played:
    moved: Moved
    board: Board  # after the move


async def play(desk: Desk, platform: str, user_id: str, game_id: int, text: str, *,
               offer_draw: bool = False, claim_draw: bool = False) -> Played | MoveRefused:
    """The user plays `text` in the game; only the player to move may, and only a legal move. With
    `claim_draw`, the move and the draw claim it makes go together (or neither)."""
    async with desk.lock(game_id):
        loaded = await desk.load(game_id, platform)
        game, board = loaded.game, loaded.board
        color = transitions.seat(game, user_id)
        if game.turn is not color:
            raise Refusal("not_your_turn", side=game.turn, name=game.player(game.turn).name,
                          variant=game.variant)
        try:
            move = board.parse_move(text)
        except MoveError as error:
            if not (game.tournament and isinstance(error, IllegalMoveError)):
                return MoveRefused(game, board, error, struck=False)
            struck = transitions.strike(game, color, desk.clock())
            return MoveRefused(await desk.save(game, struck, board), board, error, struck=True)
        board.push(move)
        moved = transitions.play(game, board, move, offer_draw=offer_draw, now=desk.clock(),
                                 claim_draw=claim_draw)
        saved = await desk.save(game, moved.game, board)
    return Played(Moved(saved, move, moved.mover, moved.notes, moved.claim), board)
