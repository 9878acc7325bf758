"""`review` and `hint`, found by the router like the other game commands.

A review not stored yet runs in the background: the answer is a short "reviewing..." note, and the
graph, the turning points and the summary follow through the platform's sender when they are ready.
"""

from __future__ import annotations

import logging

from bot.chat import typed
from bot.chat.context import Ctx
from bot.chat.deps import Post
from bot.chat.events import Reply
from bot.chat.review_progress import Standing
from bot.domain.model import Game
from bot.flows import records, review_puzzles
from bot.flows.desk import Desk
from bot.flows.queued import GivenUp
from bot.flows.review import Reviewer
from bot.presentation.messages import Kind
from bot.presentation.review_text import hint_reply, review_replies, shown_points
from bot.storage.repository import Repository
from bot.workers import Workers
from engine.review import Review

log = logging.getLogger(__name__)

NODES_PER_SECOND = 100_000  # about what the search manages, for the time a node budget will take


async def review(target: typed.Target, ctx: Ctx, desk: Desk, reviewer: Reviewer, workers: Workers,
                 repository: Repository, post: Post) -> list[Reply]:
    """The review of a game: from storage at once, else a note now and the review when it is done."""
    game = await desk.find(ctx.asker, target.id, target.lookup, target.missing)
    reviewer.check(game, ctx.user.user_id)
    saved = await reviewer.saved(game)
    if saved is not None:
        hints = await records.hints_used(repository, game)
        plies = frozenset(await review_puzzles.kept_plies(repository, game))
        return await review_replies(workers, ctx.lang, game, saved, hints=hints, puzzles=plies)
    reviewer.reserve(ctx.platform, ctx.user.user_id)
    standing = Standing(ctx, game, desk, post)  # the note below, edited as the review goes
    desk.spawn(_review_later(ctx, game, reviewer, workers, desk, post, standing))
    limits = reviewer.limits
    per_position = limits.seconds if limits.seconds is not None else (limits.nodes or 0) / NODES_PER_SECOND
    seconds = max(1, round(per_position * (len(game.moves) + 1)))
    return [standing.note(Reply(ctx.say("review_started", id=game.id, plies=len(game.moves), seconds=seconds),
                                kind=Kind.INFO, game_id=game.id))]


async def _puzzles(desk: Desk, workers: Workers, game: Game, done: Review, *, search: bool) -> frozenset[int]:
    """The review's turning points that are puzzles (none, logged, if looking for them failed); with
    `search` False (the review came from the job queue: this process may have no search workers) only
    those kept already, found by mining."""
    try:
        if not search:
            return frozenset(await review_puzzles.kept_plies(desk.repository, game))
        return await review_puzzles.find(desk.repository, workers, game, done, shown_points(done), desk.clock)
    except Exception:
        log.exception("looking for puzzles in the review of game %s failed", game.id)
        return frozenset()


async def _review_later(ctx: Ctx, game: Game, reviewer: Reviewer, workers: Workers, desk: Desk,
                        post: Post, standing: Standing | None = None) -> None:
    repository = desk.repository
    try:
        try:
            done = await reviewer.review(game, standing.progress if standing else None)
            if standing is not None:
                standing.finished()
            hints = await records.hints_used(repository, game)
            plies = await _puzzles(desk, workers, game, done, search=reviewer.remote is None)
            replies = await review_replies(workers, ctx.lang, game, done, hints=hints, puzzles=plies)
        except GivenUp as error:
            log.warning("the queued review of game %s was given up: %s", game.id, error)
            replies = [Reply(ctx.say("review_given_up", id=game.id, tries=error.tries), kind=Kind.ERROR,
                             game_id=game.id, mentions=(ctx.user,))]
        except Exception:
            log.exception("the review of game %s failed", game.id)
            replies = [Reply(ctx.say("review_failed", id=game.id), kind=Kind.ERROR, game_id=game.id)]
        for reply in replies:
            await post(ctx.platform, ctx.channel, reply)
    finally:
        reviewer.release(ctx.platform, ctx.user.user_id)


async def hint(target: typed.Target, ctx: Ctx, reviewer: Reviewer, workers: Workers) -> list[Reply]:
    """A good move in the user's game against the bot, drawn as an arrow; the game records it."""
    hinted = await reviewer.hint(ctx.asker, target.id)
    return [await hint_reply(workers, ctx.lang, hinted, ctx.user.name)]
