"""The README shows what the bot really does: its refusal example and its board picture with caption."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from bot.config import PictureConfig
from tests.bot.tammi_talk import close_chat, open_chat, start_game

README = Path(__file__).resolve().parents[1] / "README.md"


def _block_after(marker: str) -> list[str]:
    """The lines of the fenced block that follows `marker` in the README."""
    text = README.read_text(encoding="utf-8")
    found = re.search(re.escape(marker) + r"\s*```\n(.*?)```", text, re.S)
    assert found, marker
    return found.group(1).rstrip("\n").split("\n")


def _caption() -> str:
    text = README.read_text(encoding="utf-8")
    found = re.search(r"<!-- caption: checked by tests/test_readme.py -->`([^`]*)`", text)
    assert found
    return found.group(1)


async def test_the_refusal_example_is_what_the_bot_says(tmp_path: Path) -> None:
    typed, *expected = _block_after("<!-- refusal example: checked by tests/test_readme.py -->")
    user, move = typed.split("> ", 1)
    chat = await open_chat(str(tmp_path / "t.db"))
    try:
        await start_game(chat, "bob", user, "english", "white")  # the README's player moves first: Red
        replies = await chat.say(user, move)
        assert [reply.kind for reply in replies] == ["error"]
        assert replies[0].text.split("\n") == expected
    finally:
        await close_chat(chat)


async def test_the_caption_under_the_picture_is_the_bots(tmp_path: Path) -> None:
    chat = await open_chat(str(tmp_path / "t.db"))
    try:
        await start_game(chat, "ann", "bob", "english", "white")
        for user, move in (("bob", "11-15"), ("ann", "22-18")):
            await chat.say(user, move)
        replies = await chat.say("bob", "15x22")
        assert replies[0].text.replace("\n", " ") == _caption()
    finally:
        await close_chat(chat)


def test_the_picture_has_the_size_the_bot_sends() -> None:
    size = PictureConfig().size
    with Image.open(README.parent / "docs" / "board.png") as image:
        assert image.size == (size, size)
