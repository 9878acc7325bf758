"""`tammi run` names the real cause of a failure in one line (issue 11, item 28): the database, a
Discord or Telegram server out of reach, or a token the platform refuses; never a traceback, never the
token."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web

from tests.fakes.telegram_server import FakeTelegram

ROOT = Path(__file__).resolve().parents[2]
SECRET = "999999:SECRET-TOKEN-never-shown"


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _run(tmp_path: Path, config: str, database: Path | None = None) -> tuple[int, str]:
    """`tammi run` with this config; its exit status and everything it printed."""
    path = tmp_path / "tammi.toml"
    path.write_text(f'database = "{database or tmp_path / "tammi.sqlite3"}"\n' + config, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for name in ("DISCORD_TOKEN", "TELEGRAM_TOKEN"):
        env.pop(name, None)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", "run", "--config",
        str(path), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env, cwd=ROOT)
    try:
        out, _ = await asyncio.wait_for(process.communicate(), 120)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode is not None
    return process.returncode, out.decode()


def _last_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith("tammi: ")]
    assert lines, output
    return lines[-1]


@pytest.fixture
async def refusing_discord() -> AsyncIterator[str]:
    """A Discord API that answers every request 401 Unauthorized (a wrong token)."""
    async def unauthorized(request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", unauthorized)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield f"http://127.0.0.1:{port}/api/v10"
    finally:
        await runner.cleanup()


async def test_discord_out_of_reach_is_not_a_database_error(tmp_path: Path) -> None:
    status, out = await _run(tmp_path, f'[discord]\ntoken = "{SECRET}"\n'
                                       f'api_base_url = "http://127.0.0.1:{_closed_port()}/api/v10"\n')
    line = _last_line(out)
    assert status == 1 and line.startswith("tammi: cannot reach Discord"), out
    assert "database" not in line and "Traceback" not in out and SECRET not in out


async def test_a_token_discord_refuses(tmp_path: Path, refusing_discord: str) -> None:
    config = f'[discord]\ntoken = "{SECRET}"\napi_base_url = "{refusing_discord}"\n'
    status, out = await _run(tmp_path, config)
    assert status == 2 and _last_line(out).startswith("tammi: Discord refused the bot token (DISCORD_TOKEN "
                                                      "or [discord] token)"), out
    assert "Traceback" not in out and SECRET not in out


async def test_telegram_out_of_reach(tmp_path: Path) -> None:
    port = _closed_port()
    status, out = await _run(tmp_path, f'[telegram]\ntoken = "{SECRET}"\n'
                                       f'base_url = "http://127.0.0.1:{port}/bot"\n'
                                       f'base_file_url = "http://127.0.0.1:{port}/file/bot"\n')
    line = _last_line(out)
    assert status == 1 and line.startswith("tammi: cannot reach Telegram"), out
    assert "Traceback" not in out and SECRET not in out


async def test_a_token_telegram_refuses(tmp_path: Path) -> None:
    fake = FakeTelegram()  # it knows another token
    await fake.start()
    try:
        status, out = await _run(tmp_path, f'[telegram]\ntoken = "{SECRET}"\nbase_url = "{fake.base_url}"\n'
                                           f'base_file_url = "{fake.base_file_url}"\n')
    finally:
        await fake.close()
    assert status == 2 and _last_line(out).startswith("tammi: Telegram refused the bot token "
                                                      "(TELEGRAM_TOKEN or [telegram] token)"), out
    assert "Traceback" not in out and SECRET not in out


async def test_a_database_that_cannot_be_opened_is_named(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    database = tmp_path / "a-file" / "t.db"
    status, out = await _run(tmp_path, f'[telegram]\ntoken = "{SECRET}"\n', database)
    assert status == 1 and _last_line(out).startswith(f"tammi: cannot use the database {database}: "), out
    assert "Traceback" not in out and SECRET not in out
