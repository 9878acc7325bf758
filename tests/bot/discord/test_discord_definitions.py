"""The `/tammi` definitions satisfy Discord's rules for application commands."""

from __future__ import annotations

import re
from typing import Any

from bot.chat.commands import COMMANDS
from bot.platforms.discord.definitions import command_definitions, same_definitions

NAME = re.compile(r"^[-_\w]{1,32}$")


def check_names(items: list[dict[str, Any]]) -> None:
    """Names and Finnish names are valid, lowercase and unique among their siblings."""
    for key in ("name", "fi"):
        names = [item["name"] if key == "name" else item.get("name_localizations", {}).get("fi", item["name"])
                 for item in items]
        assert len(set(names)) == len(names), names
        for name in names:
            assert NAME.match(name) and "_" not in name and name == name.lower(), name


def test_definitions_keep_discords_limits() -> None:
    [root] = command_definitions()
    subcommands = root["options"]
    assert len(subcommands) == len(COMMANDS) <= 25
    check_names(subcommands)
    for sub in subcommands:
        assert 1 <= len(sub["description"]) <= 100 and 1 <= len(sub["description_localizations"]["fi"]) <= 100
        assert sub["name_localizations"]["fi"]
        options = sub.get("options", [])
        check_names(options)
        required = [option.get("required", False) for option in options]
        assert required == sorted(required, reverse=True)  # required options come first
        for option in options:
            assert 1 <= len(option["description"]) <= 100
            assert len(option.get("choices", [])) <= 25
            assert not (option.get("choices") and option.get("autocomplete"))


def test_localisations_count_as_changes() -> None:
    ours = command_definitions()
    theirs = command_definitions()
    theirs[0]["options"][0]["name_localizations"] = {"fi": "haaste"}
    assert not same_definitions(ours, theirs)
    assert same_definitions(ours, command_definitions())
    theirs = command_definitions()
    theirs[0]["options"][1]["description_localizations"] = {"fi": "Vanha kuvaus"}
    assert not same_definitions(ours, theirs)
