"""Tournaments in a channel: their stages, who plays, the rules of opening, joining, leaving and starting,
each round's plan (pairings from `bot.domain.pairing`; forfeits for players who withdrew) and the
standings with the format's tie-breaks. Pure: values in, values out, `Refusal` for what is not allowed.

Scoring: a win 1, a draw 1/2, a loss 0; a game lost on time or by withdrawal is a loss. A Swiss bye
scores 1 (the round off is not the player's choice); a round robin's round off scores nothing (everyone
has one in an odd field). A game a player's opponent no longer plays because they withdrew (round
robin: the rounds after the withdrawal) is won by forfeit: 1 point, no game.

Tie-breaks, after points:
- round robin: Sonneborn-Berger, the points of every opponent beaten plus half the points of every
  opponent drawn with (their final points, game by game);
- Swiss: Buchholz, the sum of the points of the opponents met, then median Buchholz, the same less the
  highest and the lowest of them (with three or more opponents).
Only games played count for tie-breaks: byes and forfeits without a game add no opponent. Then the seed.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from bot.domain import pairing
from bot.domain.model import NewGame, Player, Result
from bot.domain.transitions import Refusal
from engine import Color

MIN_PLAYERS = 2
MAX_DOUBLE = 6  # a double round robin, for up to this many players
MAX_DAYS = 30
MAX_ROUNDS = 20
DAYS = 3  # days per move unless the organiser says
DAY = 86400.0


class Format(enum.StrEnum):
    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"


MAX_PLAYERS = {Format.ROUND_ROBIN: 16, Format.SWISS: 64}


class Stage(enum.StrEnum):
    OPEN = "open"  # taking players
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Terms:
    """What the organiser chose: the format, the rules, the rounds (Swiss; None for the usual number),
    a double round robin, and the days each player has per move."""

    format: Format = Format.ROUND_ROBIN
    variant: str = "english"
    rounds: int | None = None
    double: bool = False
    days: int = DAYS


def checked(terms: Terms) -> Terms:
    """The terms, or a refusal naming what cannot be played."""
    if terms.rounds is not None and terms.format is not Format.SWISS:
        raise Refusal("tournament_rounds_swiss_only")
    if terms.double and terms.format is not Format.ROUND_ROBIN:
        raise Refusal("tournament_double_round_robin_only")
    if terms.rounds is not None and not 1 <= terms.rounds <= MAX_ROUNDS:
        raise Refusal("tournament_rounds_range", max=MAX_ROUNDS)
    if not 1 <= terms.days <= MAX_DAYS:
        raise Refusal("tournament_days_range", max=MAX_DAYS)
    return terms


@dataclass(frozen=True)
class Entrant:
    """A player of a tournament: their id and name, their seed (1 the highest: the join order, then at
    the start their rating here), and whether they have withdrawn."""

    user_id: str
    name: str
    seed: int
    withdrawn: bool = False

    @property
    def player(self) -> Player:
        return Player(self.user_id, self.name)


@dataclass(frozen=True)
class NewTournament:
    platform: str
    channel_id: str
    organiser: Player
    terms: Terms
    created_at: float


@dataclass(frozen=True)
class Tournament:
    """A tournament as stored. `round` is the round being played (0 before the start); `terms.rounds`
    is, once it has started, the number of rounds it plays."""

    id: int
    platform: str
    channel_id: str
    organiser: Player
    terms: Terms
    stage: Stage
    created_at: float
    round: int = 0
    started_at: float | None = None
    finished_at: float | None = None
    players: tuple[Entrant, ...] = ()

    @property
    def current(self) -> bool:
        """Whether it is still open or being played."""
        return self.stage in (Stage.OPEN, Stage.RUNNING)

    @property
    def rounds(self) -> int:
        """The rounds it plays (once started; before, the ones asked for or 0)."""
        return self.terms.rounds or 0

    def entrant(self, user_id: str) -> Entrant | None:
        return next((entrant for entrant in self.players if entrant.user_id == user_id), None)

    @property
    def playing(self) -> tuple[Entrant, ...]:
        """The players who have not withdrawn, in seed order."""
        return tuple(entrant for entrant in self.seeded if not entrant.withdrawn)

    @property
    def seeded(self) -> tuple[Entrant, ...]:
        return tuple(sorted(self.players, key=lambda entrant: entrant.seed))


@dataclass(frozen=True)
class Pairing:
    """One board of a round: White, Black (None: White has the round off), the game (None for a bye or a
    forfeit), its result (a forfeit's is stored; a bye's stays ONGOING) and whether it is over, and the
    round's ballot (English)."""

    round: int
    board: int
    white: str
    black: str | None
    game_id: int | None = None
    result: Result = Result.ONGOING
    finished: bool = True
    ballot: int | None = None

    @property
    def bye(self) -> bool:
        return self.black is None

    def color_of(self, user_id: str) -> Color | None:
        if user_id == self.white:
            return Color.WHITE
        return Color.BLACK if user_id == self.black else None

    def opponent(self, user_id: str) -> str | None:
        return self.black if user_id == self.white else self.white


@dataclass(frozen=True)
class Planned:
    """A board of a round to pair: White, Black (None: a bye), and the result when it is decided without
    a game (an opponent who withdrew loses by forfeit)."""

    board: int
    white: str
    black: str | None = None
    forfeit: Result | None = None

    @property
    def needs_game(self) -> bool:
        return self.black is not None and self.forfeit is None


@dataclass(frozen=True)
class NewBoard:
    """A board as it is stored: its pairing, and the game to start on it (None for a bye or a forfeit,
    whose result is `forfeit`)."""

    board: int
    white: str
    black: str | None
    game: NewGame | None = None
    forfeit: Result | None = None


@dataclass(frozen=True)
class NewRound:
    """Round `number` of a tournament, to be stored at once: its ballot, its boards with their games,
    and the players it was paired for (`playing`: the ids of those who had not withdrawn; the round is
    not stored if that has changed since). Round 1 starts the tournament: `seeds` and `rounds` are fixed
    with it."""

    tournament_id: int
    number: int
    ballot: int | None
    boards: tuple[NewBoard, ...]
    playing: frozenset[str]
    paired_at: float
    seeds: tuple[Entrant, ...] = ()
    rounds: int | None = None


# -- the tournament's life ------------------------------------------------------------------------


def check_join(tournament: Tournament, user_id: str) -> None:
    if tournament.stage is not Stage.OPEN:
        raise Refusal("tournament_not_open", id=tournament.id)
    if tournament.entrant(user_id) is not None:
        raise Refusal("tournament_already_in", id=tournament.id)
    if len(tournament.players) >= max_players(tournament.terms):
        raise Refusal("tournament_full", max=max_players(tournament.terms))


def max_players(terms: Terms) -> int:
    return MAX_DOUBLE if terms.double else MAX_PLAYERS[terms.format]


def check_leave(tournament: Tournament, user_id: str) -> Entrant:
    """The entrant who leaves: before the start they are taken off, during play they withdraw."""
    entrant = tournament.entrant(user_id)
    if not tournament.current or entrant is None or entrant.withdrawn:
        raise Refusal("tournament_not_in", id=tournament.id)
    return entrant


def check_manage(tournament: Tournament, user_id: str, manager: bool, key: str) -> None:
    """Refuses (`key`) anyone but the organiser or a manager of the channel."""
    if not (manager or tournament.organiser.user_id == user_id):
        raise Refusal(key, name=tournament.organiser.name)


def rounds_to_play(tournament: Tournament) -> int:
    """The rounds the tournament plays with its players now; refuses a start it cannot make."""
    if tournament.stage is not Stage.OPEN:
        raise Refusal("tournament_not_open", id=tournament.id)
    count = len(tournament.players)
    if count < MIN_PLAYERS:
        raise Refusal("tournament_too_few", min=MIN_PLAYERS)
    terms = tournament.terms
    if terms.format is Format.ROUND_ROBIN:
        return pairing.round_robin_rounds(count, double=terms.double)
    most = count - 1 if count > 2 else 1
    if terms.rounds is not None and terms.rounds > most:
        raise Refusal("tournament_rounds_too_many", rounds=terms.rounds, players=count, max=most)
    return terms.rounds or min(pairing.swiss_rounds(count), most)


def seeds(tournament: Tournament, ratings: Mapping[str, float]) -> tuple[Entrant, ...]:
    """The players seeded for the start: the highest rating here first, then the join order."""
    order = sorted(tournament.players, key=lambda entrant: (-ratings.get(entrant.user_id, 0.0), entrant.seed))
    return tuple(replace(entrant, seed=place) for place, entrant in enumerate(order, 1))


def plan(tournament: Tournament, pairings: Sequence[Pairing], number: int) -> list[Planned]:
    """Round `number`'s boards, given the pairings of the rounds before."""
    terms = tournament.terms
    if terms.format is Format.ROUND_ROBIN:
        ids = [entrant.user_id for entrant in tournament.seeded]
        pairs = pairing.round_robin(ids, number, double=terms.double)
    else:
        pairs = pairing.swiss(contenders(tournament, pairings))
    gone = {entrant.user_id for entrant in tournament.players if entrant.withdrawn}
    planned: list[Planned] = []
    for pair in pairs:
        white_gone, black_gone = pair.white in gone, pair.black in gone
        if (pair.bye and white_gone) or (white_gone and black_gone):
            continue
        forfeit = None
        if not pair.bye and (white_gone or black_gone):
            forfeit = Result.BLACK_WINS if white_gone else Result.WHITE_WINS
        planned.append(Planned(len(planned) + 1, pair.white, pair.black, forfeit))
    return planned


def contenders(tournament: Tournament, pairings: Sequence[Pairing]) -> list[pairing.Contender]:
    """The players still in, as the Swiss pairing sees them."""
    points = scores(tournament, pairings)
    found = []
    for entrant in tournament.playing:
        mine = [p for p in sorted(pairings, key=lambda p: p.round) if p.color_of(entrant.user_id)]
        opponents = frozenset(other for p in mine if (other := p.opponent(entrant.user_id)) is not None)
        colours = tuple(colour for p in mine if p.game_id is not None
                        and (colour := p.color_of(entrant.user_id)) is not None)
        found.append(pairing.Contender(entrant.user_id, points.get(entrant.user_id, 0.0), entrant.seed,
                                       opponents, colours, any(p.bye for p in mine)))
    return found


def round_over(pairings: Sequence[Pairing], number: int) -> bool:
    """Whether every board of round `number` is decided (its game over)."""
    return all(p.finished for p in pairings if p.round == number)


def over(tournament: Tournament, pairings: Sequence[Pairing]) -> bool:
    """Whether a running tournament has played its last round (or has too few players left to go on)."""
    if not round_over(pairings, tournament.round):
        return False
    return tournament.round >= tournament.rounds or len(tournament.playing) < MIN_PLAYERS


# -- standings --------------------------------------------------------------------------------------


def _points(tournament: Tournament, found: Pairing, user_id: str) -> float | None:
    """What `user_id` scored on a board (None: not decided, or no result)."""
    color = found.color_of(user_id)
    if color is None:
        return None
    if found.bye:
        return 1.0 if tournament.terms.format is Format.SWISS else 0.0
    if found.result is Result.ONGOING:
        return None
    return found.result.score(color)


def scores(tournament: Tournament, pairings: Sequence[Pairing]) -> dict[str, float]:
    """Each player's points."""
    totals = {entrant.user_id: 0.0 for entrant in tournament.players}
    for found in pairings:
        for user_id in (found.white, found.black):
            if user_id is not None and (scored := _points(tournament, found, user_id)) is not None:
                totals[user_id] = totals.get(user_id, 0.0) + scored
    return totals


@dataclass(frozen=True)
class Line:
    """A player's line in the standings: place (shared when points and tie-breaks are equal), points,
    games with a result (forfeits too, not byes), wins, draws, losses, the tie-breaks, and whether a
    game of the current round is still going on."""

    place: int
    entrant: Entrant
    points: float
    played: int
    wins: int
    draws: int
    losses: int
    tiebreaks: tuple[float, ...]
    playing: bool = False


def tiebreak_names(format_: Format) -> tuple[str, ...]:
    """The tie-breaks of a format, as the catalogue names them."""
    return ("sonneborn_berger",) if format_ is Format.ROUND_ROBIN else ("buchholz", "median_buchholz")


def _tiebreaks(tournament: Tournament, mine: list[Pairing], user_id: str,
               points: Mapping[str, float]) -> tuple[float, ...]:
    met = []  # (the opponent's points, what the player scored against them), games played only
    for found in mine:
        color = found.color_of(user_id)
        if found.game_id is not None and found.result is not Result.ONGOING and color is not None:
            met.append((points.get(found.opponent(user_id) or "", 0.0), found.result.score(color)))
    if tournament.terms.format is Format.ROUND_ROBIN:
        return (sum(theirs * scored for theirs, scored in met),)
    theirs = sorted(score for score, _ in met)
    median = theirs[1:-1] if len(theirs) >= 3 else theirs
    return (sum(theirs), sum(median))


def standings(tournament: Tournament, pairings: Sequence[Pairing]) -> list[Line]:
    """The standings: points, then the format's tie-breaks, then the seed."""
    points = scores(tournament, pairings)
    lines = []
    for entrant in tournament.seeded:
        mine = [p for p in pairings if p.color_of(entrant.user_id) is not None]
        results = [score for p in mine if not p.bye and (score := _points(tournament, p, entrant.user_id))
                   is not None]
        playing = any(not p.finished for p in mine if p.round == tournament.round)
        lines.append(Line(0, entrant, points[entrant.user_id], len(results), results.count(1.0),
                          results.count(0.5), results.count(0.0),
                          _tiebreaks(tournament, mine, entrant.user_id, points), playing))
    lines.sort(key=lambda line: (-line.points, tuple(-value for value in line.tiebreaks), line.entrant.seed))
    placed: list[Line] = []
    for index, line in enumerate(lines):
        before = placed[-1] if placed else None
        same = before is not None and (before.points, before.tiebreaks) == (line.points, line.tiebreaks)
        placed.append(replace(line, place=before.place if same and before else index + 1))
    return placed
