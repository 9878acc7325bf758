"""Tournaments in the chat: `tournament new|join|leave|start|standings|cancel|pdn` and the status, the
Join and Standings buttons. The router takes its tables (`COMMANDS`, `PRESSES`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.chat import typed
from bot.chat.context import Ctx
from bot.chat.events import Reply
from bot.chat.tournament_reading import (
    TournamentCancel,
    TournamentJoin,
    TournamentLeave,
    TournamentNew,
    TournamentPdn,
    TournamentStandings,
    TournamentStart,
    TournamentStatus,
)
from bot.domain.model import Openers
from bot.domain.tournaments import Terms
from bot.domain.transitions import Refusal
from bot.flows import records, tournaments
from bot.flows.desk import Desk
from bot.flows.rounds import Director
from bot.flows.tournament_news import RoundGame
from bot.presentation import tournament_text
from bot.presentation.messages import Action
from bot.presentation.replies import Presenter
from bot.storage.repository import Repository
from bot.workers import Workers

Handler = Callable[..., Awaitable[list[Reply]]]


async def _manager(ctx: Ctx) -> bool:
    """Whether the user may manage the channel (everyone, where the platform does not say)."""
    return ctx.event.may_manage is None or await ctx.event.may_manage()


async def new(command: TournamentNew, ctx: Ctx, desk: Desk, repository: Repository) -> list[Reply]:
    """Open a tournament here (anyone may, unless the channel's setting leaves it to its managers)."""
    settings = await records.settings(repository, ctx.platform, ctx.channel)
    if settings.tournaments is Openers.MANAGERS and not await _manager(ctx):
        raise Refusal("tournament_managers_only")
    variant = command.variant or ctx.variant
    terms = Terms(command.format, variant, command.rounds, command.double, command.days)
    made = await tournaments.open_tournament(desk, ctx.asker, ctx.player, terms)
    return [tournament_text.opened(ctx.lang, made)]


async def join(command: TournamentJoin, ctx: Ctx, desk: Desk) -> list[Reply]:
    joined = await tournaments.join(desk, ctx.asker, ctx.player, command.tournament_id)
    return [tournament_text.joined(ctx.lang, joined, ctx.user.name)]


async def join_pressed(target: typed.Target, ctx: Ctx, desk: Desk) -> list[Reply]:
    return await join(TournamentJoin(target.id), ctx, desk)


async def leave(command: TournamentLeave, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    gone = await tournaments.leave(desk, ctx.asker, ctx.player)
    return await tournament_text.left(presenter, ctx.lang, gone)


async def start(command: TournamentStart, ctx: Ctx, desk: Desk, presenter: Presenter,
                director: Director) -> list[Reply]:
    """Start the tournament: round 1's pairings, then each of its games with its board."""
    paired = await tournaments.start(desk, director, ctx.asker, manager=await _manager(ctx))
    replies = [tournament_text.round_paired(ctx.lang, paired)]
    for game in paired.games:
        replies.append(await tournament_text.news(presenter, ctx.lang,
                                                  RoundGame(paired.tournament, game, desk.board(game)),
                                                  reads_typed=ctx.event.reads_typed))
    return replies


async def status(command: TournamentStatus, ctx: Ctx, desk: Desk) -> list[Reply]:
    shown, games = await tournaments.games(desk, ctx.asker, command.tournament_id)
    return [tournament_text.status(ctx.lang, shown, games)]


async def standings(command: TournamentStandings, ctx: Ctx, desk: Desk, workers: Workers) -> list[Reply]:
    """The standings in text and as a picture."""
    shown = await tournaments.view(desk, ctx.asker, command.tournament_id)
    return [await tournament_text.standings(workers, ctx.lang, shown)]


async def standings_pressed(target: typed.Target, ctx: Ctx, desk: Desk, workers: Workers) -> list[Reply]:
    return await standings(TournamentStandings(target.id), ctx, desk, workers)


async def cancel(command: TournamentCancel, ctx: Ctx, desk: Desk) -> list[Reply]:
    done = await tournaments.cancel(desk, ctx.asker, manager=await _manager(ctx))
    return [tournament_text.cancelled(ctx.lang, done)]


async def pdn(command: TournamentPdn, ctx: Ctx, desk: Desk) -> list[Reply]:
    """Every game of the tournament in one PDN file."""
    shown, games = await tournaments.games(desk, ctx.asker, command.tournament_id)
    found = [(game, desk.board(game), tournaments.pdn_tags(shown.tournament, shown.pairings, game))
             for game in games]
    return [tournament_text.pdn_file(ctx.lang, shown.tournament, found)]


COMMANDS: dict[type[typed.Command], Handler] = {
    TournamentNew: new, TournamentJoin: join, TournamentLeave: leave, TournamentStart: start,
    TournamentStatus: status, TournamentStandings: standings, TournamentCancel: cancel, TournamentPdn: pdn,
}
PRESSES: dict[Action, Handler] = {Action.JOIN_TOURNAMENT: join_pressed,
                                  Action.TOURNAMENT_STANDINGS: standings_pressed}
