"""A channel's messages keep the order of the events that caused them, whatever Discord's retries
(issue 21 item 8): the real discord.py client against the fake Discord, which answers some requests
with a rate limit it did not announce (a 429 while its headers said requests were left)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.chat.events import Event, Notice, Reply
from bot.config import DiscordConfig
from bot.platforms.discord import DiscordAdapter
from tests.fakes.discord_server import ALICE, BOB, CHANNEL_ID, FakeDiscord, Sent
from tests.fakes.stub_service import StubService

BOUND = 0.1
"""The adapter's bound on waiting for an earlier event's service work, shortened: every wait for
Discord below is longer than it."""


@pytest.fixture
def service() -> StubService:
    return StubService()


@pytest.fixture
async def adapter(fake: FakeDiscord, settings: DiscordConfig,
                  service: StubService) -> AsyncIterator[DiscordAdapter]:
    bot = DiscordAdapter(service, settings, guild_ready_timeout=0.05)
    bot.order.limit = BOUND
    await bot.start()
    try:
        await bot.wait_until_ready()
        yield bot
    finally:
        await bot.close()
    assert fake.unknown == []


def texts(messages: list[Sent]) -> list[str]:
    return [m.text for m in messages]


async def earlier_message(fake: FakeDiscord) -> None:
    """Alice says hello and the bot answers: discord.py now knows the channel's rate limit (5 a second,
    4 left), so it sends the next messages without waiting for each other."""
    await fake.type_message(ALICE, "hello")
    await fake.wait_in_channel(CHANNEL_ID, 1)


def bot_moves_after(service: StubService, pending: set[asyncio.Task[None]]) -> None:
    """Make the stub answer a move and, like the built-in opponent, send its own move as a notice."""
    def respond(event: Event) -> list[Reply]:
        notice = Notice("discord", str(CHANNEL_ID), Reply(text="Tammi played 11-15"))
        task = asyncio.get_running_loop().create_task(service.notify(notice))
        pending.add(task)
        task.add_done_callback(pending.discard)
        return [Reply(text=f"{event.user.name} played {event.text or event.args[-1]}")]
    service.respond = respond


async def test_the_bots_move_waits_for_a_board_discord_makes_wait(fake: FakeDiscord, adapter: DiscordAdapter,
                                                                  service: StubService) -> None:
    pending: set[asyncio.Task[None]] = set()
    await earlier_message(fake)
    bot_moves_after(service, pending)
    fake.fault("message", 429, retry_after=BOUND * 5)
    await fake.type_message(ALICE, "22-17")
    shown = await fake.until(lambda: v if len(v := fake.channel_view(CHANNEL_ID)) >= 3 else None)
    assert ("message", 429) in fake.faulted
    assert texts(shown) == ["got hello", "alice played 22-17", "Tammi played 11-15"]


async def test_two_players_boards_keep_their_order(fake: FakeDiscord, adapter: DiscordAdapter,
                                                   service: StubService) -> None:
    await earlier_message(fake)
    service.respond = lambda event: [Reply(text=f"{event.user.name} played {event.text}")]
    fake.fault("message", 429, retry_after=BOUND * 10)
    await fake.type_message(ALICE, "22-17")
    await fake.until(lambda: fake.faulted or None)  # Alice's board waits for Discord
    await fake.type_message(BOB, "9-13")
    shown = await fake.until(lambda: v if len(v := fake.channel_view(CHANNEL_ID)) >= 3 else None)
    assert texts(shown) == ["got hello", "alice played 22-17", "bob played 9-13"]


async def test_the_bots_move_waits_for_an_answer_discord_makes_wait(
        fake: FakeDiscord, adapter: DiscordAdapter, service: StubService) -> None:
    pending: set[asyncio.Task[None]] = set()
    bot_moves_after(service, pending)
    fake.fault("callback", 429, retry_after=BOUND * 5)
    interaction = await fake.slash(ALICE, "move", move="22-17")
    shown = await fake.until(lambda: v if len(v := fake.channel_view(CHANNEL_ID)) >= 2 else None)
    assert texts(shown) == ["alice played 22-17", "Tammi played 11-15"]
    assert shown[0].interaction_id == interaction


async def test_an_answer_waiting_for_an_earlier_board_is_acknowledged_and_comes_after_it(
        fake: FakeDiscord, adapter: DiscordAdapter, service: StubService) -> None:
    adapter.defer_after = BOUND
    await earlier_message(fake)
    service.respond = lambda event: [Reply(text=f"{event.user.name}: {event.text or event.command}")]
    fake.fault("message", 429, retry_after=BOUND * 15)
    await fake.type_message(ALICE, "22-17")
    await fake.until(lambda: fake.faulted or None)
    interaction = await fake.slash(BOB, "board")
    # Bob's answer is ready at once, but Alice's board comes first: his interaction is acknowledged
    # within Discord's time while it waits.
    callback = await fake.until(lambda: fake.callback(interaction))
    assert callback.type == 5 and len(fake.in_channel(CHANNEL_ID)) == 1
    shown = await fake.until(lambda: v if len(v := fake.channel_view(CHANNEL_ID)) >= 3
                             and all(m.via != "thinking" for m in v) else None)
    assert texts(shown) == ["got hello", "alice: 22-17", "bob: board"]
    assert shown[2].interaction_id == interaction


async def test_a_slow_answer_holds_later_ones_only_for_a_while(fake: FakeDiscord, adapter: DiscordAdapter,
                                                               service: StubService) -> None:
    # The bound still applies to an earlier event's service work (a slow answer does not hold the
    # channel), only not to Discord's retries.
    def respond(event: Event) -> list[Reply]:
        return [Reply(text=f"{event.user.name}: {event.text}")]
    service.respond = respond
    service.delay = BOUND * 6
    await fake.type_message(ALICE, "gif")
    while not service.events:
        await asyncio.sleep(0.01)
    service.delay = 0
    await service.notify(Notice("discord", str(CHANNEL_ID), Reply(text="A reminder")))
    shown = await fake.until(lambda: v if len(v := fake.channel_view(CHANNEL_ID)) >= 2 else None)
    assert texts(shown) == ["A reminder", "alice: gif"]
