"""Elo ratings for finished rated games.

A new player starts at 1500. The K factor is 40 for a player's first ten rated games and 20 after, so
ratings settle quickly and then move slowly.
"""

from __future__ import annotations

INITIAL = 1500.0
MIN_RATED_PLIES = 8  # games shorter than four moves by each side are not rated


def expected(rating: float, opponent: float) -> float:
    """The expected score (0..1) of a player against an opponent.

    >>> round(expected(1500, 1500), 2)
    0.5
    """
    return float(1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0)))


def k_factor(games: int) -> float:
    """How far one game moves a player who has played `games` rated games before it."""
    return 40.0 if games < 10 else 20.0


def update(rating: float, games: int, opponent: float, score: float) -> float:
    """The new rating after scoring `score` (1, 0.5 or 0) against `opponent`.

    >>> update(1500, 0, 1500, 1.0)
    1520.0
    """
    return rating + k_factor(games) * (score - expected(rating, opponent))


def before(white: float, white_games: int, black: float, black_games: int,
           white_score: float) -> tuple[float, float]:
    """The two ratings before a rated game, from those after it (`*_games` counted with the game), so
    a reply can show the change. Found by bisection: the update is monotonic in the score's surprise.

    >>> white, black = update(1500, 0, 1600, 1.0), update(1600, 12, 1500, 0.0)
    >>> [round(value, 6) for value in before(white, 1, black, 13, 1.0)]
    [1500.0, 1600.0]
    """
    k_white, k_black = k_factor(white_games - 1), k_factor(black_games - 1)
    low, high = -1.0, 1.0
    for _ in range(60):
        surprise = (low + high) / 2  # white's score minus white's expected score, before the game
        gap = white - black - (k_white + k_black) * surprise
        if surprise < white_score - expected(gap, 0.0):
            low = surprise
        else:
            high = surprise
    surprise = (low + high) / 2
    return white - k_white * surprise, black + k_black * surprise


class Elo:
    """The rating rule the storage applies when a rated game finishes."""

    initial = INITIAL

    @staticmethod
    def update(rating: float, games: int, opponent: float, score: float) -> float:
        return update(rating, games, opponent, score)
