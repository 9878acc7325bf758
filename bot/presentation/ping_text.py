"""The words of turn pings (`bot.flows.pings`): the private message of a turn, the private copy of a
reminder, the channel's word that private messages do not reach someone, and the answers to `notify`."""

from __future__ import annotations

from bot.domain.model import Person, Player
from bot.domain.pings import NotifyChoice, Place
from bot.flows.pings import Ping
from bot.presentation import catalogue
from bot.presentation.messages import Kind, Reply

PLATFORMS = ("discord", "telegram")
"""The platforms with their own words for a private message that does not reach someone."""


def _for(lang: str, key: str, platform: str, **values: object) -> str:
    """The platform's own message `key-<platform>` where it has one, else `key`."""
    return catalogue.say(lang, f"{key}-{platform}" if platform in PLATFORMS else key, **values)


def place_line(lang: str, place: Place | None) -> str | None:
    """Where the board is: a link to its message, else the chat's name (None: nothing known)."""
    if place is None:
        return None
    if place.link:
        return catalogue.say(lang, "notify-board-link", link=place.link)
    if place.chat:
        return catalogue.say(lang, "notify-board-chat", chat=place.chat)
    return None


def turn(lang: str, ping: Ping) -> Reply:
    """The private message that it is the person's turn: the game, the opponent's move (or that the game
    has begun) and where the board is."""
    game = ping.game
    other = game.player(game.turn.other).name
    variant = catalogue.variant_title(lang, game.variant)
    if game.moves:
        text = catalogue.say(lang, "notify-turn", id=game.id, other=other, variant=variant,
                             move=game.moves[-1])
    else:
        text = catalogue.say(lang, "notify-start", id=game.id, other=other, variant=variant)
    return Reply(_with_place(lang, text, ping.place), kind=Kind.REMINDER, game_id=game.id)


def copy(lang: str, ping: Ping, notice: Reply) -> Reply:
    """The private copy of a notice posted in the game's channel (a reminder, a time-out): its words,
    and where the board is (its buttons stay in the channel)."""
    return Reply(_with_place(lang, notice.text, ping.place), kind=notice.kind, game_id=ping.game.id)


def _with_place(lang: str, text: str, place: Place | None) -> str:
    line = place_line(lang, place)
    return f"{text}\n{line}" if line else text


def told(lang: str, platform: str, player: Player, game_id: int) -> Reply:
    """Said once in the game's channel: a private message to the player did not reach them, and how to
    let it (or stop the messages)."""
    text = _for(lang, "notify-told", platform, name=player.name, id=game_id,
                command=catalogue.command_name(lang, "notify"))
    return Reply(text, mentions=(Person(player.user_id, player.name),), kind=Kind.INFO, game_id=game_id)


def on(lang: str, name: str, *, private_chat: bool) -> Reply:
    """The answer to `notify on` (in a private chat with the bot: the messages come there)."""
    if private_chat:
        return _answer(lang, "notify-on-here")
    return _answer(lang, "notify-on", name=name)


def off(lang: str) -> Reply:
    """The answer to `notify off`."""
    return _answer(lang, "notify-off")


def confirmation(lang: str) -> Reply:
    """The private message that tells the person, where the pings will come, that they are on."""
    return Reply(catalogue.say(lang, "notify-on-private", command=catalogue.command_name(lang, "notify")),
                 kind=Kind.SETTINGS)


def unreachable(lang: str, platform: str, name: str) -> Reply:
    """The answer to `notify on` when a private message did not reach the person: how to let it."""
    return Reply(_for(lang, "notify-unreachable", platform, name=name), private=True, kind=Kind.SETTINGS)


def status(lang: str, choice: NotifyChoice) -> Reply:
    """The answer to `notify` alone: whether the person's pings are on."""
    return _answer(lang, "notify-status-on" if choice.on else "notify-status-off")


def _answer(lang: str, key: str, **values: object) -> Reply:
    return Reply(catalogue.say(lang, key, command=catalogue.command_name(lang, "notify"), **values),
                 private=True, kind=Kind.SETTINGS)
