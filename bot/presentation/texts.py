"""The old face of the message catalogue, kept so that today's callers work unchanged.

The texts live in `bot/presentation/locales/*.ftl` and are read by `bot.presentation.catalogue`; new code
imports that module. `MESSAGES` and `REASONS` show each message as a template with `{name}` where a value
goes (the default variant where a count chooses the words), keyed as before (`no_game`, `not_legal`).

>>> say("fi", "moved", name="Aino", move="9-13")
'Aino siirsi 9-13.'
>>> MESSAGES["turn"]
('{side} ({name}) to move.', 'Siirtovuorossa {side} ({name}).')
"""

from __future__ import annotations

import string

from bot.presentation import catalogue
from bot.presentation.catalogue import (
    LANGUAGES,
    locale_language,
    reason,
    reply_language,
    say,
    side_name,
    variant_title,
)

__all__ = [
    "LANGUAGES",
    "MESSAGES",
    "REASONS",
    "locale_language",
    "placeholders",
    "reason",
    "reply_language",
    "say",
    "side_name",
    "variant_title",
]

_REASON = "reason-"


def _template(lang: str, message_id: str) -> str:
    shown = {name: f"{{{name}}}" for name in catalogue.placeholders(lang, message_id)}
    return catalogue.say(lang, message_id, **shown)


def _table(reasons: bool) -> dict[str, tuple[str, str]]:
    table = {}
    for message_id in sorted(catalogue.keys("en")):
        if message_id.startswith(_REASON) == reasons:
            key = message_id.removeprefix(_REASON) if reasons else message_id
            table[key.replace("-", "_")] = (_template("en", message_id), _template("fi", message_id))
    return table


MESSAGES: dict[str, tuple[str, str]] = _table(reasons=False)
REASONS: dict[str, tuple[str, str]] = _table(reasons=True)


def placeholders(template: str) -> set[str]:
    """The `{names}` a template of `MESSAGES` or `REASONS` uses (see `catalogue.placeholders`)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
