"""The console under a real terminal's troubles (issue 11, items 21, 22, 28): one Ctrl-C stops it at
once (at the prompt, or while the bot thinks) with no traceback and the game intact; pictures get names
no later run reuses; a folder that takes no picture costs only the picture; and `tammi` names each
failure's real cause."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app import open_repository
from bot.config import Config, PictureConfig
from bot.platforms import console
from tests.bot.tammi_talk import close_chat, open_chat
from tests.fakes.tammi_process import read_until

ROOT = Path(__file__).resolve().parents[2]


def _tammi(*args: str, config: str | None = None, tmp_path: Path | None = None) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for name in ("DISCORD_TOKEN", "TELEGRAM_TOKEN", "TAMMI_CONFIG"):
        env.pop(name, None)
    command = [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", *args]
    if config is not None and tmp_path is not None:
        path = tmp_path / "tammi.toml"
        path.write_text(config, encoding="utf-8")
        command += ["--config", str(path)]
    # A session of its own: Ctrl-C goes to the whole process group, as a terminal sends it.
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=ROOT, start_new_session=True)


def _interrupt(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=30)  # the input stays open: nobody presses Enter
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    return process.returncode, out, err


async def _moves(db: Path, user: str) -> tuple[str, ...]:
    storage = await open_repository(db)
    try:
        game = await storage.active_game_for("console", "console", user)
        assert game is not None
        return game.moves
    finally:
        await storage.close()


async def test_one_ctrl_c_at_the_prompt_stops_cleanly(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    process = _tammi("console", "--db", str(db), "--no-pictures", "--user", "ann")
    assert process.stdin is not None
    process.stdin.write("challenge bob white\nbob> accept\nbob> 11-15\n")
    process.stdin.flush()
    read_until(process, "bob played 11-15", timeout=90.0)
    status, out, err = _interrupt(process)
    assert status == 130 and "Stopped. Your games are saved." in out
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert await _moves(db, "ann") == ("11-15",)


async def test_one_ctrl_c_while_the_bot_thinks_stops_cleanly(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    # The bot would think for a minute: the console must not wait for it.
    config = '[opponent]\ntime_limit = "60s"\nworkers = 1\n'
    process = _tammi("console", "--db", str(db), "--no-pictures", "--user", "ann", config=config,
                     tmp_path=tmp_path)
    assert process.stdin is not None
    process.stdin.write("play 5 black\n11-15\n")
    process.stdin.flush()
    read_until(process, "is thinking", timeout=90.0)
    status, out, err = _interrupt(process)
    assert status == 130 and "Stopped. Your games are saved." in out
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert await _moves(db, "ann") == ("11-15",)


async def test_picture_names_are_not_reused_after_a_restart(tmp_path: Path) -> None:
    pictures = tmp_path / "pictures"
    names: list[set[str]] = []
    for _ in range(2):
        chat = await open_chat(str(tmp_path / "tammi.sqlite3"), pictures=True)
        try:
            out = io.StringIO()
            script = "challenge bob white\nbob> accept\n" if not names else "bob> 11-15\n"
            await console.chat(chat.service, database=str(chat.path), user="ann", pictures_dir=pictures,
                               stdin=io.StringIO(script), stdout=out)
        finally:
            await close_chat(chat)
        names.append({path.name for path in pictures.iterdir()})
    first, second = names
    assert first and first < second  # the second run added files and replaced none
    assert all(name.startswith("game1-ply") for name in second)


async def test_a_folder_that_takes_no_picture_costs_only_the_picture(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"), pictures=True)
    try:
        out = io.StringIO()
        status = await console.chat(chat.service, database=str(chat.path), user="ann",
                                    pictures_dir=blocked / "pictures",
                                    stdin=io.StringIO("challenge bob white\nbob> accept\nbob> 11-15\n"),
                                    stdout=out)
        assert status == 0
        assert "[picture not saved:" in out.getvalue() and "bob played 11-15" in out.getvalue()
    finally:
        await close_chat(chat)


async def test_a_full_disk_keeps_the_console_going(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(folder: Path, stem: str, filename: str, data: bytes) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(console, "_write_new", full)
    path = str(tmp_path / "tammi.sqlite3")
    chat = await open_chat(path, pictures=True,
                           config=Config(database=path, picture=PictureConfig(size=96, workers=0)))
    try:
        out = io.StringIO()
        await console.chat(chat.service, database=str(chat.path), user="ann", pictures_dir=tmp_path / "p",
                           stdin=io.StringIO("challenge bob white\nbob> accept\nbob> 11-15\nboard\n"),
                           stdout=out)
        text = out.getvalue()
        assert "[picture not saved: No space left on device]" in text and "bob played 11-15" in text
        assert await chat.storage.get_game(1) is not None
    finally:
        await close_chat(chat)
