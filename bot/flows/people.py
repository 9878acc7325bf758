"""Who a message names, by platform ids only.

A person is named by a mention (the platform gives the id), by replying to their message, by a platform
username the platform itself showed us (`@bobby`, kept in the database), or by an exact name that only
one person in the channel has. A display name is never an identity: a name two people of the channel
share (or that looks the same once invisible characters are cleaned away) is refused, with a request
to mention the one meant.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from bot.domain.model import Person, Player
from bot.domain.names import MAX_NAME, clean_name, exact_key, handle_key, look_key
from bot.domain.transitions import Refusal
from bot.flows.desk import Asker
from bot.storage.repository import Repository, StorageError

log = logging.getLogger(__name__)

CANDIDATES = 5  # people fetched for a name; two are enough to call it ambiguous


def _player(person: Person) -> Player:
    return Player(str(person.user_id)[:128], clean_name(person.name))


async def find(repository: Repository, asker: Asker, typed: Iterable[str], *,
               mentions: tuple[Person, ...] = (), replied: Person | None = None) -> Player | None:
    """The person a message names (a mention first, then the words typed, then the author of the
    message replied to); None if it names nobody. Refuses an unknown or ambiguous name."""
    for person in mentions:
        if person.user_id != asker.user_id or len(mentions) == 1:
            return _player(person)
    text = " ".join(typed).strip()[:MAX_NAME]
    if not text:
        if replied is not None and replied.user_id != asker.user_id:
            return _player(replied)
        return None
    if asker.platform == "console":  # console users are their names
        name = text.lstrip("@").strip() or text
        return Player(name, clean_name(name))
    if text.startswith("@"):
        handle = handle_key(text)
        known = await repository.by_handle(asker.platform, handle) if handle and " " not in handle else None
        if known is None:
            raise Refusal("unknown_person", name=text)
        return Player(known.user_id, clean_name(known.name))
    found = await repository.names_like(asker.platform, asker.channel, look_key(text), limit=CANDIDATES)
    if len(found) == 1 and found[0].key == exact_key(text):
        return Player(found[0].user_id, clean_name(found[0].name))
    if found:
        raise Refusal("person-ambiguous", name=text)
    raise Refusal("unknown_person", name=text)


async def known(repository: Repository, asker: Asker, text: str) -> bool:
    """Whether someone in the channel goes by this name (or a name that looks the same)."""
    return bool(await repository.names_like(asker.platform, asker.channel, look_key(text), limit=1))


class Memory:
    """Notes the people an event shows (the speaker, mentions, the author replied to): their name in the
    channel and their platform username. Each fact is written once per process; a database that takes
    no writes leaves the conversation working (the fact is simply not kept)."""

    LIMIT = 50_000

    def __init__(self, repository: Repository) -> None:
        self.repository = repository
        self._known: set[tuple[str, ...]] = set()

    async def note(self, platform: str, channel: str, people: Iterable[Person], now: float) -> None:
        """Note these people's names here and their usernames; a bot, or a chat that posted, is no one to
        name (it could never answer a challenge)."""
        for person in people:
            if person.is_bot:
                continue
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
        await self.repository.note_name(platform, channel, user_id, clean_name(raw),
                                        exact_key=exact_key(raw), look_key=look_key(raw), now=now)
        self._add(key)

    async def _handle(self, platform: str, handle: str, user_id: str, raw: str, now: float) -> None:
        key = ("handle", platform, handle, user_id, raw)
        if not handle or key in self._known:
            return
        await self.repository.note_handle(platform, handle, user_id, clean_name(raw), now)
        self._add(key)

    def _add(self, key: tuple[str, ...]) -> None:
        if len(self._known) > self.LIMIT:
            self._known.clear()
        self._known.add(key)
