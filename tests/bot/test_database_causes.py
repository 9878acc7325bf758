"""A database Tammi cannot use is named, with the cause, in one line (issue 21, item 25): a URL the
PostgreSQL client cannot read (a port that is no number, a malformed IPv6 address) is refused as a bad
setting, not with a traceback; a server that refuses the connection or a host nobody knows is named (its
password hidden); an SQLite file whose schema version is negative says so; and a config file that starts
with a UTF-8 byte-order mark is read like any other."""

from __future__ import annotations

import asyncio
import os
import socket
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_config, parse_database

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "Pw-SECRET-one"
TOKEN = "424242:SECRET-token-for-the-run"


async def tammi(*argv: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """`python -m bot.cli ...` as from a shell, with nothing on its input: exit status and output."""
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("DISCORD_TOKEN", "TELEGRAM_TOKEN", "TAMMI_DB", "TAMMI_DATABASE_URL")}
    environment.update(env or {})
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", *argv, cwd=ROOT, env=environment, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        out, _ = await asyncio.wait_for(process.communicate(), 120)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode is not None
    return process.returncode, out.decode()


def one_line(out: str) -> str:
    lines = out.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out and PASSWORD not in out, out
    return lines[0]


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


BAD_URLS = {
    "a port that is no number": (f"postgresql://postgres:{PASSWORD}@127.0.0.1:abc/tammi",
                                 "the port is not a number from 1 to 65535"),
    "a port out of range": ("postgresql://postgres@127.0.0.1:99999/tammi", "the port is not a number"),
    "a port in the query": ("postgresql://postgres@127.0.0.1/tammi?port=five", "the port is not a number"),
    "an IPv6 address without brackets": ("postgresql://postgres@::1/tammi", "written in brackets"),
    "an unclosed bracket": (f"postgresql://postgres:{PASSWORD}@[::1/tammi", "has an unclosed [ or ]"),
    "no IPv6 address in brackets": ("postgresql://postgres@[fe80::zz]:5432/tammi",
                                    "the host in brackets is not an IPv6 address"),
    "a query that is not key=value": ("postgresql://postgres@127.0.0.1/tammi?sslmode",
                                      "the part after ? must be key=value settings"),
}


@pytest.mark.parametrize("bad", BAD_URLS, ids=list(BAD_URLS))
def test_a_url_the_client_cannot_read_is_a_bad_setting(bad: str) -> None:
    url, why = BAD_URLS[bad]
    with pytest.raises(ConfigError, match=r"^database: ") as refused:
        parse_database(url)
    assert why in str(refused.value) and PASSWORD not in str(refused.value)


@pytest.mark.parametrize("bad", ["a port that is no number", "an unclosed bracket",
                                 "no IPv6 address in brackets"])
async def test_a_bad_url_is_one_line_in_every_command(bad: str, tmp_path: Path) -> None:
    url, why = BAD_URLS[bad]
    copy = ("db", "copy", url, str(tmp_path / "x.db"))
    for argv in (("db", "migrate", "--db", url), ("console", "--db", url), copy):
        status, out = await tammi(*argv)
        line = one_line(out)
        assert status == 2 and line.startswith("tammi: ") and why in line, out
    status, out = await tammi("run", env={"TAMMI_DATABASE_URL": url, "TELEGRAM_TOKEN": TOKEN})
    line = one_line(out)
    assert status == 2 and line.startswith("tammi: bad configuration: database: ") and why in line, out
    config = tmp_path / "tammi.toml"
    config.write_text(f'database = "{url}"\n', encoding="utf-8")
    status, out = await tammi("db", "migrate", "--config", str(config))
    assert status == 2 and why in one_line(out)


async def test_a_refused_connection_and_an_unknown_host_name_the_database(tmp_path: Path) -> None:
    port = closed_port()
    refused = f"postgresql://postgres:{PASSWORD}@127.0.0.1:{port}/tammi"
    unknown = f"postgresql://postgres:{PASSWORD}@no-such-host.invalid/tammi"
    for url, why in ((refused, "the server refused the connection"), (unknown, "the host name is not known")):
        shown = parse_database(url).shown
        named = f"tammi: cannot use the database {shown}: {why}"
        for argv in (("db", "migrate", "--db", url), ("console", "--db", url)):
            status, out = await tammi(*argv)
            assert status == 1 and one_line(out).startswith(named), out
        status, out = await tammi("run", "--db", url, env={"TELEGRAM_TOKEN": TOKEN})
        assert status == 1 and one_line(out).startswith(named), out
        assert TOKEN not in out
        status, out = await tammi("db", "copy", url, str(tmp_path / "copy.sqlite3"))
        assert status == 1 and one_line(out).startswith(f"tammi: cannot copy {shown} to "), out
        assert why in out


async def test_a_negative_schema_version_is_named_as_such(tmp_path: Path) -> None:
    database = tmp_path / "tammi.sqlite3"
    status, out = await tammi("db", "migrate", "--db", str(database))
    assert status == 0, out
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA user_version = -1")
    empty = tmp_path / "empty.sqlite3"
    with sqlite3.connect(empty) as db:
        db.execute("PRAGMA user_version = -1")
    why = "the file's schema version (PRAGMA user_version) is -1, which no Tammi database has"
    damaged = f"{why}: the file is damaged or not a Tammi database"
    for path in (database, empty):
        for argv in (("db", "migrate", "--db", str(path)), ("console", "--db", str(path))):
            status, out = await tammi(*argv)
            assert status == 1 and one_line(out) == f"tammi: cannot use the database {path}: {damaged}", out
        status, out = await tammi("run", "--db", str(path), env={"TELEGRAM_TOKEN": TOKEN})
        assert status == 1 and why in one_line(out), out
        status, out = await tammi("db", "copy", str(path), str(tmp_path / "copy.sqlite3"))
        assert status == 1 and one_line(out).startswith(f"tammi: cannot copy {path} to ") and why in out, out
        assert "already exists" not in out


async def test_a_config_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    config = tmp_path / "tammi.toml"
    config.write_text(f'\ufeffdatabase = "{tmp_path / "t.sqlite3"}"\nlanguage = "fi"\n', encoding="utf-8")
    assert config.read_bytes().startswith(b"\xef\xbb\xbf")
    assert load_config(config, env={}).language == "fi"
    status, out = await tammi("db", "migrate", "--config", str(config))
    assert status == 0 and f"The database {tmp_path / 't.sqlite3'} is at schema version" in out, out
    config.write_bytes('language = "fi"\n'.encode("utf-16"))  # not UTF-8 at all: said so
    with pytest.raises(ConfigError, match="is not UTF-8 text"):
        load_config(config, env={})
