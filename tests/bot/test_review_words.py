"""What `review` says when there is nothing to review, and `help review` (issue 21, item 19): the
refusal was the one `board`, `pdn` and `gif` share, so it suggested `pdn 3`; `help review` had no usage
line."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat


@pytest.fixture
async def chat(databases: Databases) -> AsyncIterator[Chat]:
    chat = await open_chat(await databases.new("sqlite"))
    yield chat
    await close_chat(chat)


@pytest.mark.parametrize(("locale", "said", "games", "example"), [
    ("en", "!tammi review", "`games`", "`review 3`"),
    ("fi", "!tammi analyysi", "`pelit`", "`analyysi 3`"),
])
async def test_review_without_a_game_suggests_review_and_games(chat: Chat, locale: str, said: str, games: str,
                                                               example: str) -> None:
    [refused] = await chat.say("ann", said, locale=locale)
    assert refused.private and refused.kind == "error"
    assert example in refused.text and games in refused.text
    assert "pdn" not in refused.text


async def test_pdn_without_a_game_still_suggests_pdn(chat: Chat) -> None:
    [refused] = await chat.say("ann", "!tammi pdn")
    assert "`pdn 3`" in refused.text


@pytest.mark.parametrize(("locale", "said", "usage"), [
    ("en", "!tammi help review", "Usage: `review [#number]`"),
    ("fi", "!tammi ohje analyysi", "Käyttö: `analyysi [#numero]`"),
])
async def test_help_review_has_a_usage_line(chat: Chat, locale: str, said: str, usage: str) -> None:
    [reply] = await chat.say("ann", said, locale=locale)
    lines = reply.text.splitlines()
    assert usage in lines
    assert len(lines) == 3  # the command, its usage, its options
