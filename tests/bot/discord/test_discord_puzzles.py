"""End to end on the fake Discord: puzzles through discord.py, the real service and storage (SQLite and
PostgreSQL). `/puzzle` is a top-level command of its own (/tammi has its 25 subcommands), with its
variant and action options in English and Finnish; `/puzzle` posts the position with its task, typed
moves and `/puzzle move:` are judged for each sender (right, wrong with the refutation, partial), the
first solver named,
`/puzzle action:fen`, `/puzzle action:give-up`, a restart in the middle, `!tammi stats` and
`!tammi leaderboard puzzles`."""

from __future__ import annotations

from typing import Any

import discord

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, DiscordConfig, OpponentConfig, PictureConfig
from bot.domain.puzzles import position
from bot.platforms.discord import DiscordAdapter
from bot.platforms.discord.tree import command_tree, definitions
from bot.storage import Repository
from engine import puzzle_set
from tests.bot.tammi_talk import Clock
from tests.fakes.discord_server import ALICE, BOB, CHANNEL_ID, FakeDiscord, Sent, User

JSON = dict[str, Any]


class Bot:
    def __init__(self, storage: Repository, service: GameService, adapter: DiscordAdapter) -> None:
        self.storage, self.service, self.adapter = storage, service, adapter

    async def close(self) -> None:
        await self.adapter.close()
        await self.service.close()
        await self.storage.close()


async def start(database: str, settings: DiscordConfig) -> Bot:
    config = Config(database=database, opponent=OpponentConfig(time_limit=0.2),
                    picture=PictureConfig(size=160))
    storage = await open_repository(database)
    service = GameService(storage, config, clock=Clock())
    await service.start()
    adapter = DiscordAdapter(service, settings, guild_ready_timeout=0.05)
    await adapter.start()
    await adapter.wait_until_ready()
    return Bot(storage, service, adapter)


async def puzzle_command(fake: FakeDiscord, user: User, **options: str) -> Sent:
    """`user` runs `/puzzle option:value...`; the answer."""
    data: JSON = {"id": "2", "name": "puzzle", "type": 1,
                  "options": [{"type": 3, "name": name, "value": value} for name, value in options.items()]}
    interaction = await fake._interact(user, 2, data, CHANNEL_ID, "en-US")
    [answer] = await fake.wait_answers(interaction)
    return answer


async def typed(fake: FakeDiscord, user: User, text: str) -> Sent:
    """`user` types `text` in the channel; the bot's message in answer."""
    count = len(fake.in_channel(CHANNEL_ID))
    await fake.type_message(user, text)
    return (await fake.wait_in_channel(CHANNEL_ID, count + 1))[-1]


def wrong_move(step: int) -> str:
    puzzle = puzzle_set.builtin("english")[0]
    board = position(puzzle, step)
    expected = board.parse_move(puzzle.solution[2 * step])
    return str(next(move for move in board.legal_moves if move != expected))


async def test_puzzle_is_a_command_of_its_own_in_both_languages() -> None:
    found = await definitions(command_tree(discord.Client(intents=discord.Intents.none())))
    [puzzle] = [command for command in found if command["name"] == "puzzle"]
    assert puzzle["name_localizations"] == {"fi": "tehtävä"}
    assert puzzle["description"] == "A puzzle to solve: find the winning line"
    options = {option["name"]: option for option in puzzle["options"]}
    assert [choice["value"] for choice in options["action"]["choices"]] == ["show", "fen", "give-up"]
    assert options["action"]["name_localizations"] == {"fi": "toiminto"}
    assert [choice["value"] for choice in options["variant"]["choices"]] == ["english", "italian",
                                                                            "international"]
    assert options["move"]["type"] == 3 and "autocomplete" not in options["move"]
    assert options["move"]["name_localizations"] == {"fi": "siirto"}


async def test_a_puzzle_solved_in_a_channel(fake: FakeDiscord, settings: DiscordConfig,
                                            database: str) -> None:
    bot = await start(database, settings)
    puzzle = puzzle_set.builtin("english")[0]
    try:
        shown = await puzzle_command(fake, ALICE)
        assert "Puzzle #1 (English checkers): Red to play and win two men" in shown.text
        assert shown.files and shown.files[0][1].startswith(b"\x89PNG")
        fen = await puzzle_command(fake, BOB, action="fen")
        assert puzzle.fen in fen.text
        right = await puzzle_command(fake, ALICE, move=puzzle.solution[0])  # the answer as an option
        assert f"alice: {puzzle.solution[0]} is right!" in right.text and right.files
        wrong = await typed(fake, BOB, wrong_move(0))
        assert f"bob: {wrong_move(0)} is not it." in wrong.text and "The solution: " in wrong.text
        solved = await typed(fake, ALICE, puzzle.solution[2])
        assert "alice solved puzzle #1!" in solved.text
        stats = await typed(fake, ALICE, "!tammi stats")
        assert "Puzzles in this channel:" in stats.text and "1 solved, 0 failed" in stats.text
        leaders = await typed(fake, BOB, "!tammi leaderboard puzzles")
        assert "1. alice — " in leaders.text and "2. bob — " in leaders.text
    finally:
        await bot.close()


async def test_partial_restart_and_give_up(fake: FakeDiscord, settings: DiscordConfig, database: str) -> None:
    puzzle = puzzle_set.builtin("english")[0]
    bot = await start(database, settings)
    try:
        await puzzle_command(fake, ALICE, variant="english")
        right = await typed(fake, ALICE, puzzle.solution[0])
        assert "is right!" in right.text
    finally:
        await bot.close()
    bot = await start(database, settings)
    try:
        again = await puzzle_command(fake, ALICE, action="show")
        assert "alice, you are on move 2 of 2" in again.text
        wrong = await typed(fake, ALICE, wrong_move(1))
        assert f"alice: {wrong_move(1)} is not it." in wrong.text and "0 solved, 1 failed" in wrong.text
        gave = await puzzle_command(fake, BOB, action="give-up")
        assert f"bob gave up puzzle #1. The solution: {' '.join(puzzle.solution)}." in gave.text
    finally:
        await bot.close()
