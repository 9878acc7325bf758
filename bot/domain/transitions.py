"""Pure changes to a game: each returns the changed (unsaved) game, or raises `Refusal`."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from bot.domain.model import Claim, Ending, Game, Offer, Result, Status
from bot.domain.ratings import MIN_RATED_PLIES
from engine import Board, Color, Move


class Refusal(Exception):
    """A request the rules or the game's state do not allow: a message key and its values."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


class Note(enum.StrEnum):
    """Something a move did besides moving."""

    DRAW_DECLINED = "draw_declined_by_move"
    UNDO_DECLINED = "undo_declined_by_move"
    DRAW_OFFERED = "offered"


@dataclass(frozen=True)
class Moved:
    """A move played: the game after it, the mover, and what came with it."""

    game: Game
    move: Move
    mover: Color
    notes: tuple[Note, ...] = ()
    claim: Claim | None = None  # a draw claim that has just become possible


def seat(game: Game, user_id: str) -> Color:
    """The side the user plays in this active game; refuses spectators and finished games."""
    color = game.color_of(user_id)
    if color is None:
        raise Refusal("not_a_player", id=game.id)
    if not game.active:
        raise Refusal("game_finished", id=game.id)
    return color


def check_turn(game: Game, color: Color) -> None:
    """Refuses unless `color` is to move in the game."""
    if game.turn is not color:
        raise Refusal("not_your_turn", side=game.turn, name=game.player(game.turn).name, variant=game.variant)


def check_ply(game: Game, ply: int | None) -> None:
    """Refuses a choice made on a board of `ply` moves played when the game is no longer there (None:
    no board named)."""
    if ply is not None and len(game.moves) != ply:
        raise Refusal("board_moved_on", id=game.id)


def finish(game: Game, result: Result, ending: Ending, now: float) -> Game:
    """The game ended with `result`; short games are not rated."""
    return replace(game, status=Status.FINISHED, result=result, ending=ending, finished_at=now,
                        updated_at=now, rated=game.rated and len(game.moves) >= MIN_RATED_PLIES,
                        offer=None, offer_by=None, claim_noted=None)


def play(game: Game, after: Board, move: Move, *, offer_draw: bool, now: float,
         claim_draw: bool = False) -> Moved:
    """`move`, already pushed on `after`, recorded in the game; ends the game if the engine says so.
    With `claim_draw` the mover claims the draw the move makes (English: the same position for the
    third time, or the 40-move rule), and the game ends drawn; refused when the move makes none."""
    mover = game.turn
    notes: list[Note] = []
    declined = game.offer_to(mover)
    if declined is Offer.DRAW:
        notes.append(Note.DRAW_DECLINED)
    elif declined is Offer.UNDO:
        notes.append(Note.UNDO_DECLINED)
    moved = replace(game, moves=(*game.moves, str(move)), fen=after.fen(), turn=after.turn, updated_at=now,
                         reminded=0, offer=None, offer_by=None)
    outcome = after.outcome()
    if outcome is not None:
        result = Result.DRAW if outcome.winner is None else Result.win(outcome.winner)
        return Moved(finish(moved, result, Ending(str(outcome.reason)), now), move, mover, tuple(notes))
    claim = claimable(after)
    if claim_draw:
        if claim is None:
            raise Refusal("claim_move_nothing", move=str(move))
        ending = Ending.CLAIM_THREEFOLD if claim is Claim.THREEFOLD else Ending.CLAIM_FORTY_MOVES
        return Moved(finish(moved, Result.DRAW, ending, now), move, mover, tuple(notes), claim)
    fresh = claim if claim is not game.claim_noted else None
    moved = replace(moved, claim_noted=claim)
    if offer_draw:
        moved = replace(moved, offer=Offer.DRAW, offer_by=mover)
        notes.append(Note.DRAW_OFFERED)
    return Moved(moved, move, mover, tuple(notes), fresh)


def claimable(board: Board) -> Claim | None:
    """The draw the player to move may claim now (English), if any."""
    kind = board.claimable_draw()
    return Claim(kind) if kind else None


def strike(game: Game, color: Color, now: float) -> Game:
    """An illegal move attempt under the tournament option: the second one loses the game."""
    white, black = game.strikes
    strikes = (white + 1, black) if color is Color.WHITE else (white, black + 1)
    struck = replace(game, strikes=strikes)
    if struck.strikes_of(color) >= 2:
        return finish(struck, Result.win(color.other), Ending.ILLEGAL_MOVES, now)
    return struck


def resign(game: Game, color: Color, now: float) -> Game:
    return finish(game, Result.win(color.other), Ending.RESIGN, now)


def agree_draw(game: Game, now: float) -> Game:
    return finish(game, Result.DRAW, Ending.AGREEMENT, now)


def offer_draw(game: Game, color: Color, *, any_turn: bool = False) -> Game:
    """`color` offers a draw after their own move (an offer stands until answered); with `any_turn`
    (the built-in opponent, which answers at once) on their own turn as well."""
    if game.offer is not None:
        raise Refusal("offer_pending")
    if not any_turn and (game.turn is color or not game.moves):
        raise Refusal("draw_after_own_move")
    return replace(game, offer=Offer.DRAW, offer_by=color)


def accept_draw(game: Game, color: Color, now: float) -> Game:
    if game.offer is not Offer.DRAW:
        raise Refusal("no_draw_offer")
    if game.offer_by is color:
        raise Refusal("own_offer")
    return agree_draw(game, now)


def decline(game: Game, color: Color, kind: Offer) -> Game:
    """`color` declines the opponent's standing offer of `kind`."""
    if game.offer is not kind:
        raise Refusal("no_draw_offer" if kind is Offer.DRAW else "no_undo_request")
    if game.offer_by is color:
        raise Refusal("own_offer")
    return replace(game, offer=None, offer_by=None)


def request_undo(game: Game, color: Color) -> Game:
    """`color` asks to take back their last move (only right after making it; never in a tournament)."""
    if game.tournament_id is not None:
        raise Refusal("tournament_no_undo", id=game.id)
    if game.offer is not None:
        raise Refusal("offer_pending")
    if game.turn is color or not game.moves:
        raise Refusal("undo_not_possible")
    return replace(game, offer=Offer.UNDO, offer_by=color)


def check_undo_accept(game: Game, color: Color) -> None:
    """Refuses unless the opponent of `color` has asked to take back a move."""
    if game.offer is not Offer.UNDO:
        raise Refusal("no_undo_request")
    if game.offer_by is color:
        raise Refusal("own_offer")


def take_back(game: Game, after: Board, plies: int, now: float) -> Game:
    """The last `plies` moves taken back; `after` is the board with them popped."""
    return replace(game, moves=game.moves[: len(game.moves) - plies], fen=after.fen(), turn=after.turn,
                        offer=None, offer_by=None, updated_at=now, claim_noted=claimable(after), reminded=0)


def bot_take_back(game: Game, color: Color) -> None:
    """Against the bot, a player may take back their last move (and the bot's reply) on their turn."""
    if game.turn is not color or len(game.moves) < 2:
        raise Refusal("undo_not_possible")


def claim(game: Game, color: Color, board: Board, now: float, abandon_after: float) -> Game:
    """A draw claim (English) or the win after `abandon_after` seconds of the opponent's silence (not in
    a tournament game, which its clock ends: `bot.flows.rounds`)."""
    kind = claimable(board)
    if kind is not None:
        ending = Ending.CLAIM_THREEFOLD if kind is Claim.THREEFOLD else Ending.CLAIM_FORTY_MOVES
        return finish(game, Result.DRAW, ending, now)
    waiting = game.turn is not color and game.tournament_id is None
    silent = now - game.updated_at
    if waiting and silent >= abandon_after:
        return finish(game, Result.win(color), Ending.ABANDON, now)
    raise Refusal("claim_nothing", automatic_draws=board.variant.automatic_draws, waiting=waiting,
                  name=game.player(color.other).name, hours=abandon_after / 3600, since=silent / 3600)
