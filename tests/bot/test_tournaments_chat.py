"""Whole tournaments through the service, as the console drives it: a round robin of four, a Swiss of
seven over three rounds, a double round robin, a game lost on time, a withdrawal, a cancellation, the
refusals, PDN, and a typed move when a player has a tournament game and a free game."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import AsyncIterator

import pytest

from bot.domain.model import Ending, Game, Result
from bot.domain.tournaments import DAY, Stage
from engine import Color
from engine.pdn import read_pdn
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat
from tests.bot.tournament_play import (
    current_games,
    end_game,
    met,
    notices_text,
    opened,
    play_round,
    say,
    started,
)

FOUR = ("ann", "bob", "cat", "dan")


@pytest.fixture
async def database(databases: Databases) -> str:
    """Conversation tests run on SQLite (the storage under them is tested on every backend)."""
    return await databases.new("sqlite")


@pytest.fixture
async def chat(database: str) -> AsyncIterator[Chat]:
    chat = await open_chat(database)
    yield chat
    await close_chat(chat)


def white_wins(game: Game) -> Result:
    return Result.WHITE_WINS


def by_seed(order: tuple[str, ...]) -> object:
    """The player earlier in `order` wins; a draw between the two last."""
    def decide(game: Game) -> Result:
        white, black = order.index(game.white.user_id), order.index(game.black.user_id)
        if {white, black} == {len(order) - 1, len(order) - 2}:
            return Result.DRAW
        return Result.WHITE_WINS if white < black else Result.BLACK_WINS

    return decide


async def test_a_round_robin_of_four(chat: Chat) -> None:
    tournament = await opened(chat, "ann", FOUR[1:])
    replies = await started(chat, "ann")
    assert len(replies) == 3 and [r.kind for r in replies[1:]] == ["board", "board"]
    assert "Ballot" in replies[0].text and "every game starts with" in replies[0].text
    first_game = await chat.storage.get_game(replies[1].game_id or 0)
    assert first_game is not None and len(first_game.moves) == 3 and first_game.tournament_id == tournament.id
    decide = by_seed(("ann", "bob", "cat", "dan"))
    for number in (1, 2, 3):
        found = await chat.storage.get_tournament(tournament.id)
        assert found is not None and found.round == number and found.stage is Stage.RUNNING
        await play_round(chat, tournament.id, decide)  # type: ignore[arg-type]
    found = await chat.storage.get_tournament(tournament.id)
    assert found is not None and found.stage is Stage.FINISHED
    pairings = await chat.storage.tournament_pairings(tournament.id)
    assert Counter(met(pairings)) == {frozenset(two): 1 for two in itertools.combinations(FOUR, 2)}
    colours = Counter((p.white, "white") for p in pairings) + Counter((p.black, "black") for p in pairings)
    assert all(abs(colours[name, "white"] - colours[name, "black"]) == 1 for name in FOUR)
    said = notices_text(chat)
    assert said.count("Round 2 of 3") == 1 and said.count("Round 3 of 3") == 1
    assert "Tournament #1 is over." in said and "The winner: ann, with 3 points!" in said
    [table] = await say(chat, "bob", "tournament standings")
    assert "Final standings after 3 of 3 rounds" in table.text and "Sonneborn-Berger" in table.text
    assert table.attachment is not None and table.attachment.filename == "standings.png"
    assert table.attachment.data.startswith(b"\x89PNG")
    [end] = [notice.reply for notice in chat.notices if "is over" in notice.reply.text]
    assert end.attachment is not None and end.attachment.filename == "standings.png"
    rows = [line.split() for line in table.text.split("```")[1].strip().splitlines()[1:]]
    # ann 3, bob 2, then cat and dan drew each other: 1/2 each, lost the rest.
    assert [(row[1], row[2], row[4]) for row in rows] == [("ann", "3", "3-0-0"), ("bob", "2", "2-0-1"),
                                                          ("cat", "½", "0-1-2"), ("dan", "½", "0-1-2")]
    assert [row[5] for row in rows] == ["3", "1", "0.25", "0.25"]  # SB: ann beat bob 2, cat ½ and dan ½


async def test_a_swiss_of_seven_over_three_rounds(chat: Chat) -> None:
    names = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")
    tournament = await opened(chat, "ann", names[1:], "swiss")
    await started(chat, "ann")
    found = await chat.storage.get_tournament(tournament.id)
    assert found is not None and found.rounds == 3
    results = itertools.cycle((Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW))
    for _ in range(3):
        await play_round(chat, tournament.id, lambda game: next(results))
    found = await chat.storage.get_tournament(tournament.id)
    assert found is not None and found.stage is Stage.FINISHED
    pairings = await chat.storage.tournament_pairings(tournament.id)
    byes = [p.white for p in pairings if p.bye]
    assert len(byes) == 3 and len(set(byes)) == 3
    games = met(pairings)
    assert len(games) == 9 and len(set(games)) == 9
    colours = Counter((p.white, "white") for p in pairings if not p.bye) + Counter(
        (p.black, "black") for p in pairings if not p.bye)
    assert all(abs(colours[name, "white"] - colours[name, "black"]) <= 1 for name in names)
    said = notices_text(chat)
    assert "Tournament #1 is over." in said and ("The winner:" in said or "Sharing first place:" in said)
    assert "Buchholz" in said and "Med" in said


async def test_a_double_round_robin_replays_each_ballot_with_colours_reversed(chat: Chat) -> None:
    tournament = await opened(chat, "ann", ("bob", "cat"), "round-robin double days 5")
    await started(chat, "ann")
    for _ in range(6):
        await play_round(chat, tournament.id, white_wins)
    pairings = await chat.storage.tournament_pairings(tournament.id)
    games = {p.round: p for p in pairings if p.game_id is not None}
    assert sorted(games) == [1, 2, 3, 4, 5, 6]
    for first in (1, 2, 3):
        again = games[first + 3]
        assert (again.white, again.black, again.ballot) == (games[first].black, games[first].white,
                                                            games[first].ballot)
    assert len({games[n].ballot for n in (1, 2, 3)}) == 3


async def test_a_game_is_lost_on_time_after_a_reminder(chat: Chat) -> None:
    tournament = await opened(chat, "ann", ("bob",), "days 2")
    await started(chat, "ann")
    [game] = await current_games(chat, tournament.id)
    mover = game.player(game.turn)
    chat.clock.advance(DAY + 60)  # a day left
    await chat.service.maintain()
    await chat.service.maintain()
    reminders = [n.reply for n in chat.notices if "lost on time" in n.reply.text]
    assert len(reminders) == 1 and reminders[0].mentions[0].user_id == mover.user_id
    assert f"{mover.name}, your move in tournament game #{game.id}" in reminders[0].text
    chat.clock.advance(DAY)
    await chat.service.maintain()
    await chat.service.wait_idle()
    lost = await chat.storage.get_game(game.id)
    assert lost is not None and lost.ending is Ending.TIME
    assert lost.result is Result.win(game.turn.other)
    said = notices_text(chat)
    assert f"{mover.name} (White) ran out of time for the move." in said
    assert "Tournament #1 is over." in said  # a Swiss of two plays one round; a round robin of two too


async def test_moving_in_time_resets_the_clock(chat: Chat) -> None:
    tournament = await opened(chat, "ann", ("bob",), "days 1")
    await started(chat, "ann")
    [game] = await current_games(chat, tournament.id)
    for _ in range(3):
        chat.clock.advance(0.9 * DAY)
        mover = game.player(game.turn).user_id
        move = str(next(iter(chat.service.desk.board(game).legal_moves)))
        [reply] = await chat.say(mover, move)
        assert reply.kind == "board", reply
        await chat.service.maintain()
        found = await chat.storage.get_game(game.id)
        assert found is not None and found.active
        game = found


async def test_a_withdrawal_loses_the_game_and_forfeits_the_rest(chat: Chat) -> None:
    tournament = await opened(chat, "ann", FOUR[1:])
    await started(chat, "ann")
    dans = [g for g in await current_games(chat, tournament.id) if g.color_of("dan") is not None]
    replies = await say(chat, "dan", "tournament leave")
    assert "dan withdrew from tournament #1" in replies[0].text
    assert replies[1].kind == "board" and "dan (" in replies[1].text and "withdrew from the tournament" in \
        replies[1].text
    lost = await chat.storage.get_game(dans[0].id)
    assert lost is not None and lost.ending is Ending.WITHDRAWN
    assert lost.result is Result.win(Color.BLACK if lost.white.user_id == "dan" else Color.WHITE)
    for _ in range(3):
        found = await chat.storage.get_tournament(tournament.id)
        assert found is not None
        if found.stage is Stage.FINISHED:
            break
        await play_round(chat, tournament.id, white_wins)
    found = await chat.storage.get_tournament(tournament.id)
    assert found is not None and found.stage is Stage.FINISHED
    pairings = await chat.storage.tournament_pairings(tournament.id)
    forfeits = [p for p in pairings if p.game_id is None and not p.bye]
    assert len(forfeits) == 2 and all("dan" in (p.white, p.black) for p in forfeits)
    assert all(p.result.winner is (Color.BLACK if p.white == "dan" else Color.WHITE) for p in forfeits)
    assert not any(g.color_of("dan") for g in await chat.storage.tournament_games(tournament.id)
                   if g.id != lost.id)
    [table] = await say(chat, "ann", "tournament standings")
    assert "dan †" in table.text and "† withdrew." in table.text


async def test_leaving_before_the_start_and_the_refusals(chat: Chat) -> None:
    assert "no tournament" in (await say(chat, "ann", "tournament"))[0].text
    for words, key in (("tournament new swiss double", "Only a round robin can be double"),
                       ("tournament new rounds 3", "Only a Swiss has a number of rounds"),
                       ("tournament new days 40", "from 1 to 30 days"),
                       ("tournament new chess", "I can't read “chess”"),
                       ("tournament dance", "I don't know “dance”")):
        [refused] = await say(chat, "ann", words)
        assert key in refused.text and refused.private, refused.text
    await opened(chat, "ann", ("bob",), "swiss rounds 3")
    assert "has tournament #1 already" in (await say(chat, "cat", "tournament new"))[0].text
    assert "already" in (await say(chat, "bob", "tournament join"))[0].text
    assert "Only the organiser (ann)" in (await say(chat, "bob", "tournament start",
                                                  may_manage=_manages(False)))[0].text
    assert "at most 1 Swiss rounds" in (await say(chat, "ann", "tournament start"))[0].text
    [left] = await say(chat, "bob", "tournament leave")
    assert "bob left tournament #1" in left.text and "1 player: ann" in left.text
    assert "needs at least 2 players" in (await say(chat, "ann", "tournament start"))[0].text


def _manages(answer: bool) -> object:
    async def may_manage() -> bool:
        return answer

    return may_manage


async def test_cancelling_ends_the_games_with_no_result(chat: Chat) -> None:
    tournament = await opened(chat, "ann", FOUR[1:])
    await started(chat, "ann")
    refused = await say(chat, "bob", "tournament cancel", may_manage=_manages(False))
    assert "Only the organiser" in refused[0].text
    [done] = await say(chat, "bob", "tournament cancel", may_manage=_manages(True))  # a manager may
    assert "Tournament #1 was cancelled" in done.text and "#1, #2" in done.text
    for game in await chat.storage.tournament_games(tournament.id):
        ended = (game.active, game.ending, game.result, game.rated)
        assert ended == (False, Ending.CANCELLED, Result.ONGOING, False)
    await chat.service.wait_idle()
    found = await chat.storage.get_tournament(tournament.id)
    assert found is not None and found.stage is Stage.CANCELLED and found.round == 1
    assert "Cancelled." in (await say(chat, "ann", "tournament"))[0].text
    await opened(chat, "cat", ("dan",))  # a new one may open


async def test_no_undo_and_no_abandonment_claim_in_a_tournament_game(chat: Chat) -> None:
    tournament = await opened(chat, "ann", ("bob",))
    await started(chat, "ann")
    [game] = await current_games(chat, tournament.id)
    mover = game.player(game.turn).user_id
    move = str(next(iter(chat.service.desk.board(game).legal_moves)))
    await chat.say(mover, move)
    [refused] = await say(chat, mover, "undo")
    assert "cannot be taken back" in refused.text
    chat.clock.advance(2.9 * DAY)  # the opponent's silence would allow a claim in a free game
    [refused] = await say(chat, mover, "claim")
    assert refused.private and "did not move" not in refused.text
    found = await chat.storage.get_game(game.id)
    assert found is not None and found.active


async def test_pdn_carries_the_event_round_and_ballot(chat: Chat) -> None:
    tournament = await opened(chat, "ann", ("bob", "cat"), "english")
    await started(chat, "ann")
    [game] = await current_games(chat, tournament.id)
    [reply] = await say(chat, game.white.user_id, f"pdn {game.id}")
    [parsed] = read_pdn(reply.text.split("```")[1])
    pairings = await chat.storage.tournament_pairings(tournament.id)
    ballot = next(p.ballot for p in pairings if p.game_id == game.id)
    assert parsed.tags["Event"] == "Tammi tournament 1" and parsed.tags["Round"] == "1"
    assert parsed.tags["Ballot"] == f"{ballot:03d}" and parsed.tags["Opening"] == " ".join(game.moves)
    assert parsed.moves[:3] == list(game.moves)
    await play_round(chat, tournament.id, white_wins)
    [everything] = await say(chat, "cat", "tournament pdn")
    games = read_pdn(everything.text.split("```")[1])
    assert "2 games in PDN" in everything.text and [g.tags["Round"] for g in games] == ["1", "2"]
    assert all(g.tags["Event"] == "Tammi tournament 1" for g in games)


async def test_a_typed_move_goes_to_the_game_where_it_is_your_turn(chat: Chat) -> None:
    """ann plays a free game against eve (ann has Red, to move first) and a tournament game against bob
    (ann has White, to move after the ballot's three moves) in the same channel."""
    await say(chat, "eve", "challenge @ann white")
    [accepted] = await say(chat, "ann", "accept")
    free = await chat.storage.get_game(accepted.game_id or 0)
    assert free is not None and free.tournament_id is None and free.player(free.turn).user_id == "ann"
    tournament = await opened(chat, "ann", ("bob",))
    await started(chat, "ann")
    [mine] = await current_games(chat, tournament.id)
    assert mine.player(mine.turn).user_id == "ann"
    # Her turn in both: the tournament game takes the move.
    move = str(next(iter(chat.service.desk.board(mine).legal_moves)))
    [reply] = await chat.say("ann", move)
    assert reply.game_id == mine.id and reply.kind == "board"
    # Her turn in the free game only: it takes the next one.
    move = str(next(iter(chat.service.desk.board(free).legal_moves)))
    [reply] = await chat.say("ann", move)
    assert reply.game_id == free.id and reply.kind == "board"
    # Her turn in neither: a command naming no game means the tournament game.
    [board] = await say(chat, "ann", "board")
    assert board.game_id == mine.id
    # The tournament game takes no seat of the free game, and the free game still limits challenges.
    [refused] = await say(chat, "ann", "challenge @cat")
    assert f"You already have a game in this channel (#{free.id})" in refused.text, refused.text
    [help_] = await say(chat, "ann", "help tournament")
    assert "the game where it is your turn, the tournament game when it is your turn in both" in help_.text


async def test_tournament_games_count_for_their_variants_rating(chat: Chat) -> None:
    tournament = await opened(chat, "ann", ("bob",), "italian")
    await started(chat, "ann")
    [game] = await current_games(chat, tournament.id)
    assert game.moves == ()  # no ballot outside English
    for _ in range(8):
        game = await chat.storage.get_game(game.id) or game
        mover = game.player(game.turn).user_id
        move = str(next(iter(chat.service.desk.board(game).legal_moves)))
        [reply] = await chat.say(mover, move)
        assert reply.kind == "board", reply.text
    game = await chat.storage.get_game(game.id) or game
    await end_game(chat, game, Result.WHITE_WINS)
    for name in ("ann", "bob"):
        italian = await chat.storage.rating(chat.platform, chat.channel, name, "italian")
        assert italian is not None and italian.games == 1
        assert await chat.storage.rating(chat.platform, chat.channel, name, "english") is None


async def test_finnish_words(chat: Chat) -> None:
    chat.locales.update(ann="fi", bob="fi", cat="fi")
    [reply] = await say(chat, "ann", "turnaus uusi sveitsiläinen kierrokset 2 päivät 4 englantilainen")
    assert "Sveitsiläinen, 2 kierrosta, englantilainen tammi, 4 päivää siirtoa kohden" in reply.text
    await say(chat, "bob", "turnaus liity")
    await say(chat, "cat", "turnaus liity")
    [first, *games] = await say(chat, "ann", "turnaus aloita")
    assert "Kierros 1/2" in first.text and len(games) == 1
    [table] = await say(chat, "bob", "turnaus tilanne")
    assert "Tilanne kierroksella 1/2" in table.text and "Buchholz" in table.text


async def test_the_channel_may_leave_opening_tournaments_to_its_managers(chat: Chat) -> None:
    [shown] = await say(chat, "bob", "settings")
    assert "Tournaments here: anyone may open one" in shown.text
    [refused] = await say(chat, "bob", "settings tournaments managers", may_manage=_manages(False))
    assert refused.private and "manage" in refused.text
    [saved] = await say(chat, "ann", "settings tournaments managers", may_manage=_manages(True))
    assert "Tournaments here: only the channel's managers open them" in saved.text
    [refused] = await say(chat, "bob", "tournament new", may_manage=_manages(False))
    assert "Only the channel's managers may open a tournament here" in refused.text
    [opened_] = await say(chat, "cat", "tournament new swiss", may_manage=_manages(True))
    assert "cat opened Tournament #1" in opened_.text
    [joined] = await say(chat, "bob", "tournament join", may_manage=_manages(False))  # joining is for all
    assert "bob joined" in joined.text
    [usage] = await say(chat, "ann", "settings tournaments")
    assert "Say who may open a tournament here" in usage.text
    [back] = await say(chat, "ann", "asetukset turnaukset kuka-tahansa", may_manage=_manages(True))
    assert "anyone may open one" in back.text
