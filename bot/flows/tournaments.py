"""Tournament commands: open one, join, leave (or withdraw during play), start, cancel, and what they
show: the current tournament with its boards and standings, and its games in PDN.

A channel has one open or running tournament at a time; its organiser is its first player (and may
leave, to only organise). The organiser or a manager of the channel starts and cancels it. A player who
leaves during play withdraws: their game in progress is lost, they are paired no more (in a round robin
their later opponents win by forfeit). A cancelled tournament's games in progress end with no result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from bot.domain import ballots, transitions
from bot.domain.model import Ending, Game, Player, RatingChange, Result
from bot.domain.tournaments import (
    Line,
    NewTournament,
    Pairing,
    Stage,
    Terms,
    Tournament,
    check_join,
    check_leave,
    check_manage,
    checked,
    rounds_to_play,
    seeds,
    standings,
)
from bot.domain.transitions import Refusal
from bot.flows.desk import Asker, Desk
from bot.flows.rounds import Director, cancelled
from bot.flows.tournament_news import Paired
from bot.storage.repository import Repository, TournamentExists
from engine import Board, Color

Change = Callable[[Game, float], Game]

STARTS = 3  # tries at the start when players join or leave meanwhile


@dataclass(frozen=True)
class View:
    """A tournament as shown: with its boards so far and its standings."""

    tournament: Tournament
    pairings: tuple[Pairing, ...]
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Forfeited:
    """A game lost because its player withdrew (or ended by a cancellation)."""

    game: Game
    board: Board
    ratings: tuple[RatingChange, ...] = ()


@dataclass(frozen=True)
class Left:
    """A player off a tournament: before the start (`withdrawn` False) or during play, with the game
    they lost by it."""

    tournament: Tournament
    player: Player
    withdrawn: bool
    forfeited: Forfeited | None = None


@dataclass(frozen=True)
class Cancelled:
    tournament: Tournament
    ended: tuple[Game, ...]


async def open_tournament(desk: Desk, asker: Asker, organiser: Player, terms: Terms) -> Tournament:
    """A new tournament in the asker's channel, its organiser its first player."""
    terms = checked(terms)
    repository = desk.repository
    try:
        new = NewTournament(asker.platform, asker.channel, organiser, terms, desk.clock())
        made = await repository.create_tournament(new)
    except TournamentExists as exists:
        raise Refusal("tournament_exists", id=exists.tournament_id) from None
    await repository.join_tournament(made.id, organiser, desk.clock())
    return await _read(repository, made.id)


async def _read(repository: Repository, tournament_id: int) -> Tournament:
    found = await repository.get_tournament(tournament_id)
    if found is None:
        raise Refusal("tournament_none")
    return found


async def current(desk: Desk, asker: Asker, tournament_id: int | None = None) -> Tournament:
    """The tournament named (it must be of the asker's channel), else the channel's current one, else
    the one it had last; refuses when there is none."""
    repository = desk.repository
    if tournament_id is not None:
        found = await repository.get_tournament(tournament_id)
        if found is None or (found.platform, found.channel_id) != (asker.platform, asker.channel):
            raise Refusal("tournament_none")
        return found
    here = await repository.current_tournament(asker.platform, asker.channel)
    if here is None:
        raise Refusal("tournament_none")
    return here


async def join(desk: Desk, asker: Asker, player: Player, tournament_id: int | None = None) -> Tournament:
    """The player joins the channel's open tournament (or the one a Join button names)."""
    found = await current(desk, asker, tournament_id)
    check_join(found, player.user_id)
    if not await desk.repository.join_tournament(found.id, player, desk.clock()):
        check_join(await _read(desk.repository, found.id), player.user_id)  # it changed: say how
        raise Refusal("conflict")
    return await _read(desk.repository, found.id)


async def leave(desk: Desk, asker: Asker, player: Player) -> Left:
    """The player leaves the channel's tournament: taken off before the start, withdrawn during play
    (their game in progress lost)."""
    found = await current(desk, asker)
    check_leave(found, player.user_id)
    if not await desk.repository.leave_tournament(found.id, player.user_id, desk.clock()):
        raise Refusal("conflict")
    after = await _read(desk.repository, found.id)
    if found.stage is Stage.OPEN:
        return Left(after, player, withdrawn=False)
    playing = [game for game in await desk.repository.tournament_games(found.id)
               if game.active and game.color_of(player.user_id) is not None]
    forfeited = None
    for game in playing:
        color = game.color_of(player.user_id)
        assert color is not None
        forfeited = await _end(desk, game, _withdrawal(color))
    return Left(after, player, withdrawn=True, forfeited=forfeited)


def _withdrawal(color: Color) -> Change:
    """A game lost by `color`'s withdrawal."""
    def change(game: Game, now: float) -> Game:
        return transitions.finish(game, Result.win(color.other), Ending.WITHDRAWN, now)

    return change


async def _end(desk: Desk, found: Game, change: Change) -> Forfeited | None:
    """End a tournament game by `change(game, now)` under its lock (None if it was over already)."""
    async with desk.lock(found.id):
        game = desk.latest(found)
        if not game.active:
            return None
        board = desk.board(game)
        saved = await desk.save(game, change(game, desk.clock()), board)
    return Forfeited(saved.game, board, saved.ratings)


async def start(desk: Desk, director: Director, asker: Asker, *, manager: bool) -> Paired:
    """Start the channel's open tournament (its organiser, or a manager of the channel): the players
    seeded by their rating here in its variant, round 1 paired and its games started."""
    repository = desk.repository
    for _ in range(STARTS):
        found = await current(desk, asker)
        check_manage(found, asker.user_id, manager, "tournament_not_organiser")
        rounds = rounds_to_play(found)
        ratings = {}
        for entrant in found.players:
            standing = await repository.rating(asker.platform, asker.channel, entrant.user_id,
                                               found.terms.variant)
            ratings[entrant.user_id] = standing.rating if standing is not None else 0.0
        seeded = seeds(found, ratings)
        paired = await director.pair(replace(found, players=seeded), [], 1, seeds=seeded, rounds=rounds)
        if paired is not None:
            return paired
    raise Refusal("conflict")


async def cancel(desk: Desk, asker: Asker, *, manager: bool) -> Cancelled:
    """Cancel the channel's current tournament (its organiser, or a manager): its games in progress end
    with no result."""
    found = await current(desk, asker)
    if not found.current:
        raise Refusal("tournament_none")
    check_manage(found, asker.user_id, manager, "tournament_not_organiser")
    if not await desk.repository.end_tournament(found.id, Stage.CANCELLED, desk.clock()):
        raise Refusal("conflict")
    ended = []
    for game in await desk.repository.tournament_games(found.id):
        if game.active and (done := await _end(desk, game, cancelled)) is not None:
            ended.append(done.game)
    return Cancelled(await _read(desk.repository, found.id), tuple(ended))


async def view(desk: Desk, asker: Asker, tournament_id: int | None = None) -> View:
    """The channel's tournament with its boards and standings."""
    found = await current(desk, asker, tournament_id)
    pairings = await desk.repository.tournament_pairings(found.id)
    return View(found, tuple(pairings), tuple(standings(found, pairings)))


def pdn_tags(tournament: Tournament, pairings: Sequence[Pairing], game: Game) -> dict[str, str]:
    """The PDN tags a tournament game carries: the event, its round and (English) its ballot."""
    tags = {"Event": f"Tammi tournament {tournament.id}"}
    board = next((p for p in pairings if p.game_id == game.id), None)
    if board is not None:
        tags["Round"] = str(board.round)
        if board.ballot is not None:
            found = ballots.ballot(board.ballot)
            tags["Ballot"] = f"{found.number:03d}"
            tags["Opening"] = found.text
    return tags


async def game_tags(repository: Repository, game: Game) -> dict[str, str]:
    """`pdn_tags` of a game, if it is a tournament's (none otherwise)."""
    if game.tournament_id is None:
        return {}
    found = await repository.get_tournament(game.tournament_id)
    if found is None:
        return {}
    return pdn_tags(found, await repository.tournament_pairings(found.id), game)


async def games(desk: Desk, asker: Asker, tournament_id: int | None = None) -> tuple[View, list[Game]]:
    """The tournament and every game it has started, for one PDN file."""
    shown = await view(desk, asker, tournament_id)
    return shown, await desk.repository.tournament_games(shown.tournament.id)
