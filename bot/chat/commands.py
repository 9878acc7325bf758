"""The commands every adapter offers, with their options.

Adapters build their slash commands (Discord) or command menus (Telegram) from `COMMANDS`; the service
understands the same names whether they arrive as `Event.command` or typed as text. Their descriptions
and the words people may type for them, in every language, are in the message catalogue (`cmd-<name>`,
`opt-<name>-<option>`, `words-command-<name>`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.domain.model import Openers, Orientation
from bot.presentation import catalogue
from engine import all_variants

OptionKind = Literal["user", "variant", "colour", "move", "topic", "level", "game", "page", "flag",
                     "draw-answer", "undo-answer", "language", "board", "format", "rounds", "days", "openers",
                     "notify", "puzzle-action", "puzzle-move", "switch", "daily", "time"]
"""What an option holds. A `flag` is a yes/no option that, when set, gives its own name as a word
(`tournament`); a `puzzle-move` is a move typed as text (no autocomplete); the choice kinds take one of
`CHOICES[kind]`; a count (`rounds`, `days`) gives its name
and its number (`rounds 5`), and so do `notify`, a `switch` and `daily` their choice (`notify on`, `live off`,
`puzzle daily`); a `time` is a time of day typed as text (`09:00`)."""


@dataclass(frozen=True)
class Option:
    name: str
    kind: OptionKind
    required: bool = False


@dataclass(frozen=True)
class Command:
    """A command and its options, or a group of subcommands (`tournament new`, `tournament join`, ...):
    a subcommand's words follow the group's name (`words-<group>-<name>`, `cmd-<group>-<name>`).
    `within`: on Discord, whose `/tammi` has all the 25 subcommands it may have, the command has none of
    its own: its options join those of the subcommand named (`/tammi settings notify:on`)."""

    name: str
    options: tuple[Option, ...] = ()
    subcommands: tuple[Command, ...] = ()
    within: str | None = None
    top: bool = False  # on Discord a command of its own (`/puzzle`), not one of /tammi's


VARIANT_CHOICES = tuple(variant.name for variant in all_variants())
COLOUR_CHOICES = ("random", "white", "black")
CHOICES: dict[OptionKind, tuple[str, ...]] = {
    "variant": VARIANT_CHOICES, "colour": COLOUR_CHOICES,
    "draw-answer": ("offer", "accept", "decline"), "undo-answer": ("request", "accept", "decline"),
    "language": catalogue.LANGUAGES,
    "format": ("round-robin", "swiss"),
    "openers": tuple(openers.value for openers in Openers),
    "board": tuple(orientation.value for orientation in Orientation),
    "notify": ("on", "off"),
    "puzzle-action": ("show", "fen", "give-up"),
    "switch": ("on", "off"),
    "daily": ("daily", "off"),
}
"""The values a choice option takes, as the command reads them when typed."""

COMMANDS: tuple[Command, ...] = (
    Command(
        "challenge",
        (Option("opponent", "user"), Option("variant", "variant"), Option("colour", "colour"),
         Option("tournament", "flag")),
    ),
    Command("accept"),
    Command("decline"),
    Command("cancel"),
    Command("play", (Option("level", "level"), Option("variant", "variant"), Option("colour", "colour"))),
    Command("move", (Option("move", "move", required=True),)),
    Command("board", (Option("text", "flag"),)),
    Command("moves"),
    Command("resign"),
    Command("draw", (Option("answer", "draw-answer"),)),
    Command("claim"),
    Command("undo", (Option("answer", "undo-answer"),)),
    Command("rematch"),
    Command("games", (Option("page", "page"),)),
    Command("pdn", (Option("game", "game"),)),
    Command("gif", (Option("game", "game"),)),
    Command("review", (Option("game", "game"),)),
    Command("hint"),
    Command("rules", (Option("topic", "topic"), Option("variant", "variant"))),
    Command("stats", (Option("player", "user"),)),
    Command("leaderboard", (Option("variant", "variant"),)),
    Command("settings", (Option("language", "language"), Option("variant", "variant"),
                         Option("board", "board"), Option("tournaments", "openers"),
                         Option("live", "switch"), Option("threads", "switch"), Option("puzzle", "daily"),
                         Option("time", "time"))),
    Command("notify", (Option("notify", "notify"),), within="settings"),
    Command("bump", (Option("bump", "flag"),), within="board"),
    Command("broken", (Option("game", "game"), Option("end", "flag"))),
    Command("puzzle", (Option("variant", "variant"), Option("action", "puzzle-action"),
                       Option("move", "puzzle-move")), top=True),
    Command("tournament", subcommands=(
        Command("new", (Option("format", "format"), Option("variant", "variant"), Option("rounds", "rounds"),
                        Option("days", "days"), Option("double", "flag"))),
        Command("join"), Command("leave"), Command("start"), Command("status"), Command("standings"),
        Command("cancel"), Command("pdn"))),
    Command("help"),
)


def lent(name: str) -> tuple[Option, ...]:
    """The options that commands with no Discord subcommand of their own lend the subcommand `name`
    (see `Command.within`)."""
    return tuple(option for spec in COMMANDS if spec.within == name for option in spec.options)


def command(name: str) -> Command:
    """The command called `name`."""
    for spec in COMMANDS:
        if spec.name == name:
            return spec
    raise KeyError(name)
