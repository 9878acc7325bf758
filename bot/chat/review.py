"""`review` and `hint`: (ctx, game id) -> replies, found by the router like the other game commands.

A review not stored yet runs in the background: the answer is a short "reviewing..." note, and the
graph, the turning points and the summary follow through the platform's sender when they are ready.
"""

from __future__ import annotations

import logging

from bot.chat.context import Ctx
from bot.chat.events import Reply
from bot.domain.model import Game
from bot.presentation.review_text import hint_reply, review_replies

log = logging.getLogger(__name__)

NODES_PER_SECOND = 100_000  # about what the search manages, for the time a node budget will take


async def review(ctx: Ctx, game_id: int) -> list[Reply]:
    """The review of a game: from storage at once, else a note now and the review when it is done."""
    service = ctx.service
    game = await service.desk.game(game_id, ctx.platform)
    reviewer = service.reviewer
    reviewer.check(game, ctx.user.user_id)
    saved = await reviewer.saved(game)
    if saved is not None:
        hints = await service.repository.hints_used(game.id)
        return await review_replies(service.workers, ctx.lang, game, saved, hints=hints)
    reviewer.reserve(ctx.platform, ctx.user.user_id)
    service.desk.spawn(_review_later(ctx, game))
    limits = reviewer.limits
    per_position = limits.seconds if limits.seconds is not None else (limits.nodes or 0) / NODES_PER_SECOND
    seconds = max(1, round(per_position * (len(game.moves) + 1)))
    return [Reply(ctx.say("review_started", id=game.id, plies=len(game.moves), seconds=seconds), kind="info",
                  game_id=game.id)]


async def _review_later(ctx: Ctx, game: Game) -> None:
    service = ctx.service
    try:
        try:
            done = await service.reviewer.review(game)
            hints = await service.repository.hints_used(game.id)
            replies = await review_replies(service.workers, ctx.lang, game, done, hints=hints)
        except Exception:
            log.exception("the review of game %s failed", game.id)
            replies = [Reply(ctx.say("review_failed", id=game.id), kind="error", game_id=game.id)]
        for reply in replies:
            await service.post(ctx.platform, ctx.channel, reply)
    finally:
        service.reviewer.release(ctx.platform, ctx.user.user_id)


async def hint(ctx: Ctx, game_id: int) -> list[Reply]:
    """A good move in the user's game against the bot, drawn as an arrow; the game records it."""
    service = ctx.service
    hinted = await service.reviewer.hint(ctx.platform, ctx.user.user_id, game_id)
    hints = await service.repository.hints_used(game_id)
    return [await hint_reply(service.workers, ctx.lang, hinted, ctx.user.name, hints)]
