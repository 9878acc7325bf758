"""What the built-in opponent does in its turn, asked of a thinker (the workers of this process, or of a
`tammi worker` that took the turn from the queue): a draw it accepts or claims, else its move and
whether it offers a draw with it. A decision travels between processes as a small dict."""

from __future__ import annotations

from typing import Any, Protocol

from bot.domain import transitions
from bot.domain.model import Claim, Ending, Game, Offer
from bot.workers import DrawQuestion
from engine import Board, Color, Move

Decision = Ending | tuple[Move, bool]


class Thinker(Protocol):
    """Searches away from the event loop (see `bot.workers.Workers`)."""

    async def choose(self, board: Board, *, level: int, time_limit: float,
                     node_limit: int | None) -> Move: ...

    async def judge_draw(self, question: DrawQuestion, board: Board, *, level: int,
                         color: Color) -> bool | str | None: ...


async def decide(thinker: Thinker, game: Game, board: Board, level: int, time_limit: float,
                 node_limit: int | None) -> Decision:
    """The bot's decision in `game` (its position in `board`), where the bot is to move."""
    bot = game.turn
    ending = await _draw_ending(thinker, game, board, level, bot)
    if ending is not None:
        return ending
    move = await thinker.choose(board, level=level, time_limit=time_limit, node_limit=node_limit)
    if move not in board.legal_moves:
        raise RuntimeError(f"the opponent chose an illegal move {move!r}")
    after = board.copy()
    after.push(move)
    offer = not after.is_game_over() and bool(
        await thinker.judge_draw("offer", after, level=level, color=bot))
    return move, offer


async def _draw_ending(thinker: Thinker, game: Game, board: Board, level: int, bot: Color) -> Ending | None:
    """The draw the bot takes now, if any: a standing offer it accepts, or a draw it claims."""
    if game.offer_to(bot) is Offer.DRAW and await thinker.judge_draw("accept", board, level=level, color=bot):
        return Ending.AGREEMENT
    if transitions.claimable(board) is None:
        return None
    claimed = await thinker.judge_draw("claim", board, level=level, color=bot)
    if not isinstance(claimed, str):
        return None
    return Ending.CLAIM_THREEFOLD if Claim(claimed) is Claim.THREEFOLD else Ending.CLAIM_FORTY_MOVES


def to_dict(decision: Decision) -> dict[str, Any]:
    if isinstance(decision, Ending):
        return {"ending": decision.value}
    move, offer = decision
    return {"move": str(move), "offer": offer}


def from_dict(data: dict[str, Any], board: Board) -> Decision | None:
    """The decision read back in the position of `board`; None when the job found the game changed
    (`{"stale": true}`). A move that is not legal here is an error."""
    if data.get("stale"):
        return None
    if "ending" in data:
        return Ending(data["ending"])
    move = next((legal for legal in board.legal_moves if str(legal) == data["move"]), None)
    if move is None:
        raise RuntimeError(f"the queued search gave a move that is not legal here: {data['move']!r}")
    return move, bool(data["offer"])
