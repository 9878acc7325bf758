"""Tap-to-move on Telegram, end to end: the real game service and python-telegram-bot against the fake Bot
API server with privacy mode on, whole games played by tapping only, a restart between taps, strangers'
taps, Back and Cancel, and every button's callback data within Telegram's 64 bytes."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from telegram.ext import AIORateLimiter

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, LimitsConfig, OpponentConfig, PictureConfig
from bot.platforms.telegram import TelegramAdapter
from bot.storage import Repository
from engine import Board, Move, read_pdn
from tests.fakes.telegram_server import Call, FakeTelegram, config_for, group, private, user

ALICE = user(1001, "Alice", "alice", "en")
BOB = user(1002, "Bob", "bob", "en")
CAROL = user(1003, "Carol", "carol", "fi")
DAVE = user(1004, "Dave", "dave", "en")
ERIN = user(1005, "Erin", "erin", "en")
GROUP = group()
DATA = Path(__file__).resolve().parents[1] / "data"
NAVIGATION = ["« Back", "✕ Cancel"]
STARTING_KEYS = ["Move", "Legal moves", "Resign"]


class Tammi:
    """Storage, service and adapter over one database, started and stopped together (a restart is a
    new service and adapter over the same database: nothing kept in memory)."""

    def __init__(self, fake: FakeTelegram, database: str) -> None:
        self.fake = fake
        self.database = database
        self.storage: Repository | None = None
        self.service: GameService | None = None
        self.adapter: TelegramAdapter | None = None

    async def start(self) -> None:
        self.storage = await open_repository(self.database)
        # Tapping a whole game takes some hundred presses within seconds: more than people's limits allow.
        config = Config(database=self.database, picture=PictureConfig(size=96, theme="auto"),
                        opponent=OpponentConfig(time_limit=timedelta(milliseconds=50)),
                        limits=LimitsConfig(burst=1000, per_minute=6000))
        self.service = GameService(self.storage, config)
        await self.service.start()
        self.adapter = TelegramAdapter(
            self.service, config_for(self.fake), poll_timeout=2,
            rate_limiter=AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=3),
        )
        await self.adapter.start()

    async def stop(self) -> None:
        if self.adapter is not None:
            await self.adapter.close()
        if self.service is not None:
            await self.service.close()
        if self.storage is not None:
            await self.storage.close()
        self.adapter = self.service = self.storage = None


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    """The fake server with privacy mode on, as a new bot has it: only commands, replies and button
    presses reach the bot in groups."""
    server = FakeTelegram(privacy=True)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


async def running(fake: FakeTelegram, database: str) -> Tammi:
    tammi = Tammi(fake, database)
    await tammi.start()
    return tammi


@pytest.fixture
async def tammi(fake: FakeTelegram, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Tammi]:
    monkeypatch.setenv("PTB_TIMEDELTA", "1")  # see tests/bot/telegram/conftest.py
    started = await running(fake, str(tmp_path / "tammi.db"))
    try:
        yield started
    finally:
        await started.stop()


def labels(fake: FakeTelegram, message: dict[str, Any]) -> list[str]:
    """The labels of the buttons a message of the bot's shows now."""
    return [label for row in fake.keyboard(message) for label, _ in row]


async def tap(fake: FakeTelegram, who: dict[str, Any], message: dict[str, Any], label: str) -> Call:
    """`who` taps the button labelled `label` that `message` shows now; the answer to the press."""
    data = dict(pair for row in fake.keyboard(message) for pair in row)[label]
    mark = fake.mark()
    fake.press(who, message, data)
    return await fake.wait_for("answerCallbackQuery", after=mark)


def alert(answer: Call) -> str:
    assert answer.params.get("show_alert") is True, answer.params
    return str(answer.params["text"])


async def start_game(fake: FakeTelegram, rules: str = "", first: dict[str, Any] = ALICE,
                     second: dict[str, Any] = BOB) -> Call:
    """`first` challenges `second` (moving first) to a game under `rules` and `second` accepts with the
    button; the board. Privacy mode keeps `second`'s message from the bot; the reply to it names him."""
    colour = "white" if rules == "international" else "black"  # the side that moves first
    hello = fake.send_text(GROUP, second, "a game?")
    fake.send_text(GROUP, first, f"/challenge@tammi_bot {rules} {colour}", reply_to=hello)
    challenge = await fake.wait_for("sendMessage", where=lambda call: first["first_name"] in call.words
                                    and "Accept" in dict(call.buttons))
    mark = fake.mark()
    fake.press(second, challenge.result, dict(challenge.buttons)["Accept"])
    board = await fake.wait_for("sendPhoto", after=mark)
    assert labels(fake, board.result) == STARTING_KEYS
    return board


def squares(label: str) -> tuple[int, ...]:
    return tuple(int(square) for square in re.split("[-x]", label))


async def play_by_taps(fake: FakeTelegram, who: dict[str, Any], board_call: Call, board: Board, move: Move,
                       *, back: bool = False) -> tuple[Call, list[int]]:
    """`who` plays `move` on the board message by tapping Move and then the keys that lead to it,
    checking at every step that the keys are exactly the ways on of the legal moves (every legal move
    that starts so, through one key and only one). With `back`, Back is tapped once at each step after
    the first and must show the step before. The new board, and how many squares were chosen at each
    step shown (2 or more: a capture's paths branched after its first landing)."""
    message = board_call.result
    answer = await tap(fake, who, message, "Move")
    legal = list(board.legal_moves)
    chosen: tuple[int, ...] = ()
    steps: list[int] = []
    before: list[str] = []
    while True:
        shown = labels(fake, message)
        assert shown[-2:] == NAVIGATION and [label for label, _ in fake.keyboard(message)[-1]] == NAVIGATION
        assert answer.params.get("text") and not answer.params.get("show_alert")  # a passing note
        keys = shown[:-2]
        paths = [squares(key) for key in keys]
        fitting = [m for m in legal if m.path[: len(chosen)] == chosen]
        assert fitting and all(len(path) > len(chosen) and path[: len(chosen)] == chosen for path in paths)
        for each in fitting:
            assert sum(each.path[: len(path)] == path for path in paths) == 1, (keys, str(each))
        assert all(any(m.path[: len(path)] == path for m in fitting) for path in paths)
        steps.append(len(chosen))
        if back and chosen:
            answer = await tap(fake, who, message, "« Back")
            assert labels(fake, message) == before
            answer = await tap(fake, who, message, next(k for k in before if move.path[: len(squares(k))]
                                                        == squares(k)))
            assert labels(fake, message) == shown
        [key] = [key for key, path in zip(keys, paths, strict=True) if move.path[: len(path)] == path]
        mark = fake.mark()
        answer = await tap(fake, who, message, key)
        if key == str(move):
            break
        before, chosen = shown, squares(key)
    assert not answer.params.get("show_alert")
    new = await fake.wait_for("sendPhoto", after=mark)
    assert labels(fake, message) == []  # the board it was played from loses its buttons; the new one has them
    return new, steps


def assert_callback_data_fits(fake: FakeTelegram) -> int:
    """Every button the bot sent or put on a message has callback data within 64 bytes; how many."""
    count = 0
    for call in fake.calls:
        for _, data in call.buttons:
            assert len(data.encode()) <= 64, data
            count += 1
    return count


@pytest.mark.parametrize("rules", ["english", "international"])
async def test_a_whole_game_by_tapping_only(fake: FakeTelegram, tammi: Tammi, rules: str) -> None:
    game = read_pdn((DATA / f"taps_{rules}.pdn").read_text(encoding="utf-8"))[0]
    board_call = await start_game(fake, rules)
    board = Board(rules)
    first = board.turn
    branched = 0
    for number, text in enumerate(game.moves):
        who = ALICE if board.turn is first else BOB
        move = board.parse_exact(text)
        # Back is tried on a few moves, the branching captures among them.
        try_back = number % 7 == 0 or sum(m.path[:2] == move.path[:2] for m in board.legal_moves) > 1
        board_call, steps = await play_by_taps(fake, who, board_call, board, move, back=try_back)
        board.push(move)
        assert f"{who['first_name']} played {text}" in board_call.words
        branched += any(chosen >= 2 for chosen in steps)
    assert branched >= 1  # a capture whose paths branch after the first landing square: a third step
    assert "Alice" in board_call.words and "wins" in board_call.words and "no legal move" in board_call.words
    assert labels(fake, board_call.result) == ["Rematch"]
    assert not fake.since(0, "sendMessage")[1:]  # nothing but the challenge was ever posted as text
    assert assert_callback_data_fits(fake) > 6 * len(game.moves)


async def test_back_and_cancel(fake: FakeTelegram, tammi: Tammi) -> None:
    board = (await start_game(fake)).result
    await tap(fake, ALICE, board, "Move")
    pieces = labels(fake, board)
    assert pieces == ["9", "10", "11", "12", *NAVIGATION]
    landing = await tap(fake, ALICE, board, "9")
    assert labels(fake, board) == ["9-13", "9-14", *NAVIGATION] and "9" in landing.params["text"]
    await tap(fake, ALICE, board, "« Back")
    assert labels(fake, board) == pieces
    await tap(fake, ALICE, board, "« Back")  # Back from the first step: the board's buttons again
    assert labels(fake, board) == STARTING_KEYS
    for step in ((), ("12",)):  # Cancel at the first step and at the second
        await tap(fake, ALICE, board, "Move")
        for label in step:
            await tap(fake, ALICE, board, label)
        await tap(fake, ALICE, board, "✕ Cancel")
        assert labels(fake, board) == STARTING_KEYS
    assert not fake.since(0, "sendPhoto")[1:]  # nothing was played
    assert assert_callback_data_fits(fake) > 20


async def test_the_first_board_and_help_say_how_to_tap(fake: FakeTelegram, tammi: Tammi) -> None:
    board = await start_game(fake)  # privacy mode: typed moves do not reach the bot in the group
    assert "Tap Move under the board, then your piece and where it goes" in board.words
    mark = fake.mark()
    fake.send_text(GROUP, BOB, "/help")
    helped = await fake.wait_for("sendMessage", after=mark)
    assert "Tap Move under the board, then your piece and each square it goes to" in helped.words


async def test_strangers_and_the_player_not_to_move_change_nothing(fake: FakeTelegram, tammi: Tammi) -> None:
    board = (await start_game(fake)).result
    mark = fake.mark()
    # Carol is not playing and Bob is not to move: the Move button is refused in an alert.
    assert "#1" in alert(await tap(fake, CAROL, board, "Move"))
    assert "Alice" in alert(await tap(fake, BOB, board, "Move"))
    assert labels(fake, board) == STARTING_KEYS and not fake.since(mark, "editMessageReplyMarkup")
    await tap(fake, ALICE, board, "Move")
    await tap(fake, ALICE, board, "11")
    picker = fake.keyboard(board)
    mark = fake.mark()
    for who, label in ((CAROL, "11-15"), (BOB, "11-16"), (CAROL, "✕ Cancel"), (BOB, "✕ Cancel"),
                       (BOB, "« Back")):
        text = alert(await tap(fake, who, board, label))
        assert ("#1" if who is CAROL else "Alice") in text
    assert fake.keyboard(board) == picker  # Alice's picker is as she left it
    assert not fake.since(mark, "editMessageReplyMarkup") and not fake.since(mark, "sendPhoto")
    assert not fake.since(mark, "sendMessage")
    mark = fake.mark()
    await tap(fake, ALICE, board, "11-15")  # and goes on from there
    assert "Alice played 11-15" in (await fake.wait_for("sendPhoto", after=mark)).words


async def test_a_picker_outlives_a_restart(fake: FakeTelegram, database: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "1")
    tammi = await running(fake, database)
    try:
        board = (await start_game(fake)).result
        await tap(fake, ALICE, board, "Move")
        await tap(fake, ALICE, board, "10")
        await tammi.stop()
        # Alice taps while the bot is away; a new service and adapter answer it from the key alone.
        keys = dict(pair for row in fake.keyboard(board) for pair in row)
        mark = fake.mark()
        fake.press(ALICE, board, keys["10-15"])
        await tammi.start()
        await fake.wait_for("answerCallbackQuery", after=mark)
        moved = await fake.wait_for("sendPhoto", after=mark)
        assert "Alice played 10-15" in moved.words and labels(fake, board) == []
        # And a picker opened before a restart takes its next step after it.
        await tap(fake, BOB, moved.result, "Move")
        await tammi.stop()
        await tammi.start()
        await tap(fake, BOB, moved.result, "22")
        assert labels(fake, moved.result) == ["22-17", "22-18", *NAVIGATION]
        mark = fake.mark()
        await tap(fake, BOB, moved.result, "22-18")
        assert "Bob played 22-18" in (await fake.wait_for("sendPhoto", after=mark)).words
        assert assert_callback_data_fits(fake) > 10
    finally:
        await tammi.stop()


async def test_a_picker_the_game_has_moved_past_is_refused(fake: FakeTelegram, tammi: Tammi) -> None:
    board = (await start_game(fake)).result
    await tap(fake, ALICE, board, "Move")
    await tap(fake, ALICE, board, "11")
    mark = fake.mark()
    fake.send_text(GROUP, ALICE, "/move 9-13")  # typed instead
    typed = await fake.wait_for("sendPhoto", after=mark)
    assert "Alice played 9-13" in typed.words
    mark = fake.mark()
    text = alert(await tap(fake, ALICE, board, "11-15"))
    assert "out of date" in text and not fake.since(mark, "sendPhoto")
    assert labels(fake, board) == labels(fake, typed.result)  # the board's own buttons are back
    assert "Offer draw" in labels(fake, board)


async def test_two_pickers_in_one_group_never_mix(fake: FakeTelegram, tammi: Tammi) -> None:
    first = (await start_game(fake)).result
    second = (await start_game(fake, first=DAVE, second=ERIN)).result
    await tap(fake, ALICE, first, "Move")
    await tap(fake, DAVE, second, "Move")
    await tap(fake, ALICE, first, "9")
    assert labels(fake, second) == ["9", "10", "11", "12", *NAVIGATION]
    await tap(fake, DAVE, second, "12")
    assert labels(fake, first) == ["9-13", "9-14", *NAVIGATION]
    assert "#2" in alert(await tap(fake, ALICE, second, "12-16"))  # Alice is not in game #2
    # A second board of game #1 gets a picker of its own; the first keeps its step.
    mark = fake.mark()
    fake.send_text(GROUP, ALICE, "/board")
    again = (await fake.wait_for("sendPhoto", after=mark)).result
    await tap(fake, ALICE, again, "Move")
    assert labels(fake, again)[:-2] == ["9", "10", "11", "12"] and labels(fake, first)[0] == "9-13"
    mark = fake.mark()
    await tap(fake, ALICE, first, "9-13")
    await tap(fake, DAVE, second, "12-16")
    one, two = await fake.wait_for("sendPhoto", after=mark, count=1), await fake.wait_for(
        "sendPhoto", after=mark, count=2)
    assert "Alice played 9-13" in one.words and dict(one.buttons)["Move"] == "mov:1"
    assert "Dave played 12-16" in two.words and dict(two.buttons)["Move"] == "mov:2"
    # The other board of game #1 is out of date now: its picker gives the game's buttons back.
    assert "out of date" in alert(await tap(fake, ALICE, again, "10"))
    assert labels(fake, again) == labels(fake, one.result)


async def test_against_the_bot_in_a_private_chat(fake: FakeTelegram, tammi: Tammi) -> None:
    chat = private(CAROL)
    fake.send_text(chat, CAROL, "/play 1 black")  # Carol moves first; her Telegram is in Finnish
    board = await fake.wait_for("sendPhoto")
    assert board.chat_id == CAROL["id"] and labels(fake, board.result)[0] == "Siirrä"
    first = await tap(fake, CAROL, board.result, "Siirrä")
    assert "Peli #1" in first.params["text"]
    assert labels(fake, board.result) == ["9", "10", "11", "12", "« Takaisin", "✕ Peru"]
    await tap(fake, CAROL, board.result, "11")
    mark = fake.mark()
    await tap(fake, CAROL, board.result, "11-15")
    mine = await fake.wait_for("sendPhoto", after=mark)
    assert "Carol siirsi 11-15" in mine.words
    answer = await fake.wait_for("sendPhoto", after=mark, count=2, timeout=10)  # the bot's move, a notice
    assert answer.words.startswith("Tammi ")
    await tap(fake, CAROL, answer.result, "Siirrä")
    assert labels(fake, answer.result)[-2:] == ["« Takaisin", "✕ Peru"]
    assert assert_callback_data_fits(fake) > 10


async def test_the_bots_opening_move_says_how_to_move_where_typing_does_not_reach(
        fake: FakeTelegram, tammi: Tammi) -> None:
    # The bot (Red) opens; its move arrives as a notice, which says how to move in that chat.
    fake.send_text(GROUP, ALICE, "/play@tammi_bot 1 white")
    in_group = await fake.wait_for("sendPhoto", where=lambda call: "Tammi played" in call.words)
    assert "Tap Move under the board" in in_group.words and "Type your move" not in in_group.words
    mark = fake.mark()
    fake.send_text(private(ALICE), ALICE, "/play 1 white")  # typed moves reach the bot in a private chat
    alone = await fake.wait_for("sendPhoto", after=mark, where=lambda call: "Tammi played" in call.words)
    assert "Type your move as a message" in alone.words
