"""A scripted stand-in for the game service, to test what the adapter does with each kind of reply."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.chat.events import BoardPosted, Event, Notice, Reply, Sender, TypedReach

MOVES = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
TOPICS = {"en": [("capture", "Capturing"), ("kings", "Kings")],
          "fi": [("capture", "Lyöminen"), ("kings", "Kuninkaat")]}


def echo(event: Event) -> list[Reply]:
    return [Reply(text=f"got {event.command or event.button or event.text}")]


class StubService:
    """Records every event and answers with `respond(event)` after `delay` seconds."""

    def __init__(self, respond: Callable[[Event], list[Reply]] | None = None) -> None:
        self.events: list[Event] = []
        self.senders: dict[str, Sender] = {}
        self.respond = respond or echo
        self.delay = 0.0
        self.handled = asyncio.Event()
        self.moves: list[tuple[str, str, str]] = []
        self.posted: list[BoardPosted] = []  # the boards the adapter said it posted
        self.languages: dict[str, str] = {}  # channel id -> the language chosen there

    async def handle(self, event: Event) -> list[Reply]:
        self.events.append(event)
        if self.delay:
            await asyncio.sleep(self.delay)
        replies = self.respond(event)
        self.handled.set()
        return replies

    def add_sender(self, platform: str, sender: Sender, *, reads_typed: TypedReach = True) -> None:
        self.senders[platform] = sender

    async def notify(self, notice: Notice) -> None:
        await self.senders[notice.platform](notice)

    async def suggest_moves(self, platform: str, channel_id: str, user_id: str) -> list[str]:
        return list(MOVES)

    def board_posted(self, posted: BoardPosted) -> None:
        self.posted.append(posted)

    def rule_topics(self, locale: str | None) -> list[tuple[str, str]]:
        return TOPICS["fi" if locale and locale.startswith("fi") else "en"]

    async def channel_language(self, platform: str, channel_id: str, locale: str | None = None) -> str:
        return self.languages.get(channel_id) or ("fi" if locale and locale.startswith("fi") else "en")

    async def move_channel(self, platform: str, old: str, new: str) -> None:
        self.moves.append((platform, old, new))
