"""Glicko-2, as Mark Glickman describes it in "Example of the Glicko-2 system"
(glicko.net/glicko/glicko2.pdf): a rating, its deviation (how unsure it is) and its volatility (how
erratic the player's results are).

Values are kept on the Glicko scale (a newcomer 1500 / 350); the steps work on the Glicko-2 scale
(mu = (r - 1500) / 173.7178, phi = RD / 173.7178). Pure arithmetic: the choices Tammi makes (rating
period, bounds, when a rating is provisional) are in `bot.domain.ratings`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # 400 / ln 10: one Glicko-2 unit in Glicko points
CENTRE = 1500.0
EPSILON = 0.000001  # the volatility iteration's tolerance (the paper's)


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale; `at` is when it last changed (seconds), None for a
    newcomer's."""

    rating: float = CENTRE
    deviation: float = 350.0
    volatility: float = 0.06
    at: float | None = None


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def grown(deviation: float, volatility: float, periods: float) -> float:
    """The deviation after `periods` rating periods without games (the paper's step 6, over any number
    of periods): sqrt(phi^2 + periods * sigma^2), on the Glicko scale.

    >>> round(grown(50.0, 0.06, 1.0), 2)
    51.07
    """
    phi = deviation / SCALE
    return math.sqrt(phi * phi + periods * volatility * volatility) * SCALE


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, results: Sequence[tuple[Rating, float]], *, tau: float, periods: float = 1.0,
         ceiling: float = math.inf) -> Rating:
    """The player's rating after one rating period with `results` (each opponent's rating at the start of
    the period and the player's score against them: 1, 0.5 or 0), steps 2 to 8 of the paper. The
    deviation grows by `periods` periods before the results count (the paper: 1), to at most `ceiling`.
    No results: only the growth.

    >>> after = rate(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
    ...                                        (Rating(1700, 300), 0.0)], tau=0.5)
    >>> round(after.rating, 1), round(after.deviation, 2), round(after.volatility, 6)
    (1464.1, 151.52, 0.059996)
    """
    if not results:
        return Rating(player.rating, min(ceiling, grown(player.deviation, player.volatility, periods)),
                      player.volatility, player.at)
    mu, phi, sigma = (player.rating - CENTRE) / SCALE, player.deviation / SCALE, player.volatility
    opponents = [((opponent.rating - CENTRE) / SCALE, opponent.deviation / SCALE, score)
                 for opponent, score in results]
    v = 1.0 / sum(_g(phi_j) ** 2 * (e := _expected(mu, mu_j, phi_j)) * (1.0 - e)
                  for mu_j, phi_j, _ in opponents)
    improvement = sum(_g(phi_j) * (score - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, score in opponents)
    sigma_new = _volatility(v * improvement, phi, v, sigma, tau)
    phi_star = min(ceiling / SCALE, math.sqrt(phi * phi + periods * sigma_new * sigma_new))
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(mu_new * SCALE + CENTRE, phi_new * SCALE, sigma_new, player.at)
