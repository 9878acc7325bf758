"""A review's turning points as puzzles (issue 23): a turning point whose position before is a puzzle gets
"Try move N as a puzzle" under it, also when the review is shown again from storage; the button opens
that position as the channel's puzzle (naming its game), which is then solved like any other."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.config import Config, PictureConfig, ReviewConfig
from bot.domain.model import NewGame, Player
from bot.presentation.messages import Kind, Reply
from engine import Board, Color, puzzle_set
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat

SHOT = puzzle_set.builtin("italian")[1]


@pytest.fixture
async def chat(databases: Databases) -> AsyncIterator[Chat]:
    database = await databases.new("sqlite")
    config = Config(database=database, picture=PictureConfig(size=96, workers=0),
                    review=ReviewConfig(node_limit=20_000, workers=0))
    opened = await open_chat(database, config=config)
    yield opened
    await close_chat(opened)


async def missed_shot(chat: Chat) -> int:
    """A finished game from the puzzle's position where the side to move (ann) plays a quiet move instead
    of the shot; its id."""
    board = Board("italian", fen=SHOT.fen)
    ann, bob = Player("ann", "ann"), Player("bob", "bob")
    white, black = (ann, bob) if board.turn is Color.WHITE else (bob, ann)
    game = await chat.storage.create_game(NewGame("test", chat.channel, "italian", white, black, SHOT.fen,
                                                  board.turn, 1.0, ("ann", "bob"), rated=False))
    quiet = next(str(move) for move in board.legal_moves
                 if not move.captures and str(move) != SHOT.solution[0])
    await chat.say("ann", quiet)
    for _ in range(3):
        game_now = await chat.storage.get_game(game.id)
        assert game_now is not None and game_now.active
        position = Board("italian", fen=game_now.fen)
        mover = game_now.player(game_now.turn).user_id
        await chat.say(mover, str(next(iter(position.legal_moves))))
    await chat.say("ann", "!tammi resign")
    return game.id


def try_buttons(replies: list[Reply]) -> dict[str, str]:
    return {button.id: button.label for reply in replies if reply.kind == Kind.REVIEW
            for button in reply.buttons if button.id.startswith("tpz:")}


async def test_a_missed_shot_in_a_review_can_be_tried_as_a_puzzle(chat: Chat) -> None:
    game_id = await missed_shot(chat)
    await chat.say("ann", f"!tammi review {game_id}")
    await chat.service.wait_idle()
    buttons = try_buttons([notice.reply for notice in chat.notices])
    assert buttons.get(f"tpz:{game_id}:0") == "Try move 1 as a puzzle"
    # Shown again from storage: the same button, without searching again.
    assert f"tpz:{game_id}:0" in try_buttons(await chat.say("bob", f"!tammi review {game_id}"))

    [opened] = await chat.press("cy", f"tpz:{game_id}:0")
    assert f"From ann vs bob (game #{game_id}), move 1." in opened.text
    assert SHOT.fen in await chat.text("cy", "!tammi puzzle fen")
    replies = []
    for move in SHOT.solution[::2]:
        replies = await chat.say("cy", move)
    assert any("cy" in reply.text and "solved" in reply.text for reply in replies)

    [refused] = await chat.press("cy", f"tpz:{game_id}:3")
    assert refused.private and "there is no puzzle of that position" in refused.text


async def test_a_review_button_of_another_platforms_game_opens_nothing(chat: Chat) -> None:
    """Game ids are shared by the platforms: a `tpz:` button naming a game of another platform is refused
    as naming no game there, as `review` and `pdn` refuse it, and opens no puzzle."""
    game_id = await missed_shot(chat)
    await chat.say("ann", f"!tammi review {game_id}")
    await chat.service.wait_idle()
    assert f"tpz:{game_id}:0" in try_buttons([notice.reply for notice in chat.notices])
    chat.platform = "elsewhere"
    [refused] = await chat.press("cy", f"tpz:{game_id}:0")
    assert f"#{game_id}" in refused.text and "From ann vs bob" not in refused.text
    assert SHOT.fen not in await chat.text("cy", "!tammi puzzle fen")
