"""How tournaments read in messages: the terms, the players, a round's boards, the standings (a table
in text), the notices the director posts, and all of a tournament's games as one PDN file."""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain import ballots
from bot.domain.model import Game, Person, Result
from bot.domain.tournaments import Line, Pairing, Stage, Tournament, tiebreak_names
from bot.flows.tournament_news import (
    LostOnTime,
    MoveDue,
    Paired,
    RoundGame,
    RoundPaired,
    TournamentEnded,
    TournamentNews,
)
from bot.flows.tournaments import Cancelled, Left, View
from bot.presentation import catalogue, game_text
from bot.presentation.messages import Action, Attachment, Button, Kind, Reply
from bot.presentation.replies import Presenter
from bot.workers import Workers
from engine import Board, Color

NAME_WIDTH = 16  # a name's characters in the standings table
COLUMNS = ("place", "player", "points", "games", "score")


def points(value: float) -> str:
    """Points as a table shows them: "2", "1½", "½".

    >>> points(2.0), points(1.5), points(0.5), points(0.0)
    ('2', '1½', '½', '0')
    """
    whole, half = divmod(round(value * 2), 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def terms(lang: str, tournament: Tournament) -> str:
    """"Swiss, 3 rounds, English checkers, 3 days a move"."""
    found = tournament.terms
    kind = "double" if found.double else found.format.value
    key = "tournament-terms-rounds" if tournament.rounds else "tournament-terms"
    return catalogue.say(lang, key, format=catalogue.say(lang, f"tournament-format-{kind}"),
                         rounds=tournament.rounds, variant=catalogue.variant_title(lang, found.variant),
                         days=found.days)


def _title(lang: str, tournament: Tournament) -> str:
    return catalogue.say(lang, "tournament-title", id=tournament.id, terms=terms(lang, tournament))


def _names(tournament: Tournament) -> dict[str, str]:
    return {entrant.user_id: entrant.name for entrant in tournament.players}


def _join_button(lang: str, tournament: Tournament) -> Button:
    return Button.press(Action.JOIN_TOURNAMENT, tournament.id, catalogue.say(lang, "btn-tournament-join"),
                        "success")


def _standings_button(lang: str, tournament: Tournament) -> Button:
    return Button.press(Action.TOURNAMENT_STANDINGS, tournament.id,
                        catalogue.say(lang, "btn-tournament-standings"))


def _players(lang: str, tournament: Tournament) -> str:
    shown = ", ".join(e.name for e in tournament.seeded) or catalogue.say(lang, "tournament-nobody")
    return catalogue.say(lang, "tournament-players", count=len(tournament.players), names=shown)


def opened(lang: str, tournament: Tournament) -> Reply:
    """A tournament just opened: its terms, its players, how to join and start, and the Join button."""
    word = catalogue.command_name(lang, "tournament")
    lines = [catalogue.say(lang, "tournament-opened", name=tournament.organiser.name,
                           title=_title(lang, tournament)),
             _players(lang, tournament),
             catalogue.say(lang, "tournament-how-to-join", join=f"{word} {_sub(lang, 'join')}",
                           start=f"{word} {_sub(lang, 'start')}", name=tournament.organiser.name)]
    return Reply("\n".join(lines), buttons=(_join_button(lang, tournament),), kind=Kind.INFO)


def _sub(lang: str, sub: str) -> str:
    return catalogue.words(lang, f"words-tournament-{sub}")[0]


def joined(lang: str, tournament: Tournament, name: str) -> Reply:
    lines = [catalogue.say(lang, "tournament-joined", name=name, id=tournament.id),
             _players(lang, tournament)]
    return Reply("\n".join(lines), buttons=(_join_button(lang, tournament),), kind=Kind.INFO)


async def left(presenter: Presenter, lang: str, gone: Left) -> list[Reply]:
    """A player off a tournament; during play, with the game their withdrawal lost."""
    key = "tournament-withdrew" if gone.withdrawn else "tournament-left"
    lines = [catalogue.say(lang, key, name=gone.player.name, id=gone.tournament.id)]
    if not gone.withdrawn:
        lines.append(_players(lang, gone.tournament))
    replies = [Reply("\n".join(lines), kind=Kind.INFO)]
    if gone.forfeited is not None:
        lost = gone.forfeited
        replies.append(await presenter.ended(lang, lost.game, lost.board, ratings=lost.ratings))
    return replies


def cancelled(lang: str, done: Cancelled) -> Reply:
    lines = [catalogue.say(lang, "tournament-cancelled", id=done.tournament.id)]
    if done.ended:
        lines.append(catalogue.say(lang, "tournament-cancelled-games",
                                   games=", ".join(f"#{game.id}" for game in done.ended)))
    return Reply("\n".join(lines), kind=Kind.INFO)


def _board_line(lang: str, names: dict[str, str], board: Pairing, games: dict[int, Game]) -> str:
    """One board: "1. ann - bob: game #12, in play" (or its result, a bye, a forfeit)."""
    white = names.get(board.white, board.white)
    if board.black is None:
        return catalogue.say(lang, "tournament-board-bye", board=board.board, name=white)
    black = names.get(board.black, board.black)
    game = games.get(board.game_id) if board.game_id is not None else None
    if board.game_id is None:
        state = catalogue.say(lang, "tournament-state-forfeit", score=_score(board))
    elif not board.finished:
        state = catalogue.say(lang, "tournament-state-playing", id=board.game_id,
                              name=names.get(_to_move(game), "?") if game else "?")
    else:
        state = catalogue.say(lang, "tournament-state-over", id=board.game_id, score=_score(board))
    return catalogue.say(lang, "tournament-board", board=board.board, white=white, black=black, state=state)


def _to_move(game: Game | None) -> str:
    return game.player(game.turn).user_id if game is not None else ""


def _score(board: Pairing) -> str:
    """A board's result, White's points first: "1-0", "½-½", "0-1" ("*" for none)."""
    if board.result.winner is None:
        return "½-½" if board.result is Result.DRAW else "*"
    return "1-0" if board.result.winner is Color.WHITE else "0-1"


def tiebreak(value: float) -> str:
    """A tie-break as the table shows it.

    >>> tiebreak(2.75), tiebreak(3.0), tiebreak(0.5)
    ('2.75', '3', '0.5')
    """
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _round_lines(lang: str, tournament: Tournament, number: int, boards: Sequence[Pairing],
                 games: dict[int, Game]) -> list[str]:
    names = _names(tournament)
    mine = [board for board in boards if board.round == number]
    lines = [catalogue.say(lang, "tournament-round", round=number, rounds=tournament.rounds)]
    ballot = next((board.ballot for board in mine if board.ballot is not None), None)
    if ballot is not None:
        found = ballots.ballot(ballot)
        lines.append(catalogue.say(lang, "tournament-ballot", number=found.number, moves=found.text))
    lines += [_board_line(lang, names, board, games) for board in mine]
    return lines


def round_paired(lang: str, paired: Paired) -> Reply:
    """A round just paired: its boards, and the ballot every game of it starts from."""
    tournament = paired.tournament
    games = {game.id: game for game in paired.games}
    lines = [_title(lang, tournament), *_round_lines(lang, tournament, paired.number, paired.boards, games)]
    if paired.games:
        lines.append(catalogue.say(lang, "tournament-days-note", days=tournament.terms.days))
    people = tuple(Person(e.user_id, e.name) for e in tournament.playing)
    return Reply("\n".join(lines), buttons=(_standings_button(lang, tournament),), mentions=people,
                 kind=Kind.INFO)


def status(lang: str, shown: View, games: Sequence[Game] = ()) -> Reply:
    """`tournament`: the terms and the stage; the players before the start, the current round's boards
    during play, the winner once it is over."""
    tournament = shown.tournament
    lines = [_title(lang, tournament), catalogue.say(lang, f"tournament-stage-{tournament.stage.value}",
                                                     organiser=tournament.organiser.name)]
    buttons: tuple[Button, ...] = ()
    if tournament.stage is Stage.OPEN:
        lines.append(_players(lang, tournament))
        buttons = (_join_button(lang, tournament),)
    elif tournament.round:
        by_id = {game.id: game for game in games}
        lines += _round_lines(lang, tournament, tournament.round, shown.pairings, by_id)
        waiting = [line.entrant.name for line in shown.lines if line.playing]
        if waiting and tournament.stage is Stage.RUNNING:
            lines.append(catalogue.say(lang, "tournament-to-play", names=", ".join(waiting)))
        if tournament.stage is Stage.FINISHED and shown.lines:
            lines.append(_winner(lang, shown.lines))
        buttons = (_standings_button(lang, tournament),)
    return Reply("\n".join(lines), buttons=buttons, kind=Kind.INFO)


def _winner(lang: str, lines: Sequence[Line]) -> str:
    winners = [line.entrant.name for line in lines if line.place == 1]
    key = "tournament-winner" if len(winners) == 1 else "tournament-winners"
    return catalogue.say(lang, key, names=", ".join(winners), points=points(lines[0].points))


def table_rows(lang: str, tournament: Tournament, lines: Sequence[Line]) -> tuple[tuple[str, ...], ...]:
    """The standings' cells, the header first: place, player, points, games, wins-draws-losses, the
    tie-breaks."""
    names = tiebreak_names(tournament.terms.format)
    breaks = [catalogue.say(lang, f"tournament-tiebreak-{name}") for name in names]
    head = [catalogue.say(lang, f"tournament-col-{name}") for name in COLUMNS]
    rows = [tuple(head + breaks)]
    for line in lines:
        name = line.entrant.name[:NAME_WIDTH] + (" †" if line.entrant.withdrawn else "")
        score = f"{line.wins}-{line.draws}-{line.losses}"
        rows.append((str(line.place), name, points(line.points), str(line.played), score,
                     *(tiebreak(value) for value in line.tiebreaks)))
    return tuple(rows)


def table(lang: str, tournament: Tournament, lines: Sequence[Line]) -> str:
    """The standings as a fixed-width table (`table_rows`)."""
    rows = table_rows(lang, tournament, lines)
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(width) if column == 1 else cell.rjust(width)
                               for column, (cell, width) in enumerate(zip(row, widths, strict=True))).rstrip()
                     for row in rows)


async def _picture(workers: Workers, lang: str, tournament: Tournament,
                   lines: Sequence[Line]) -> Attachment | None:
    """The standings as a picture (None if it could not be drawn)."""
    data = await workers.table_png(table_rows(lang, tournament, lines), title=_title(lang, tournament),
                                   variant=tournament.terms.variant)
    return Attachment(data, "standings.png") if data else None


async def standings(workers: Workers, lang: str, shown: View) -> Reply:
    """`tournament standings`: the table (in text, and as a picture), the round it stands after, who
    still has to play."""
    tournament = shown.tournament
    lines = [_title(lang, tournament)]
    if tournament.round:
        key = "tournament-standings-in" if tournament.stage is Stage.RUNNING else "tournament-standings-final"
        lines.append(catalogue.say(lang, key, round=tournament.round, rounds=tournament.rounds))
    lines.append(f"```\n{table(lang, tournament, shown.lines)}\n```")
    waiting = [line.entrant.name for line in shown.lines if line.playing]
    if waiting and tournament.stage is Stage.RUNNING:
        lines.append(catalogue.say(lang, "tournament-to-play", names=", ".join(waiting)))
    if any(line.entrant.withdrawn for line in shown.lines):
        lines.append(catalogue.say(lang, "tournament-withdrawn-mark"))
    lines.append(catalogue.say(lang, f"tournament-tiebreaks-{tournament.terms.format.value}"))
    if tournament.stage is Stage.FINISHED and shown.lines:
        lines.append(_winner(lang, shown.lines))
    return Reply("\n".join(lines), attachment=await _picture(workers, lang, tournament, shown.lines),
                 title=_title(lang, tournament), kind=Kind.LEADERBOARD)


def pdn_file(lang: str, tournament: Tournament, games: Sequence[tuple[Game, Board, dict[str, str]]]) -> Reply:
    """`tournament pdn`: every game of the tournament in one PDN text."""
    if not games:
        return Reply(catalogue.say(lang, "tournament-pdn-none", id=tournament.id), private=True,
                     kind=Kind.ERROR)
    text = "\n\n".join(game_text.pdn_text(game, board, event=tags) for game, board, tags in games)
    head = catalogue.say(lang, "tournament-pdn", id=tournament.id, count=len(games))
    return Reply(f"{head}\n```\n{text}\n```", kind=Kind.PDN)


# -- what the director says ---------------------------------------------------------------------------


async def news(presenter: Presenter, lang: str, item: TournamentNews, *, reads_typed: bool) -> Reply:
    """A tournament notice as a reply for its channel."""
    if isinstance(item, RoundPaired):
        return round_paired(lang, item.paired)
    if isinstance(item, RoundGame):
        game = item.game
        reply = await presenter.started(lang, game, item.board, reads_typed=reads_typed)
        head = catalogue.say(lang, "tournament-game", id=item.tournament.id, round=item.tournament.round)
        return Reply(f"{head}\n{reply.text}", attachment=reply.attachment, buttons=reply.buttons,
                     title=reply.title, fields=reply.fields, mentions=reply.mentions, kind=reply.kind,
                     game_id=reply.game_id, board_text=reply.board_text, ply=reply.ply)
    if isinstance(item, MoveDue):
        game = item.game
        text = catalogue.say(lang, "tournament-move-due", name=game.player(game.turn).name, id=game.id,
                             time=game_text.duration(lang, item.seconds_left, "in"))
        return Reply(text, mentions=game_text.mention(game, game.turn), kind=Kind.REMINDER, game_id=game.id)
    if isinstance(item, LostOnTime):
        return await presenter.ended(lang, item.game, item.board, ratings=item.ratings)
    return await ended(presenter.workers, lang, item)


async def ended(workers: Workers, lang: str, item: TournamentEnded) -> Reply:
    """The end: the winner, and the final standings."""
    tournament = item.tournament
    lines = [catalogue.say(lang, "tournament-over", id=tournament.id), _winner(lang, item.lines)
             if item.lines else "", f"```\n{table(lang, tournament, item.lines)}\n```",
             catalogue.say(lang, f"tournament-tiebreaks-{tournament.terms.format.value}")]
    people = tuple(Person(e.user_id, e.name) for e in tournament.players)
    return Reply("\n".join(line for line in lines if line), mentions=people, kind=Kind.LEADERBOARD,
                 attachment=await _picture(workers, lang, tournament, item.lines),
                 title=_title(lang, tournament))

