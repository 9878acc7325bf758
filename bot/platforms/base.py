"""What every chat platform shares: the `Adapter` protocol and the one error boundary.

An adapter turns its platform's updates into `Event`s, passes each through `answer`, and posts the
`Reply`s that come back. `answer` is the only place where an unexpected error becomes an apology: the
service below it lets errors rise, and the adapters above it do not catch them a second time.
"""

from __future__ import annotations

import logging
from typing import Protocol

from bot.chat.events import Event, Reply, Service
from bot.presentation import catalogue

log = logging.getLogger(__name__)


class TokenRejected(Exception):
    """The platform refused the bot's token at start-up; the message says which setting holds it (never
    the token itself)."""


class Adapter(Protocol):
    """A chat platform's connection: started and closed by the composition root."""

    name: str

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
                 kind="error")


async def answer(service: Service, event: Event) -> list[Reply]:
    """The service's replies to `event`; an unexpected error is logged and becomes the apology."""
    try:
        return await service.handle(event)
    except Exception:
        log.exception("handling an event in %s/%s failed", event.platform, event.channel_id)
        return [apology(event.locale)]
