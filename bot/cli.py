"""The `tammi` command: `console`, `run` (the chat bots) and `discord sync`."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import logging
import signal
import sqlite3
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from bot.config import Config, ConfigError, load_config
from bot.platforms.base import TokenRejected
from bot.storage import StorageError

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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tammi", description="Draughts in your chat.")
    commands = parser.add_subparsers(dest="command", required=True)
    console = commands.add_parser("console", help="play in the terminal")
    console.add_argument("--db", type=Path, help="database file (default: in your data directory)")
    console.add_argument("--config", type=Path, help="config file (TOML)")
    console.add_argument("--lang", choices=("en", "fi"), help="language of the replies")
    console.add_argument("--user", help="your name in the chat (default: your login name)")
    console.add_argument("--pictures", type=Path,
                         help="where to save pictures (default: next to the database)")
    console.add_argument("--no-pictures", action="store_true", help="do not draw pictures")
    run = commands.add_parser("run", help="start the Discord and/or Telegram bots")
    run.add_argument("--config", type=Path, help="config file (TOML)")
    discord = commands.add_parser("discord", help="Discord tools")
    discord_commands = discord.add_subparsers(dest="discord_command", required=True)
    sync = discord_commands.add_parser("sync", help="register the slash commands with Discord")
    sync.add_argument("--config", type=Path, help="config file (TOML)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `tammi` command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as error:
        print(f"tammi: bad configuration: {error}", file=sys.stderr)
        return 2
    try:
        if args.command == "console":
            return _console(args, config)
        if args.command == "run":
            logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
            secrets = [config.discord.token, config.telegram.token, config.telegram.secret_token]
            for handler in logging.getLogger().handlers:
                handler.addFilter(Redact(secret for secret in secrets if secret))
            return asyncio.run(_run(config))
        return asyncio.run(_discord_sync(config))
    except KeyboardInterrupt:
        return 130
    except TokenRejected as error:
        print(f"tammi: {error}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error, StorageError) as error:
        database = args.db if getattr(args, "db", None) else config.database
        print(f"tammi: cannot use the database {database}: {error}", file=sys.stderr)
        return 1


def _console(args: argparse.Namespace, config: Config) -> int:
    from bot.app import run_console

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.db is not None:
        config = msgspec.structs.replace(config, database=args.db)
    # One person at a terminal: threads draw the pictures fast enough, and start-up stays quick.
    config = msgspec.structs.replace(config, picture=msgspec.structs.replace(config.picture, workers=0))
    pictures: Path | None = None
    if not args.no_pictures:
        pictures = args.pictures or config.database.parent / "pictures"
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
    from bot.app import open_service, running, watch

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
    async with open_service(config) as service:
        adapters: list[Any] = []
        if config.discord.token:
            from bot.platforms.discord import DiscordAdapter

            adapters.append(DiscordAdapter(service, config.discord))
        if config.telegram.token:
            from bot.platforms.telegram import TelegramAdapter

            adapters.append(TelegramAdapter(service, config.telegram))
        async with running(adapters):
            log.info("Tammi is running (%s); database %s",
                     ", ".join(type(a).__name__ for a in adapters), config.database)
            ended = await watch(adapters, stop)
            if ended is not None:
                # Deaf but alive helps nobody: stop with an error, so a supervisor starts Tammi again.
                log.error("%s; stopping with exit status %d so that it can be restarted", ended, DEAF)
            log.info("stopping")
    return 0 if ended is None else DEAF


async def _discord_sync(config: Config) -> int:
    if not config.discord.token:
        print("tammi: set DISCORD_TOKEN (or [discord] token) to register the commands", file=sys.stderr)
        return 2
    try:
        from bot.platforms.discord import sync_commands
    except ImportError as error:
        print(f"tammi: the Discord adapter is not available: {error}", file=sys.stderr)
        return 2
    count = await sync_commands(config.discord)
    print(f"Registered {count} Discord commands.")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
