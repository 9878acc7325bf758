"""Who a message names, by platform ids only.

A person is named by a mention (the platform gives the id), by replying to their message, by a platform
username the platform itself showed us (`@bobby`, kept in the database), or by an exact name that only
one person in the channel has. A display name is never an identity: a name two people of the channel
share (or that looks the same once invisible characters are cleaned away) is refused, with a request
to mention the one meant.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Iterable

from bot.chat import grammar as words
from bot.chat.context import Ctx
from bot.chat.events import Person
from bot.domain.model import Player
from bot.domain.transitions import Refusal
from bot.storage.repository import Repository, StorageError

log = logging.getLogger(__name__)

CANDIDATES = 5  # people fetched for a name; two are enough to call it ambiguous


def exact_key(name: str) -> str:
    """A name as the platform gave it, casefolded (invisible characters kept, so they tell apart).

    >>> exact_key("Bob") == exact_key("bob"), exact_key("Bob") == exact_key("Bo\\u200bb")
    (True, False)
    """
    return " ".join(name.casefold().split())


def look_key(name: str) -> str:
    """A name as it looks once cleaned: two names with the same look are easy to confuse.

    >>> look_key("Bo\\u200bb") == look_key("BOB") == look_key("Ｂｏｂ")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", words.clean_name(name)).casefold().split())


def handle_key(handle: str) -> str:
    """A platform username as stored: lowercase, without the @."""
    return handle.strip().lstrip("@").casefold()


async def find(ctx: Ctx, typed: Iterable[str]) -> Player | None:
    """The person a message names (a mention first, then the words typed, then the author of the
    message replied to); None if it names nobody. Refuses an unknown or ambiguous name."""
    mentions = ctx.event.mentions
    for person in mentions:
        if person.user_id != ctx.user.user_id or len(mentions) == 1:
            return Player(str(person.user_id)[:128], words.clean_name(person.name))
    text = " ".join(typed).strip()[: words.MAX_NAME]
    if not text:
        replied = ctx.event.replied_to
        if replied is not None and replied.user_id != ctx.user.user_id:
            return Player(str(replied.user_id)[:128], words.clean_name(replied.name))
        return None
    if ctx.platform == "console":  # console users are their names
        name = text.lstrip("@").strip() or text
        return Player(name, words.clean_name(name))
    repository = ctx.service.repository
    if text.startswith("@"):
        handle = handle_key(text)
        known = await repository.by_handle(ctx.platform, handle) if handle and " " not in handle else None
        if known is None:
            raise Refusal("unknown_person", name=text)
        return Player(known.user_id, words.clean_name(known.name))
    found = await repository.names_like(ctx.platform, ctx.channel, look_key(text), limit=CANDIDATES)
    if len(found) == 1 and found[0].key == exact_key(text):
        return Player(found[0].user_id, words.clean_name(found[0].name))
    if found:
        raise Refusal("person-ambiguous", name=text)
    raise Refusal("unknown_person", name=text)


async def known(ctx: Ctx, text: str) -> bool:
    """Whether someone in the channel goes by this name (or a name that looks the same)."""
    found = await ctx.service.repository.names_like(ctx.platform, ctx.channel, look_key(text), limit=1)
    return bool(found)


class Memory:
    """Notes the people an event shows (the speaker, mentions, the author replied to): their name in the
    channel and their platform username. Each fact is written once per process; a database that takes
    no writes leaves the conversation working (the fact is simply not kept)."""

    LIMIT = 50_000

    def __init__(self, repository: Repository) -> None:
        self.repository = repository
        self._known: set[tuple[str, ...]] = set()

    async def note(self, platform: str, channel: str, people: Iterable[Person], now: float) -> None:
        for person in people:
            user_id, raw = str(person.user_id)[:128], str(person.name)[:256]
            try:
                await self._name(platform, channel, user_id, raw, now)
                if person.handle:
                    await self._handle(platform, handle_key(person.handle)[:64], user_id, raw, now)
            except StorageError as error:  # read-only or lost file: said where writes are refused
                log.debug("a name was not kept: %s", error)
                return
            except Exception as error:  # best effort: a full disk must not stop the command itself
                log.warning("a name was not kept: %s: %s", type(error).__name__, error)
                return

    async def _name(self, platform: str, channel: str, user_id: str, raw: str, now: float) -> None:
        key = ("name", platform, channel, user_id, raw)
        if key in self._known:
            return
        await self.repository.note_name(platform, channel, user_id, words.clean_name(raw),
                                        exact_key=exact_key(raw), look_key=look_key(raw), now=now)
        self._add(key)

    async def _handle(self, platform: str, handle: str, user_id: str, raw: str, now: float) -> None:
        key = ("handle", platform, handle, user_id, raw)
        if not handle or key in self._known:
            return
        await self.repository.note_handle(platform, handle, user_id, words.clean_name(raw), now)
        self._add(key)

    def _add(self, key: tuple[str, ...]) -> None:
        if len(self._known) > self.LIMIT:
            self._known.clear()
        self._known.add(key)
