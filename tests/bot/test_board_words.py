"""Boards for everyone (issue 24): every board reply describes its picture in words (its alt text: whose
move, the last move, the pieces each side has) in the reader's language, and `board text` shows the
board as a monospace block, the way the channel's pictures face."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.chat.events import Reply
from bot.presentation import game_text
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, game_from, open_chat, start_game

OPENING = ("10-15", "21-17", "9-14", "17x10", "7x14", "23-19")  # Red first; a capture each


@pytest.fixture
async def chat(databases: Databases) -> AsyncIterator[Chat]:
    chat = await open_chat(await databases.new("sqlite"))
    yield chat
    await close_chat(chat)


async def played(chat: Chat, moves: tuple[str, ...], first: str, second: str) -> list[Reply]:
    boards = []
    for number, move in enumerate(moves):
        [reply] = await chat.say(first if number % 2 == 0 else second, move)
        assert reply.kind == "board", reply
        boards.append(reply)
    return boards


async def test_every_board_names_its_last_move_and_the_side_to_move(chat: Chat) -> None:
    await chat.say("ann", "!tammi challenge @bob english white")
    [start] = await chat.say("bob", "!tammi accept")
    assert start.alt_text == ("Board of game #1, English checkers. Red (bob) to move; no moves yet. "
                              "Pieces: Red 12 men, 0 kings; White 12 men, 0 kings.")
    boards = await played(chat, OPENING, "bob", "ann")
    for number, (move, board) in enumerate(zip(OPENING, boards, strict=True)):
        side = "White (ann)" if number % 2 == 0 else "Red (bob)"
        assert board.alt_text is not None and f"{side} to move; last move {move}." in board.alt_text
    assert boards[-1].alt_text is not None and boards[-1].alt_text.endswith(
        "Pieces: Red 11 men, 0 kings; White 11 men, 0 kings.")
    [shown] = await chat.say("carol", "!tammi board #1")
    assert shown.alt_text == boards[-1].alt_text


async def test_the_description_is_in_the_readers_language_and_tells_the_end(chat: Chat) -> None:
    chat.locales.update(ann="fi", bob="fi")
    game_id = await game_from(chat, "B:W18,K19:B14")  # bob (Red) must capture 14x23
    [board] = await chat.say("bob", "14x23")
    assert board.alt_text is not None
    assert board.alt_text.startswith(f"Pelin #{game_id} lauta, englantilainen tammi. "
                                     "Vuorossa valkoinen (ann); viimeisin siirto 14x23.")
    assert "punainen 1 tavallinen nappula, 0 kuningasta; valkoinen 0 tavallista nappulaa, 1 kuningas" \
        in board.alt_text
    [won] = await chat.say("ann", "19x26")  # the last Red piece: White wins
    assert won.alt_text is not None and "Peli on päättynyt" in won.alt_text and "19x26" in won.alt_text


async def test_board_text_is_a_monospace_block_facing_as_the_pictures(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "english", "white")
    await played(chat, OPENING[:2], "bob", "ann")
    [text] = await chat.say("carol", f"!tammi board text #{game_id}")
    assert text.attachment is None and text.picker is None
    game = await chat.storage.get_game(game_id)
    assert game is not None
    # A new channel keeps Red, who moved first, at the bottom: the text board is drawn from Red's side.
    board = game_text.text_board("en", game, chat.service.desk.board(game), flipped=True)
    assert text.text == f"{game_text.title('en', game)}\n```\n{board}\n```"
    assert "Red to move; last move 21-17" in text.text
    [finnish] = await chat.say("ann", f"!tammi lauta teksti #{game_id}", locale="fi")
    assert "```\n" in finnish.text and "Vuorossa punainen; viimeisin siirto 21-17" in finnish.text
    [usage] = await chat.say("ann", "!tammi help board", locale="en")
    assert "`text`" in usage.text and "screen readers" in usage.text
