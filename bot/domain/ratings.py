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


class Elo:
    """The rating rule the storage applies when a rated game finishes."""

    initial = INITIAL

    @staticmethod
    def update(rating: float, games: int, opponent: float, score: float) -> float:
        return update(rating, games, opponent, score)
