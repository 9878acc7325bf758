"""Small helpers over stored game records: who plays which side, whose turn it is, how a game ends."""

from __future__ import annotations

from typing import Any

from bot.domain.ratings import MIN_RATED_PLIES
from bot.storage import GameRecord
from engine import Color, get_variant

BOT_ID = "bot:tammi"
BOT_NAME = "Tammi"


def colour_key(color: Color) -> str:
    """The colour as stored ("white"/"black")."""
    return "white" if color is Color.WHITE else "black"


def colour_of(key: str | None) -> Color | None:
    """A stored colour back as a `Color` (None if unset)."""
    return {"white": Color.WHITE, "black": Color.BLACK}.get(key or "")


def turn_of(game: GameRecord) -> Color:
    """The side to move in a stored game (the FEN's first letter)."""
    return Color(game.fen.split(":", 1)[0].strip().upper()[:1])


def offer_to(game: GameRecord, color: Color | None) -> str | None:
    """The offer ("draw" or "undo") the opponent of `color` made and `color` may answer, or None."""
    if color is None or game.offer_by != colour_key(color.other):
        return None
    return game.offer


def player_color(game: GameRecord, user_id: str) -> Color | None:
    """The side the user plays in the game, or None for a spectator."""
    if user_id == game.white_id:
        return Color.WHITE
    if user_id == game.black_id:
        return Color.BLACK
    return None


def player_id(game: GameRecord, color: Color) -> str:
    """The user id playing `color`."""
    return game.white_id if color is Color.WHITE else game.black_id


def player_name(game: GameRecord, color: Color) -> str:
    """The display name of the player of `color`."""
    return game.white_name if color is Color.WHITE else game.black_name


def is_bot(user_id: str) -> bool:
    """Whether the id is the built-in opponent's."""
    return user_id == BOT_ID


def variant_name(text: str) -> str | None:
    """The variant a word names, or None."""
    try:
        return get_variant(text).name
    except (ValueError, KeyError, TypeError):
        return None


def finish(game: GameRecord, result: str, reason: str, now: float, **changes: Any) -> GameRecord:
    """The game record ended with `result` (not yet saved)."""
    return game.replace(status="finished", result=result, reason=reason, finished_at=now,
                        rated=game.rated and len(game.moves) >= MIN_RATED_PLIES, offer=None,
                        offer_by=None, **changes)


def win(color: Color) -> str:
    """The result when `color` wins."""
    return "1-0" if color is Color.WHITE else "0-1"
