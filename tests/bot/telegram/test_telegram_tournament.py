"""A whole Swiss tournament in a Telegram group, through the real python-telegram-bot Application and the
fake Bot API: `/tournament new`, the Join button and `/tournament join`, `/tournament start`, the boards
with their buttons, resignations through them, a restart of the whole bot in the middle of a round, the
next round posted in the group when the last game of a round ends, and the end with the winner."""

from __future__ import annotations

from typing import Any

from bot.domain.model import Game
from bot.domain.tournaments import Stage
from tests.bot.telegram.test_telegram_game import ALICE, BOB, CAROL, GROUP, Tammi, button, fake, tammi
from tests.fakes.telegram_server import Call, FakeTelegram, user

DAN = user(1004, "Dan", "dan", "en")
PEOPLE: dict[str, dict[str, Any]] = {str(person["id"]): person for person in (ALICE, BOB, CAROL, DAN)}
__all__ = ["fake", "tammi"]  # the fixtures, shared with the game tests


def board_of(fake: FakeTelegram, game_id: int) -> Call:
    """The last photo showing game `game_id` with its Resign button."""
    return next(call for call in reversed(fake.calls) if call.method == "sendPhoto"
                and ("Resign", f"res:{game_id}") in call.buttons)


async def resign(fake: FakeTelegram, game: Game) -> Call:
    """Black resigns the game with its board's button, and confirms."""
    loser = PEOPLE[game.black.user_id]
    board = board_of(fake, game.id)
    mark = fake.mark()
    fake.press(loser, board.result, button(board, "Resign"))
    question = await fake.wait_for("sendMessage", after=mark)
    mark = fake.mark()
    fake.press(loser, question.result, question.buttons[0][1])  # Carol's in Finnish: "luovutti"
    return await fake.wait_for("sendPhoto", after=mark, where=lambda c: "luovut" in c.words or "resigned" in
                               c.words)


async def active_games(tammi: Tammi, tournament_id: int) -> list[Game]:
    assert tammi.storage is not None
    return [game for game in await tammi.storage.tournament_games(tournament_id) if game.active]


async def test_a_swiss_in_a_group_with_a_restart_mid_round(fake: FakeTelegram, tammi: Tammi) -> None:
    mark = fake.mark()
    fake.send_text(GROUP, ALICE, "/tournament new swiss days 2")
    opened = await fake.wait_for("sendMessage", after=mark)
    assert "Alice opened Tournament #1: Swiss, English checkers, 2 days a move" in opened.words
    assert [label for label, _ in opened.buttons] == ["Join"]
    fake.press(BOB, opened.result, button(opened, "Join"))
    await fake.wait_for("sendMessage", after=mark, where=lambda c: "Bob joined" in c.words)
    fake.send_text(GROUP, CAROL, "/tournament join")
    await fake.wait_for("sendMessage", after=mark, where=lambda c: "Carol" in c.words and "#1" in c.words)
    fake.press(DAN, opened.result, button(opened, "Join"))
    await fake.wait_for("sendMessage", after=mark, where=lambda c: "Dan joined" in c.words)

    mark = fake.mark()
    fake.send_text(GROUP, ALICE, "/tournament@tammi_bot start")
    pairings = await fake.wait_for("sendMessage", after=mark, where=lambda c: "Round 1 of 2" in c.words)
    assert ("Standings", "tst:1") in pairings.buttons
    await fake.wait_for("sendPhoto", after=mark, count=2)
    assert tammi.storage is not None
    tournament = await tammi.storage.current_tournament("telegram", str(GROUP["id"]))
    assert tournament is not None

    first, second = await active_games(tammi, tournament.id)
    await resign(fake, first)
    await tammi.stop()  # the whole bot restarts in the middle of round 1
    await tammi.start()
    mark = fake.mark()
    result = await resign(fake, second)
    paired = await fake.wait_for("sendMessage", after=mark, where=lambda c: "Round 2 of 2" in c.words)
    await fake.wait_for("sendPhoto", after=mark, count=3)  # the result, then round 2's two boards
    assert fake.calls.index(result) < fake.calls.index(paired)  # the game's end first, then the round

    mark = fake.mark()
    for game in await active_games(tammi, tournament.id):
        await resign(fake, game)
    over = await fake.wait_for("sendPhoto", after=mark, where=lambda c: "Tournament #1 is over." in c.words)
    assert over.files["photo"][0] == "standings.png"  # the final standings as a picture
    assert "The winner:" in over.words or "Sharing first place:" in over.words
    assert tammi.storage is not None
    found = await tammi.storage.get_tournament(tournament.id)
    assert found is not None and found.stage is Stage.FINISHED

    mark = fake.mark()
    fake.send_text(GROUP, BOB, "/tournament standings")
    table = await fake.wait_for("sendPhoto", after=mark)
    assert "Final standings after 2 of 2 rounds" in table.words and "Buch" in table.words
