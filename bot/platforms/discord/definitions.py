"""The `/tammi` slash command as Discord's JSON, built from `bot.chat.commands.COMMANDS`.

Every command of the service is a subcommand of one `/tammi` command, with English names and
descriptions and Finnish descriptions (Discord's `fi` locale).
"""

from __future__ import annotations

from typing import Any

from bot.chat.commands import COLOUR_CHOICES, COMMANDS, VARIANT_CHOICES, Command, Option

ROOT = "tammi"
ROOT_EN = "Play draughts (checkers) with Tammi"
ROOT_FI = "Pelaa tammea Tammin kanssa"

# Discord's application command option types.
SUB_COMMAND = 1
STRING = 3
INTEGER = 4
USER = 6

# Interaction contexts: 0 = server channel, 1 = DM with the bot. Integration type 0 = installed in a server.
CONTEXTS = (0, 1)
INTEGRATION_TYPES = (0,)

JSON = dict[str, Any]

# Finnish names shown to users whose Discord is in Finnish (the interaction still carries the English
# name). They match the Finnish words the service understands in typed commands.
FI_COMMAND_NAMES = {
    "challenge": "haasta", "accept": "hyväksy", "decline": "hylkää", "cancel": "peru", "play": "pelaa",
    "move": "siirrä", "board": "lauta", "moves": "siirrot", "resign": "luovuta", "draw": "tasapeli",
    "claim": "vaadi", "undo": "peruuta", "rematch": "uusinta", "games": "pelit", "pdn": "pdn", "gif": "gif",
    "rules": "säännöt", "stats": "tilastot", "leaderboard": "ranking", "settings": "asetukset",
    "help": "ohje",
}
FI_OPTION_NAMES = {
    "opponent": "vastustaja", "variant": "muunnelma", "colour": "väri", "move": "siirto", "topic": "aihe",
    "level": "taso", "answer": "vastaus", "player": "pelaaja", "language": "kieli",
}
FI_CHOICES = {
    "english": "englantilainen", "italian": "italialainen", "international": "kansainvälinen",
    "random": "satunnainen", "white": "valkoinen", "black": "musta",
}


def _choices(values: tuple[str, ...]) -> list[JSON]:
    return [{"name": value, "value": value, "name_localizations": {"fi": FI_CHOICES[value]}}
            for value in values]


def _named(spec: Command | Option, fi_names: dict[str, str]) -> JSON:
    """The name and description of a subcommand or option, with their Finnish versions."""
    data: JSON = {"name": spec.name}
    if spec.name in fi_names:
        data["name_localizations"] = {"fi": fi_names[spec.name]}
    data["description"] = spec.en[:100]
    data["description_localizations"] = {"fi": spec.fi[:100]}
    return data


def _option(spec: Option) -> JSON:
    data = _named(spec, FI_OPTION_NAMES)
    if spec.kind == "user":
        data["type"] = USER
    elif spec.kind == "level":
        data["type"] = INTEGER
        data["min_value"] = 1
        data["max_value"] = 5
    else:
        data["type"] = STRING
        if spec.kind == "variant":
            data["choices"] = _choices(VARIANT_CHOICES)
        elif spec.kind == "colour":
            data["choices"] = _choices(COLOUR_CHOICES)
        elif spec.kind in ("move", "topic"):
            data["autocomplete"] = True
    if spec.required:
        data["required"] = True
    return data


def command_definitions() -> list[JSON]:
    """The application commands to register: one `/tammi` command with a subcommand per service command.

    >>> [root] = command_definitions()
    >>> root["name"], len(root["options"]) == len(COMMANDS)
    ('tammi', True)
    """
    subcommands = []
    for spec in COMMANDS:
        sub: JSON = {"type": SUB_COMMAND, **_named(spec, FI_COMMAND_NAMES)}
        if spec.options:
            # Discord wants required options first.
            ordered = sorted(spec.options, key=lambda option: not option.required)
            sub["options"] = [_option(option) for option in ordered]
        subcommands.append(sub)
    return [{
        "type": 1,
        "name": ROOT,
        "description": ROOT_EN,
        "description_localizations": {"fi": ROOT_FI},
        "contexts": list(CONTEXTS),
        "integration_types": list(INTEGRATION_TYPES),
        "options": subcommands,
    }]


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
    """True when the commands Discord returned (`GET .../commands?with_localizations=true`) match ours.

    >>> ours = command_definitions()
    >>> theirs = [dict(ours[0], id="1", version="2", nsfw=False, default_member_permissions=None)]
    >>> same_definitions(ours, theirs)
    True
    >>> same_definitions(ours, [dict(ours[0], description="old")])
    False
    """
    return bool(_comparable(sorted(ours, key=_name)) == _comparable(sorted(registered, key=_name)))


def _name(command: JSON) -> str:
    return str(command.get("name"))


def subcommand_count(registered: list[JSON]) -> int:
    """How many `/tammi` subcommands the registered definitions hold."""
    return sum(len(command.get("options") or []) for command in registered if command.get("name") == ROOT)
