"""The `/tammi` slash command on discord.py's `app_commands`, built from `bot.chat.commands.COMMANDS`.

Every service command is a subcommand of one `/tammi` group. Names and descriptions are `locale_str`s
that carry their key in the message catalogue; `CatalogueTranslator` gives Discord their Finnish texts
(and those of any language the catalogue gains). Syncing goes through `tree.sync()`, and only when
Discord's definitions differ from the tree's.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str
from discord.http import Route

from bot.chat.commands import CHOICES, COMMANDS, Command, Option, OptionKind, lent
from bot.domain.tournaments import MAX_DAYS, MAX_ROUNDS
from bot.platforms.base import apology
from bot.platforms.discord.buttons import shorten
from bot.platforms.discord.client import handler_of, person
from bot.presentation import catalogue

log = logging.getLogger(__name__)

JSON = dict[str, Any]

ROOT = "tammi"
AUTOCOMPLETE_LIMIT = 25
SUBCOMMANDS = tuple(spec for spec in COMMANDS if not spec.within and not spec.top)
"""The commands that are subcommands of `/tammi` (the others lend their options to one: `Command.within`)."""
TOP_LEVEL = tuple(spec for spec in COMMANDS if spec.top)
"""The commands of their own (`/puzzle`): `/tammi` has all the 25 subcommands Discord allows."""


class CatalogueTranslator(app_commands.Translator):
    """The texts for Discord's other languages, from the message catalogue: each `locale_str` here
    carries its catalogue key (`key`), and names (`word=True`) take the first word of a word list."""

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = catalogue.locale_language(locale.value)
        key = string.extras.get("key")
        if lang is None or lang == catalogue.ENGLISH or not key:
            return None  # English is the commands' own text
        if string.extras.get("word"):
            words = catalogue.words(lang, str(key))
            return words[0][:32] if words else None
        return catalogue.say(lang, str(key))[:100]


def _described(key: str) -> locale_str:
    """A description: the catalogue's English message, translated by its key."""
    return locale_str(catalogue.say(catalogue.ENGLISH, key)[:100], key=key)


def _named(name: str, key: str) -> locale_str:
    """A name Discord matches in English, shown in other languages from the word list `key`."""
    return locale_str(name, key=key, word=True)


_CHOICE_NAMES: dict[OptionKind, Callable[[str], locale_str]] = {
    "variant": lambda value: _named(value, f"choice-{value}"),
    "format": lambda value: _named(value, f"words-tournament-{value}"),
    "notify": lambda value: _described(f"choice-notify-{value}"),
    "puzzle-action": lambda value: _described(f"choice-puzzle-{value}"),
    "switch": lambda value: _described(f"choice-switch-{value}"),
    "daily": lambda value: _described(f"choice-daily-{value}"),
    "colour": lambda value: _named(value, f"choice-{value}"),
    "draw-answer": lambda value: _described(f"choice-draw-{value}"),
    "undo-answer": lambda value: _described(f"choice-undo-{value}"),
    "language": lambda value: _described(f"language-name-{value}"),
    "board": lambda value: _described(f"choice-board-{value}"),
    "openers": lambda value: _described(f"choice-openers-{value}"),
}
"""How a choice is shown: the rules and colours by their word, answers as a phrase, languages by name."""


def _option_choices(kind: OptionKind) -> list[Choice[str]]:
    """The choices of an option of this kind, each with its name in Discord's languages."""
    return [Choice(name=_CHOICE_NAMES[kind](value), value=value) for value in CHOICES[kind]]


def _annotation(option: Option) -> Any:
    if option.kind == "user":
        return discord.User
    if option.kind == "level":
        return app_commands.Range[int, 1, 5]
    if option.kind == "game":  # a game's number, as `pdn 12` is typed
        return app_commands.Range[int, 1, 2**53 - 1]
    if option.kind == "page":  # a page of a list, as `games 2` is typed
        return app_commands.Range[int, 1, 99_999]
    if option.kind == "flag":
        return bool
    if option.kind == "rounds":  # a tournament's rounds, as `tournament new rounds 5` is typed
        return app_commands.Range[int, 1, MAX_ROUNDS]
    if option.kind == "days":  # its days per move
        return app_commands.Range[int, 1, MAX_DAYS]
    return str


Suggest = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[Choice[str]]]]


async def _suggest_moves(interaction: discord.Interaction[Any], typed: str) -> list[Choice[str]]:
    moves = await handler_of(interaction).suggest_moves(interaction)
    return _choices([(move, move) for move in moves], typed)


async def _suggest_topics(interaction: discord.Interaction[Any], typed: str) -> list[Choice[str]]:
    topics = handler_of(interaction).rule_topics(interaction)
    return _choices([(title, topic) for topic, title in topics], typed)


def _choices(pairs: list[tuple[str, str]], typed: str) -> list[Choice[str]]:
    """The (name, value) pairs whose name or value contains what was typed, as autocomplete choices."""
    typed = typed.strip().lower()
    matching = [pair for pair in pairs if typed in pair[0].lower() or typed in pair[1].lower()]
    return [Choice(name=shorten(name, 100), value=value[:100])
            for name, value in matching[:AUTOCOMPLETE_LIMIT]]


_SUGGESTIONS: dict[str, Suggest] = {"move": _suggest_moves, "topic": _suggest_topics}


def _callback(spec: Command, group: str | None = None) -> Callable[..., Coroutine[Any, Any, None]]:
    """The subcommand's callback: its options, in the table's order, become the event's args and
    mentions (a flag that is set gives its name, as it is typed; a count its name and number, and so does
    a `notify` choice). In a group (`/tammi tournament new`) the command is the group's, its first word
    the subcommand's. Its signature (one parameter per option) is what discord.py reads the options
    from."""
    name, head = (group, [spec.name]) if group else (spec.name, [])
    key = f"{group}-{spec.name}" if group else spec.name

    async def run(interaction: discord.Interaction[Any], **values: Any) -> None:
        args: list[str] = list(head)
        mentions = []
        for option in spec.options:
            value = values.get(option.name)
            if isinstance(value, discord.abc.User):
                mentions.append(person(value))
            elif isinstance(value, bool):
                args += [option.name] if value else []
            elif option.kind in ("rounds", "days", "notify", "switch", "daily") and value is not None:
                args += [option.name, str(value)]
            elif value is not None and str(value).strip():
                args.append(str(value).strip())
        await handler_of(interaction).command(interaction, name, tuple(args), tuple(mentions))

    interaction = inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)
    options = [inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, annotation=_annotation(option),
                                 default=inspect.Parameter.empty if option.required else None)
               for option in spec.options]
    run.__signature__ = inspect.Signature([interaction, *options])  # type: ignore[attr-defined]
    if spec.options:
        app_commands.describe(**{o.name: _described(f"opt-{key}-{o.name}") for o in spec.options})(run)
        app_commands.rename(**{o.name: _named(o.name, f"option-name-{o.name}") for o in spec.options})(run)
    choices = {o.name: _option_choices(o.kind) for o in spec.options if o.kind in CHOICES}
    if choices:
        app_commands.choices(**choices)(run)
    suggest = {o.name: _SUGGESTIONS[o.kind] for o in spec.options if o.kind in _SUGGESTIONS}
    if suggest:
        app_commands.autocomplete(**suggest)(run)
    return run


def contexts() -> app_commands.AppCommandContext:
    """Where Tammi's commands may be used: servers, its DMs, and DMs and group DMs between people (where a
    user installed it; there it answers commands and buttons only, see `bot.platforms.discord.outside`)."""
    return app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)


def installs() -> app_commands.AppInstallationType:
    """How Tammi may be installed: to a server, or to a person's account (for their DMs and group DMs)."""
    return app_commands.AppInstallationType(guild=True, user=True)


def tammi_group() -> app_commands.Group:
    """`/tammi` with one subcommand per command of the service."""
    group = app_commands.Group(
        name=ROOT, description=_described("cmd-tammi"),
        allowed_contexts=contexts(), allowed_installs=installs(),
    )
    for spec in SUBCOMMANDS:
        if spec.subcommands:
            group.add_command(_group(spec))
            continue
        group.add_command(app_commands.Command(
            name=_named(spec.name, f"words-command-{spec.name}"), description=_described(f"cmd-{spec.name}"),
            callback=_callback(replace(spec, options=(*spec.options, *lent(spec.name))))))
    return group


def top_command(spec: Command) -> app_commands.Command[Any, ..., None]:
    """A command of its own (`/puzzle`), where `/tammi` may be used."""
    return app_commands.Command(
        name=_named(spec.name, f"words-command-{spec.name}"), description=_described(f"cmd-{spec.name}"),
        callback=_callback(spec), allowed_contexts=contexts(), allowed_installs=installs())


def _group(spec: Command) -> app_commands.Group:
    """A subcommand group of `/tammi` (`/tammi tournament new`, ...)."""
    inner = app_commands.Group(name=_named(spec.name, f"words-command-{spec.name}"),
                               description=_described(f"cmd-{spec.name}"))
    for sub in spec.subcommands:
        inner.add_command(app_commands.Command(
            name=_named(sub.name, f"words-{spec.name}-{sub.name}"),
            description=_described(f"cmd-{spec.name}-{sub.name}"), callback=_callback(sub, spec.name)))
    return inner


class TammiTree(app_commands.CommandTree[Any]):
    """A command tree whose failures end in the apology."""

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError,
                       /) -> None:
        """Someone else's command is ignored. Any other failure before the adapter took over (an option
        discord.py could not read) is logged, and the user gets the apology."""
        if isinstance(error, app_commands.CommandNotFound):
            log.debug("ignored the command %r", error.name)
            return
        log.error("a Discord command failed", exc_info=error)
        autocomplete = interaction.type is discord.InteractionType.autocomplete  # takes choices only
        if not autocomplete and not interaction.response.is_done():
            sorry = apology(interaction.locale.value)
            try:
                await interaction.response.send_message(sorry.text, ephemeral=True)
            except discord.HTTPException:
                log.exception("could not send the apology either")


def command_tree(client: discord.Client) -> TammiTree:
    """The client's command tree, holding `/tammi` (its translator is set by `translated`)."""
    tree = TammiTree(client)
    tree.add_command(tammi_group())
    for spec in TOP_LEVEL:
        tree.add_command(top_command(spec))
    return tree


async def translated(tree: app_commands.CommandTree[Any]) -> app_commands.Translator:
    """The tree's translator, set to `CatalogueTranslator` on first use."""
    if tree.translator is None:
        await tree.set_translator(CatalogueTranslator())
    assert tree.translator is not None
    return tree.translator


async def definitions(tree: app_commands.CommandTree[Any]) -> list[JSON]:
    """The tree's commands as `tree.sync()` sends them (translations included)."""
    translator = await translated(tree)
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]


_COMPARED = frozenset({
    "type", "name", "description", "name_localizations", "description_localizations", "options",
    "required", "choices", "autocomplete", "min_value", "max_value", "value", "contexts",
    "integration_types",
})


def _comparable(value: Any) -> Any:
    """`value` with only the keys we define, defaults (False, None, empty) dropped, lists kept in order."""
    if isinstance(value, dict):
        kept = {}
        for key, item in value.items():
            if key not in _COMPARED:
                continue
            if not key.endswith("_localizations"):  # their keys are locales, kept as they are
                item = _comparable(item)
            if item in (None, False, [], {}):
                continue
            kept[key] = item
        return kept
    if isinstance(value, list):
        return [_comparable(item) for item in value]
    return value


def same_definitions(ours: list[JSON], registered: list[JSON]) -> bool:
    """True when the commands Discord returned (`GET .../commands?with_localizations=true`) match ours."""
    return bool(_comparable(sorted(ours, key=_name)) == _comparable(sorted(registered, key=_name)))


def _name(command: JSON) -> str:
    return str(command.get("name"))


async def registered_definitions(client: discord.Client) -> list[JSON]:
    """The global commands Discord has for this application, with their localisations.

    `CommandTree.fetch_commands` asks without `with_localizations`, and then Discord leaves the Finnish
    texts out, so a change to them alone would never be seen; this one read asks for them.
    """
    route = Route("GET", "/applications/{application_id}/commands", application_id=client.application_id)
    data = await client.http.request(route, params={"with_localizations": "true"})
    return list(data or [])


async def sync_if_changed(tree: app_commands.CommandTree[Any]) -> bool:
    """`tree.sync()` when Discord's definitions differ from the tree's; True if they were pushed."""
    if same_definitions(await definitions(tree), await registered_definitions(tree.client)):
        return False
    await tree.sync()
    log.info("Synced the Discord slash commands")
    return True


def subcommand_count(registered: list[app_commands.AppCommand]) -> int:
    """How many `/tammi` subcommands the registered commands hold."""
    return sum(len(command.options) for command in registered if command.name == ROOT)
