"""Pairing a tournament's rounds. Pure: players in, pairs out.

**Round robin** by the circle method with the colours of Berger tables: the players in seed order (and
an empty place when their number is odd: who meets it has the round off), the last one fixed, the
others turning by half the field each round; the fixed player changes colour every round, and every
player ends with as many Whites as Blacks, or one more of either. A double round robin plays the whole
schedule twice, the second time with colours reversed.

**Swiss**, a simplified Dutch system. Players are ranked by score, then seed. The top-ranked unpaired
player takes the first opponent in this order whom they have not met: in their score group, the player
half the group below them (the top half meets the bottom half, the first of each in order), then the
rest of the group downwards, then the group's players above that one going up, then the next groups in
rank order (so a player left over floats down to the next group, and meets its top first). A choice that
leaves the others unpairable is undone and the next one tried (backtracking). With an odd number of
players the lowest-ranked one who has not had a bye has it. The colours: a pairing is first looked for
in which nobody's Whites and Blacks come to differ by two (the absolute rule); when there is none, any
pairing without a repeat is taken; a repeat only when the round cannot be paired otherwise. Of a pair,
the player with fewer Whites so far has White, else the one who had Black last, else the higher ranked
has the colour that alternates their own (in round 1 the higher seeds have White on odd boards).

>>> [(p.white, p.black) for p in round_robin(["a", "b", "c", "d"], 1)]
[('a', 'd'), ('b', 'c')]
>>> [(p.white, p.black) for p in round_robin(["a", "b", "c"], 1)]
[('a', None), ('b', 'c')]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import Color

STEPS = 200_000  # tries before a pairing attempt gives up (a pathological field falls to the next rule)


@dataclass(frozen=True)
class Pair:
    """Two players of a round, White first; `black` None: `white` has the round off (a bye)."""

    white: str
    black: str | None = None

    @property
    def bye(self) -> bool:
        return self.black is None


def round_robin_rounds(players: int, *, double: bool = False) -> int:
    """The rounds a round robin of `players` takes (one more for an odd field: everyone rests once).

    >>> round_robin_rounds(4), round_robin_rounds(5), round_robin_rounds(4, double=True)
    (3, 5, 6)
    """
    single = players - 1 if players % 2 == 0 else players
    return single * (2 if double else 1)


def round_robin(players: Sequence[str], number: int, *, double: bool = False) -> list[Pair]:
    """Round `number` (from 1) of the round robin of `players` (in seed order): board 1 first, the bye
    (if any) as a pair of its own."""
    places: list[str | None] = [*players, None] if len(players) % 2 else list(players)
    size = len(places)
    turning, half = size - 1, size // 2
    single = round_robin_rounds(len(players))
    if not 1 <= number <= single * (2 if double else 1):
        raise ValueError(f"a round robin of {len(players)} has no round {number}")
    reverse = number > single
    index = (number - 1) % single
    start = index * half % turning
    order = [places[(start + step) % turning] for step in range(turning)]
    fixed = places[-1]
    seats: list[tuple[str | None, str | None]] = [(order[0], fixed) if index % 2 == 0 else (fixed, order[0])]
    seats += [(order[step], order[turning - step]) for step in range(1, half)]
    pairs = []
    for white, black in seats:
        if reverse:
            white, black = black, white
        if white is None or black is None:
            pairs.append(Pair(white or black or ""))
        else:
            pairs.append(Pair(white, black))
    return pairs


def swiss_rounds(players: int) -> int:
    """The usual number of Swiss rounds for a field: enough to find a sole winner, ceil(log2(n)).

    >>> swiss_rounds(7), swiss_rounds(8), swiss_rounds(9), swiss_rounds(2)
    (3, 3, 4, 1)
    """
    return max(1, math.ceil(math.log2(max(players, 2))))


@dataclass(frozen=True)
class Contender:
    """A player as the Swiss pairing sees them: score, seed (1 the highest), the opponents met, the
    colours played (in order) and whether they have had a bye."""

    user_id: str
    score: float
    seed: int
    opponents: frozenset[str] = frozenset()
    colours: tuple[Color, ...] = ()
    had_bye: bool = False

    @property
    def balance(self) -> int:
        """Whites less Blacks so far."""
        return sum(1 if colour is Color.WHITE else -1 for colour in self.colours)


@dataclass
class _Budget:
    left: int = STEPS
    spent: bool = field(default=False)

    def take(self) -> bool:
        self.left -= 1
        self.spent = self.left < 0
        return not self.spent


def swiss(contenders: Sequence[Contender]) -> list[Pair]:
    """The next Swiss round for `contenders` (the players still in): pairs on boards in rank order, the
    bye (if any) last. Raises ValueError for fewer than two players."""
    if len(contenders) < 2:
        raise ValueError("a round needs two players")
    ranked = sorted(contenders, key=lambda c: (-c.score, c.seed))
    byes: list[Contender | None] = [None]
    if len(ranked) % 2:
        fresh = [c for c in reversed(ranked) if not c.had_bye]
        byes = list(fresh or reversed(ranked))
    for strict, repeats in ((True, False), (False, False), (False, True)):
        for bye in byes:
            field_ = [c for c in ranked if c is not bye]
            found = _pair(field_, strict=strict, repeats=repeats, budget=_Budget())
            if found is not None:
                pairs = [_colours(first, second, board) for board, (first, second) in enumerate(found, 1)]
                return pairs + ([Pair(bye.user_id)] if bye is not None else [])
    raise ValueError("no pairing")  # unreachable: with repeats allowed any even field pairs


def _pair(ranked: list[Contender], *, strict: bool, repeats: bool,
          budget: _Budget) -> list[tuple[Contender, Contender]] | None:
    if not ranked:
        return []
    top, rest = ranked[0], ranked[1:]
    for other in _candidates(top, rest):
        if not repeats and other.user_id in top.opponents:
            continue
        if strict and not _colours_fit(top, other):
            continue
        if not budget.take():
            return None
        found = _pair([c for c in rest if c is not other], strict=strict, repeats=repeats, budget=budget)
        if found is not None:
            return [(top, other), *found]
        if budget.spent:
            return None
    return None


def _candidates(top: Contender, rest: list[Contender]) -> list[Contender]:
    """`top`'s opponents in the order of preference (see the module's description)."""
    group = [c for c in rest if c.score == top.score]
    if not group:  # `top` floated down: the next group, its top first
        return rest
    first = (len(group) + 1) // 2 - 1  # the bottom half's first, counting `top` in the group
    preferred = group[first:] + group[:first][::-1]
    return preferred + [c for c in rest if c.score != top.score]


def _colours_fit(first: Contender, second: Contender) -> bool:
    """Whether both can have a colour that keeps their Whites and Blacks within one of each other."""
    return not ((first.balance > 0 and second.balance > 0) or (first.balance < 0 and second.balance < 0))


def _colours(first: Contender, second: Contender, board: int) -> Pair:
    """The pair with colours given: the higher ranked player is `first`."""
    if first.balance != second.balance:
        white = first if first.balance < second.balance else second
    elif first.colours and second.colours and first.colours[-1] is not second.colours[-1]:
        white = first if first.colours[-1] is Color.BLACK else second
    elif first.colours or second.colours:  # the higher ranked (or the one who has played) alternates
        lead, other = (first, second) if first.colours else (second, first)
        white = lead if lead.colours[-1] is Color.BLACK else other
    else:
        white = first if board % 2 else second
    black = second if white is first else first
    return Pair(white.user_id, black.user_id)
