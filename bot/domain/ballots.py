"""The 3-move ballots of English checkers: the openings WCDF and ACF match play draws a game's first three
moves from (`data/ballots_english.tsv`, package data read once). Barred openings (lost by force) are not
in the deck.

>>> first = ballot(1)
>>> first.number, first.moves, first.text
(1, ('9-13', '21-17', '5-9'), '9-13 21-17 5-9')
>>> len(deck())
157
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class Ballot:
    """One opening: its number in the list, its three moves (Red's first) and the position after them."""

    number: int
    moves: tuple[str, ...]
    fen: str
    barred: bool = False

    @property
    def text(self) -> str:
        return " ".join(self.moves)


@functools.cache
def _all() -> dict[int, Ballot]:
    text = resources.files("bot.domain").joinpath("data", "ballots_english.tsv").read_text(encoding="utf-8")
    found: dict[int, Ballot] = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#") or line.startswith("number\t"):
            continue
        number, moves, status, fen = line.split("\t")
        found[int(number)] = Ballot(int(number), tuple(moves.split()), fen.strip(), status == "barred")
    return found


def ballot(number: int) -> Ballot:
    """The ballot with this number (in play or barred); KeyError for a number the list does not have."""
    return _all()[number]


def deck() -> tuple[Ballot, ...]:
    """The ballots in play, by number."""
    return tuple(found for _, found in sorted(_all().items()) if not found.barred)


def draw(rng: random.Random, used: Collection[int] = ()) -> Ballot:
    """A ballot drawn from the deck, leaving out those `used` already (the whole deck again once every
    ballot has been drawn)."""
    left = [found for found in deck() if found.number not in used] or list(deck())
    return rng.choice(left)
