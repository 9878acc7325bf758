"""Turn pings: who hears privately that it is their turn, having asked for it (`notify on`).

A board an adapter posted gives the ping of its turn: to the player to move, when the board shows the
game as it stands and that player did not post it themselves. The ping is recorded before it is sent, so
at most one goes per game and position, whatever restarts or other processes there are (a process dying
between the two loses that one ping, as the sweep's notices do). The sweep's reminders and time-outs go
to the same people as private copies.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.model import Game
from bot.domain.pings import BoardPosted, NotifyChoice, Place
from bot.flows.announce import AbandonAvailable, Announcement, Reminder
from bot.flows.tournament_news import LostOnTime, MoveDue
from bot.storage.repository import Repository


@dataclass(frozen=True)
class Ping:
    """A private message due to `user_id` (who chose `choice`) about `game` as it stands; `place`: where
    its board is, if known."""

    game: Game
    user_id: str
    choice: NotifyChoice
    place: Place | None = None


async def choose(repository: Repository, platform: str, user_id: str, on: bool, language: str | None,
                 now: float) -> None:
    """Turn the person's pings on or off (`language`: the one they asked in)."""
    await repository.set_notify(platform, user_id, on, language, now)


async def choice(repository: Repository, platform: str, user_id: str) -> NotifyChoice:
    """The person's pings (off unless they turned them on)."""
    return await repository.notify_choice(platform, user_id) or NotifyChoice(False)


async def turn(repository: Repository, posted: BoardPosted, now: float) -> Ping | None:
    """The ping the posted board gives, claimed (None: none is due, or it went already)."""
    if posted.private_chat:
        return None
    game = await repository.get_game(posted.game_id)
    if game is None or not game.active or len(game.moves) != posted.ply or game.platform != posted.platform:
        return None  # the board is out of date, or of another game
    player = game.player(game.turn)
    if player.is_bot or player.user_id == posted.by:
        return None
    chosen = await repository.notify_choice(game.platform, player.user_id)
    if chosen is None or not chosen.on:
        return None
    if not await repository.claim_ping(game.id, posted.ply, player.user_id, posted.place, now):
        return None
    return Ping(game, player.user_id, chosen, posted.place)


def copied_to(announcement: Announcement) -> tuple[Game, tuple[str, ...]] | None:
    """The game a reminder or a time-out is about, and which of its players it concerns: the player to
    move for a reminder, the waiting one when the win may be claimed, both when a game was lost on time."""
    if isinstance(announcement, Reminder | MoveDue):
        game = announcement.game
        return game, (game.player(game.turn).user_id,)
    if isinstance(announcement, AbandonAvailable):
        game = announcement.game
        return game, (game.player(game.turn.other).user_id,)
    if isinstance(announcement, LostOnTime):
        game = announcement.game
        return game, tuple(player.user_id for player in (game.white, game.black) if not player.is_bot)
    return None


async def copies(repository: Repository, announcement: Announcement) -> list[Ping]:
    """The private copies of a reminder or a time-out due to the people it concerns who asked for pings
    (with the place of their turn's board, where one was pinged)."""
    found = copied_to(announcement)
    if found is None:
        return []
    game, people = found
    due = []
    for user_id in people:
        chosen = await repository.notify_choice(game.platform, user_id)
        if chosen is not None and chosen.on:
            due.append(Ping(game, user_id, chosen, await repository.ping_place(game.id, len(game.moves))))
    return due


async def unreachable(repository: Repository, platform: str, user_id: str, now: float) -> bool:
    """A private message did not reach the person: whether to tell them so (once, until one reaches
    them again)."""
    return await repository.note_told(platform, user_id, True, now)


async def reached(repository: Repository, ping: Ping, now: float) -> None:
    """A private message reached the person: a later failure is told again."""
    if ping.choice.told:
        await repository.note_told(ping.game.platform, ping.user_id, False, now)
