"""The values the configuration is made of: durations with units (`Span`), the database's name (a file
path or a URL), and the error that names a bad setting. `bot.config` re-exports them."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Literal

import platformdirs


class ConfigError(ValueError):
    """A setting is missing, of the wrong type or out of range; the message names it."""


# -- durations -------------------------------------------------------------------------------------

_UNIT_SECONDS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
_DURATION = re.compile(r"(?:\d+(?:\.\d+)?\s*(?:ms|s|m|h|d)\s*)+")
_PART = re.compile(r"(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)")
_HOW = 'write it like "90s", "30m", "24h", "3d" or "1h30m"'


def duration_seconds(text: str) -> float:
    """The length of a duration written with units, in seconds.

    >>> duration_seconds("1h30m"), duration_seconds("90s"), duration_seconds("250ms")
    (5400.0, 90.0, 0.25)
    """
    text = text.strip().lower()
    if not _DURATION.fullmatch(text):
        raise ValueError(f"{text!r} is not a duration")
    return sum(float(number) * _UNIT_SECONDS[unit] for number, unit in _PART.findall(text))


def format_duration(seconds: float) -> str:
    """A duration written the way the settings accept it.

    >>> format_duration(5400), format_duration(30 * 86400), format_duration(0.01)
    ('1h30m', '30d', '10ms')
    """
    if seconds < 1:
        return f"{seconds * 1000:g}ms"
    parts = []
    for unit in ("d", "h", "m"):
        count, seconds = divmod(seconds, _UNIT_SECONDS[unit])
        if count:
            parts.append(f"{count:g}{unit}")
    if seconds or not parts:
        parts.append(f"{seconds:g}s")
    return "".join(parts)


@dataclass(frozen=True)
class Span:
    """A duration setting: its dotted name, the unit of a bare number, and its bounds in seconds."""

    key: str
    unit: Literal["seconds", "minutes", "hours"]
    low: float
    high: float

    def read(self, value: object) -> timedelta:
        """`value` (a timedelta, a text with units, or a number in `unit`) as a checked timedelta."""
        if isinstance(value, timedelta):
            seconds, shown = value.total_seconds(), format_duration(value.total_seconds())
        elif isinstance(value, str):
            try:
                seconds, shown = duration_seconds(value), repr(value)
            except ValueError:
                raise ConfigError(f"{self.key}: {value!r} is not a duration ({_HOW})") from None
        elif isinstance(value, int | float) and not isinstance(value, bool):
            seconds, shown = value * _UNIT_SECONDS[self.unit[0]], f"{value:g} {self.unit}"
        else:
            raise ConfigError(f"{self.key}: expected a duration ({_HOW}) or a number of {self.unit}, "
                              f"got {value!r}")
        if not math.isfinite(seconds) or not self.low <= seconds <= self.high:
            raise ConfigError(f"{self.key}: {shown} is out of range (must be between "
                              f"{format_duration(self.low)} and {format_duration(self.high)})")
        return timedelta(seconds=seconds)


MINUTE, HOUR, DAY = 60.0, 3600.0, 86400.0


def default_database() -> Path:
    """The database file in the user's data directory."""
    return Path(platformdirs.user_data_dir("tammi", appauthor=False)) / "tammi.sqlite3"


@dataclass(frozen=True)
class Database:
    """Where the games are kept: an SQLite file (`path`) or a PostgreSQL server (`url`)."""

    path: Path | None = None
    url: str | None = None

    @property
    def name(self) -> str:
        """The database as the settings keep it: the file path or the URL."""
        return str(self.path) if self.url is None else self.url

    @property
    def shown(self) -> str:
        """The database as it may be shown in a message or a log: a URL's password hidden."""
        if self.url is None:
            return str(self.path)
        return re.sub(r"^([a-z]+://[^:/@]*):[^@]*@", r"\1:***@", self.url)

    @property
    def folder(self) -> Path:
        """Where files that go with the database belong (the SQLite file's folder, else the data folder)."""
        return (self.path or default_database()).parent


def parse_database(text: str | Path, base: Path | None = None) -> Database:
    """Read a database name: a file path (relative to `base` if given), `sqlite:///path` or
    `postgresql://user@host:port/dbname` (also `postgres://`).

    >>> parse_database("sqlite:///tmp/x.db").path, parse_database("postgres://me:pw@db/tammi").shown
    (PosixPath('/tmp/x.db'), 'postgres://me:***@db/tammi')
    """
    text = str(text).strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        path = Path(text).expanduser()
        return Database(path=base / path if base is not None and not path.is_absolute() else path)
    if scheme.lower() in ("postgresql", "postgres") and rest:
        return Database(url=text)
    if scheme.lower() == "sqlite" and rest:
        return parse_database(rest, base)
    raise ConfigError(f"database: {Database(url=text).shown!r} is not a file path, sqlite:///path or "
                      "postgresql://user@host:port/dbname")
