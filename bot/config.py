"""Settings: `config.toml` read with tomllib and checked by msgspec into frozen structs at start-up.

Every setting has a default (see `config.example.toml`), so an empty file or no file at all is a valid
configuration. Durations are `timedelta`s, written in TOML with a unit ("90s", "30m", "24h", "3d",
"1h30m") or as a bare number in the setting's own unit. Every number has bounds. Tokens may also come
from the environment (`DISCORD_TOKEN`, `TELEGRAM_TOKEN`), and `TAMMI_DATABASE_URL` (or `TAMMI_DB`) names
the database: a file path, `sqlite:///path` or `postgresql://user@host:port/dbname`. A wrong value
raises `ConfigError` naming the setting. Tokens never show in a config's repr.
"""

from __future__ import annotations

import os
import re
import shlex
import tomllib
from collections.abc import Iterator, Mapping
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, Self

import msgspec
import msgspec.inspect

from bot.config_values import DAY, HOUR, MINUTE, QueueConfig, kind_of, scrub
from bot.config_values import ConfigError as ConfigError
from bot.config_values import Database as Database
from bot.config_values import Span as Span
from bot.config_values import default_database as default_database
from bot.config_values import format_duration as format_duration
from bot.config_values import parse_database as parse_database
from bot.config_values import redact_url as redact_url
from bot.puzzle_config import PuzzleConfig
from engine import VARIANTS

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
        from render.theme import THEMES

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
    workers: Workers = 2  # processes that review games (the chunks of one in parallel); 0: in a thread


class EngineConfig(_Settings, frozen=True):
    """A Hub engine (Scan, dame) for the variants it serves: level 5, hints and reviews. None by default."""

    durations: ClassVar[dict[str, Span]] = {
        name: Span(f"engine.{name}", "seconds", low, high) for name, low, high in (
            ("move_time", 0.01, 60.0), ("hint_time", 0.01, 60.0), ("review_time", 0.01, 60.0),
            ("margin", 0.1, 60.0), ("start_time", 1.0, 600.0))}

    hub: Text | None = None  # the command line, e.g. "/opt/scan/scan hub"; None: Tammi's own engine only
    directory: Text | None = None  # where it runs; default: its program's folder (Scan reads scan.ini there)
    variants: tuple[Literal["international"], ...] = ("international",)
    threads: Annotated[int, msgspec.Meta(ge=1, le=256)] | None = None  # None: the engine's own settings
    hash_mb: Annotated[int, msgspec.Meta(ge=1, le=1 << 20)] | None = None
    book: bool | None = None
    params: dict[str, str] = msgspec.field(default_factory=dict)  # more, by the engine's names
    move_time: timedelta = timedelta(seconds=1)  # per move of level 5: the engine's strength
    hint_time: timedelta = timedelta(seconds=0.5)
    review_time: timedelta = timedelta(seconds=0.1)  # per position of a review
    review_nodes: Annotated[int, msgspec.Meta(ge=1000, le=10**9)] | None = None  # instead of time
    margin: timedelta = timedelta(seconds=3)  # beyond a search's time before the engine counts as hung
    start_time: timedelta = timedelta(seconds=30)  # to start up (load its tables) before it counts as hung
    processes: Workers = 1  # engine processes (each in a worker process); 0: one, in a thread

    def __post_init__(self) -> None:
        super().__post_init__()
        try:
            shlex.split(self.hub or "")
        except ValueError:
            raise ConfigError(f"engine.hub: {self.hub!r} has a quote that is not closed") from None
        for name, value in self.params.items():
            if not re.fullmatch(r'[^\s="]+', name) or re.search(r'["\n]', value):
                raise ConfigError(f"engine.params: {name!r}: has a space, = or quote, or its value a quote")


class DiscordConfig(_Settings, frozen=True):
    secrets: ClassVar[tuple[str, ...]] = ("token",)

    token: Text | None = None
    api_base_url: Url = "https://discord.com/api/v10"
    gateway_url: Url | None = None
    application_id: Annotated[int, msgspec.Meta(ge=1, le=2**63 - 1)] | None = None
    shard_count: Annotated[int, msgspec.Meta(ge=1, le=10_000)] | None = None
    shard_ids: tuple[Annotated[int, msgspec.Meta(ge=0, le=9_999)], ...] | None = None  # this process's
    message_content: bool = True

    def __post_init__(self) -> None:
        super().__post_init__()
        ids, count = self.shard_ids, self.shard_count
        if ids is not None and (not ids or count is None or max(ids) >= count):
            raise ConfigError("discord.shard_ids: needs shard_count, and ids from 0 to shard_count - 1")


class TelegramConfig(_Settings, frozen=True):
    secrets: ClassVar[tuple[str, ...]] = ("token", "secret_token")

    token: Text | None = None
    base_url: Url = "https://api.telegram.org/bot"
    base_file_url: Url = "https://api.telegram.org/file/bot"
    webhook_url: Url | None = None
    listen: Text = "127.0.0.1"
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)] = 8443
    secret_token: Text | None = None


class HealthConfig(_Settings, frozen=True):
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)] | None = None  # /healthz and /metrics; None: off
    listen: Text = "127.0.0.1"


class LimitsConfig(_Settings, frozen=True):
    """Per-user rate limits (token buckets), work in hand, and list pages. Limits apply on the public
    platforms; the console's user is whoever runs it."""

    burst: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 20  # cheap commands and moves at once
    per_minute: Annotated[int, msgspec.Meta(ge=1, le=6000)] = 60  # then this many a minute
    heavy_burst: Annotated[int, msgspec.Meta(ge=1, le=100)] = 3  # gif, pdn, games against the bot
    heavy_per_minute: Annotated[int, msgspec.Meta(ge=1, le=600)] = 6
    busy_per_user: Annotated[int, msgspec.Meta(ge=1, le=100)] = 4  # one user's events in hand at once
    busy_total: Annotated[int, msgspec.Meta(ge=1, le=100_000)] = 500  # everyone's events in hand at once
    page_lines: Annotated[int, msgspec.Meta(ge=5, le=100)] = 15  # lines of a list (`games`) per page
    tracked_users: Annotated[int, msgspec.Meta(ge=100, le=10_000_000)] = 100_000  # buckets kept in memory
    platforms: tuple[Literal["discord", "telegram", "console"], ...] = ("discord", "telegram")


class Config(_Settings, frozen=True):
    durations: ClassVar[dict[str, Span]] = {
        "challenge_expiry": Span("challenge_expiry", "minutes", MINUTE, 30 * DAY),
        "reminder_after": Span("reminder_after", "hours", MINUTE, 30 * DAY),
        "abandon_after": Span("abandon_after", "hours", MINUTE, 365 * DAY),
        "maintenance_interval": Span("maintenance_interval", "seconds", 1.0, HOUR),
    }

    database: str = msgspec.field(default_factory=lambda: str(default_database()))
    language: Literal["en", "fi"] = "en"
    variant: str = "english"  # a name or alias from engine.VARIANTS; kept as the canonical name
    challenge_expiry: timedelta = timedelta(hours=24)  # until an unanswered challenge expires
    abandon_after: timedelta = timedelta(hours=72)  # silence after which the waiting player may claim
    reminder_after: timedelta = timedelta(hours=24)  # silence after which the player to move is reminded
    maintenance_interval: timedelta = timedelta(seconds=60)  # between expiry/reminder sweeps
    picture: PictureConfig = msgspec.field(default_factory=PictureConfig)
    opponent: OpponentConfig = msgspec.field(default_factory=OpponentConfig)
    review: ReviewConfig = msgspec.field(default_factory=ReviewConfig)
    engine: EngineConfig = msgspec.field(default_factory=EngineConfig)
    discord: DiscordConfig = msgspec.field(default_factory=DiscordConfig)
    telegram: TelegramConfig = msgspec.field(default_factory=TelegramConfig)
    health: HealthConfig = msgspec.field(default_factory=HealthConfig)
    limits: LimitsConfig = msgspec.field(default_factory=LimitsConfig)
    queue: QueueConfig = msgspec.field(default_factory=QueueConfig)
    puzzles: PuzzleConfig = msgspec.field(default_factory=PuzzleConfig)

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

_SPANS = (*Config.durations.values(), *OpponentConfig.durations.values(), *ReviewConfig.durations.values(),
          *EngineConfig.durations.values(), *QueueConfig.durations.values())
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


def _secret_settings() -> frozenset[str]:
    """The dotted names of the settings that hold secrets (`telegram.token`...)."""
    names: set[str] = set()
    config = msgspec.inspect.type_info(Config)
    assert isinstance(config, msgspec.inspect.StructType)
    for field in config.fields:
        kind = field.type
        if isinstance(kind, msgspec.inspect.StructType) and issubclass(kind.cls, _Settings):
            names.update(f"{field.name}.{secret}" for secret in kind.cls.secrets)
    return frozenset(names)


SECRET_SETTINGS = _secret_settings()


def _shown_value(name: str, value: object) -> str:
    """A setting's value as a message may quote it: never a secret's, never a URL's credentials."""
    if name in SECRET_SETTINGS:
        return kind_of(value)
    return repr(redact_url(value)) if isinstance(value, str) else repr(value)


def _secrets_in(data: Mapping[str, Any], env: Mapping[str, str]) -> list[str]:
    """Every secret the file or the environment gives, as text, longest first."""
    found = [env.get(name, "") for name in ("DISCORD_TOKEN", "TELEGRAM_TOKEN")]
    values: list[object] = []
    for name in SECRET_SETTINGS:
        table, key = name.split(".")
        section = data.get(table)
        if isinstance(section, dict) and key in section:
            values.append(section[key])
    while values:
        value = values.pop()
        if isinstance(value, dict):
            values.extend([*value.keys(), *value.values()])
        elif isinstance(value, list):
            values.extend(value)
        else:
            found.append(str(value))
    return sorted({secret for secret in found if len(secret) >= 3}, key=len, reverse=True)


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
    shown = _shown_value(name, value)
    if ", got `" in problem:
        return ConfigError(f"{name}: expected {description or _describe(kind, name)}, got {shown}")
    if isinstance(kind, msgspec.inspect.LiteralType):
        return ConfigError(f"{name}: {shown} is not {_describe(kind, name)}")
    if isinstance(kind, msgspec.inspect.IntType):
        return ConfigError(f"{name}: {shown} is out of range (must be between {kind.ge} and {kind.le})")
    if description:
        return ConfigError(f"{name}: {shown} is not {description}")
    if isinstance(kind, msgspec.inspect.StrType):
        return ConfigError(f"{name}: must not be empty")
    return ConfigError(f"{name}: {problem[:1].lower()}{problem[1:]}")


def load_config(path: Path | None, env: Mapping[str, str] = os.environ) -> Config:
    """Read and check the settings in `path` (None: defaults only), then apply the environment. A
    `ConfigError` names the setting and never shows a token, a password or anything shaped like one.

    >>> load_config(None, env={"TAMMI_DB": "/tmp/x.db"}).database
    '/tmp/x.db'
    """
    data: dict[str, Any] = {}
    try:
        return _load(path, env, data)
    except ConfigError as error:
        raise ConfigError(scrub(str(error), _secrets_in(data, env))) from None


def _load(path: Path | None, env: Mapping[str, str], data: dict[str, Any]) -> Config:
    """`load_config`'s work; `data` is filled with the file's settings as they are read."""
    if path is not None:
        path = Path(path)
        try:
            # utf-8-sig: a byte-order mark at the start (as some Windows editors write) is not TOML
            text = path.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            raise ConfigError(f"config file {path} does not exist") from None
        except UnicodeDecodeError as error:
            raise ConfigError(f"config file {path} is not UTF-8 text (byte {error.start + 1}): save it as "
                              "UTF-8") from None
        except OSError as error:
            raise ConfigError(f"config file {path} cannot be read: {error}") from None
        try:
            data.update(tomllib.loads(text))
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"config file {path} is not valid TOML: {error}") from None
    written = data.pop("database", None)
    if written is not None and (not isinstance(written, str) or not written.strip()):
        raise ConfigError(f"database: expected a file path or a URL, got {kind_of(written)}"
                          + (" that is empty" if isinstance(written, str) else ""))
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
    if env.get("TAMMI_DATABASE_URL") or env.get("TAMMI_DB"):
        database = parse_database(env.get("TAMMI_DATABASE_URL") or env["TAMMI_DB"])
    elif written is not None:
        database = parse_database(written, path.resolve().parent if path is not None else None)
    else:
        return config
    return config.replace(database=database.name)
