"""The pure changes to a game (bot/domain/transitions.py) on real engine boards: what each returns, and
the refusal (key and values) it raises when the rules or the game's state do not allow it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.domain import transitions
from bot.domain.model import Claim, Ending, Game, Offer, Player, Result, Status
from bot.domain.ratings import MIN_RATED_PLIES
from bot.domain.transitions import Moved, Note, Refusal
from engine import Board, Color

ANN, BOB = Player("ann", "Ann"), Player("bob", "Bob")  # Ann has White, Bob Black (English: Black first)
KINGS = "B:WK28:BK1"  # a king each, Black to move
CYCLE = ("1-5", "28-32", "5-1", "32-28")  # back to the same position, Black to move


def position(moves: tuple[str, ...], *, fen: str | None = None,
             variant: str = "english") -> tuple[Board, Game]:
    """The board after `moves` from `fen` (the start if None), and the game that reached it."""
    board = Board(variant, fen=fen)
    start = board.fen()
    for text in moves:
        board.push_str(text)
    game = Game(1, "test", "c1", variant, ANN, BOB, start, board.fen(), board.turn, moves=moves,
                updated_at=100.0)
    return board, game


def play(game: Game, board: Board, text: str, *, offer_draw: bool = False, claim_draw: bool = False,
         now: float = 200.0) -> Moved:
    """`text` played in the game: pushed on a copy of the board, then recorded."""
    after = board.copy()
    move = after.parse_move(text)
    after.push(move)
    return transitions.play(game, after, move, offer_draw=offer_draw, now=now, claim_draw=claim_draw)


def refusal(error: pytest.ExceptionInfo[Refusal]) -> tuple[str, dict[str, object]]:
    return error.value.key, error.value.values


# -- seat and finish ---------------------------------------------------------------------------------

def test_seat_gives_the_players_side_and_refuses_spectators_and_finished_games() -> None:
    _, game = position(())
    assert transitions.seat(game, "ann") is Color.WHITE and transitions.seat(game, "bob") is Color.BLACK
    with pytest.raises(Refusal) as spectator:
        transitions.seat(game, "cat")
    assert refusal(spectator) == ("not_a_player", {"id": 1})
    with pytest.raises(Refusal) as finished:
        transitions.seat(replace(game, status=Status.FINISHED), "ann")
    assert refusal(finished) == ("game_finished", {"id": 1})
    with pytest.raises(Refusal, match="not_a_player"):  # a spectator is told so, finished or not
        transitions.seat(replace(game, status=Status.FINISHED), "cat")


def test_finish_ends_the_game_and_clears_offers_and_claims() -> None:
    board, game = position(("11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20"))
    assert len(game.moves) == MIN_RATED_PLIES
    standing = replace(game, offer=Offer.DRAW, offer_by=Color.WHITE, claim_noted=Claim.THREEFOLD)
    done = transitions.finish(standing, Result.BLACK_WINS, Ending.RESIGN, 300.0)
    assert (done.status, done.result, done.ending) == (Status.FINISHED, Result.BLACK_WINS, Ending.RESIGN)
    assert (done.finished_at, done.updated_at, done.rated) == (300.0, 300.0, True)
    assert (done.offer, done.offer_by, done.claim_noted) == (None, None, None)
    assert (done.moves, done.fen, done.version) == (game.moves, board.fen(), game.version)
    assert not transitions.finish(replace(game, rated=False), Result.DRAW, Ending.AGREEMENT, 300.0).rated


def test_a_game_shorter_than_the_rated_minimum_ends_unrated() -> None:
    _, game = position(("11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18"))
    assert len(game.moves) == MIN_RATED_PLIES - 1 and game.rated
    done = transitions.finish(game, Result.WHITE_WINS, Ending.RESIGN, 300.0)
    assert not done.rated and done.result is Result.WHITE_WINS


# -- play ----------------------------------------------------------------------------------------------

def test_a_move_is_recorded_with_the_position_after_it() -> None:
    board, game = position(())
    moved = play(replace(game, reminded=2), board, "11-15")
    after = Board("english")
    after.push_str("11-15")
    assert (moved.mover, str(moved.move), moved.notes, moved.claim) == (Color.BLACK, "11-15", (), None)
    new = moved.game
    assert (new.moves, new.fen, new.turn, new.updated_at) == (("11-15",), after.fen(), Color.WHITE, 200.0)
    assert new.reminded == 0 and new.active and new.offer is None and new.version == game.version


def test_a_move_declines_the_opponents_draw_offer_or_undo_request() -> None:
    board, game = position(("11-15",))  # White to move; Bob (Black) has just moved
    for offer, note in ((Offer.DRAW, Note.DRAW_DECLINED), (Offer.UNDO, Note.UNDO_DECLINED)):
        moved = play(replace(game, offer=offer, offer_by=Color.BLACK), board, "23-19")
        assert moved.notes == (note,) and (moved.game.offer, moved.game.offer_by) == (None, None)


def test_a_move_may_come_with_a_draw_offer() -> None:
    board, game = position(("11-15",))
    moved = play(game, board, "23-19", offer_draw=True)
    assert moved.notes == (Note.DRAW_OFFERED,)
    assert (moved.game.offer, moved.game.offer_by) == (Offer.DRAW, Color.WHITE)
    both = play(replace(game, offer=Offer.DRAW, offer_by=Color.BLACK), board, "23-19", offer_draw=True)
    assert both.notes == (Note.DRAW_DECLINED, Note.DRAW_OFFERED) and both.game.offer_by is Color.WHITE


def test_a_move_that_leaves_no_moves_wins_and_offers_nothing() -> None:
    board, game = position((), fen="W:W10:B6")  # White takes Black's last piece
    moved = play(replace(game, offer=Offer.DRAW, offer_by=Color.BLACK), board, "10x1", offer_draw=True)
    done = moved.game
    assert (done.status, done.result, done.ending) == (Status.FINISHED, Result.WHITE_WINS, Ending.NO_MOVES)
    assert (done.offer, done.finished_at, done.rated) == (None, 200.0, False)  # one move: too short to rate
    assert moved.notes == (Note.DRAW_DECLINED,) and moved.mover is Color.WHITE


def test_an_automatic_draw_ends_the_game() -> None:
    cycle = ("50-45", "6-1", "45-50", "1-6")
    board, game = position(cycle + cycle[:3], fen="W:WK36,K50:BK6", variant="international")
    moved = play(game, board, "1-6")  # the third time: drawn by the rules, no claim needed
    assert (moved.game.result, moved.game.ending, moved.game.active) == (Result.DRAW, Ending.THREEFOLD, False)


def test_an_english_repetition_is_noted_once_and_can_be_claimed_with_the_move() -> None:
    board, game = position(CYCLE + CYCLE[:3], fen=KINGS)
    moved = play(game, board, "32-28")  # the same position a third time: the opponent may claim
    assert moved.claim is Claim.THREEFOLD and moved.game.claim_noted is Claim.THREEFOLD
    assert moved.game.active and moved.game.result is Result.ONGOING
    again = play(replace(game, claim_noted=Claim.THREEFOLD), board, "32-28")
    assert again.claim is None and again.game.claim_noted is Claim.THREEFOLD  # not news any more
    claimed = play(game, board, "32-28", claim_draw=True)
    done = claimed.game
    assert (done.result, done.ending, done.active) == (Result.DRAW, Ending.CLAIM_THREEFOLD, False)
    assert claimed.claim is Claim.THREEFOLD and done.moves[-1] == "32-28"


def test_claiming_a_draw_with_a_move_that_makes_none_is_refused() -> None:
    board, game = position(())
    with pytest.raises(Refusal) as refused:
        play(game, board, "11-15", claim_draw=True)
    assert refusal(refused) == ("claim_move_nothing", {"move": "11-15"})


# -- strikes, resigning, draws -------------------------------------------------------------------------

def test_the_second_illegal_move_attempt_loses() -> None:
    _, game = position(())
    once = transitions.strike(game, Color.BLACK, 200.0)
    assert once.strikes == (0, 1) and once.active
    other = transitions.strike(once, Color.WHITE, 210.0)
    assert other.strikes == (1, 1) and other.active  # each side's attempts count apart
    twice = transitions.strike(other, Color.BLACK, 220.0)
    assert twice.strikes == (1, 2) and not twice.active
    assert (twice.result, twice.ending, twice.finished_at) == (Result.WHITE_WINS, Ending.ILLEGAL_MOVES, 220.0)


def test_resigning_gives_the_opponent_the_game() -> None:
    _, game = position(("11-15",))
    for color, result in ((Color.WHITE, Result.BLACK_WINS), (Color.BLACK, Result.WHITE_WINS)):
        done = transitions.resign(game, color, 300.0)
        assert (done.result, done.ending, done.finished_at) == (result, Ending.RESIGN, 300.0)
        assert not done.active


def test_a_draw_offer_comes_after_ones_own_move_and_one_at_a_time() -> None:
    _, start = position(())
    _, game = position(("11-15",))  # Black has moved; White to move
    offered = transitions.offer_draw(game, Color.BLACK)
    assert (offered.offer, offered.offer_by) == (Offer.DRAW, Color.BLACK)
    for refused_game, color in ((game, Color.WHITE), (start, Color.WHITE), (start, Color.BLACK)):
        with pytest.raises(Refusal) as refused:  # on one's own turn, or before anyone has moved
            transitions.offer_draw(refused_game, color)
        assert refusal(refused) == ("draw_after_own_move", {})
    for pending in (Offer.DRAW, Offer.UNDO):
        with pytest.raises(Refusal) as refused:
            transitions.offer_draw(replace(game, offer=pending, offer_by=Color.WHITE), Color.BLACK)
        assert refusal(refused) == ("offer_pending", {})
    against_bot = transitions.offer_draw(start, Color.BLACK, any_turn=True)  # the bot answers at once
    assert (against_bot.offer, against_bot.offer_by) == (Offer.DRAW, Color.BLACK)


def test_accepting_a_draw_needs_the_opponents_offer() -> None:
    _, game = position(("11-15",))
    offered = replace(game, offer=Offer.DRAW, offer_by=Color.BLACK)
    done = transitions.accept_draw(offered, Color.WHITE, 300.0)
    assert (done.result, done.ending, done.active, done.offer) == (Result.DRAW, Ending.AGREEMENT, False, None)
    for refused_game, color, key in ((game, Color.WHITE, "no_draw_offer"),
                                     (replace(offered, offer=Offer.UNDO), Color.WHITE, "no_draw_offer"),
                                     (offered, Color.BLACK, "own_offer")):
        with pytest.raises(Refusal) as refused:
            transitions.accept_draw(refused_game, color, 300.0)
        assert refusal(refused) == (key, {})
    agreed = transitions.agree_draw(game, 310.0)
    assert (agreed.result, agreed.ending, agreed.finished_at) == (Result.DRAW, Ending.AGREEMENT, 310.0)


def test_declining_needs_a_standing_offer_of_that_kind_from_the_opponent() -> None:
    _, game = position(("11-15",))
    offered = replace(game, offer=Offer.DRAW, offer_by=Color.BLACK)
    declined = transitions.decline(offered, Color.WHITE, Offer.DRAW)
    assert (declined.offer, declined.offer_by, declined.active) == (None, None, True)
    asked = replace(game, offer=Offer.UNDO, offer_by=Color.BLACK)
    assert transitions.decline(asked, Color.WHITE, Offer.UNDO).offer is None
    cases = ((game, Color.WHITE, Offer.DRAW, "no_draw_offer"),
             (game, Color.WHITE, Offer.UNDO, "no_undo_request"),
             (offered, Color.WHITE, Offer.UNDO, "no_undo_request"),  # not the kind that stands
             (asked, Color.WHITE, Offer.DRAW, "no_draw_offer"),
             (offered, Color.BLACK, Offer.DRAW, "own_offer"))
    for refused_game, color, kind, key in cases:
        with pytest.raises(Refusal) as refused:
            transitions.decline(refused_game, color, kind)
        assert refusal(refused) == (key, {})


# -- taking moves back ---------------------------------------------------------------------------------

def test_an_undo_is_asked_for_right_after_ones_own_move() -> None:
    _, start = position(())
    _, game = position(("11-15",))
    asked = transitions.request_undo(game, Color.BLACK)
    assert (asked.offer, asked.offer_by) == (Offer.UNDO, Color.BLACK)
    for refused_game, color, key in ((game, Color.WHITE, "undo_not_possible"),
                                     (start, Color.WHITE, "undo_not_possible"),
                                     (replace(game, offer=Offer.DRAW, offer_by=Color.BLACK), Color.BLACK,
                                      "offer_pending")):
        with pytest.raises(Refusal) as refused:
            transitions.request_undo(refused_game, color)
        assert refusal(refused) == (key, {})


def test_an_undo_is_accepted_only_by_the_opponent_of_who_asked() -> None:
    _, game = position(("11-15",))
    asked = replace(game, offer=Offer.UNDO, offer_by=Color.BLACK)
    transitions.check_undo_accept(asked, Color.WHITE)  # allowed: no refusal
    for refused_game, color, key in ((game, Color.WHITE, "no_undo_request"),
                                     (replace(asked, offer=Offer.DRAW), Color.WHITE, "no_undo_request"),
                                     (asked, Color.BLACK, "own_offer")):
        with pytest.raises(Refusal) as refused:
            transitions.check_undo_accept(refused_game, color)
        assert refusal(refused) == (key, {})


def test_taking_back_restores_the_position_and_notes_a_claimable_draw() -> None:
    board, game = position(("11-15", "23-19"))
    asked = replace(game, offer=Offer.UNDO, offer_by=Color.WHITE, reminded=1)
    after = board.copy()
    after.pop()
    back = transitions.take_back(asked, after, 1, 300.0)
    assert (back.moves, back.fen, back.turn) == (("11-15",), after.fen(), Color.WHITE)
    assert (back.offer, back.offer_by, back.updated_at, back.reminded, back.claim_noted) == (
        None, None, 300.0, 0, None)
    two = board.copy()
    two.pop()
    two.pop()
    assert transitions.take_back(game, two, 2, 300.0).moves == ()
    board, game = position((*CYCLE, *CYCLE, "1-5"), fen=KINGS)
    after = board.copy()
    after.pop()  # back to the position seen for the third time
    assert transitions.take_back(game, after, 1, 300.0).claim_noted is Claim.THREEFOLD


def test_against_the_bot_a_take_back_is_on_ones_own_turn_after_two_moves() -> None:
    _, game = position(("11-15", "23-19"))  # Black to move
    transitions.bot_take_back(game, Color.BLACK)  # allowed: no refusal
    _, one = position(("11-15",))
    for refused_game, color in ((game, Color.WHITE), (one, Color.WHITE), (position(())[1], Color.BLACK)):
        with pytest.raises(Refusal) as refused:
            transitions.bot_take_back(refused_game, color)
        assert refusal(refused) == ("undo_not_possible", {})


# -- claims --------------------------------------------------------------------------------------------

def test_an_english_threefold_repetition_is_claimed_as_a_draw() -> None:
    board, game = position(CYCLE + CYCLE, fen=KINGS)  # Black to move, the position a third time
    assert transitions.claimable(board) is Claim.THREEFOLD
    done = transitions.claim(game, Color.BLACK, board, 300.0, abandon_after=3600.0)
    assert (done.result, done.ending, done.finished_at, done.active) == (
        Result.DRAW, Ending.CLAIM_THREEFOLD, 300.0, False)


def test_the_opponents_long_silence_is_claimed_as_a_win() -> None:
    board, game = position(("11-15",))  # White to move: Bob (Black) waits on Ann
    done = transitions.claim(game, Color.BLACK, board, 100.0 + 3600.0, abandon_after=3600.0)
    assert (done.result, done.ending, done.finished_at) == (Result.BLACK_WINS, Ending.ABANDON, 3700.0)


def test_a_claim_with_nothing_to_claim_is_refused_with_the_waiting_time() -> None:
    board, game = position(("11-15",))
    with pytest.raises(Refusal) as early:
        transitions.claim(game, Color.BLACK, board, 100.0 + 1800.0, abandon_after=7200.0)
    assert refusal(early) == ("claim_nothing", {"automatic_draws": False, "waiting": True, "name": "Ann",
                                                "hours": 2.0, "since": 0.5})
    with pytest.raises(Refusal) as own_turn:  # Ann is to move: she waits on no one
        transitions.claim(game, Color.WHITE, board, 100.0 + 9000.0, abandon_after=7200.0)
    assert refusal(own_turn) == ("claim_nothing", {"automatic_draws": False, "waiting": False, "name": "Bob",
                                                   "hours": 2.0, "since": 2.5})
    board, game = position((), variant="international")
    with pytest.raises(Refusal) as automatic:
        transitions.claim(game, Color.BLACK, board, 100.0, abandon_after=3600.0)
    assert refusal(automatic)[1]["automatic_draws"] is True
