"""Glicko-2: Glickman's worked example, the deviation growing over idle time, the volatility, and the
choices of `bot.domain.ratings` (bounds, provisional ratings, one game's update)."""

from __future__ import annotations

import pytest

from bot.domain import ratings
from bot.domain.glicko import Rating, grown, rate

DAY = 86400.0
YEAR = 365 * DAY


def test_glickmans_worked_example() -> None:
    """The paper's example: a 1500/200 player (volatility 0.06, tau 0.5) beats a 1400/30 player and loses
    to 1550/100 and 1700/300 ones in one rating period."""
    player = Rating(1500.0, 200.0, 0.06)
    results = [(Rating(1400.0, 30.0), 1.0), (Rating(1550.0, 100.0), 0.0), (Rating(1700.0, 300.0), 0.0)]
    after = rate(player, results, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_grows_the_deviation() -> None:
    idle = rate(Rating(1500.0, 200.0, 0.06), [], tau=0.5)
    assert idle.rating == 1500.0 and idle.volatility == 0.06
    assert idle.deviation == pytest.approx(200.0 * (1 + (0.06 * 173.7178 / 200.0) ** 2) ** 0.5)


def test_the_deviation_grows_with_time_without_games() -> None:
    """A settled player (deviation 50) away a month is a little less sure; away a year, provisional
    again; away for decades, no less sure than a newcomer."""
    settled = Rating(1600.0, 50.0, 0.06, at=0.0)
    month, year = ratings.deviation_at(settled, 30 * DAY), ratings.deviation_at(settled, YEAR)
    assert ratings.deviation_at(settled, 0.0) == 50.0
    assert 50.0 < month < ratings.PROVISIONAL < year < 120.0
    assert ratings.provisional(year) and not ratings.provisional(month)
    assert ratings.deviation_at(settled, 2 * YEAR) > year
    assert ratings.deviation_at(settled, 30 * YEAR) == ratings.MAX_DEVIATION
    # The growth is the paper's step 6 over the periods that passed: 4 days each.
    assert year == pytest.approx(grown(50.0, 0.06, 365 / ratings.PERIOD_DAYS))
    assert ratings.deviation_at(Rating(1600.0, 50.0, 0.06), YEAR) == 50.0  # a newcomer's has no age


def test_a_game_after_a_long_break_moves_the_rating_more() -> None:
    opponent = Rating(1500.0, 60.0, 0.06, at=YEAR)
    player = Rating(1500.0, 60.0, 0.06, at=0.0)
    soon = ratings.update(player, opponent, 1.0, 1 * DAY)
    late = ratings.update(player, opponent, 1.0, YEAR)
    assert late.rating - 1500.0 > 2 * (soon.rating - 1500.0) > 0
    assert late.at == YEAR and soon.at == DAY


def test_volatility_rises_with_an_upset_and_falls_with_expected_results() -> None:
    strong, weak = Rating(1800.0, 60.0, 0.06, at=0.0), Rating(1200.0, 60.0, 0.06, at=0.0)
    upset = ratings.update(strong, weak, 0.0, 0.0)
    expected = ratings.update(strong, weak, 1.0, 0.0)
    assert upset.volatility > 0.06 > expected.volatility
    assert upset.rating < 1800.0 < expected.rating < 1801.0
    # A player whose results keep surprising becomes volatile, and their rating moves faster.
    erratic = strong
    for game in range(6):
        erratic = ratings.update(erratic, weak, 0.0 if game % 2 == 0 else 1.0, 0.0)
    assert erratic.volatility > upset.volatility


def test_deviation_bounds_and_one_games_update() -> None:
    newcomer = ratings.NEWCOMER
    assert (newcomer.rating, newcomer.deviation, newcomer.volatility, newcomer.at) == (1500.0, 350.0, 0.06,
                                                                                      None)
    won = ratings.update(newcomer, newcomer, 1.0, 100.0)
    lost = ratings.update(newcomer, newcomer, 0.0, 100.0)
    # Equal newcomers: the winner gains what the loser drops; both are surer, still provisional.
    assert won.rating - 1500.0 == pytest.approx(1500.0 - lost.rating) and won.rating > 1600.0
    assert won.deviation == lost.deviation < 350.0 and ratings.provisional(won.deviation)
    assert won.at == 100.0
    sure = Rating(1500.0, 45.0, 0.06, at=100.0)
    assert ratings.update(sure, sure, 0.5, 100.0).deviation == ratings.MIN_DEVIATION
    unsure = Rating(1500.0, 349.0, 0.2, at=0.0)
    assert ratings.deviation_at(unsure, YEAR) == ratings.MAX_DEVIATION


def test_a_rating_settles_after_games_against_settled_players() -> None:
    player, opponent, at = ratings.NEWCOMER, Rating(1500.0, 60.0, 0.06), 0.0
    games = 0
    while ratings.provisional(player.deviation):
        at += DAY
        player = ratings.update(player, Rating(opponent.rating, opponent.deviation, 0.06, at), 0.5, at)
        games += 1
    assert 5 <= games <= 15 and player.deviation < ratings.PROVISIONAL
    assert not ratings.provisional(ratings.PROVISIONAL - 0.01) and ratings.provisional(ratings.PROVISIONAL)
