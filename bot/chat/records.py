"""What the channel has on record: a game's PDN and replay, the channel's games, stats, leaderboard."""

from __future__ import annotations

from bot.chat import typed
from bot.chat.challenging import find_person
from bot.chat.context import Ctx
from bot.chat.events import Attachment, Reply
from bot.chat.puzzles import stats_lines as puzzle_stats
from bot.config import Config
from bot.domain.transitions import Refusal
from bot.flows import records, tournaments
from bot.flows.desk import Desk
from bot.presentation import catalogue, game_text, rating_text
from bot.presentation.messages import Kind
from bot.storage.repository import Repository
from bot.workers import Workers
from engine import Color


async def pdn(target: typed.Target, ctx: Ctx, desk: Desk, repository: Repository) -> list[Reply]:
    loaded = await desk.load(ctx.asker, target.id, target.lookup, target.missing)
    game = loaded.game
    text = game_text.pdn_text(game, loaded.board, hints=await records.hints_used(repository, game),
                              event=await tournaments.game_tags(repository, game))
    return [Reply(f"{ctx.say('pdn', id=game.id)}\n```\n{text}\n```", kind=Kind.PDN, game_id=game.id)]


async def gif(target: typed.Target, ctx: Ctx, desk: Desk, workers: Workers) -> list[Reply]:
    loaded = await desk.load(ctx.asker, target.id, target.lookup, target.missing)
    game = loaded.game
    title = (f"#{game.id} {game_text.who(ctx.lang, game, Color.WHITE)} - "
             f"{game_text.who(ctx.lang, game, Color.BLACK)}")
    flipped = game_text.flipped_for(game.color_of(ctx.user.user_id))
    data = await workers.game_gif(loaded.board, flipped=flipped, title=title,
                                  captions=game_text.replay_captions(ctx.lang, game))
    if data is None:
        raise Refusal("pictures_unavailable")
    return [Reply(ctx.say("gif", id=game.id), attachment=Attachment(data, "game.gif"), kind=Kind.GIF,
                  game_id=game.id)]


async def games(command: typed.Games, ctx: Ctx, desk: Desk, config: Config) -> list[Reply]:
    """Active games, open challenges and the games that ended recently here, a page at a time (`games 2`
    for the second page)."""
    found = await records.channel_games(desk, ctx.asker)
    lang = ctx.lang
    entries: list[tuple[str, str]] = []
    for game in found.active:
        entries.append(("games_header", ctx.say(
            "games_line", id=game.id, white=game.white.name, black=game.black.name,
            white_side=game_text.side(lang, game.variant, Color.WHITE),
            black_side=game_text.side(lang, game.variant, Color.BLACK),
            variant=catalogue.variant_title(lang, game.variant), plies=len(game.moves),
            side=game_text.side(lang, game.variant, game.turn))))
    for challenge in found.pending:
        target = challenge.target.name if challenge.target else ctx.say("anyone")
        entries.append(("challenges_header", ctx.say(
            "challenges_line", id=challenge.id, challenger=challenge.challenger.name, target=target,
            variant=catalogue.variant_title(lang, challenge.variant))))
    for game in found.finished:
        entries.append(("games_finished_header", ctx.say(
            "games_finished_line", id=game.id, white=game.white.name, black=game.black.name,
            white_side=game_text.side(lang, game.variant, Color.WHITE),
            black_side=game_text.side(lang, game.variant, Color.BLACK),
            variant=catalogue.variant_title(lang, game.variant), result=game_text.result_line(lang, game))))
    size = config.limits.page_lines
    pages = max(1, -(-len(entries) // size))
    page = min(max(1, command.page), pages)
    lines = [ctx.say("games_none")] if not found.active and page == 1 else []
    header = None
    for section, line in entries[(page - 1) * size: page * size]:
        if section != header:
            lines.append(ctx.say(section))
            header = section
        lines.append(line)
    if pages > 1:
        lines.append(ctx.say("games_page", page=page, pages=pages))
        left = len(entries) - page * size
        if left > 0:
            own = f"games_more_{ctx.platform}"  # the platform's way to ask, where it has its own
            lines.append(ctx.say(own if catalogue.has(own) else "games_more", count=left, page=page + 1))
    return [Reply("\n".join(lines), kind=Kind.GAMES)]


async def stats(command: typed.Stats, ctx: Ctx, desk: Desk) -> list[Reply]:
    """A person's totals, and their rating here in each variant they played rated."""
    person = await find_person(ctx, desk.repository, list(command.names)) or ctx.player
    found = await records.record(desk.repository, ctx.asker, person.user_id, desk.clock())
    totals = found.totals
    lines = [ctx.say("stats", name=person.name, games=totals.games, wins=totals.wins, losses=totals.losses,
                     draws=totals.draws, active=totals.active),
             *rating_text.stats_lines(ctx.lang, found.ratings),
             *await puzzle_stats(ctx, desk, person.user_id)]
    return [Reply("\n".join(lines), kind=Kind.STATS)]


async def leaderboard(command: typed.Leaderboard, ctx: Ctx, desk: Desk) -> list[Reply]:
    """The channel's best settled ratings in a variant (the channel's rules when none is named)."""
    variant = command.variant or ctx.variant
    leaders = await records.leaderboard(desk.repository, ctx.asker, variant, desk.clock())
    return [Reply(rating_text.leaderboard_text(ctx.lang, leaders), kind=Kind.LEADERBOARD)]
