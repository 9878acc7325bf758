"""Talk about the game: the rules, questions, help, and the channel's settings."""

from __future__ import annotations

from bot.chat import daily as daily_setting
from bot.chat import typed
from bot.chat.commands import COMMANDS
from bot.chat.context import Ctx
from bot.chat.events import Reply
from bot.config import Config
from bot.domain.model import ChannelSettings, Openers
from bot.domain.transitions import Refusal
from bot.flows import records
from bot.flows.desk import Desk
from bot.presentation import catalogue, rules_help
from bot.presentation.messages import Kind
from bot.storage.repository import Repository


async def settings(command: typed.Settings, ctx: Ctx, repository: Repository, config: Config,
                   desk: Desk) -> list[Reply]:
    language, variant, board, openers = command.language, command.variant, command.board, command.tournaments
    live, threads = command.live, command.threads
    if threads is not None and ctx.platform != "discord":
        raise Refusal("settings_threads_discord_only")  # only Discord gives a game a thread of its own
    changing = (bool(language or variant or board or openers) or live is not None or threads is not None
                or command.puzzle is not None)
    if changing and ctx.event.may_manage is not None and not await ctx.event.may_manage():
        raise Refusal("settings_not_allowed")
    if changing:
        changes = ChannelSettings(language, variant, board, openers, live, threads)
        current = await records.change_settings(repository, ctx.asker, changes)
    else:
        current = await records.settings(repository, ctx.platform, ctx.channel)
    key = "settings_saved" if changing else "settings_show"
    lang = language or ctx.lang
    chosen = language or current.language
    own = catalogue.language_name(lang, lang)
    shown_lang = (catalogue.language_name(lang, chosen) if chosen
                  else catalogue.say(lang, "settings-language-unset", language=own))
    text = catalogue.say(lang, key, language=shown_lang,
                         variant=catalogue.variant_title(lang, current.variant or config.variant))
    boards = catalogue.say(lang, f"settings-board-{current.orientation.value}",
                           command=catalogue.command_name(lang, "settings"))
    opening = catalogue.say(lang, f"settings-tournaments-{(current.tournaments or Openers.ANYONE).value}",
                            command=catalogue.command_name(lang, "settings"))
    tidy = [catalogue.say(lang, f"settings-{name}-{'on' if chosen else 'off'}",
                          command=catalogue.command_name(lang, "settings"))
            for name, chosen in (("live", current.live), ("threads", current.threads))
            if name == "live" or ctx.platform == "discord"]  # only Discord gives games threads
    daily = await daily_setting.settings_line(command.puzzle, ctx, lang, repository, desk.clock)
    return [Reply("\n".join((text, boards, opening, *tidy, daily)), kind=Kind.SETTINGS)]


def _answer_lang(ctx: Ctx, text: str) -> str:
    """The language to answer rules words in: the one chosen for the channel or person, else the words'
    own, else the default."""
    return ctx.lang if ctx.lang_chosen else rules_help.question_language(text) or ctx.lang


async def rules(command: typed.Rules, ctx: Ctx, repository: Repository) -> list[Reply]:
    """`rules`: the topic list, a topic (by number, id or name, for any variants named), or an answer, in
    the language of the words after `rules` when nobody chose one (as a question typed on its own)."""
    variant = await records.rules_variant(repository, ctx.asker, ctx.variant)
    lang = _answer_lang(ctx, " ".join(command.words))
    found = rules_help.respond(command.words, lang, variant)
    if found is None:
        return [Reply(catalogue.say(lang, "rules_unknown", text=" ".join(command.words)[:80]) + "\n"
                      + rules_help.topic_list(lang, variant), kind=Kind.RULES)]
    if isinstance(found, str):
        return [Reply(found, kind=Kind.RULES)]
    return [Reply(found.text, title=found.title, kind=Kind.RULES)]


async def question(command: typed.Question, ctx: Ctx, repository: Repository) -> list[Reply]:
    """The answer to a rules question typed to the bot, in the question's own language when nobody chose
    one; else "not a rules question" for a question, "not understood" for other text (or nothing, for
    chat in reply to the bot's message)."""
    lang = _answer_lang(ctx, command.text)
    variant = await records.rules_variant(repository, ctx.asker, ctx.variant)
    found = rules_help.answer(command.text, lang, variant)
    if found is not None:
        return [Reply(found.text, title=found.title, kind=Kind.RULES)]
    if command.quiet:
        return []
    if "?" not in command.text:
        return await not_understood(typed.NotUnderstood(), ctx)
    return [Reply(catalogue.say(lang, "not_a_rules_question", rules=catalogue.command_name(lang, "rules"),
                                help=catalogue.command_name(lang, "help")), private=True, kind=Kind.HELP)]


async def not_understood(command: typed.NotUnderstood, ctx: Ctx) -> list[Reply]:
    return [Reply(ctx.say("not_understood"), private=True, kind=Kind.HELP)]


def help_head(ctx: Ctx) -> list[str]:
    """How to give commands and moves here: the platform's own way (a slash command, `/command`, the
    bare word), typed moves only where the bot gets to read them, and on Discord what a user install
    (DMs and group DMs between people) can and cannot do."""
    platform = ctx.platform if ctx.platform in ("discord", "telegram", "console") else None
    intro = ctx.say(f"help_intro_{platform}") if platform else ctx.say("help_intro")
    typed = "help_moves" if ctx.event.reads_typed else f"help_moves_{platform or 'other'}_untyped"
    moves = ctx.say(typed)
    return [intro, moves, *([ctx.say("help_discord_user_install")] if platform == "discord" else [])]


def _command_line(ctx: Ctx, name: str) -> str:
    said = dict.fromkeys((*catalogue.words(ctx.lang, f"words-command-{name}"), name))
    return ctx.say("help_command_line", words=", ".join(f"`{word}`" for word in said),
                   description=ctx.say(f"cmd_{name}"))


async def help_(command: typed.Help, ctx: Ctx) -> list[Reply]:
    """`help`: every command; `help challenge`: one command, with its usage and options where it has some."""
    named = command.command
    if named is not None:
        lines = [_command_line(ctx, named)]
        if catalogue.has(f"usage-{named}"):
            word = catalogue.command_name(ctx.lang, named)
            lines.append(ctx.say("help_command_usage", usage=ctx.say(f"usage_{named}", word=word)))
            lines.append(ctx.say("help_command_options", options=ctx.say(f"options_{named}")))
        return [Reply("\n".join(lines), kind=Kind.HELP)]
    lines = [*help_head(ctx), ""]
    lines += [_command_line(ctx, spec.name) for spec in COMMANDS]
    lines += ["", ctx.say("help_more", help=catalogue.command_name(ctx.lang, "help"),
                          example=catalogue.command_name(ctx.lang, "challenge"))]
    return [Reply("\n".join(lines), kind=Kind.HELP)]
