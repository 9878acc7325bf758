"""The settings: config.toml checked by msgspec, durations with units, bounds, environment, secrets."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import msgspec
import pytest

from bot.config import (
    Config,
    ConfigError,
    Database,
    DiscordConfig,
    EngineConfig,
    OpponentConfig,
    PictureConfig,
    ReviewConfig,
    TelegramConfig,
    load_config,
    parse_database,
)

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text + "\n", encoding="utf-8")
    return path


def test_example_config_is_the_defaults() -> None:
    example = load_config(ROOT / "config.example.toml", env={})
    defaults = load_config(None, env={})
    assert example == defaults
    assert defaults.language == "en" and defaults.variant == "english"
    assert defaults.discord.token is None and defaults.telegram.port == 8443
    assert defaults.challenge_expiry == timedelta(hours=24)
    assert defaults.reminder_after == timedelta(hours=24)
    assert defaults.abandon_after == timedelta(hours=72)
    assert defaults.maintenance_interval == timedelta(seconds=60)
    assert defaults.opponent.time_limit == timedelta(seconds=2)


def test_environment_gives_tokens_and_database(tmp_path: Path) -> None:
    path = write(tmp_path, 'database = "games.db"\n[discord]\ntoken = "from-file"')
    config = load_config(path, env={"TELEGRAM_TOKEN": "tg"})
    assert config.database == str(tmp_path / "games.db")
    assert config.discord.token == "from-file" and config.telegram.token == "tg"
    config = load_config(path, env={"DISCORD_TOKEN": "env", "TAMMI_DB": "/tmp/other.db"})
    assert config.discord.token == "env" and config.database == "/tmp/other.db"


def test_a_relative_database_is_taken_from_the_config_files_directory(tmp_path: Path) -> None:
    (tmp_path / "etc").mkdir()
    path = tmp_path / "etc" / "tammi.toml"
    path.write_text('database = "data/games.db"\n', encoding="utf-8")
    assert load_config(path, env={}).database == str(tmp_path / "etc" / "data" / "games.db")
    assert load_config(path, env={"TAMMI_DB": "here.db"}).database == "here.db"


def test_a_database_is_named_by_a_path_or_a_url(tmp_path: Path) -> None:
    url = "postgresql://tammi@db.example:5432/games"
    path = write(tmp_path, 'database = "sqlite://rel/games.db"')
    assert load_config(path, env={}).database == str(tmp_path / "rel" / "games.db")
    assert load_config(path, env={"TAMMI_DATABASE_URL": url}).database == url
    assert load_config(path, env={"TAMMI_DATABASE_URL": "sqlite:///srv/t.db", "TAMMI_DB": "x.db"}).database \
        == "/srv/t.db"
    path = write(tmp_path, f'database = "{url}"')
    assert load_config(path, env={}).database == url
    assert parse_database(url) == Database(url=url) and parse_database("t.db") == Database(path=Path("t.db"))
    assert parse_database("postgres://me:secret@db/x").shown == "postgres://me:***@db/x"
    assert parse_database("t.db").folder == Path(".")
    with pytest.raises(ConfigError, match="database: 'mysql://me:\\*\\*\\*@db/x' is not a file path"):
        load_config(write(tmp_path, 'database = "mysql://me:pw@db/x"'), env={})


@pytest.mark.parametrize(("text", "field", "expected"), [
    ('challenge_expiry = "90m"', "challenge_expiry", timedelta(minutes=90)),
    ("challenge_expiry = 30", "challenge_expiry", timedelta(minutes=30)),
    ('challenge_expiry = "3d"', "challenge_expiry", timedelta(days=3)),
    ('reminder_after = "1h30m"', "reminder_after", timedelta(hours=1, minutes=30)),
    ("reminder_after = 2", "reminder_after", timedelta(hours=2)),
    ("abandon_after = 36.5", "abandon_after", timedelta(hours=36, minutes=30)),
    ('abandon_after = "2d 12h"', "abandon_after", timedelta(days=2, hours=12)),
    ('maintenance_interval = "90s"', "maintenance_interval", timedelta(seconds=90)),
    ("maintenance_interval = 5", "maintenance_interval", timedelta(seconds=5)),
])
def test_durations_take_a_unit_or_a_number_in_the_settings_own_unit(
        tmp_path: Path, text: str, field: str, expected: timedelta) -> None:
    assert getattr(load_config(write(tmp_path, text), env={}), field) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ('time_limit = "500ms"', timedelta(milliseconds=500)),
    ("time_limit = 0.5", timedelta(milliseconds=500)),
    ("time_limit = 3", timedelta(seconds=3)),
    ('time_limit = "1m"', timedelta(minutes=1)),
])
def test_the_opponents_time_limit_is_in_seconds(tmp_path: Path, text: str, expected: timedelta) -> None:
    assert load_config(write(tmp_path, "[opponent]\n" + text), env={}).opponent.time_limit == expected


@pytest.mark.parametrize(("text", "names"), [
    ('language = "sv"', "language"),
    ("language = 3", "language"),
    ('variant = "russian"', "variant"),
    ("challenge_expiry = -5", "challenge_expiry"),
    ("challenge_expiry = 1e308", "challenge_expiry"),
    ("challenge_expiry = nan", "challenge_expiry"),
    ("challenge_expiry = inf", "challenge_expiry"),
    ('challenge_expiry = "31d"', "challenge_expiry"),
    ('challenge_expiry = "30"', "challenge_expiry"),
    ('challenge_expiry = "99999999999d"', "challenge_expiry"),
    ('abandon_after = "soon"', "abandon_after"),
    ("abandon_after = 9000", "abandon_after"),
    ("reminder_after = 100\nabandon_after = 50", "reminder_after"),
    ('reminder_after = "24h"\nabandon_after = "1d"', "reminder_after"),
    ('reminder_after = "31d"\nabandon_after = "60d"', "reminder_after"),
    ("maintenance_interval = 0.5", "maintenance_interval"),
    ('maintenance_interval = "2h"', "maintenance_interval"),
    ("maintenance_interval = true", "maintenance_interval"),
    ("[picture]\nsize = 10", "picture.size"),
    ("[picture]\nsize = 4096", "picture.size"),
    ("[picture]\nsize = 480.0", "picture.size"),
    ("[picture]\nworkers = 33", "picture.workers"),
    ("[picture]\nworkers = -1", "picture.workers"),
    ('[picture]\ntheme = "neon"', "picture.theme"),
    ('[picture]\ntheme = ""', "picture.theme"),
    ("[opponent]\nmax_level = 0", "opponent.max_level"),
    ("[opponent]\nmax_level = 6", "opponent.max_level"),
    ("[opponent]\ntime_limit = true", "opponent.time_limit"),
    ("[opponent]\ntime_limit = 0.001", "opponent.time_limit"),
    ("[opponent]\ntime_limit = 61", "opponent.time_limit"),
    ("[opponent]\ntime_limit = inf", "opponent.time_limit"),
    ("[opponent]\nnode_limit = 0", "opponent.node_limit"),
    ("[opponent]\nnode_limit = 2_000_000_000", "opponent.node_limit"),
    ("[opponent]\nworkers = 100", "opponent.workers"),
    ("[telegram]\nport = 70000", "telegram.port"),
    ("[telegram]\nport = 0", "telegram.port"),
    ('[telegram]\nlisten = " "', "telegram.listen"),
    ('[telegram]\nwebhook_url = "ftp://x"', "telegram.webhook_url"),
    ("[telegram]\nwebhook_url = 5", "telegram.webhook_url"),
    ('[discord]\nmessage_content = "yes"', "discord.message_content"),
    ("[discord]\nshard_count = 10001", "discord.shard_count"),
    ("[discord]\napplication_id = 0", "discord.application_id"),
    ('[discord]\ntoken = ""', "discord.token"),
    ("[discord]\ntokn = 'x'", "discord.tokn"),
    ("colour = 1", "colour"),
    ('picture = "big"', "picture"),
    ('database = ""', "database"),
    ("database = 3", "database"),
])
def test_bad_settings_are_named(tmp_path: Path, text: str, names: str) -> None:
    with pytest.raises(ConfigError) as error:
        load_config(write(tmp_path, text), env={})
    assert str(error.value).startswith(names + ":")


@pytest.mark.parametrize(("text", "message"), [
    ("[picture]\nsize = 10", "picture.size: 10 is out of range (must be between 64 and 2048)"),
    ("challenge_expiry = 1e308",
     "challenge_expiry: 1e+308 minutes is out of range (must be between 1m and 30d)"),
    ('[opponent]\ntime_limit = "2m"',
     "opponent.time_limit: '2m' is out of range (must be between 10ms and 1m)"),
    ("reminder_after = 100\nabandon_after = 50",
     "reminder_after: 4d4h must be less than abandon_after (2d2h)"),
    ('language = "sv"', "language: 'sv' is not one of en, fi"),
    ("language = 3", "language: expected one of en, fi, got 3"),
    ('variant = "russian"', "variant: 'russian' is not one of english, italian, international"),
    ('picture = "big"', "picture: expected a table [picture], got 'big'"),
    ("[picture]\nsize = 480.0", "picture.size: expected a whole number, got 480.0"),
    ('[discord]\nmessage_content = "yes"', "discord.message_content: expected true or false, got 'yes'"),
    ('[telegram]\nwebhook_url = "ftp://x"', "telegram.webhook_url: 'ftp://x' is not an http(s) or ws(s) URL"),
    ('[telegram]\nlisten = " "', "telegram.listen: must not be empty"),
    ("[discord]\ntokn = 'x'", "discord.tokn: unknown setting"),
])
def test_messages_say_what_is_wrong(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ConfigError) as error:
        load_config(write(tmp_path, text), env={})
    assert str(error.value) == message


def test_every_number_has_bounds_and_every_duration_a_range() -> None:
    def settings(kind: msgspec.inspect.Type) -> list[msgspec.inspect.Type]:
        if isinstance(kind, msgspec.inspect.StructType):
            return [t for f in kind.fields for t in settings(f.type)]
        if isinstance(kind, msgspec.inspect.UnionType):
            return [t for member in kind.types for t in settings(member)]
        if isinstance(kind, msgspec.inspect.Metadata):
            return settings(kind.type)
        return [kind]

    found = settings(msgspec.inspect.type_info(Config))
    numbers = [t for t in found if isinstance(t, msgspec.inspect.IntType | msgspec.inspect.FloatType)]
    # size, 3 x workers, max_level, 2 x node_limit, 2 x port, shard_count, shard_ids, application_id,
    # 8 in [limits], 4 in [engine], 2 in [queue], 2 in [puzzles]
    assert len(numbers) == 27
    assert all(t.ge is not None and t.le is not None for t in numbers)
    assert not any(isinstance(t, msgspec.inspect.FloatType) for t in found)
    durations = [f.name for f in msgspec.structs.fields(Config) if f.type is timedelta]
    assert sorted(durations) == sorted(Config.durations)
    assert [f.name for f in msgspec.structs.fields(OpponentConfig) if f.type is timedelta] == ["time_limit"]
    assert list(OpponentConfig.durations) == ["time_limit"]
    timed = [f.name for f in msgspec.structs.fields(ReviewConfig) if f.type is timedelta]
    assert sorted(timed) == sorted(ReviewConfig.durations) == ["hint_time", "time_per_move"]
    timed = [f.name for f in msgspec.structs.fields(EngineConfig) if f.type is timedelta]
    assert sorted(timed) == sorted(EngineConfig.durations) and len(timed) == 5


def test_settings_made_in_python_take_numbers_in_the_old_units(tmp_path: Path) -> None:
    opponent = OpponentConfig(time_limit=0.05, node_limit=3000)  # type: ignore[arg-type]
    assert opponent.time_limit == timedelta(milliseconds=50) and opponent.node_limit == 3000
    config = Config(database=tmp_path / "x.db", picture=PictureConfig(size=160, workers=0),
                    challenge_expiry=30, reminder_after=1, abandon_after=2)  # type: ignore[arg-type]
    assert config.challenge_expiry == timedelta(minutes=30)
    assert (config.reminder_after, config.abandon_after) == (timedelta(hours=1), timedelta(hours=2))
    assert Config(variant="checkers").variant == "english"
    with pytest.raises(ConfigError, match=r"^challenge_expiry:"):
        Config(challenge_expiry=1e308)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"^reminder_after:"):
        Config(reminder_after=timedelta(days=4), abandon_after=timedelta(days=3))


def test_tokens_never_show_in_the_configs_text(tmp_path: Path) -> None:
    path = write(tmp_path, '[discord]\ntoken = "discord-SECRET-1"\n'
                           '[telegram]\ntoken = "file-token"\nsecret_token = "hook-SECRET-3"')
    config = load_config(path, env={"TELEGRAM_TOKEN": "123:tg-SECRET-2"})
    assert config.telegram.token == "123:tg-SECRET-2" and config.discord.token == "discord-SECRET-1"
    shown = [repr(config), str(config), repr(config.discord), str(config.telegram),
             repr(config.__rich_repr__()), repr(DiscordConfig(token="discord-SECRET-4")),
             repr(TelegramConfig(token="123:tg-SECRET-5"))]
    for text in shown:
        assert "SECRET" not in text and "file-token" not in text
    assert "token='***'" in repr(config.discord) and "secret_token='***'" in repr(config.telegram)
    assert "token=None" in repr(DiscordConfig())


def test_unreadable_config_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "missing.toml", env={})
    broken = tmp_path / "broken.toml"
    broken.write_text("language = \n", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(broken, env={})
