"""The commands every adapter offers, with their options, in English and Finnish.

Adapters build their slash commands (Discord) or command menus (Telegram) from `COMMANDS`; the service
understands the same names whether they arrive as `Event.command` or typed as text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

OptionKind = Literal["user", "variant", "colour", "move", "topic", "text", "level"]


@dataclass(frozen=True)
class Option:
    name: str
    kind: OptionKind
    en: str
    fi: str
    required: bool = False


@dataclass(frozen=True)
class Command:
    name: str
    en: str
    fi: str
    options: tuple[Option, ...] = ()


VARIANT_CHOICES = ("english", "italian", "international")
COLOUR_CHOICES = ("random", "white", "black")

COMMANDS: tuple[Command, ...] = (
    Command("challenge", "Challenge a player (or anyone) to a game",
            "Haasta pelaaja (tai kuka tahansa) peliin",
            (Option("opponent", "user", "Who to challenge; empty for an open challenge",
                    "Kenet haastat; tyhjä = avoin haaste"),
             Option("variant", "variant", "Rules: english, italian or international",
                    "Säännöt: english, italian tai international"),
             Option("colour", "colour", "Your colour: random, white or black",
                    "Värisi: random, white tai black"))),
    Command("accept", "Accept a challenge", "Hyväksy haaste"),
    Command("decline", "Decline a challenge", "Hylkää haaste"),
    Command("cancel", "Cancel your challenge", "Peru haasteesi"),
    Command("play", "Play against the bot", "Pelaa bottia vastaan",
            (Option("level", "level", "Strength 1-5", "Taso 1-5"),
             Option("variant", "variant", "Rules", "Säännöt"),
             Option("colour", "colour", "Your colour", "Värisi"))),
    Command("move", "Make a move, e.g. 9-13 or 10x17x26", "Tee siirto, esim. 9-13 tai 10x17x26",
            (Option("move", "move", "The move", "Siirto", required=True),)),
    Command("board", "Show the board", "Näytä lauta"),
    Command("moves", "List your legal moves", "Näytä sallitut siirtosi"),
    Command("resign", "Resign your game", "Luovuta peli"),
    Command("draw", "Offer, accept or decline a draw", "Tarjoa, hyväksy tai hylkää tasapeli",
            (Option("answer", "text", "offer, accept or decline", "offer, accept tai decline"),)),
    Command("claim", "Claim a draw (repetition, 40-move rule) or a win by abandonment",
            "Vaadi tasapeli (toisto, 40 siirron sääntö) tai voitto hylätystä pelistä"),
    Command("undo", "Ask to take back your last move", "Pyydä oman siirtosi perumista",
            (Option("answer", "text", "request, accept or decline", "request, accept tai decline"),)),
    Command("rematch", "Play again with colours swapped", "Uusintaottelu värit vaihdettuina"),
    Command("games", "Games in this channel", "Tämän kanavan pelit"),
    Command("pdn", "Export your game as PDN", "Vie pelisi PDN-muodossa"),
    Command("gif", "Replay your game as an animation", "Pelisi animaationa"),
    Command("rules", "Explain a rule", "Selitä sääntö",
            (Option("topic", "topic", "Topic or question", "Aihe tai kysymys"),
             Option("variant", "variant", "Rules", "Säännöt"))),
    Command("stats", "Your statistics", "Tilastosi", (Option("player", "user", "Whose", "Kenen"),)),
    Command("leaderboard", "Ratings in this channel", "Tämän kanavan rankinglista"),
    Command("settings", "Channel settings: language, variant", "Kanavan asetukset: kieli, säännöt",
            (Option("language", "text", "en or fi", "en tai fi"),
             Option("variant", "variant", "Default rules", "Oletussäännöt"))),
    Command("help", "How to play with Tammi", "Näin pelaat Tammin kanssa"),
)


def command(name: str) -> Command:
    """The command called `name`."""
    for spec in COMMANDS:
        if spec.name == name:
            return spec
    raise KeyError(name)
