"""No database password and no token is ever shown (issue 21, item 21): every credential form of a
PostgreSQL URL (the user part's password, even with an unencoded @; libpq's password/passfile/sslpassword
parameters; any case of the scheme, postgres:// too) is hidden wherever Tammi names its database
(`tammi console`, `db migrate`, `db copy`, the start of `tammi run`, its failures), and a configuration
error never echoes a token, whatever its type or wherever it sits."""

from __future__ import annotations

import asyncio
import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bot.config import ConfigError, load_config, parse_database
from tests.bot.databases import Databases
from tests.bot.tammi_talk import close_chat, open_chat, start_game
from tests.fakes.telegram_server import FakeTelegram

ROOT = Path(__file__).resolve().parents[2]
PASSWORD, SECOND, TOKEN = "Pw-SECRET-one", "Pw-SECRET-two", "424242:SECRET-token-never-shown-anywhere"


async def tammi(*argv: str, stdin: str = "", env: dict[str, str] | None = None) -> tuple[int, str]:
    """`python -m bot.cli ...` as from a shell: its exit status and everything it printed."""
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("DISCORD_TOKEN", "TELEGRAM_TOKEN", "TAMMI_DB", "TAMMI_DATABASE_URL")}
    environment.update(env or {})
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", *argv, cwd=ROOT, env=environment, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        out, _ = await asyncio.wait_for(process.communicate(stdin.encode()), 120)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode is not None
    return process.returncode, out.decode()


def _on_a_terminal(argv: tuple[str, ...], environment: dict[str, str]) -> tuple[int, str]:
    main, child = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "bot.cli", *argv], cwd=ROOT, env=environment,
                               stdin=child, stdout=child, stderr=child)
    os.close(child)
    chunks: list[bytes] = []
    asked = False
    try:
        while True:
            ready, _, _ = select.select([main], [], [], 60)
            if not ready:
                break
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the terminal closed: the process is gone
                break
            if not chunk:
                break
            chunks.append(chunk)
            if not asked and b"> " in b"".join(chunks):
                os.write(main, b"quit\n")
                asked = True
    finally:
        os.close(main)
        if process.poll() is None:
            process.kill()
        status = process.wait(60)
    return status, b"".join(chunks).decode(errors="replace")


async def console(*argv: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """`tammi console ...` on a terminal (so it prints its banner, which names the database); `quit` at
    the first prompt."""
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("DISCORD_TOKEN", "TELEGRAM_TOKEN", "TAMMI_DB", "TAMMI_DATABASE_URL")}
    environment.update(env or {})
    with tempfile.TemporaryDirectory() as data:  # the console's history file goes there, not in the home
        environment.setdefault("XDG_DATA_HOME", data)
        return await asyncio.to_thread(_on_a_terminal, ("console", "--no-pictures", *argv), environment)


def forms(url: str) -> list[str]:
    """`url` (postgresql://postgres@host:port/db?search_path=...) with its credentials written every way."""
    rest = url.split("://", 1)[1].replace("postgres@", f"postgres:{PASSWORD}@", 1)
    return [
        f"postgresql://{rest}",
        f"POSTGRESQL://{rest}&password={SECOND}",
        f"postgres://{rest}",
        f"PostgreSQL://{rest.replace(f':{PASSWORD}', '', 1)}&password={PASSWORD}&sslpassword={SECOND}",
    ]


def assert_hidden(output: str) -> None:
    for secret in (PASSWORD, SECOND, "SECRET"):
        assert secret not in output, output


@pytest.mark.parametrize("url", [
    f"postgresql://me:{PASSWORD}@db:5432/tammi",
    f"POSTGRESQL://me:{PASSWORD}@db/tammi",
    f"Postgres://me:{PASSWORD}@db/tammi",
    f"postgresql://me@db/tammi?password={PASSWORD}",
    f"postgresql://me@db/tammi?sslmode=require&PASSWORD={PASSWORD}",
    f"postgresql://me@db/tammi?passfile=/home/me/{PASSWORD}&sslpassword={PASSWORD}",
    f"postgresql://me:{PASSWORD.replace('-', '%2D')}@db/tammi",
    f"postgresql://me@db/tammi?password={PASSWORD.replace('-', '%2D')}",
])
def test_every_credential_form_of_a_url_is_hidden(url: str) -> None:
    database = parse_database(url)
    assert database.url == url
    assert_hidden(database.shown)
    assert "db" in database.shown and "tammi" in database.shown and "***" in database.shown
    assert PASSWORD in {secret.replace("%2D", "-") for secret in database.secrets}


@pytest.mark.parametrize("url", [
    f"postgresql://me:pa@{PASSWORD}@db/tammi",  # an unencoded @ in the password
    f"postgresql://me:{PASSWORD}/x@db/tammi",  # a / in it: the rest would be read as the port
    f"POSTGRESQL://me:{PASSWORD}@db:port/tammi",
    f"mysql://me:{PASSWORD}@db/tammi",
    f"host=db user=me password={PASSWORD}",  # libpq's key=value form is not a file name
])
def test_a_url_that_cannot_be_used_is_refused_without_its_password(url: str, tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as refused:
        parse_database(url)
    assert_hidden(str(refused.value))
    with pytest.raises(ConfigError) as refused:
        load_config(None, env={"TAMMI_DATABASE_URL": url})
    assert_hidden(str(refused.value))


async def test_db_migrate_and_console_never_show_the_password(databases: Databases) -> None:
    for url in forms(await databases.new("postgres")):
        status, out = await tammi("db", "migrate", "--db", url)
        assert status == 0 and "is at schema version" in out and "***" in out, out
        assert_hidden(out)
        status, out = await console("--db", url, "--user", "ann")
        assert status == 0 and "Database: " in out and "***" in out, out
        assert_hidden(out)
    status, out = await console(env={"TAMMI_DATABASE_URL": url})
    assert status == 0 and "Database: " in out
    assert_hidden(out)


async def test_db_copy_never_shows_the_password(databases: Databases, tmp_path: Path) -> None:
    source = await databases.new("sqlite")
    chat = await open_chat(source)
    await start_game(chat, "ann", "bob")
    await close_chat(chat)
    url = forms(await databases.new("postgres"))[1]
    status, out = await tammi("db", "copy", source, url)
    assert status == 0 and out.startswith(f"Copied {source} to POSTGRESQL://postgres:***@"), out
    assert "1 games" in out
    assert_hidden(out)
    status, out = await tammi("db", "copy", url, str(tmp_path / "back.sqlite3"))
    assert status == 0 and "Copied POSTGRESQL://postgres:***@" in out and "1 games" in out, out
    assert_hidden(out)
    status, out = await tammi("db", "copy", source, url)  # not empty any more
    assert status == 1 and "the target is not empty" in out, out
    assert_hidden(out)


async def test_tammi_run_names_its_database_without_the_password(databases: Databases,
                                                                tmp_path: Path) -> None:
    fake = FakeTelegram()
    await fake.start()
    url = forms(await databases.new("postgres"))[1]
    config = tmp_path / "tammi.toml"
    config.write_text(f'database = "{url}"\n[picture]\nworkers = 0\n[opponent]\nworkers = 0\n[review]\n'
                      f'workers = 0\n[telegram]\ntoken = "{fake.token}"\nbase_url = "{fake.base_url}"\n'
                      f'base_file_url = "{fake.base_file_url}"\n', encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "TELEGRAM_TOKEN")}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "run", "--config", str(config), cwd=ROOT, env=environment,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        await fake.wait_for("getUpdates", timeout=60, answered=False)
        process.send_signal(signal.SIGTERM)
        out, _ = await asyncio.wait_for(process.communicate(), 60)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        await fake.close()
    text = out.decode()
    assert process.returncode == 0, text
    assert "Tammi is running (TelegramAdapter); database POSTGRESQL://postgres:***@" in text, text
    assert_hidden(text)


async def test_a_database_that_cannot_be_reached_is_named_without_its_password(tmp_path: Path) -> None:
    url = f"POSTGRESQL://postgres:{PASSWORD}@127.0.0.1:1/tammi?password={SECOND}"
    for argv in (("db", "migrate", "--db", url), ("console", "--db", url, "--no-pictures"),
                 ("db", "copy", url, str(tmp_path / "copy.sqlite3"))):
        status, out = await tammi(*argv, stdin="quit\n")
        assert status == 1 and "POSTGRESQL://postgres:***@127.0.0.1:1/tammi?password=***" in out, out
        assert "Traceback" not in out and len(out.strip().splitlines()) == 1, out
        assert_hidden(out)


@pytest.mark.parametrize("section", [
    "[telegram]\ntoken = 424242\n",
    f'[telegram]\ntoken = {{ value = "{TOKEN}" }}\n',
    f'[discord]\ntoken = ["{TOKEN}"]\n',
    "[telegram]\nsecret_token = 98765432\n",
    f'[telegram]\ntoken = "{TOKEN}"\nwebhook_url = "ftp://example.org/{TOKEN}"\n',
    f'[telegram]\nwebhook_url = "example.org/{TOKEN}"\n',  # a token not given as the token
    '[telegram]\nwebhook_url = "tg.example.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"\n',
    f'[telegram]\nbase_url = "htp://me:{PASSWORD}@proxy.example/bot"\n',
    f'database = {{ url = "postgresql://me@db/x", password = "{PASSWORD}" }}\n',
    f'database = "postgresql://me:{PASSWORD}@db:port/x"\n',
])
async def test_a_configuration_error_never_echoes_a_secret(section: str, tmp_path: Path) -> None:
    config = tmp_path / "tammi.toml"
    config.write_text(section, encoding="utf-8")
    status, out = await tammi("run", "--config", str(config), env={"TELEGRAM_TOKEN": "98765432:from-env"}
                              if "secret_token" in section else None)
    assert status == 2 and out.startswith("tammi: bad configuration: "), out
    assert len(out.strip().splitlines()) == 1, out
    for secret in ("424242", "98765432", TOKEN, "SECRET", "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw", "from-env"):
        assert secret not in out, out
