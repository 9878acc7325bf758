"""Settings: `config.toml` read with tomllib into frozen dataclasses, checked at start-up.

Every setting has a default (see `config.example.toml`), so an empty file or no file at all is a valid
configuration. Tokens may also come from the environment (`DISCORD_TOKEN`, `TELEGRAM_TOKEN`), and
`TAMMI_DB` names the database file. A wrong value raises `ConfigError` naming the setting.
"""

from __future__ import annotations

import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

LANGUAGES = ("en", "fi")
VARIANTS = ("english", "italian", "international")


class ConfigError(ValueError):
    """A setting is missing, of the wrong type or out of range; the message names it."""


@dataclass(frozen=True)
class PictureConfig:
    size: int = 480
    theme: str = "auto"  # "auto": each variant's own look; else a name from render.theme.THEMES
    workers: int = 2  # processes drawing pictures; 0 draws them in threads of the bot's process


@dataclass(frozen=True)
class OpponentConfig:
    max_level: int = 5
    time_limit: float = 2.0
    node_limit: int | None = None
    workers: int = 2  # processes that search; 0 searches in a thread of the bot's process


@dataclass(frozen=True)
class DiscordConfig:
    token: str | None = None
    api_base_url: str = "https://discord.com/api/v10"
    gateway_url: str | None = None
    application_id: int | None = None
    shard_count: int | None = None
    message_content: bool = True


@dataclass(frozen=True)
class TelegramConfig:
    token: str | None = None
    base_url: str = "https://api.telegram.org/bot"
    base_file_url: str = "https://api.telegram.org/file/bot"
    webhook_url: str | None = None
    listen: str = "127.0.0.1"
    port: int = 8443
    secret_token: str | None = None


def default_database() -> Path:
    """The database file in the user's data directory."""
    return Path(platformdirs.user_data_dir("tammi", appauthor=False)) / "tammi.sqlite3"


@dataclass(frozen=True)
class Config:
    database: Path = field(default_factory=default_database)
    language: str = "en"
    variant: str = "english"
    challenge_expiry: float = 1440.0  # minutes
    abandon_after: float = 72.0  # hours
    reminder_after: float = 24.0  # hours
    maintenance_interval: float = 60.0  # seconds between expiry/reminder sweeps
    picture: PictureConfig = field(default_factory=PictureConfig)
    opponent: OpponentConfig = field(default_factory=OpponentConfig)
    discord: DiscordConfig = field(default_factory=DiscordConfig)
    telegram: TelegramConfig = field(default_factory=TelegramConfig)


class _Section:
    """Reads one TOML table, remembering which keys were used so unknown ones can be reported."""

    def __init__(self, name: str, data: Mapping[str, Any]) -> None:
        self.name = name
        self.data = data
        self.used: set[str] = set()

    def _key(self, key: str) -> str:
        return f"{self.name}.{key}" if self.name else key

    def raw(self, key: str) -> Any:
        self.used.add(key)
        return self.data.get(key)

    def string(self, key: str, default: str | None, choices: tuple[str, ...] = ()) -> str | None:
        value = self.raw(key)
        if value is None:
            return default
        if not isinstance(value, str):
            raise ConfigError(f"{self._key(key)}: expected a string, got {value!r}")
        if choices and value not in choices:
            raise ConfigError(f"{self._key(key)}: {value!r} is not one of {', '.join(choices)}")
        if not value.strip():
            raise ConfigError(f"{self._key(key)}: must not be empty")
        return value

    def number(self, key: str, default: float, *, low: float, high: float = math.inf) -> float:
        value = self.raw(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise ConfigError(f"{self._key(key)}: expected a number, got {value!r}")
        if not low <= value <= high:
            limit = f"between {low:g} and {high:g}" if high != math.inf else f"at least {low:g}"
            raise ConfigError(f"{self._key(key)}: {value!r} is out of range (must be {limit})")
        return float(value)

    def integer(self, key: str, default: int | None, *, low: int, high: int | None = None) -> int | None:
        value = self.raw(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{self._key(key)}: expected a whole number, got {value!r}")
        if value < low or (high is not None and value > high):
            limit = f"between {low} and {high}" if high is not None else f"at least {low}"
            raise ConfigError(f"{self._key(key)}: {value!r} is out of range (must be {limit})")
        return value

    def boolean(self, key: str, default: bool) -> bool:
        value = self.raw(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise ConfigError(f"{self._key(key)}: expected true or false, got {value!r}")
        return value

    def table(self, key: str) -> _Section:
        value = self.raw(key)
        if value is None:
            value = {}
        if not isinstance(value, dict):
            raise ConfigError(f"{self._key(key)}: expected a table [{self._key(key)}], got {value!r}")
        return _Section(self._key(key), value)

    def check_unknown(self) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise ConfigError(f"{self._key(unknown[0])}: unknown setting")


def _url(section: _Section, key: str, default: str | None) -> str | None:
    value = section.string(key, default)
    if value is not None and not value.startswith(("http://", "https://", "ws://", "wss://")):
        raise ConfigError(f"{section._key(key)}: {value!r} is not an http(s) or ws(s) URL")
    return value


def _discord(section: _Section, env: Mapping[str, str]) -> DiscordConfig:
    base = DiscordConfig()
    token = env.get("DISCORD_TOKEN") or section.string("token", None)
    section.used.add("token")
    config = DiscordConfig(
        token=token or None,
        api_base_url=_url(section, "api_base_url", base.api_base_url) or base.api_base_url,
        gateway_url=_url(section, "gateway_url", None),
        application_id=section.integer("application_id", None, low=1),
        shard_count=section.integer("shard_count", None, low=1),
        message_content=section.boolean("message_content", base.message_content),
    )
    section.check_unknown()
    return config


def _telegram(section: _Section, env: Mapping[str, str]) -> TelegramConfig:
    base = TelegramConfig()
    token = env.get("TELEGRAM_TOKEN") or section.string("token", None)
    section.used.add("token")
    config = TelegramConfig(
        token=token or None,
        base_url=_url(section, "base_url", base.base_url) or base.base_url,
        base_file_url=_url(section, "base_file_url", base.base_file_url) or base.base_file_url,
        webhook_url=_url(section, "webhook_url", None),
        listen=section.string("listen", base.listen) or base.listen,
        port=section.integer("port", base.port, low=1, high=65535) or base.port,
        secret_token=section.string("secret_token", None),
    )
    section.check_unknown()
    return config


def _integer_or_zero(section: _Section, key: str, default: int, high: int) -> int:
    value = section.integer(key, default, low=0, high=high)
    return default if value is None else value


def _check_theme(theme: str) -> None:
    if theme == "auto":
        return
    try:
        from render.theme import THEMES
    except Exception:  # pragma: no cover - render missing: the service draws no pictures anyway
        return
    if theme not in THEMES:
        raise ConfigError(f"picture.theme: {theme!r} is not one of auto, {', '.join(THEMES)}")


def load_config(path: Path | None, env: Mapping[str, str] = os.environ) -> Config:
    """Read and check the settings in `path` (None: defaults only), then apply the environment.

    >>> load_config(None, env={"TAMMI_DB": "/tmp/x.db"}).database
    PosixPath('/tmp/x.db')
    """
    data: dict[str, Any] = {}
    base_dir = Path.cwd()
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
        base_dir = path.resolve().parent
    root = _Section("", data)
    database_text = env.get("TAMMI_DB") or root.string("database", None)
    root.used.add("database")
    if database_text:
        database = Path(database_text).expanduser()
        if not database.is_absolute() and path is not None and not env.get("TAMMI_DB"):
            database = base_dir / database
    else:
        database = default_database()
    defaults = Config(database=database)
    picture_section = root.table("picture")
    picture = PictureConfig(
        size=picture_section.integer("size", PictureConfig.size, low=64, high=2048) or PictureConfig.size,
        theme=picture_section.string("theme", PictureConfig.theme) or PictureConfig.theme,
        workers=_integer_or_zero(picture_section, "workers", PictureConfig.workers, 64),
    )
    picture_section.check_unknown()
    _check_theme(picture.theme)
    opponent_section = root.table("opponent")
    opponent = OpponentConfig(
        max_level=opponent_section.integer("max_level", OpponentConfig.max_level, low=1, high=5)
        or OpponentConfig.max_level,
        time_limit=opponent_section.number("time_limit", OpponentConfig.time_limit, low=0.01, high=600),
        node_limit=opponent_section.integer("node_limit", None, low=1),
        workers=_integer_or_zero(opponent_section, "workers", OpponentConfig.workers, 64),
    )
    opponent_section.check_unknown()
    reminder_after = root.number("reminder_after", defaults.reminder_after, low=0.01)
    abandon_after = root.number("abandon_after", defaults.abandon_after, low=0.01)
    if reminder_after >= abandon_after:
        raise ConfigError(
            f"reminder_after: {reminder_after:g} hours must be less than "
            f"abandon_after ({abandon_after:g} hours)"
        )
    config = Config(
        database=database,
        language=root.string("language", defaults.language, LANGUAGES) or defaults.language,
        variant=root.string("variant", defaults.variant, VARIANTS) or defaults.variant,
        challenge_expiry=root.number("challenge_expiry", defaults.challenge_expiry, low=0.1),
        abandon_after=abandon_after,
        reminder_after=reminder_after,
        maintenance_interval=root.number(
            "maintenance_interval", defaults.maintenance_interval, low=0.01, high=86400
        ),
        picture=picture,
        opponent=opponent,
        discord=_discord(root.table("discord"), env),
        telegram=_telegram(root.table("telegram"), env),
    )
    root.check_unknown()
    return config
