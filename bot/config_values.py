"""The values the configuration is made of: durations with units (`Span`), the database's name (a file
path or a URL), the error that names a bad setting, and the `[queue]` table. `bot.config` re-exports them."""

from __future__ import annotations

import ipaddress
import math
import re
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Annotated, ClassVar, Literal

import msgspec
import platformdirs


class ConfigError(ValueError):
    """A setting is missing, of the wrong type or out of range; the message names it."""


def kind_of(value: object) -> str:
    """What a value read from TOML is, without the value (for settings whose value must not be shown).

    >>> kind_of(123456), kind_of({"a": "b"}), kind_of("x")
    ('a number', 'a table', 'a string')
    """
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    return "a string" if isinstance(value, str) else "a date or time"


_TOKEN_SHAPES = re.compile(r"\d{5,}:[\w-]{20,}|[\w-]{20,}\.[\w-]{6}\.[\w-]{20,}")
"""What a Telegram bot token (123456:ABC...) or a Discord one (three dotted parts) looks like."""


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with each of `secrets` (3 characters or more) and anything shaped like a bot token replaced
    by ***.

    >>> scrub("bad: https://x/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw and pw-42", ["pw-42"])
    'bad: https://x/bot*** and ***'
    """
    for secret in sorted(secrets, key=len, reverse=True):
        if len(secret) >= 3:
            text = text.replace(secret, "***")
    return _TOKEN_SHAPES.sub("***", text)


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


# -- the database's name ---------------------------------------------------------------------------

_URL = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://(?P<rest>.*)", re.DOTALL)
_SECRET_PARAMETER = re.compile(r"pass|secret|token|key|cred", re.IGNORECASE)
"""Query parameters that carry or point at a credential (libpq's password, passfile, sslpassword, sslkey)."""
_PLAIN_USER = re.compile(r"[\w.~%+-]*")
_LIBPQ_WORDS = re.compile(r"\b(?:host|hostaddr|port|dbname|user|password|passfile|service|sslmode)\s*=",
                          re.IGNORECASE)


def redact_url(text: str) -> str:
    """A URL as it may be shown: the password of its user part (up to the last @, however many there are)
    and every query parameter that carries a credential replaced by ***; any case of the scheme.

    >>> redact_url("POSTGRESQL://me:p@ss@db:5432/x?sslmode=require&password=pw&passfile=/p")
    'POSTGRESQL://me:***@db:5432/x?sslmode=require&password=***&passfile=***'
    """
    match = _URL.fullmatch(text)
    if match is None:
        return text
    rest, user_part = match["rest"], ""
    at = rest.rfind("@")
    if at >= 0:
        user, colon, _ = rest[:at].partition(":")
        user_part = (user if _PLAIN_USER.fullmatch(user) else "***") + (":***" if colon else "") + "@"
        rest = rest[at + 1:]
    where, mark, query = rest.partition("?")
    if mark:
        query = "&".join(_hidden_parameter(part) for part in query.split("&"))
    return f"{match['scheme']}://{user_part}{where}{mark}{query}"


def _hidden_parameter(part: str) -> str:
    key, equals, _ = part.partition("=")
    return f"{key}=***" if equals and _SECRET_PARAMETER.search(urllib.parse.unquote(key)) else part


def url_secrets(text: str) -> tuple[str, ...]:
    """The credentials a URL holds, as written and decoded, longest first: to take out of any text that
    may quote them (a password read up to the first @ or the last, a secret query parameter's value)."""
    match = _URL.fullmatch(text)
    if match is None:
        return ()
    rest, found = match["rest"], set()
    for at in {rest.find("@"), rest.rfind("@")} - {-1}:
        _, colon, password = rest[:at].partition(":")
        if colon and password:
            found.add(password)
            found.update(piece for piece in re.split(r"[/?#@:]", password) if len(piece) >= 4)
    for part in rest.rpartition("@")[2].partition("?")[2].split("&"):
        key, equals, value = part.partition("=")
        if equals and value and _SECRET_PARAMETER.search(urllib.parse.unquote(key)):
            found.add(value)
    found |= {urllib.parse.unquote(secret) for secret in found}
    return tuple(sorted(found, key=len, reverse=True))


def _check_postgres_url(text: str) -> None:
    """Refuse, in one line that shows no credential, a URL that the PostgreSQL client could not read."""
    shown = redact_url(text)
    try:
        parts = urllib.parse.urlsplit(text)
    except ValueError:
        if re.search(r"\[[^\]/]*\]", text):
            raise ConfigError(f"database: {shown}: the host in brackets is not an IPv6 address") from None
        raise ConfigError(f"database: {shown} has an unclosed [ or ] (an IPv6 address is written in "
                          "brackets: postgresql://user@[::1]:5432/dbname)") from None
    if parts.netloc.count("@") > 1:
        raise ConfigError(f"database: {shown} has more than one @ before the host: write an @ in the user "
                          "name or password as %40")
    hosts = parts.netloc.rpartition("@")[2]
    ports: list[str] = []
    for host in hosts.split(",") if hosts else ():
        if host.startswith("["):
            bracketed = re.fullmatch(r"\[([^\]]+)\](?::(.*))?", host)
            try:
                if bracketed is None:
                    raise ValueError(host)
                ipaddress.IPv6Address(urllib.parse.unquote(bracketed[1]))
            except ValueError:
                raise ConfigError(f"database: {shown}: the host in brackets is not an IPv6 address") from None
            ports.append(bracketed[2] or "")
        else:
            ports.append(host.partition(":")[2])
    try:
        query = urllib.parse.parse_qs(parts.query, strict_parsing=True) if parts.query else {}
    except ValueError:
        raise ConfigError(f"database: {shown}: the part after ? must be key=value settings joined by "
                          "&") from None
    for value in query.get("port", []):
        ports.extend(value.split(","))
    for port in ports:
        port = urllib.parse.unquote(port)
        if port and not (port.isascii() and port.isdecimal() and 1 <= int(port) <= 65535):
            raise ConfigError(f"database: {shown}: the port is not a number from 1 to 65535 (an IPv6 "
                              "address is written in brackets: postgresql://user@[::1]:5432/dbname)")


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
        """The database as it may be shown in a message or a log: a URL's credentials hidden."""
        return str(self.path) if self.url is None else redact_url(self.url)

    @property
    def secrets(self) -> tuple[str, ...]:
        """The credentials in the URL (none for a file), to take out of texts that may quote them."""
        return () if self.url is None else url_secrets(self.url)

    @property
    def folder(self) -> Path:
        """Where files that go with the database belong (the SQLite file's folder, else the data folder)."""
        return (self.path or default_database()).parent


def parse_database(text: str | Path, base: Path | None = None) -> Database:
    """Read a database name: a file path (relative to `base` if given), `sqlite:///path` or
    `postgresql://user@host:port/dbname` (also `postgres://`, any case). A URL that the PostgreSQL client
    could not read raises `ConfigError` in one line that shows no password.

    >>> parse_database("sqlite:///tmp/x.db").path, parse_database("postgres://me:pw@db/tammi").shown
    (PosixPath('/tmp/x.db'), 'postgres://me:***@db/tammi')
    """
    text = str(text).strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        if _LIBPQ_WORDS.search(text):
            raise ConfigError("database: this looks like a key=value connection string (not shown: it may "
                              "hold a password); write it as a URL, postgresql://user:password@host:port/dbname")
        path = Path(text).expanduser()
        return Database(path=base / path if base is not None and not path.is_absolute() else path)
    if scheme.lower() in ("postgresql", "postgres") and rest:
        _check_postgres_url(text)
        return Database(url=text)
    if scheme.lower() == "sqlite" and rest:
        return parse_database(rest, base)
    raise ConfigError(f"database: {redact_url(text)!r} is not a file path, sqlite:///path or "
                      "postgresql://user@host:port/dbname")


# -- [queue] (a table of `bot.config.Config`, here because that module is full) --------------------

class QueueConfig(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Heavy work (the bot's moves, reviews) as jobs in PostgreSQL for `tammi worker` processes; off by
    default, and not used with SQLite (everything runs in the one process)."""

    durations: ClassVar[dict[str, Span]] = {
        "lease": Span("queue.lease", "seconds", 1.0, HOUR),
        "poll": Span("queue.poll", "seconds", 0.05, 60.0),
        "retry_after": Span("queue.retry_after", "seconds", 0.01, HOUR)}

    use: bool = False  # chat processes put bot moves and reviews on the queue (PostgreSQL only)
    lease: timedelta = timedelta(seconds=30)  # a taken job is its worker's this long unless renewed
    poll: timedelta = timedelta(seconds=2)  # between looks at the queue when no notification came
    retry_after: timedelta = timedelta(seconds=1)  # before a failed job's next try, times the tries so far
    jobs: Annotated[int, msgspec.Meta(ge=1, le=64)] = 1  # jobs of each kind a `tammi worker` runs at once
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)] | None = None  # a worker's /healthz and /metrics
    listen: Annotated[str, msgspec.Meta(pattern=r"\S")] = "127.0.0.1"

    def __post_init__(self) -> None:
        for name, span in self.durations.items():
            msgspec.structs.force_setattr(self, name, span.read(getattr(self, name)))
