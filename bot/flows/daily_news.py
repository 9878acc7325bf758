"""What the puzzle of the day says in its channel, as announcements (`bot.flows.announce` takes them in):
the day's puzzle opened there, or that the channel has seen every puzzle there is."""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.puzzles import Shown
from bot.flows.puzzles import Opened


@dataclass(frozen=True)
class DailyPosted:
    """The day's puzzle, opened in the channel; `ended`: the puzzle that was open there and ended to make
    room (its solution is given with the new one)."""

    platform: str
    channel_id: str
    opened: Opened
    ended: Shown | None = None


@dataclass(frozen=True)
class DailyNoneNew:
    """Every puzzle of the channel's rules has been shown there: no puzzle today (none is shown twice)."""

    platform: str
    channel_id: str
    variant: str
    seen: int


DailyNews = DailyPosted | DailyNoneNew
