"""What the console prints (issue 21, items 13, 16 and 19): the board and picture under a move are the
position its reply was made for, even when the bot has moved on meanwhile, and the bot's answer prints
after the reply to the move it answers; the words the console adds
itself (pictures, buttons) are in its language; markdown (code fences, `backticks`) prints as plain
text."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from bot.platforms import console
from bot.presentation import catalogue
from engine import Board, Move
from tests.bot.tammi_talk import close_chat, open_chat


def _first_legal(board: Board, **limits: Any) -> Move:
    """A bot that answers at once, while the reply to the move it answers is still being made."""
    return next(iter(board.legal_moves))


async def _run(tmp_path: Path, script: str, *, lang: str | None = None, **options: Any) -> str:
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"), pictures=True, **options)
    try:
        out = io.StringIO()
        status = await console.chat(chat.service, database=str(chat.path), lang=lang, user="ann",
                                    pictures_dir=tmp_path / "pictures", stdin=io.StringIO(script), stdout=out)
        assert status == 0
        text = out.getvalue()
        assert catalogue.say(lang or "en", "internal_error") not in text, text
        return text
    finally:
        await close_chat(chat)


def _block(text: str, start: str, end: str) -> str:
    """The printed reply that begins with the line `start`, up to the line that begins with `end`."""
    found = re.search(rf"^{re.escape(start)}.*?(?=^{re.escape(end)})", text, re.S | re.M)
    assert found, text
    return found.group(0)


async def test_the_board_under_a_move_is_the_position_its_reply_was_made_for(tmp_path: Path) -> None:
    text = await _run(tmp_path, "play 1 black\n11-15\n", choose_move=_first_legal)
    mine = _block(text, "ann played 11-15.", "Tammi played")
    assert "White to move; last move 11-15" in mine, mine
    assert re.search(r"game1-ply1-board\.png\]", mine), mine
    bots = text[text.index("Tammi played"):]
    assert "Red to move; last move" in bots and re.search(r"game1-ply2-board\.png\]", bots), bots
    assert sorted(path.name for path in (tmp_path / "pictures").iterdir()) == [
        "game1-ply0-board.png", "game1-ply1-board.png", "game1-ply2-board.png"]


@pytest.mark.parametrize("lang", ["fi", "en"])
async def test_no_english_brackets_in_finnish_and_no_markdown(tmp_path: Path, lang: str) -> None:
    text = await _run(tmp_path, "challenge bob white\nbob> accept\nbob> 11-15\npdn\nhelp\nhint\n", lang=lang)
    if lang == "fi":
        assert "[kuva: " in text and "[painikkeet: " in text and "Siirrä = paina mov:1" in text, text
        assert "(vain pelaajalle " in text, text  # a reply only its player sees
        for english in ("[picture:", "[buttons:", "= press ", "(to "):
            assert english not in text, text
    else:
        assert "[picture: " in text and "Move = press mov:1" in text and "(to " in text, text
    assert "`" not in text, text  # no code fences, no backticks
    assert re.search(r"^\[Event \"Tammi game 1\"\]$", text, re.M) and re.search(r"^1\. 11-15 \*$", text, re.M)
