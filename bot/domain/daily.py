"""The puzzle of the day, as values: a channel's setting (on or off, and the minute of the UTC day it is
posted at) and the arithmetic of days and minutes from a clock's seconds.

A day is the number of whole UTC days since the epoch; a post is due on a day once the clock has passed
the setting's minute of that day and nothing was posted (or skipped) for that day yet. A day whose time
passed while no process was running is posted late that day; a day nobody was running for at all is
left out (there is no puzzle of yesterday).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DAY = 86_400
MINUTES = 1_440
DEFAULT_MINUTE = 9 * 60  # 09:00 UTC

_TIME = re.compile(r"^([01]?\d|2[0-3])(?:[:.]([0-5]\d))?$")


@dataclass(frozen=True)
class DailyChoice:
    """What `settings puzzle daily [HH:MM]` or `settings puzzle off` asks for (`minute`: None keeps the
    time the channel had, else the default)."""

    on: bool
    minute: int | None = None


@dataclass(frozen=True)
class DailyPuzzle:
    """A channel's puzzle of the day: `last_day` the last day posted (or passed over), None for never."""

    platform: str
    channel_id: str
    on: bool
    minute: int
    last_day: int | None = None


def day_of(seconds: float) -> int:
    """The UTC day of a clock's seconds."""
    return int(seconds // DAY)


def minute_of(seconds: float) -> int:
    """The minute of the UTC day of a clock's seconds (0 to 1439)."""
    return int(seconds % DAY // 60)


def read_time(word: str) -> int | None:
    """A time of day as typed, `09:00`, `9:00`, `9.00` or `9`, as minutes after midnight; None when the
    word is no time."""
    found = _TIME.match(word.strip())
    if found is None:
        return None
    return int(found.group(1)) * 60 + int(found.group(2) or 0)


def clock_text(minute: int) -> str:
    """A minute of the day as `HH:MM`."""
    return f"{minute // 60:02d}:{minute % 60:02d}"


def due(setting: DailyPuzzle, seconds: float) -> bool:
    """Whether the channel's puzzle of the day is to be posted now."""
    today = day_of(seconds)
    return (setting.on and minute_of(seconds) >= setting.minute
            and (setting.last_day is None or setting.last_day < today))


def passed_today(minute: int, seconds: float) -> int | None:
    """Today, when `minute` has passed today at `seconds` (else None): the day a setting turned on or
    changed then counts as done, so the first post comes at its time tomorrow, not at once."""
    return day_of(seconds) if minute_of(seconds) >= minute else None


def next_post(setting: DailyPuzzle, seconds: float) -> int:
    """The day of the next post: today while today's is still to come (or due now), else tomorrow."""
    today = day_of(seconds)
    return today + 1 if setting.last_day is not None and setting.last_day >= today else today
