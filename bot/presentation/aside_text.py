"""How games set aside read (`bot.flows.aside`): the notice to their channel, the reply to whoever meets
one, and the `broken` command's list and details for channel managers."""

from __future__ import annotations

from bot.domain.model import Damaged, Person
from bot.presentation import catalogue
from bot.presentation.messages import Kind, Reply

SHOWN = 300  # characters of a stored text shown in the details


def _words(lang: str) -> dict[str, str]:
    return {"command": catalogue.command_name(lang, "broken"),
            "end": catalogue.words(lang, "words-broken-end")[0]}


def _damage(lang: str, damaged: Damaged) -> str:
    return catalogue.say(lang, f"damage-{damaged.damage.value}")


def _stored(text: str) -> str:
    """A stored text as it may be shown between backticks: cut short, one line, no backticks."""
    flat = " ".join(text.replace("`", "'").split())
    return flat if len(flat) <= SHOWN else flat[: SHOWN - 1] + "…"


def notice(lang: str, damaged: Damaged) -> Reply:
    """Said in the game's channel when it is set aside: why, and that its players are free."""
    people = damaged.people
    values = {"id": damaged.id, "damage": _damage(lang, damaged), **_words(lang)}
    if len(people) == 2:
        text = catalogue.say(lang, "set-aside-notice", white=damaged.white.name, black=damaged.black.name,
                             **values)
    else:
        text = catalogue.say(lang, "set-aside-notice-bot", name=people[0].name if people else "?", **values)
    return Reply(text, kind=Kind.INFO, channel_id=damaged.channel_id,
                 mentions=tuple(Person(player.user_id, player.name) for player in people))


def unreadable(lang: str, damaged: Damaged) -> Reply:
    """The reply to someone whose request met a set-aside game."""
    return Reply(catalogue.say(lang, "game-unreadable", id=damaged.id, **_words(lang)), private=True,
                 kind=Kind.ERROR)


def listing(lang: str, games: list[Damaged]) -> Reply:
    """The channel's set-aside games, one a line."""
    if not games:
        return Reply(catalogue.say(lang, "set-aside-none"), private=True, kind=Kind.GAMES)
    lines = [catalogue.say(lang, "set-aside-list")]
    for found in games:
        key = "set-aside-line" if found.active else "set-aside-line-ended"
        lines.append(catalogue.say(lang, key, id=found.id, white=found.white.name, black=found.black.name,
                                   damage=_damage(lang, found)))
    lines.append(catalogue.say(lang, "set-aside-list-end", **_words(lang)))
    return Reply("\n".join(lines), private=True, kind=Kind.GAMES)


def details(lang: str, damaged: Damaged) -> Reply:
    """What is stored of one set-aside game, and what failed when it was read."""
    words = _words(lang)
    lines = [catalogue.say(lang, "set-aside-details", id=damaged.id, white=damaged.white.name,
                           black=damaged.black.name, variant=_stored(damaged.variant),
                           damage=_damage(lang, damaged))]
    if damaged.detail:
        lines.append(catalogue.say(lang, "set-aside-details-what", detail=_stored(damaged.detail)))
    for key, text in (("start", damaged.start_fen), ("fen", damaged.fen), ("moves", damaged.moves)):
        lines.append(catalogue.say(lang, f"set-aside-details-{key}", text=_stored(text) or "-"))
    if damaged.active:
        lines.append(catalogue.say(lang, "set-aside-details-active", id=damaged.id, **words))
    else:
        lines.append(catalogue.say(lang, "set-aside-details-ended"))
    return Reply("\n".join(lines), private=True, kind=Kind.GAMES)


def ended(lang: str, damaged: Damaged) -> Reply:
    return Reply(catalogue.say(lang, "set-aside-ended", id=damaged.id), kind=Kind.INFO)
