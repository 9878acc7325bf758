"""The `/tammi` command tree satisfies Discord's rules for application commands, in English and Finnish."""

from __future__ import annotations

import copy
import re
from typing import Any

import discord
from discord.app_commands import locale_str

from bot.platforms.discord.tree import (
    SUBCOMMANDS,
    CatalogueTranslator,
    command_tree,
    definitions,
    same_definitions,
)
from bot.presentation import catalogue

NAME = re.compile(r"^[-_\w]{1,32}$")


async def tammi_payload() -> list[dict[str, Any]]:
    """The payload of `/tammi` that `tree.sync()` would send (no login needed to build it)."""
    found = await definitions(command_tree(discord.Client(intents=discord.Intents.none())))
    return [command for command in found if command["name"] == "tammi"]


def check_names(items: list[dict[str, Any]]) -> None:
    """Names and Finnish names are valid, lowercase and unique among their siblings."""
    for key in ("name", "fi"):
        names = [item["name"] if key == "name" else item.get("name_localizations", {}).get("fi", item["name"])
                 for item in items]
        assert len(set(names)) == len(names), names
        for name in names:
            assert NAME.match(name) and "_" not in name and name == name.lower(), name


async def test_definitions_keep_discords_limits() -> None:
    [root] = await tammi_payload()
    assert root["name"] == "tammi" and root["contexts"] == [0, 1, 2] and root["integration_types"] == [0, 1]
    assert root["description_localizations"] == {"fi": "Pelaa tammea Tammin kanssa"}
    subcommands = root["options"]
    assert [sub["name"] for sub in subcommands] == [spec.name for spec in SUBCOMMANDS]
    assert len(subcommands) <= 25
    check_names(subcommands)
    for sub in subcommands:
        assert 1 <= len(sub["description"]) <= 100 and 1 <= len(sub["description_localizations"]["fi"]) <= 100
        assert sub["name_localizations"] == {"fi": catalogue.words("fi", f"words-command-{sub['name']}")[0]}
        assert sub["name"] == catalogue.words("en", f"words-command-{sub['name']}")[0]
        options = sub.get("options", [])
        check_names(options)
        required = [option.get("required", False) for option in options]
        assert required == sorted(required, reverse=True)  # required options come first
        for option in options:
            assert 1 <= len(option["description"]) <= 100
            assert len(option.get("choices", [])) <= 25
            assert not (option.get("choices") and option.get("autocomplete"))


async def test_option_types_choices_and_ranges() -> None:
    [root] = await tammi_payload()
    sub = {s["name"]: {o["name"]: o for o in s.get("options", [])} for s in root["options"]}
    move = sub["move"]["move"]
    assert (move["type"], move["required"], move["autocomplete"]) == (3, True, True)
    assert move["name_localizations"] == {"fi": "siirto"}
    assert move["description_localizations"] == {"fi": "Siirto"}
    assert sub["rules"]["topic"]["autocomplete"] and not sub["rules"]["topic"]["required"]
    assert [o["type"] for o in sub["challenge"].values()] == [6, 3, 3, 5]
    variant = sub["challenge"]["variant"]["choices"]
    assert [(c["value"], c["name_localizations"]) for c in variant] == [
        ("english", {"fi": "englantilainen"}), ("italian", {"fi": "italialainen"}),
        ("international", {"fi": "kansainvälinen"})]
    level = sub["play"]["level"]
    assert (level["type"], level["min_value"], level["max_value"]) == (4, 1, 5)


async def test_the_translator_answers_from_the_catalogue_for_its_other_languages() -> None:
    translator = CatalogueTranslator()
    context: Any = None
    name = locale_str("challenge", key="words-command-challenge", word=True)
    description = locale_str("Show the board", key="cmd-board")
    assert await translator.translate(name, discord.Locale.finnish, context) == "haasta"
    assert await translator.translate(description, discord.Locale.finnish, context) == "Näytä lauta"
    for locale in (discord.Locale.american_english, discord.Locale.british_english, discord.Locale.swedish):
        assert await translator.translate(name, locale, context) is None
    assert await translator.translate(locale_str("tammi"), discord.Locale.finnish, context) is None


async def test_localisations_count_as_changes() -> None:
    ours = await tammi_payload()
    registered = [dict(copy.deepcopy(ours[0]), id="1", version="2", nsfw=False,
                       default_member_permissions=None, dm_permission=True)]
    assert same_definitions(ours, registered)
    theirs = copy.deepcopy(ours)
    theirs[0]["options"][0]["name_localizations"] = {"fi": "haaste"}
    assert not same_definitions(ours, theirs)
    theirs = copy.deepcopy(ours)
    theirs[0]["options"][1]["description_localizations"] = {"fi": "Vanha kuvaus"}
    assert not same_definitions(ours, theirs)
    theirs = copy.deepcopy(ours)
    theirs[0]["description"] = "old"
    assert not same_definitions(ours, theirs)
