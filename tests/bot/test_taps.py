"""The tap-to-move picker's keys and its handler, without a platform: the keys' ids (within 64 bytes,
read back, nothing else read as one), their rows, and the steps the service answers with."""

from __future__ import annotations

import importlib.util
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.domain.model import Game, Player
from bot.presentation import taps
from bot.presentation.messages import Button, Kind
from engine import Board
from engine.picking import pick
from tests.bot.tammi_talk import Chat, close_chat, game_from, open_chat, start_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "taps"


@pytest.fixture
async def chat(tmp_path: Path) -> AsyncIterator[Chat]:
    opened = await open_chat(str(tmp_path / "t.db"))
    try:
        yield opened
    finally:
        await close_chat(opened)


def test_the_longest_keys_fit_in_64_bytes() -> None:
    # The largest ids a button may carry (18 digits, as every button id) and a path of 21 squares: a king
    # taking all 20 of the other side's pieces at International draughts.
    longest = taps.Key(10**18 - 1, 10**10 - 1, tuple(range(30, 51)))
    assert len(longest.id.encode()) <= 64 and taps.read(longest.id) == longest
    assert len(taps.Key(10**18 - 1, 10**10 - 1, None).id.encode()) <= 64


@given(st.integers(0, 10**18 - 1), st.integers(0, 10**9),
       st.none() | st.lists(st.integers(1, 50), max_size=21).map(tuple))
def test_a_key_reads_back_as_itself(game_id: int, version: int, squares: tuple[int, ...] | None) -> None:
    key = taps.Key(game_id, version, squares)
    assert taps.read(key.id) == key


@pytest.mark.parametrize("text", [
    "tp:1:2", "tpx:1:2:", "tp:1:2:*", "tp:1:2:~", "tp:1:2:ab~1001", "tp:1234567890123456789:2:", "tp::2:",
    "tp:1:-2:", "mov:1", "tp:١:2:", "tpx:1", "tp:1:2:a:b", "",
])
def test_other_ids_are_not_keys(text: str) -> None:
    assert taps.read(text) is None


def test_rows_fit_a_phone_and_keep_back_and_cancel_apart() -> None:
    def keys(*labels: str) -> list[Button]:
        return [Button(label, label) for label in (*labels, "Back", "Cancel")]

    rows = taps.rows(keys(*(str(n) for n in range(31, 43))))
    assert [len(row) for row in rows] == [5, 5, 2, 2] and [b.label for b in rows[-1]] == ["Back", "Cancel"]
    assert [len(row) for row in taps.rows(keys("32-28", "32-27", "33-28", "33-29", "34-29"))] == [4, 1, 2]
    assert [len(row) for row in taps.rows(keys("27x18x9", "27x18x7"))] == [2, 2]
    assert [len(row) for row in taps.rows(keys("1x10x19x28x37", "1x10x19x26", "1x10x17"))] == [2, 1, 2]
    assert taps.rows(keys()) == [[Button("Back", "Back"), Button("Cancel", "Cancel")]]


@pytest.mark.parametrize("variant", ["english", "international"])
def test_every_key_of_every_step_fits_and_names_where_it_leads(variant: str) -> None:
    """Random games with the largest ids: every step of every position's picker, each key's id within 64
    bytes, read back as the squares it leads to, its label the move as far as it goes."""
    rng = random.Random(5)
    board = Board(variant)
    checked = 0
    while board.legal_moves and board.ply < 200:
        game = Game(10**18 - 1, "telegram", "1", variant, Player("a", "a"), Player("b", "b"), "", "",
                    board.turn, version=10**9)
        steps = [pick(board, ())]
        while steps:
            at = steps.pop()
            reply = taps.step("en", game, board, at)
            assert reply.kind is Kind.MOVE_KEYS
            assert [button.label for button in reply.buttons][-2:] == ["« Back", "✕ Cancel"]
            for button, square in zip(reply.buttons, at.choices, strict=False):
                key = taps.read(button.id)
                assert len(button.id.encode()) <= 64
                assert key is not None and key.squares == (*at.chosen, square)
                after = pick(board, key.squares)
                if not at.chosen:
                    assert button.label == str(square)
                elif after.move is not None:
                    assert button.label == str(after.move)  # the whole move, as it is typed
                else:  # as far as the key goes, with any landing it fills in: a start of legal moves
                    path = tuple(int(n) for n in re.split("[-x]", button.label))
                    assert path[: len(key.squares)] == key.squares
                    assert any(move.path[: len(path)] == path for move in board.legal_moves)
                    assert ("x" in button.label) == at.capture
                checked += 1
                if after.move is None:
                    steps.append(after)
        board.push(rng.choice(list(board.legal_moves)))
    assert checked > 200


async def test_the_move_button_opens_the_picker_only_where_buttons_can_be_replaced(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "english", "black")  # ann (Red) moves first
    listed = await chat.press("ann", f"mov:{game_id}")
    assert [reply.kind for reply in listed] == [Kind.MOVES, Kind.HELP]  # a platform without the picker
    [opened] = await chat.press("ann", f"mov:{game_id}", edits_buttons=True)
    assert opened.kind is Kind.MOVE_KEYS and opened.game_id == game_id
    assert [button.label for button in opened.buttons] == ["9", "10", "11", "12", "« Back", "✕ Cancel"]
    assert "#1" in opened.text and "Red" in opened.text
    [refused] = await chat.press("bob", f"mov:{game_id}", edits_buttons=True)
    assert refused.private and refused.kind is Kind.ERROR and "not your turn" in refused.text


async def test_a_branching_capture_is_asked_step_by_step(chat: Chat) -> None:
    game_id = await game_from(chat, "W:WK7:B11,19,26,27")  # 7x16x23x30 or 7x16x23x32
    game = await chat.storage.get_game(game_id)
    assert game is not None
    key = taps.Key(game_id, game.version, (7,))
    [landing] = await chat.press("ann", key.id)
    assert [button.label for button in landing.buttons][:-2] == ["7x16x23"]  # 23 is filled in
    [branches] = await chat.press("ann", landing.buttons[0].id)
    assert branches.kind is Kind.MOVE_KEYS and "7x16x23" in branches.text
    assert [button.label for button in branches.buttons][:-2] == ["7x16x23x30", "7x16x23x32"]
    back = {button.label: button.id for button in branches.buttons}["« Back"]
    assert back == key.id  # Back skips the landing square that was filled in
    cleared, moved = await chat.press("ann", branches.buttons[1].id)
    assert cleared.kind is Kind.BOARD_KEYS and not cleared.buttons
    assert moved.kind is Kind.BOARD and "ann played 7x16x23x32" in moved.text
    # Keys never offered, or of a game that has moved on, change nothing.
    stale = await chat.press("bob", key.id)
    assert [reply.kind for reply in stale] == [Kind.ERROR, Kind.BOARD_KEYS] and "out of date" in stale[0].text
    game = await chat.storage.get_game(game_id)
    assert game is not None
    [made_up] = await chat.press("bob", taps.Key(game_id, game.version, (1, 2)).id)
    assert made_up.kind is Kind.ERROR and made_up.private
    [stranger] = await chat.press("cy", taps.Key(game_id, game.version, None).id)
    assert stranger.kind is Kind.ERROR and "#1" in stranger.text


async def test_the_readme_steps_are_what_the_picker_shows(tmp_path: Path) -> None:
    """docs/taps/steps.txt (the keyboards of the README's pictures) is what the service answers today."""
    spec = importlib.util.spec_from_file_location("docs_taps_draw", DOCS / "draw.py")
    assert spec is not None and spec.loader is not None
    draw = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(draw)
    steps = await draw.play_steps(str(tmp_path), pictures=False)
    shown = (DOCS / "steps.txt").read_text(encoding="utf-8")
    assert draw.text_of(steps) == shown, "run .venv/bin/python docs/taps/draw.py to draw the pictures again"
    assert sorted(path.name for path in DOCS.glob("step-*.png")) == [f"step-{n}.png" for n in range(1, 9)]
    assert len(steps) == 8
