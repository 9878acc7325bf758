"""The use cases (bot/flows/) against the in-memory repository: what each stores, what it returns, how
often it reads the game, and the refusal it raises. No database, no workers, no network."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pytest

from bot.domain import ratings
from bot.domain.model import (
    Challenge,
    ChallengeStatus,
    ColourChoice,
    Ending,
    Game,
    NewGame,
    Offer,
    Person,
    Player,
    RatingChange,
    Result,
    Status,
    Timing,
)
from bot.domain.ratings import MIN_RATED_PLIES, NEWCOMER
from bot.domain.transitions import Refusal
from bot.flows import challenges, offers, people
from bot.flows.announce import BotMoved, ChallengeExpired
from bot.flows.challenges import Terms
from bot.flows.desk import Asker
from bot.flows.opponent import BotPlayer, DrawDeclined
from bot.flows.play import MoveRefused, Played, play
from bot.flows.review import Reviewer, ReviewLimits
from bot.flows.sweep import Sweep
from engine import Board, Color
from engine.errors import Reason

if TYPE_CHECKING:
    from tests.bot.unit.conftest import Analyst, World

ANN, BOB, CAT = Player("ann", "Ann"), Player("bob", "Bob"), Player("cat", "Cat")  # Ann White, Bob Black
AT = {p.user_id: Asker("test", "c1", p.user_id) for p in (ANN, BOB, CAT)}
OPENING = ("11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20")  # MIN_RATED_PLIES plies
KINGS = "B:WK19:BK1,K3"  # Black wins in nine plies: the last move takes White's only piece
WIN = ("1-5", "19-15", "3-7", "15-18", "5-1", "18-14", "1-5", "14-9", "5x14")
HOUR = 3600.0


async def start(w: World, *, fen: str | None = None, tournament: bool = False, white: Player = ANN,
                black: Player = BOB) -> Game:
    board = Board("english", fen=fen)
    seated = tuple(p.user_id for p in (white, black) if not p.is_bot)
    return await w.repo.create_game(NewGame("test", "c1", "english", white, black, board.fen(), board.turn,
                                            w.now, seated, tournament=tournament))


async def moves(w: World, texts: tuple[str, ...]) -> None:
    """The moves played in Bob's game, each by the player to move."""
    for text in texts:
        game = await w.repo.active_game_for("test", "c1", "bob")
        assert game is not None
        assert isinstance(await play(w.desk, AT[game.player(game.turn).user_id], None, text), Played)


async def refused(flow: Awaitable[object]) -> tuple[str, dict[str, object]]:
    with pytest.raises(Refusal) as error:
        await flow
    return error.value.key, error.value.values


async def stored(w: World, game: Game) -> Game:
    found = await w.repo.get_game(game.id)
    assert found is not None
    return found


# -- play ------------------------------------------------------------------------------------------------

async def test_a_legal_move_is_stored_after_one_read_of_the_game(w: World) -> None:
    game = await start(w)
    w.repo.reads.clear()
    played = await play(w.desk, AT["bob"], None, "11-15")
    assert w.repo.reads == Counter(active_game_for=1)
    assert isinstance(played, Played) and played.moved.mover is Color.BLACK and played.ratings == ()
    after = await stored(w, game)
    assert (after.version, after.moves, after.turn, after.fen) == (1, ("11-15",), Color.WHITE,
                                                                   played.board.fen())
    w.repo.reads.clear()
    assert isinstance(await play(w.desk, AT["ann"], game.id, "23-19"), Played)  # by id: one get_game
    assert w.repo.reads == Counter(get_game=1)
    assert (await stored(w, game)).moves == ("11-15", "23-19")


async def test_only_the_player_to_move_may_move(w: World) -> None:
    game = await start(w)
    assert await refused(play(w.desk, AT["ann"], None, "22-18")) == (
        "not_your_turn", {"side": Color.BLACK, "name": "Bob", "variant": "english"})
    assert await refused(play(w.desk, AT["cat"], game.id, "11-15")) == ("not_a_player", {"id": game.id})
    assert (await refused(play(w.desk, AT["cat"], None, "11-15")))[0] == "no_game"
    assert (await stored(w, game)).version == 0


async def test_an_illegal_move_is_refused_with_the_engines_reason_and_changes_nothing(w: World) -> None:
    game = await start(w)
    refusal = await play(w.desk, AT["bob"], None, "22-18")
    assert isinstance(refusal, MoveRefused) and not refusal.struck
    assert refusal.error.reason is Reason.OPPONENT_PIECE
    assert w.repo.writes["update_game"] == 0 and await stored(w, game) == game


async def test_the_second_illegal_move_loses_a_tournament_game(w: World) -> None:
    game = await start(w, tournament=True)
    typo = await play(w.desk, AT["bob"], None, "abc")  # not a move at all: no strike
    assert isinstance(typo, MoveRefused) and not typo.struck
    first = await play(w.desk, AT["bob"], None, "22-18")
    assert isinstance(first, MoveRefused) and first.struck and first.game.active
    assert (await stored(w, game)).strikes == (0, 1)
    second = await play(w.desk, AT["bob"], None, "22-18")
    assert isinstance(second, MoveRefused) and second.struck and second.ratings == ()  # too short to rate
    after = await stored(w, game)
    assert (after.status, after.result, after.ending) == (Status.FINISHED, Result.WHITE_WINS,
                                                          Ending.ILLEGAL_MOVES)
    assert await w.repo.active_game_for("test", "c1", "bob") is None  # the seats are free


async def test_a_move_that_ends_a_rated_game_returns_the_stored_rating_changes(w: World) -> None:
    game = await start(w, fen=KINGS)
    await moves(w, WIN[:-1])
    last = await play(w.desk, AT["bob"], None, WIN[-1])
    assert isinstance(last, Played) and len(WIN) >= MIN_RATED_PLIES
    assert (last.moved.game.result, last.moved.game.ending) == (Result.BLACK_WINS, Ending.NO_MOVES)
    ended = last.moved.game.finished_at
    assert ended == w.now
    assert last.ratings == (RatingChange("ann", NEWCOMER, ratings.update(NEWCOMER, NEWCOMER, 0.0, ended)),
                            RatingChange("bob", NEWCOMER, ratings.update(NEWCOMER, NEWCOMER, 1.0, ended)))
    for change in last.ratings:
        standing = await w.repo.rating("test", "c1", change.user_id, "english")
        assert standing is not None and (standing.glicko, standing.games) == (change.after, 1)
    assert not (await stored(w, game)).active


async def test_two_racing_moves_give_one_move_and_one_refusal(racing: World) -> None:
    w = racing
    game = await start(w)
    results = await asyncio.gather(play(w.desk, AT["bob"], None, "11-15"),
                                   play(w.desk, AT["bob"], None, "9-13"), return_exceptions=True)
    assert isinstance(results[0], Played)
    # Both read version 0; the second sees this process's newer save under the lock (no conflict).
    assert isinstance(results[1], Refusal) and results[1].key == "not_your_turn"
    assert (await stored(w, game)).moves == ("11-15",)


async def test_a_move_after_another_process_moved_reads_the_game_anew(w: World) -> None:
    game = await start(w)
    await moves(w, ("11-15",))
    theirs = Board("english")
    for text in ("11-15", "24-20"):
        theirs.push_str(text)
    behind = replace(await stored(w, game), moves=("11-15", "24-20"), fen=theirs.fen(), turn=theirs.turn)
    assert await w.repo.update_game(behind, expected_version=1) is not None
    played = await play(w.desk, AT["bob"], None, "8-11")
    assert isinstance(played, Played) and played.moved.game.version == 3
    assert (await stored(w, game)).moves == ("11-15", "24-20", "8-11")


async def test_a_change_saved_meanwhile_by_another_process_refuses_the_move_as_a_conflict(
        behind: World) -> None:
    w = behind
    game = await start(w)
    w.repo.behind = replace(game, offer=Offer.DRAW, offer_by=Color.WHITE)  # type: ignore[attr-defined]
    assert (await refused(play(w.desk, AT["bob"], None, "11-15")))[0] == "conflict"
    after = await stored(w, game)
    assert (after.version, after.moves, after.offer) == (1, (), Offer.DRAW)  # theirs, not ours


# -- offers ----------------------------------------------------------------------------------------------

async def test_resigning_a_rated_game_stores_the_ratings(w: World) -> None:
    await start(w)
    await moves(w, OPENING)
    changed = await offers.resign(w.desk, AT["ann"], None)
    assert (changed.color, changed.game.result, changed.game.ending) == (Color.WHITE, Result.BLACK_WINS,
                                                                         Ending.RESIGN)
    lost, won = (ratings.update(NEWCOMER, NEWCOMER, score, w.now) for score in (0.0, 1.0))
    assert [c.after for c in changed.ratings] == [lost, won] and won.rating > 1500.0 > lost.rating
    bob = await w.repo.rating("test", "c1", "bob", "english")
    assert bob is not None and bob.glicko == won and bob.wins == 1


async def test_draw_offers_are_refused_out_of_turn_twice_or_by_their_maker(w: World) -> None:
    await start(w)
    assert (await refused(offers.offer_draw(w.desk, AT["bob"], None)))[0] == "draw_after_own_move"
    assert (await refused(offers.accept_draw(w.desk, AT["ann"], None)))[0] == "no_draw_offer"
    await moves(w, ("11-15",))
    offered = await offers.offer_draw(w.desk, AT["bob"], None)
    assert (offered.game.offer, offered.game.offer_by) == (Offer.DRAW, Color.BLACK)
    assert (await refused(offers.offer_draw(w.desk, AT["bob"], None)))[0] == "offer_pending"
    assert (await refused(offers.accept_draw(w.desk, AT["bob"], None)))[0] == "own_offer"
    assert (await refused(offers.decline(w.desk, AT["bob"], None, Offer.DRAW)))[0] == "own_offer"


async def test_a_draw_offer_is_declined_or_accepted(w: World) -> None:
    game = await start(w)
    await moves(w, ("11-15",))
    await offers.offer_draw(w.desk, AT["bob"], None)
    declined = await offers.decline(w.desk, AT["ann"], None, Offer.DRAW)
    assert declined.game.offer is None and declined.game.active
    await moves(w, ("23-19", "8-11"))
    await offers.offer_draw(w.desk, AT["bob"], None)
    accepted = await offers.offer_draw(w.desk, AT["ann"], None)  # a counter-offer accepts
    assert (accepted.game.result, accepted.game.ending) == (Result.DRAW, Ending.AGREEMENT)
    assert not (await stored(w, game)).active


async def test_a_take_back_is_requested_then_accepted_or_declined(w: World) -> None:
    game = await start(w)
    await moves(w, ("11-15",))
    assert (await refused(offers.request_undo(w.desk, AT["ann"], None)))[0] == "undo_not_possible"
    assert (await refused(offers.accept_undo(w.desk, AT["ann"], None)))[0] == "no_undo_request"
    await offers.request_undo(w.desk, AT["bob"], None)
    assert (await refused(offers.accept_undo(w.desk, AT["bob"], None)))[0] == "own_offer"
    declined = await offers.decline(w.desk, AT["ann"], None, Offer.UNDO)
    assert declined.game.offer is None and declined.game.moves == ("11-15",)
    await offers.request_undo(w.desk, AT["bob"], None)
    back = await offers.accept_undo(w.desk, AT["ann"], None)
    assert (back.game.moves, back.game.turn, back.board.fen()) == ((), Color.BLACK, game.fen)
    assert (await stored(w, game)).moves == ()


async def test_the_waiting_player_claims_the_win_only_after_the_abandon_time(w: World) -> None:
    await start(w)  # Black (Bob) to move, Ann waiting
    w.now += 10 * HOUR
    key, values = await refused(offers.claim(w.desk, AT["ann"], None, abandon_after=24 * HOUR))
    assert (key, values["waiting"], values["name"], values["since"]) == ("claim_nothing", True, "Bob", 10.0)
    assert (await refused(offers.claim(w.desk, AT["bob"], None, 0.0)))[1]["waiting"] is False
    w.now += 14 * HOUR
    won = await offers.claim(w.desk, AT["ann"], None, abandon_after=24 * HOUR)
    assert (won.game.result, won.game.ending, won.game.finished_at) == (Result.WHITE_WINS, Ending.ABANDON,
                                                                        w.now)


# -- challenges ------------------------------------------------------------------------------------------

async def post(w: World, by: Player, to: Player | None,
               colour: ColourChoice = ColourChoice.RANDOM) -> Challenge:
    asker = Asker("test", "c1", by.user_id)
    return await challenges.post(w.desk, asker, by, to, Terms("english", colour), expiry=HOUR)


async def status(w: World, challenge: Challenge) -> ChallengeStatus:
    found = await w.repo.get_challenge(challenge.id)
    assert found is not None
    return found.status


async def test_posting_a_challenge_is_refused_to_oneself_busy_players_and_twice(w: World) -> None:
    assert (await refused(post(w, ANN, ANN)))[0] == "challenge_self"
    first = await post(w, ANN, BOB)
    assert await refused(post(w, ANN, None)) == ("challenge_pending", {"id": first.id})
    await start(w, white=BOB, black=Player("dan", "Dan"))
    assert await refused(post(w, CAT, BOB)) == ("challenge_busy_other", {"name": "Bob"})
    assert (await refused(post(w, BOB, CAT)))[0] == "challenge_busy_self"


async def test_accepting_gives_the_colours_chosen(w: World) -> None:
    challenge = await post(w, ANN, BOB, ColourChoice.BLACK)
    game = await challenges.accept(w.desk, "test", challenge.id, BOB)
    assert (game.white, game.black, game.challenge_id, game.rated) == (BOB, ANN, challenge.id, True)
    assert await status(w, challenge) is ChallengeStatus.ACCEPTED
    assert await refused(challenges.accept(w.desk, "test", challenge.id, BOB)) == ("challenge_gone", {})


@pytest.mark.parametrize(("seed", "challenger"), [(0, "black"), (1, "white")])
async def test_a_random_colour_is_a_toss_of_the_desks_rng(w: World, seed: int, challenger: str) -> None:
    assert (random.Random(seed).random() < 0.5) == (challenger == "white")
    w.desk.rng.seed(seed)
    game = await challenges.accept(w.desk, "test", (await post(w, ANN, None)).id, BOB)
    assert (game.white if challenger == "white" else game.black) == ANN


async def test_accept_is_refused_to_the_challenger_others_and_the_seated(w: World) -> None:
    challenge = await post(w, ANN, BOB)
    assert (await refused(challenges.accept(w.desk, "test", challenge.id, ANN)))[0] == "challenge_own"
    assert await refused(challenges.accept(w.desk, "test", challenge.id, CAT)) == (
        "challenge_not_for_you", {"name": "Bob"})
    seated = await start(w, white=BOB, black=CAT)
    assert await refused(challenges.accept(w.desk, "test", challenge.id, BOB)) == (
        "challenge_busy_self", {"id": seated.id})
    assert await status(w, challenge) is ChallengeStatus.OPEN


async def test_decline_and_cancel_close_the_challenge(w: World) -> None:
    to_bob, to_all = await post(w, ANN, BOB), await post(w, CAT, None)
    assert (await refused(challenges.decline(w.desk, "test", to_bob.id, CAT)))[0] == "challenge_not_for_you"
    assert (await refused(challenges.decline(w.desk, "test", to_all.id, BOB)))[0] == "no_challenge"
    assert (await refused(challenges.cancel(w.desk, "test", to_bob.id, BOB)))[0] == (
        "challenge_nothing_to_cancel")
    await challenges.decline(w.desk, "test", to_bob.id, BOB)
    await challenges.cancel(w.desk, "test", to_all.id, CAT)
    assert [await status(w, to_bob), await status(w, to_all)] == [ChallengeStatus.DECLINED,
                                                                  ChallengeStatus.CANCELLED]
    assert await challenges.pending(w.desk, AT["ann"]) == []
    assert await refused(challenges.cancel(w.desk, "test", to_all.id, CAT)) == ("challenge_gone", {})


async def test_a_challenge_expires_by_the_clock_and_the_sweep_closes_it_once(
        w: World, make_bot: Callable[..., BotPlayer]) -> None:
    challenge = await post(w, ANN, BOB)
    sweep = Sweep(w.desk, Timing(HOUR, 100 * HOUR, 200 * HOUR, 60.0), w.announce, make_bot())
    w.now += HOUR
    assert await challenges.pending(w.desk, AT["bob"]) == []
    assert await refused(challenges.accept(w.desk, "test", challenge.id, BOB)) == ("challenge_gone", {})
    await sweep.run()
    await sweep.run()
    assert [type(s) for s in w.said] == [ChallengeExpired]
    assert await status(w, challenge) is ChallengeStatus.EXPIRED


async def test_for_answer_and_accept_candidates_prefer_challenges_to_the_user(w: World) -> None:
    to_all, to_bob, dans = await post(w, ANN, None), await post(w, CAT, BOB), await post(
        w, Player("dan", "Dan"), None)
    pending = await challenges.pending(w.desk, AT["bob"])
    assert challenges.for_answer(pending, "bob") == to_bob
    assert challenges.for_answer(pending, "bob", challenge_id=to_all.id) == to_all
    assert challenges.for_answer(pending, "bob", challenger_id="ann") == to_all
    assert challenges.for_answer(pending, "bob", challenger_id="bob") is None
    assert challenges.accept_candidates(pending, "bob") == [to_bob]
    assert challenges.accept_candidates(pending, "ann") == [dans]  # not her own
    assert challenges.accept_candidates(pending, "eve") == [dans, to_all]  # newest first


# -- people ----------------------------------------------------------------------------------------------

async def test_people_are_found_by_mention_handle_or_unique_name(w: World) -> None:
    await people.Memory(w.repo).note("test", "c1", [Person("u2", "Bobby B", handle="@Bobby")], w.now)
    find = people.find
    assert await find(w.repo, AT["ann"], [], mentions=(Person("u9", "Zed"),)) == Player("u9", "Zed")
    assert await find(w.repo, AT["ann"], ["@BOBBY"]) == Player("u2", "Bobby B")
    assert await find(w.repo, AT["ann"], ["bobby", "b"]) == Player("u2", "Bobby B")
    assert await find(w.repo, AT["ann"], [], replied=Person("u3", "Rae")) == Player("u3", "Rae")
    assert await find(w.repo, AT["ann"], []) is None
    assert await people.known(w.repo, AT["ann"], "BOBBY  b")
    assert not await people.known(w.repo, AT["ann"], "Bob")


async def test_a_name_two_people_share_or_nobody_has_is_refused(w: World) -> None:
    memory = people.Memory(w.repo)
    await memory.note("test", "c1", [Person("u1", "Bob"), Person("u2", "Bo\u200bb")], w.now)
    await memory.note("test", "c1", [Person("u1", "Bob")], w.now)  # written once per process
    assert w.repo.writes["note_name"] == 2
    assert await refused(people.find(w.repo, AT["ann"], ["Bob"])) == ("person-ambiguous", {"name": "Bob"})
    assert await refused(people.find(w.repo, AT["ann"], ["Eve"])) == ("unknown_person", {"name": "Eve"})
    assert (await refused(people.find(w.repo, AT["ann"], ["@eve"])))[0] == "unknown_person"


async def test_console_users_are_their_names(w: World) -> None:
    console = Asker("console", "local", "ann")
    assert await people.find(w.repo, console, ["@Zed"]) == Player("Zed", "Zed")
    assert w.repo.reads == Counter()


# -- the built-in opponent and reviews -------------------------------------------------------------------

async def test_the_bot_moves_first_when_it_has_black_and_refuses_a_seated_player(
        w: World, make_bot: Callable[..., BotPlayer]) -> None:
    player = make_bot()
    game = await player.start(AT["ann"], ANN, "english", Color.WHITE, level=2)
    await w.desk.idle()
    after = await stored(w, game)
    assert (after.black.is_bot, len(after.moves), after.turn, after.rated) == (True, 1, Color.WHITE, False)
    assert [type(s) for s in w.said] == [BotMoved]
    assert await refused(player.start(AT["ann"], ANN, "english", Color.BLACK, 1)) == (
        "challenge_busy_self", {"id": game.id})


@pytest.mark.parametrize("draw", [True, False])
async def test_the_bot_answers_a_draw_offer_as_its_thinker_judges(
        w: World, make_bot: Callable[..., BotPlayer], draw: bool) -> None:
    player = make_bot(draw)
    game = await player.start(AT["ann"], ANN, "english", Color.BLACK, level=1)  # Ann to move
    answer = await player.answer_offer(AT["ann"], game)
    if draw:
        assert not isinstance(answer, DrawDeclined) and answer.game.ending is Ending.AGREEMENT
        assert not (await stored(w, game)).active
    else:
        assert answer == DrawDeclined(game) and await stored(w, game) == game


def test_a_game_in_progress_is_reviewed_only_against_the_bot_and_by_its_player() -> None:
    game = Game(1, "test", "c1", "english", ANN, BOB, "", "", Color.BLACK)
    with pytest.raises(Refusal, match="review_game_running"):
        Reviewer.check(game, "ann")
    finished = replace(game, status=Status.FINISHED)
    with pytest.raises(Refusal, match="review_no_moves"):
        Reviewer.check(finished, "cat")
    Reviewer.check(replace(finished, moves=("11-15",)), "cat")  # anyone may review a finished game
    against_bot = replace(game, bot_level=1, moves=("11-15",))
    Reviewer.check(against_bot, "ann")
    with pytest.raises(Refusal, match="not_a_player"):
        Reviewer.check(against_bot, "cat")


async def test_a_hint_is_given_only_in_a_bot_game_and_recorded_once_per_position(
        w: World, make_bot: Callable[..., BotPlayer], analyst: Analyst) -> None:
    reviewer = Reviewer(w.desk, analyst, ReviewLimits(None, None, 0.1))  # type: ignore[arg-type]
    human = await start(w, white=CAT, black=Player("dan", "Dan"))
    assert (await refused(reviewer.hint(AT["cat"], human.id)))[0] == "hint_human_game"
    game = await make_bot().start(AT["ann"], ANN, "english", Color.BLACK, level=1)
    hinted = await reviewer.hint(AT["ann"], None)
    assert hinted.move in hinted.board.legal_moves and hinted.hints == 1
    assert (await reviewer.hint(AT["ann"], game.id)).hints == 1  # the same position
    assert (await refused(reviewer.hint(AT["bob"], game.id)))[0] == "not_a_player"
