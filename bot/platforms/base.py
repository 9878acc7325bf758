"""What every chat platform shares: the `Adapter` protocol and the one error boundary.

An adapter turns its platform's updates into `Event`s, passes each through `answer`, and posts the
`Reply`s that come back. `answer` is the only place where an unexpected error becomes an apology: the
service below it lets errors rise, and the adapters above it do not catch them a second time.
"""

from __future__ import annotations

import logging
import re
from typing import Protocol

from bot.chat.events import Event, Reply, Service
from bot.presentation import catalogue
from bot.presentation.messages import Kind

log = logging.getLogger(__name__)

_BLOCK = re.compile(r"(?P<heading>[^`]*?)\n?```[^\n`]*\n(?P<code>.*?)\n?```\s*", re.S)


def code_block(text: str) -> tuple[str, str] | None:
    """The heading and the code of a text that is a heading and one fenced code block, else None.

    >>> code_block("PDN of game #7:\\n```\\n1. 11-15 *\\n```")
    ('PDN of game #7:', '1. 11-15 *')
    >>> code_block("no code here") is None
    True
    """
    match = _BLOCK.fullmatch(text)
    return (match["heading"].strip(), match["code"]) if match else None


def document_name(reply: Reply) -> str:
    """The file name for a reply's code block sent as a document: "game-7.pdn" for a game's PDN."""
    if reply.kind == "pdn":
        return f"game-{reply.game_id}.pdn" if reply.game_id is not None else "game.pdn"
    return "text.txt"


class TokenRejected(Exception):
    """The platform refused the bot's token at start-up; the message says which setting holds it (never
    the token itself)."""


class Stopped(Exception):
    """An adapter stopped receiving updates for a reason its message says in full (`tammi run` logs the
    message as it is, without the exception's name)."""


class Adapter(Protocol):
    """A chat platform's connection: started and closed by the composition root."""

    name: str

    @property
    def connected(self) -> bool:
        """Whether the platform's updates reach the adapter now (its gateway, polling or webhook is up);
        `/healthz` and the `tammi_adapter_connected` gauge ask this of a started adapter."""
        ...

    async def start(self) -> None:
        """Connect and start receiving updates; return once running."""
        ...

    async def close(self) -> None:
        """Stop receiving updates and close the connection (idempotent)."""
        ...

    async def wait_closed(self) -> None:
        """Return, or raise what ended it, when the adapter stops receiving updates on its own after
        `start` (a connection that died); `tammi run` watches this."""
        ...


def apology(locale: str | None) -> Reply:
    """The one reply sent when handling an event failed unexpectedly."""
    return Reply(catalogue.say(catalogue.locale_language(locale) or "en", "internal_error"), private=True,
                 kind=Kind.ERROR)


async def answer(service: Service, event: Event) -> list[Reply]:
    """The service's replies to `event`; an unexpected error is logged and becomes the apology."""
    try:
        return await service.handle(event)
    except Exception:
        log.exception("handling an event in %s/%s failed", event.platform, event.channel_id)
        return [apology(event.locale)]
