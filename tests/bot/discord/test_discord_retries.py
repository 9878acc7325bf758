"""What Discord took is not posted twice, and what it never took is not lost silently (issue 21 item 9):
the real discord.py client against the fake Discord, which accepts a request and then answers 500 (so
discord.py tries again), or refuses messages for good."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.chat.events import Attachment, Button, Reply
from bot.config import DiscordConfig
from bot.platforms.discord import DiscordAdapter
from tests.fakes.discord_server import ALICE, BOB, CHANNEL_ID, FakeDiscord, Sent
from tests.fakes.stub_service import StubService

PNG = b"\x89PNG\r\n\x1a\nnot really a picture"


@pytest.fixture
def service() -> StubService:
    return StubService()


@pytest.fixture
async def adapter(fake: FakeDiscord, settings: DiscordConfig,
                  service: StubService) -> AsyncIterator[DiscordAdapter]:
    bot = DiscordAdapter(service, settings, guild_ready_timeout=0.05)
    await bot.start()
    try:
        await bot.wait_until_ready()
        yield bot
    finally:
        await bot.close()
    assert fake.unknown == []


def board() -> Reply:
    return Reply(text="alice vs bob. bob to move.", title="Game 7: alice vs bob",
                 attachment=Attachment(PNG, "board.png"), kind="board", game_id=7,
                 buttons=(Button("res:7", "Resign", "danger"),))


async def everything_shown(fake: FakeDiscord, marker: str = "marker") -> list[Sent]:
    """The channel once the bot has answered a later message `marker` (which comes after all earlier
    replies)."""
    await fake.type_message(BOB, marker)
    return await fake.until(
        lambda: v if (v := fake.channel_view(CHANNEL_ID)) and v[-1].text == f"got {marker}" else None)


async def test_a_response_discord_took_but_answered_500_is_not_posted_again(
        fake: FakeDiscord, adapter: DiscordAdapter, service: StubService) -> None:
    fake.fault("callback", 500, accepted=True)
    replies = [board(), Reply(text="Draw offered.")]
    service.respond = lambda event: replies if event.command else [Reply(text=f"got {event.text}")]
    interaction = await fake.slash(ALICE, "move", move="11-15")
    await fake.until(lambda: any(s.text == "Draw offered." for s in fake.channel_view(CHANNEL_ID)))
    shown = await everything_shown(fake)
    assert ("callback", 500) in fake.faulted
    assert [(s.via, s.text) for s in shown] == [
        ("callback", "Game 7: alice vs bob\nalice vs bob. bob to move."), ("followup", "Draw offered."),
        ("channel", "got marker")]
    assert all(s.interaction_id == interaction for s in shown[:2])


async def test_a_deferral_discord_took_but_answered_500_still_gets_its_answer(
        fake: FakeDiscord, adapter: DiscordAdapter, service: StubService) -> None:
    adapter.defer_after = 0.05
    service.delay = 0.2
    service.respond = lambda event: [board()] if event.command else [Reply(text=f"got {event.text}")]
    fake.fault("callback", 500, accepted=True)  # the "thinking..." deferral
    interaction = await fake.slash(ALICE, "board")
    [answer] = await fake.wait_answers(interaction)
    service.delay = 0
    shown = await everything_shown(fake)
    assert answer.via == "edit" and answer.files == [("board.png", PNG)]
    assert [s.via for s in shown] == ["edit", "channel"]


async def test_a_board_discord_refuses_is_replaced_by_a_short_notice(
        fake: FakeDiscord, adapter: DiscordAdapter, service: StubService) -> None:
    service.respond = lambda event: [board()] if event.text == "22-17" else [Reply(text=f"got {event.text}")]
    fake.fault("message", 503)
    await fake.type_message(ALICE, "22-17")
    shown = await everything_shown(fake)
    assert [s.text for s in shown] == [
        "The board of game #7 did not reach Discord. Use `/tammi board` to see it.", "got marker"]
    # In the channel's language; a reply of another kind is named so.
    service.languages[str(CHANNEL_ID)] = "fi"
    service.respond = lambda event: [Reply(text="Challenge sent.")] if event.text == "challenge" else \
        [Reply(text=f"got {event.text}")]
    fake.fault("message", 503)
    await fake.type_message(ALICE, "challenge")
    shown = await everything_shown(fake, "second marker")
    assert [s.text for s in shown[2:]] == ["Tammin vastaus ei mennyt perille Discordiin. Kysy uudelleen.",
                                           "got second marker"]


async def test_an_answer_that_fails_everywhere_is_replaced_by_a_short_notice(
        fake: FakeDiscord, adapter: DiscordAdapter, service: StubService) -> None:
    service.respond = lambda event: [board()] if event.command else [Reply(text=f"got {event.text}")]
    fake.fault("callback", 400, code=50035)  # refused: its replies go to the channel...
    fake.fault("message", 503)  # ... which refuses them too
    await fake.slash(ALICE, "move", move="11-15", locale="fi")
    shown = await everything_shown(fake)
    assert [s.text for s in shown] == [
        "Pelin #7 lauta ei mennyt perille Discordiin. Näet sen komennolla `/tammi lauta`.", "got marker"]
