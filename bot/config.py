"""Settings: `config.toml` read with tomllib and checked by msgspec into frozen structs at start-up.

Every setting has a default (see `config.example.toml`), so an empty file or no file at all is a valid
configuration. Durations are `timedelta`s, written in TOML with a unit ("90s", "30m", "24h", "3d",
"1h30m") or as a bare number in the setting's own unit. Every number has bounds. Tokens may also come
from the environment (`DISCORD_TOKEN`, `TELEGRAM_TOKEN`), and `TAMMI_DB` names the database file. A
wrong value raises `ConfigError` naming the setting. Tokens never show in a config's repr.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, Self

import msgspec
import msgspec.inspect
import platformdirs

from engine import VARIANTS

LANGUAGES = ("en", "fi")


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


_MINUTE, _HOUR, _DAY = 60.0, 3600.0, 86400.0


# -- the settings ----------------------------------------------------------------------------------

Text = Annotated[str, msgspec.Meta(pattern=r"\S")]  # not empty, not only spaces
Url = Annotated[str, msgspec.Meta(pattern=r"^(https?|wss?)://", description="an http(s) or ws(s) URL")]
Workers = Annotated[int, msgspec.Meta(ge=0, le=32)]


class _Settings(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One table of settings: unknown keys refused, durations normalised, secrets kept out of repr."""

    durations: ClassVar[dict[str, Span]] = {}
    secrets: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        for name, span in self.durations.items():
            msgspec.structs.force_setattr(self, name, span.read(getattr(self, name)))

    def replace(self, **changes: Any) -> Self:
        """A copy with some settings changed, checked like the original."""
        return msgspec.structs.replace(self, **changes)

    def _shown(self) -> Iterator[tuple[str, object]]:
        for name in self.__struct_fields__:
            value = getattr(self, name)
            yield name, ("***" if name in self.secrets and value is not None else value)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self._shown())})"

    def __rich_repr__(self) -> list[tuple[str, Any]]:
        return list(self._shown())


class PictureConfig(_Settings, frozen=True):
    size: Annotated[int, msgspec.Meta(ge=64, le=2048)] = 480
    theme: Text = "auto"  # "auto": each variant's own look; else a name from render.theme.THEMES
    workers: Workers = 2  # processes drawing pictures; 0 draws them in threads of the bot's process

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.theme == "auto":
            return
        try:
            from render.theme import THEMES
        except Exception:  # pragma: no cover - render missing: the service draws no pictures anyway
            return
        if self.theme not in THEMES:
            raise ConfigError(f"picture.theme: {self.theme!r} is not one of auto, {', '.join(THEMES)}")


class OpponentConfig(_Settings, frozen=True):
    durations: ClassVar[dict[str, Span]] = {
        "time_limit": Span("opponent.time_limit", "seconds", 0.01, 60.0)}

    max_level: Annotated[int, msgspec.Meta(ge=1, le=5)] = 5
    time_limit: timedelta = timedelta(seconds=2)  # thinking time per move
    node_limit: Annotated[int, msgspec.Meta(ge=1, le=10**9)] | None = None
    workers: Workers = 2  # processes that search; 0 searches in a thread of the bot's process


class ReviewConfig(_Settings, frozen=True):
    durations: ClassVar[dict[str, Span]] = {
        "time_per_move": Span("review.time_per_move", "seconds", 0.05, 10.0),
        "hint_time": Span("review.hint_time", "seconds", 0.05, 10.0)}

    time_per_move: timedelta = timedelta(seconds=1)  # search per position of a reviewed game
    node_limit: Annotated[int, msgspec.Meta(ge=1000, le=10**8)] | None = None  # per position, instead of time
    hint_time: timedelta = timedelta(seconds=1)  # search for a hint
    workers: Workers = 1  # processes that review games; 0 reviews in a thread of the bot's process


class DiscordConfig(_Settings, frozen=True):
    secrets: ClassVar[tuple[str, ...]] = ("token",)

    token: Text | None = None
    api_base_url: Url = "https://discord.com/api/v10"
    gateway_url: Url | None = None
    application_id: Annotated[int, msgspec.Meta(ge=1, le=2**63 - 1)] | None = None
    shard_count: Annotated[int, msgspec.Meta(ge=1, le=10_000)] | None = None
    message_content: bool = True


class TelegramConfig(_Settings, frozen=True):
    secrets: ClassVar[tuple[str, ...]] = ("token", "secret_token")

    token: Text | None = None
    base_url: Url = "https://api.telegram.org/bot"
    base_file_url: Url = "https://api.telegram.org/file/bot"
    webhook_url: Url | None = None
    listen: Text = "127.0.0.1"
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)] = 8443
    secret_token: Text | None = None


def default_database() -> Path:
    """The database file in the user's data directory."""
    return Path(platformdirs.user_data_dir("tammi", appauthor=False)) / "tammi.sqlite3"


class Config(_Settings, frozen=True):
    durations: ClassVar[dict[str, Span]] = {
        "challenge_expiry": Span("challenge_expiry", "minutes", _MINUTE, 30 * _DAY),
        "reminder_after": Span("reminder_after", "hours", _MINUTE, 30 * _DAY),
        "abandon_after": Span("abandon_after", "hours", _MINUTE, 365 * _DAY),
        "maintenance_interval": Span("maintenance_interval", "seconds", 1.0, _HOUR),
    }

    database: Path = msgspec.field(default_factory=default_database)
    language: Literal["en", "fi"] = "en"
    variant: str = "english"  # a name or alias from engine.VARIANTS; kept as the canonical name
    challenge_expiry: timedelta = timedelta(hours=24)  # until an unanswered challenge expires
    abandon_after: timedelta = timedelta(hours=72)  # silence after which the waiting player may claim
    reminder_after: timedelta = timedelta(hours=24)  # silence after which the player to move is reminded
    maintenance_interval: timedelta = timedelta(seconds=60)  # between expiry/reminder sweeps
    picture: PictureConfig = msgspec.field(default_factory=PictureConfig)
    opponent: OpponentConfig = msgspec.field(default_factory=OpponentConfig)
    review: ReviewConfig = msgspec.field(default_factory=ReviewConfig)
    discord: DiscordConfig = msgspec.field(default_factory=DiscordConfig)
    telegram: TelegramConfig = msgspec.field(default_factory=TelegramConfig)

    def __post_init__(self) -> None:
        super().__post_init__()
        variant = VARIANTS.get(self.variant.lower()) if isinstance(self.variant, str) else None
        if variant is None:
            names = ", ".join(dict.fromkeys(v.name for v in VARIANTS.values()))
            raise ConfigError(f"variant: {self.variant!r} is not one of {names}")
        msgspec.structs.force_setattr(self, "variant", variant.name)
        if self.reminder_after >= self.abandon_after:
            raise ConfigError(
                f"reminder_after: {format_duration(self.reminder_after.total_seconds())} must be less "
                f"than abandon_after ({format_duration(self.abandon_after.total_seconds())})")


# -- reading the file ------------------------------------------------------------------------------

_SPANS = (*Config.durations.values(), *OpponentConfig.durations.values(), *ReviewConfig.durations.values())
_AT = re.compile(r"(?P<problem>.*?)(?: - at `\$(?P<path>[^`]*)`)?", re.DOTALL)


def _read_durations(data: dict[str, Any]) -> None:
    """Replace the durations written in the file by checked timedeltas, in place."""
    for span in _SPANS:
        *tables, name = span.key.split(".")
        table: Any = data
        for key in tables:
            table = table.get(key) if isinstance(table, dict) else None
        if isinstance(table, dict) and name in table:
            table[name] = span.read(table[name])


def _setting(keys: list[str]) -> tuple[msgspec.inspect.Type | None, str | None]:
    """The msgspec type of the setting at `keys` (without `| None`) and its description, if any."""
    kind: msgspec.inspect.Type | None = msgspec.inspect.type_info(Config)
    for key in keys:
        if not isinstance(kind, msgspec.inspect.StructType):
            return None, None
        kind = next((f.type for f in kind.fields if f.name == key), None)
    description = None
    while isinstance(kind, msgspec.inspect.UnionType | msgspec.inspect.Metadata):
        if isinstance(kind, msgspec.inspect.Metadata):
            description = (kind.extra_json_schema or {}).get("description", description)
            kind = kind.type
        else:
            kind = next(t for t in kind.types if not isinstance(t, msgspec.inspect.NoneType))
    return kind, description


def _describe(kind: msgspec.inspect.Type | None, name: str) -> str:
    if isinstance(kind, msgspec.inspect.BoolType):
        return "true or false"
    if isinstance(kind, msgspec.inspect.IntType):
        return "a whole number"
    if isinstance(kind, msgspec.inspect.LiteralType):
        return "one of " + ", ".join(map(str, kind.values))
    if isinstance(kind, msgspec.inspect.StructType):
        return f"a table [{name}]"
    return "a string"


def _explain(error: msgspec.ValidationError, data: Mapping[str, Any]) -> ConfigError:
    """msgspec's complaint as a ConfigError that starts with the setting's dotted name."""
    if isinstance(error.__cause__, ConfigError):
        return error.__cause__
    match = _AT.fullmatch(str(error))
    problem = match["problem"] if match else str(error)
    keys = [key for key in ((match and match["path"]) or "").split(".") if key]
    unknown = re.fullmatch(r"Object contains unknown field `(.+)`", problem)
    if unknown:
        return ConfigError(f"{'.'.join([*keys, unknown[1]])}: unknown setting")
    name = ".".join(keys)
    value: Any = data
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    kind, description = _setting(keys)
    if ", got `" in problem:
        return ConfigError(f"{name}: expected {description or _describe(kind, name)}, got {value!r}")
    if isinstance(kind, msgspec.inspect.LiteralType):
        return ConfigError(f"{name}: {value!r} is not {_describe(kind, name)}")
    if isinstance(kind, msgspec.inspect.IntType):
        return ConfigError(f"{name}: {value!r} is out of range (must be between {kind.ge} and {kind.le})")
    if description:
        return ConfigError(f"{name}: {value!r} is not {description}")
    if isinstance(kind, msgspec.inspect.StrType):
        return ConfigError(f"{name}: must not be empty")
    return ConfigError(f"{name}: {problem[:1].lower()}{problem[1:]}")


def load_config(path: Path | None, env: Mapping[str, str] = os.environ) -> Config:
    """Read and check the settings in `path` (None: defaults only), then apply the environment.

    >>> load_config(None, env={"TAMMI_DB": "/tmp/x.db"}).database
    PosixPath('/tmp/x.db')
    """
    data: dict[str, Any] = {}
    if path is not None:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ConfigError(f"config file {path} does not exist") from None
        except (OSError, UnicodeDecodeError) as error:
            raise ConfigError(f"config file {path} cannot be read: {error}") from None
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"config file {path} is not valid TOML: {error}") from None
    written = data.pop("database", None)
    if written is not None and (not isinstance(written, str) or not written.strip()):
        raise ConfigError(f"database: expected a file path, got {written!r}")
    for table, variable in (("discord", "DISCORD_TOKEN"), ("telegram", "TELEGRAM_TOKEN")):
        if env.get(variable):
            section = data.setdefault(table, {})
            if isinstance(section, dict):
                section["token"] = env[variable]
    _read_durations(data)
    try:
        config = msgspec.convert(data, Config, strict=True)
    except msgspec.ValidationError as error:
        raise _explain(error, data) from None
    if env.get("TAMMI_DB"):
        database = Path(env["TAMMI_DB"]).expanduser()
    elif written is not None:
        database = Path(written).expanduser()
        if not database.is_absolute() and path is not None:
            database = path.resolve().parent / database
    else:
        return config
    return config.replace(database=database)
