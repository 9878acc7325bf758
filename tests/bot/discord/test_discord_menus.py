"""Tap-to-move on Discord, end to end on the fake Discord: the menu of moves under each board plays the
move chosen as if typed; with more than 25 moves the menu offers the pieces first and the chosen piece's
moves come privately; anyone who may not move is answered privately and nothing changes; a menu works
after a restart, and one under a board the game has moved past is refused. Every board picture carries
its description in words (Discord's attachment description): whose move it is and the last move; the
board as text comes in a code block."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, DiscordConfig, PictureConfig
from bot.domain.model import NewGame, Player
from bot.platforms.discord import DiscordAdapter
from bot.storage import Repository
from engine import Board
from tests.bot.databases import Databases
from tests.fakes.discord_server import ALICE, BOB, CAROL, CHANNEL_ID, FakeDiscord, Sent

# A whole English game: Bob (Red) moves first and loses every piece in 26 moves.
SHORT_GAME = ("10-15", "21-17", "9-14", "17x10", "7x14", "23-19", "3-7", "19x10x3", "12-16", "3x12x19",
              "11-15", "19x10x17", "2-7", "22-18", "5-9", "25-21", "9-14", "18x9x2", "4-8", "2x11x4",
              "1-6", "27-23", "6-9", "29-25", "9-14", "17x10")
# International: White (Alice) has 27 moves, none a capture; after 16-32 and Black's 9-13, 35x8 wins.
MANY_MOVES = "W:WK16,K38,K35:B9"


@dataclass
class Running:
    storage: Repository
    service: GameService
    adapter: DiscordAdapter

    async def close(self) -> None:
        await self.adapter.close()
        await self.service.close()
        await self.storage.close()


async def run_bot(database: str, settings: DiscordConfig) -> Running:
    storage = await open_repository(database)
    service = GameService(storage, Config(database=database, picture=PictureConfig(size=160)))
    await service.start()
    adapter = DiscordAdapter(service, settings, guild_ready_timeout=0.05)
    await adapter.start()
    await adapter.wait_until_ready()
    return Running(storage, service, adapter)


@pytest.fixture
async def sqlite(databases: Databases) -> str:
    return await databases.new("sqlite")


@pytest.fixture
async def bot(fake: FakeDiscord, settings: DiscordConfig, sqlite: str) -> AsyncIterator[Running]:
    running = await run_bot(sqlite, settings)
    try:
        yield running
    finally:
        await running.close()


def menu(message: Sent, kind: str) -> str:
    """The custom_id of the message's menu of `kind` ("pick" for moves, "piece" for pieces)."""
    [found] = [custom_id for custom_id in message.menus if custom_id.startswith(f"tammi-{kind}:")]
    return found


def described(message: Sent) -> str:
    """The description of the message's one picture."""
    [(name, _)] = message.files
    [description] = message.descriptions
    assert name == "board.png" and description
    return description


async def answer(fake: FakeDiscord, interaction: str) -> Sent:
    [reply] = await fake.wait_answers(interaction)
    return reply


async def test_a_whole_game_by_menus_across_a_restart(fake: FakeDiscord, settings: DiscordConfig,
                                                      sqlite: str) -> None:
    running = await run_bot(sqlite, settings)
    try:
        challenge = await answer(fake, await fake.slash(ALICE, "challenge", opponent=BOB, variant="english",
                                                        colour="white"))
        accept = next(b for b in challenge.buttons if b.startswith("tammi:acc:"))
        board = start = await answer(fake, await fake.press(BOB, challenge, accept))
        game = await running.storage.active_game_for("discord", str(CHANNEL_ID), str(BOB.id))
        assert game is not None
        assert "Red (bob) to move; no moves yet" in described(start)
        assert any(b.startswith("tammi:mov:") for b in start.buttons)  # the Move dialog stays beside it
        for ply, move in enumerate(SHORT_GAME):
            if ply == len(SHORT_GAME) // 2:  # the whole bot restarts; the board's menu still works
                await running.close()
                running = await run_bot(sqlite, settings)
            mover, waiting = (BOB, ALICE) if ply % 2 == 0 else (ALICE, BOB)
            moves = menu(board, "pick")
            assert moves == f"tammi-pick:{game.id}:{ply}" and move in board.menus[moves]
            if ply == 2:  # Bob's menu under the first board belongs to an earlier position
                stale = await answer(fake, await fake.choose(BOB, start, menu(start, "pick"), "9-14"))
                assert stale.ephemeral and "earlier position" in (stale.content or "")
            if ply == 3:  # the one not to move, and a stranger: privately refused
                early = await answer(fake, await fake.choose(waiting, board, moves, move))
                assert early.ephemeral and "not your turn" in (early.content or "").lower()
                stranger = await answer(fake, await fake.choose(CAROL, board, moves, move))
                assert stranger.ephemeral and f"#{game.id}" in (stranger.content or "")
                assert len((await running.storage.get_game(game.id)).moves) == ply  # type: ignore[union-attr]
            board = await answer(fake, await fake.choose(mover, board, moves, move))
            assert not board.ephemeral and f"played {move}" in board.text
            assert f"last move {move}" in described(board)
            if ply + 1 < len(SHORT_GAME):
                side = "Red (bob)" if mover is ALICE else "White (alice)"
                assert f"{side} to move; last move {move}" in described(board)
        over = await running.storage.get_game(game.id)
        assert over is not None and not over.active and list(over.moves) == list(SHORT_GAME)
        assert board.menus == {} and "Game over: 0-1, alice (White) won" in described(board)
    finally:
        await running.close()
    assert fake.unknown == []


async def test_more_than_25_moves_take_the_piece_first(fake: FakeDiscord, bot: Running) -> None:
    position = Board("international", fen=MANY_MOVES)
    assert len(list(position.legal_moves)) > 25
    game = await bot.storage.create_game(NewGame(
        "discord", str(CHANNEL_ID), "international", Player(str(ALICE.id), "alice"),
        Player(str(BOB.id), "bob"), position.fen(), position.turn, 1.0, (str(ALICE.id), str(BOB.id))))
    board = await answer(fake, await fake.slash(ALICE, "board"))
    pieces = menu(board, "piece")
    assert pieces == f"tammi-piece:{game.id}:0" and board.menus[pieces] == ["16", "35", "38"]
    assert "White (alice) to move; no moves yet" in described(board)

    # Bob is not to move, Carol is not playing: each hears so privately, and nothing changes.
    for who in (BOB, CAROL):
        refused = await answer(fake, await fake.choose(who, board, pieces, "16"))
        assert refused.ephemeral and not refused.menus
    # Alice picks the piece on 16: its moves come to her alone, then her choice is played for all.
    own = await answer(fake, await fake.choose(ALICE, board, pieces, "16"))
    assert own.ephemeral and "piece on 16" in (own.content or "")
    moves = menu(own, "pick")
    assert moves == f"tammi-pick:{game.id}:0"
    assert own.menus[moves] and all(move.startswith("16") for move in own.menus[moves])
    stranger = await answer(fake, await fake.choose(CAROL, own, moves, "16-32"))
    assert stranger.ephemeral
    assert (await bot.storage.get_game(game.id)).moves == ()  # type: ignore[union-attr]
    board = await answer(fake, await fake.choose(ALICE, own, moves, "16-32"))
    assert not board.ephemeral and "played 16-32" in board.text
    assert "Black (bob) to move; last move 16-32" in described(board)

    # Black has two moves: one menu of moves; then White's capture ends the game.
    reply = menu(board, "pick")
    assert board.menus[reply] == ["9-13", "9-14"]
    board = await answer(fake, await fake.choose(BOB, board, reply, "9-13"))
    capture = menu(board, "pick")
    assert "35x8" in board.menus[capture]
    board = await answer(fake, await fake.choose(ALICE, board, capture, "35x8"))
    assert "last move 35x8" in described(board) and board.menus == {}
    done = await bot.storage.get_game(game.id)
    assert done is not None and not done.active and list(done.moves) == ["16-32", "9-13", "35x8"]


async def test_the_board_as_text_is_a_code_block(fake: FakeDiscord, bot: Running) -> None:
    position = Board("english")
    await bot.storage.create_game(NewGame(
        "discord", str(CHANNEL_ID), "english", Player(str(ALICE.id), "alice"), Player(str(BOB.id), "bob"),
        position.fen(), position.turn, 1.0, (str(ALICE.id), str(BOB.id))))
    shown = await answer(fake, await fake.slash(ALICE, "board", text=True))
    content = shown.content or ""
    assert not shown.files and not shown.menus
    assert "\n```\n" in content and content.endswith("\n```") and "Red to move" in content
