"""Commands that answer with information: games, stats, leaderboard, settings, rules, help."""

from __future__ import annotations

from bot.chat import grammar as words
from bot.chat.commands import COMMANDS
from bot.chat.context import Ctx
from bot.chat.events import Reply
from bot.chat.handlers import find_person
from bot.domain.model import ChannelSettings
from bot.domain.transitions import Refusal
from bot.presentation import catalogue, game_text, rules_help
from engine import Color

MAX_LISTED = 5000  # rows read for a list; beyond them nobody pages


RECENT = 5  # finished games listed by `games`


async def games(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    """Active games, open challenges and the games that ended recently here, a page at a time (`games 2`
    for the second page)."""
    service = ctx.service
    active = await service.repository.channel_games(ctx.platform, ctx.channel, limit=MAX_LISTED)
    pending = await service.repository.open_challenges(ctx.platform, ctx.channel, now=service.desk.clock())
    entries: list[tuple[str, str]] = []
    for game in active:
        entries.append(("games_header", ctx.say(
            "games_line", id=game.id, white=game.white.name, black=game.black.name,
            white_side=game_text.side(ctx.lang, game.variant, Color.WHITE),
            black_side=game_text.side(ctx.lang, game.variant, Color.BLACK),
            variant=catalogue.variant_title(ctx.lang, game.variant), plies=len(game.moves),
            side=game_text.side(ctx.lang, game.variant, game.turn))))
    for challenge in pending[:MAX_LISTED]:
        target = challenge.target.name if challenge.target else ctx.say("anyone")
        entries.append(("challenges_header", ctx.say(
            "challenges_line", id=challenge.id, challenger=challenge.challenger.name, target=target,
            variant=catalogue.variant_title(ctx.lang, challenge.variant))))
    for game in await service.repository.finished_games(ctx.platform, ctx.channel, limit=RECENT):
        entries.append(("games_finished_header", ctx.say(
            "games_finished_line", id=game.id, white=game.white.name, black=game.black.name,
            white_side=game_text.side(ctx.lang, game.variant, Color.WHITE),
            black_side=game_text.side(ctx.lang, game.variant, Color.BLACK),
            variant=catalogue.variant_title(ctx.lang, game.variant),
            result=game_text.result_line(ctx.lang, game))))
    size = service.config.limits.page_lines
    pages = max(1, -(-len(entries) // size))
    typed = next((int(arg) for arg in args if arg.isdecimal() and len(arg) < 6), 1)
    page = min(max(1, typed), pages)
    shown = entries[(page - 1) * size: page * size]
    lines = [ctx.say("games_none")] if not active and page == 1 else []
    header = None
    for section, line in shown:
        if section != header:
            lines.append(ctx.say(section))
            header = section
        lines.append(line)
    if pages > 1:
        lines.append(ctx.say("games_page", page=page, pages=pages))
        left = len(entries) - page * size
        if left > 0:
            lines.append(ctx.say("games_more", count=left, page=page + 1))
    return [Reply("\n".join(lines), kind="games")]


async def stats(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    repository = ctx.service.repository
    person = await find_person(ctx, list(args)) or ctx.player
    totals = await repository.player_stats(ctx.platform, person.user_id)
    rating = await repository.rating(ctx.platform, ctx.channel, person.user_id)
    lines = [ctx.say("stats", name=person.name, games=totals.games, wins=totals.wins, losses=totals.losses,
                     draws=totals.draws, active=totals.active)]
    if rating is None:
        lines.append(ctx.say("stats_unrated"))
    else:
        lines.append(ctx.say("stats_rating", rating=round(rating.rating), rated=rating.games))
    return [Reply("\n".join(lines), kind="stats")]


async def leaderboard(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    rows = await ctx.service.repository.leaderboard(ctx.platform, ctx.channel)
    if not rows:
        return [Reply(ctx.say("leaderboard_empty"), kind="leaderboard")]
    lines = [ctx.say("leaderboard_header")]
    for rank, row in enumerate(rows, 1):
        lines.append(ctx.say("leaderboard_line", rank=rank, name=row.name, rating=round(row.rating),
                             games=row.games, wins=row.wins, losses=row.losses, draws=row.draws))
    return [Reply("\n".join(lines), kind="leaderboard")]


async def settings(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    service = ctx.service
    language: str | None = None
    variant: str | None = None
    for arg in args:
        word = arg.casefold()
        if word in words.LANGUAGE_WORDS:
            language = words.LANGUAGE_WORDS[word]
        elif words.variant_name(word):
            variant = words.variant_name(word)
        elif word not in words.SETTING_WORDS:
            raise Refusal("settings_bad_language")
    if (language or variant) and ctx.event.may_manage is not None and not await ctx.event.may_manage():
        raise Refusal("settings_not_allowed")
    if language or variant:
        await service.set_channel_settings(ctx.platform, ctx.channel, ChannelSettings(language, variant))
    current = await service.channel_settings(ctx.platform, ctx.channel)
    shown_lang = language or current.language or service.config.language
    key = "settings_saved" if (language or variant) else "settings_show"
    return [Reply(catalogue.say(language or ctx.lang, key, language=shown_lang,
                            variant=current.variant or service.config.variant), kind="settings")]


async def _rules_variant(ctx: Ctx) -> str:
    """The rules a question is about when it names none: the asker's game here, else the channel's."""
    game = await ctx.service.repository.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
    return game.variant if game is not None else ctx.variant


async def rules(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    """`rules`: the topic list, a topic (by number, id or name, for any variants named), or an answer."""
    variant = await _rules_variant(ctx)
    found = rules_help.respond(args, ctx.lang, variant)
    if found is None:
        return [Reply(ctx.say("rules_unknown", text=" ".join(args)[:80]) + "\n"
                      + rules_help.topic_list(ctx.lang, variant), kind="rules")]
    if isinstance(found, str):
        return [Reply(found, kind="rules")]
    return [Reply(found.text, title=found.title, kind="rules")]


async def question(ctx: Ctx, text: str) -> list[Reply] | None:
    """The answer to a rules question typed to the bot, or None when nothing answers it."""
    variant = await _rules_variant(ctx)
    found = rules_help.answer(text, ctx.lang, variant)
    if found is None:
        return None
    return [Reply(found.text, title=found.title, kind="rules")]


def help_head(ctx: Ctx) -> list[str]:
    """How to give commands and moves here: the platform's own way (a slash command, `/command`, the
    bare word), and typed moves only where the bot gets to read them."""
    platform = ctx.platform if ctx.platform in ("discord", "telegram", "console") else None
    intro = ctx.say(f"help_intro_{platform}") if platform else ctx.say("help_intro")
    if ctx.event.reads_typed:
        return [intro, ctx.say("help_moves")]
    return [intro, ctx.say(f"help_moves_{platform or 'other'}_untyped")]


def _command_line(ctx: Ctx, name: str) -> str:
    said = dict.fromkeys((*catalogue.words(ctx.lang, f"words-command-{name}"), name))
    return ctx.say("help_command_line", words=", ".join(f"`{word}`" for word in said),
                   description=ctx.say(f"cmd_{name}"))


async def help_(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    """`help`: every command; `help challenge`: one command, with its usage and options where it has some."""
    named = words.resolve_command(args[0]) if args else None
    if named is not None:
        lines = [_command_line(ctx, named)]
        if catalogue.has(f"usage-{named}"):
            word = catalogue.command_name(ctx.lang, named)
            lines.append(ctx.say("help_command_usage", usage=ctx.say(f"usage_{named}", word=word)))
            lines.append(ctx.say("help_command_options", options=ctx.say(f"options_{named}")))
        return [Reply("\n".join(lines), kind="help")]
    lines = [*help_head(ctx), ""]
    lines += [_command_line(ctx, spec.name) for spec in COMMANDS]
    lines += ["", ctx.say("help_more", help=catalogue.command_name(ctx.lang, "help"),
                          example=catalogue.command_name(ctx.lang, "challenge"))]
    return [Reply("\n".join(lines), kind="help")]
