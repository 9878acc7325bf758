"""A whole tournament on the fake Discord, through the real discord.py client, service and storage: four
people open, join (with the slash command and the Join button) and start a round robin with
`/tammi tournament ...`; every game's board comes with its buttons, the players end the games with
them, the next rounds are posted in the channel, and the end with the winner. One player withdraws
from a Swiss, and its game is lost."""

from __future__ import annotations

from functools import partial

from bot.config import DiscordConfig
from bot.domain.model import Ending
from bot.domain.tournaments import Stage
from tests.bot.discord.test_discord_definitions import check_names, tammi_payload
from tests.bot.discord.test_discord_game import Running, button, run_bot
from tests.fakes.discord_data import User
from tests.fakes.discord_server import ALICE, BOB, CAROL, CHANNEL_ID, FakeDiscord, Sent

DAN = User(700000000000000104, "dan")
PEOPLE = {str(person.id): person for person in (ALICE, BOB, CAROL, DAN)}


def board_of(fake: FakeDiscord, game_id: int) -> Sent:
    """The last message showing game `game_id` with its buttons."""
    return next(sent for sent in reversed(fake.shown) if sent is not None
                and f"tammi:res:{game_id}" in sent.buttons)


def first_with(fake: FakeDiscord, words: str) -> Sent | None:
    """The channel's first message with `words`, if any."""
    return next((sent for sent in fake.channel_view(CHANNEL_ID) if words in sent.text), None)


async def resign(fake: FakeDiscord, running: Running, game_id: int, loser: User) -> Sent:
    """`loser` resigns game `game_id` with its board's Resign button and the confirmation."""
    board = board_of(fake, game_id)
    [confirm] = await fake.wait_answers(await fake.press(loser, board, button(board, "res")))
    assert confirm.ephemeral
    [result] = await fake.wait_answers(await fake.press(loser, confirm, button(confirm, "rsc")))
    await running.service.wait_idle()
    return result


async def test_a_round_robin_of_four_on_discord(fake: FakeDiscord, settings: DiscordConfig,
                                                database: str) -> None:
    running = await run_bot(database, settings)
    try:
        [opened] = await fake.wait_answers(await fake.slash(ALICE, "tournament new", format="round-robin",
                                                            variant="english", days=2))
        assert "alice opened Tournament #1: Round robin, English checkers, 2 days a move" in opened.text
        assert not opened.ephemeral
        join = button(opened, "tjn")
        [joined] = await fake.wait_answers(await fake.press(BOB, opened, join))
        assert "bob joined tournament #1" in joined.text
        await fake.wait_answers(await fake.slash(CAROL, "tournament join"))
        await fake.wait_answers(await fake.press(DAN, opened, join))
        # Only the organiser (or a manager) starts it: Carol may not, Alice may.
        [refused] = await fake.wait_answers(await fake.slash(CAROL, "tournament start"))
        assert refused.ephemeral and "Only the organiser (alice)" in refused.text
        started = await fake.slash(ALICE, "tournament start")
        [pairings, *boards] = await fake.wait_answers(started, 3)
        assert "Round 1 of 3" in pairings.text and "Ballot" in pairings.text
        assert all(board.files and button(board, "mov") for board in boards)
        tournament = await running.storage.current_tournament("discord", str(CHANNEL_ID))
        assert tournament is not None
        for number in (1, 2, 3):
            games = [g for g in await running.storage.tournament_games(tournament.id) if g.active]
            assert len(games) == 2, number
            for game in games:  # White wins every game: Black resigns
                result = await resign(fake, running, game.id, PEOPLE[game.black.user_id])
                assert "resigned" in result.text and not result.ephemeral
            if number < 3:  # the round's last game ended: its result shows before the next round
                following = await fake.until(partial(first_with, fake, f"Round {number + 1} of 3"))
                view = fake.channel_view(CHANNEL_ID)
                assert view.index(result) < view.index(following)
        posted = "\n".join(sent.text for sent in fake.in_channel(CHANNEL_ID))
        assert "Round 2 of 3" in posted and "Round 3 of 3" in posted
        assert "Tournament #1 is over." in posted
        found = await running.storage.get_tournament(tournament.id)
        assert found is not None and found.stage is Stage.FINISHED
        [table] = await fake.wait_answers(await fake.slash(BOB, "tournament standings"))
        assert "Final standings after 3 of 3 rounds" in table.text and "SB" in table.text
        [everything] = await fake.wait_answers(await fake.slash(BOB, "tournament pdn"))
        assert "6 games in PDN" in everything.text
        assert everything.text.count('[Event "Tammi tournament 1"]') == 6
    finally:
        await running.close()
    assert fake.unknown == []


async def test_a_withdrawal_from_a_swiss_on_discord(fake: FakeDiscord, settings: DiscordConfig,
                                                   database: str) -> None:
    running = await run_bot(database, settings)
    try:
        [opened] = await fake.wait_answers(await fake.slash(ALICE, "tournament new", format="swiss", rounds=2,
                                                            double=False))
        assert "Swiss, 2 rounds" in opened.text
        for person in (BOB, CAROL, DAN):
            await fake.wait_answers(await fake.slash(person, "tournament join"))
        await fake.wait_answers(await fake.slash(ALICE, "tournament start"), 3)
        tournament = await running.storage.current_tournament("discord", str(CHANNEL_ID))
        assert tournament is not None
        [carols] = [g for g in await running.storage.tournament_games(tournament.id)
                    if g.active and g.color_of(str(CAROL.id)) is not None]
        left = await fake.slash(CAROL, "tournament leave")
        [said, lost] = await fake.wait_answers(left, 2)
        assert "carol withdrew from tournament #1" in said.text and "carol" in lost.text
        stored = await running.storage.get_game(carols.id)
        assert stored is not None and stored.ending is Ending.WITHDRAWN
        [status] = await fake.wait_answers(await fake.slash(DAN, "tournament status"))
        line = next(line for line in status.text.splitlines() if f"game #{carols.id}," in line)
        assert "Round 1 of 2" in status.text and "to move" not in line and ("1-0" in line or "0-1" in line)
    finally:
        await running.close()


async def test_one_subcommand_group_holds_the_tournament_commands() -> None:
    [root] = await tammi_payload()
    assert len(root["options"]) <= 25
    [group] = [option for option in root["options"] if option["name"] == "tournament"]
    assert (group["type"], group["name_localizations"]) == (2, {"fi": "turnaus"})
    subs = {sub["name"]: sub for sub in group["options"]}
    assert list(subs) == ["new", "join", "leave", "start", "status", "standings", "cancel", "pdn"]
    assert [sub["name_localizations"]["fi"] for sub in subs.values()] == [
        "uusi", "liity", "poistu", "aloita", "tila", "tilanne", "peru", "pdn"]
    assert all(sub["type"] == 1 and 1 <= len(sub["description_localizations"]["fi"]) <= 100
               for sub in subs.values())
    check_names(list(subs.values()))
    options = {option["name"]: option for option in subs["new"]["options"]}
    check_names(list(options.values()))
    assert [(o["type"], o.get("min_value"), o.get("max_value")) for o in options.values()] == [
        (3, None, None), (3, None, None), (4, 1, 20), (4, 1, 30), (5, None, None)]
    assert [(c["value"], c["name_localizations"]) for c in options["format"]["choices"]] == [
        ("round-robin", {"fi": "kaikki-kaikkia"}), ("swiss", {"fi": "sveitsiläinen"})]
