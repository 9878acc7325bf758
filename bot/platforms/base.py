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


class Adapter(Protocol):
    """A chat platform's connection: started and closed by the composition root."""

    name: str

    async def start(self) -> None:
        """Connect and start receiving updates; return once running."""
        ...

    async def close(self) -> None:
        """Stop receiving updates and close the connection (idempotent)."""
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
