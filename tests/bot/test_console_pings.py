"""The console prints a private notice (a turn ping, the confirmation of `notify on`) with whom it is for."""

from __future__ import annotations

import io
from pathlib import Path

from bot.platforms import console
from tests.bot.tammi_talk import close_chat, open_chat


async def test_a_private_notice_is_printed_with_whom_it_is_for(tmp_path: Path) -> None:
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"))
    try:
        out = io.StringIO()
        status = await console.chat(chat.service, database=str(chat.path), lang="en", user="ann",
                                    pictures_dir=None, stdin=io.StringIO("notify on\n"), stdout=out)
    finally:
        await close_chat(chat)
    assert status == 0
    text = out.getvalue()
    answer = text.index("(to ann) Turn pings are on, ann: I will message you privately")
    confirmation = text.index("(to ann) Turn pings are on: I will message you here when it is your turn")
    assert answer < confirmation  # the notice sent while the line was answered prints after its answer
