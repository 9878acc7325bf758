"""Ratings as players read them: rounded, `?` while provisional, the change a game made; a person's
ratings per variant (`stats`) and a variant's leaderboard."""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain.model import Game, RatingChange, Standing
from bot.domain.ratings import provisional
from bot.flows.records import Leaders
from bot.presentation import catalogue


def shown(rating: float, deviation: float) -> str:
    """A rating rounded, with `?` while it is provisional.

    >>> shown(1523.4, 200.0), shown(1523.6, 80.0)
    ('1523?', '1524')
    """
    return f"{round(rating)}{'?' if provisional(deviation) else ''}"


def change(before: float, after: float) -> str:
    """The change between two ratings as shown (rounded each), signed; a minus sign, not a hyphen.

    >>> change(1500.0, 1513.6), change(1500.4, 1490.0), change(1500.0, 1500.2)
    ('+14', '−10', '+0')
    """
    return f"{round(after) - round(before):+d}".replace("-", "−")


def rating_line(lang: str, game: Game, ratings: Sequence[RatingChange]) -> str:
    """The players' new ratings in the game's variant and the change, as the update computed them."""
    changes = ", ".join(
        catalogue.say(lang, "rating_change_one", name=game.player(color).name,
                      rating=shown(found.after.rating, found.after.deviation),
                      change=change(found.before.rating, found.after.rating))
        for found in ratings if (color := game.color_of(found.user_id)) is not None)
    return catalogue.say(lang, "rating_change", changes=changes)


def stats_lines(lang: str, ratings: Sequence[Standing]) -> list[str]:
    """A person's ratings here, one line per variant, and what `?` means when one is provisional."""
    if not ratings:
        return [catalogue.say(lang, "stats_unrated")]
    lines = [catalogue.say(lang, "stats_ratings")]
    for standing in ratings:
        lines.append(catalogue.say(
            lang, "stats_rating", variant=catalogue.variant_title(lang, standing.variant),
            rating=shown(standing.rating, standing.deviation), rated=standing.games, wins=standing.wins,
            draws=standing.draws, losses=standing.losses))
    if any(provisional(standing.deviation) for standing in ratings):
        lines.append(catalogue.say(lang, "rating_provisional_note"))
    return lines


def leaderboard_text(lang: str, leaders: Leaders) -> str:
    """A variant's leaderboard: its settled ratings, and how many players are still provisional."""
    variant = catalogue.variant_title(lang, leaders.variant)
    if not leaders.settled and not leaders.provisional:
        return catalogue.say(lang, "leaderboard_empty", variant=variant)
    if leaders.settled:
        lines = [catalogue.say(lang, "leaderboard_header", variant=variant)]
    else:
        lines = [catalogue.say(lang, "leaderboard_none_settled", variant=variant)]
    for rank, row in enumerate(leaders.settled, 1):
        lines.append(catalogue.say(lang, "leaderboard_line", rank=rank, name=row.name,
                                   rating=shown(row.rating, row.deviation), games=row.games, wins=row.wins,
                                   losses=row.losses, draws=row.draws))
    if leaders.provisional:
        lines.append(catalogue.say(lang, "leaderboard_provisional", count=leaders.provisional))
    return "\n".join(lines)
