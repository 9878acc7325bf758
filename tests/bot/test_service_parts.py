"""Texts, typed-input parsing, ratings, the console and the command line."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from bot.app import run_console
from bot.chat import grammar as parsing
from bot.cli import main
from bot.config import Config
from bot.domain import names, ratings
from bot.platforms.console import parse_line
from bot.presentation import catalogue as texts

# -- texts ---------------------------------------------------------------------------------------


def test_say_fills_in_and_tolerates_missing_values() -> None:
    assert texts.say("fi", "turn", side="punainen", name="Aino") == "Siirtovuorossa punainen (Aino)."
    assert texts.say("de", "turn", side="Red", name="Ann") == "Red (Ann) to move."
    assert texts.say("en", "turn") == "? (?) to move."


# -- parsing -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "bare", "expected"), [
    ("!tammi challenge @bob english", False, ("challenge", ("@bob", "english"))),
    ("!TAMMI accept", False, ("accept", ())),
    ("!tammi", False, ("help", ())),
    ("/rules@TammiBot kings", False, ("rules", ("kings",))),
    ("challenge bob", True, ("challenge", ("bob",))),
    ("haasta bob", True, ("challenge", ("bob",))),
    ("luovuta", True, ("resign", ())),
    ("challenge bob", False, None),
    ("hello there", True, None),
    ("/unknown", False, None),
])
def test_find_command(text: str, bare: bool, expected: tuple[str, tuple[str, ...]] | None) -> None:
    typed = parsing.find_command(text, bare=bare)
    assert (None if typed is None else (typed.command, typed.args)) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("9-13", ("9-13", False)),
    ("10x17x26", ("10x17x26", False)),
    ("10 x 26", ("10x26", False)),
    ("c3-d4", ("c3-d4", False)),
    ("B6xD4xF2", ("b6xd4xf2", False)),
    ("9 – 13", ("9-13", False)),
    ("32×23", ("32x23", False)),
    ("46x19x35 draw", ("46x19x35", True)),
    ("9-13 tasapeli", ("9-13", True)),
    ("9", None),
    ("I think 9-13", None),
    ("k3-d4", ("k3-d4", False)),  # shaped like a move: the board refuses the square
    ("2023-11-14 is a date", None),
])
def test_find_move(text: str, expected: tuple[str, bool] | None) -> None:
    move = parsing.find_move(text)
    assert (None if move is None else (move.text, move.offer_draw)) == expected


def test_clean_removes_control_characters() -> None:
    assert names.clean("a\x00b\u200bc\n d\x1b") == "abc d"
    assert names.clean_name("\x00@everyone`") == "everyone'"
    assert names.clean_name("   ") == "?"
    assert len(names.clean_name("n" * 500)) == names.MAX_NAME


def test_ratings_move_with_the_result() -> None:
    """The Glicko-2 rule (tests/bot/unit/test_glicko.py has the paper's example): a draw between equals
    keeps both at 1500 and makes them surer; a win lifts the winner as much as it drops the loser."""
    even = ratings.update(ratings.NEWCOMER, ratings.NEWCOMER, 0.5, 0.0)
    assert abs(even.rating - 1500) < 1e-9 and even.deviation < ratings.NEWCOMER.deviation
    won = ratings.update(ratings.NEWCOMER, ratings.NEWCOMER, 1.0, 0.0)
    lost = ratings.update(ratings.NEWCOMER, ratings.NEWCOMER, 0.0, 0.0)
    assert won.rating > 1500 > lost.rating and abs((won.rating - 1500) - (1500 - lost.rating)) < 1e-9


# -- console and command line -------------------------------------------------------------------


def test_console_lines() -> None:
    assert parse_line("bob>accept", "you").user == "bob"
    assert parse_line("  ann>  9-13 ", "you").text == "9-13"
    assert parse_line("no prompt here", "you").user == "you"
    assert parse_line("a > b", "you").text == "a > b"


async def test_console_plays_a_scripted_game(tmp_path: Path) -> None:
    script = "\n".join([
        "challenge bob white", "bob> accept", "bob> 11-15", "22-18", "bob> 15x22", "press dro:1",
        "25x18 draw", "bob> draw accept", "games", "quit", "this line is never read",
    ]) + "\n"
    out = io.StringIO()
    config = Config(database=tmp_path / "console.db")
    status = await run_console(config, user="ann", pictures_dir=tmp_path / "pics", stdin=io.StringIO(script),
                               stdout=out)
    text = out.getvalue()
    assert status == 0
    assert "Game #1 begins: ann (White) against bob (Red)" in text
    assert "bob played 15x22." in text
    assert "(to ann) You can offer a draw right after your own move" in text
    assert "Draw by agreement." in text
    assert "No games are running in this channel." in text
    pictures = sorted((tmp_path / "pics").glob("*.png"))
    assert pictures and f"[picture: {pictures[0]}]" in text
    assert "● Red, ○ White" in text  # the text board's key


async def test_console_in_finnish(tmp_path: Path) -> None:
    out = io.StringIO()
    config = Config(database=tmp_path / "fi.db")
    await run_console(config, lang="fi", user="aino", pictures_dir=None,
                      stdin=io.StringIO("haasta eero\neero> hyväksy\nsäännöt\n"), stdout=out)
    assert "haastaa sinut peliin" in out.getvalue() and "Peli #1 alkaa" in out.getvalue()


def test_cli_run_without_tokens(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                tmp_path: Path) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("TELEGRAM_TOKEN", raising=False)
    monkeypatch.setenv("TAMMI_DB", str(tmp_path / "run.db"))
    assert main(["run"]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err
    assert main(["discord", "sync"]) == 2


def test_cli_bad_config(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('language = "sv"\n', encoding="utf-8")
    assert main(["console", "--config", str(path)]) == 2
    assert "bad configuration: language:" in capsys.readouterr().err


def test_cli_console_from_a_pipe(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                 tmp_path: Path) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nann> challenge bob\n"))
    assert main(["console", "--db", str(tmp_path / "pipe.db"), "--no-pictures", "--user", "ann"]) == 0
    out = capsys.readouterr().out
    assert "How to play" in out or "Tammi plays draughts" in out
    assert "bob, ann challenges you" in out


def test_cli_database_that_cannot_be_opened(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("help\n"))
    assert main(["console", "--db", str(tmp_path), "--no-pictures"]) == 1  # a directory, not a file
    assert f"cannot use the database {tmp_path}" in capsys.readouterr().err


def test_cli_run_starts_and_stops_the_adapters(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import os
    import signal

    import bot.platforms.discord
    import bot.platforms.telegram

    calls: list[str] = []

    class FakeAdapter:
        def __init__(self, service: object, config: object) -> None:
            self.name = type(config).__name__
            calls.append(f"new {self.name}")

        async def start(self) -> None:
            calls.append(f"start {self.name}")
            if self.name == "TelegramConfig":
                os.kill(os.getpid(), signal.SIGTERM)  # as if the operator stopped the bot

        async def close(self) -> None:
            calls.append(f"close {self.name}")

        async def wait_closed(self) -> None:
            await asyncio.Event().wait()  # connected until closed

    monkeypatch.setattr(bot.platforms.discord, "DiscordAdapter", FakeAdapter)
    monkeypatch.setattr(bot.platforms.telegram, "TelegramAdapter", FakeAdapter)
    monkeypatch.setenv("DISCORD_TOKEN", "d")
    monkeypatch.setenv("TELEGRAM_TOKEN", "t")
    monkeypatch.setenv("TAMMI_DB", str(tmp_path / "run.db"))
    assert main(["run"]) == 0
    assert calls == ["new DiscordConfig", "new TelegramConfig", "start DiscordConfig", "start TelegramConfig",
                     "close TelegramConfig", "close DiscordConfig"]
    assert (tmp_path / "run.db").exists()
