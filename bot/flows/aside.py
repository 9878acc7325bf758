"""Games that cannot be read back: set aside, and what a channel manager may do with them.

A game whose stored row (or move list) cannot be read is set aside the first time anything meets it: it
leaves play for good (no list shows it, nothing can change it), its players' seats are freed, it is
logged once, and its channel is told once. The rest of the bot runs on. A manager of the channel can
list the set-aside games, see what is stored of one, and end one that was being played (finished with no
result, unrated).
"""

from __future__ import annotations

import logging

from bot.domain.model import Damaged
from bot.domain.transitions import Refusal
from bot.flows.announce import Announce, GameSetAside
from bot.flows.desk import Asker, Desk

log = logging.getLogger(__name__)


async def set_aside(desk: Desk, damaged: Damaged) -> bool:
    """Set the game aside; True if this call did (then its channel is to be told), False if it was set
    aside already (by this process or another)."""
    if not await desk.repository.set_aside(damaged):
        return False
    log.warning("game %s in %s/%s cannot be read back and is set aside, its players freed: its %s (%s)",
                damaged.id, damaged.platform, damaged.channel_id, damaged.damage.value, damaged.detail)
    return True


async def set_aside_and_tell(desk: Desk, announce: Announce, damaged: Damaged) -> None:
    """Set the game aside and, if this call did and it was being played, tell its channel."""
    if await set_aside(desk, damaged) and damaged.active:
        await announce(GameSetAside(damaged))


async def unreadable(desk: Desk, announce: Announce) -> None:
    """Set aside every active game whose stored row cannot be read, and tell their channels."""
    for found in await desk.repository.unreadable_games():
        await set_aside_and_tell(desk, announce, found)


async def listed(desk: Desk, asker: Asker) -> list[Damaged]:
    """The asker's channel's set-aside games."""
    return await desk.repository.set_aside_games(asker.platform, asker.channel)


async def shown(desk: Desk, asker: Asker, game_id: int) -> Damaged:
    """One set-aside game of the asker's channel; refuses an id that names none."""
    for found in await listed(desk, asker):
        if found.id == game_id:
            return found
    raise Refusal("no_set_aside_game", id=game_id)


async def end(desk: Desk, asker: Asker, game_id: int) -> Damaged:
    """End a set-aside game of the asker's channel that was being played: finished, no result, unrated."""
    found = await shown(desk, asker, game_id)
    if not found.active or not await desk.repository.end_set_aside(game_id, desk.clock()):
        raise Refusal("set_aside_ended_already", id=game_id)
    log.info("set-aside game %s in %s/%s was ended by %s", game_id, asker.platform, asker.channel,
             asker.user_id)
    return found
