"""Filling the ratings from the stored games, when a migration asks for it (migration 5 does: SQL cannot
compute Glicko-2).

A row in `pending_rebuilds` says the rebuild is due. Each backend checks for it inside the transaction
that migrates (SQLite's write transaction, PostgreSQL's under the migration lock), so of several
processes opening the database at once exactly one rebuilds, and the migration and the rebuild commit
together or not at all. The rebuild replays every finished rated game in the order the games ended
(then by id) through `rows.rated`, the computation a game's end makes, so the ratings are the ones
playing those games today would give.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.domain.glicko import Rating
from bot.domain.model import Result
from bot.storage.repository import RatingRule
from bot.storage.rows import rated
from engine import Color

PENDING = "SELECT 1 FROM pending_rebuilds WHERE name = 'ratings'"
DONE = "DELETE FROM pending_rebuilds WHERE name = 'ratings'"
CLEAR = "DELETE FROM ratings"
GAMES = (
    "SELECT platform, channel_id, variant, white_id, white_name, black_id, black_name, result,"
    " COALESCE(finished_at, updated_at) FROM games WHERE status = 'finished' AND rated <> 0"
    " AND result <> '*' ORDER BY COALESCE(finished_at, updated_at), id"
)
INSERT = (
    "INSERT INTO ratings (platform, channel_id, variant, user_id, name, rating, deviation, volatility,"
    " rated_at, games, wins, losses, draws) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


@dataclass
class _Row:
    name: str
    rating: Rating
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    def count(self, name: str, rating: Rating, score: float) -> None:
        self.name, self.rating, self.games = name, rating, self.games + 1
        self.wins += score == 1.0
        self.losses += score == 0.0
        self.draws += score == 0.5


def replay(rule: RatingRule, games: Iterable[Iterable[Any]]) -> list[tuple[Any, ...]]:
    """The values of `INSERT` for every rating the games of `GAMES` (in its order) make."""
    rows: dict[tuple[str, str, str, str], _Row] = {}
    for platform, channel, variant, white_id, white_name, black_id, black_name, stored, ended in games:
        result = Result(stored)
        white_key, black_key = (platform, channel, variant, white_id), (platform, channel, variant, black_id)
        white = rows.setdefault(white_key, _Row(white_name, rule.initial))
        black = rows.setdefault(black_key, _Row(black_name, rule.initial))
        after = rated(rule, result, float(ended), white.rating, black.rating)
        white.count(white_name, after[0], result.score(Color.WHITE))
        black.count(black_name, after[1], result.score(Color.BLACK))
    return [(*key, row.name, row.rating.rating, row.rating.deviation, row.rating.volatility, row.rating.at,
             row.games, row.wins, row.losses, row.draws) for key, row in rows.items()]

