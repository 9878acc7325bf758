"""Tournaments as values (bot.domain.tournaments): joining, starting, planning rounds, standings and
their tie-breaks on hand-checked examples."""

from __future__ import annotations

import pytest

from bot.domain.model import Player, Result
from bot.domain.tournaments import (
    Entrant,
    Format,
    Pairing,
    Planned,
    Stage,
    Terms,
    Tournament,
    check_join,
    check_leave,
    checked,
    over,
    plan,
    rounds_to_play,
    seeds,
    standings,
)
from bot.domain.transitions import Refusal

ANN = Player("ann", "Ann")
WHITE, BLACK, DRAW = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW


def tournament(names: str, format_: Format = Format.ROUND_ROBIN, *, stage: Stage = Stage.RUNNING,
               rounds: int | None = None, round_: int = 1, withdrawn: str = "",
               double: bool = False) -> Tournament:
    players = tuple(Entrant(name, name.upper(), seed, name in withdrawn)
                    for seed, name in enumerate(names, 1))
    return Tournament(1, "test", "c1", ANN, Terms(format_, "english", rounds, double), stage, 0.0, round_,
                      players=players)


def game(round_: int, board: int, white: str, black: str, result: Result) -> Pairing:
    return Pairing(round_, board, white, black, game_id=round_ * 10 + board, result=result,
                   finished=result is not Result.ONGOING)


def test_round_robin_standings_with_sonneborn_berger() -> None:
    """a beat b, drew c, lost to d; b beat c and d; c drew d. Points: b 2, a 1.5, d 1.5, c 1. SB: a = b's 2
    + half of c's 1 = 2.5; b = c's 1 + d's 1.5 = 2.5; d = a's 1.5 + half of c's 1 = 2; c = half of a's
    1.5 + half of d's 1.5 = 1.5."""
    found = [game(1, 1, "a", "d", BLACK), game(1, 2, "b", "c", WHITE), game(2, 1, "d", "c", DRAW),
             game(2, 2, "a", "b", WHITE), game(3, 1, "b", "d", WHITE), game(3, 2, "c", "a", DRAW)]
    lines = standings(tournament("abcd", round_=3), found)
    assert [(line.place, line.entrant.user_id, line.points, line.tiebreaks) for line in lines] == [
        (1, "b", 2.0, (2.5,)), (2, "a", 1.5, (2.5,)), (3, "d", 1.5, (2.0,)), (4, "c", 1.0, (1.5,))]
    assert [(line.played, line.wins, line.draws, line.losses) for line in lines] == [
        (3, 2, 0, 1), (3, 1, 1, 1), (3, 1, 1, 1), (3, 0, 2, 1)]


def test_swiss_standings_with_buchholz_and_median_buchholz() -> None:
    """Round 1: a beat b, c drew d, e's bye. Round 2: a beat c, b beat e, d's bye. Round 3: d beat a, c beat
    e, b's bye. Points: d 2.5, a 2, b 2, c 1.5, e 1 (a bye scores 1). Buchholz over the games played:
    a = b 2 + c 1.5 + d 2.5 = 6 (median: 2); b = a 2 + e 1 = 3 (fewer than three opponents: 3);
    c = d 2.5 + a 2 + e 1 = 5.5 (median 2); d = c 1.5 + a 2 = 3.5; e = b 2 + c 1.5 = 3.5."""
    bye = Pairing
    found = [game(1, 1, "a", "b", WHITE), game(1, 2, "c", "d", DRAW), bye(1, 3, "e", None),
             game(2, 1, "a", "c", WHITE), game(2, 2, "e", "b", BLACK), bye(2, 3, "d", None),
             game(3, 1, "a", "d", BLACK), game(3, 2, "c", "e", WHITE), bye(3, 3, "b", None)]
    lines = standings(tournament("abcde", Format.SWISS, rounds=3, round_=3), found)
    assert [(line.place, line.entrant.user_id, line.points, line.tiebreaks) for line in lines] == [
        (1, "d", 2.5, (3.5, 3.5)), (2, "a", 2.0, (6.0, 2.0)), (3, "b", 2.0, (3.0, 3.0)),
        (4, "c", 1.5, (5.5, 2.0)), (5, "e", 1.0, (3.5, 3.5))]
    assert [line.played for line in lines] == [2, 3, 2, 3, 2]  # byes are not games


def test_equal_lines_share_a_place_and_the_game_in_play_is_marked() -> None:
    found = [game(1, 1, "a", "b", DRAW), game(1, 2, "c", "d", Result.ONGOING)]
    lines = standings(tournament("abcd"), found)
    assert [(line.place, line.entrant.user_id, line.playing) for line in lines] == [
        (1, "a", False), (1, "b", False), (3, "c", True), (3, "d", True)]


def test_a_round_robin_round_off_scores_nothing_and_a_swiss_bye_one_point() -> None:
    rest = [Pairing(1, 2, "c", None)]
    assert [line.points for line in standings(tournament("abc"), rest) if line.entrant.user_id == "c"] == [0]
    assert [line.points for line in standings(tournament("abc", Format.SWISS), rest)
            if line.entrant.user_id == "c"] == [1]


def test_the_round_robin_plan_gives_forfeits_against_who_withdrew() -> None:
    entered = tournament("abcd", withdrawn="d", round_=1)
    assert plan(entered, [], 2) == [Planned(1, "d", "c", BLACK),
                                     Planned(2, "a", "b")]
    gone = tournament("abcd", withdrawn="cd")
    assert plan(gone, [], 2) == [Planned(1, "a", "b")]  # both of board 1 gone: no board


def test_the_swiss_plan_leaves_out_who_withdrew() -> None:
    entered = tournament("abcde", Format.SWISS, rounds=3, withdrawn="e")
    boards = plan(entered, [], 1)
    assert all(b.needs_game for b in boards) and len(boards) == 2
    assert {b.white for b in boards} | {b.black for b in boards} == {"a", "b", "c", "d"}


def test_joining_and_leaving() -> None:
    open_ = tournament("ab", stage=Stage.OPEN, round_=0)
    check_join(open_, "c")
    with pytest.raises(Refusal) as refused:
        check_join(open_, "a")
    assert refused.value.key == "tournament_already_in"
    with pytest.raises(Refusal) as refused:
        check_join(tournament("ab"), "c")
    assert refused.value.key == "tournament_not_open"
    full = tournament("abcdef", stage=Stage.OPEN, double=True)
    with pytest.raises(Refusal) as refused:
        check_join(full, "g")
    assert (refused.value.key, refused.value.values) == ("tournament_full", {"max": 6})
    assert check_leave(open_, "a").user_id == "a"
    for gone in (tournament("ab", withdrawn="a"), tournament("ab", stage=Stage.FINISHED)):
        with pytest.raises(Refusal):
            check_leave(gone, "a")


def test_rounds_to_play_and_the_refused_starts() -> None:
    def start(names: str, format_: Format = Format.ROUND_ROBIN, rounds: int | None = None,
              double: bool = False) -> int:
        return rounds_to_play(tournament(names, format_, stage=Stage.OPEN, rounds=rounds, double=double))

    assert (start("abcd"), start("abcde"), start("abcd", double=True)) == (3, 5, 6)
    swiss = Format.SWISS
    assert (start("abcdefg", swiss), start("ab", swiss), start("abc", swiss)) == (3, 1, 2)
    assert start("abcdefg", Format.SWISS, rounds=5) == 5
    with pytest.raises(Refusal) as refused:
        start("abcd", Format.SWISS, rounds=4)
    assert (refused.value.key, refused.value.values["max"]) == ("tournament_rounds_too_many", 3)
    with pytest.raises(Refusal) as refused:
        start("a")
    assert refused.value.key == "tournament_too_few"


def test_terms_that_cannot_be_played_are_refused() -> None:
    for terms, key in ((Terms(Format.ROUND_ROBIN, rounds=3), "tournament_rounds_swiss_only"),
                       (Terms(Format.SWISS, double=True), "tournament_double_round_robin_only"),
                       (Terms(Format.SWISS, rounds=50), "tournament_rounds_range"),
                       (Terms(days=0), "tournament_days_range"), (Terms(days=31), "tournament_days_range")):
        with pytest.raises(Refusal) as refused:
            checked(terms)
        assert refused.value.key == key
    assert checked(Terms(Format.SWISS, rounds=4, days=7)).days == 7


def test_seeds_go_by_rating_then_the_join_order() -> None:
    seeded = seeds(tournament("abcd", stage=Stage.OPEN), {"c": 1700.0, "b": 1500.0, "d": 1500.0})
    assert [(e.user_id, e.seed) for e in seeded] == [("c", 1), ("b", 2), ("d", 3), ("a", 4)]


def test_a_tournament_is_over_after_its_last_round() -> None:
    last = tournament("ab", Format.SWISS, rounds=1, round_=1)
    assert not over(last, [game(1, 1, "a", "b", Result.ONGOING)])
    assert over(last, [game(1, 1, "a", "b", DRAW)])
    early = tournament("abc", Format.SWISS, rounds=2, round_=1, withdrawn="bc")
    assert over(early, [game(1, 1, "a", "b", WHITE), Pairing(1, 2, "c", None)])
