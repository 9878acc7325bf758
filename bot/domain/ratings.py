"""The ratings Tammi keeps: Glicko-2 (`bot.domain.glicko`), one rating per person, channel and variant.

The choices, lichess's where it has made one:
- A newcomer starts at 1500, deviation 350, volatility 0.06 (Glickman's suggested values); tau is 0.75.
- Every rated game updates both players at once (as lichess does), not once per calendar period. The
  time since a player's last rated game counts in rating periods of `PERIOD_DAYS` = 4 days (lichess:
  about 4.7), and the deviation grows by that many periods first (sqrt(phi^2 + t * sigma^2)). So a
  player settled at deviation 50 who is away a year comes back at about 111, provisional again, while a
  game a month keeps a rating settled (below 100). The opponent counts with their deviation grown to the
  game's time in the same way.
- The deviation stays between 45 and 350 (lichess's floor keeps a rating moving; never less sure than a
  newcomer).
- A rating whose deviation is `PROVISIONAL` (110, as lichess) or more is provisional: shown `1523?` and
  kept off the leaderboard until it settles.
"""

from __future__ import annotations

from bot.domain.glicko import Rating, grown, rate

MIN_RATED_PLIES = 8  # games shorter than four moves by each side are not rated
PERIOD_DAYS = 4.0
PERIOD = PERIOD_DAYS * 86400.0  # seconds
TAU = 0.75
PROVISIONAL = 110.0
MIN_DEVIATION = 45.0
MAX_DEVIATION = 350.0
NEWCOMER = Rating()


def periods(rating: Rating, at: float) -> float:
    """The rating periods from the rating's last change to `at` (none for a newcomer's)."""
    if rating.at is None:
        return 0.0
    return max(0.0, at - rating.at) / PERIOD


def deviation_at(rating: Rating, at: float) -> float:
    """The deviation at time `at`: grown with the time since the rating last changed, at most 350.

    >>> round(deviation_at(Rating(1600, 50, 0.06, at=0.0), 365 * 86400.0))
    111
    """
    return min(MAX_DEVIATION, grown(rating.deviation, rating.volatility, periods(rating, at)))


def provisional(deviation: float) -> bool:
    """Whether a rating with this deviation is still provisional."""
    return deviation >= PROVISIONAL


def update(player: Rating, opponent: Rating, score: float, at: float) -> Rating:
    """The player's rating after a game that ended at `at` with `score` (1, 0.5 or 0) against `opponent`
    (both as they were before it).

    >>> after = update(NEWCOMER, NEWCOMER, 1.0, 100.0)
    >>> round(after.rating), round(after.deviation), after.at
    (1662, 290, 100.0)
    """
    now = Rating(opponent.rating, deviation_at(opponent, at), opponent.volatility)
    before = Rating(player.rating, min(MAX_DEVIATION, player.deviation), player.volatility)
    after = rate(before, [(now, score)], tau=TAU, periods=periods(player, at), ceiling=MAX_DEVIATION)
    return Rating(after.rating, max(MIN_DEVIATION, after.deviation), after.volatility, at)


class Glicko2:
    """The rating rule the storage applies when a rated game ends (`bot.storage.repository.RatingRule`)."""

    initial = NEWCOMER

    @staticmethod
    def update(player: Rating, opponent: Rating, score: float, at: float) -> Rating:
        return update(player, opponent, score, at)
