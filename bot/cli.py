"""The `tammi` command: `console`, `run` (the chat bots), `discord sync`, `db migrate`, `db copy`,
`puzzles mine` and `worker`."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import logging
import signal
import socket
import sqlite3
import sys
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from bot import puzzle_mine, worker
from bot.config import Config, ConfigError, Database, load_config, parse_database
from bot.config_values import scrub
from bot.platforms.base import TokenRejected
from bot.storage import StorageError

if TYPE_CHECKING:
    from bot.chat.service import GameService

log = logging.getLogger("tammi")

DEAF = 3
"""`tammi run`'s exit status when a chat connection died on its own."""


class Redact(logging.Filter):
    """Takes the secrets out of every record a handler writes, its traceback included."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self.secrets = [secret for secret in secrets if len(secret) >= 4]

    def _clean(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "<secret>")
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if any(secret in message for secret in self.secrets):
            record.msg, record.args = self._clean(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        return True


# -- what stopped Tammi, in one line (never with a secret) ---------------------------------------

class Failure(Exception):
    """A start-up failure whose message names its cause."""


PLATFORM_TITLES = {"discord": "Discord", "telegram": "Telegram"}
TOKEN_HINTS = {"discord": "DISCORD_TOKEN (or [discord] token)",
               "telegram": "TELEGRAM_TOKEN (or [telegram] token)"}


def _redact(text: str, secrets: tuple[str | None, ...]) -> str:
    for secret in secrets:
        if secret:
            text = text.replace(secret, "***")
    return text


def _token_refused(error: BaseException) -> bool:
    name = type(error).__name__
    if name in ("LoginFailure", "InvalidToken"):
        return True
    status = getattr(error, "status", None)
    return name == "HTTPException" and status == 401


def _unreachable(error: BaseException) -> bool:
    if isinstance(error, OSError | TimeoutError):
        return True
    names = {cls.__name__ for cls in type(error).__mro__}
    return bool(names & {"ClientError", "NetworkError", "TimedOut", "GatewayNotFound", "ConnectionClosed"})


def platform_failure(platform: str, error: BaseException, secret: str | None) -> Failure:
    """The one-line failure of a platform that did not start."""
    title = PLATFORM_TITLES.get(platform, platform)
    if _token_refused(error):
        return Failure(f"{title} refused the bot token: check {TOKEN_HINTS.get(platform, 'the token')}")
    detail = _redact(str(error) or type(error).__name__, (secret,))
    if _unreachable(error):
        return Failure(f"cannot reach {title}: {detail}")
    return Failure(f"{title} did not start: {type(error).__name__}: {detail}")


DATABASE_MODULES = ("bot.storage", "asyncpg", "aiosqlite", "sqlite3")
"""Where an error comes from when the database caused it (an OSError or ValueError raised in them too)."""


def is_database_error(error: BaseException) -> bool:
    """Whether the database (its file, its server, or reading its URL) raised `error`."""
    if isinstance(error, StorageError | sqlite3.Error):
        return True
    if type(error).__module__.startswith(DATABASE_MODULES[1:]):
        return True
    if not isinstance(error, OSError | ValueError | OverflowError):
        return False
    frames = error.__traceback__
    while frames is not None:
        if str(frames.tb_frame.f_globals.get("__name__", "")).startswith(DATABASE_MODULES):
            return True
        frames = frames.tb_next
    return False


def _cause(error: BaseException, databases: Sequence[Database]) -> str:
    """What went wrong with the database(s), in words, without a credential."""
    text = str(error) or type(error).__name__
    if isinstance(error, ConnectionRefusedError):
        text = f"the server refused the connection ({text})"
    elif isinstance(error, socket.gaierror):
        text = f"the host name is not known ({text})"
    elif isinstance(error, TimeoutError):
        text = f"the server did not answer in time{f' ({text})' if str(error) else ''}"
    for database in databases:
        text = _schema_problem(database) or text
    return scrub(text, [secret for database in databases for secret in database.secrets])


def _schema_problem(database: Database) -> str | None:
    """What is wrong with an SQLite file's schema version, if it is one no Tammi database has."""
    if database.path is None or not database.path.is_file():
        return None
    try:
        uri = f"{database.path.resolve().as_uri()}?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
    except (sqlite3.Error, OSError, ValueError):
        return None
    if version >= 0:
        return None
    return (f"the file's schema version (PRAGMA user_version) is {version}, which no Tammi database has: "
            "the file is damaged or not a Tammi database")


def database_failure(database: Database, error: BaseException) -> Failure:
    """The one-line failure of a database that could not be used, named without its credentials."""
    return Failure(f"cannot use the database {database.shown}: {_cause(error, [database])}")


class Named:
    """An adapter whose start-up failure names its platform (and never shows its token)."""

    def __init__(self, adapter: Any, platform: str, secret: str | None) -> None:
        self.adapter = adapter
        self.platform = platform
        self.secret = secret
        self.name = getattr(adapter, "name", platform)

    async def start(self) -> None:
        try:
            await self.adapter.start()
        except TokenRejected:
            raise  # the adapter's own one line, which names the setting
        except Exception as error:
            raise platform_failure(self.platform, error, self.secret) from None

    async def wait_closed(self) -> None:
        await self.adapter.wait_closed()

    @property
    def connected(self) -> bool:
        """The adapter's own word on its connection, for the health endpoint."""
        return bool(self.adapter.connected)

    async def close(self) -> None:
        await self.adapter.close()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tammi", description="Draughts in your chat.")
    commands = parser.add_subparsers(dest="command", required=True)
    console = commands.add_parser("console", help="play in the terminal")
    console.add_argument("--db", help=DB_HELP)
    console.add_argument("--config", type=Path, help="config file (TOML)")
    console.add_argument("--lang", choices=("en", "fi"), help="language of the replies")
    console.add_argument("--user", help="your name in the chat (default: your login name)")
    console.add_argument("--pictures", type=Path,
                         help="where to save pictures (default: next to the database)")
    console.add_argument("--no-pictures", action="store_true", help="do not draw pictures")
    run = commands.add_parser("run", help="start the Discord and/or Telegram bots")
    run.add_argument("--config", type=Path, help="config file (TOML)")
    run.add_argument("--db", help=DB_HELP)
    discord = commands.add_parser("discord", help="Discord tools")
    discord_commands = discord.add_subparsers(dest="discord_command", required=True)
    sync = discord_commands.add_parser("sync", help="register the slash commands with Discord")
    sync.add_argument("--config", type=Path, help="config file (TOML)")
    db = commands.add_parser("db", help="database tools")
    db_commands = db.add_subparsers(dest="db_command", required=True)
    migrate = db_commands.add_parser("migrate", help="bring the database's schema up to date and exit")
    migrate.add_argument("--config", type=Path, help="config file (TOML)")
    migrate.add_argument("--db", help=DB_HELP)
    copy = db_commands.add_parser("copy", help="copy every game, challenge, rating, setting and person "
                                  "from one database into another, empty one")
    copy.add_argument("source", help="the database to copy (a file path or a URL)")
    copy.add_argument("target", help="the empty database to copy into (a file path or a URL)")
    puzzle_mine.add_parser(commands)
    worker.add_parser(commands)
    return parser


DB_HELP = ("the database: a file path, sqlite:///path or postgresql://user@host:port/dbname "
           "(default: tammi.sqlite3 in your data directory)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `tammi` command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        config = load_config(getattr(args, "config", None))
    except ConfigError as error:
        print(f"tammi: bad configuration: {error}", file=sys.stderr)
        return 2
    try:
        if getattr(args, "db", None) is not None:
            config = msgspec.structs.replace(config, database=parse_database(args.db).name)
    except ConfigError as error:
        print(f"tammi: bad --db: {error}", file=sys.stderr)
        return 2
    try:
        if args.command == "db":
            return asyncio.run(_db(args, config))
        if args.command == "console":
            return _console(args, config)
        if args.command == "puzzles":
            return puzzle_mine.main(args, config)
        if args.command == "worker":
            return worker.main(args, config, _redact_logs)
        if args.command == "run":
            logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
            _redact_logs(config)
            return asyncio.run(_run(config))
        return asyncio.run(_discord_sync(config))
    except KeyboardInterrupt:
        return 130
    except TokenRejected as error:
        print(f"tammi: {error}", file=sys.stderr)
        return 2
    except Failure as failure:
        print(f"tammi: {failure}", file=sys.stderr)
        return 1
    except Exception as error:
        database = parse_database(config.database)
        if is_database_error(error):
            print(f"tammi: {database_failure(database, error)}", file=sys.stderr)
        elif isinstance(error, OSError):
            print(f"tammi: {scrub(str(error), database.secrets)}", file=sys.stderr)
        else:
            raise
        return 1


def _redact_logs(config: Config) -> None:
    """Take the tokens and the database's credentials out of every log line."""
    secrets = [config.discord.token, config.telegram.token, config.telegram.secret_token,
               *parse_database(config.database).secrets]
    for handler in logging.getLogger().handlers:
        handler.addFilter(Redact(secret for secret in secrets if secret))


def _console(args: argparse.Namespace, config: Config) -> int:
    from bot.app import run_console

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    _redact_logs(config)
    # One person at a terminal: threads draw the pictures fast enough, and start-up stays quick.
    config = msgspec.structs.replace(config, picture=msgspec.structs.replace(config.picture, workers=0))
    pictures: Path | None = None
    if not args.no_pictures:
        pictures = args.pictures or parse_database(config.database).folder / "pictures"
    user = args.user or _login_name()
    return asyncio.run(run_console(config, lang=args.lang, user=user, pictures_dir=pictures))


def _login_name() -> str:
    try:
        name = getpass.getuser()
    except Exception:
        name = ""
    name = "".join(ch for ch in name if ch.isalnum() or ch in "_-.")[:32]
    return name or "you"


async def _run(config: Config) -> int:
    from bot.app import running, watch_adapters, watched

    if not config.discord.token and not config.telegram.token:
        print("tammi: no chat platform to run: set DISCORD_TOKEN and/or TELEGRAM_TOKEN (or [discord] token / "
              "[telegram] token in the config file). To play in the terminal use `tammi console`.",
              file=sys.stderr)
        return 2
    # Listen for SIGINT/SIGTERM first, so a stop during start-up still shuts down cleanly.
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    async with _opened(config) as service, watched(config, service) as watch:
        adapters: list[Any] = []
        if config.discord.token:
            from bot.platforms.discord import DiscordAdapter

            adapters.append(Named(DiscordAdapter(watch.service, config.discord), "discord",
                                  config.discord.token))
        if config.telegram.token:
            from bot.platforms.telegram import TelegramAdapter

            adapters.append(Named(TelegramAdapter(watch.service, config.telegram), "telegram",
                                  config.telegram.token))
        async with running(adapters, watch):
            names = ", ".join(type(a.adapter).__name__ for a in adapters)
            log.info("Tammi is running (%s); database %s", names, parse_database(config.database).shown)
            ended = await watch_adapters(adapters, stop)
            if ended is not None:
                # Deaf but alive helps nobody: stop with an error, so a supervisor starts Tammi again.
                log.error("%s; stopping with exit status %d so that it can be restarted", ended, DEAF)
            log.info("stopping")
    return 0 if ended is None else DEAF


@contextlib.asynccontextmanager
async def _opened(config: Config) -> AsyncIterator[GameService]:
    """The service, with a failure to open the database named as such."""
    from bot.app import open_service

    opening = open_service(config)
    try:
        service = await opening.__aenter__()
    except Exception as error:
        if is_database_error(error) or isinstance(error, OSError):
            raise database_failure(parse_database(config.database), error) from None
        raise
    try:
        yield service
    except BaseException as error:
        if not await opening.__aexit__(type(error), error, error.__traceback__):
            raise
    else:
        await opening.__aexit__(None, None, None)


async def _discord_sync(config: Config) -> int:
    if not config.discord.token:
        print("tammi: set DISCORD_TOKEN (or [discord] token) to register the commands", file=sys.stderr)
        return 2
    try:
        from bot.platforms.discord import sync_commands
    except ImportError as error:
        print(f"tammi: the Discord adapter is not available: {error}", file=sys.stderr)
        return 2
    count = await sync_commands(config.discord)  # the subcommands of the one command, /tammi
    print(f"Registered /tammi with {count} subcommands, and /puzzle.")
    return 0


async def _db(args: argparse.Namespace, config: Config) -> int:
    from bot.app import copy_database, migrate_database

    if args.db_command == "migrate":
        version = await migrate_database(config.database)
        print(f"The database {parse_database(config.database).shown} is at schema version {version}.")
        return 0
    try:
        source, target = parse_database(args.source), parse_database(args.target)
    except ConfigError as error:
        print(f"tammi: {error}", file=sys.stderr)
        return 2
    try:
        counts = await copy_database(source.name, target.name)
    except Exception as error:
        if not (is_database_error(error) or isinstance(error, OSError)):
            raise
        print(f"tammi: cannot copy {source.shown} to {target.shown}: {_cause(error, [source, target])}",
              file=sys.stderr)
        return 1
    print(f"Copied {source.shown} to {target.shown}: "
          + ", ".join(f"{count} {table}" for table, count in counts.items()) + ".")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
